//! The encoders of one player's perspective, written once for every source: a player's view,
//! or a board or game seen by a player (which builds no view and copies nothing, so a step
//! costs the same at any ply).

use super::sight::Sight;
use super::{EncodingError, PlaneValue};
use crate::{Board, Player, PlayerView, Rules};

/// A position as one player (the observer) sees it: the source of the observation planes and
/// the byte board. A [`PlayerView`] is its viewer's perspective; [`Board::seen_by`] (and so
/// `game.seen_by(player)`) gives any player's perspective of a full position, with the same
/// bytes as that player's view. Sealed: only the core's types implement it.
///
/// ```
/// use stratego_core::{Edition, Game, Perspective, Player, Rules};
/// fn planes(p: &impl Perspective) -> Vec<f32> { p.observation() }
/// let game = Game::random(Rules::edition(Edition::Isf), 1);
/// assert_eq!(planes(&game.seen_by(Player::Blue)), planes(&game.view(Player::Blue)));
/// ```
pub trait Perspective {
    /// What the observer knows, as the encoders read it.
    #[doc(hidden)]
    fn sight(&self) -> Sight<'_>;

    /// The rules (for the encodings' shapes).
    fn rules(&self) -> &Rules {
        self.sight().rules
    }

    /// Whose perspective it is: the frame and the knowledge of every encoding.
    fn observer(&self) -> Player {
        self.sight().viewer
    }

    /// Write the observation planes (see the module docs' table) into `out`, which must have
    /// `C * H * W` elements ([`Rules::observation_shape`](crate::Rules::observation_shape)), in
    /// the viewer's frame. Every element is overwritten with 0 or 1: `f32` for the float planes,
    /// `u8` for the compact planes (the same table, a quarter of the bytes).
    ///
    /// ```
    /// use stratego_core::{Perspective, Edition, Game, Plane, Player, Rank, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let s = rules.num_squares();
    /// let mut obs = vec![0f32; Plane::COUNT * s];
    /// game.view(Player::Blue).observation_into(&mut obs)?;
    /// let plane = |p: Plane| &obs[p.index() * s..][..s];
    /// assert_eq!(plane(Plane::Own(Rank::Scout)).iter().sum::<f32>(), 8.0);
    /// assert_eq!(plane(Plane::EnemyHiddenUnmoved).iter().sum::<f32>(), 40.0);
    /// // In Blue's frame its own pieces fill the low rows:
    /// assert!(plane(Plane::Own(Rank::Flag))[..40].contains(&1.0));
    ///
    /// let mut compact = vec![0u8; Plane::COUNT * s];
    /// game.view(Player::Blue).observation_into(&mut compact)?;
    /// assert!(compact.iter().zip(&obs).all(|(&b, &f)| b as f32 == f));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn observation_into<T: PlaneValue>(&self, out: &mut [T]) -> Result<(), EncodingError> {
        self.sight().observation_into(out)
    }

    /// The observation as a new vector (see [`Perspective::observation_into`]).
    ///
    /// ```
    /// use stratego_core::{Perspective, Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert_eq!(game.view(Player::Red).observation().len(), 32 * 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; Perspective::rules(self).num_planes() * Perspective::rules(self).num_squares()];
        // The length is right by construction.
        let _ = self.observation_into(&mut out);
        out
    }

    /// Write the byte board (one code per square, see the module docs' table and
    /// [`board_code`](crate::board_code)) into `out`, which must have [`Rules::num_squares`](crate::Rules::num_squares) bytes, in the
    /// viewer's frame.
    ///
    /// ```
    /// use stratego_core::{Perspective, board_code, Edition, Game, Player, Rank, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut board = [0u8; 100];
    /// game.view(Player::Red).board_codes_into(&mut board)?;
    /// assert_eq!(board[42], board_code::LAKE);                 // c5
    /// assert_eq!(board[99], board_code::ENEMY_HIDDEN);         // j10: an unmoved enemy
    /// assert!(board[..40].iter().all(|&c| (board_code::OWN..board_code::ENEMY).contains(&c)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn board_codes_into(&self, out: &mut [u8]) -> Result<(), EncodingError> {
        self.sight().board_codes_into(out)
    }

    /// The byte board as a new vector (see [`Perspective::board_codes_into`]).
    ///
    /// ```
    /// use stratego_core::{Perspective, board_code, Edition, Game, Player, Rules, Setup, SquareView};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let codes = view.board_codes();
    /// let a1 = board_code::decode(codes[0], Player::Red).unwrap();
    /// assert_eq!(a1, view.square("a1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn board_codes(&self) -> Vec<u8> {
        let mut out = vec![0; Perspective::rules(self).num_squares()];
        // The length is right by construction.
        let _ = self.board_codes_into(&mut out);
        out
    }
}

impl Perspective for PlayerView {
    fn sight(&self) -> Sight<'_> {
        Sight::of_view(self)
    }
}

/// A board (or game) seen by one player: its encoders give exactly that player's view's bytes,
/// without building the view.
#[derive(Clone, Copy)]
pub struct SeenBy<'a> {
    board: &'a Board,
    player: Player,
}

impl Perspective for SeenBy<'_> {
    fn sight(&self) -> Sight<'_> {
        Sight::of_board(self.board, self.player)
    }
}

impl Board {
    /// This position as `player` sees it, for the encoders of [`Perspective`]: the same bytes
    /// as `self.view(player)`'s, with no view built.
    ///
    /// ```
    /// use stratego_core::{board_code, Edition, Game, Perspective, Player, Rules};
    /// let game = Game::random(Rules::edition(Edition::Isf), 1);
    /// let mut codes = [0u8; 100];
    /// game.seen_by(Player::Red).board_codes_into(&mut codes)?;
    /// assert_eq!(codes[99], board_code::ENEMY_HIDDEN); // Blue's ranks stay hidden from Red
    /// assert_eq!(codes.to_vec(), game.view(Player::Red).board_codes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seen_by(&self, player: Player) -> SeenBy<'_> {
        SeenBy { board: self, player }
    }
}
