//! Input size limits: a multi-megabyte input to every core parser gets its typed error at
//! once. "At once" is measured as work, not time: a counting allocator (per thread) shows
//! that the refusal allocates a few kilobytes at most (the input is neither copied nor parsed),
//! and inputs whose first bytes are already wrong show that the size check comes before any
//! parsing. Deep nesting gets an error, not a stack overflow, on a test thread's 2 MiB stack.

use crate::common::seeded_game;
use stratego_core::gravon::{self, GravonError};
use stratego_core::{
    Edition, Game, Move, ParseError, ParseErrorKind, Player, Record, RecordError, Rules, Setup, Square, Start,
    MAX_ERROR_TEXT, MAX_POSITION_TEXT, MAX_RECORD_JSON_BYTES, MAX_RECORD_PLIES, MAX_RULES_TEXT, MAX_SETUP_TEXT,
    MAX_XML_BYTES,
};

use crate::counting_alloc;
use counting_alloc::allocated;

/// What a refusal of a multi-megabyte input may allocate: the error and its bounded text.
const REFUSAL_BYTES: usize = 8 * 1024;

/// Eight mebibytes: far past every limit on a text that does not grow with a game.
const HUGE: usize = 8 << 20;

/// `text` repeated to `HUGE` bytes after `head`.
fn huge(head: &str, filler: &str) -> String {
    longer_than(HUGE - 1, head, filler)
}

/// `filler` repeated after `head` to more than `limit` bytes.
fn longer_than(limit: usize, head: &str, filler: &str) -> String {
    let mut s = String::with_capacity(limit + head.len() + filler.len());
    s.push_str(head);
    while s.len() <= limit {
        s.push_str(filler);
    }
    s
}

/// A size refusal: the parser's own error, of the size kind, at the limit, with a bounded copy
/// of the text.
fn assert_too_long(err: &ParseError, what: &str, limit: usize) {
    assert_eq!(err.what, what, "{err}");
    assert_eq!(err.kind(), ParseErrorKind::TooLarge, "{err}");
    assert!(stratego_core::limits::is_size_refusal(&err.reason), "{err}");
    assert_eq!(err.position, limit, "{err}");
    assert!(err.reason.contains("longer than the limit"), "{err}");
    assert!(err.text.len() <= MAX_ERROR_TEXT, "the error keeps {} bytes of the text", err.text.len());
}

/// The counter sees allocations, so the bounds below cannot pass vacuously.
#[test]
fn the_counter_counts() {
    let (bytes, v) = allocated(|| vec![0u8; 100_000]);
    assert!(bytes >= 100_000, "{bytes}");
    drop(v);
    // A well-formed but long rules text is read whole without the limit: it allocates.
    let (bytes, _) = allocated(|| "isf(chase=on)".parse::<Rules>());
    assert!(bytes > 0);
}

#[test]
fn rules_text_above_the_limit_is_refused_before_parsing() {
    // Valid settings all the way: only the length is wrong.
    let text = huge("isf(", "chase=on,");
    let (bytes, r) = allocated(|| text.parse::<Rules>());
    assert_too_long(&r.unwrap_err(), "rules", MAX_RULES_TEXT);
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
    // An unknown edition at byte 0: the length is still what is reported.
    let text = huge("nonsense(", "x");
    assert_too_long(&text.parse::<Rules>().unwrap_err(), "rules", MAX_RULES_TEXT);
    // Just under the limit, the text is read (and here refused for what it says).
    let fits = format!("isf({}chase=on)", " ".repeat(MAX_RULES_TEXT - 13));
    assert_eq!(fits.len(), MAX_RULES_TEXT);
    assert!(fits.parse::<Rules>().is_ok());
}

#[test]
fn setup_text_above_the_limit_is_refused_before_parsing() {
    let rules = Rules::edition(Edition::Isf);
    let text = huge("", "B");
    let (bytes, r) = allocated(|| Setup::parse(&rules, Player::Red, &text));
    assert_too_long(&r.unwrap_err(), "setup", MAX_SETUP_TEXT);
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
    // Each line of a collection has the same limit; the lines around it still read.
    let line = Setup::random(&rules, Player::Red, 1).to_text(&rules);
    let collection = format!("{line}\n{}\n{line}\n", "B".repeat(MAX_SETUP_TEXT + 1));
    let read: Vec<_> = Setup::read_collection(&rules, Player::Red, &collection).collect();
    assert_eq!(read.len(), 3);
    assert!(read[0].1.is_ok() && read[1].1.is_err() && read[2].1.is_ok());
}

#[test]
fn position_text_above_the_limit_is_refused_before_parsing() {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    // A valid full position, then megabytes of spaces.
    let text = huge(&game.position_full(), " ");
    let (bytes, r) = allocated(|| Game::from_position(rules.clone(), &text));
    assert_too_long(&r.unwrap_err(), "position", MAX_POSITION_TEXT);
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
    let text = huge("!", "A");
    assert_too_long(&Game::from_position(rules, &text).unwrap_err(), "position", MAX_POSITION_TEXT);
}

#[test]
fn gravon_xml_above_the_limit_is_refused_before_parsing() {
    let head = r#"<stratego><game type="classic"><field content="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"/>"#;
    let text = longer_than(MAX_XML_BYTES, head, r#"<move id="1" source="A4" target="A5"/>"#);
    let (bytes, r) = allocated(|| gravon::parse_xml(&text));
    assert_eq!(r.unwrap_err(), GravonError::TooLarge { len: text.len(), limit: MAX_XML_BYTES });
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
    // Broken markup at byte 0 is still refused for its size.
    let text = longer_than(MAX_XML_BYTES, "<<<", "<");
    assert!(matches!(gravon::parse_xml(&text), Err(GravonError::TooLarge { .. })));
}

#[test]
fn deeply_nested_xml_is_an_error_not_a_stack_overflow() {
    // 100,000 levels (600 KB, under the size limit) overflowed the stack before nesting was
    // bounded; the test thread's stack is 2 MiB.
    let depth = 100_000;
    let text = format!("{}{}", "<a>".repeat(depth), "</a>".repeat(depth));
    assert!(text.len() < MAX_XML_BYTES);
    let (bytes, r) = allocated(|| gravon::parse_xml(&text));
    assert!(r.is_err());
    assert!(bytes < 64 * 1024, "refusing allocated {bytes} bytes");
}

#[test]
fn squares_moves_and_ranks_keep_bounded_errors() {
    let text = huge("a1-", "1");
    for (what, err) in [
        ("square", text.parse::<Square>().unwrap_err()),
        ("move", text.parse::<Move>().unwrap_err()),
        ("rank", text.parse::<stratego_core::Rank>().unwrap_err()),
    ] {
        assert_eq!(err.what, what);
        assert!(err.text.len() <= MAX_ERROR_TEXT, "{what}: the error keeps {} bytes", err.text.len());
    }
    let (bytes, _) = allocated(|| text.parse::<Move>());
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
}

#[test]
fn records_with_too_many_moves_are_refused() {
    // Built in memory: refused before the rules (here invalid) are even read.
    let record = Record {
        rules: "nonsense".into(),
        start: Start::Position(String::new()),
        moves: vec!["a4-a5".parse().expect("a move"); MAX_RECORD_PLIES + 1],
        resigned: None,
    };
    let (bytes, r) = allocated(|| Game::from_record(&record).map(|_| ()).map_err(Box::new));
    assert_eq!(*r.unwrap_err(), RecordError::TooLong { plies: MAX_RECORD_PLIES + 1, limit: MAX_RECORD_PLIES });
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
}

#[test]
fn record_json_is_bounded_while_it_is_read() {
    // More moves than a record may hold: the reader stops at the limit, so memory is bounded
    // by the limit, not by the input.
    let mut json = String::from(r#"{"rules":"isf","start":{"position":"x"},"moves":["#);
    json.push_str(&"\"a4-a5\",".repeat(MAX_RECORD_PLIES + 10));
    json.push_str("\"a4-a5\"]}");
    assert!(json.len() < MAX_RECORD_JSON_BYTES);
    let (bytes, r) = allocated(|| serde_json::from_str::<Record>(&json));
    let err = r.unwrap_err().to_string();
    assert!(err.contains("more than"), "{err}");
    let move_bytes = MAX_RECORD_PLIES * std::mem::size_of::<Move>();
    assert!(bytes < 3 * move_bytes, "reading allocated {bytes} bytes for at most {move_bytes} bytes of moves");
    // A rules string past its limit is refused without being copied.
    let json = format!(r#"{{"rules":"{}","start":{{"position":"x"}},"moves":[]}}"#, "i".repeat(HUGE));
    let (bytes, r) = allocated(|| serde_json::from_str::<Record>(&json));
    assert!(r.is_err());
    assert!(bytes < REFUSAL_BYTES, "refusing allocated {bytes} bytes");
    // Deep nesting stops at serde_json's recursion limit.
    let json = format!(r#"{{"rules":"isf","start":{}"#, "[".repeat(1 << 20));
    assert!(serde_json::from_str::<Record>(&json).is_err());
}

#[test]
fn the_limits_are_far_above_what_the_engine_writes() {
    use stratego_core::{Battle, Rank};
    // Every battle result changed and lakes on every square outside the zones.
    let mut b = Rules::builder().board(16, 8).setup_rows(3);
    for a in Rank::ALL {
        for d in Rank::ALL {
            b = b.battle(a, d, Battle::BothDie);
        }
    }
    let lakes: Vec<Square> = (0..16).flat_map(|c| [Square::new(c, 3), Square::new(c, 4)]).collect();
    let rules = b.lakes(lakes).build().expect("rules with every battle a trade");
    let text = rules.to_string();
    assert!(text.len() * 2 < MAX_RULES_TEXT, "{} bytes", text.len());
    assert_eq!(text.parse::<Rules>().expect("printed rules read back"), rules);
    let setup = Setup::random(&rules, Player::Red, 1).to_text(&rules);
    assert!(setup.len() * 8 < MAX_SETUP_TEXT);
    let mut game = seeded_game(&rules, 1, 2);
    game.playout(3, 300);
    let full = game.position_full();
    assert!(full.len() * 8 < MAX_POSITION_TEXT, "{} bytes", full.len());
    assert!(Game::from_position(rules, &full).is_ok());
}
