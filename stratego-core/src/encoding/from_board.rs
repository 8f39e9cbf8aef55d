//! The encoders straight from a [`Board`] or a [`Game`], for any player, with no view built:
//! nothing is copied, so a step costs the same at any ply. They run the view's code path on the
//! full position and read only what the player's view would hold (see [`crate::encoding`]).

use super::sight::Sight;
use super::{EncodingError, MaskValue, PlaneValue};
use crate::{Board, Player};

impl Board {
    /// Write `player`'s observation planes into `out` (`f32` or compact `u8`, `C * H * W`
    /// elements), exactly as `self.view(player).observation_into(out)` would, without building
    /// the view. See [`PlayerView::observation_into`](crate::PlayerView::observation_into).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut obs = vec![0f32; rules.observation_shape().iter().product()];
    /// game.board().observation_into(Player::Blue, &mut obs)?;
    /// assert_eq!(obs, game.view(Player::Blue).observation());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn observation_into<T: PlaneValue>(&self, player: Player, out: &mut [T]) -> Result<(), EncodingError> {
        Sight::of_board(self, player).observation_into(out)
    }

    /// Write `player`'s byte board into `out` (`S` bytes), exactly as
    /// `self.view(player).board_codes_into(out)` would. See
    /// [`PlayerView::board_codes_into`](crate::PlayerView::board_codes_into).
    ///
    /// ```
    /// use stratego_core::{board_code, Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut codes = [0u8; 100];
    /// game.board().board_codes_into(Player::Red, &mut codes)?;
    /// assert_eq!(codes[99], board_code::ENEMY_HIDDEN); // Blue's ranks stay hidden from Red
    /// assert_eq!(codes.to_vec(), game.view(Player::Red).board_codes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board_codes_into(&self, player: Player, out: &mut [u8]) -> Result<(), EncodingError> {
        Sight::of_board(self, player).board_codes_into(out)
    }

    /// The side to move's legal action ids into `out` (cleared first), sorted ascending, in its
    /// frame; empty once the game is over. The same as the mover's
    /// [`PlayerView::legal_actions_into`](crate::PlayerView::legal_actions_into).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut ids = Vec::new();
    /// game.board().legal_actions_into(&mut ids);
    /// assert_eq!(ids, game.view(Player::Red).legal_actions());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions_into(&self, out: &mut Vec<usize>) {
        Sight::of_board(self, self.state.to_move).legal_actions_into(out)
    }

    /// The side to move's legal action ids, sorted ascending as [`Board::legal_actions_into`]
    /// gives them, into the front of a fixed buffer with no allocation; returns how many there
    /// are (0 once the game is over). When that is more than `out` holds, nothing is written:
    /// ask again with room for the number returned (a standard position has under 300).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut ids = [0u32; 1024];
    /// let n = game.board().legal_actions_into_slice(&mut ids);
    /// assert!(ids[..n].iter().map(|&id| id as usize).eq(game.legal_actions()));
    /// // Too small a buffer: the number comes back, and the buffer stays as it was.
    /// let mut one = [7u32; 1];
    /// assert_eq!(game.board().legal_actions_into_slice(&mut one), n);
    /// assert_eq!(one, [7]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions_into_slice(&self, out: &mut [u32]) -> usize {
        // Legality needs no sight of the enemy: skip the spotted squares `of_board` works out.
        let sight = Sight { rules: &self.rules, state: &self.state, viewer: self.state.to_move, spotted: 0 };
        sight.legal_actions_into_slice(out)
    }

    /// The side to move's legal action ids, sorted ascending (see [`Board::legal_actions_into`]).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Classic);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert_eq!(game.board().legal_actions().len(), game.legal_move_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Write the side to move's legal-action mask into `out` (`u8` 0/1 or `bool`,
    /// [`Rules::num_actions`](crate::Rules::num_actions) entries, every one overwritten);
    /// returns how many actions are legal. The same as the mover's
    /// [`PlayerView::legal_action_mask_into`](crate::PlayerView::legal_action_mask_into).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut mask = vec![0u8; rules.num_actions()];
    /// let n = game.board().legal_action_mask_into(&mut mask)?;
    /// assert_eq!(n, game.legal_move_count());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_action_mask_into<T: MaskValue>(&self, out: &mut [T]) -> Result<usize, EncodingError> {
        Sight::of_board(self, self.state.to_move).legal_action_mask_into(out)
    }

    /// Write the side to move's legal-action mask packed as bits into `out`
    /// (`num_actions.div_ceil(64)` words, every one overwritten); returns how many actions are
    /// legal. See [`PlayerView::legal_action_bits_into`](crate::PlayerView::legal_action_bits_into).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut bits = vec![0u64; rules.num_actions().div_ceil(64)];
    /// let n = game.board().legal_action_bits_into(&mut bits)?;
    /// assert_eq!(n, bits.iter().map(|w| w.count_ones() as usize).sum::<usize>());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_action_bits_into(&self, out: &mut [u64]) -> Result<usize, EncodingError> {
        Sight::of_board(self, self.state.to_move).legal_action_bits_into(out)
    }
}
