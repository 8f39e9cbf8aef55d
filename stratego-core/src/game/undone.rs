//! What [`crate::Game::undo`] took back, so callers need not compare the game before and after.

use crate::Move;

/// What [`crate::Game::undo`] took back.
///
/// A resignation made before any move is the one thing `undo` can take back without a move,
/// so "nothing happened" and "the resignation went" are told apart here rather than by
/// inspecting the game around the call.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Rules, Setup, Undone};
/// let rules = Rules::edition(Edition::Isf);
/// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// assert_eq!(game.undo(), Undone::Nothing);
/// game.resign(Player::Red);
/// assert_eq!(game.undo(), Undone::Resignation);
/// let mv = game.legal_moves()[0];
/// game.play(mv)?;
/// assert_eq!(game.undo(), Undone::Move(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "undo may have changed nothing; check what it took back"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Undone {
    /// The last history entry went, with any resignation made after it. Under rules with
    /// rescues the entry may be a rescue decision ([`Move::is_decision`]) rather than a move
    /// of a piece.
    Move(Move),
    /// No move had been played; a resignation made at the start was taken back.
    Resignation,
    /// No move had been played and the game was not resigned: nothing changed.
    Nothing,
}

impl Undone {
    /// The history entry taken back, if one was.
    ///
    /// ```
    /// use stratego_core::{Move, Square, Undone};
    /// let mv = Move::new(Square::new(0, 3), Square::new(0, 4));
    /// assert_eq!(Undone::Move(mv).mv(), Some(mv));
    /// assert_eq!(Undone::Resignation.mv(), None);
    /// ```
    #[inline]
    pub fn mv(self) -> Option<Move> {
        match self {
            Undone::Move(mv) => Some(mv),
            Undone::Resignation | Undone::Nothing => None,
        }
    }

    /// Whether the game changed.
    ///
    /// ```
    /// use stratego_core::Undone;
    /// assert!(Undone::Resignation.changed_anything());
    /// assert!(!Undone::Nothing.changed_anything());
    /// ```
    #[inline]
    pub fn changed_anything(self) -> bool {
        self != Undone::Nothing
    }
}
