//! How much a second thread speeds up a `VecEnv` step, measured so that a noisy machine does
//! not decide it: two VecEnvs alike but for their thread count take turns, one step each, on
//! the same actions (their games stay equal, which is checked), so a slow stretch of the
//! machine slows both. Prints the median step of each and the median of the per-pair ratios;
//! then each stepped back to back (a loop with nothing between its steps), in turn.
//!
//! ```text
//! cargo bench -p stratego-core --bench threads_ab                # n = 1024, 400 pairs
//! cargo bench -p stratego-core --bench threads_ab -- 1024 2000
//! ```

use std::time::Instant;

use stratego_core::{Edition, MaskKind, ObservationKind, Rules, VecEnv, VecEnvConfig};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<usize> =
        std::env::args().skip(1).filter(|a| a != "--bench").map(|a| a.parse().expect("numbers: n pairs")).collect();
    let n = args.first().copied().unwrap_or(1024);
    let pairs = args.get(1).copied().unwrap_or(400);
    let kinds = [
        ("byte board + bits", ObservationKind::BoardCodes, MaskKind::Bits),
        ("byte board + ids", ObservationKind::BoardCodes, MaskKind::Ids),
        ("float planes + byte mask", ObservationKind::Planes, MaskKind::Bytes),
    ];
    println!("n = {n}, {pairs} pairs of steps (1 thread, then 2), ISF");
    for (name, observation, mask) in kinds {
        let make = |threads| {
            let config = VecEnvConfig::default().with_observation(observation).with_mask(mask).with_threads(threads);
            VecEnv::with_config(Rules::edition(Edition::Isf), n, 1, config).expect("a valid config")
        };
        let mut envs = [make(1), make(2)];
        let mut buffers = [envs[0].buffers(), envs[1].buffers()];
        for (env, b) in envs.iter_mut().zip(&mut buffers) {
            env.reset(&mut b.outputs()).expect("buffers fit");
        }
        let (mut one, mut two, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
        for pair in 0..pairs + 20 {
            let actions = envs[0].random_actions(pair as u64);
            let mut took = [0.0; 2];
            for (k, (env, b)) in envs.iter_mut().zip(&mut buffers).enumerate() {
                let start = Instant::now();
                env.step(&actions, &mut b.outputs()).expect("random actions are legal");
                took[k] = start.elapsed().as_secs_f64() * 1e6;
            }
            assert!(buffers[0] == buffers[1], "the two VecEnvs must stay in step");
            // The first steps warm the pool and the caches.
            if pair >= 20 {
                one.push(took[0]);
                two.push(took[1]);
                ratio.push(took[0] / took[1]);
            }
        }
        let (one, two, ratio) = (median(one), median(two), median(ratio));
        println!(
            "{name}: 1 thread {one:.0} us, 2 threads {two:.0} us per step; speed-up {ratio:.2}x (median of pairs)"
        );
        // Each env stepped back to back, as a loop with no work between steps (the workers
        // never sleep), one block of steps after the other.
        let mut back = [Vec::new(), Vec::new()];
        for (took, (env, b)) in back.iter_mut().zip(envs.iter_mut().zip(&mut buffers)) {
            for k in 0..pairs {
                let actions = env.random_actions(k as u64 + 1_000_000);
                let start = Instant::now();
                env.step(&actions, &mut b.outputs()).expect("random actions are legal");
                took.push(start.elapsed().as_secs_f64() * 1e6);
            }
        }
        let [one, two] = back.map(median);
        println!("  back to back: 1 thread {one:.0} us, 2 threads {two:.0} us per step; {:.2}x", one / two);
    }
}
