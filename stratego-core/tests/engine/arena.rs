//! The arena: paired games, reproducibility across worker counts, records that replay, and
//! statistics checked against values computed by hand.

use stratego_core::agents::AgentKind;
use stratego_core::arena::{Arena, CollectionStats, Lengths, Score, Summary};
use stratego_core::gravon::{GameRecord, GameType, GravonMove, GravonResult, ResultKind};
use stratego_core::{Edition, Game, Player, Rules, Square, Termination};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 || (a - b).abs() < 1e-6 * b.abs()
}

#[test]
fn the_same_seed_gives_the_same_games_whatever_the_number_of_workers() {
    let arena = Arena::new(Rules::edition(Edition::Barrage)).games(9).seed(42).max_plies(400);
    let one = arena.clone().workers(1).play(&AgentKind::Heuristic, &AgentKind::Random);
    for workers in [2, 3, 8] {
        let many = arena.clone().workers(workers).play(&AgentKind::Heuristic, &AgentKind::Random);
        assert_eq!(one, many, "{workers} workers");
    }
    let other = arena.clone().seed(43).workers(2).play(&AgentKind::Heuristic, &AgentKind::Random);
    assert_ne!(one.games, other.games, "another seed must give other games");
}

#[test]
fn progress_reports_come_one_at_a_time_counting_up() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;
    let arena = Arena::new(Rules::edition(Edition::Barrage)).games(24).seed(8).max_plies(60).workers(8);
    let inside = AtomicBool::new(false);
    let seen = Mutex::new(Vec::new());
    let progress = |p: stratego_core::arena::Progress| {
        assert!(!inside.swap(true, Ordering::SeqCst), "two progress calls overlapped");
        // Widen the window in which an unordered report could overtake this one.
        std::thread::sleep(std::time::Duration::from_micros(200));
        seen.lock().unwrap().push((p.done, p.total));
        inside.store(false, Ordering::SeqCst);
    };
    arena.play_with_progress(&AgentKind::Random, &AgentKind::Random, &progress);
    let expected: Vec<(u32, u32)> = (1..=24).map(|d| (d, 24)).collect();
    assert_eq!(seen.into_inner().unwrap(), expected);
}

#[test]
fn games_come_in_pairs_with_the_same_setups_and_swapped_colours() {
    // Two agents that take the drawn setups (the heuristic chooses its own).
    let result = Arena::new(Rules::edition(Edition::Isf))
        .games(6)
        .seed(5)
        .max_plies(60)
        .play(&AgentKind::Random, &AgentKind::Random);
    for (i, g) in result.games.iter().enumerate() {
        assert_eq!(g.index as usize, i);
        assert_eq!(g.a_player, if i % 2 == 0 { Player::Red } else { Player::Blue });
    }
    for pair in result.games.chunks(2) {
        assert_eq!(pair[0].record.start, pair[1].record.start);
    }
    assert_ne!(result.games[0].record.start, result.games[2].record.start, "each pair has its own setups");
}

#[test]
fn every_record_replays_to_its_result() {
    let result = Arena::new(Rules::edition(Edition::Barrage))
        .games(6)
        .seed(9)
        .max_plies(300)
        .play(&AgentKind::Heuristic, &AgentKind::Random);
    for g in &result.games {
        let replayed = Game::from_record(&g.record).expect("an arena record replays");
        assert_eq!(replayed.outcome(), Some(g.outcome), "game {}", g.index);
        assert_eq!(replayed.ply(), g.plies);
        assert!(g.plies <= 300);
    }
    // The summary agrees with the games it summarises.
    let s = &result.summary;
    let wins = result.games.iter().filter(|g| g.a_score() == 1.0).count() as u32;
    assert_eq!(s.score.wins, wins);
    assert_eq!(s.score.games, 6);
    assert_eq!(s.terminations.iter().map(|(_, n)| n).sum::<u32>(), 6);
    let stats = CollectionStats::of_records(result.games.iter().map(|g| &g.record)).unwrap();
    let all = stats.total();
    assert_eq!(all.games, 6);
    assert_eq!(all.lengths(), s.lengths);
}

#[test]
fn an_agent_without_a_legal_move_forfeits() {
    use stratego_core::agents::from_fn;
    let arena = Arena::new(Rules::edition(Edition::Isf)).games(2).seed(1);
    let silent = |_seed: u64| from_fn(|_view: &stratego_core::PlayerView| None);
    let result = arena.play(&silent, &AgentKind::Random);
    for g in &result.games {
        assert_eq!(g.forfeit, Some(g.a_player));
        assert_eq!(g.outcome.termination, Termination::Resignation);
        assert_eq!(g.outcome.winner, Some(g.a_player.opponent()));
        assert_eq!(Game::from_record(&g.record).unwrap().outcome(), Some(g.outcome));
    }
    assert_eq!((result.summary.score.losses, result.summary.score.score), (2, 0.0));
}

#[test]
fn score_and_elo_match_hand_computed_values() {
    // W W W D L: score 0.7; mean of squares (3 + 0.25) / 5 = 0.65, variance 0.65 - 0.49 = 0.16,
    // half width 1.96 * sqrt(0.16 / 5) = 0.350609; Elo -400 log10(1/0.7 - 1) = 147.1907.
    let s = Score::from_counts(3, 1, 1);
    assert_eq!((s.games, s.wins, s.draws, s.losses), (5, 3, 1, 1));
    assert!(close(s.score, 0.7));
    assert!(close(s.ci.0, 0.349_390_983_769_367_3), "{:?}", s.ci);
    assert_eq!(s.ci.1, 1.0, "clamped to 1");
    assert!(close(s.elo, 147.190_714_117_837_76));
    assert!(close(s.elo_ci.0, -108.003_353_569_090_1), "{:?}", s.elo_ci);
    assert_eq!(s.elo_ci.1, f64::INFINITY);
    assert!(!s.significantly_better());
    // 2 W, 2 D, 4 L: score 3/8; variance 2.5/8 - 0.140625 = 0.171875.
    let s = Score::from_counts(2, 2, 4);
    assert!(close(s.score, 0.375));
    assert!(close(s.ci.0, 0.087_717_313_694_593_9) && close(s.ci.1, 0.662_282_686_305_406_1), "{:?}", s.ci);
    assert!(close(s.elo, -88.739_499_846_542_53));
    assert!(close(s.elo_ci.0, -406.817_643_835_376_6) && close(s.elo_ci.1, 116.996_030_225_014_99), "{:?}", s.elo_ci);
    // All wins: the score is certain, the Elo unbounded.
    let s = Score::from_counts(4, 0, 0);
    assert_eq!((s.score, s.ci, s.elo), (1.0, (1.0, 1.0), f64::INFINITY));
    assert!(s.significantly_better());
}

#[test]
fn summary_counts_terminations_and_lengths_by_hand() {
    let s = Summary::of([
        (1.0, Termination::FlagCaptured, 120),
        (0.0, Termination::NoLegalMove, 80),
        (0.5, Termination::PlyCap, 2000),
        (1.0, Termination::FlagCaptured, 41),
        (1.0, Termination::Resignation, 7),
    ]);
    assert_eq!((s.score.wins, s.score.draws, s.score.losses), (3, 1, 1));
    assert_eq!(
        s.terminations,
        vec![
            (Termination::FlagCaptured, 2),
            (Termination::NoLegalMove, 1),
            (Termination::PlyCap, 1),
            (Termination::Resignation, 1)
        ]
    );
    // Sorted: 7 41 80 120 2000; mean 2248 / 5.
    assert_eq!(s.lengths, Lengths { games: 5, min: 7, max: 2000, mean: 449.6, median: 80.0 });
}

fn gravon(game_type: GameType, result: Option<(ResultKind, Option<Player>)>, plies: u32) -> GameRecord {
    let (a, b) = (Square::new(0, 3), Square::new(0, 4));
    let moves = (1..=plies)
        .map(|ply| GravonMove { ply, from: if ply % 2 == 1 { a } else { b }, to: a, rescue: None })
        .collect();
    GameRecord {
        game_type,
        field: None,
        moves,
        players: [String::new(), String::new()],
        result: result.map(|(kind, winner)| GravonResult { kind, winner }),
    }
}

#[test]
fn collection_statistics_by_game_type_match_hand_counts() {
    let records = [
        gravon(GameType::Classic, Some((ResultKind::FlagCaptured, Some(Player::Red))), 10),
        gravon(GameType::Classic, Some((ResultKind::NoMoves, Some(Player::Blue))), 20),
        gravon(GameType::Classic, Some((ResultKind::FlagCaptured, Some(Player::Red))), 31),
        gravon(GameType::Classic, Some((ResultKind::DrawAgreed, None)), 40),
        gravon(GameType::Barrage, Some((ResultKind::Resignation, Some(Player::Blue))), 5),
        gravon(GameType::Barrage, None, 3),
        gravon(GameType::Other("x".into()), Some((ResultKind::Other(77), Some(Player::Red))), 0),
    ];
    let stats = CollectionStats::of_gravon(&records);
    assert_eq!(stats.groups.keys().collect::<Vec<_>>(), ["barrage", "classic", "x"]);
    let classic = &stats.groups["classic"];
    assert_eq!(
        (classic.games, classic.red_wins, classic.blue_wins, classic.draws, classic.unfinished),
        (4, 2, 1, 1, 0)
    );
    assert_eq!(classic.red_score(), Some(2.5 / 4.0));
    assert_eq!(
        classic.terminations.iter().map(|(k, n)| (k.as_str(), *n)).collect::<Vec<_>>(),
        [("draw-agreed", 1), ("flag", 2), ("no-move", 1)]
    );
    assert_eq!(classic.lengths(), Lengths { games: 4, min: 10, max: 40, mean: 25.25, median: 25.5 });
    let barrage = &stats.groups["barrage"];
    assert_eq!((barrage.games, barrage.blue_wins, barrage.unfinished), (2, 1, 1));
    assert_eq!(barrage.red_score(), Some(0.0));
    assert_eq!(barrage.terminations.get("unfinished"), Some(&1));
    assert_eq!(stats.groups["x"].terminations.get("code-77"), Some(&1));
    let all = stats.total();
    assert_eq!((all.games, all.red_wins, all.blue_wins, all.draws, all.unfinished), (7, 3, 2, 1, 1));
    assert_eq!(all.terminations["flag"], 2);
    assert_eq!(all.lengths().median, 10.0); // 0 3 5 10 20 31 40
}

#[test]
fn arena_games_export_to_gravon_xml_and_replay_there() {
    use stratego_core::gravon;
    for edition in [Edition::Isf, Edition::Barrage, Edition::Duel] {
        let result = Arena::new(Rules::edition(edition))
            .games(4)
            .seed(11)
            .max_plies(400)
            .play(&AgentKind::Heuristic, &AgentKind::Random);
        for g in &result.games {
            let game = Game::from_record(&g.record).unwrap();
            let exported = gravon::from_game(&game, ["a", "b"]).expect("a Gravon edition");
            let parsed = gravon::parse_xml(&gravon::to_xml(&exported)).unwrap();
            assert_eq!(parsed, exported);
            let replayed =
                gravon::replay(&parsed, None).unwrap_or_else(|e| panic!("{edition:?} game {}: {e}", g.index));
            assert_eq!(replayed.history().len(), game.history().len());
            let result = parsed.result.expect("finished");
            assert_eq!(result.winner, g.outcome.winner);
            match g.outcome.termination {
                Termination::PlyCap => assert_eq!((result.kind, replayed.outcome()), (ResultKind::DrawAgreed, None)),
                _ => assert_eq!(replayed.outcome(), Some(g.outcome)),
            }
        }
    }
    let classic = Game::random(Rules::edition(Edition::Classic), 1);
    assert_eq!(gravon::from_game(&classic, ["a", "b"]), None, "Gravon has no Milton Bradley edition");
}
