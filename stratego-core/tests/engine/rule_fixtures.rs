//! The recorded rule cases of `../shared/data/fixtures` give their recorded verdicts.
//! Skips, saying why, when the data folder is absent.

use crate::data_dir;

use stratego_core::{gravon, Edition, Game, IllegalReason, Move, Rules};

fn data_file(name: &str) -> Option<String> {
    data_dir::read(name)
}

fn gmove(text: &str) -> Move {
    let (a, b) = text.split_once('-').expect("from-to");
    Move::new(gravon::parse_square(a).expect("square"), gravon::parse_square(b).expect("square"))
}

fn moves(list: &serde_json::Value) -> Vec<Move> {
    list.as_array().map(|a| a.iter().map(|m| gmove(m.as_str().expect("move text"))).collect()).unwrap_or_default()
}

#[test]
fn two_square_cases_give_their_verdicts() {
    let Some(text) = data_file("fixtures/two_square_rule_cases.json") else {
        return;
    };
    let data: serde_json::Value = serde_json::from_str(&text).expect("json");
    let field = data["field"].as_str().expect("field");
    let isf = Rules::edition(Edition::Isf);
    let off = isf.to_builder().two_square(None).build().expect("rules");
    let mut checked = 0;
    for case in data["cases"].as_array().expect("cases") {
        let name = case["name"].as_str().expect("name");
        for (rules, rule_on) in [(&isf, true), (&off, false)] {
            let mut game = Game::from_position(rules.clone(), &format!("{field} r 0")).expect("position");
            for mv in moves(&case["moves"]) {
                game.play(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            for mv in moves(&case["then_red_illegal"]) {
                let verdict = game.check(mv);
                if rule_on {
                    assert_eq!(verdict.map_err(|e| e.reason), Err(IllegalReason::TwoSquareRule), "{name}: {mv}");
                } else {
                    assert_eq!(verdict, Ok(()), "{name}: {mv} with the rule off");
                }
                checked += 1;
            }
            for mv in moves(&case["then_red_legal"]) {
                assert_eq!(game.check(mv), Ok(()), "{name}: {mv}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 16, "only {checked} verdicts checked");
}

#[test]
fn chase_cases_forbid_exactly_the_recorded_move() {
    let Some(text) = data_file("fixtures/chase_rule_cases.json") else {
        return;
    };
    let data: serde_json::Value = serde_json::from_str(&text).expect("json");
    let isf = Rules::edition(Edition::Isf);
    let off = isf.to_builder().chase(false).build().expect("rules");
    let mut cases = 0;
    for (name, case) in data.as_object().expect("object") {
        let board = case["board"].as_str().expect("board");
        let mut list = moves(&case["moves_gravon_coords"]);
        // One case names the forbidden move in its text instead of ending with it.
        let expect = case["expect"].as_str().unwrap_or("");
        if let Some(rest) = expect.strip_prefix("after these") {
            let named = rest.split("the move ").nth(1).and_then(|r| r.split(' ').next()).expect("named move");
            list.push(gmove(named));
        }
        let (last, before) = list.split_last().expect("moves");
        for (rules, rule_on) in [(&isf, true), (&off, false)] {
            let mut game = Game::from_position(rules.clone(), &format!("{board} r 0")).expect("position");
            for (ply, &mv) in before.iter().enumerate() {
                game.play(mv).unwrap_or_else(|e| panic!("{name}: ply {}: {e}", ply + 1));
            }
            let verdict = game.check(*last).map_err(|e| e.reason);
            if rule_on {
                assert_eq!(verdict, Err(IllegalReason::ChaseRule), "{name}: last move {last}");
                assert!(!game.legal_moves().contains(last), "{name}: {last} listed as legal");
            } else {
                assert_eq!(verdict, Ok(()), "{name}: {last} with the chase rule off");
            }
        }
        cases += 1;
    }
    assert_eq!(cases, 121);
}
