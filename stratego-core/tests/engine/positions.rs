//! Lossless positions and records: the full position text reads back to an equal board with
//! equal views, and plays on exactly as the original; every game (sampled worlds included)
//! replays from its record; the short form's Flag rule; and hand-written full texts that are
//! wrong are refused with the position of the problem.

use crate::common;

use common::Rng;
use common::*;
use proptest::prelude::*;
use stratego_core::{Edition, Game, Player, Rank, Record, Rules, RulesBuilder, Termination, Undone};

/// Every edition, plus free-army variants (players choose their army).
fn rules_under_test() -> Vec<Rules> {
    let mut all: Vec<Rules> = Edition::ALL.iter().map(|&e| Rules::edition(e)).collect();
    for e in [Edition::Barrage, Edition::Isf, Edition::Estrategia, Edition::UltimateLightning] {
        all.push(RulesBuilder::from_edition(e).free_army(true).build().unwrap());
    }
    all
}

fn any_rules() -> impl Strategy<Value = Rules> {
    let all = rules_under_test();
    (0..all.len()).prop_map(move |i| all[i].clone())
}

fn played(rules: &Rules, seed: u64, plies: usize) -> Game {
    let mut g = new_game(rules, seed);
    random_playout(&mut g, &mut Rng::new(seed ^ 0x5151), plies);
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// `from_position(position_full())` gives an equal board, equal views for both players and
    /// the same text; then both play on alike (same legal moves, same reports), which shows no
    /// rule state was lost, whatever the equality compares.
    #[test]
    fn full_positions_are_lossless(rules in any_rules(), seed in any::<u64>(), plies in 0usize..300) {
        let g = played(&rules, seed, plies);
        let text = g.position_full();
        let copy = Game::from_position(rules.clone(), &text).unwrap();
        prop_assert_eq!(copy.board(), g.board(), "{}", text);
        prop_assert_eq!(copy.board().hash(), g.board().hash());
        prop_assert_eq!(copy.position_full(), text.clone());
        for p in Player::ALL {
            prop_assert_eq!(copy.board().view(p), g.board().view(p));
            prop_assert_eq!(copy.captured(p), g.captured(p));
            prop_assert_eq!(copy.army(p), g.army(p));
        }
        let (mut a, mut b) = (g.board().clone(), copy.board().clone());
        let mut rng = Rng::new(seed);
        for _ in 0..60 {
            let moves = a.legal_moves();
            prop_assert_eq!(&moves, &b.legal_moves());
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            let before = a.hash();
            prop_assert_eq!(a.play(mv).unwrap(), b.play(mv).unwrap());
            prop_assert_eq!(&a, &b);
            prop_assert_eq!(a.hash(), b.hash());
            prop_assert_ne!(a.hash(), before, "a move changes the pieces, so the hash");
        }
    }

        /// Full texts with one field garbled, or a random field added, never panic: they load or are
    /// refused; and whatever loads, plays (a legal move plays, `hash` and `position_full` work).
    #[test]
    fn garbled_full_texts_load_or_are_refused(
        rules in any_rules(),
        seed in any::<u64>(),
        plies in 0usize..200,
        cut in any::<prop::sample::Index>(),
        name in prop::sample::select(vec!["quiet", "moved", "slid", "start", "lost", "run.r", "run.b", "chase.r", "chase.b", "chase.moves", "over", "odd"]),
        value in "[a-jA-Z0-9,:/x\\-]{0,14}",
    ) {
        let tail = format!("{name}={value}");
        let g = played(&rules, seed, plies);
        let text = g.position_full();
        let fields: Vec<&str> = text.split(' ').collect();
        let k = 3 + cut.index(fields.len() - 3);
        let mut garbled = fields.clone();
        garbled[k] = &tail;
        let extra = format!("{} {tail}", fields[..fields.len() - 1].join(" "));
        for t in [garbled.join(" "), extra] {
            if let Ok(mut h) = Game::from_position(rules.clone(), &t) {
                let _ = h.board().hash();
                let _ = h.position_full();
                if let Some(&mv) = h.legal_moves().first() {
                    h.play(mv).unwrap();
                }
            }
        }
    }

    /// Worlds sampled from a view mid-game replay from their own records, through JSON.
    #[test]
    fn sampled_worlds_replay_from_their_records(rules in any_rules(), seed in any::<u64>(), plies in 0usize..300, world in any::<u64>()) {
        let g = played(&rules, seed, plies);
        for viewer in Player::ALL {
            let mut w = g.view(viewer).sample_world(world);
            random_playout(&mut w, &mut Rng::new(world), 30);
            let json = serde_json::to_string(&w.record()).unwrap();
            let back: Record = serde_json::from_str(&json).unwrap();
            let replayed = Game::from_record(&back).unwrap();
            prop_assert_eq!(&replayed, &w);
            prop_assert_eq!(replayed.legal_moves(), w.legal_moves());
        }
    }

    /// `sample_board` draws the position `sample_world` does, for the same seed.
    #[test]
    fn sampled_boards_are_the_sampled_worlds_positions(rules in any_rules(), seed in any::<u64>(), plies in 0usize..300, world in any::<u64>()) {
        let g = played(&rules, seed, plies);
        for viewer in Player::ALL {
            let view = g.view(viewer);
            let board = view.sample_board(world);
            let game = view.sample_world(world);
            prop_assert_eq!(&board, game.board());
            prop_assert_eq!(board.position_full(), game.position_full());
            prop_assert_eq!(&view.sample_board(world), &board, "the draw is a function of the seed");
        }
    }

    /// A game loaded from a position (short or full) replays from its record.
    #[test]
    fn loaded_games_replay_from_their_records(rules in any_rules(), seed in any::<u64>(), plies in 0usize..200, full in any::<bool>()) {
        let g = played(&rules, seed, plies);
        let text = if full { g.position_full() } else { g.position() };
        let mut h = Game::from_position(rules.clone(), &text).unwrap();
        random_playout(&mut h, &mut Rng::new(seed), 40);
        let replayed = Game::from_record(&h.record()).unwrap();
        prop_assert_eq!(&replayed, &h);
    }
}

/// The hash ignores the ply counters, so a transposition reached at different plies (a piece
/// going out and back in Classic, which has no repetition rule) hashes alike while the boards,
/// whose plies differ, are not equal.
#[test]
fn transpositions_at_different_plies_share_a_hash() {
    let rules = Rules::edition(Edition::Classic);
    let mut g = game(&rules, &pieces("Red Sergeant e4, Red Flag a1, Blue Sergeant j9, Blue Flag j10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j9-j8"]);
    let first = g.board().clone();
    play_all(&mut g, &["e5-e6", "j8-j7", "e6-e5", "j7-j8"]);
    assert_ne!(g.board(), &first);
    assert_eq!(g.board().hash(), first.hash());
    // The side to move is part of the hash.
    let red_to_move = g.position_full();
    let blue_to_move = red_to_move.replacen(" r ", " b ", 1);
    let hash = |t: &str| Game::from_position(rules.clone(), t).unwrap().board().hash();
    assert_ne!(hash(&red_to_move), hash(&blue_to_move));
}

/// The issue's case: Estrategia worlds sampled after some play used to fail to replay with "a
/// piece may not return to its start square".
#[test]
fn forty_estrategia_worlds_replay() {
    let rules = Rules::edition(Edition::Estrategia);
    for seed in 0..40 {
        let g = played_game(&rules, seed, 60);
        let mut w = g.view(g.to_move()).sample_world(seed);
        random_playout(&mut w, &mut Rng::new(seed + 1), 20);
        let replayed = Game::from_record(&w.record()).unwrap_or_else(|e| panic!("world {seed}: {e}"));
        assert_eq!(replayed, w, "world {seed}");
    }
}

#[test]
fn the_full_form_of_a_fresh_position_adds_only_the_end_marker() {
    let rules = Rules::edition(Edition::Isf);
    let g = new_game(&rules, 3);
    assert_eq!(g.position_full(), format!("{} over=-", g.position()));
}

#[test]
fn the_full_form_names_moved_pieces_start_squares_and_the_run() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(&rules, &pieces("Red Scout e4, Red Flag a1, Blue Sergeant j10, Blue Flag a10"), Player::Red);
    play_all(&mut g, &["e4-e7", "j10-j9", "e7-e6"]);
    let text = g.position_full();
    let fields: Vec<&str> = text.split_whitespace().skip(3).collect();
    assert_eq!(
        fields,
        [
            "quiet=3",
            "moved=e6,j9",
            "slid=e6",
            "start=e6:e4,j9:j10",
            // e4-e7 crossed the borders 4|5, 5|6, 6|7; e7-e6 crossed 6|7 again.
            "run.r=e6/col/5:2",
            "run.b=j9/col/8:1",
            "chase.r=0/e7/e6",
            "chase.b=0/j10/j9",
            "over=-"
        ],
        "{text}"
    );
    // The short form forgets all of that: the Scout is back on its start square.
    let short = Game::from_position(rules.clone(), &g.position()).unwrap();
    assert_ne!(short.board(), g.board());
    assert_eq!(Game::from_position(rules, &text).unwrap().board(), g.board());
}

#[test]
fn a_chase_survives_the_full_form() {
    // The chase of rules_views.rs: the Major chasing the Captain may not recreate e2-f2.
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(&rules, &pieces("Red Major e2, Blue Captain f2, Red Flag a1, Blue Flag j10"), Player::Blue);
    play_all(&mut g, &["f2-f3", "e2-f2", "f3-e3", "f2-f3", "e3-e2", "f3-e3", "e2-f2", "e3-e2", "f2-f3"]);
    assert!(!g.is_legal(mv("e2-f2")));
    let text = g.position_full();
    assert!(text.contains(" chase.moves="), "{text}");
    let copy = Game::from_position(rules.clone(), &text).unwrap();
    assert!(!copy.is_legal(mv("e2-f2")), "{text}");
    assert_eq!(copy.legal_moves(), g.legal_moves());
    // Without the fields the chase is forgotten and the move is legal again.
    assert!(Game::from_position(rules, &g.position()).unwrap().is_legal(mv("e2-f2")));
}

#[test]
fn a_resigned_or_capped_game_stays_over() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = new_game(&rules, 5);
    g.resign(Player::Blue);
    let text = g.position_full();
    assert!(text.ends_with(" over=red/resigned"), "{text}");
    let copy = Game::from_position(rules, &text).unwrap();
    assert_eq!(copy.outcome(), g.outcome());
}

#[test]
fn a_side_without_its_flag_has_lost() {
    let rules = Rules::edition(Edition::Isf);
    let g = game(&rules, &pieces("Red Scout e4, Blue Flag j10, Blue Sergeant a10"), Player::Red);
    let o = g.outcome().expect("Red has lost its Flag");
    assert_eq!((o.winner, o.termination), (Some(Player::Blue), Termination::FlagCaptured));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.captured(Player::Red).iter().filter(|&&r| r == Rank::Flag).count(), 1);
    // With no Flag on either side the position is a movement exercise and plays on.
    let g = game(&rules, &pieces("Red Scout e4, Blue Sergeant a10"), Player::Red);
    assert_eq!(g.outcome(), None);
}

#[test]
fn resigning_then_undoing_takes_the_resignation_back() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = new_game(&rules, 9);
    let fresh = g.clone();
    g.resign(Player::Red);
    assert!(g.is_over());
    assert_eq!(g.undo(), Undone::Resignation);
    assert_eq!(g.outcome(), None);
    assert_eq!(g, fresh);
    // After some moves, the resignation goes with the last move.
    random_playout(&mut g, &mut Rng::new(9), 6);
    let before_last = {
        let mut b = g.clone();
        assert!(matches!(b.undo(), Undone::Move(_)));
        b
    };
    g.resign(Player::Blue);
    let last = g.history().last().unwrap().mv;
    assert_eq!(g.undo(), Undone::Move(last));
    assert_eq!(g, before_last);
}

#[test]
fn bad_full_texts_are_refused_where_they_are_wrong() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = game(&rules, &pieces("Red Scout e4, Red Flag a1, Blue Sergeant j10, Blue Flag a10"), Player::Red);
    play_all(&mut g, &["e4-e7"]);
    let base = g.position();
    let cases = [
        ("moved=e5", "e5", "no piece on e5"),
        ("start=e7:c5", "e7:c5", "lake"),
        ("start=e7:a1", "", "two pieces started on a1"),
        ("colour=red", "colour=red", "unknown field"),
        ("quiet=x", "x", "number"),
        ("over=red/bored", "bored", "unknown termination"),
        ("run.r=e7/up/1:1", "up", "axis"),
        ("run.r=e7/col/9:1", "9:1", "border 9"),
        ("chase.moves=e7-e8", "e7-e8", "from-to:start"),
        ("chase.moves=e7-z8:e4", "z8", "square"),
        ("lost=Z", "Z", "unexpected letter"),
    ];
    for (field, at, why) in cases {
        let text = format!("{base} {field}");
        let before = text.find(field).unwrap();
        let e = Game::from_position(rules.clone(), &text).expect_err(field);
        assert!(e.reason.contains(why), "{field}: {e}");
        if !at.is_empty() {
            assert_eq!(e.position, before + field.find(at).unwrap(), "{field}: {e}");
        }
    }
    // Classic has neither repetition rule: its texts may not carry their state.
    let classic = Rules::edition(Edition::Classic);
    let text = format!("{} run.r=e7/col/5:1", g.position());
    assert!(Game::from_position(classic, &text).unwrap_err().reason.contains("two-squares"));
}

#[test]
fn free_armies_keep_their_composition_and_losses() {
    let rules = RulesBuilder::from_edition(Edition::Barrage).free_army(true).build().unwrap();
    let g = played(&rules, 11, 80);
    let text = g.position_full();
    let copy = Game::from_position(rules.clone(), &text).unwrap();
    for p in Player::ALL {
        assert_eq!(copy.army(p), g.army(p), "{text}");
        assert_eq!(copy.captured(p), g.captured(p));
    }
}

#[test]
fn a_two_squares_run_survives_the_full_form() {
    let rules = Rules::edition(Edition::Isf); // at most 3 moves between the same two squares
    let mut g = game(&rules, &pieces("Red Sergeant e4, Red Flag a1, Blue Sergeant j9, Blue Flag j10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j9-j8", "e5-e4", "j8-j9", "e4-e5", "j9-j8"]);
    assert_eq!(g.check(mv("e5-e4")).unwrap_err().reason, stratego_core::IllegalReason::TwoSquareRule);
    let copy = Game::from_position(rules.clone(), &g.position_full()).unwrap();
    assert_eq!(copy.check(mv("e5-e4")).unwrap_err().reason, stratego_core::IllegalReason::TwoSquareRule);
    assert!(Game::from_position(rules, &g.position()).unwrap().is_legal(mv("e5-e4")), "the short form forgets the run");
}

#[test]
fn the_no_return_rule_survives_the_full_form() {
    let rules = Rules::edition(Edition::Estrategia);
    let mut g = game(&rules, &pieces("Red Sergeant e4, Red Flag a1, Blue Sergeant j9, Blue Flag j10"), Player::Red);
    play_all(&mut g, &["e4-e5", "j9-j8"]);
    assert_eq!(g.check(mv("e5-e4")).unwrap_err().reason, stratego_core::IllegalReason::NoReturn);
    let copy = Game::from_position(rules.clone(), &g.position_full()).unwrap();
    assert_eq!(copy.check(mv("e5-e4")).unwrap_err().reason, stratego_core::IllegalReason::NoReturn);
    assert!(
        Game::from_position(rules, &g.position()).unwrap().is_legal(mv("e5-e4")),
        "the short form forgets the start"
    );
}

#[test]
fn sampled_boards_differ_between_seeds_when_ranks_are_hidden() {
    let rules = Rules::edition(Edition::Isf);
    let game = played(&rules, 4, 0);
    let view = game.view(Player::Red);
    let first = view.sample_board(0);
    assert!((1..8).any(|seed| view.sample_board(seed) != first), "40 hidden enemy pieces drew one world for 8 seeds");
}
