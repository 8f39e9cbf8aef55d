//! Short names for the ways a game ends, shared by the engine's and Gravon's records.

use crate::gravon::ResultKind;
use crate::Termination;

// The engine's terminations and their names: the names of the full position text's `over=`
// field.
use crate::state::text::TERMINATIONS;

/// Gravon's result codes and their names; those that mean what an engine termination
/// means share its name.
const GRAVON_RESULTS: [(ResultKind, &str); 10] = [
    (ResultKind::NoMoves, "no-move"),
    (ResultKind::FlagCaptured, "flag"),
    (ResultKind::BothStuck, "both-stuck"),
    (ResultKind::Resignation, "resigned"),
    (ResultKind::DrawAgreed, "draw-agreed"),
    (ResultKind::BothGone, "both-gone"),
    (ResultKind::Clock, "clock"),
    (ResultKind::GameClock, "game-clock"),
    (ResultKind::ClockAndGone, "clock-and-gone"),
    (ResultKind::OpponentGone, "opponent-gone"),
];

/// The short name of a termination: `flag`, `no-move`, `both-stuck`, `ply-cap`,
/// `no-battle-cap` or `resigned`.
///
/// ```
/// use stratego_core::arena::termination_label;
/// use stratego_core::Termination;
/// assert_eq!(termination_label(Termination::NoLegalMove), "no-move");
/// ```
pub fn termination_label(termination: Termination) -> &'static str {
    TERMINATIONS.iter().find(|(t, _)| *t == termination).map_or("unknown", |(_, name)| name)
}

/// The short name of a Gravon result code: the engine's name where the meaning is the same
/// (`flag`, `no-move`, `both-stuck`, `resigned`), else Gravon's own (`draw-agreed`, `clock`,
/// `opponent-gone`, ...), or `code-N` for a code Gravon does not document.
///
/// ```
/// use stratego_core::arena::gravon_result_label;
/// use stratego_core::gravon::ResultKind;
/// assert_eq!(gravon_result_label(ResultKind::FlagCaptured), "flag");
/// assert_eq!(gravon_result_label(ResultKind::Other(99)), "code-99");
/// ```
pub fn gravon_result_label(kind: ResultKind) -> String {
    match GRAVON_RESULTS.iter().find(|(k, _)| *k == kind) {
        Some((_, name)) => name.to_string(),
        None => format!("code-{}", kind.code()),
    }
}
