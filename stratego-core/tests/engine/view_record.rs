//! Serialized views: a `ViewRecord` reads back to an equal view that behaves the same, holds no
//! hidden enemy rank, and a record whose facts contradict each other is refused.

// `ViewError` carries a `ParseError` (with the text it refers to), like `RecordError`.
#![allow(clippy::result_large_err)]

use crate::common::seeded_game;
use crate::encoding_support;

use encoding_support::{random_game, Lcg};
use stratego_core::{
    Edition, Game, Perspective, Player, PlayerView, Rank, Rules, RulesBuilder, Setup, ViewError, ViewRecord,
    MAX_RECORD_PLIES,
};

/// Games of every edition at several lengths (the start, the middle game, and some finished).
fn sample_games() -> Vec<Game> {
    let mut games = Vec::new();
    for edition in Edition::ALL {
        for (k, plies) in [0u32, 7, 60, 400, 5_000].into_iter().enumerate() {
            games.push(random_game(edition, 11 + k as u64, plies, 3 * k as u64 + 1));
        }
    }
    games
}

/// Legal moves, observation, byte board, byte mask, bit mask and the text picture.
type Behaviour = (Vec<stratego_core::Move>, Vec<f32>, Vec<u8>, Vec<u8>, Vec<u64>, String);

/// Everything a view shows and does, to compare a view with its copy.
fn behaviour(view: &PlayerView) -> Behaviour {
    let rules = view.rules();
    let mut mask = vec![0u8; rules.num_actions()];
    view.legal_action_mask_into(&mut mask).expect("a mask of the right length");
    let mut bits = vec![0u64; rules.num_actions().div_ceil(64)];
    view.legal_action_bits_into(&mut bits).expect("bits of the right length");
    (view.legal_moves(), view.observation(), view.board_codes(), mask, bits, view.to_string())
}

fn round_trip(view: &PlayerView) -> PlayerView {
    let record = view.to_record();
    let json = serde_json::to_string(&record).expect("a view record serializes");
    let back: ViewRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    assert_eq!(back, record);
    PlayerView::from_record(&back).unwrap_or_else(|e| panic!("{e}: {}", record.position))
}

#[test]
fn views_read_back_equal_and_behave_the_same() {
    let mut finished = 0;
    let mut with_history = 0;
    for game in sample_games() {
        finished += game.is_over() as usize;
        for player in Player::ALL {
            let view = game.view(player);
            with_history += !view.history().is_empty() as usize;
            let copy = round_trip(&view);
            assert!(copy == view, "{} view of {} does not read back equal", player, game.position_full());
            assert_eq!(behaviour(&copy), behaviour(&view));
            assert_eq!(copy.history(), view.history());
            assert_eq!((copy.to_move(), copy.ply(), copy.outcome()), (view.to_move(), view.ply(), view.outcome()));
            for p in Player::ALL {
                assert_eq!(copy.captured(p), view.captured(p));
                assert_eq!(copy.army(p), view.army(p));
            }
            // Every legal and some illegal moves get the same verdict.
            for mv in game.legal_moves().into_iter().chain(
                view.rules()
                    .squares()
                    .take(12)
                    .zip(view.rules().squares().skip(10))
                    .map(|(a, b)| stratego_core::Move::new(a, b)),
            ) {
                assert_eq!(copy.check(mv), view.check(mv));
            }
            for seed in [0, 7, u64::MAX] {
                let (a, b) = (copy.sample_world(seed), view.sample_world(seed));
                assert!(a == b, "sample_world({seed}) differs after a round trip");
                assert_eq!(a.position_full(), b.position_full());
            }
            // The text of a copy is the text of the original: one canonical form.
            assert_eq!(copy.to_record(), view.to_record());
        }
    }
    assert!(finished > 0 && with_history > 0, "the sample must hold finished games and histories");
}

#[test]
fn views_of_boards_positions_and_sampled_worlds_read_back() {
    let mut rules = vec![Rules::edition(Edition::Barrage)];
    rules.push(RulesBuilder::from_edition(Edition::Barrage).free_army(true).build().expect("valid rules"));
    rules.push(RulesBuilder::from_edition(Edition::Isf).two_square(Some(5)).build().expect("valid rules"));
    for (k, rules) in rules.into_iter().enumerate() {
        let mut game = seeded_game(&rules, k as u64, k as u64 + 50);
        game.playout(k as u64, 90);
        let world = game.view(Player::Red).sample_world(5);
        let loaded = Game::from_position(rules.clone(), &game.position_full()).expect("a full text reads back");
        for g in [&game, &world, &loaded] {
            for player in Player::ALL {
                for view in [g.view(player), g.board().view(player)] {
                    let copy = round_trip(&view);
                    assert!(copy == view, "{}: {}", rules, view.to_record().position);
                    assert_eq!(behaviour(&copy), behaviour(&view));
                }
            }
        }
    }
}

/// A position with an extra enemy piece keeps that army in the record (an `army` field).
#[test]
fn an_enemy_army_larger_than_the_rules_travels_in_the_record() {
    let rules = Rules::edition(Edition::Barrage);
    // Barrage with a second Blue Marshal (X) and a second Red General (K).
    let letters = format!(
        "{}{}{}{}",
        "BCDDEKKLM".to_string() + &"A".repeat(31),
        "AA__AA__AA".repeat(2),
        "A".repeat(30),
        "NOPPQWXXYA"
    );
    let game = Game::from_position(rules.clone(), &format!("{letters} r 0")).expect("a valid position");
    assert_eq!(game.army(Player::Blue)[Rank::Marshal.index()], 2);
    let view = game.view(Player::Red);
    let record = view.to_record();
    let army = record.position.split(' ').find_map(|f| f.strip_prefix("army=")).expect("an army field");
    assert_eq!((army.len(), army.matches('X').count()), (9, 2), "{}", record.position);
    assert_eq!(round_trip(&view), view);
    let own = game.view(Player::Blue);
    let position = own.to_record().position;
    let army = position.split(' ').find_map(|f| f.strip_prefix("army=")).expect("an army field");
    assert_eq!(army.matches('K').count(), 2, "Red's second General: {position}");
    assert_eq!(round_trip(&own), own);
}

/// Two games that differ only in ranks Red cannot know give Red identical records.
#[test]
fn records_hold_no_hidden_rank() {
    let mut compared = 0;
    for edition in Edition::ALL {
        for seed in 0..6u64 {
            let rules = Rules::edition(edition);
            let (red, blue) = (Setup::random(&rules, Player::Red, seed), Setup::random(&rules, Player::Blue, seed + 9));
            let mut a = Game::new(rules.clone(), red.clone(), blue.clone()).expect("valid setups");
            let mut rng = Lcg(seed);
            let mut moves = Vec::new();
            while !a.is_over() && a.ply() < 30 + 40 * seed as u32 {
                a.legal_moves_into(&mut moves);
                a.play(moves[rng.below(moves.len())]).expect("a legal move");
            }
            // Two Blue pieces Red knows nothing about: never moved, never revealed, out of
            // sight, of different ranks. Swap them in Blue's setup and replay the same moves.
            let view = a.view(Player::Red);
            let unknown: Vec<_> =
                view.enemy_pieces().filter(|(_, e)| e.rank.is_none() && !e.moved).map(|(s, _)| s).collect();
            let rank_of = |s| a.piece_at(s).expect("a piece").rank;
            let pair = unknown
                .iter()
                .enumerate()
                .find_map(|(i, &s)| unknown[i + 1..].iter().find(|&&t| rank_of(t) != rank_of(s)).map(|&t| (s, t)));
            let Some((s, t)) = pair else { continue };
            let swapped = Setup::new(
                Player::Blue,
                blue.pieces().iter().map(|&(q, r)| {
                    (
                        q,
                        if q == s {
                            rank_of(t)
                        } else if q == t {
                            rank_of(s)
                        } else {
                            r
                        },
                    )
                }),
            );
            let Ok(mut b) = Game::new(rules.clone(), red, swapped) else { continue };
            if a.history().iter().all(|r| b.play(r.mv).is_ok()) && b.outcome() == a.outcome() {
                assert_ne!(a.position_full(), b.position_full(), "the games differ in hidden ranks");
                let (va, vb) = (a.view(Player::Red).to_record(), b.view(Player::Red).to_record());
                assert_eq!(va, vb, "{edition}: the records differ though only hidden ranks do");
                assert_eq!(serde_json::to_string(&va).unwrap(), serde_json::to_string(&vb).unwrap());
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} pairs compared");
}

/// The record of a view never names a hidden piece's rank: each `?` in it stands where the
/// viewer's square says "enemy, rank unknown", and the rest of the board letters are what the
/// viewer knows.
#[test]
fn the_position_text_masks_exactly_the_unknown_ranks() {
    for game in sample_games() {
        for player in Player::ALL {
            let view = game.view(player);
            let record = view.to_record();
            let letters = record.position.split(' ').next().expect("letters");
            for ((_, sv), ch) in view.squares().zip(letters.chars()) {
                let unknown = matches!(sv, stratego_core::SquareView::Enemy(e) if e.rank.is_none());
                assert_eq!(ch == '?', unknown, "{}", record.position);
            }
        }
    }
}

/// Change `record.position`'s letters by `edit`, then read it back.
fn with_letters(record: &ViewRecord, edit: impl FnOnce(&mut Vec<u8>)) -> Result<PlayerView, ViewError> {
    let (letters, rest) = record.position.split_once(' ').expect("letters");
    let mut bytes = letters.as_bytes().to_vec();
    edit(&mut bytes);
    let position = format!("{} {rest}", String::from_utf8(bytes).expect("ASCII"));
    PlayerView::from_record(&ViewRecord { position, ..record.clone() })
}

fn start_record(edition: Edition) -> ViewRecord {
    random_game(edition, 4, 0, 0).view(Player::Red).to_record()
}

#[test]
fn inconsistent_records_are_refused_with_a_typed_error() {
    let record = start_record(Edition::Isf);
    let first = |b: &Vec<u8>, ch: u8| b.iter().position(|&c| c == ch).expect("a letter");

    // A rank the army lacks: a second (revealed) Blue Marshal.
    let e = with_letters(&record, |b| {
        let i = first(b, b'?');
        b[i] = b'x';
        let j = first(b, b'?');
        b[j] = b'x';
    });
    assert!(matches!(e, Err(ViewError::TooMany { player: Player::Blue, rank: Rank::Marshal, .. })), "{e:?}");

    // A known enemy rank out of sight and not revealed (upper case: Isf has no limited sight).
    let e = with_letters(&record, |b| {
        let i = first(b, b'?');
        b[i] = b'X';
    });
    assert!(matches!(e, Err(ViewError::Sight { .. })), "{e:?}");

    // More pieces than the army: an extra unknown enemy piece on an empty square.
    let e = with_letters(&record, |b| {
        let i = first(b, b'A');
        b[i] = b'?';
    });
    assert!(matches!(e, Err(ViewError::HiddenPieces { hidden: 41, left: 40, .. })), "{e:?}");

    // One enemy piece fewer than the army with nothing lost.
    let e = with_letters(&record, |b| {
        let i = first(b, b'?');
        b[i] = b'A';
    });
    assert!(matches!(e, Err(ViewError::HiddenPieces { hidden: 39, left: 40, .. })), "{e:?}");

    // One own piece fewer than the army with nothing lost.
    let e = with_letters(&record, |b| b[0] = b'A');
    assert!(matches!(e, Err(ViewError::TooFew { player: Player::Red, .. })), "{e:?}");

    // A hidden piece in a view text of the viewer's own colour does not exist: `?` is always
    // the enemy, so a Red piece replaced by `?` makes Red short and Blue long.
    let e = with_letters(&record, |b| b[0] = b'?');
    assert!(e.is_err(), "{e:?}");

    // Squares off the board, unknown fields, letters that are not pieces.
    for position in [
        record.position.replace("over=", "moved=k11 over="),
        record.position.replace("over=", "colour=red over="),
        record.position.replacen('?', "!", 1),
        record.position.replace(" over=-", ""),
        record.position.replace(" lost=-", ""),
        record.position.replace("over=", "army=NOPQ over="),
    ] {
        let e = PlayerView::from_record(&ViewRecord { position: position.clone(), ..record.clone() });
        assert!(
            matches!(e, Err(ViewError::Position(_)) | Err(ViewError::Army(_)) | Err(ViewError::TooFew { .. })),
            "{position}: {e:?}"
        );
    }

    // An `army` field that only repeats the rules' army is refused (one canonical text).
    let army: String = "NOPPPPPPPPQQQQQRRRRSSSSTTTTUUUUVVVWWXY".into();
    let e = PlayerView::from_record(&ViewRecord {
        position: record.position.replace("over=", &format!("army={army}NN over=")),
        ..record.clone()
    });
    assert!(e.is_err(), "{e:?}");

    // Bad rules text.
    let e = PlayerView::from_record(&ViewRecord { rules: "isf(nonsense=1)".into(), ..record.clone() });
    assert!(matches!(e, Err(ViewError::Rules(_))), "{e:?}");
}

#[test]
fn moved_unknown_pieces_must_fit_the_mobile_ranks_left() {
    // Barrage: Blue has 8 pieces, 2 of them (Bomb, Flag) immobile. Mark all 8 moved.
    let record = start_record(Edition::Barrage);
    let rules = Rules::edition(Edition::Barrage);
    let letters = record.position.split(' ').next().expect("letters");
    let squares: Vec<String> = letters
        .bytes()
        .enumerate()
        .filter(|&(_, c)| c == b'?')
        .map(|(i, _)| stratego_core::Square::from_index(i, rules.width()).to_string())
        .collect();
    assert_eq!(squares.len(), 8);
    let moved = |n: usize| ViewRecord {
        position: record.position.replace("over=", &format!("moved={} over=", squares[..n].join(","))),
        ..record.clone()
    };
    assert!(PlayerView::from_record(&moved(6)).is_ok());
    let e = PlayerView::from_record(&moved(7));
    assert!(matches!(e, Err(ViewError::HiddenPieces { moved: 7, mobile: 6, .. })), "{e:?}");
    let slid = ViewRecord {
        position: record.position.replace("over=", &format!("slid={} over=", squares[..3].join(","))),
        ..record.clone()
    };
    let e = PlayerView::from_record(&slid);
    assert!(matches!(e, Err(ViewError::HiddenPieces { slid: 3, sliding: 2, .. })), "{e:?}");
}

#[test]
fn inconsistent_histories_are_refused() {
    let game = random_game(Edition::Isf, 2, 30, 5);
    let record = game.view(Player::Red).to_record();
    assert_eq!(record.history.len(), 30);
    let check = |edit: &dyn Fn(&mut ViewRecord)| {
        let mut r = record.clone();
        edit(&mut r);
        PlayerView::from_record(&r)
    };
    // Two moves in a row by one player.
    let e = check(&|r| r.history[3].player = r.history[3].player.opponent());
    assert!(matches!(e, Err(ViewError::History { index: 3, .. })), "{e:?}");
    // More moves than plies.
    let e = check(&|r| {
        let extra = r.history[..2].to_vec();
        r.history.splice(0..0, extra);
    });
    assert!(matches!(e, Err(ViewError::History { .. })), "{e:?}");
    // A battle whose result the rules contradict.
    if let Some(k) = record.history.iter().position(|m| m.battle.is_some()) {
        let e = check(&|r| {
            let b = r.history[k].battle.as_mut().expect("a battle");
            b.result = match b.result {
                stratego_core::Battle::AttackerWins => stratego_core::Battle::DefenderWins,
                _ => stratego_core::Battle::AttackerWins,
            };
        });
        assert!(matches!(e, Err(ViewError::History { .. })), "{e:?}");
    }
    // Squares off the board.
    let e = check(&|r| {
        r.history[0].mv = stratego_core::Move::new(stratego_core::Square::new(12, 3), stratego_core::Square::new(12, 4))
    });
    assert!(matches!(e, Err(ViewError::History { index: 0, .. })), "{e:?}");
    // The untouched record reads.
    assert!(check(&|_| ()).is_ok());
}

#[test]
fn records_are_bounded_by_the_limits() {
    let record = start_record(Edition::Isf);
    let long = ViewRecord {
        position: format!("{} {}", record.position, " ".repeat(stratego_core::MAX_POSITION_TEXT)),
        ..record.clone()
    };
    assert!(matches!(PlayerView::from_record(&long), Err(ViewError::Position(_))));
    let many = ViewRecord {
        history: vec![random_game(Edition::Isf, 1, 1, 1).view(Player::Red).history()[0]; MAX_RECORD_PLIES + 1],
        ..record.clone()
    };
    assert!(matches!(PlayerView::from_record(&many), Err(ViewError::TooLong { .. })));
    // JSON with too long a position is refused while it is read.
    let json = serde_json::to_string(&long).expect("serializes");
    let e = serde_json::from_str::<ViewRecord>(&json).unwrap_err();
    assert!(e.to_string().contains("limit"), "{e}");
}
