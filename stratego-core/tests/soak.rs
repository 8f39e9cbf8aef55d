//! Soak: random games in every edition, round after round, checking after every step that
//! pieces are conserved (board + captured = army), that an illegal attempt changes nothing, and
//! that an outcome once set never changes; and, with a counting allocator, that the bytes still
//! allocated after each round come back to what they were after the first (no growth).
//!
//! `STRATEGO_SOAK_ROUNDS` sets the number of rounds (default 2, for the ordinary test run);
//! `scripts/soak.sh` runs it longer in an optimised build.

use stratego_core::{Edition, Game, Move, Player, Rules, Square};

#[path = "support/live_bytes.rs"]
mod live_bytes;
use live_bytes::live_bytes;

fn rounds() -> u64 {
    std::env::var("STRATEGO_SOAK_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2)
}

/// Pieces on the board plus pieces captured, per rank index, for `player`.
fn pieces_and_captured(game: &Game, player: Player) -> Vec<u32> {
    let rules = game.rules();
    let mut counts = vec![0u32; game.army(player).len()];
    for row in 0..rules.height() {
        for col in 0..rules.width() {
            let square = Square::try_new(col, row).expect("a square of the board");
            if let Some(piece) = game.piece_at(square) {
                if piece.owner == player {
                    counts[piece.rank.index()] += 1;
                }
            }
        }
    }
    for rank in game.captured(player) {
        counts[rank.index()] += 1;
    }
    counts
}

/// xorshift: the soak's own pseudo-random stream, independent of the engine's.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// One random game of `edition`, checked at every step; returns the plies played.
fn soak_game(edition: Edition, seed: u64) -> u32 {
    let rules = Rules::edition(edition);
    let mut game = Game::random(rules.clone(), seed);
    let armies: Vec<Vec<u32>> =
        Player::ALL.iter().map(|&p| game.army(p).iter().map(|&n| u32::from(n)).collect()).collect();
    let mut state = seed | 1;
    let mut outcome = None;
    for _ in 0..5_000 {
        let moves = game.legal_moves();
        // An attempt that is illegal now must change nothing.
        let (w, h) = (u64::from(rules.width()), u64::from(rules.height()));
        let r = next(&mut state);
        let sq = |v: u64| Square::try_new((v % w) as u8, ((v / w) % h) as u8).expect("on the board");
        let attempt = Move::new(sq(r), sq(r >> 16));
        if !moves.contains(&attempt) {
            let before = (game.position_full(), game.ply(), game.history().len(), game.outcome());
            assert!(game.play(attempt).is_err(), "{edition:?}: {attempt} is not listed but plays");
            assert_eq!(before, (game.position_full(), game.ply(), game.history().len(), game.outcome()));
        }
        if let Some(o) = outcome {
            assert_eq!(game.outcome(), Some(o), "{edition:?}: an outcome changed");
            assert!(moves.is_empty(), "{edition:?}: moves listed after the end");
            break;
        }
        let mv = moves[(next(&mut state) % moves.len() as u64) as usize];
        game.play(mv).unwrap_or_else(|e| panic!("{edition:?}: listed move {mv} does not play: {e}"));
        for (i, &player) in Player::ALL.iter().enumerate() {
            assert_eq!(pieces_and_captured(&game, player), armies[i], "{edition:?}: pieces not conserved");
        }
        outcome = game.outcome();
    }
    game.ply()
}

#[test]
fn random_games_in_every_edition_keep_invariants_and_memory_flat() {
    let mut baseline = None;
    let mut plies = 0u64;
    for round in 0..rounds() {
        for (i, edition) in Edition::ALL.into_iter().enumerate() {
            plies += u64::from(soak_game(edition, round * 1000 + i as u64));
        }
        let live = live_bytes();
        match baseline {
            None => baseline = Some(live),
            Some(base) => assert!(
                live <= base + 4096,
                "round {round}: {live} bytes live, {base} after the first round: memory grows"
            ),
        }
    }
    println!("soak: {} rounds, {plies} plies, live bytes {:?} -> {}", rounds(), baseline, live_bytes());
}
