//! The search agent and the agent names: determinism for a seed, legal moves only, no move
//! for a finished game or the wrong side, typed errors for bad names, and human-like setups.

use stratego_core::agents::{Agent, AgentKind, AgentKindError, HeuristicAgent, SearchAgent, SetupModel};
use stratego_core::arena::Arena;
use stratego_core::{Edition, Game, Player, Rank, Rules, Setup};

/// A mid-game position of `edition` with `plies` random plies played.
fn mid_game(edition: Edition, seed: u64, plies: u32) -> Game {
    let mut game = Game::random(Rules::edition(edition), seed);
    game.playout(seed, plies);
    game
}

#[test]
fn search_is_a_pure_function_of_its_seed_and_plays_legal_moves() {
    for (k, edition) in
        [Edition::Isf, Edition::Barrage, Edition::Duel, Edition::UltimateLightning].into_iter().enumerate()
    {
        for seed in 0..4u64 {
            let game = mid_game(edition, seed * 7 + k as u64, 40 + seed as u32 * 10);
            if game.is_over() {
                continue;
            }
            let view = game.view(game.to_move());
            let a = SearchAgent::new(seed, 60).choose(&view);
            let b = SearchAgent::new(seed, 60).choose(&view);
            assert_eq!(a, b, "{edition:?} seed {seed}: two agents with one seed disagree");
            assert!(a.is_some_and(|m| view.is_legal(m)), "{edition:?} seed {seed}: {a:?} is not legal");
        }
    }
}

#[test]
fn search_plays_whole_games_with_legal_moves() {
    let arena = Arena::new(Rules::edition(Edition::Barrage)).games(2).seed(11).max_plies(200).workers(1);
    let result = arena.play(&AgentKind::Search { budget: 20 }, &AgentKind::Heuristic);
    assert!(result.games.iter().all(|g| g.forfeit.is_none()), "an agent gave no legal move");
    for g in &result.games {
        assert!(Game::from_record(&g.record).is_ok(), "game {} does not replay", g.index);
    }
}

#[test]
fn no_move_for_a_finished_game_or_the_side_not_to_move() {
    let game = mid_game(Edition::Isf, 3, 10);
    let waiting = game.view(game.to_move().opponent());
    assert_eq!(SearchAgent::new(1, 10).choose(&waiting), None);
    assert_eq!(HeuristicAgent::new(1).choose(&waiting), None);
    let mut over = game.clone();
    over.resign(Player::Red);
    for p in Player::ALL {
        assert_eq!(SearchAgent::new(1, 10).choose(&over.view(p)), None);
    }
}

#[test]
fn agent_names_parse_and_bad_ones_are_typed_errors() {
    assert_eq!(
        "search".parse::<AgentKind>(),
        Ok(AgentKind::Search { budget: stratego_core::agents::DEFAULT_SEARCH_BUDGET })
    );
    assert_eq!("search:2000".parse::<AgentKind>(), Ok(AgentKind::Search { budget: 2000 }));
    assert_eq!("search:1000000000".parse::<AgentKind>(), Ok(AgentKind::Search { budget: 1_000_000_000 }));
    for kind in ["random", "heuristic", "sampling:7", "search:9"] {
        assert_eq!(kind.parse::<AgentKind>().unwrap().to_string(), kind);
    }
    for bad in ["minimax", "search:", "Search", "random:3", ""] {
        assert!(
            matches!(
                bad.parse::<AgentKind>(),
                Err(AgentKindError::UnknownName(_)) | Err(AgentKindError::BadBudget { .. })
            ),
            "{bad:?}"
        );
    }
    assert!(matches!("minimax".parse::<AgentKind>(), Err(AgentKindError::UnknownName(_))));
    for bad in ["search:0", "search:-1", "search:1000000001", "search:99999999999", "search:x", "sampling:0"] {
        let err = bad.parse::<AgentKind>().unwrap_err();
        assert!(matches!(err, AgentKindError::BadBudget { .. }), "{bad:?}: {err:?}");
        assert!(err.to_string().contains("budget"), "{bad:?}: {err}");
    }
}

#[test]
fn human_like_setups_are_valid_and_a_pure_function_of_the_seed() {
    for edition in Edition::ALL {
        let rules = Rules::edition(edition);
        for seed in 0..20 {
            for player in Player::ALL {
                let setup = Setup::human_like(&rules, player, seed);
                assert_eq!(setup.validate(&rules), Ok(()), "{edition:?} {player:?} seed {seed}");
                assert_eq!(setup, Setup::human_like(&rules, player, seed));
            }
        }
    }
}

#[test]
fn the_rule_based_sampler_puts_the_flag_on_the_back_row_with_bombs_beside_it() {
    let rules = Rules::edition(Edition::Duel);
    let model = SetupModel::new(&rules);
    assert!(!model.is_human());
    for seed in 0..20 {
        let setup = model.sample(Player::Red, seed);
        let flag = setup.pieces().iter().find(|p| p.1 == Rank::Flag).expect("a flag").0;
        assert_eq!(flag.row(), 0, "seed {seed}: the Flag is not on Red's back row");
        let bombs_beside = setup
            .pieces()
            .iter()
            .filter(|p| p.1 == Rank::Bomb && p.0.col().abs_diff(flag.col()) + p.0.row().abs_diff(flag.row()) == 1)
            .count();
        assert!(bombs_beside >= 1, "seed {seed}: no Bomb next to the Flag");
    }
}

#[test]
fn human_data_gives_the_flag_the_back_rows_far_more_often_than_the_front() {
    // Human players almost never put the Flag on the front row; a uniform draw does a tenth
    // of the time. The model must keep that structure (counts over 200 fixed seeds).
    let rules = Rules::edition(Edition::Isf);
    assert!(SetupModel::new(&rules).is_human());
    let mut back = 0;
    let mut front = 0;
    for seed in 0..200 {
        let setup = Setup::human_like(&rules, Player::Blue, seed);
        let flag = setup.pieces().iter().find(|p| p.1 == Rank::Flag).unwrap().0;
        match flag.row() {
            9 | 8 => back += 1,
            6 => front += 1,
            _ => {}
        }
    }
    assert!(back > 10 * front.max(1), "back {back}, front {front}");
}

#[test]
fn agents_choose_their_setups_in_the_arena() {
    let rules = Rules::edition(Edition::Isf);
    let arena = Arena::new(rules.clone()).games(8).seed(5).max_plies(4).workers(1);
    let result = arena.play(&AgentKind::Heuristic, &AgentKind::Random);
    for g in &result.games {
        let stratego_core::Start::Setups { red, blue } = &g.record.start else { panic!("a match starts from setups") };
        let text = if g.a_player == Player::Red { red } else { blue };
        // Setup texts list the front row first: the heuristic keeps its Flag on the back two.
        let flag = text.find('M').expect("a Flag");
        assert!(flag >= 20, "game {}: the heuristic's Flag at text position {flag}", g.index);
    }
    // The random agent takes the drawn setups, which are the pair's for both games.
    assert_eq!(stratego_core::agents::RandomAgent::new(1).setup(&rules, Player::Red), None);
    assert!(HeuristicAgent::new(1).setup(&rules, Player::Red).is_some_and(|s| s.validate(&rules).is_ok()));
    assert!(SearchAgent::new(1, 5).setup(&rules, Player::Blue).is_some_and(|s| s.validate(&rules).is_ok()));
}

/// Whether `setup`'s Spy has an open file ahead of it, up to the far edge: no lake, no own
/// piece.
fn spy_on_open_file(rules: &Rules, setup: &Setup) -> bool {
    let spy = setup.pieces().iter().find(|p| p.1 == Rank::Spy).expect("a Spy").0;
    let ahead: Vec<u8> = match setup.player() {
        Player::Red => (spy.row() + 1..rules.height()).collect(),
        Player::Blue => (0..spy.row()).rev().collect(),
    };
    ahead.into_iter().all(|row| {
        let sq = stratego_core::Square::new(spy.col(), row);
        !rules.is_lake(sq) && !setup.pieces().iter().any(|p| p.0 == sq)
    })
}

#[test]
fn search_sets_up_its_spy_out_of_an_enemy_scouts_first_run() {
    // With eight pieces in forty squares, human-like Barrage setups often leave the Spy on an
    // open file, where an enemy Scout takes it with its first run; the search's never do.
    let rules = Rules::edition(Edition::Barrage);
    let mut open_in_human_setups = 0;
    for seed in 0..60 {
        for player in Player::ALL {
            open_in_human_setups += spy_on_open_file(&rules, &Setup::human_like(&rules, player, seed)) as u32;
            let setup = SearchAgent::new(seed, 5).setup(&rules, player).expect("a setup");
            assert_eq!(setup.validate(&rules), Ok(()), "seed {seed} {player:?}");
            assert!(!spy_on_open_file(&rules, &setup), "seed {seed} {player:?}: the Spy on an open file");
        }
    }
    assert!(open_in_human_setups > 10, "only {open_in_human_setups} human-like setups leave the Spy open");
}

/// Whether `setup`'s Flag stands in a corner of its back row with a Bomb beside it.
fn flag_in_bombed_corner(rules: &Rules, setup: &Setup) -> bool {
    let square_of = |rank: Rank| setup.pieces().iter().filter(move |p| p.1 == rank).map(|p| p.0);
    let flag = square_of(Rank::Flag).next().expect("a Flag");
    let back_row = if setup.player() == Player::Red { 0 } else { rules.height() - 1 };
    let corner = flag.row() == back_row && (flag.col() == 0 || flag.col() == rules.width() - 1);
    // A corner has two neighbours: both hold Bombs where the army has two or more.
    let beside = square_of(Rank::Bomb).filter(|b| flag.col().abs_diff(b.col()) + flag.row().abs_diff(b.row()) == 1);
    corner && beside.count() >= rules.army_count(Rank::Bomb).min(2) as usize
}

#[test]
fn search_sets_up_its_flag_in_a_back_corner_with_bombs_beside_it() {
    // With one Bomb (Barrage) one square beside the Flag is left to defend, with more none.
    // Human-like setups do this a quarter of the time in Barrage and a seventh in classic
    // editions; the search's always do.
    for edition in [Edition::Barrage, Edition::Isf, Edition::Classic] {
        let rules = Rules::edition(edition);
        let mut elsewhere_in_human_setups = 0;
        for seed in 0..40 {
            for player in Player::ALL {
                let human = Setup::human_like(&rules, player, seed);
                elsewhere_in_human_setups += !flag_in_bombed_corner(&rules, &human) as u32;
                let setup = SearchAgent::new(seed, 5).setup(&rules, player).expect("a setup");
                assert_eq!(setup.validate(&rules), Ok(()), "{edition:?} seed {seed} {player:?}");
                assert!(flag_in_bombed_corner(&rules, &setup), "{edition:?} seed {seed} {player:?}: {setup:?}");
            }
        }
        assert!(elsewhere_in_human_setups > 20, "{edition:?}: {elsewhere_in_human_setups} of 80 human-like setups");
    }
}

#[test]
fn search_sends_a_defender_to_the_square_a_digging_miner_would_take_the_flag_from() {
    // The Red Flag on g1 is boxed in by Bombs (f1, g2, h1). A revealed Blue Miner on j1 digs
    // through h1 in two moves and takes the Flag with the third. Only the Sergeant on g3 can
    // stop it in time: g3-h3, then h2, from where it takes the Miner on h1.
    let rules = Rules::edition(Edition::Isf);
    let g = crate::common::game(
        &rules,
        &crate::common::pieces(
            "Red Flag g1, Red Bomb f1, Red Bomb g2, Red Bomb h1, Red Sergeant g3, Red Colonel b2, \
             Blue revealed Miner j1, Blue Captain e8, Blue Major a9, Blue Bomb i10, Blue Flag j10",
        ),
        Player::Red,
    );
    let view = g.view(Player::Red);
    for seed in 0..8 {
        let mv = SearchAgent::new(seed, 200).choose(&view).expect("a move");
        assert_eq!(mv.to_string(), "g3-h3", "seed {seed}");
    }
}

#[test]
fn search_keeps_a_piece_that_never_moved_still_while_a_moved_one_can_go() {
    // Two Red Sergeants can advance a row, far from every enemy piece: b4 has never moved,
    // i4 has (i3-i4). To Blue an unmoved piece may be a Bomb or the Flag, so the search
    // keeps b4 still. Without the first-move cost the two advances tie, b4-b5 comes first
    // in move order, and the search plays it for seed 0.
    let rules = Rules::edition(Edition::Isf);
    let mut g = crate::common::game(
        &rules,
        &crate::common::pieces("Red Flag a1, Red Sergeant b4, Red Sergeant i3, Blue Sergeant a10, Blue Flag j10"),
        Player::Red,
    );
    crate::common::play_all(&mut g, &["i3-i4", "a10-b10"]);
    let view = g.view(Player::Red);
    for seed in 0..8 {
        let mv = SearchAgent::new(seed, 100).choose(&view).expect("a move");
        assert_ne!(mv.from.to_string(), "b4", "seed {seed}: {mv}");
    }
}

/// Red's moves and Blue's of an arena game (the search as Red against `sampling:256`, ISF),
/// up to two plies before Blue's Miner took Red's Flag.
const DIGGER_GAME: &str = "\
     i4-i7 a7-a4 e4-e7 b7-b6 a4-a5 b8-b7 a3-a4 a8-a7 i3-i5 i7-i6 i5-i3 a7-a6 a5-b5 i6-j6 i3-i8 j6-j5 \
     i2-i9 j5-j4 h2-i2 j4-j3 b5-b6 b7-b6 a4-a5 b6-b5 a5-a6 b5-b4 a6-b6 j7-j6 i2-i3 j6-i6 i3-i4 e7-e6 \
     b6-a6 j8-i8 b4-b5 i6-i5 i4-i5 j9-j8 b5-b4 f7-f6 a6-b6 f6-f5 i5-i6 j8-j7 j2-j3 f8-f7 j3-j4 f7-f6 \
     j4-j5 e6-e5 b6-b5 e5-e4 b5-b6 e4-e3 d3-e3 f5-f4 g4-f4 f6-f5 f4-g4 f5-f4 g4-f4 j10-j9 b4-b5 g8-f8 \
     d2-d3 f8-f4 f3-f4 e8-f8 f4-f3 e9-e5 e3-e4 e5-e6 j5-j6 j9-j8 j6-j7 f8-f7 e4-e3 g9-g8 b6-b7 e6-e4 \
     b5-b6 e4-h4 b7-b8 b9-b8 b6-b7 c7-b7 b8-b7 j8-j7 i6-i7 i8-j8 i7-i8 i9-j9 i8-j8 j9-i9 j8-j7 a9-b9 \
     f3-f4 h7-i7 f4-f5 f7-f6 e3-f3 f6-f5 e2-d2 i7-i1 e1-e10 f5-e5 d3-e3 e5-e4 e3-e2 e4-d4 f3-f4 h8-h7 \
     e2-e3 d8-e8 e3-e4 d7-c7 b7-c7 g7-f7 b3-b4 g8-g7 j1-j2 h9-h8 b4-b5 e8-e7 b5-b6 d9-d8 b6-b7 i9-h9 \
     e4-e5 e7-e6 g3-f3 e6-e5 b7-b8 b9-b8 b8-c8 e5-e4 f4-f5 e4-f4 f5-f6 f4-f3 f6-f7 f3-f2 g2-i2 f2-f1 \
     i2-i10 g7-g8 f7-f8 g8-g9 d2-d3 c9-b9 c7-d7 d8-d9 d7-d8 d9-c9 d8-d9 i10-i9 d9-d10 g9-g7 f8-f9 \
     g7-a7 j2-i2 a7-a3 i2-i3 a3-c3 i3-i2 i9-i8 i2-i3 i8-i7 i3-i4 g10-g9 d3-d2 g9-g8 i4-i5 g8-g7 d2-d3 \
     g7-f7 h4-i4 f7-f6 i5-i6 i7-i8 d3-e3 f6-f5 i4-i5 f5-e5 d1-d2 h9-i9 d2-d3 e5-e4 e3-e4 h10-h9 d3-e3 \
     e4-e3 e3-e4 i8-j8 i6-i7 h8-i8 i7-h7 i8-i7 h7-i7 h9-h10 i5-i6 j8-i8 e4-f4 i8-h8 i6-i7 i9-i8 i7-h7 \
     h8-g8 c3-d3 i8-h8 h7-g7 g8-f8 d3-e3 h8-h7 g7-f7 f8-e8 f7-f8 e8-e7 f8-f7 e7-d7 f7-e7 d7-c7 e7-d7 \
     c7-b7 c4-b4 b7-b6 b4-b5 b6-b7 b5-b6 b7-b8 d7-d8 h10-h9 e3-f3 h7-g7 c2-c3 g7-f7 b6-b7 b8-a8 b7-a7 \
     a8-b8 a7-a8 b8-a8 c1-c2 h9-h8 d8-d9 f7-f8 a8-a9 b9-b8 d9-c9 f8-e8 c9-c10 e8-d8 a9-a10 b8-b7 \
     c2-e2 b7-b6 e2-e9 d8-d9 c3-c4 d9-e9 f3-e3 h8-h7 e3-e4 e9-e8 f4-f5 e8-e7 e4-e5 e7-f7 f5-f6 b6-b5 \
     e5-e6 f7-g7 f6-f7 g7-f7 e6-f6 b5-a5 f6-f7 a5-a4 f7-g7 a4-a3 g7-h7 a3-a2 \
";

#[test]
fn search_stops_a_miner_that_dug_next_to_its_flag_in_an_arena_game() {
    // Blue's Miner dug through the Bomb on a2 and stands between Red's Flag (a1), which never
    // moved, and Red's Miner (b2), which did. The heuristic as shipped would take the Miner on
    // b2, and the search, modelling the enemy by it, counted on that and moved its General;
    // `sampling:256` took the Flag. The search now trades its Miner for the digger.
    let rules = Rules::edition(Edition::Isf);
    let setup = |player, text| Setup::parse(&rules, player, text).expect("a setup");
    let red = setup(Player::Red, "FGGBDEJGDFLHKICHDGDHBEEEFEDJDFMBDIDBIBBH");
    let blue = setup(Player::Blue, "GHDCGGDKFDIDGDJILBFHFIHDBDEEDFJEEHEBBBMB");
    let mut game = Game::new(rules.clone(), red, blue).expect("legal setups");
    crate::common::play_all(&mut game, &DIGGER_GAME.split_whitespace().collect::<Vec<_>>());
    let view = game.view(Player::Red);
    assert_eq!(view.enemy_at("a2".parse().unwrap()).and_then(|e| e.rank), Some(Rank::Miner));
    for seed in 0..4 {
        let mv = SearchAgent::new(seed, 600).choose(&view).expect("a move");
        assert_eq!(mv.to_string(), "b2-a2", "seed {seed}");
    }
}
