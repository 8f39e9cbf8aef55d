//! Targets for the text parsers: rules text, setup text, position strings, and the small
//! notations (squares, moves, Gravon squares, ranks, players, editions).

use stratego_core::gravon;
use stratego_core::{Edition, Game, Move, Numbering, ParseError, Player, Rank, Rules, Setup, Square};

use super::input::Input;
use super::invariants::{check_game, check_sample_world, play_some};
use super::play::rules_choice;

/// A refused text names what it was reading and a position inside the text.
fn check_error(e: &ParseError, what: &str, text: &str) {
    assert_eq!(e.what, what, "{e}");
    assert!(e.position <= text.len(), "error position {} past the end of {} bytes: {e}", e.position, text.len());
}

/// Rules text: a refusal is a `rules` parse error; accepted rules print to text that parses
/// back to equal rules, and random setups under them start a game that plays.
pub fn rules_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let rules: Rules = match text.parse() {
        Ok(r) => r,
        Err(e) => return check_error(&e, "rules", text),
    };
    let printed = rules.to_string();
    let again: Rules = printed.parse().unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
    assert!(again == rules, "{text:?} printed as {printed:?}, which reads as other rules");
    assert_eq!(again.to_string(), printed);
    let (red, blue) = Setup::random_pair(&rules, data.len() as u64);
    for s in [&red, &blue] {
        if let Err(e) = s.validate(&rules) {
            panic!("a random setup under {printed} is invalid: {e}");
        }
    }
    let mut game = Game::new(rules, red, blue).unwrap_or_else(|e| panic!("random setups under {printed}: {e}"));
    check_game(&game);
    let mut k = data.len();
    play_some(&mut game, 24, |n| {
        k = k.wrapping_mul(31).wrapping_add(7);
        k % n
    });
}

/// The first byte picks an edition and a player, the rest is setup text (one line, or a
/// collection of lines).
pub fn setup_text(data: &[u8]) {
    let mut input = Input::new(data);
    let choice = input.byte() as usize;
    let rules = Rules::edition(Edition::ALL[choice % Edition::ALL.len()]);
    let player = Player::ALL[(choice / Edition::ALL.len()) % 2];
    let Ok(text) = std::str::from_utf8(input.rest()) else { return };
    let lines = text.lines().count();
    let read: Vec<_> = Setup::read_collection(&rules, player, text).collect();
    assert!(read.len() <= lines);
    assert!(read.windows(2).all(|w| w[0].0 < w[1].0), "collection line numbers must increase");
    let setup = match Setup::parse(&rules, player, text) {
        Ok(s) => s,
        Err(e) => return check_error(&e, "setup", text),
    };
    assert_eq!(setup.player(), player);
    let printed = setup.to_text(&rules);
    assert_eq!(printed.len(), Setup::zone_squares(&rules, player).len());
    assert_eq!(Setup::parse(&rules, player, &printed).as_ref(), Ok(&setup), "{printed:?} does not read back");
    if setup.validate(&rules).is_ok() {
        let other = Setup::random(&rules, player.opponent(), 3);
        let (red, blue) = if player == Player::Red { (setup, other) } else { (other, setup) };
        let game = Game::new(rules, red, blue).unwrap_or_else(|e| panic!("a valid setup {printed:?}: {e}"));
        check_game(&game);
    }
}

/// The first bytes pick the rules (as in the `play` target: an edition and a variation, the
/// smallest and largest boards included) up to a newline; the rest is a position string.
pub fn position(data: &[u8]) {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(0);
    let Some(rules) = rules_choice(&mut Input::new(&data[..split])) else { return };
    let Ok(text) = std::str::from_utf8(&data[(split + 1).min(data.len())..]) else { return };
    let mut game = match Game::from_position(rules.clone(), text) {
        Ok(g) => g,
        Err(e) => return check_error(&e, "position", text),
    };
    let printed = game.position();
    let again = Game::from_position(rules, &printed).unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
    assert_eq!(again.position(), printed);
    check_game(&game);
    for viewer in Player::ALL {
        check_sample_world(&game, viewer, data.len() as u64);
    }
    let mut k = 0usize;
    play_some(&mut game, 6, |n| {
        k += 1;
        (k * 7919) % n
    });
}

/// Squares, moves, Gravon squares, ranks, players and editions: a refusal is a typed error
/// with a position in the text; anything accepted prints back to text that reads the same.
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match text.parse::<Square>() {
        Ok(sq) => assert_eq!(sq.to_string().parse::<Square>(), Ok(sq)),
        Err(e) => check_error(&e, "square", text),
    }
    match text.parse::<Move>() {
        Ok(m) => assert_eq!(m.to_string().parse::<Move>(), Ok(m)),
        Err(e) => check_error(&e, "move", text),
    }
    for numbering in [Numbering::Classic, Numbering::Modern] {
        match Move::parse_notation(text, numbering) {
            Ok(m) => assert_eq!(Move::parse_notation(&m.to_string(), numbering), Ok(m)),
            Err(e) => check_error(&e, "move", text),
        }
    }
    if let Ok(sq) = gravon::parse_square(text) {
        assert!(sq.col() < 10 && sq.row() < 10, "Gravon square {text:?} read as {sq} off the 10x10 board");
        assert_eq!(gravon::parse_square(&gravon::format_square(sq)).ok(), Some(sq));
    }
    match text.parse::<Rank>() {
        Ok(r) => assert_eq!(r.to_string().parse::<Rank>(), Ok(r)),
        Err(e) => check_error(&e, "rank", text),
    }
    if let Ok(p) = text.parse::<Player>() {
        assert_eq!(p.to_string().parse::<Player>().ok(), Some(p));
    }
    if let Ok(e) = text.parse::<Edition>() {
        assert_eq!(e.to_string().parse::<Edition>().ok(), Some(e));
    }
}
