//! Unit tests of the reader and writer.

use super::*;
use crate::{Player, Square};

const FIELD: &str =
    "EEBMBEFBDEBGIBHGBIDEGJDFDHCDJGDHDLIFKFDHAA__AA__AAAA__AA__AARNTOPTWNPSPNVPVPSPUXNQTQQPYRNNRQUPTSQSUR";

/// A record in the exact archive layout.
fn sample_text() -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"classic\">\n  \n  \
         <field content=\"{FIELD}\"/>\n  \
         <move id=\"1\" source=\"F4\" target=\"F5\"/>\n  \
         <move id=\"2\" source=\"E7\" target=\"E6\"/>\n  \
         <player id=\"1\">Player 1</player>\n  \
         <player id=\"2\">Player 2</player>\n  \
         <result type=\"1\" winner=\"2\"/>\n </game>\n</stratego>"
    )
}

fn sq(s: &str) -> Square {
    parse_square(s).unwrap()
}

fn sample_record() -> GameRecord {
    GameRecord {
        game_type: GameType::Classic,
        field: Some(FIELD.to_string()),
        moves: vec![
            GravonMove { ply: 1, from: sq("F4"), to: sq("F5"), rescue: None },
            GravonMove { ply: 2, from: sq("E7"), to: sq("E6"), rescue: None },
        ],
        players: ["Player 1".into(), "Player 2".into()],
        result: Some(GravonResult { kind: ResultKind::FlagCaptured, winner: Some(Player::Blue) }),
    }
}

/// Minimal game wrapper around some inner elements.
fn game(inner: &str) -> String {
    format!("<stratego><game type=\"classic\">{inner}</game></stratego>")
}

fn roundtrip(r: &GameRecord) {
    assert_eq!(parse_xml(&to_xml(r)).as_ref(), Ok(r), "{}", to_xml(r));
}

// --- squares -------------------------------------------------------------------------

#[test]
fn squares_parse_and_format() {
    assert_eq!(sq("A1"), Square::new(0, 0));
    assert_eq!(sq("K:"), Square::new(9, 9));
    assert_eq!(sq("I9"), Square::new(8, 8));
    assert_eq!(sq("F4"), Square::new(5, 3));
    assert_eq!(format_square(Square::new(9, 9)), "K:");
    assert_eq!(format_square(Square::new(0, 0)), "A1");
    assert_eq!(format_square(Square::new(8, 4)), "I5");
    for col in 0..10 {
        for row in 0..10 {
            let s = Square::new(col, row);
            assert_eq!(parse_square(&format_square(s)), Ok(s));
        }
    }
    assert_eq!(format_square(Square::new(10, 10)), "??");
}

#[test]
fn squares_tolerated_spellings() {
    assert_eq!(sq("J2"), Square::new(9, 1), "J is read as K");
    assert_eq!(sq("J:"), Square::new(9, 9));
    assert_eq!(sq("k10"), Square::new(9, 9));
    assert_eq!(sq(" b3 "), Square::new(1, 2));
}

#[test]
fn squares_rejected() {
    for bad in ["", "A", "L1", "A0", "A11", "1A", "AA", "A;", "K:x", "Ä1", "A١"] {
        assert_eq!(parse_square(bad), Err(GravonError::BadCoordinate { text: bad.into(), line: None }), "{bad:?}");
    }
}

// --- enums -----------------------------------------------------------------------------

#[test]
fn game_type_spellings() {
    let all = [
        (GameType::Classic, "classic"),
        (GameType::Barrage, "barrage"),
        (GameType::ClassicFree, "classicfree"),
        (GameType::Duell, "duell"),
        (GameType::UltimateLightning, "ultimate lightning"),
        (GameType::Other("speed".into()), "speed"),
    ];
    for (t, s) in all {
        assert_eq!(t.to_string(), s);
        assert_eq!(s.parse::<GameType>(), Ok(t));
    }
    assert_eq!("Classic".parse::<GameType>(), Ok(GameType::Other("Classic".into())));
}

#[test]
fn result_codes() {
    for code in [0, 1, 2, 3, 4, 10, 11, 12, 13, 14] {
        let kind = ResultKind::from_code(code);
        assert!(!matches!(kind, ResultKind::Other(_)), "{code}");
        assert_eq!(kind.code(), code);
    }
    assert_eq!(ResultKind::from_code(0), ResultKind::NoMoves);
    assert_eq!(ResultKind::from_code(14), ResultKind::OpponentGone);
    assert_eq!(ResultKind::from_code(7), ResultKind::Other(7));
    assert_eq!(ResultKind::Other(7).code(), 7);
}

// --- happy path and layout -----------------------------------------------------------

#[test]
fn parses_archive_layout() {
    assert_eq!(parse_xml(&sample_text()), Ok(sample_record()));
}

#[test]
fn writes_archive_layout_byte_for_byte() {
    assert_eq!(to_xml(&sample_record()), sample_text());
}

#[test]
fn rescue_layout_and_roundtrip() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n <game type=\"ultimate lightning\">\n  \n  \
                <move id=\"1\" source=\"E2\" target=\"E1\">   <rescue rescuefield=\"K8\" rescuepiece=\"13\"/>\n  </move>\n  \
                <player id=\"1\">Player 1</player>\n  <player id=\"2\">Player 2</player>\n </game>\n</stratego>";
    let r = parse_xml(text).unwrap();
    assert_eq!(r.game_type, GameType::UltimateLightning);
    assert_eq!(r.moves[0].rescue, Some(Rescue { square: Square::new(9, 7), piece: 13 }));
    assert_eq!(r.field, None);
    assert_eq!(r.result, None);
    assert_eq!(to_xml(&r), text);
    roundtrip(&r);
}

#[test]
fn roundtrip_variants() {
    let mut r = sample_record();
    roundtrip(&r);
    r.game_type = GameType::Other("speed \"x\" & <y>".into());
    r.players = ["A & B <c> \"d\" 'e'".into(), "  spaced\nname  ".into()];
    r.field = Some(FIELD.replace('A', "a"));
    r.result = Some(GravonResult { kind: ResultKind::Other(99), winner: None });
    roundtrip(&r);
    r.field = None;
    r.result = None;
    r.moves.clear();
    r.players = [String::new(), String::new()];
    roundtrip(&r);
    for code in [0, 1, 2, 3, 4, 10, 11, 12, 13, 14] {
        for winner in [Some(Player::Red), Some(Player::Blue), None] {
            r.result = Some(GravonResult { kind: ResultKind::from_code(code), winner });
            roundtrip(&r);
        }
    }
}

#[test]
fn j_column_is_read_as_k_and_written_as_k() {
    let text = game(r#"<move id="1" source="J2" target="J1"><rescue rescuefield="J:" rescuepiece="3"/></move>"#);
    let r = parse_xml(&text).unwrap();
    assert_eq!(r.moves[0].from, Square::new(9, 1));
    assert_eq!(r.moves[0].to, Square::new(9, 0));
    assert_eq!(r.moves[0].rescue.unwrap().square, Square::new(9, 9));
    let out = to_xml(&r);
    assert!(out.contains(r#"source="K2" target="K1""#) && out.contains(r#"rescuefield="K:""#));
    roundtrip(&r);
}

// --- quirks tolerated ------------------------------------------------------------------

#[test]
fn attribute_order_quotes_and_whitespace() {
    let text = "\u{feff}<?xml version='1.0'?>\r\n<!-- archive -->\r\n<!DOCTYPE stratego [ <!ENTITY x \"y>\"> ]>\r\n\
                <STRATEGO>\r\n\t<game   type = 'classic' >\r\n\r\n\r\n\
                <field\n content=\" FIELD \" />\
                <move target=\"F5\" source='F4' id = 1 />\
                <Move ID=\"2\"\tSOURCE=\"E7\"\ntarget=\"E6\"></Move>\
                <result winner=\"2\" type=\" 1 \"/>\
                <player id=\"2\">Player 2</player><player id='1'>Player 1</player>\
                </game ></STRATEGO>\r\n"
        .replace("FIELD", FIELD);
    assert_eq!(parse_xml(&text), Ok(sample_record()));
}

#[test]
fn entities_in_names() {
    let text = game(
        r#"<player id="1">Tom &amp; Jerry &lt;3 &quot;x&quot; &apos;y&apos; &#65;&#x42;</player>
           <player id="2">R&D &nbsp; &#xD800; &amp</player>"#,
    );
    let r = parse_xml(&text).unwrap();
    assert_eq!(r.players[0], "Tom & Jerry <3 \"x\" 'y' AB");
    assert_eq!(r.players[1], "R&D &nbsp; &#xD800; &amp", "unknown references stay literal");
    roundtrip(&r);
}

#[test]
fn cdata_and_comments_in_names() {
    let text = game(r#"<player id="1"><![CDATA[a<b>&c]]></player><player id="2">x<!-- c -->y</player>"#);
    let r = parse_xml(&text).unwrap();
    assert_eq!(r.players, ["a<b>&c".to_string(), "xy".to_string()]);
    roundtrip(&r);
}

#[test]
fn missing_field_players_and_result() {
    let r = parse_xml(&game("")).unwrap();
    assert_eq!(
        r,
        GameRecord {
            game_type: GameType::Classic,
            field: None,
            moves: vec![],
            players: [String::new(), String::new()],
            result: None
        }
    );
    roundtrip(&r);
}

#[test]
fn unknown_game_type_result_code_and_elements() {
    let text = r#"<stratego><game type=" speed " extra="1"><clock t="5"/><move id="1" source="A4" target="A5" time="3"><note>x</note></move><result type="42" winner="3"/></game></stratego>"#;
    let r = parse_xml(text).unwrap();
    assert_eq!(r.game_type, GameType::Other("speed".into()));
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.result, Some(GravonResult { kind: ResultKind::Other(42), winner: None }));
    roundtrip(&r);
}

#[test]
fn game_without_stratego_wrapper() {
    let r = parse_xml(r#"<game type="barrage"><result type="3" winner="1"/></game>"#).unwrap();
    assert_eq!(r.game_type, GameType::Barrage);
    assert_eq!(r.result.unwrap().winner, Some(Player::Red));
}

#[test]
fn lowercase_a_in_field() {
    let field = FIELD.replace('A', "a");
    let r = parse_xml(&game(&format!(r#"<field content="{field}"/>"#))).unwrap();
    assert_eq!(r.field.as_deref(), Some(field.as_str()));
}

// --- errors ----------------------------------------------------------------------------

fn err(text: &str) -> GravonError {
    parse_xml(text).unwrap_err()
}

#[test]
fn error_not_xml() {
    for text in [
        "",
        "hello world",
        "<?xml version=\"1.0\"?>",
        "<a><!-- never ends",
        "<a><![CDATA[x</a>",
        "<!DOCTYPE x",
        "<a b=\"1></a>",
        "<a b=\"1\"",
        "</a>",
        "<a></a",
        "<a>1 < 2</a>",
        "<1a/>",
        "<a \"x\"/>",
    ] {
        assert!(matches!(err(text), GravonError::NotXml { .. }), "{text:?}");
    }
    assert_eq!(
        err("<stratego>\n  <game type=\"classic\">\n <x =\"1\"/>"),
        GravonError::NotXml { line: 3, column: 5, reason: "unexpected character in tag <x>".into() }
    );
}

#[test]
fn error_mismatched_and_unclosed() {
    assert_eq!(
        err("<stratego>\n<game type=\"classic\">\n</stratego>"),
        GravonError::MismatchedTag { line: 3, expected: "game".into(), found: "stratego".into() }
    );
    // A truncated file.
    let text = sample_text();
    let cut = &text[..text.find("  <player").unwrap()];
    assert_eq!(err(cut), GravonError::Unclosed { element: "game".into(), line: 3 });
}

#[test]
fn error_missing_game() {
    assert_eq!(err("<stratego></stratego>"), GravonError::MissingGame);
    assert_eq!(err("<stratego><gameX type=\"classic\"/></stratego>"), GravonError::MissingGame);
}

#[test]
fn error_duplicates() {
    assert_eq!(
        err("<stratego>\n<game type=\"classic\"/>\n<game type=\"classic\"/></stratego>"),
        GravonError::Duplicate { element: "game".into(), line: 3 }
    );
    let f = format!(r#"<field content="{FIELD}"/>"#);
    assert!(matches!(err(&game(&format!("{f}{f}"))), GravonError::Duplicate { element, .. } if element == "field"));
    let res = r#"<result type="1" winner="1"/>"#;
    assert!(
        matches!(err(&game(&format!("{res}{res}"))), GravonError::Duplicate { element, .. } if element == "result")
    );
    let p = r#"<player id="2">x</player>"#;
    assert!(
        matches!(err(&game(&format!("{p}{p}"))), GravonError::Duplicate { element, .. } if element == "player id=\"2\"")
    );
    let mv = r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1" rescuepiece="1"/><rescue rescuefield="A1" rescuepiece="1"/></move>"#;
    assert!(matches!(err(&game(mv)), GravonError::Duplicate { element, .. } if element == "rescue"));
}

#[test]
fn error_missing_attributes() {
    let cases = [
        ("<game/>", "game", "type"),
        ("<game type=\"classic\"><field/></game>", "field", "content"),
        (&game(r#"<move source="A4" target="A5"/>"#), "move", "id"),
        (&game(r#"<move id="1" target="A5"/>"#), "move", "source"),
        (&game(r#"<move id="1" source="A4"/>"#), "move", "target"),
        (&game(r#"<move id="1" source="A4" target="A5"><rescue rescuepiece="1"/></move>"#), "rescue", "rescuefield"),
        (&game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1"/></move>"#), "rescue", "rescuepiece"),
        (&game("<player>x</player>"), "player", "id"),
        (&game(r#"<result winner="1"/>"#), "result", "type"),
        (&game(r#"<result type="1"/>"#), "result", "winner"),
    ];
    for (text, element, attribute) in cases {
        match err(text) {
            GravonError::MissingAttribute { element: e, attribute: a, .. } => {
                assert_eq!((e, a), (element, attribute), "{text}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn error_bad_attributes() {
    let cases = [
        (game(r#"<move id="one" source="A4" target="A5"/>"#), "move", "id", "one"),
        (game(r#"<move id="-1" source="A4" target="A5"/>"#), "move", "id", "-1"),
        (game(r#"<player id="3">x</player>"#), "player", "id", "3"),
        (
            game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="A1" rescuepiece="300"/></move>"#),
            "rescue",
            "rescuepiece",
            "300",
        ),
    ];
    for (text, element, attribute, value) in cases {
        assert_eq!(
            err(&text),
            GravonError::BadAttribute { element, attribute, value: value.into(), line: 1 },
            "{text}"
        );
    }
}

#[test]
fn error_bad_coordinates() {
    assert_eq!(
        err("<game type=\"classic\">\n<move id=\"1\" source=\"L4\" target=\"A5\"/></game>"),
        GravonError::BadCoordinate { text: "L4".into(), line: Some(2) }
    );
    assert_eq!(
        err(&game(r#"<move id="1" source="A4" target="A0"/>"#)),
        GravonError::BadCoordinate { text: "A0".into(), line: Some(1) }
    );
    assert_eq!(
        err(&game(r#"<move id="1" source="A4" target="A5"><rescue rescuefield="Z9" rescuepiece="1"/></move>"#)),
        GravonError::BadCoordinate { text: "Z9".into(), line: Some(1) }
    );
}

#[test]
fn error_bad_field() {
    assert_eq!(
        err(&game(&format!(r#"<field content="{}"/>"#, &FIELD[..99]))),
        GravonError::BadFieldLength { len: 99, line: 1 }
    );
    assert_eq!(
        err(&game(&format!(r#"<field content="{FIELD}A"/>"#))),
        GravonError::BadFieldLength { len: 101, line: 1 }
    );
    assert_eq!(err(&game(r#"<field content=""/>"#)), GravonError::BadFieldLength { len: 0, line: 1 });
    let mut bad = FIELD.to_string();
    bad.replace_range(7..8, "Z");
    assert_eq!(
        err(&game(&format!(r#"<field content="{bad}"/>"#))),
        GravonError::BadFieldChar { ch: 'Z', index: 7, line: 1 }
    );
    bad.replace_range(7..8, "b");
    assert!(matches!(
        err(&game(&format!(r#"<field content="{bad}"/>"#))),
        GravonError::BadFieldChar { ch: 'b', index: 7, .. }
    ));
}

#[test]
fn error_move_order() {
    let mv = |id: u32| format!(r#"<move id="{id}" source="A4" target="A5"/>"#);
    assert_eq!(err(&game(&mv(2))), GravonError::MoveOutOfOrder { expected: 1, found: 2, line: 1 });
    assert!(matches!(
        err(&game(&format!("{}{}{}", mv(1), mv(3), mv(2)))),
        GravonError::MoveOutOfOrder { expected: 2, found: 3, .. }
    ));
    assert!(matches!(
        err(&game(&format!("{}{}", mv(1), mv(1)))),
        GravonError::MoveOutOfOrder { expected: 2, found: 1, .. }
    ));
    assert!(matches!(err(&game(&mv(0))), GravonError::MoveOutOfOrder { expected: 1, found: 0, .. }));
}

#[test]
fn error_result() {
    assert_eq!(
        err(&game(r#"<result type="x" winner="1"/>"#)),
        GravonError::BadResultCode { text: "x".into(), line: 1 }
    );
    assert_eq!(
        err(&game(r#"<result type="-1" winner="1"/>"#)),
        GravonError::BadResultCode { text: "-1".into(), line: 1 }
    );
    for w in ["0", "4", "red", ""] {
        assert_eq!(
            err(&game(&format!(r#"<result type="1" winner="{w}"/>"#))),
            GravonError::BadWinner { text: w.into(), line: 1 }
        );
    }
}

/// Random corruptions (cut, delete, insert, duplicate, multibyte characters) never panic,
/// and whatever still parses still round-trips.
#[test]
fn corrupted_input_never_panics() {
    let base = sample_text().replace(
        "<move id=\"2\" source=\"E7\" target=\"E6\"/>",
        "<move id=\"2\" source=\"E7\" target=\"E6\">   <rescue rescuefield=\"K8\" rescuepiece=\"13\"/>\n  </move>\n  <!-- c --><![CDATA[x]]>",
    );
    let pieces = [
        "<", ">", "/", "\"", "'", "&", "&amp;", "&#", ";", "=", " ", "\n", "é", "\u{feff}", "]]>", "<!", "?>", "J", ":",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut parsed = 0;
    for _ in 0..5000 {
        let mut text = base.clone();
        for _ in 0..1 + next(3) {
            let mut at = next(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match next(4) {
                0 => text.truncate(at),
                1 => {
                    let mut end = (at + 1 + next(8)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                }
                2 => text.insert_str(at, pieces[next(pieces.len())]),
                _ => {
                    let copy = text[at..].chars().take(next(40)).collect::<String>();
                    text.insert_str(at, &copy);
                }
            }
        }
        if let Ok(r) = parse_xml(&text) {
            parsed += 1;
            roundtrip(&r);
        }
    }
    assert!(parsed > 0);
}

#[test]
fn error_messages_name_the_problem() {
    let e = parse_square("L4").unwrap_err();
    assert_eq!(e.to_string(), "bad coordinate \"L4\"");
    let e = GravonError::BadCoordinate { text: "L4".into(), line: Some(7) };
    assert_eq!(e.to_string(), "bad coordinate \"L4\" at line 7");
    let e = GravonError::BadFieldLength { len: 99, line: 5 };
    assert_eq!(e.to_string(), "line 5: field has 99 characters, expected exactly 100");
    assert_eq!(GravonError::MissingGame.to_string(), "no <game> element");
}

/// `depth` nested elements named `name`, opened and closed.
fn nested(name: &str, depth: usize) -> String {
    let mut text = String::with_capacity(depth * (2 * name.len() + 5));
    for _ in 0..depth {
        text.push('<');
        text.push_str(name);
        text.push('>');
    }
    for _ in 0..depth {
        text.push_str("</");
        text.push_str(name);
        text.push('>');
    }
    text
}

#[test]
fn deep_nesting_is_refused_without_exhausting_the_stack() {
    // Deep but within MAX_XML_BYTES (past it, the size is refused first).
    for depth in [100, 100_000] {
        // A thread with the default 2 MB stack: recursion over the depth would overflow it.
        let text = nested("a", depth);
        let result = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || parse_xml(&text))
            .expect("thread starts")
            .join()
            .expect("no stack overflow");
        assert_eq!(result, Err(GravonError::TooDeep { limit: MAX_DEPTH, line: 1 }), "depth {depth}");
    }
    // Also when the deep part is unclosed or sits inside a real record.
    let text = game(&"<x>".repeat(300_000));
    assert!(matches!(parse_xml(&text), Err(GravonError::TooDeep { limit: MAX_DEPTH, .. })));
    let text = nested("a", 1_000_000);
    assert!(text.len() < crate::MAX_XML_BYTES);
    assert!(matches!(parse_xml(&text), Err(GravonError::TooDeep { limit: MAX_DEPTH, .. })));
    let text = nested("a", crate::MAX_XML_BYTES / 7 + 1);
    assert!(matches!(parse_xml(&text), Err(GravonError::TooLarge { .. })));
}

#[test]
fn nesting_up_to_the_limit_is_read() {
    // The record inside MAX_DEPTH - 3 wrappers: stratego, game and player make up the rest.
    let wrappers = MAX_DEPTH - 3;
    let text =
        format!("{}{}{}", "<w>".repeat(wrappers), game("<player id=\"1\">ann</player>"), "</w>".repeat(wrappers));
    assert_eq!(parse_xml(&text).expect("within the limit").players[0], "ann");
    let deeper = format!("<w>{text}</w>");
    assert!(matches!(parse_xml(&deeper), Err(GravonError::TooDeep { .. })));
}

#[test]
fn a_game_inside_a_game_is_an_error() {
    let text = "<stratego>\n<game type=\"classic\">\n<game type=\"barrage\"></game></game></stratego>";
    assert_eq!(parse_xml(text), Err(GravonError::NestedGame { line: 3, outer: 2 }));
    let deeper = "<game type=\"classic\"><x><y><game type=\"classic\"/></y></x></game>";
    assert_eq!(parse_xml(deeper), Err(GravonError::NestedGame { line: 1, outer: 1 }));
    // Two games side by side stay a duplicate, as before.
    let side = "<s><game type=\"classic\"/>\n<game type=\"classic\"/></s>";
    assert_eq!(parse_xml(side), Err(GravonError::Duplicate { element: "game".into(), line: 2 }));
}
