//! Text forms: rules (`isf(two_square=5)`), squares, moves, setups and positions print and parse
//! back; every builder setting survives the rules text form.

use crate::common;

use common::*;
use stratego_core::{
    Battle, Constraint, Edition, Game, Move, Movement, Numbering, Player, Rank, Reach, Rules, RulesBuilder, Setup,
    Square,
};

fn round_trip(rules: &Rules) {
    let text = rules.to_string();
    let back: Rules = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&back, rules, "{text}");
    assert_eq!(back.to_string(), text);
    // Through the builder too.
    assert_eq!(&rules.to_builder().build().unwrap(), rules);
}

#[test]
fn named_forms_round_trip() {
    for (text, rules) in [
        ("isf", Rules::edition(Edition::Isf)),
        ("isf(two_square=5)", Rules::builder().two_square(Some(5)).build().unwrap()),
        (
            "classic(max_plies=2000)",
            Rules::edition(Edition::Classic).to_builder().max_plies(Some(2000)).build().unwrap(),
        ),
    ] {
        let parsed: Rules = text.parse().unwrap();
        assert_eq!(parsed, rules, "{text}");
        assert_eq!(parsed.to_string(), text);
        assert_eq!(rules.to_string(), text);
    }
    for e in Edition::ALL {
        round_trip(&Rules::edition(e));
        assert_eq!(e.to_string().parse::<Rules>().unwrap(), Rules::edition(e));
        assert_eq!(RulesBuilder::from_edition(e).build().unwrap(), Rules::edition(e));
    }
    // Spaces around keys and values, an empty argument list, any case for the edition name.
    assert_eq!(" isf( two_square = 5 ) ".parse::<Rules>().unwrap().to_string(), "isf(two_square=5)");
    assert_eq!("isf()".parse::<Rules>().unwrap(), Rules::edition(Edition::Isf));
    assert_eq!("ISF".parse::<Rules>().unwrap(), Rules::edition(Edition::Isf));
    // A setting equal to the preset is not printed.
    assert_eq!("isf(two_square=3,chase=on)".parse::<Rules>().unwrap().to_string(), "isf");
    assert_eq!("isf(two_square=off)".parse::<Rules>().unwrap().two_square_limit(), None);
}

#[test]
fn every_builder_setting_round_trips() {
    use Rank::*;
    let isf = || Rules::builder();
    let est = || RulesBuilder::from_edition(Edition::Estrategia);
    let cases: Vec<(&str, RulesBuilder)> = vec![
        ("width", isf().board(12, 10)),
        ("height", isf().board(10, 12)),
        ("lakes", isf().lakes([sq("c5"), sq("d5")])),
        ("lakes", isf().lakes([])),
        ("army", isf().army_count(Scout, 6)),
        ("army", isf().army([1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1])),
        ("free_army", isf().free_army(true)),
        ("setup_rows", RulesBuilder::from_edition(Edition::Duel).setup_rows(4)),
        ("constraints", isf().constraint(Constraint::FlagInBackCorner)),
        ("constraints", isf().constraint(Constraint::FlagInBackCorner).constraint(Constraint::DiagonalToFlag(General))),
        ("constraints", isf().constraint(Constraint::FlagInBackCorner).constraint(Constraint::AroundFlag(Bomb))),
        ("constraints", est().no_constraints()),
        ("movement", isf().movement(Marshal, Movement { orthogonal: Reach::Slide, diagonal: Reach::Step })),
        ("movement", isf().movement(Scout, Movement::DIAGONAL_STEP).movement(Bomb, Movement::STEP)),
        ("slide_attacks", isf().slide_attacks(false)),
        ("combat", isf().battle(Spy, General, Battle::AttackerWins)),
        ("combat", isf().battle(Scout, Scout, Battle::DefenderWins).battle(Miner, Bomb, Battle::BothDie)),
        ("two_square", isf().two_square(Some(5))),
        ("two_square", isf().two_square(None)),
        ("two_square", RulesBuilder::from_edition(Edition::Classic).two_square(Some(2))),
        ("chase", isf().chase(false)),
        ("chase", RulesBuilder::from_edition(Edition::Classic).chase(true)),
        ("no_return", isf().no_return(true)),
        ("no_return", est().no_return(false)),
        ("visibility", isf().visibility(Some(2))),
        ("visibility", est().visibility(None)),
        ("max_plies", isf().max_plies(Some(2000))),
        ("max_quiet_plies", isf().max_quiet_plies(Some(200))),
        ("numbering", isf().numbering(Numbering::Classic)),
        ("numbering", RulesBuilder::from_edition(Edition::Classic).numbering(Numbering::Modern)),
    ];
    for (key, b) in cases {
        let rules = b.build().unwrap_or_else(|e| panic!("{key}: {e}"));
        let text = rules.to_string();
        assert!(text.contains(&format!("{key}=")), "{key}: {text}");
        round_trip(&rules);
    }
    // All at once.
    let all = isf()
        .board(12, 10)
        .lakes([sq("e6"), sq("f6"), sq("k6")])
        .army_count(Scout, 4)
        .free_army(true)
        .setup_rows(5)
        .constraint(Constraint::FlagInBackCorner)
        .constraint(Constraint::DiagonalToFlag(Marshal))
        .movement(General, Movement { orthogonal: Reach::Step, diagonal: Reach::Step })
        .slide_attacks(false)
        .battle(Spy, General, Battle::BothDie)
        .two_square(Some(4))
        .chase(false)
        .no_return(true)
        .visibility(Some(1))
        .max_plies(Some(500))
        .max_quiet_plies(Some(100))
        .numbering(Numbering::Classic)
        .build()
        .unwrap();
    round_trip(&all);
    assert_eq!(all.width(), 12);
    assert_eq!(all.lakes().count(), 3);
}

#[test]
fn rules_are_equal_however_the_lakes_were_listed() {
    let isf = Rules::edition(Edition::Isf);
    let same = Rules::builder().lakes(isf.lakes().collect::<Vec<_>>()).build().unwrap();
    assert_eq!(same.lakes().collect::<Vec<_>>(), isf.lakes().collect::<Vec<_>>());
    assert_eq!(same.to_string(), "isf");
    assert_eq!(same, isf);
    let parsed: Rules = "isf(lakes=c5.d5.g5.h5.c6.d6.g6.h6)".parse().unwrap();
    assert_eq!(parsed, isf);
}

#[test]
fn rules_are_equal_however_the_constraints_were_listed() {
    let est = Rules::edition(Edition::Estrategia);
    let same = RulesBuilder::from_edition(Edition::Estrategia)
        .no_constraints()
        .constraint(Constraint::AroundFlag(Rank::Bomb))
        .constraint(Constraint::FlagInBackCorner)
        .constraint(Constraint::DiagonalToFlag(Rank::Marshal))
        .build()
        .unwrap();
    assert_eq!(same.to_string(), "estrategia");
    assert_eq!(same, est);
}

#[test]
fn squares_print_and_parse() {
    for col in 0..16u8 {
        for row in 0..16u8 {
            let s = Square::new(col, row);
            let text = s.to_string();
            assert_eq!(text.parse::<Square>().unwrap(), s);
        }
    }
    assert_eq!(sq("a1"), Square::new(0, 0));
    assert_eq!(sq("j10"), Square::new(9, 9));
    assert_eq!("J10".parse::<Square>().unwrap(), Square::new(9, 9));
    assert_eq!(Square::new(2, 4).to_string(), "c5");
}

#[test]
fn moves_print_and_parse() {
    let m = mv("a4-a5");
    assert_eq!(m, Move::new(sq("a4"), sq("a5")));
    assert_eq!(m.to_string(), "a4-a5");
    assert_eq!(mv("j10-a1").to_string(), "j10-a1");
}

#[test]
fn setups_print_and_parse_for_both_players() {
    for e in Edition::ALL {
        let rules = Rules::edition(e);
        for p in Player::ALL {
            for seed in 0..5 {
                let s = Setup::random(&rules, p, seed);
                let text = s.to_text(&rules);
                assert_eq!(text.len(), rules.setup_rows() as usize * 10);
                assert_eq!(Setup::parse(&rules, p, &text).unwrap(), s, "{e} {p}");
            }
        }
    }
}

#[test]
fn setup_text_is_in_the_player_s_own_frame() {
    // Front row first, each row from the player's left; Blue reads like Red turned 180°.
    let rules = Rules::edition(Edition::Isf);
    let text = Setup::random(&rules, Player::Red, 9).to_text(&rules);
    let red_s = Setup::parse(&rules, Player::Red, &text).unwrap();
    let blue_s = Setup::parse(&rules, Player::Blue, &text).unwrap();
    for &(s, r) in red_s.pieces() {
        assert!(blue_s.pieces().contains(&(s.flipped(10, 10), r)), "{s}");
    }
    // The first letter is Red's a4 (front row, left) and Blue's j7.
    let first = Rank::ALL.into_iter().find(|&r| red(r) == text.chars().next().unwrap()).unwrap();
    assert!(red_s.pieces().contains(&(sq("a4"), first)));
    assert!(blue_s.pieces().contains(&(sq("j7"), first)));
    // The last letter is Red's j1.
    let last = Rank::ALL.into_iter().find(|&r| red(r) == text.chars().last().unwrap()).unwrap();
    assert!(red_s.pieces().contains(&(sq("j1"), last)));
    // Barrage: empty squares are `A`.
    let rules = Rules::edition(Edition::Barrage);
    let text = Setup::random(&rules, Player::Blue, 1).to_text(&rules);
    assert_eq!(text.chars().filter(|&c| c == 'A').count(), 32);
}

#[test]
fn positions_print_and_parse() {
    for e in Edition::ALL {
        let rules = Rules::edition(e);
        let (mut g, mut rng) = new_game_and_rng(&rules, 12);
        for _ in 0..6 {
            random_playout(&mut g, &mut rng, 25);
            let text = g.position();
            let back = Game::from_position(rules.clone(), &text).unwrap();
            assert_eq!(back.position(), text, "{e}");
            assert_eq!(back.to_move(), g.to_move());
            assert_eq!(back.ply(), g.ply());
            for s in rules.squares() {
                let (a, b) = (g.piece_at(s), back.piece_at(s));
                assert_eq!(
                    a.map(|p| (p.owner, p.rank, p.revealed)),
                    b.map(|p| (p.owner, p.rank, p.revealed)),
                    "{e} {s}"
                );
            }
            for p in Player::ALL {
                assert_eq!(back.captured(p), g.captured(p));
            }
        }
    }
    // The format: lower case = revealed, side and ply at the end.
    let rules = Rules::edition(Edition::Isf);
    let text = position(&rules, &[("a1", 'l'), ("j10", 'Y')], Player::Blue).replace(" 0", " 17");
    let g = Game::from_position(rules, &text).unwrap();
    let m = g.piece_at(sq("a1")).unwrap();
    assert_eq!((m.owner, m.rank, m.revealed), (Player::Red, Rank::Marshal, true));
    let f = g.piece_at(sq("j10")).unwrap();
    assert_eq!((f.owner, f.rank, f.revealed), (Player::Blue, Rank::Flag, false));
    assert_eq!((g.to_move(), g.ply()), (Player::Blue, 17));
    assert!(g.position().ends_with(" b 17"));
    assert!(g.position().starts_with("lAAA"));
}
