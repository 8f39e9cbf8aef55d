//! Every rule set that builds is playable: thousands of random builder configurations and
//! rules texts either fail with a `RulesError` (or a `ParseError`), or random setups for both
//! players validate, `Game::new` accepts them and a random game plays to its end or a cap
//! with every invariant holding.

use proptest::prelude::*;
use stratego_core::{
    Battle, Constraint, Edition, Game, Movement, Numbering, Player, Rank, Reach, Rules, RulesBuilder, RulesError,
    Setup, Square,
};

/// Plies each random game may play before the test stops it (random games on the standard
/// board average ~800; a cap keeps the suite quick and still crosses many battles).
const PLY_CAP: usize = 120;

fn edition() -> impl Strategy<Value = Edition> {
    (0..Edition::ALL.len()).prop_map(|i| Edition::ALL[i])
}

fn rank() -> impl Strategy<Value = Rank> {
    (0..Rank::COUNT).prop_map(|i| Rank::ALL[i])
}

fn constraint() -> impl Strategy<Value = Constraint> {
    prop_oneof![
        Just(Constraint::FlagInBackCorner),
        rank().prop_map(Constraint::DiagonalToFlag),
        rank().prop_map(Constraint::AroundFlag),
    ]
}

fn reach() -> impl Strategy<Value = Reach> {
    prop_oneof![Just(Reach::None), Just(Reach::Step), Just(Reach::Slide)]
}

fn battle() -> impl Strategy<Value = Battle> {
    prop_oneof![Just(Battle::AttackerWins), Just(Battle::DefenderWins), Just(Battle::BothDie)]
}

/// Board sides mostly near the sizes that can hold an army, sometimes out of range.
fn side() -> impl Strategy<Value = u8> {
    prop_oneof![4 => 4u8..=12, 1 => 0u8..=20]
}

/// A random army: small counts per rank, the Flag's count 0..=2.
fn army() -> impl Strategy<Value = [u8; Rank::COUNT]> {
    (proptest::collection::vec(0u8..=4, Rank::COUNT), prop_oneof![8 => Just(1u8), 1 => Just(0u8), 1 => Just(2u8)])
        .prop_map(|(counts, flags)| {
            let mut army = [0; Rank::COUNT];
            army.copy_from_slice(&counts);
            army[Rank::Flag.index()] = flags;
            army
        })
}

prop_compose! {
    fn builder()(
        base in edition(),
        size in proptest::option::of((side(), side())),
        lakes in proptest::option::of(proptest::collection::vec((0u8..11, 0u8..11), 0..6)),
        lakes_first in any::<bool>(),
        army in proptest::option::of(army()),
        free in (any::<bool>(), any::<bool>()),
        rows in proptest::option::of(prop_oneof![9 => 1u8..5, 1 => 0u8..9]),
        constraints in proptest::option::of(proptest::collection::vec(constraint(), 0..4)),
        movement in proptest::collection::vec((rank(), reach(), reach()), 0..3),
        combat in proptest::collection::vec((rank(), rank(), battle()), 0..3),
        repetition in (proptest::option::of(prop_oneof![9 => 1u8..5, 1 => Just(0u8)]), any::<bool>(), any::<bool>(), any::<bool>()),
        visibility in proptest::option::of(0u8..3),
        caps in (proptest::option::of(0u32..300), proptest::option::of(0u32..60)),
        classic_numbers in any::<bool>(),
    ) -> RulesBuilder {
        let mut b = RulesBuilder::from_edition(base);
        let named: Option<Vec<Square>> = lakes.map(|l| l.into_iter().map(|(c, r)| Square::new(c, r)).collect());
        if let (true, Some(l)) = (lakes_first, &named) {
            b = b.lakes(l.clone());
        }
        if let Some((w, h)) = size {
            b = b.board(w, h);
        }
        if let (false, Some(l)) = (lakes_first, named) {
            b = b.lakes(l);
        }
        if let Some(army) = army {
            b = b.army(army);
        }
        b = b.free_army(free.0).free_placement(free.1);
        if let Some(rows) = rows {
            b = b.setup_rows(rows);
        }
        if let Some(cs) = constraints {
            b = b.no_constraints();
            for c in cs {
                b = b.constraint(c);
            }
        }
        for (r, orthogonal, diagonal) in movement {
            b = b.movement(r, Movement { orthogonal, diagonal });
        }
        for (a, d, result) in combat {
            b = b.battle(a, d, result);
        }
        b.two_square(repetition.0)
            .chase(repetition.1)
            .no_return(repetition.2)
            .slide_attacks(repetition.3)
            .visibility(visibility)
            .max_plies(caps.0)
            .max_quiet_plies(caps.1)
            .numbering(if classic_numbers { Numbering::Classic } else { Numbering::Modern })
    }
}

/// Pieces on the board plus pieces captured make up each army, per rank.
fn pieces_are_conserved(game: &Game) -> Result<(), TestCaseError> {
    let rules = game.rules();
    let mut on_board = [[0u8; Rank::COUNT]; 2];
    for sq in rules.squares() {
        if let Some(piece) = game.piece_at(sq) {
            prop_assert!(!rules.is_lake(sq), "a piece on the lake {}", sq);
            on_board[piece.owner.index()][piece.rank.index()] += 1;
        }
    }
    for p in Player::ALL {
        for r in Rank::ALL {
            let total = on_board[p.index()][r.index()] + game.captured_count(p, r);
            prop_assert_eq!(total, game.army(p)[r.index()], "{} {} in {}", p, r, rules);
        }
    }
    Ok(())
}

/// What every rule set that builds must allow: valid random setups, a game, random play.
fn playable(rules: &Rules, seed: u64) -> Result<(), TestCaseError> {
    // The text form reads back to the same rules.
    let text = rules.to_string();
    let back: Rules = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&back, rules, "{}", text);

    for p in Player::ALL {
        let alone = Setup::random(rules, p, seed);
        prop_assert_eq!(alone.validate(rules), Ok(()), "{} {}", rules, p);
    }
    let (red, blue) = Setup::random_pair(rules, seed);
    prop_assert_eq!(red.validate(rules), Ok(()), "{}", rules);
    prop_assert_eq!(blue.validate(rules), Ok(()), "{}", rules);
    for setup in [&red, &blue] {
        let text = setup.to_text(rules);
        prop_assert_eq!(&Setup::parse(rules, setup.player(), &text).unwrap(), setup, "{}", text);
    }
    let mut game = Game::new(rules.clone(), red, blue).map_err(|e| TestCaseError::fail(format!("{rules}: {e}")))?;
    prop_assert_eq!(&game, &Game::random(rules.clone(), seed));
    pieces_are_conserved(&game)?;

    let mut moves = Vec::new();
    let mut entropy = seed;
    for _ in 0..PLY_CAP {
        game.legal_moves_into(&mut moves);
        if game.is_over() {
            prop_assert!(moves.is_empty(), "a finished game has no legal moves");
            break;
        }
        prop_assert!(!moves.is_empty(), "{}: a game goes on only while its mover can move", rules);
        prop_assert_eq!(moves.len(), game.legal_move_count());
        entropy = entropy.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = moves[(entropy >> 33) as usize % moves.len()];
        prop_assert!(game.is_legal(mv));
        // A move drawn from anywhere (off the board too) is legal exactly when listed, and
        // refusing it changes nothing.
        let any = |bits: u64| Square::new((bits % 18) as u8, (bits / 18 % 18) as u8);
        let stray = stratego_core::Move::new(any(entropy >> 8), any(entropy >> 20));
        prop_assert_eq!(game.is_legal(stray), moves.contains(&stray));
        if !moves.contains(&stray) {
            let before = game.clone();
            prop_assert!(game.play(stray).is_err());
            prop_assert_eq!(&game, &before);
        }
        let ply = game.ply();
        let report = game.play(mv).map_err(|e| TestCaseError::fail(format!("{rules}: {e}")))?;
        // A rescue decision finishes its player's turn without a ply of its own.
        prop_assert_eq!(game.ply(), ply + u32::from(!mv.is_decision()));
        prop_assert_eq!(report.outcome, game.outcome());
        pieces_are_conserved(&game)?;
        if let Some(cap) = rules.max_plies() {
            prop_assert!(game.ply() <= cap, "{}: played past the ply cap", rules);
        }
    }
    // The game's record replays to the same game.
    let replayed = Game::from_record(&game.record()).map_err(|e| TestCaseError::fail(format!("{rules}: {e}")))?;
    prop_assert_eq!(&replayed, &game);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2500, ..ProptestConfig::default() })]

    /// Random builder configurations: a `RulesError`, or a playable rule set.
    #[test]
    fn every_rule_set_that_builds_plays(b in builder(), seed in any::<u64>()) {
        match b.build() {
            Ok(rules) => playable(&rules, seed)?,
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

/// One `key=value` of the rules text, with values in and out of range and some garbage.
fn setting() -> impl Strategy<Value = String> {
    let number = prop_oneof![0u64..12, 0u64..400, Just(u64::from(u32::MAX) + 1)];
    let square = (0u8..12, 0u8..12).prop_map(|(c, r)| Square::new(c, r).to_string());
    let squares =
        proptest::collection::vec(square, 0..4).prop_map(|s| if s.is_empty() { "none".into() } else { s.join(".") });
    let army = proptest::collection::vec((rank(), 0u64..9), 1..8)
        .prop_map(|parts| parts.iter().map(|(r, n)| format!("{r}:{n}")).collect::<Vec<_>>().join("."));
    let constraints = proptest::collection::vec(
        prop_oneof![
            Just("flag_corner".to_string()),
            rank().prop_map(|r| format!("diagonal:{r}")),
            rank().prop_map(|r| format!("around:{r}"))
        ],
        1..4,
    )
    .prop_map(|c| c.join("."));
    let switch = prop_oneof![Just("on"), Just("off"), Just("maybe")].prop_map(String::from);
    prop_oneof![
        number.clone().prop_map(|n| format!("width={n}")),
        number.clone().prop_map(|n| format!("height={n}")),
        number.clone().prop_map(|n| format!("setup_rows={n}")),
        number.clone().prop_map(|n| format!("two_square={n}")),
        number.clone().prop_map(|n| format!("max_plies={n}")),
        number.clone().prop_map(|n| format!("max_quiet_plies={n}")),
        number.prop_map(|n| format!("visibility={n}")),
        squares.prop_map(|s| format!("lakes={s}")),
        army.prop_map(|a| format!("army={a}")),
        constraints.prop_map(|c| format!("constraints={c}")),
        switch.clone().prop_map(|s| format!("free_army={s}")),
        switch.clone().prop_map(|s| format!("free_placement={s}")),
        switch.clone().prop_map(|s| format!("chase={s}")),
        switch.prop_map(|s| format!("no_return={s}")),
        Just("two_square=off".to_string()),
        Just("nonsense=1".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Random rules texts: a `ParseError` (keeping the `RulesError` when the text read but the
    /// rules do not fit), or a playable rule set.
    #[test]
    fn every_rules_text_that_parses_plays(
        base in edition(),
        settings in proptest::collection::vec(setting(), 0..5),
        seed in any::<u64>(),
    ) {
        let text = if settings.is_empty() { base.to_string() } else { format!("{base}({})", settings.join(",")) };
        match text.parse::<Rules>() {
            Ok(rules) => playable(&rules, seed)?,
            Err(e) => {
                prop_assert!(e.position <= text.len());
                if let Some(rules_error) = &e.source {
                    // The reason is the rule error's own text, and it points at a setting.
                    prop_assert_eq!(&e.reason, &rules_error.to_string());
                    let is_out_of_range = matches!(rules_error, RulesError::OutOfRange { .. });
                    prop_assert!(e.position > 0 || !is_out_of_range, "{}: {}", text, e);
                }
            }
        }
    }
}
