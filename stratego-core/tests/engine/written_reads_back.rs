//! Everything the engine writes for a game it lets you play, it reads back: each limit that
//! grows with a game (record JSON, view JSON, Gravon XML) holds the worst case text of a game
//! of `MAX_RECORD_PLIES` history entries, built here synthetically at full size, and one
//! byte or one entry more is refused with the size error. The per-entry figures the limits
//! are derived from are checked against what the writers really print.

use stratego_core::gravon::{self, GameRecord, GameType, GravonError, GravonMove, Rescue};
use stratego_core::limits::{
    self, is_size_refusal, position_text_len, MAX_MOVE_TEXT, MAX_NOTATION_TEXT, MAX_PLAYER_NAME,
    MAX_POSITION_TEXT_SHORT, RECORD_JSON_BYTES_PER_ENTRY, VIEW_JSON_BYTES_PER_ENTRY, XML_BYTES_PER_ENTRY,
};
use stratego_core::{
    Battle, BattleReport, Edition, Game, Move, Numbering, ParseErrorKind, Player, PublicMove, Rank, Record, Rules,
    Start, ViewRecord, MAX_POSITION_TEXT, MAX_RECORD_JSON_BYTES, MAX_RECORD_PLIES, MAX_RULES_TEXT, MAX_SQUARES,
    MAX_VIEW_JSON_BYTES, MAX_XML_BYTES,
};

/// The longest move text: a rescue of the rank with the longest name onto a two-digit rank.
fn longest_move() -> Move {
    Move::rescue(Rank::Lieutenant, "p16".parse().expect("a square"))
}

#[test]
fn the_longest_move_and_notation_are_the_stated_sizes() {
    let longest = Rank::ALL.iter().map(|r| r.name().len()).max().expect("ranks");
    assert_eq!(longest, limits::MAX_RANK_NAME);
    assert_eq!(longest_move().to_string().len(), MAX_MOVE_TEXT);
    assert_eq!(longest_move().to_string().parse::<Move>(), Ok(longest_move()));
    // On the standard board the same length is reached (`j10` is three bytes too).
    assert_eq!(Move::rescue(Rank::Lieutenant, "j10".parse().expect("a square")).to_string().len(), MAX_MOVE_TEXT);
    // A battle's notation, with the longest labels, stays within it.
    for numbering in [Numbering::Classic, Numbering::Modern] {
        let label = Rank::ALL.iter().map(|&r| numbering.label(r).len()).max().expect("ranks");
        let battle = format!("{l} p16xp15 ({l})", l = "1".repeat(label));
        assert!(battle.len() <= MAX_NOTATION_TEXT, "{battle}");
    }
}

#[test]
fn the_per_entry_figures_are_what_the_writers_print() {
    let json = serde_json::to_string(&longest_move()).expect("a move serializes");
    assert_eq!(json.len() + 1, RECORD_JSON_BYTES_PER_ENTRY, "{json}");
    let entry = PublicMove {
        mv: longest_move(),
        player: Player::Blue,
        battle: Some(BattleReport { attacker: Rank::Lieutenant, defender: Rank::Lieutenant, result: Battle::BothDie }),
    };
    let json = serde_json::to_string(&entry).expect("a public move serializes");
    assert!(json.len() < VIEW_JSON_BYTES_PER_ENTRY, "{} bytes: {json}", json.len());
    let entry =
        PublicMove { battle: Some(BattleReport { result: Battle::AttackerWins, ..entry.battle.unwrap() }), ..entry };
    let json = serde_json::to_string(&entry).expect("a public move serializes");
    assert_eq!(json.len() + 1, VIEW_JSON_BYTES_PER_ENTRY, "{json}");
    // Gravon: a plain move with a 7-digit id, and a move with a rescue inside (two entries).
    let plain = xml_with(vec![gravon_move(MAX_RECORD_PLIES as u32, None)], ["", ""]);
    let rescue = xml_with(vec![gravon_move(MAX_RECORD_PLIES as u32, Some(24))], ["", ""]);
    let empty = xml_with(Vec::new(), ["", ""]);
    assert_eq!(plain.len() - empty.len(), 47);
    assert_eq!(rescue.len() - empty.len(), 102);
    assert_eq!(XML_BYTES_PER_ENTRY, (rescue.len() - empty.len()) / 2);
}

fn gravon_move(ply: u32, rescue: Option<u8>) -> GravonMove {
    let k10 = gravon::parse_square("K:").expect("a Gravon square");
    GravonMove { ply, from: k10, to: k10, rescue: rescue.map(|piece| Rescue { square: k10, piece }) }
}

fn xml_with(moves: Vec<GravonMove>, players: [&str; 2]) -> String {
    let field = "B".repeat(gravon::FIELD_LEN);
    gravon::to_xml(&GameRecord {
        game_type: GameType::UltimateLightning,
        field: Some(field),
        moves,
        players: players.map(str::to_string),
        result: Some(gravon::GravonResult { kind: gravon::ResultKind::Other(255), winner: None }),
    })
}

#[test]
fn the_largest_record_json_reads_back_and_one_byte_more_is_refused() {
    let record = Record {
        rules: "i".repeat(MAX_RULES_TEXT),
        start: Start::Position("p".repeat(MAX_POSITION_TEXT)),
        moves: vec![longest_move(); MAX_RECORD_PLIES],
        resigned: Some(Player::Blue),
    };
    let json = serde_json::to_string(&record).expect("records serialize");
    assert!(json.len() <= MAX_RECORD_JSON_BYTES, "{} bytes over {MAX_RECORD_JSON_BYTES}", json.len());
    assert!(limits::check_record_json(&json).is_ok());
    let back: Record = serde_json::from_str(&json).expect("the largest record reads back");
    assert_eq!(back, record);
    // Padded to the limit it is still read; one byte more is a size refusal.
    let pad = MAX_RECORD_JSON_BYTES - json.len();
    let mut padded = json + &" ".repeat(pad);
    assert!(limits::check_record_json(&padded).is_ok());
    padded.push(' ');
    let err = limits::check_record_json(&padded).unwrap_err();
    assert_eq!((err.kind(), err.position), (ParseErrorKind::TooLarge, MAX_RECORD_JSON_BYTES));
    assert!(err.reason.contains(&format!("({} bytes)", MAX_RECORD_JSON_BYTES + 1)), "{err}");
    // One entry more is refused by the reader, with a message a front door recognises.
    let mut longer = record;
    longer.moves.push(longest_move());
    let json = serde_json::to_string(&longer).expect("records serialize");
    let err = serde_json::from_str::<Record>(&json).unwrap_err().to_string();
    assert!(is_size_refusal(&err), "{err}");
    let err = Game::from_record(&longer).unwrap_err();
    assert!(err.is_too_large() && is_size_refusal(&err.to_string()), "{err}");
}

#[test]
fn the_largest_view_json_reads_back_and_one_byte_more_is_refused() {
    let entry = PublicMove {
        mv: longest_move(),
        player: Player::Blue,
        battle: Some(BattleReport {
            attacker: Rank::Lieutenant,
            defender: Rank::Lieutenant,
            result: Battle::AttackerWins,
        }),
    };
    let record = ViewRecord {
        rules: "i".repeat(MAX_RULES_TEXT),
        player: Player::Blue,
        position: "p".repeat(MAX_POSITION_TEXT),
        history: vec![entry; MAX_RECORD_PLIES],
    };
    let json = serde_json::to_string(&record).expect("view records serialize");
    assert!(json.len() <= MAX_VIEW_JSON_BYTES, "{} bytes over {MAX_VIEW_JSON_BYTES}", json.len());
    assert!(limits::check_view_json(&json).is_ok());
    let back: ViewRecord = serde_json::from_str(&json).expect("the largest view record reads back");
    assert_eq!(back.history.len(), MAX_RECORD_PLIES);
    drop(back);
    let pad = MAX_VIEW_JSON_BYTES + 1 - json.len();
    let padded = json + &" ".repeat(pad);
    assert!(limits::check_view_json(&padded[..MAX_VIEW_JSON_BYTES]).is_ok());
    assert!(limits::check_view_json(&padded).unwrap_err().is_too_large());
    drop(padded);
    let mut longer = record;
    longer.history.push(entry);
    let json = serde_json::to_string(&longer).expect("view records serialize");
    let err = serde_json::from_str::<ViewRecord>(&json).unwrap_err().to_string();
    assert!(is_size_refusal(&err), "{err}");
    let err = stratego_core::PlayerView::from_record(&longer).unwrap_err();
    assert!(err.is_too_large() && is_size_refusal(&err.to_string()), "{err}");
}

#[test]
fn the_largest_gravon_xml_reads_back_and_one_byte_more_is_refused() {
    // Names that escape to six bytes each, and every entry at its 7-digit worst.
    let name = "\"".repeat(MAX_PLAYER_NAME);
    let moves: Vec<GravonMove> = (1..=MAX_RECORD_PLIES as u32).map(|ply| gravon_move(ply, None)).collect();
    let xml = xml_with(moves, [&name, &name]);
    assert!(xml.len() <= MAX_XML_BYTES, "{} bytes over {MAX_XML_BYTES}", xml.len());
    let record = gravon::parse_xml(&xml).expect("the largest XML reads back");
    assert_eq!(record.moves.len(), MAX_RECORD_PLIES);
    assert_eq!(record.players, [name.clone(), name]);
    drop(record);
    // Padded to the limit with a trailing comment it still reads; one byte more is refused.
    let pad = MAX_XML_BYTES - xml.len() - "<!---->".len();
    let at_limit = format!("{xml}<!--{}-->", " ".repeat(pad));
    assert_eq!(at_limit.len(), MAX_XML_BYTES);
    assert!(gravon::parse_xml(&at_limit).is_ok());
    let over = at_limit + " ";
    let err = gravon::parse_xml(&over).unwrap_err();
    assert_eq!(err, GravonError::TooLarge { len: MAX_XML_BYTES + 1, limit: MAX_XML_BYTES });
    assert!(is_size_refusal(&err.to_string()));
}

#[test]
fn from_game_cuts_long_names_so_the_xml_fits() {
    let game = Game::random(Rules::edition(Edition::Isf), 5);
    let long = "é".repeat(MAX_PLAYER_NAME); // two bytes each
    let record = gravon::from_game(&game, [&long, "blue"]).expect("ISF is a Gravon game");
    assert_eq!(record.players[0], "é".repeat(MAX_PLAYER_NAME / 2));
    assert_eq!(record.players[1], "blue");
}

/// The largest ply a position text may start a game at (`Game::from_position` refuses more).
const LARGEST_START_PLY: u32 = 1 << 30;

#[test]
fn position_text_lengths_are_as_stated() {
    let rules = Rules::edition(Edition::Isf);
    let game = Game::random(rules.clone(), 3);
    let letters = &game.position()[..rules.num_squares()];
    for ply in [0, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, MAX_RECORD_PLIES as u32, LARGEST_START_PLY] {
        let text = format!("{letters} r {ply}");
        let at = Game::from_position(rules.clone(), &text).expect("a position at any ply reads");
        assert_eq!(at.position().len(), position_text_len(rules.num_squares(), ply), "ply {ply}");
    }
    // The figures: 106 bytes with the NUL hold a position up to ply 99, 107 from 100,
    // 108 at 9,999.
    assert_eq!(position_text_len(100, 99) + 1, 106);
    assert_eq!(position_text_len(100, 100) + 1, 107);
    assert_eq!(position_text_len(100, 9_999) + 1, 108);
    assert_eq!(position_text_len(MAX_SQUARES, u32::MAX), MAX_POSITION_TEXT_SHORT);
    // The largest board at the largest ply: exactly the stated maximum.
    let big = Rules::builder().board(16, 8).setup_rows(3).build().expect("a 16x8 board");
    let game = Game::random(big.clone(), 4);
    let text = format!("{} r {LARGEST_START_PLY}", &game.position()[..big.num_squares()]);
    let at = Game::from_position(big, &text).expect("a position at the largest ply reads");
    assert_eq!(at.position().len(), MAX_POSITION_TEXT_SHORT);
}

#[test]
fn the_full_position_stays_far_under_its_limit_however_long_the_game() {
    // The largest board with every repetition rule, played long without battles (random play
    // with battles ends within a few thousand plies): the full text holds every piece's flags
    // and start square, the captures and the repetition rules' state, and does not grow with
    // the ply.
    let rules = Rules::builder().board(16, 8).setup_rows(3).build().expect("a 16x8 board");
    let mut game = Game::random(rules.clone(), 9);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut longest = 0;
    for ply in 0..20_000u32 {
        let quiet: Vec<Move> = game.legal_moves().into_iter().filter(|m| game.piece_at(m.to).is_none()).collect();
        if quiet.is_empty() || game.outcome().is_some() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        game.play(quiet[(state % quiet.len() as u64) as usize]).expect("a listed move plays");
        if ply % 1000 == 999 {
            let full = game.position_full();
            longest = longest.max(full.len());
            let back = Game::from_position(rules.clone(), &full).expect("a full position reads back");
            assert_eq!(back.position_full(), full);
        }
    }
    assert!(game.ply() >= 10_000, "the game stopped at ply {}", game.ply());
    assert!(longest < 5 * 1024, "{longest} bytes");
    assert!(longest * 10 < MAX_POSITION_TEXT);
}
