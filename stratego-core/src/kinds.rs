//! The kind of a setup problem and of a square in a view: closed sets naming the variants of
//! the data-carrying [`SetupProblem`] and [`SquareView`], for callers that switch on them.

use crate::macros::closed_enum;
use crate::{SetupProblem, SquareView};

/// What is wrong with a setup: [`SetupProblem::kind`]. Values count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum SetupProblemKind {
    /// The setup is for the other player.
    WrongPlayer = 1,
    /// A square outside the board.
    OffBoard = 2,
    /// A piece outside the player's setup zone.
    OutsideZone = 3,
    /// A piece on a lake.
    OnLake = 4,
    /// Two pieces on one square.
    Occupied = 5,
    /// The number of pieces of a rank differs from the army.
    WrongCount = 6,
    /// More pieces of a rank than a free-placement army allows.
    TooMany = 7,
    /// The Flag must stand on a corner of the back row.
    FlagNotInCorner = 8,
    /// A square that the placement constraints fix does not hold its rank.
    Misplaced = 9,
}

closed_enum! {
    impl SetupProblemKind [
        WrongPlayer, OffBoard, OutsideZone, OnLake, Occupied, WrongCount, TooMany, FlagNotInCorner, Misplaced,
    ] {
        /// Every kind, in value order.
        ALL;
    }
}

impl SetupProblem {
    /// Which kind of problem this is.
    ///
    /// ```
    /// use stratego_core::{SetupProblem, SetupProblemKind, Square};
    /// assert_eq!(SetupProblem::Occupied(Square::new(0, 0)).kind(), SetupProblemKind::Occupied);
    /// ```
    pub const fn kind(&self) -> SetupProblemKind {
        match self {
            SetupProblem::WrongPlayer { .. } => SetupProblemKind::WrongPlayer,
            SetupProblem::OffBoard(_) => SetupProblemKind::OffBoard,
            SetupProblem::OutsideZone(..) => SetupProblemKind::OutsideZone,
            SetupProblem::OnLake(..) => SetupProblemKind::OnLake,
            SetupProblem::Occupied(_) => SetupProblemKind::Occupied,
            SetupProblem::WrongCount { .. } => SetupProblemKind::WrongCount,
            SetupProblem::TooMany { .. } => SetupProblemKind::TooMany,
            SetupProblem::FlagNotInCorner(_) => SetupProblemKind::FlagNotInCorner,
            SetupProblem::Misplaced { .. } => SetupProblemKind::Misplaced,
        }
    }

    /// The square concerned, when the problem has one.
    pub const fn square(&self) -> Option<crate::Square> {
        match *self {
            SetupProblem::OffBoard(sq)
            | SetupProblem::OutsideZone(sq, _)
            | SetupProblem::OnLake(sq, _)
            | SetupProblem::Occupied(sq)
            | SetupProblem::Misplaced { square: sq, .. } => Some(sq),
            SetupProblem::FlagNotInCorner(sq) => sq,
            SetupProblem::WrongPlayer { .. } | SetupProblem::WrongCount { .. } | SetupProblem::TooMany { .. } => None,
        }
    }

    /// The rank concerned, when the problem has one.
    pub const fn rank(&self) -> Option<crate::Rank> {
        match *self {
            SetupProblem::OutsideZone(_, r)
            | SetupProblem::OnLake(_, r)
            | SetupProblem::WrongCount { rank: r, .. }
            | SetupProblem::TooMany { rank: r, .. }
            | SetupProblem::Misplaced { rank: r, .. } => Some(r),
            SetupProblem::FlagNotInCorner(_) => Some(crate::Rank::Flag),
            SetupProblem::WrongPlayer { .. } | SetupProblem::OffBoard(_) | SetupProblem::Occupied(_) => None,
        }
    }
}

/// What a square holds for the player who sees it: [`SquareView::kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum SquareKind {
    /// Nothing there.
    Empty = 0,
    /// A lake.
    Lake = 1,
    /// One of the viewer's pieces.
    Own = 2,
    /// An enemy piece.
    Enemy = 3,
}

closed_enum! {
    impl SquareKind [Empty, Lake, Own, Enemy] {
        /// Every kind, in value order.
        ALL;
    }
}

impl SquareView {
    /// What the square holds, without the piece's facts.
    pub const fn kind(&self) -> SquareKind {
        match self {
            SquareView::Empty => SquareKind::Empty,
            SquareView::Lake => SquareKind::Lake,
            SquareView::Own(_) => SquareKind::Own,
            SquareView::Enemy(_) => SquareKind::Enemy,
        }
    }
}
