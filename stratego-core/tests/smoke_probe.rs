use stratego_core::*;
#[test]
fn random_games_all_editions() {
    for e in Edition::ALL {
        let rules = Rules::edition(e);
        let mut total = 0;
        let mut ends = std::collections::BTreeMap::new();
        for seed in 0..200u64 {
            let mut g = Game::new(rules.clone(), Setup::random(&rules, Player::Red, seed), Setup::random(&rules, Player::Blue, seed + 1000)).unwrap();
            let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let mut buf = Vec::new();
            while g.outcome().is_none() && g.ply() < 20000 {
                g.legal_moves_into(&mut buf);
                assert!(!buf.is_empty(), "{e} seed {seed}: no moves but no outcome at ply {}", g.ply());
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                let mv = buf[(x % buf.len() as u64) as usize];
                assert!(g.is_legal(mv), "{e}: generated {mv} not legal: {:?}", g.check(mv));
                g.play_unchecked(mv);
            }
            total += g.ply();
            *ends.entry(format!("{:?}", g.outcome().map(|o| o.termination))).or_insert(0) += 1;
        }
        eprintln!("{e}: mean plies {} {:?}", total / 200, ends);
    }
}
