//! One long game: ISF has no ply cap, so a game can run for hundreds of thousands of plies.
//! Per-ply operations must not grow with it: views share the public history (no copy; the
//! moves since the last view join it once, when a view asks), undo takes back one move from
//! what it changed (no replay), and memory grows by a small constant per ply. At the end, everything the library writes for the game reads back to the same game.
//!
//! `STRATEGO_LONG_PLIES` sets the length (default 20,000; `scripts/soak.sh` runs it at 100,000 plies, with the full-history test, in an optimised build);
//! `cargo bench -p stratego-core --bench long_game` plays 1,000,000 plies and prints the figures.

use crate::common::seeded_game;
use crate::counting_alloc;

use counting_alloc::{allocated, allocations, live_bytes};
use stratego_core::gravon::{from_game, parse_xml, replay, to_xml};
use stratego_core::{Edition, Game, Move, Perspective, Player, PlayerView, Rules};

fn plies() -> u32 {
    std::env::var("STRATEGO_LONG_PLIES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}

/// xorshift64*: picks the moves.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize * n) >> 32
    }
}

/// Play `plies` random moves onto empty squares: nobody loses a piece, so the game goes on.
fn quiet_plies(game: &mut Game, rng: &mut Rng, moves: &mut Vec<Move>, plies: u32) {
    for _ in 0..plies {
        game.legal_moves_into(moves);
        moves.retain(|m| game.piece_at(m.to).is_none());
        assert!(!moves.is_empty(), "a quiet move exists at ply {}", game.ply());
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
}

#[test]
fn a_long_game_keeps_per_ply_costs_flat_and_reads_back_whole() {
    let plies = plies();
    let rules = Rules::edition(Edition::Isf);
    let mut game = seeded_game(&rules, 11, 12);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut moves = Vec::with_capacity(256);

    // Memory per ply, from the first 1,000 plies to the end (the history's reserve filled first).
    quiet_plies(&mut game, &mut rng, &mut moves, 1_000);
    drop(game.view(Player::Blue));
    let (early_view_bytes, early_view) = allocated(|| game.view(Player::Red));
    drop(early_view);
    let live_before = live_bytes();
    quiet_plies(&mut game, &mut rng, &mut moves, plies - 1_000);
    let per_ply = (live_bytes() - live_before) as f64 / f64::from(plies - 1_000);
    println!("long game: {plies} plies, {per_ply:.1} bytes per ply");
    assert!(!game.is_over() && game.history().len() == plies as usize);
    assert!(per_ply < 320.0, "memory grows by {per_ply:.1} bytes per ply");

    // A view at the end costs what one near the start did: it shares the history. The first
    // view after a stretch of play adds the moves since the last one to the shared public
    // history; views after it, at the same ply, add none.
    let (catch_up_bytes, catch_up) = allocated(|| game.view(Player::Red));
    let (late_view_bytes, view) = allocated(|| game.view(Player::Blue));
    assert!(catch_up_bytes >= late_view_bytes);
    assert_eq!(catch_up.history(), view.history());
    drop(catch_up);
    assert_eq!(late_view_bytes, early_view_bytes, "a view's allocations do not grow with the game");
    assert_eq!(view.history().len(), plies as usize);
    let public: Vec<_> = game.history().iter().filter_map(|r| r.public()).collect();
    assert_eq!(view.history(), &public[..]);

    // Undo touches no heap (a replay would), and undoing then replaying is exact.
    let before = game.clone();
    let taken: Vec<Move> = (0..10)
        .map(|_| {
            let (n, undone) = allocations(|| game.undo());
            assert_eq!(n, 0, "undo allocates nothing");
            undone.mv().expect("a move to take back")
        })
        .collect();
    assert_eq!(game.history().len(), plies as usize - 10);
    let mut short = Game::new(rules.clone(), before.origin_setups().unwrap().0, before.origin_setups().unwrap().1)
        .expect("the same setups");
    for r in game.history() {
        short.play_unchecked(r.mv);
    }
    assert_eq!(game.board(), short.board(), "undo gives the position a replay gives");
    for &mv in taken.iter().rev() {
        game.play(mv).expect("a move taken back is legal again");
    }
    assert_eq!(game, before);
    drop((short, view));

    // The encoders still agree with the rules.
    let view = game.view(game.to_move());
    let mut mask = vec![0u8; rules.num_actions()];
    let legal = view.legal_action_mask_into(&mut mask).expect("a mask of num_actions entries");
    assert_eq!(legal, game.legal_move_count());
    let mut planes = vec![0f32; rules.observation_shape().iter().product()];
    view.observation_into(&mut planes).expect("an observation buffer of the right size");

    // Everything written reads back to the same game.
    let json = serde_json::to_string(&game.record()).expect("a record serializes");
    stratego_core::limits::check_record_json(&json).expect("the record JSON is within its limit");
    let record = serde_json::from_str(&json).expect("the record JSON parses");
    assert_eq!(Game::from_record(&record).expect("the record replays"), game);
    let xml = to_xml(&from_game(&game, ["red", "blue"]).expect("ISF is a Gravon game"));
    let back = replay(&parse_xml(&xml).expect("the XML parses"), None).expect("the XML replays");
    assert_eq!(back.board(), game.board());
    let copy = Game::from_position(rules.clone(), &game.position_full()).expect("the full position reads back");
    assert_eq!(copy.board(), game.board());
    let view_json = serde_json::to_string(&view.to_record()).expect("a view record serializes");
    stratego_core::limits::check_view_json(&view_json).expect("the view JSON is within its limit");
    let view_back = PlayerView::from_record(&serde_json::from_str(&view_json).expect("the view JSON parses"))
        .expect("the view record reads back");
    assert_eq!(view_back, view);
}

/// The engine's one cap: a game whose history is full ends in a draw, so its record (which
/// holds at most `MAX_RECORD_PLIES` entries) still reads back.
#[test]
#[ignore = "plays 1,048,576 plies: scripts/soak.sh runs it in an optimised build"]
fn a_game_whose_history_is_full_ends_in_a_draw_and_reads_back() {
    use stratego_core::{IllegalReason, Outcome, Termination, MAX_RECORD_PLIES};
    let rules = Rules::edition(Edition::Isf);
    let mut game = seeded_game(&rules, 21, 22);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut moves = Vec::with_capacity(256);
    quiet_plies(&mut game, &mut rng, &mut moves, MAX_RECORD_PLIES as u32 - 1);
    assert!(!game.is_over(), "ISF has no cap of its own");
    let draw = Outcome { winner: None, termination: Termination::PlyCap };
    game.legal_moves_into(&mut moves);
    let last = *moves.iter().find(|m| game.piece_at(m.to).is_none()).expect("a quiet move");
    assert_eq!(game.play(last).expect("the last move plays").outcome, Some(draw));
    assert_eq!((game.outcome(), game.history().len()), (Some(draw), MAX_RECORD_PLIES));
    assert!(game.legal_moves().is_empty());
    let refused = game.play(last).unwrap_err();
    assert_eq!(refused.reason, IllegalReason::GameOver);
    assert_eq!(game.undo().mv(), Some(last));
    assert!(!game.is_over(), "undo takes the cap's draw back with the move");
    game.play(last).expect("and the move plays again");

    let json = serde_json::to_string(&game.record()).expect("a record serializes");
    stratego_core::limits::check_record_json(&json).expect("the longest record JSON is within its limit");
    let back = Game::from_record(&serde_json::from_str(&json).expect("the JSON parses")).expect("the record replays");
    assert_eq!(back.outcome(), Some(draw));
    assert!(back == game);
}
