//! The one place where C integers become core values and back. Enumerations convert by value
//! (the C constants are the core's discriminants, `ClosedEnum`), so no table lives here.

use stratego_core::{
    BattleReport, ClosedEnum, Edition, IllegalReason, Move, MoveReport, Outcome as CoreOutcome, Piece, Player, Rank,
    Rules, SetupProblem, Square, SquareView, MAX_SIDE,
};

use crate::enums::*;
use crate::result::{Failure, Outcome};
use crate::values::*;

/// The core member whose value (its C constant) is `code`, or an `INVALID_ARGUMENT` naming
/// `what` and the values it takes. The core's discriminants are the C values, so no table
/// lives here.
fn from_c<E: ClosedEnum>(code: u32, what: &str) -> Outcome<E> {
    E::from_value(code).ok_or_else(|| {
        let known: Vec<String> = E::MEMBERS.iter().map(|m| m.value().to_string()).collect();
        Failure::invalid(format!("{code} is not a {what} (expected one of {})", known.join(", ")))
    })
}

/// The C constant of a core member: its value.
fn to_c<E: ClosedEnum>(member: E) -> u32 {
    member.value().into()
}

pub(crate) fn player(code: stratego_player) -> Outcome<Player> {
    from_c(code, "stratego_player")
}
/// A player, or `None` (both players) for `STRATEGO_PLAYER_NONE`.
pub(crate) fn player_or_both(code: stratego_player) -> Outcome<Option<Player>> {
    if code == STRATEGO_PLAYER_NONE {
        Ok(None)
    } else {
        player(code).map(Some)
    }
}
pub(crate) fn player_to_c(p: Player) -> stratego_player {
    to_c(p)
}
fn optional_player_to_c(p: Option<Player>) -> stratego_player {
    p.map_or(STRATEGO_PLAYER_NONE, player_to_c)
}

pub(crate) fn edition(code: stratego_edition) -> Outcome<Edition> {
    from_c(code, "stratego_edition")
}
pub(crate) fn edition_to_c(e: Edition) -> stratego_edition {
    to_c(e)
}

/// Ranks keep the core's discriminants (Flag 0 .. Bomb 11).
pub(crate) fn rank(code: stratego_rank) -> Outcome<Rank> {
    Rank::from_value(code).ok_or_else(|| Failure::invalid(format!("{code} is not a stratego_rank (expected 0..=11)")))
}
pub(crate) fn rank_to_c(r: Rank) -> stratego_rank {
    to_c(r)
}
fn optional_rank_to_c(r: Option<Rank>) -> stratego_rank {
    r.map_or(STRATEGO_RANK_UNKNOWN, rank_to_c)
}

pub(crate) fn reason_to_c(r: IllegalReason) -> stratego_illegal_reason {
    to_c(r)
}

/// A square from C: any column and row below the largest board side is a square (whether it
/// is on a given board is the rules' business); larger values are no square at all.
pub(crate) fn square(sq: stratego_square) -> Outcome<Square> {
    Square::try_new(sq.col, sq.row).ok_or_else(|| {
        Failure::invalid(format!(
            "square {{col {}, row {}}} is outside every board (each must be below {MAX_SIDE})",
            sq.col, sq.row
        ))
    })
}
pub(crate) fn square_to_c(sq: Square) -> stratego_square {
    stratego_square { col: sq.col(), row: sq.row() }
}

/// A square of `rules`' board from C (off the board is `INVALID_ARGUMENT`).
pub(crate) fn board_square(rules: &Rules, sq: stratego_square) -> Outcome<Square> {
    let square = square(sq)?;
    if !rules.contains(square) {
        return Err(Failure::invalid(format!("square {square} is off the {}x{} board", rules.width(), rules.height())));
    }
    Ok(square)
}

/// A move from C: two squares on some board, or a rescue decision as the core spells it (its
/// reserved `from` lies off every board).
pub(crate) fn move_from_c(from: stratego_square, to: stratego_square) -> Outcome<Move> {
    let raw = Move::new(Square::new(from.col, from.row), Square::new(to.col, to.row));
    if raw.is_decision() {
        return match raw.rescued() {
            Some(_) => square(to).map(|_| raw),
            None if raw.is_decline() => Ok(raw),
            None => Err(Failure::invalid(
                "not a rescue decision: make one with stratego_move_rescue or stratego_move_decline_rescue",
            )),
        };
    }
    Ok(Move::new(square(from)?, square(to)?))
}
pub(crate) fn move_to_c(mv: Move) -> stratego_move {
    stratego_move { from: square_to_c(mv.from), to: square_to_c(mv.to) }
}

/// An action id from C for `player` under `rules`; ids at or past the number of actions are
/// `INVALID_ARGUMENT`.
pub(crate) fn action(rules: &Rules, player: Player, id: u32) -> Outcome<Move> {
    rules
        .action_move(player, id as usize)
        .ok_or_else(|| Failure::invalid(format!("action id {id} is out of range (0..{})", rules.num_actions())))
}
pub(crate) fn action_to_c(id: usize) -> u32 {
    // Action ids are below MAX_SQUARES^2 + 12 * MAX_SQUARES + 1 = 17,921.
    id as u32
}

pub(crate) fn outcome_to_c(o: Option<CoreOutcome>) -> stratego_outcome {
    match o {
        None => {
            stratego_outcome { is_over: false, winner: STRATEGO_PLAYER_NONE, termination: STRATEGO_TERMINATION_NONE }
        }
        Some(o) => {
            stratego_outcome { is_over: true, winner: optional_player_to_c(o.winner), termination: to_c(o.termination) }
        }
    }
}

pub(crate) fn piece_to_c(p: Option<Piece>) -> stratego_piece {
    match p {
        None => {
            stratego_piece { owner: STRATEGO_PLAYER_NONE, rank: STRATEGO_RANK_UNKNOWN, revealed: false, moved: false }
        }
        Some(p) => stratego_piece {
            owner: player_to_c(p.owner),
            rank: rank_to_c(p.rank),
            revealed: p.revealed,
            moved: p.moved,
        },
    }
}

pub(crate) fn square_view_to_c(v: SquareView) -> stratego_square_view {
    let plain =
        |kind| stratego_square_view { kind, rank: STRATEGO_RANK_UNKNOWN, revealed: false, moved: false, slid: false };
    let kind = to_c(v.kind());
    match v {
        SquareView::Empty | SquareView::Lake => plain(kind),
        SquareView::Own(p) => {
            stratego_square_view { kind, rank: rank_to_c(p.rank), revealed: p.revealed, moved: p.moved, slid: false }
        }
        SquareView::Enemy(e) => stratego_square_view {
            kind,
            rank: optional_rank_to_c(e.rank),
            revealed: e.revealed,
            moved: e.moved,
            slid: e.slid,
        },
    }
}

pub(crate) fn battle_report_to_c(b: Option<BattleReport>) -> stratego_battle_report {
    match b {
        None => stratego_battle_report {
            battle: STRATEGO_BATTLE_NONE,
            attacker: STRATEGO_RANK_UNKNOWN,
            defender: STRATEGO_RANK_UNKNOWN,
        },
        Some(b) => stratego_battle_report {
            battle: to_c(b.result),
            attacker: rank_to_c(b.attacker),
            defender: rank_to_c(b.defender),
        },
    }
}

pub(crate) fn report_to_c(r: &MoveReport, after: Option<CoreOutcome>) -> stratego_move_report {
    let stratego_battle_report { battle, attacker, defender } = battle_report_to_c(r.battle);
    stratego_move_report {
        mv: move_to_c(r.mv),
        player: player_to_c(r.player),
        rank: rank_to_c(r.rank),
        battle,
        attacker,
        defender,
        outcome: outcome_to_c(after),
    }
}

pub(crate) fn problem_to_c(p: &SetupProblem) -> stratego_setup_problem {
    let (expected, found) = match *p {
        SetupProblem::WrongPlayer { expected, found } => (player_to_c(expected), player_to_c(found)),
        SetupProblem::WrongCount { expected, found, .. } => (expected.into(), found.into()),
        SetupProblem::TooMany { limit, found, .. } => (limit.into(), found.into()),
        _ => (0, 0),
    };
    stratego_setup_problem {
        kind: to_c(p.kind()),
        has_square: p.square().is_some(),
        square: p.square().map(square_to_c).unwrap_or_default(),
        rank: optional_rank_to_c(p.rank()),
        expected,
        found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_cover_every_core_value_once() {
        for e in Edition::ALL {
            assert_eq!(edition(edition_to_c(e)).unwrap(), e);
        }
        for r in Rank::ALL {
            assert_eq!(rank(rank_to_c(r)).unwrap(), r);
        }
        for p in Player::ALL {
            assert_eq!(player(player_to_c(p)).unwrap(), p);
        }
        assert!(IllegalReason::ALL.iter().all(|&r| reason_to_c(r) != STRATEGO_ILLEGAL_NONE));
    }

    #[test]
    fn unknown_values_are_invalid_arguments() {
        use crate::result::stratego_result::STRATEGO_RESULT_INVALID_ARGUMENT;
        assert_eq!(player(STRATEGO_PLAYER_NONE).unwrap_err().code, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(player(u32::MAX).unwrap_err().code, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(edition(Edition::ALL.len() as u32).unwrap_err().code, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(rank(12).unwrap_err().code, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(rank(STRATEGO_RANK_UNKNOWN).unwrap_err().code, STRATEGO_RESULT_INVALID_ARGUMENT);
        assert!(square(stratego_square { col: 16, row: 0 }).is_err());
        assert!(square(stratego_square { col: 15, row: 15 }).is_ok());
    }
}
