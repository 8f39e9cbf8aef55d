//! The view JSON target: `serde_json` into a `ViewRecord`, then `PlayerView::from_record`.

use stratego_core::{Move, PlayerView, ViewRecord};

/// A record that reads gives a view whose own record is the same text and reads back to an
/// equal view; the view answers every question without a panic, and its sampled world agrees
/// with it.
pub fn view_json(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<ViewRecord>(data) else { return };
    let Ok(view) = PlayerView::from_record(&record) else { return };
    let own = view.to_record();
    let again = PlayerView::from_record(&own).unwrap_or_else(|e| panic!("the record of a read view fails: {e}"));
    assert!(again == view, "a view's own record reads back to another view");
    assert_eq!(again.to_record(), own, "a view's record is not one canonical text");
    let json = serde_json::to_string(&own).expect("a view record serializes");
    let back: ViewRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    assert_eq!(back, own);

    let rules = view.rules();
    let moves = view.legal_moves();
    for &mv in &moves {
        assert!(view.check(mv).is_ok(), "{mv} is listed but refused");
    }
    let squares: Vec<_> = rules.squares().collect();
    for (i, &from) in squares.iter().enumerate().step_by(7) {
        let mv = Move::new(from, squares[(i * 13 + 1) % squares.len()]);
        assert_eq!(view.check(mv).is_ok(), moves.contains(&mv), "{mv}: check and legal_moves disagree");
    }
    let _ = (view.observation(), view.board_codes(), view.to_string());
    let world = view.sample_world(data.len() as u64);
    let seen = world.view(view.player());
    // The world keeps every fact the view knows (its history starts empty at this position).
    assert!(seen.squares().zip(view.squares()).all(|((_, a), (_, b))| match (a, b) {
        (stratego_core::SquareView::Enemy(x), stratego_core::SquareView::Enemy(y)) => {
            (x.revealed, x.moved, x.slid) == (y.revealed, y.moved, y.slid) && (y.rank.is_none() || x.rank == y.rank)
        }
        (a, b) => a == b,
    }));
    assert_eq!((seen.to_move(), seen.ply(), seen.outcome()), (view.to_move(), view.ply(), view.outcome()));
}
