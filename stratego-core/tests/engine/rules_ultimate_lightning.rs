//! Ultimate Lightning's rules, one at a time: the two-step Captain, ties won by the attacker,
//! one-time Bombs, and the rescue decision (when it is offered, how it is played or declined,
//! and what it may not do). DESIGN.md section 3.2 gives the rules these tests check.

use crate::common;

use common::*;
use stratego_core::{
    Battle, Edition, Game, IllegalReason, Move, Player, PlayerView, Rank, RescueZone, Rules, SquareView, Undone,
};

fn ul() -> Rules {
    Rules::edition(Edition::UltimateLightning)
}

/// A UL position with both Flags (a1, j10) and a spare Blue Sergeant on j7 so Blue can move;
/// every piece missing from the army counts as captured.
fn ul_game(pieces: &[(&str, char)]) -> Game {
    let mut all = vec![("a1", red(Rank::Flag)), ("j10", blue(Rank::Flag)), ("j7", blue(Rank::Sergeant))];
    all.extend_from_slice(pieces);
    game(&ul(), &all, Player::Red)
}

fn reason(game: &Game, m: &str) -> Option<IllegalReason> {
    game.check(mv(m)).err().map(|e| e.reason)
}

#[test]
fn a_captain_moves_two_squares_straight() {
    let mut g = ul_game(&[("e2", red(Rank::Captain))]);
    assert!(g.is_legal(mv("e2-e4")) && g.is_legal(mv("e2-e3")) && g.is_legal(mv("e2-c2")));
    g.play(mv("e2-e4")).unwrap();
    assert_eq!(g.piece_at(sq("e4")).map(|p| p.rank), Some(Rank::Captain));
    assert!(g.piece_at(sq("e2")).is_none());
}

#[test]
fn a_captain_may_turn_once_on_its_way() {
    let g = ul_game(&[("e2", red(Rank::Captain))]);
    for to in ["f3", "d3", "f1", "d1"] {
        assert!(g.is_legal(mv(&format!("e2-{to}"))), "e2-{to}");
    }
    // Not a knight's move, and nothing else moves so.
    assert_eq!(reason(&g, "e2-f4"), Some(IllegalReason::Unreachable));
    let g = ul_game(&[("e2", red(Rank::Major))]);
    assert_eq!(reason(&g, "e2-f3"), Some(IllegalReason::Unreachable));
    assert_eq!(reason(&g, "e2-e4"), Some(IllegalReason::Unreachable));
}

#[test]
fn a_captain_needs_an_empty_first_square() {
    let g = ul_game(&pieces("Red Captain e2, Red Miner e3, Blue Miner f2"));
    assert_eq!(reason(&g, "e2-e4"), Some(IllegalReason::Blocked));
    assert_eq!(reason(&g, "e2-g2"), Some(IllegalReason::Blocked));
    // f3 would be reached through e3 (own piece) or f2 (enemy piece): blocked too.
    assert_eq!(reason(&g, "e2-f3"), Some(IllegalReason::Blocked));
    // d3 through the empty d2.
    assert!(g.is_legal(mv("e2-d3")));
    // The enemy on the first square can be attacked there, not passed.
    assert!(g.is_legal(mv("e2-f2")));
}

#[test]
fn a_captain_attacks_on_the_second_square() {
    let mut g = ul_game(&pieces("Red Captain e2, Blue Sergeant e4"));
    let report = g.play(mv("e2-e4")).unwrap();
    let battle = report.battle.expect("an attack");
    assert_eq!(
        (battle.attacker, battle.defender, battle.result),
        (Rank::Captain, Rank::Sergeant, Battle::AttackerWins)
    );
    assert_eq!(g.piece_at(sq("e4")).map(|p| (p.owner, p.rank)), Some((Player::Red, Rank::Captain)));
    // Turned, onto an enemy too.
    let mut g = ul_game(&pieces("Red Captain e2, Blue Marshal f3"));
    let report = g.play(mv("e2-f3")).unwrap();
    assert_eq!(report.battle.map(|b| b.result), Some(Battle::DefenderWins));
}

#[test]
fn a_captain_never_reaches_a_third_square() {
    let g = ul_game(&[("e2", red(Rank::Captain))]);
    assert_eq!(reason(&g, "e2-e5"), Some(IllegalReason::Unreachable));
    assert_eq!(reason(&g, "e2-g3"), Some(IllegalReason::Unreachable));
    let moves = g.legal_moves();
    let captain: Vec<String> = moves.iter().filter(|m| m.from == sq("e2")).map(|m| m.to.to_string()).collect();
    let mut captain = captain;
    captain.sort();
    let mut want = vec!["c2", "d1", "d2", "d3", "e1", "e3", "e4", "f1", "f2", "f3", "g2"];
    want.sort();
    assert_eq!(captain, want);
}

#[test]
fn a_captain_seen_moving_two_squares_is_marked_as_slid() {
    let mut g = ul_game(&[("e2", red(Rank::Captain))]);
    g.play(mv("e2-f3")).unwrap();
    let view = g.view(Player::Blue);
    assert!(view.enemy_at(sq("f3")).is_some_and(|e| e.slid && e.rank.is_none()));
}

#[test]
fn ties_are_won_by_the_attacker() {
    for rank in [Rank::Spy, Rank::Scout, Rank::Miner, Rank::Major, Rank::Marshal] {
        let mut g = ul_game(&[("e4", red(rank)), ("e5", blue(rank))]);
        let (red_lost, blue_lost) = (g.captured_count(Player::Red, rank), g.captured_count(Player::Blue, rank));
        let report = g.play(mv("e4-e5")).unwrap();
        assert_eq!(report.battle.map(|b| b.result), Some(Battle::AttackerWins), "{rank}");
        assert_eq!(g.piece_at(sq("e5")).map(|p| p.owner), Some(Player::Red));
        assert_eq!(g.captured_count(Player::Red, rank), red_lost);
        assert_eq!(g.captured_count(Player::Blue, rank), blue_lost + 1);
    }
    // The switch alone, on the ISF rules.
    let rules = Rules::builder().attacker_wins_ties(true).build().unwrap();
    assert_eq!(rules.battle(Rank::General, Rank::General), Battle::AttackerWins);
    assert_eq!(rules.battle(Rank::Miner, Rank::Bomb), Battle::AttackerWins);
    assert_eq!(rules.battle(Rank::Sergeant, Rank::Bomb), Battle::DefenderWins);
}

#[test]
fn a_scout_clears_a_bomb_from_a_distance() {
    let mut g = ul_game(&pieces("Red Scout a3, Blue Bomb a7"));
    let report = g.play(mv("a3-a7")).unwrap();
    assert_eq!(report.battle.map(|b| (b.defender, b.result)), Some((Rank::Bomb, Battle::AttackerWins)));
    assert_eq!(g.piece_at(sq("a7")).map(|p| (p.owner, p.rank)), Some((Player::Red, Rank::Scout)));
}

#[test]
fn a_miner_and_the_bomb_both_leave() {
    for rank in [Rank::Miner, Rank::Marshal, Rank::Captain] {
        let mut g = ul_game(&[("e4", red(rank)), ("e5", blue(Rank::Bomb))]);
        let before = g.captured(Player::Red).len();
        let report = g.play(mv("e4-e5")).unwrap();
        assert_eq!(report.battle.map(|b| b.result), Some(Battle::BothDie), "{rank}");
        assert!(g.piece_at(sq("e5")).is_none() && g.piece_at(sq("e4")).is_none());
        assert_eq!(g.captured(Player::Red).len(), before + 1);
    }
}

/// A Red Miner on a9 about to enter Blue's back row; Red has lost pieces to rescue.
fn at_the_gate(extra: &[(&str, char)]) -> Game {
    let mut pieces = vec![("a9", red(Rank::Miner)), ("c2", red(Rank::Sergeant))];
    pieces.extend_from_slice(extra);
    ul_game(&pieces)
}

#[test]
fn entering_the_back_row_offers_a_rescue_to_the_same_player() {
    let mut g = at_the_gate(&[]);
    assert!(!g.board().rescue_pending());
    g.play(mv("a9-a10")).unwrap();
    assert!(g.board().rescue_pending());
    assert_eq!(g.to_move(), Player::Red);
    let moves = g.legal_moves();
    assert!(moves.iter().all(|m| m.is_decision()));
    assert!(moves.contains(&Move::DECLINE_RESCUE));
    assert!(moves.contains(&Move::rescue(Rank::Bomb, sq("b1"))));
    assert_eq!(g.check(mv("c2-c3")).unwrap_err().reason, IllegalReason::RescuePending);
    // Both players see it pending; the opponent has no move meanwhile.
    assert!(g.view(Player::Blue).legal_moves().is_empty());

    let lost_spies = g.captured_count(Player::Red, Rank::Spy);
    let report = g.play(Move::rescue(Rank::Spy, sq("d4"))).unwrap();
    assert_eq!((report.player, report.rank), (Player::Red, Rank::Spy));
    assert_eq!(g.to_move(), Player::Blue);
    assert_eq!(g.captured_count(Player::Red, Rank::Spy), lost_spies - 1);
    assert_eq!(g.board().rescues_left(Player::Red), 1);
    assert!(g.board().has_rescued(sq("a10")));
    // Public: Blue sees the rescued piece's rank.
    assert!(matches!(g.view(Player::Blue).square(sq("d4")), SquareView::Enemy(e) if e.rank == Some(Rank::Spy)));
    assert_eq!(g.view(Player::Blue).history().last().map(|m| m.mv), Some(Move::rescue(Rank::Spy, sq("d4"))));
}

#[test]
fn a_won_battle_on_the_back_row_triggers_it_too() {
    let mut g = at_the_gate(&[("a10", blue(Rank::Spy))]);
    g.play(mv("a9-a10")).unwrap();
    assert!(g.board().rescue_pending());
    // A lost battle leaves nobody there: no rescue.
    let mut g = at_the_gate(&[("a10", blue(Rank::Marshal))]);
    g.play(mv("a9-a10")).unwrap();
    assert!(!g.board().rescue_pending());
    assert_eq!(g.to_move(), Player::Blue);
}

#[test]
fn declining_ends_the_turn_and_keeps_the_lost_pieces() {
    let mut g = at_the_gate(&[]);
    g.play(mv("a9-a10")).unwrap();
    let lost = g.captured(Player::Red);
    g.play(Move::DECLINE_RESCUE).unwrap();
    assert_eq!((g.to_move(), g.captured(Player::Red)), (Player::Blue, lost));
    assert_eq!(g.board().rescues_left(Player::Red), 2);
    assert!(!g.board().has_rescued(sq("a10")));
    assert_eq!(g.check(Move::DECLINE_RESCUE).unwrap_err().reason, IllegalReason::NoRescuePending);
}

#[test]
fn no_rescue_for_a_scout_or_along_the_back_row() {
    let mut g = ul_game(&pieces("Red Scout a5, Red Sergeant c2"));
    g.play(mv("a5-a10")).unwrap();
    assert!(!g.board().rescue_pending(), "a Scout does not rescue");
    let mut g = ul_game(&pieces("Red Miner a10, Red Sergeant c2"));
    g.play(mv("a10-b10")).unwrap();
    assert!(!g.board().rescue_pending(), "moving along the back row does not rescue");
    // The trigger ranks are data: a Scout may be allowed.
    let rules = ul().to_builder().rescue_trigger(Rank::Scout, true).build().unwrap();
    let mut g = game(&rules, &pieces("Red Flag a1, Blue Flag j10, Blue Sergeant j7, Red Scout a5"), Player::Red);
    g.play(mv("a5-a10")).unwrap();
    assert!(g.board().rescue_pending());
}

#[test]
fn no_third_rescue_and_no_second_by_the_same_piece() {
    // The same Miner leaves the back row and comes back: it rescued already.
    let mut g = at_the_gate(&[]);
    play_all(&mut g, &["a9-a10"]);
    g.play(Move::rescue(Rank::Scout, sq("b1"))).unwrap();
    play_all(&mut g, &["j7-j6", "a10-a9", "j6-j7", "a9-a10"]);
    assert!(!g.board().rescue_pending(), "a piece that rescued may not again");
    // A rescued piece is new and may; the second rescue is the last.
    let mut g = at_the_gate(&pieces("Red Lieutenant b9, Red Major c9"));
    play_all(&mut g, &["a9-a10"]);
    g.play(Move::rescue(Rank::Scout, sq("b1"))).unwrap();
    play_all(&mut g, &["j7-j6", "b9-b10"]);
    assert!(g.board().rescue_pending());
    g.play(Move::rescue(Rank::Miner, sq("c1"))).unwrap();
    assert_eq!(g.board().rescues_left(Player::Red), 0);
    play_all(&mut g, &["j6-j7", "c9-c10"]);
    assert!(!g.board().rescue_pending(), "no third rescue");
}

#[test]
fn a_rescue_goes_only_onto_an_empty_square_of_the_zone_and_only_for_a_lost_rank() {
    let mut g = at_the_gate(&[]);
    g.play(mv("a9-a10")).unwrap();
    let why = |g: &Game, m: Move| g.check(m).unwrap_err().reason;
    assert_eq!(why(&g, Move::rescue(Rank::Spy, sq("d5"))), IllegalReason::OutsideRescueZone);
    assert_eq!(why(&g, Move::rescue(Rank::Spy, sq("d9"))), IllegalReason::OutsideRescueZone);
    assert_eq!(why(&g, Move::rescue(Rank::Spy, sq("c2"))), IllegalReason::Occupied);
    assert_eq!(why(&g, Move::rescue(Rank::Flag, sq("d2"))), IllegalReason::NotCaptured);
    let before = g.clone();
    assert!(g.play(Move::rescue(Rank::Spy, sq("d5"))).is_err());
    assert_eq!(g, before, "a refused decision changes nothing");
    // The half-board zone allows row 5.
    let rules = ul().to_builder().rescue_zone(RescueZone::Half).build().unwrap();
    assert!(rules.in_rescue_zone(Player::Red, sq("e5")) && !rules.in_rescue_zone(Player::Red, sq("e6")));
    assert!(!rules.in_rescue_zone(Player::Red, sq("c5")), "lakes never");
}

#[test]
fn undo_records_and_positions_carry_the_decision() {
    let mut g = at_the_gate(&[]);
    play_all(&mut g, &["a9-a10"]);
    let pending = g.clone();
    assert_eq!(Game::from_position(ul(), &g.position_full()).unwrap().board(), g.board());
    g.play(Move::rescue(Rank::General, sq("e3"))).unwrap();
    let text = g.position_full();
    assert!(text.contains("rescues=1/0") && text.contains("rescuers=a10"), "{text}");
    assert_eq!(Game::from_position(ul(), &text).unwrap().board(), g.board());
    let json = serde_json::to_string(&g.record()).unwrap();
    assert!(json.contains("rescue:General@e3"), "{json}");
    assert_eq!(Game::from_record(&serde_json::from_str(&json).unwrap()).unwrap(), g);
    assert_eq!(g.undo(), Undone::Move(Move::rescue(Rank::General, sq("e3"))));
    assert_eq!(g, pending);
    assert!(g.board().rescue_pending());
}

#[test]
fn a_view_plays_the_decision_and_a_sampled_world_keeps_it_pending() {
    let mut g = at_the_gate(&[]);
    g.play(mv("a9-a10")).unwrap();
    let view: PlayerView = g.view(Player::Red);
    assert_eq!(view.legal_moves(), g.legal_moves());
    let world = g.view(Player::Blue).sample_world(3);
    assert!(world.board().rescue_pending());
    assert_eq!(world.legal_moves(), g.legal_moves());
}

#[test]
fn rules_without_rescues_have_no_decisions() {
    let mut g = game_of(Edition::Isf, &pieces("Red Flag a1, Blue Flag j10, Blue Sergeant j7, Red Miner a9"));
    g.play(mv("a9-a10")).unwrap();
    assert!(!g.board().rescue_pending());
    assert_eq!(g.to_move(), Player::Blue);
}

#[test]
fn the_preset_round_trips_and_each_rule_stands_alone_in_the_text_form() {
    let rules = ul();
    assert_eq!(rules.to_string(), "ultimate_lightning");
    assert_eq!(rules.army_size(), 20);
    for text in [
        "isf(movement=Captain:two/none)",
        "isf(ties=attacker)",
        "isf(combat=Spy>Bomb:t.Miner>Bomb:t)",
        "isf(rescues=2)",
        "isf(rescues=1,rescue_ranks=Miner.Captain,rescue_zone=half)",
        "ultimate_lightning(ties=table,rescues=0)",
    ] {
        let parsed: Rules = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.to_string(), text);
    }
    assert!("isf(rescues=5)".parse::<Rules>().is_err());
}
