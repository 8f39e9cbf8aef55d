//! `Rules::max_legal_actions`, the width of the padded legal-id rows: no position exceeds it,
//! in random games of every edition, in positions searched for many moves, and in the widest
//! rescue decision; and a `VecEnv` writing ids writes each mover's legal ids, sorted, padded
//! with -1.

use stratego_core::{Edition, Game, MaskKind, ObservationKind, Rules, VecEnv, VecEnvConfig};

use crate::counting_alloc;
use counting_alloc::{allocations, assert_steps_allocate_only_at_episode_ends};

/// A small generator for the searches (the core's own is private).
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn the_bound_is_derived_from_the_rules() {
    // ISF: 8 Scouts x 18 squares + 25 one-step pieces x 4.
    assert_eq!(Rules::edition(Edition::Isf).max_legal_actions(), 244);
    assert_eq!(Rules::edition(Edition::Classic).max_legal_actions(), 244);
    // Ultimate Lightning: its rescue decisions (11 ranks that can be lost x 40 squares + the
    // decline) outnumber its moves (4 Scouts x 18 + 2 Captains x 12 + 11 others x 4 = 140).
    assert_eq!(Rules::edition(Edition::UltimateLightning).max_legal_actions(), 441);
    // A rules change moves the bound: no Scouts that slide, then 8 x 4 instead of 8 x 18.
    let stepping =
        Rules::builder().movement(stratego_core::Rank::Scout, stratego_core::Movement::STEP).build().unwrap();
    assert_eq!(stepping.max_legal_actions(), 33 * 4);
    for edition in Edition::ALL {
        let rules = Rules::edition(edition);
        assert!(rules.max_legal_actions() > 0 && rules.max_legal_actions() < rules.num_actions(), "{edition:?}");
    }
}

#[test]
fn random_games_of_every_edition_stay_within_the_bound() {
    for edition in Edition::ALL {
        let rules = Rules::edition(edition);
        let bound = rules.max_legal_actions();
        let mut most = 0;
        for seed in 0..12 {
            let mut game = Game::random(rules.clone(), seed);
            let mut rng = Mix(seed);
            while !game.is_over() && game.ply() < 1500 {
                let n = game.legal_move_count();
                assert!(n <= bound, "{edition:?} seed {seed} ply {}: {n} legal moves > {bound}", game.ply());
                most = most.max(n);
                let mv = game.random_move(rng.next()).unwrap();
                game.play_unchecked(mv);
            }
        }
        println!("{edition:?}: at most {most} legal moves seen, bound {bound}");
        assert!(most > 0);
    }
}

/// The position text of `cells` (one Gravon letter per square, `A` empty, `_` lake), Red to move.
fn position(cells: &[u8], extra: &str) -> String {
    format!("{} r 0{extra}", String::from_utf8(cells.to_vec()).unwrap())
}

/// A hill climb over Red's piece placement: move one piece to a random empty square and keep
/// the change when Red's legal moves do not drop. It finds far wider positions than games do
/// (open files for every Scout), and checks every one it visits against the bound; returns the
/// most legal moves it reached.
fn climb(rules: &Rules, seed: u64, steps: usize) -> usize {
    let bound = rules.max_legal_actions();
    let s = rules.num_squares();
    let lake = |i: usize| rules.is_lake(stratego_core::Square::from_index(i, rules.width()));
    // Red's whole army stands on the board; Blue keeps only its Flag in a corner and a
    // Marshal beside it (with nothing to move, Blue would have lost already).
    let mut cells: Vec<u8> = (0..s).map(|i| if lake(i) { b'_' } else { b'A' }).collect();
    cells[s - 1] = b'Y';
    cells[s - 2] = b'X';
    let mut free: Vec<usize> = (0..s - 2).filter(|&i| !lake(i)).collect();
    let mut rng = Mix(seed);
    for rank in stratego_core::Rank::ALL {
        for _ in 0..rules.army_count(rank) {
            let k = rng.below(free.len());
            let sq = free.swap_remove(k);
            cells[sq] = b'B' + rank.gravon_offset();
        }
    }
    let count = |cells: &[u8]| Game::from_position(rules.clone(), &position(cells, "")).map(|g| g.legal_move_count());
    let mut best = count(&cells).unwrap_or(0);
    for _ in 0..steps {
        let pieces: Vec<usize> = (0..s).filter(|&i| (b'B'..=b'M').contains(&cells[i])).collect();
        let empty: Vec<usize> = (0..s - 2).filter(|&i| cells[i] == b'A').collect();
        if empty.is_empty() {
            break;
        }
        let (from, to) = (pieces[rng.below(pieces.len())], empty[rng.below(empty.len())]);
        let mut next = cells.clone();
        next.swap(from, to);
        // Some placements are no position of these rules: skip them.
        let Ok(n) = count(&next) else { continue };
        assert!(n <= bound, "{rules}: {n} legal moves > {bound} in {}", position(&next, ""));
        if n >= best {
            (best, cells) = (n, next);
        }
    }
    best
}

#[test]
fn positions_searched_for_many_moves_stay_within_the_bound() {
    for edition in Edition::ALL {
        let rules = Rules::edition(edition);
        let best = climb(&rules, edition as u64, 3000);
        println!("{edition:?}: the search reached {best} legal moves, bound {}", rules.max_legal_actions());
        assert!(best > 0);
    }
}

#[test]
fn the_widest_rescue_decision_meets_the_bound_exactly() {
    // A Red Sergeant has entered Blue's back row; every other Red piece but the Flag is lost
    // (the other Sergeant too, so all 11 ranks but the Flag's are) and Red's setup rows are
    // empty: 11 ranks on 40 squares, and the decline.
    let rules = Rules::edition(Edition::UltimateLightning);
    let mut cells: Vec<u8> =
        (0..100).map(|i| if rules.is_lake(stratego_core::Square::from_index(i, 10)) { b'_' } else { b'A' }).collect();
    cells[90] = b'F'; // Red Sergeant on a10
    cells[44] = b'M'; // Red Flag on e5, outside the setup rows
    cells[99] = b'Y'; // Blue Flag on j10
    cells[70] = b'N'; // a Blue Bomb on a8
    let text = format!("{} r 9 rescue=a10 over=-", String::from_utf8(cells).unwrap());
    let game = Game::from_position(rules.clone(), &text).unwrap();
    assert!(game.board().rescue_pending());
    assert_eq!(game.legal_move_count(), rules.max_legal_actions());
}

#[test]
fn a_vec_env_writes_the_sorted_legal_ids_padded_with_minus_one() {
    for edition in [Edition::Isf, Edition::UltimateLightning, Edition::Estrategia] {
        let rules = Rules::edition(edition);
        let config = VecEnvConfig::default()
            .with_observation(ObservationKind::BoardCodes)
            .with_mask(MaskKind::Ids)
            .with_max_plies(300);
        let mut env = VecEnv::with_config(rules.clone(), 4, 11, config).unwrap();
        let mut b = env.buffers();
        let l = env.mask_len();
        assert_eq!((l, b.legal_ids.len()), (rules.max_legal_actions(), 4 * l));
        env.reset(&mut b.outputs()).unwrap();
        for step in 0..400 {
            let mut actions = Vec::new();
            for i in 0..4 {
                let board = env.board(i).unwrap();
                let row = &b.legal_ids[i * l..][..l];
                let n = row.iter().take_while(|&&x| x >= 0).count();
                assert!(row[n..].iter().all(|&x| x == -1), "{edition:?}: padding is -1 to the end");
                let expected: Vec<i32> = board.legal_actions().iter().map(|&a| a as i32).collect();
                assert_eq!(row[..n], expected[..], "{edition:?} env {i} step {step}");
                assert!(row[..n].windows(2).all(|w| w[0] < w[1]), "ascending");
                // The policy's side of it: one draw over the row's legal prefix.
                actions.push(row[(step * 7 + i) % n] as usize);
            }
            env.step(&actions, &mut b.outputs()).unwrap();
        }
    }
}

#[test]
fn ids_and_the_byte_mask_name_the_same_actions() {
    let rules = Rules::edition(Edition::Isf);
    let base = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_max_plies(200);
    let mut ids = VecEnv::with_config(rules.clone(), 3, 5, base.with_mask(MaskKind::Ids)).unwrap();
    let mut bytes = VecEnv::with_config(rules.clone(), 3, 5, base).unwrap();
    let (mut a, mut b) = (ids.buffers(), bytes.buffers());
    ids.reset(&mut a.outputs()).unwrap();
    bytes.reset(&mut b.outputs()).unwrap();
    let (l, n) = (ids.mask_len(), rules.num_actions());
    for step in 0..250 {
        for i in 0..3 {
            let from_mask: Vec<i32> = (0..n).filter(|&id| b.mask_bytes[i * n + id] == 1).map(|id| id as i32).collect();
            let row: Vec<i32> = a.legal_ids[i * l..][..l].iter().copied().filter(|&x| x >= 0).collect();
            assert_eq!(row, from_mask, "step {step} env {i}");
        }
        let actions = ids.random_actions(step);
        ids.step(&actions, &mut a.outputs()).unwrap();
        bytes.step(&actions, &mut b.outputs()).unwrap();
        assert_eq!(a.rewards, b.rewards);
    }
}

#[test]
fn a_step_writing_ids_against_the_random_opponent_allocates_nothing_while_no_episode_ends() {
    let config = VecEnvConfig::default()
        .with_observation(ObservationKind::BoardCodes)
        .with_mask(MaskKind::Ids)
        .with_opponent(Some(stratego_core::agents::AgentKind::Random));
    let mut env = VecEnv::with_config(Rules::edition(Edition::Isf), 8, 0, config).unwrap();
    let mut b = env.buffers();
    env.reset(&mut b.outputs()).unwrap();
    // The counter is live here: a fresh id list allocates.
    assert!(allocations(|| env.board(0).unwrap().legal_actions()).0 >= 1);
    assert_steps_allocate_only_at_episode_ends(&mut env, &mut b, 200);
}

#[test]
fn random_rule_sets_stay_within_their_bound() {
    // The bound follows each rank's movement: mixes of steps, slides, two-square moves and
    // diagonals on boards of several sizes, with and without free placement and rescues.
    use stratego_core::{Movement, Rank, Reach};
    let reaches = [Reach::None, Reach::Step, Reach::Slide, Reach::TwoSteps];
    let mut rng = Mix(99);
    let mut built = 0;
    for case in 0..60 {
        let mut b = Rules::builder();
        if case % 3 == 1 {
            b = b.board(8, 8).setup_rows(3).army([1, 1, 4, 3, 3, 2, 2, 2, 1, 1, 1, 2]);
        }
        if case % 4 == 2 {
            b = b.free_placement(true);
        }
        if case % 5 == 3 {
            b = b.rescues(2);
        }
        for rank in Rank::ALL {
            if matches!(rank, Rank::Bomb | Rank::Flag) {
                continue;
            }
            let movement = Movement { orthogonal: reaches[rng.below(4)], diagonal: reaches[rng.below(4)] };
            if movement.is_mobile() {
                b = b.movement(rank, movement);
            }
        }
        let Ok(rules) = b.build() else { continue };
        built += 1;
        let bound = rules.max_legal_actions();
        if case % 6 == 0 {
            climb(&rules, case, 400);
        }
        for seed in 0..3 {
            let mut game = Game::random(rules.clone(), seed);
            while !game.is_over() && game.ply() < 400 {
                let n = game.legal_move_count();
                assert!(n <= bound, "{rules}: {n} legal moves > {bound} at ply {}", game.ply());
                game.play_unchecked(game.random_move(rng.next()).unwrap());
            }
        }
    }
    assert!(built >= 40, "only {built} of the random rule sets built");
}
