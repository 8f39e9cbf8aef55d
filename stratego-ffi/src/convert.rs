//! The one place where C integers become core values and back. Each enumeration has one table;
//! a core API change touches only this file.

use stratego_core::{
    Battle, BattleReport, Edition, IllegalReason, Move, MoveReport, Outcome as CoreOutcome, Piece, Player, Rank, Rules,
    SetupProblem, Square, SquareView, Termination, MAX_SIDE,
};

use crate::enums::*;
use crate::result::{Failure, Outcome};
use crate::values::*;

const PLAYERS: [(Player, stratego_player); 2] =
    [(Player::Red, STRATEGO_PLAYER_RED), (Player::Blue, STRATEGO_PLAYER_BLUE)];

pub(crate) const EDITIONS: [(Edition, stratego_edition); 7] = [
    (Edition::Classic, STRATEGO_EDITION_CLASSIC),
    (Edition::Jumbo, STRATEGO_EDITION_JUMBO),
    (Edition::Isf, STRATEGO_EDITION_ISF),
    (Edition::Barrage, STRATEGO_EDITION_BARRAGE),
    (Edition::Duel, STRATEGO_EDITION_DUEL),
    (Edition::Estrategia, STRATEGO_EDITION_ESTRATEGIA),
    (Edition::UltimateLightning, STRATEGO_EDITION_ULTIMATE_LIGHTNING),
];

const TERMINATIONS: [(Termination, stratego_termination); 6] = [
    (Termination::FlagCaptured, STRATEGO_TERMINATION_FLAG_CAPTURED),
    (Termination::NoLegalMove, STRATEGO_TERMINATION_NO_LEGAL_MOVE),
    (Termination::BothStuck, STRATEGO_TERMINATION_BOTH_STUCK),
    (Termination::PlyCap, STRATEGO_TERMINATION_PLY_CAP),
    (Termination::NoBattleCap, STRATEGO_TERMINATION_NO_BATTLE_CAP),
    (Termination::Resignation, STRATEGO_TERMINATION_RESIGNATION),
];

const BATTLES: [(Battle, stratego_battle); 3] = [
    (Battle::AttackerWins, STRATEGO_BATTLE_ATTACKER_WINS),
    (Battle::DefenderWins, STRATEGO_BATTLE_DEFENDER_WINS),
    (Battle::BothDie, STRATEGO_BATTLE_BOTH_DIE),
];

pub(crate) const REASONS: [(IllegalReason, stratego_illegal_reason); 18] = [
    (IllegalReason::GameOver, STRATEGO_ILLEGAL_GAME_OVER),
    (IllegalReason::OffBoard, STRATEGO_ILLEGAL_OFF_BOARD),
    (IllegalReason::NoPiece, STRATEGO_ILLEGAL_NO_PIECE),
    (IllegalReason::NotYourPiece, STRATEGO_ILLEGAL_NOT_YOUR_PIECE),
    (IllegalReason::Immovable, STRATEGO_ILLEGAL_IMMOVABLE),
    (IllegalReason::OwnPiece, STRATEGO_ILLEGAL_OWN_PIECE),
    (IllegalReason::Lake, STRATEGO_ILLEGAL_LAKE),
    (IllegalReason::Unreachable, STRATEGO_ILLEGAL_UNREACHABLE),
    (IllegalReason::Blocked, STRATEGO_ILLEGAL_BLOCKED),
    (IllegalReason::SlideAttack, STRATEGO_ILLEGAL_SLIDE_ATTACK),
    (IllegalReason::TwoSquareRule, STRATEGO_ILLEGAL_TWO_SQUARE_RULE),
    (IllegalReason::ChaseRule, STRATEGO_ILLEGAL_CHASE_RULE),
    (IllegalReason::NoReturn, STRATEGO_ILLEGAL_NO_RETURN),
    (IllegalReason::RescuePending, STRATEGO_ILLEGAL_RESCUE_PENDING),
    (IllegalReason::NoRescuePending, STRATEGO_ILLEGAL_NO_RESCUE_PENDING),
    (IllegalReason::NotCaptured, STRATEGO_ILLEGAL_NOT_CAPTURED),
    (IllegalReason::OutsideRescueZone, STRATEGO_ILLEGAL_OUTSIDE_RESCUE_ZONE),
    (IllegalReason::Occupied, STRATEGO_ILLEGAL_OCCUPIED),
];

/// The C value paired with `value` in `table` (every core value has one).
fn to_c<T: PartialEq + Copy>(table: &[(T, u32)], value: T) -> u32 {
    table.iter().find(|(v, _)| *v == value).map_or(u32::MAX, |(_, c)| *c)
}

/// The core value paired with the C value `code`, or an `INVALID_ARGUMENT` naming `what`.
fn from_c<T: Copy>(table: &[(T, u32)], code: u32, what: &str) -> Outcome<T> {
    table.iter().find(|(_, c)| *c == code).map(|(v, _)| *v).ok_or_else(|| {
        let known: Vec<String> = table.iter().map(|(_, c)| c.to_string()).collect();
        Failure::invalid(format!("{code} is not a {what} (expected one of {})", known.join(", ")))
    })
}

pub(crate) fn player(code: stratego_player) -> Outcome<Player> {
    from_c(&PLAYERS, code, "stratego_player")
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
    to_c(&PLAYERS, p)
}
fn optional_player_to_c(p: Option<Player>) -> stratego_player {
    p.map_or(STRATEGO_PLAYER_NONE, player_to_c)
}

pub(crate) fn edition(code: stratego_edition) -> Outcome<Edition> {
    from_c(&EDITIONS, code, "stratego_edition")
}
pub(crate) fn edition_to_c(e: Edition) -> stratego_edition {
    to_c(&EDITIONS, e)
}

/// Ranks keep the core's discriminants (Flag 0 .. Bomb 11).
pub(crate) fn rank(code: stratego_rank) -> Outcome<Rank> {
    Rank::from_index(code as usize)
        .filter(|_| code < Rank::COUNT as u32)
        .ok_or_else(|| Failure::invalid(format!("{code} is not a stratego_rank (expected 0..=11)")))
}
pub(crate) fn rank_to_c(r: Rank) -> stratego_rank {
    r.index() as stratego_rank
}
fn optional_rank_to_c(r: Option<Rank>) -> stratego_rank {
    r.map_or(STRATEGO_RANK_UNKNOWN, rank_to_c)
}

pub(crate) fn reason_to_c(r: IllegalReason) -> stratego_illegal_reason {
    to_c(&REASONS, r)
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
        Some(o) => stratego_outcome {
            is_over: true,
            winner: optional_player_to_c(o.winner),
            termination: to_c(&TERMINATIONS, o.termination),
        },
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
    match v {
        SquareView::Empty => plain(STRATEGO_SQUARE_EMPTY),
        SquareView::Lake => plain(STRATEGO_SQUARE_LAKE),
        SquareView::Own(p) => stratego_square_view {
            kind: STRATEGO_SQUARE_OWN,
            rank: rank_to_c(p.rank),
            revealed: p.revealed,
            moved: p.moved,
            slid: false,
        },
        SquareView::Enemy(e) => stratego_square_view {
            kind: STRATEGO_SQUARE_ENEMY,
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
            battle: to_c(&BATTLES, b.result),
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
    let mut out = stratego_setup_problem {
        kind: 0,
        has_square: false,
        square: stratego_square::default(),
        rank: STRATEGO_RANK_UNKNOWN,
        expected: 0,
        found: 0,
    };
    let mut at = |sq: Square| {
        out.has_square = true;
        out.square = square_to_c(sq);
    };
    let kind = match *p {
        SetupProblem::WrongPlayer { expected, found } => {
            out.expected = player_to_c(expected);
            out.found = player_to_c(found);
            STRATEGO_SETUP_PROBLEM_WRONG_PLAYER
        }
        SetupProblem::OffBoard(sq) => {
            at(sq);
            STRATEGO_SETUP_PROBLEM_OFF_BOARD
        }
        SetupProblem::OutsideZone(sq, r) => {
            at(sq);
            out.rank = rank_to_c(r);
            STRATEGO_SETUP_PROBLEM_OUTSIDE_ZONE
        }
        SetupProblem::OnLake(sq, r) => {
            at(sq);
            out.rank = rank_to_c(r);
            STRATEGO_SETUP_PROBLEM_ON_LAKE
        }
        SetupProblem::Occupied(sq) => {
            at(sq);
            STRATEGO_SETUP_PROBLEM_OCCUPIED
        }
        SetupProblem::WrongCount { rank, expected, found } => {
            out.rank = rank_to_c(rank);
            out.expected = expected.into();
            out.found = found.into();
            STRATEGO_SETUP_PROBLEM_WRONG_COUNT
        }
        SetupProblem::TooMany { rank, limit, found } => {
            out.rank = rank_to_c(rank);
            out.expected = limit.into();
            out.found = found.into();
            STRATEGO_SETUP_PROBLEM_TOO_MANY
        }
        SetupProblem::FlagNotInCorner(sq) => {
            if let Some(sq) = sq {
                at(sq);
            }
            out.rank = STRATEGO_RANK_FLAG;
            STRATEGO_SETUP_PROBLEM_FLAG_NOT_IN_CORNER
        }
        SetupProblem::Misplaced { rank, square } => {
            at(square);
            out.rank = rank_to_c(rank);
            STRATEGO_SETUP_PROBLEM_MISPLACED
        }
    };
    out.kind = kind;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_cover_every_core_value_once() {
        for e in Edition::ALL {
            assert_eq!(edition(edition_to_c(e)).unwrap(), e);
        }
        assert_eq!(EDITIONS.len(), Edition::ALL.len());
        for r in Rank::ALL {
            assert_eq!(rank(rank_to_c(r)).unwrap(), r);
        }
        for p in Player::ALL {
            assert_eq!(player(player_to_c(p)).unwrap(), p);
        }
        let codes: std::collections::BTreeSet<u32> = REASONS.iter().map(|r| r.1).collect();
        assert_eq!(codes.len(), REASONS.len(), "reason codes are distinct");
        assert!(!codes.contains(&STRATEGO_ILLEGAL_NONE));
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
