//! Through the C ABI, a view shows exactly what the core's view shows, so no hidden enemy rank
//! reaches C; agents choose and set up as the core's do; the handles may move between threads
//! as the header says.

use std::ptr::null_mut;

use stratego::*;
use stratego_core::{Game, Player, Rules, Setup, SquareView};

const OK: stratego_result = stratego_result::STRATEGO_RESULT_OK;

/// The same game twice: through the ABI and in the core, after `plies` random moves.
fn both(rules_text: &str, seed: u64, plies: u32) -> (*mut stratego_game, Game) {
    let rules: Rules = rules_text.parse().unwrap();
    let mut game = Game::new(
        rules.clone(),
        Setup::random(&rules, Player::Red, seed),
        Setup::random(&rules, Player::Blue, seed + 1),
    )
    .unwrap();
    game.playout(seed, plies);
    let json = std::ffi::CString::new(serde_json::to_string(&game.record()).unwrap()).unwrap();
    let mut handle = null_mut();
    assert_eq!(unsafe { stratego_game_from_record_json(json.as_ptr(), &mut handle) }, OK);
    (handle, game)
}

fn view_of(game: *const stratego_game, player: stratego_player) -> *mut stratego_view {
    let mut view = null_mut();
    assert_eq!(unsafe { stratego_game_view(game, player, &mut view) }, OK);
    view
}

#[test]
fn view_squares_show_what_the_core_view_shows_and_no_more() {
    for (rules, seed) in [("isf", 3), ("estrategia", 8), ("barrage", 5), ("classic", 1)] {
        let (handle, game) = both(rules, seed, 150);
        for player in Player::ALL {
            let view = view_of(handle, player as u32);
            let core = game.view(player);
            let mut squares =
                vec![stratego_square_view { kind: 99, rank: 99, revealed: false, moved: false, slid: false }; 100];
            let mut len = 0;
            assert_eq!(unsafe { stratego_view_squares(view, squares.as_mut_ptr(), squares.len(), &mut len) }, OK);
            assert_eq!(len, 100);
            let mut hidden = 0;
            for ((_, expected), got) in core.squares().zip(&squares) {
                let (kind, rank) = match expected {
                    SquareView::Empty => (STRATEGO_SQUARE_EMPTY, STRATEGO_RANK_UNKNOWN),
                    SquareView::Lake => (STRATEGO_SQUARE_LAKE, STRATEGO_RANK_UNKNOWN),
                    SquareView::Own(p) => (STRATEGO_SQUARE_OWN, p.rank as u32),
                    SquareView::Enemy(e) => (STRATEGO_SQUARE_ENEMY, e.rank.map_or(STRATEGO_RANK_UNKNOWN, |r| r as u32)),
                };
                assert_eq!((got.kind, got.rank), (kind, rank), "{rules} {seed} {player}");
                if got.kind == STRATEGO_SQUARE_ENEMY && got.rank == STRATEGO_RANK_UNKNOWN {
                    hidden += 1;
                }
            }
            assert!(hidden > 0, "{rules} {seed}: some enemy ranks stay hidden after 150 plies");
            // A battle preview from the view uses known ranks only: an attack on a hidden
            // piece previews as no battle, one on a known piece as the core's battle.
            let at = |i: usize| stratego_square { col: (i % 10) as u8, row: (i / 10) as u8 };
            for (from, own) in squares.iter().enumerate().filter(|(_, s)| s.kind == STRATEGO_SQUARE_OWN) {
                for (to, enemy) in squares.iter().enumerate().filter(|(_, s)| s.kind == STRATEGO_SQUARE_ENEMY) {
                    let mut battle = stratego_battle_report { battle: 99, attacker: 99, defender: 99 };
                    let mv = stratego_move { from: at(from), to: at(to) };
                    assert_eq!(unsafe { stratego_view_battle_of(view, mv, &mut battle) }, OK);
                    if enemy.rank == STRATEGO_RANK_UNKNOWN {
                        assert_eq!(battle.battle, STRATEGO_BATTLE_NONE, "{rules} {seed}: a hidden rank leaked");
                    } else {
                        assert_ne!(battle.battle, STRATEGO_BATTLE_NONE);
                        assert_eq!((battle.attacker, battle.defender), (own.rank, enemy.rank));
                    }
                }
            }
            // The public history: every move as both players saw it, ranks only from battles.
            assert_eq!(unsafe { stratego_view_history_len(view) }, game.history().len());
            for (i, report) in game.history().iter().enumerate() {
                let mut seen = stratego_public_move {
                    mv: stratego_move::default(),
                    player: 99,
                    battle: stratego_battle_report { battle: 99, attacker: 99, defender: 99 },
                };
                assert_eq!(unsafe { stratego_view_history_at(view, i, &mut seen) }, OK);
                let (from, to) = (report.mv.from, report.mv.to);
                assert_eq!(
                    (seen.mv.from.col, seen.mv.from.row, seen.mv.to.col, seen.mv.to.row),
                    (from.col(), from.row(), to.col(), to.row())
                );
                assert_eq!(seen.player, report.player as u32);
                match report.battle {
                    None => assert_eq!(
                        (seen.battle.battle, seen.battle.attacker),
                        (STRATEGO_BATTLE_NONE, STRATEGO_RANK_UNKNOWN)
                    ),
                    Some(b) => {
                        assert_eq!((seen.battle.attacker, seen.battle.defender), (b.attacker as u32, b.defender as u32))
                    }
                }
            }
            // The captured lists are public and equal the game's.
            let mut ranks = [0u32; 64];
            for whose in Player::ALL {
                assert_eq!(unsafe { stratego_view_captured(view, whose as u32, ranks.as_mut_ptr(), 64, &mut len) }, OK);
                let expected: Vec<u32> = game.captured(whose).iter().map(|&r| r as u32).collect();
                assert_eq!(&ranks[..len], &expected[..]);
            }
            unsafe { stratego_view_free(view) };
        }
        unsafe { stratego_game_free(handle) };
    }
}

#[test]
fn a_sampled_world_keeps_what_the_viewer_knows() {
    let (handle, game) = both("isf", 4, 80);
    let view = view_of(handle, STRATEGO_PLAYER_RED);
    let mut world = null_mut();
    assert_eq!(unsafe { stratego_view_sample_world(view, 9, &mut world) }, OK);
    let world_view = view_of(world, STRATEGO_PLAYER_RED);
    let picture = |v: *const stratego_view| {
        let mut len = 0;
        unsafe { stratego_view_picture(v, null_mut(), 0, &mut len) };
        let mut buf = vec![0u8; len + 1];
        assert_eq!(unsafe { stratego_view_picture(v, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, OK);
        String::from_utf8(buf[..len].to_vec()).unwrap()
    };
    assert_eq!(picture(world_view), picture(view));
    assert_eq!(picture(view), game.view(Player::Red).to_string());
    unsafe {
        stratego_view_free(world_view);
        stratego_view_free(view);
        stratego_game_free(world);
        stratego_game_free(handle);
    }
}

#[test]
fn handles_move_between_threads() {
    fn send_and_sync<T: Send + Sync>() {}
    send_and_sync::<stratego_rules>();
    send_and_sync::<stratego_setup>();
    send_and_sync::<stratego_game>();
    send_and_sync::<stratego_view>();
    fn send<T: Send>() {}
    send::<stratego_agent>();
    // A game made on one thread is played and freed on another, and errors stay per thread.
    let (handle, _) = both("barrage", 2, 10);
    let address = handle as usize;
    let code = std::thread::spawn(move || {
        let game = address as *mut stratego_game;
        let code = unsafe { stratego_game_play_action(game, 99_999) };
        assert_eq!(stratego_last_error_code(), code);
        unsafe { stratego_game_free(game) };
        code
    })
    .join()
    .unwrap();
    assert_eq!(code, stratego_result::STRATEGO_RESULT_INVALID_ARGUMENT);
    assert_ne!(stratego_last_error_code(), code, "another thread's error is not this thread's");
}

#[test]
fn agents_through_c_choose_as_the_core_agents_do() {
    use stratego_core::agents::AgentKind;
    for kind in ["random", "heuristic", "sampling:8"] {
        let (handle, mut game) = both("barrage", 6, 20);
        let mut c_agent = null_mut();
        let name = std::ffi::CString::new(kind).unwrap();
        assert_eq!(unsafe { stratego_agent_new(name.as_ptr(), 42, &mut c_agent) }, OK);
        let mut core_agent = kind.parse::<AgentKind>().unwrap().make(42);
        for _ in 0..30 {
            if game.is_over() {
                break;
            }
            let mover = game.to_move();
            let view = view_of(handle, mover as u32);
            let mut mv = stratego_move::default();
            assert_eq!(unsafe { stratego_agent_choose(c_agent, view, &mut mv) }, OK);
            let expected = core_agent.choose(&game.view(mover)).unwrap();
            assert_eq!(
                (mv.from.col, mv.from.row, mv.to.col, mv.to.row),
                (expected.from.col(), expected.from.row(), expected.to.col(), expected.to.row()),
                "{kind}"
            );
            assert_eq!(unsafe { stratego_game_play_move(handle, mv) }, OK);
            game.play(expected).unwrap();
            unsafe { stratego_view_free(view) };
        }
        unsafe {
            stratego_agent_free(c_agent);
            stratego_game_free(handle);
        }
    }
}

/// The text form of a C setup handle under `rules`.
fn c_setup_text(setup: *const stratego_setup, rules: *const stratego_rules) -> String {
    let mut buf = [0u8; STRATEGO_MAX_SQUARES + 1];
    let mut len = 0;
    assert_eq!(unsafe { stratego_setup_to_text(setup, rules, buf.as_mut_ptr().cast(), buf.len(), &mut len) }, OK);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

#[test]
fn setups_through_c_are_the_core_setups() {
    use stratego_core::agents::AgentKind;
    for rules_text in ["isf", "barrage", "duel"] {
        let rules: Rules = rules_text.parse().unwrap();
        let mut c_rules = null_mut();
        let text = std::ffi::CString::new(rules_text).unwrap();
        assert_eq!(unsafe { stratego_rules_parse(text.as_ptr(), &mut c_rules) }, OK);
        for player in Player::ALL {
            let mut c_setup = null_mut();
            assert_eq!(unsafe { stratego_setup_human_like(c_rules, player as u32, 17, &mut c_setup) }, OK);
            let expected = Setup::human_like(&rules, player, 17).to_text(&rules);
            assert_eq!(c_setup_text(c_setup, c_rules), expected, "human_like {rules_text} {player:?}");
            unsafe { stratego_setup_free(c_setup) };
        }
        for kind in ["random", "heuristic", "sampling:8", "search:20"] {
            let name = std::ffi::CString::new(kind).unwrap();
            let mut c_agent = null_mut();
            assert_eq!(unsafe { stratego_agent_new(name.as_ptr(), 42, &mut c_agent) }, OK);
            let mut core_agent = kind.parse::<AgentKind>().unwrap().make(42);
            // Twice for each player: the second draw comes from the agent's advanced generator.
            for player in [Player::Red, Player::Blue, Player::Red, Player::Blue] {
                let mut c_setup = null_mut();
                assert_eq!(unsafe { stratego_agent_setup(c_agent, c_rules, player as u32, &mut c_setup) }, OK);
                match core_agent.setup(&rules, player) {
                    Some(expected) => {
                        assert_eq!(c_setup_text(c_setup, c_rules), expected.to_text(&rules), "{kind} {rules_text}");
                        assert_eq!(unsafe { stratego_setup_player(c_setup) }, player as u32);
                    }
                    None => assert!(c_setup.is_null(), "{kind} takes the setup it is given"),
                }
                unsafe { stratego_setup_free(c_setup) };
            }
            unsafe { stratego_agent_free(c_agent) };
        }
        unsafe { stratego_rules_free(c_rules) };
    }
}
