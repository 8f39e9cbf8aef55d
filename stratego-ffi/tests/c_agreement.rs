//! The same seeded games played through the C ABI (by the C test program, `stratego-ffi/tests/c/abi_test.c`)
//! and through the core end in the same position and outcome, and the C side's observation,
//! action mask, byte board and legal action ids equal the core's for the same views.
//!
//! `scripts/c_abi.sh` builds the C program and runs this test with `STRATEGO_C_ABI_TEST` set to
//! it: `STRATEGO_C_ABI_TEST=target/c-abi/abi_test cargo test -p stratego-ffi --test c_agreement -- --ignored`.

use std::process::Command;

use stratego_core::{Game, Player, Rules, Setup, Termination};

/// SplitMix64, the same as the C program's.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The game the C program plays, through the core alone: setups from `seed` and `seed + 1`,
/// then at each ply the legal action id picked by the shared generator.
fn core_game(rules: &Rules, seed: u64) -> (Game, usize) {
    let red = Setup::random(rules, Player::Red, seed);
    let blue = Setup::random(rules, Player::Blue, seed + 1);
    let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
    let mut rng = seed;
    let mut plies = 0;
    while plies < 300 {
        let mover = game.to_move();
        let ids = game.view(mover).legal_actions();
        if ids.is_empty() {
            break;
        }
        let id = ids[(splitmix(&mut rng) % ids.len() as u64) as usize];
        game.play(rules.action_move(mover, id).expect("a legal id decodes")).expect("a legal id plays");
        plies += 1;
    }
    (game, plies)
}

/// The C header's codes, written out here so that the comparison does not reuse the crate's
/// own tables.
fn outcome_line(game: &Game) -> String {
    match game.outcome() {
        None => "0 2 0".into(),
        Some(o) => {
            let winner = match o.winner {
                Some(Player::Red) => 0,
                Some(Player::Blue) => 1,
                None => 2,
            };
            let termination = match o.termination {
                Termination::FlagCaptured => 1,
                Termination::NoLegalMove => 2,
                Termination::BothStuck => 3,
                Termination::PlyCap => 4,
                Termination::NoBattleCap => 5,
                Termination::Resignation => 6,
            };
            format!("1 {winner} {termination}")
        }
    }
}

fn value<'a>(lines: &mut impl Iterator<Item = &'a str>, key: &str) -> &'a str {
    let line = lines.next().unwrap_or_else(|| panic!("the C program stopped before `{key}`"));
    line.strip_prefix(key).unwrap_or_else(|| panic!("expected `{key}`, got {line:?}")).trim_start()
}

fn compare(rules_text: &str, seed: u64, c_output: &str) {
    let rules: Rules = rules_text.parse().unwrap();
    let (game, plies) = core_game(&rules, seed);
    let mut lines = c_output.lines();
    assert_eq!(value(&mut lines, "plies"), plies.to_string(), "{rules_text} {seed}: plies");
    assert_eq!(value(&mut lines, "position"), game.position(), "{rules_text} {seed}: position");
    assert_eq!(value(&mut lines, "outcome"), outcome_line(&game), "{rules_text} {seed}: outcome");
    assert_eq!(value(&mut lines, "full"), game.position_full(), "{rules_text} {seed}: full position");
    assert_eq!(value(&mut lines, "hash"), game.board().hash().to_string(), "{rules_text} {seed}: hash");
    for player in Player::ALL {
        let view = game.view(player);
        assert_eq!(value(&mut lines, "view"), player.index().to_string());
        let observation: String = view.observation().iter().map(|&x| if x == 1.0 { '1' } else { '0' }).collect();
        assert_eq!(value(&mut lines, "observation"), observation, "{rules_text} {seed}: {player}'s observation");
        let mut mask = vec![0u8; rules.num_actions()];
        view.legal_action_mask_into(&mut mask).unwrap();
        let mask: String = mask.iter().map(|&b| char::from(b'0' + b)).collect();
        assert_eq!(value(&mut lines, "mask"), mask, "{rules_text} {seed}: {player}'s mask");
        let board: Vec<String> = view.board_codes().iter().map(|b| b.to_string()).collect();
        assert_eq!(value(&mut lines, "board"), board.join(" "), "{rules_text} {seed}: {player}'s byte board");
        let ids: Vec<String> = view.legal_actions().iter().map(|id| id.to_string()).collect();
        assert_eq!(value(&mut lines, "actions"), ids.join(" "), "{rules_text} {seed}: {player}'s actions");
    }
}

#[test]
#[ignore = "needs the C program: scripts/c_abi.sh builds it and runs this test"]
fn c_and_the_core_play_the_same_games() {
    let program = std::env::var("STRATEGO_C_ABI_TEST")
        .expect("STRATEGO_C_ABI_TEST names the C test program (scripts/c_abi.sh sets it)");
    let cases =
        [("isf", 7), ("classic", 3), ("barrage", 11), ("duel", 2), ("estrategia", 5), ("isf(two_square=5)", 21)];
    for (rules_text, seed) in cases {
        let out =
            Command::new(&program).args(["agree", rules_text, &seed.to_string()]).output().expect("the program runs");
        assert!(out.status.success(), "{rules_text} {seed}: {}", String::from_utf8_lossy(&out.stderr));
        compare(rules_text, seed, &String::from_utf8(out.stdout).expect("the program prints UTF-8"));
    }
}

/// The comparison itself can fail: a C output that differs in one mask byte is caught.
#[test]
fn a_differing_output_is_caught() {
    let rules: Rules = "barrage".parse().unwrap();
    let (game, plies) = core_game(&rules, 11);
    let mut text = format!(
        "plies {plies}\nposition {}\noutcome {}\nfull {}\nhash {}\n",
        game.position(),
        outcome_line(&game),
        game.position_full(),
        game.board().hash()
    );
    for player in Player::ALL {
        let view = game.view(player);
        let obs: String = view.observation().iter().map(|&x| if x == 1.0 { '1' } else { '0' }).collect();
        let mut mask = vec![0u8; rules.num_actions()];
        view.legal_action_mask_into(&mut mask).unwrap();
        mask[0] ^= 1;
        let mask: String = mask.iter().map(|&b| char::from(b'0' + b)).collect();
        let board: Vec<String> = view.board_codes().iter().map(|b| b.to_string()).collect();
        let ids: Vec<String> = view.legal_actions().iter().map(|id| id.to_string()).collect();
        text += &format!(
            "view {}\nobservation {obs}\nmask {mask}\nboard {}\nactions {}\n",
            player.index(),
            board.join(" "),
            ids.join(" ")
        );
    }
    let caught = std::panic::catch_unwind(|| compare("barrage", 11, &text));
    assert!(caught.is_err(), "a flipped mask byte must fail the comparison");
}
