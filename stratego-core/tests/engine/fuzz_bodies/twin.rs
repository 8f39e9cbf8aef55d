//! The hidden-information contract, checked on a twin: the same game with the opponent's
//! hidden ranks permuted among the hidden pieces must look exactly the same to the viewer.

use std::collections::BTreeMap;

use stratego_core::{
    Battle, Constraint, Game, Outcome, Player, PublicMove, Rank, Setup, Square, SquareView, Termination,
};

/// For each square of the current board, the start square of the piece standing there,
/// followed through the history (the game must have begun from setups).
fn start_squares(game: &Game) -> Option<BTreeMap<Square, Square>> {
    let (red, blue) = game.origin_setups()?;
    let mut at: BTreeMap<Square, Square> = red.pieces().iter().chain(blue.pieces()).map(|&(sq, _)| (sq, sq)).collect();
    for report in game.history() {
        if report.mv.is_decision() {
            // A rescued piece is new and shown to both players: it stands for itself.
            if let Some((_, sq)) = report.mv.rescued() {
                at.insert(sq, sq);
            }
            continue;
        }
        let piece = at.remove(&report.mv.from).expect("a move starts from an occupied square");
        match report.battle.map(|b| b.result) {
            None | Some(Battle::AttackerWins) => {
                at.insert(report.mv.to, piece);
            }
            Some(Battle::DefenderWins) => {}
            Some(Battle::BothDie) => {
                at.remove(&report.mv.to);
            }
        }
    }
    Some(at)
}

/// The squares of `viewer`'s opponent's pieces whose rank `viewer` may not know, by the rules
/// rather than by the view: not revealed by a battle, and (with limited sight) farther than the
/// sight radius, in king moves, from every one of the viewer's pieces.
pub fn hidden_from(game: &Game, viewer: Player) -> Vec<Square> {
    let rules = game.rules();
    let own: Vec<Square> = rules.squares().filter(|&s| game.piece_at(s).is_some_and(|p| p.owner == viewer)).collect();
    let in_sight = |sq: Square| {
        rules.visibility().is_some_and(|r| {
            own.iter().any(|o| {
                let (dc, dr) = (o.col().abs_diff(sq.col()), o.row().abs_diff(sq.row()));
                dc.max(dr) <= r
            })
        })
    };
    rules
        .squares()
        .filter(|&sq| game.piece_at(sq).is_some_and(|p| p.owner != viewer && !p.revealed) && !in_sight(sq))
        .collect()
}

/// What both players saw of a history.
fn public(game: &Game) -> Vec<(PublicMove, Option<Outcome>)> {
    game.history().iter().filter_map(|r| Some((r.public()?, r.outcome))).collect()
}

/// Build the twin for `viewer` (ranks of the opponent's hidden pieces rotated by `shift`
/// within groups the view cannot tell apart: unmoved, moved, seen sliding; moved pieces only
/// among ranks that move alike) and check that the
/// viewer's view, observation, legal actions, mask and byte board are all unchanged.
///
/// Ranks that placement constraints tie to squares stay where they are.
///
/// Returns whether a twin was compared. No twin exists when no two hidden pieces differ in
/// rank, or when the permuted army cannot replay the same public history (a moved piece of
/// another rank may move differently): then there is nothing to compare, and `false` comes
/// back.
pub fn check_twin(game: &Game, viewer: Player, shift: usize) -> bool {
    let rules = game.rules();
    let fixed: Vec<Rank> = rules
        .constraints()
        .iter()
        .map(|c| match *c {
            Constraint::FlagInBackCorner => Rank::Flag,
            Constraint::DiagonalToFlag(r) | Constraint::AroundFlag(r) => r,
        })
        .collect();
    let Some((red, blue)) = game.origin_setups() else { return false };
    let Some(starts) = start_squares(game) else { return false };
    for (&now, &start) in &starts {
        assert!(game.piece_at(now).is_some(), "history says a piece from {start} stands on the empty {now}");
    }
    let enemy = viewer.opponent();
    let setup = if enemy == Player::Red { &red } else { &blue };
    let rank_at: BTreeMap<Square, Rank> = setup.pieces().iter().copied().collect();
    let view = game.view(viewer);
    // Pieces the view cannot tell apart; moved ones also by how their rank moves, so that the
    // twin can replay the same moves. Which pieces are hidden comes from the game's facts
    // (see `hidden_from`), not from the view under test.
    let mut groups: BTreeMap<(bool, bool, String), Vec<Square>> = BTreeMap::new();
    for sq in hidden_from(game, viewer) {
        let SquareView::Enemy(e) = view.square(sq) else {
            panic!("{viewer}'s view does not show the enemy piece on {sq}");
        };
        let start = *starts.get(&sq).expect("every piece on the board came from a start square");
        let rank = rank_at[&start];
        if fixed.contains(&rank) {
            continue;
        }
        let how = if e.moved { format!("{:?}", rules.movement(rank)) } else { String::new() };
        groups.entry((e.moved, e.slid, how)).or_default().push(start);
    }
    let mut permuted = rank_at.clone();
    for squares in groups.values() {
        let n = squares.len();
        for (k, sq) in squares.iter().enumerate() {
            permuted.insert(*sq, rank_at[&squares[(k + 1 + shift) % n]]);
        }
    }
    if permuted == rank_at {
        return false;
    }
    let twin_setup = Setup::new(enemy, permuted);
    let (twin_red, twin_blue) = if enemy == Player::Red { (twin_setup, blue) } else { (red, twin_setup) };
    let mut twin = Game::new(rules.clone(), twin_red, twin_blue)
        .expect("a setup with the same ranks on the same squares, permuted, is valid");
    // Whether a move earns a rescue depends on the mover's rank (never a Scout), so the twin
    // may be due a decision the game was not, or not be due one the game declined. The enemy
    // declines (or not) in the twin only: a decline is no public move.
    let decline_if_due = |twin: &mut Game| {
        if twin.board().rescue_pending() && twin.to_move() == enemy {
            twin.play(stratego_core::Move::DECLINE_RESCUE).expect("a decline is legal while a rescue is due");
        }
    };
    for report in game.history() {
        if report.mv.is_decline() && !twin.board().rescue_pending() {
            continue;
        }
        if !report.mv.is_decision() {
            decline_if_due(&mut twin);
        }
        if twin.play(report.mv).is_err() {
            return false;
        }
    }
    if game.board().rescue_pending() != twin.board().rescue_pending() {
        if game.board().rescue_pending() {
            // The game waits for the enemy's decision, the twin for the viewer: nothing to compare.
            return false;
        }
        decline_if_due(&mut twin);
    }
    if let Some(Outcome { winner: Some(w), termination: Termination::Resignation }) = game.outcome() {
        twin.resign(w.opponent());
    }
    if public(&twin) != public(game) || twin.outcome() != game.outcome() {
        return false;
    }
    assert_ne!(twin.position(), game.position(), "the twin should differ in hidden ranks");
    let twin_view = twin.view(viewer);
    if twin_view != view {
        let (a, b) = (format!("{view:#?}"), format!("{twin_view:#?}"));
        let diff: Vec<String> = a
            .lines()
            .zip(b.lines())
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .take(6)
            .map(|(i, (x, y))| format!("line {i}: {} | {}", x.trim(), y.trim()))
            .collect();
        panic!(
            "{viewer}'s view changed with the opponent's hidden ranks in {} (twin {}):\n{}",
            game.position(),
            twin.position(),
            diff.join("\n")
        );
    }
    assert_eq!(twin_view.observation(), view.observation(), "{viewer}'s observation leaks hidden ranks");
    assert_eq!(twin_view.board_codes(), view.board_codes(), "{viewer}'s byte board leaks hidden ranks");
    assert_eq!(twin_view.legal_actions(), view.legal_actions(), "{viewer}'s legal actions leak hidden ranks");
    let mut mask = vec![0u8; rules.num_actions()];
    let mut twin_mask = mask.clone();
    view.legal_action_mask_into(&mut mask).expect("mask fits");
    twin_view.legal_action_mask_into(&mut twin_mask).expect("mask fits");
    assert!(mask == twin_mask, "{viewer}'s mask leaks hidden ranks");
    true
}
