//! Bad input gives typed errors, never a panic, and leaves a game exactly as it was:
//! inconsistent builders (RulesError), malformed text (ParseError), illegal moves (IllegalMove),
//! wrong setups (SetupError), records that do not replay (RecordError).

use crate::common;

use common::*;
use stratego_core::{
    Constraint, Edition, Game, IllegalReason, Move, ParseError, Player, Rank, Record, RecordError, Rules, RulesError,
    Setup, SetupProblem, Square, Start, Undone,
};

#[test]
fn inconsistent_builders_give_rules_errors() {
    // Army bigger than the zone.
    let e = Rules::builder().army_count(Rank::Scout, 9).build().unwrap_err();
    assert_eq!(e, RulesError::ArmyTooLarge { pieces: 41, squares: 40, zone: "Red's setup zone" });
    // Lakes in the zone count against it.
    let e = Rules::builder().lakes([sq("a1")]).build().unwrap_err();
    assert_eq!(e, RulesError::ArmyTooLarge { pieces: 40, squares: 39, zone: "Red's setup zone" });
    assert_eq!(e.to_string(), "40 pieces do not fit the 39 free squares of Red's setup zone");
    // Zone larger than half the board, or empty.
    assert_eq!(Rules::builder().setup_rows(6).build().unwrap_err(), RulesError::ZoneSize { rows: 6, height: 10 });
    assert_eq!(Rules::builder().setup_rows(0).build().unwrap_err(), RulesError::ZoneSize { rows: 0, height: 10 });
    // A lake off the board.
    let e = Rules::builder().lakes([Square::new(10, 4)]).build().unwrap_err();
    assert_eq!(e, RulesError::LakeOffBoard(Square::new(10, 4)));
    // Named lakes stay through a change of board size, and then may fall off it.
    let standard: Vec<Square> = Rules::edition(Edition::Isf).lakes().collect();
    let e =
        Rules::builder().lakes(standard).board(7, 10).army([1, 1, 4, 2, 2, 2, 2, 1, 1, 1, 1, 4]).build().unwrap_err();
    assert!(matches!(e, RulesError::LakeOffBoard(s) if s.col() == 7), "h5 or h6 is off a 7-wide board: {e:?}");
    // A two-squares limit of zero.
    assert_eq!(Rules::builder().two_square(Some(0)).build().unwrap_err(), RulesError::TwoSquareLimitZero);
    // Boards too big or too small.
    let range = |setting, value| RulesError::OutOfRange { setting, value, min: 2, max: 16 };
    assert_eq!(Rules::builder().board(20, 20).build().unwrap_err(), range("width", 20));
    assert_eq!(Rules::builder().board(10, 17).build().unwrap_err(), range("height", 17));
    assert_eq!(Rules::builder().board(12, 12).build().unwrap_err(), RulesError::BoardSize { width: 12, height: 12 });
    assert_eq!(
        RulesError::BoardSize { width: 12, height: 12 }.to_string(),
        "board 12x12 has 144 squares, at most 128 are supported"
    );
    assert_eq!(Rules::builder().board(1, 10).build().unwrap_err(), range("width", 1));
    assert_eq!(Rules::builder().board(0, 0).build().unwrap_err(), range("width", 0));
    // No army at all.
    assert_eq!(Rules::builder().army([0; Rank::COUNT]).build().unwrap_err(), RulesError::EmptyArmy);
    // Placement constraints that the army cannot meet.
    let e = Rules::edition(Edition::Barrage)
        .to_builder()
        .constraint(Constraint::FlagInBackCorner)
        .constraint(Constraint::AroundFlag(Rank::Bomb))
        .build();
    assert_eq!(e, Err(RulesError::ConstraintCount { rank: Rank::Bomb, needed: 6, available: 1 }));
    let e = Rules::builder().constraint(Constraint::DiagonalToFlag(Rank::Marshal)).build();
    assert!(matches!(e, Err(RulesError::ConstraintNeedsRank { .. })), "a diagonal needs a corner Flag: {e:?}");
    // Each error has a message.
    for e in [RulesError::EmptyArmy, RulesError::TwoSquareLimitZero, RulesError::BoardSize { width: 20, height: 20 }] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn a_huge_zone_is_an_error_not_a_panic() {
    assert_eq!(Rules::builder().setup_rows(200).build().unwrap_err(), RulesError::ZoneSize { rows: 200, height: 10 });
    assert!("isf(setup_rows=200)".parse::<Rules>().is_err());
}

#[test]
fn a_repeated_constraint_does_not_break_random_setups() {
    let text = "estrategia(constraints=flag_corner.diagonal:Marshal.around:Bomb.around:Bomb)";
    if let Ok(rules) = text.parse::<Rules>() {
        let s = Setup::random(&rules, Player::Red, 1);
        assert_eq!(s.validate(&rules), Ok(()));
        assert_eq!(rules, Rules::edition(Edition::Estrategia), "a repeated constraint is the same constraint");
    }
}

#[test]
fn rules_that_build_have_a_valid_random_setup() {
    let rules = Rules::edition(Edition::Estrategia)
        .to_builder()
        .setup_rows(2)
        .army([1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 6])
        .build();
    if let Ok(rules) = rules {
        for p in Player::ALL {
            let s = Setup::random(&rules, p, 3);
            assert_eq!(s.validate(&rules), Ok(()), "{rules}: {p}");
        }
    }
}

fn parse_err<T: std::str::FromStr<Err = ParseError> + std::fmt::Debug>(text: &str, what: &str) -> ParseError {
    match text.parse::<T>() {
        Ok(v) => panic!("{text:?} parsed as {v:?}"),
        Err(e) => {
            assert_eq!(e.what, what, "{text:?}: {e}");
            assert_eq!(e.text, text);
            assert!(e.position <= text.len(), "{text:?}: position {}", e.position);
            assert!(!e.reason.is_empty());
            e
        }
    }
}

#[test]
fn malformed_rules_text() {
    for text in [
        "",
        "foo",
        "isf(",
        "isf)",
        "isf(two_square=5",
        "isf(two_square=5)x",
        "isf(two_square)",
        "isf(two_square=x)",
        "isf(two_square=-1)",
        "isf(two_square=300)",
        "isf(bogus=1)",
        "isf(,)",
        "isf(two_square=5,)",
        "isf((two_square=5))",
        "isf(chase=maybe)",
        "isf(army=Dragon:1)",
        "isf(army=Scout)",
        "isf(army=Scout:x)",
        "isf(lakes=z9)",
        "isf(lakes=c5.)",
        "isf(movement=Scout:fly/none)",
        "isf(movement=Scout:slide)",
        "isf(combat=Spy>Marshal:x)",
        "isf(combat=Spy-Marshal:a)",
        "isf(constraints=corner)",
        "isf(constraints=around:Dragon)",
        "isf(numbering=roman)",
        "isf(width=abc)",
        "isf(max_plies=1e9)",
        "é(two_square=5)",
        "isf(two_square=é)",
    ] {
        parse_err::<Rules>(text, "rules");
    }
    // Inconsistent settings are parse errors too, keeping the builder's RulesError as source.
    for text in [
        "isf(two_square=0)",
        "isf(width=20,height=20)",
        "isf(setup_rows=6)",
        "isf(lakes=k5)",
        "isf(army=Scout:41)",
        "isf(army=)",
    ] {
        let e = parse_err::<Rules>(text, "rules");
        assert!(e.source.is_some(), "{text}: {e}");
        assert!(e.position > 0, "{text}: points at the setting, not at byte 0");
    }
}

#[test]
fn malformed_squares_and_moves() {
    for text in ["", "a", "1", "a0", "q1", "a17", "a1x", "1a", "aa", "a-1", "a 1", "é1", "aé", "a+1", "a100"] {
        parse_err::<Square>(text, "square");
    }
    for text in ["", "a1", "a1a2", "a1-", "-a2", "a1-a2-a3", "a1--a2", "a1 - a2", "x1-a2", "a1-a0", "é-a1", "a1-é"] {
        parse_err::<Move>(text, "move");
    }
    assert!("a1-a2".parse::<Move>().is_ok());
}

#[test]
fn malformed_setups() {
    let rules = Rules::edition(Edition::Isf);
    let good = Setup::random(&rules, Player::Red, 1).to_text(&rules);
    let bad = [
        String::new(),
        good[..39].to_string(),
        format!("{good}B"),
        format!("Z{}", &good[1..]),
        format!("b{}", &good[1..]),
        format!("_{}", &good[1..]),
        format!("é{}", &good[1..]),
        format!("N{}", &good[1..]),
    ];
    for text in bad {
        for p in Player::ALL {
            let e = Setup::parse(&rules, p, &text).unwrap_err();
            assert_eq!(e.what, "setup", "{text:?}");
        }
    }
}

#[test]
fn malformed_positions() {
    let rules = Rules::edition(Edition::Isf);
    let good = position(&rules, &[("a1", 'M'), ("j10", 'Y'), ("e4", 'L'), ("e7", 'X')], Player::Red);
    assert!(Game::from_position(rules.clone(), &good).is_ok());
    let letters = good.split(' ').next().unwrap().to_string();
    let with = |i: usize, c: char| {
        let mut l: Vec<char> = letters.chars().collect();
        l[i] = c;
        l.into_iter().collect::<String>()
    };
    let bad = [
        String::new(),
        "r 0".to_string(),
        letters.clone(),
        format!("{} x 0", letters),
        format!("{} r x", letters),
        format!("{} r -1", letters),
        format!("{} r 0 extra", letters),
        format!("{} r 99999999999", letters),
        format!("{}A r 0", letters),
        format!("{} r 0", &letters[1..]),
        format!("{} r 0", with(0, 'Z')),
        format!("{} r 0", with(0, '_')),
        format!("{} r 0", with(42, 'A')),
        format!("{} r 0", with(42, 'B')),
        format!("{} r 0", with(5, 'é')),
    ];
    for text in bad {
        let e = Game::from_position(rules.clone(), &text).unwrap_err();
        assert_eq!(e.what, "position", "{text:?}");
        assert!(e.position <= text.len(), "{text:?}: {e}");
    }
    // Estrategia has no lakes: `_` is an error there.
    let est = Rules::edition(Edition::Estrategia);
    assert!(Game::from_position(est, &good).is_err());
}

#[test]
fn the_largest_ply_does_not_panic() {
    let rules = Rules::edition(Edition::Isf);
    let text = position(&rules, &pieces("Red Sergeant a1, Blue Sergeant j10"), Player::Red)
        .replace(" 0", &format!(" {}", u32::MAX));
    if let Ok(mut g) = Game::from_position(rules, &text) {
        let m = g.legal_moves()[0];
        let _ = g.play(m);
    }
}

/// `check` and `play` refuse `m` with `reason`, and the game is exactly as before.
fn refused(g: &mut Game, m: Move, reason: IllegalReason) {
    let before = g.clone();
    assert_eq!(g.check(m).unwrap_err().reason, reason, "{m}");
    assert!(!g.is_legal(m));
    let e = g.play(m).unwrap_err();
    assert_eq!((e.mv, e.reason), (m, reason));
    assert!(!e.to_string().is_empty());
    assert_eq!(*g, before, "{m} changed the game");
}

#[test]
fn illegal_moves_change_nothing() {
    let rules = Rules::edition(Edition::Isf);
    let mut g = played_game(&rules, 7, 30);
    assert!(!g.is_over());
    let me = g.to_move();
    let mine = rules.squares().find(|&s| g.piece_at(s).is_some_and(|p| p.owner == me && p.rank == Rank::Bomb)).unwrap();
    let theirs = rules.squares().find(|&s| g.piece_at(s).is_some_and(|p| p.owner != me)).unwrap();
    let empty = rules.squares().find(|&s| g.piece_at(s).is_none() && !rules.is_lake(s)).unwrap();
    // Off the board, both ends.
    refused(&mut g, Move::new(Square::new(10, 0), sq("a1")), IllegalReason::OffBoard);
    refused(&mut g, Move::new(sq("a1"), Square::new(0, 10)), IllegalReason::OffBoard);
    refused(&mut g, Move::new(Square::new(15, 15), Square::new(15, 14)), IllegalReason::OffBoard);
    // The opponent's piece, an empty square, an immovable piece.
    let next = Square::new(theirs.col(), if theirs.row() > 0 { theirs.row() - 1 } else { 1 });
    refused(&mut g, Move::new(theirs, next), IllegalReason::NotYourPiece);
    refused(&mut g, Move::new(empty, Square::new(empty.col(), (empty.row() + 1) % 10)), IllegalReason::NoPiece);
    let beside = Square::new(mine.col(), if mine.row() < 9 { mine.row() + 1 } else { mine.row() - 1 });
    refused(&mut g, Move::new(mine, beside), IllegalReason::Immovable);
    // A move to its own square.
    let mover = g.legal_moves()[0].from;
    refused(&mut g, Move::new(mover, mover), IllegalReason::OwnPiece);

    // A finished game refuses everything with GameOver.
    let mut g =
        game_of(Edition::Isf, &pieces("Red Scout e4, Blue Flag e5, Blue Sergeant j10, Red Miner a1, Red Flag j1"));
    play_all(&mut g, &["e4-e5"]);
    assert!(g.is_over());
    refused(&mut g, mv("j10-j9"), IllegalReason::GameOver);
    refused(&mut g, mv("a1-a2"), IllegalReason::GameOver);
    refused(&mut g, Move::new(Square::new(12, 12), sq("a1")), IllegalReason::GameOver);
}

#[test]
fn setups_for_the_wrong_player_are_refused() {
    let rules = Rules::edition(Edition::Isf);
    let red_setup = Setup::random(&rules, Player::Red, 1);
    let blue_setup = Setup::random(&rules, Player::Blue, 2);
    // Red's pieces labelled Blue, in Red's slot: only the label is wrong.
    let mislabelled = Setup::new(Player::Blue, red_setup.pieces().to_vec());
    let e = Game::new(rules.clone(), mislabelled, blue_setup.clone()).unwrap_err();
    assert_eq!(e.problems, vec![SetupProblem::WrongPlayer { expected: Player::Red, found: Player::Blue }]);
    let mislabelled = Setup::new(Player::Red, blue_setup.pieces().to_vec());
    let e = Game::new(rules.clone(), red_setup.clone(), mislabelled).unwrap_err();
    assert_eq!(e.problems, vec![SetupProblem::WrongPlayer { expected: Player::Blue, found: Player::Red }]);
    // Swapped: both are wrong.
    let e = Game::new(rules.clone(), blue_setup.clone(), red_setup.clone()).unwrap_err();
    assert_eq!(
        e.problems,
        vec![
            SetupProblem::WrongPlayer { expected: Player::Red, found: Player::Blue },
            SetupProblem::WrongPlayer { expected: Player::Blue, found: Player::Red }
        ]
    );
    // The same setup twice: the wrong player only, not the overlaps that follow from it.
    let e = Game::new(rules.clone(), blue_setup.clone(), blue_setup.clone()).unwrap_err();
    assert_eq!(e.problems, vec![SetupProblem::WrongPlayer { expected: Player::Red, found: Player::Blue }]);
    assert_eq!(e.to_string(), "invalid setup: setup is for blue, expected red");
    // Problems of both setups come together.
    let mut short = red_setup.pieces().to_vec();
    short.pop();
    let mut off = blue_setup.pieces().to_vec();
    off[0].0 = Square::new(12, 12);
    let e = Game::new(rules.clone(), Setup::new(Player::Red, short), Setup::new(Player::Blue, off)).unwrap_err();
    assert!(e.problems.iter().any(|p| matches!(p, SetupProblem::WrongCount { .. })), "{e}");
    assert!(e.problems.contains(&SetupProblem::OffBoard(Square::new(12, 12))), "{e}");
    // Two pieces on one square.
    let mut dup = red_setup.pieces().to_vec();
    dup[1].0 = dup[0].0;
    let e = Setup::new(Player::Red, dup.clone()).validate(&rules).unwrap_err();
    assert!(e.problems.contains(&SetupProblem::Occupied(dup[0].0)), "{e}");
    Game::new(rules, red_setup, blue_setup).unwrap();
}

#[test]
fn records_that_do_not_replay_give_record_errors() {
    let rules = Rules::edition(Edition::Isf);
    let g = played_game(&rules, 2, 10);
    let good = g.record();

    let mut r = good.clone();
    r.rules = "isf(".into();
    assert!(matches!(Game::from_record(&r), Err(RecordError::Rules(_))));

    let mut r = good.clone();
    r.start = Start::Setups { red: "xyz".into(), blue: "xyz".into() };
    assert!(matches!(Game::from_record(&r), Err(RecordError::Start(_))));

    let mut r = good.clone();
    r.start = Start::Position("nonsense r 0".into());
    assert!(matches!(Game::from_record(&r), Err(RecordError::Start(_))));

    let mut r = good.clone();
    if let Start::Setups { red, .. } = &mut r.start {
        *red = "A".repeat(40);
    }
    assert!(matches!(Game::from_record(&r), Err(RecordError::Setup(_))));

    let mut r: Record = good.clone();
    r.moves.insert(3, mv("a1-a1"));
    match Game::from_record(&r) {
        Err(RecordError::Move { ply, error }) => {
            assert_eq!(ply, 4);
            assert_eq!(error.mv, mv("a1-a1"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(Game::from_record(&good).unwrap(), g);
}

#[test]
fn undo_at_the_start_is_harmless() {
    let rules = Rules::edition(Edition::Duel);
    let mut g = new_game(&rules, 1);
    let before = g.clone();
    assert_eq!(g.undo(), Undone::Nothing);
    assert_eq!(g, before);
}

/// The rule error behind a rules text, with where the text points.
fn rules_text_error(text: &str) -> (RulesError, usize, String) {
    let e = text.parse::<Rules>().unwrap_err();
    let source = e.source.clone().unwrap_or_else(|| panic!("{text:?}: expected a rule error, got {e}"));
    assert_eq!(e.reason, source.to_string(), "the reason is the rule error's text");
    assert_eq!(e.what, "rules");
    (source, e.position, e.to_string())
}

#[test]
fn range_errors_name_the_range() {
    let range = |setting, value, min, max| RulesError::OutOfRange { setting, value, min, max };
    let cases: [(&str, RulesError, &str); 12] = [
        ("isf(width=300)", range("width", 300, 2, 16), "width must be 2..=16, found 300"),
        ("isf(width=1)", range("width", 1, 2, 16), "width must be 2..=16, found 1"),
        ("isf(height=17)", range("height", 17, 2, 16), "height must be 2..=16, found 17"),
        ("isf(max_plies=0)", range("max_plies", 0, 1, 4294967295), "max_plies must be 1..=4294967295, found 0"),
        (
            "isf(max_plies=5000000000)",
            range("max_plies", 5000000000, 1, 4294967295),
            "max_plies must be 1..=4294967295, found 5000000000",
        ),
        (
            "isf(max_quiet_plies=0)",
            range("max_quiet_plies", 0, 1, 4294967295),
            "max_quiet_plies must be 1..=4294967295, found 0",
        ),
        ("isf(two_square=300)", range("two_square", 300, 1, 255), "two_square must be 1..=255, found 300"),
        ("isf(two_square=0)", RulesError::TwoSquareLimitZero, "two_square must be 1..=255 (or off), found 0"),
        ("isf(visibility=256)", range("visibility", 256, 0, 255), "visibility must be 0..=255, found 256"),
        ("isf(setup_rows=300)", range("setup_rows", 300, 1, 8), "setup_rows must be 1..=8, found 300"),
        ("isf(army=Scout:300)", range("army count", 300, 0, 64), "army count must be 0..=64, found 300"),
        (
            "isf(setup_rows=6)",
            RulesError::ZoneSize { rows: 6, height: 10 },
            "setup_rows must be 1..=5 on a board of height 10 (the two zones may not overlap), found 6",
        ),
    ];
    for (text, expected, message) in cases {
        let (error, position, _) = rules_text_error(text);
        assert_eq!(error, expected, "{text}");
        assert_eq!(error.to_string(), message, "{text}");
        assert_eq!(position, 4, "{text}: the error points at the setting");
    }
    // The builder gives the same errors as the text.
    assert_eq!(Rules::builder().max_plies(Some(0)).build().unwrap_err(), range("max_plies", 0, 1, 4294967295));
    assert_eq!(Rules::builder().board(10, 17).build().unwrap_err(), range("height", 17, 2, 16));
}

#[test]
fn a_rule_error_through_the_text_points_at_its_setting() {
    // The second setting is the one at fault.
    let text = "isf(two_square=5, setup_rows=6)";
    let (error, position, message) = rules_text_error(text);
    assert_eq!(error, RulesError::ZoneSize { rows: 6, height: 10 });
    assert_eq!(&text[position..position + 10], "setup_rows");
    assert!(message.contains("at byte 18"), "{message}");
    // An error of the whole army points at `army`.
    let text = "barrage(chase=off,army=Flag:1.Scout:41)";
    let (error, position, _) = rules_text_error(text);
    assert!(matches!(error, RulesError::ArmyTooLarge { pieces: 42, .. }), "{error:?}");
    assert_eq!(&text[position..position + 4], "army");
    // Syntax errors have no rule error behind them.
    let e = "isf(width=abc)".parse::<Rules>().unwrap_err();
    assert_eq!(e.source, None);
    assert_eq!(e.reason, "width: expected a number 2..=16, found \"abc\"");
    // The source is reachable through the standard error chain too.
    let e = "isf(width=300)".parse::<Rules>().unwrap_err();
    let chained = std::error::Error::source(&e).map(|s| s.to_string());
    assert_eq!(chained.as_deref(), Some("width must be 2..=16, found 300"));
}

#[test]
fn setup_parse_positions_are_bytes_of_the_given_text() {
    let rules = Rules::edition(Edition::Isf);
    let good = Setup::random(&rules, Player::Red, 1).to_text(&rules);
    // Leading spaces count: the bad letter is at byte 3 + 5.
    let text = format!("   {}Z{}", &good[..5], &good[6..]);
    let e = Setup::parse(&rules, Player::Red, &text).unwrap_err();
    assert_eq!(e.position, 8);
    assert_eq!(&text[e.position..e.position + 1], "Z");
    // A multi-byte letter earlier does not shift the count: é is two bytes.
    let text = format!("é{}Z{}", &good[1..5], &good[6..]);
    let e = Setup::parse(&rules, Player::Red, &text).unwrap_err();
    assert_eq!(e.position, 0, "é itself is the first bad letter");
    let text = format!("{}é", &good[..39]);
    let e = Setup::parse(&rules, Player::Red, &text).unwrap_err();
    assert_eq!(e.position, 39);
    assert_eq!(&text[e.position..], "é");
    // Too many letters: the position is the first one too many.
    let text = format!(" {good}BB");
    let e = Setup::parse(&rules, Player::Red, &text).unwrap_err();
    assert_eq!(e.position, 41);
    assert_eq!(e.reason, "expected 40 letters, found 42");
}

#[cfg(feature = "serde")]
#[test]
fn a_setup_read_by_serde_is_in_board_order() {
    let rules = Rules::edition(Edition::Isf);
    let setup = Setup::random(&rules, Player::Red, 3);
    let json = serde_json::to_string(&setup).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    // The same pieces listed backwards read as the same setup.
    let mut reversed = value.clone();
    reversed["pieces"].as_array_mut().unwrap().reverse();
    let back: Setup = serde_json::from_value(reversed.clone()).unwrap();
    assert_ne!(reversed, value, "the data really is in another order");
    assert_eq!(back, setup);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut other = std::collections::hash_map::DefaultHasher::new();
    std::hash::Hash::hash(&back, &mut hasher);
    std::hash::Hash::hash(&setup, &mut other);
    assert_eq!(std::hash::Hasher::finish(&hasher), std::hash::Hasher::finish(&other));
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}
