//! The encoders on [`PlayerView`]: what the viewer knows, as a view holds it.

use super::sight::Sight;
use super::{EncodingError, MaskValue};
use crate::{Move, PlayerView};

impl PlayerView {
    /// The action id of `mv` for the viewer ([`Rules::action_id`](crate::Rules::action_id) in the viewer's frame).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let mv = view.legal_moves()[0];
    /// assert_eq!(view.action_move(view.action_id(mv).unwrap()), Some(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn action_id(&self, mv: Move) -> Option<usize> {
        self.rules().action_id(self.player(), mv)
    }

    /// The move of action id `id` for the viewer ([`Rules::action_move`](crate::Rules::action_move) in the viewer's frame).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Blue);
    /// assert_eq!(view.action_move(0).map(|m| m.to_string()), Some("j10-j10".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn action_move(&self, id: usize) -> Option<Move> {
        self.rules().action_move(self.player(), id)
    }

    /// Write the viewer's legal action ids into `out` (cleared first), sorted ascending. Empty
    /// unless it is the viewer's turn and the game goes on. Reusing `out` keeps this off the heap.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Classic);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut ids = Vec::new();
    /// game.view(Player::Red).legal_actions_into(&mut ids);
    /// assert_eq!(ids.len(), game.legal_move_count());
    /// assert!(ids.windows(2).all(|w| w[0] < w[1]));
    /// game.view(Player::Blue).legal_actions_into(&mut ids);
    /// assert!(ids.is_empty(), "not Blue's turn");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions_into(&self, out: &mut Vec<usize>) {
        Sight::of_view(self).legal_actions_into(out)
    }

    /// The viewer's legal action ids, sorted ascending, into the front of a fixed buffer with
    /// no allocation; returns how many there are (0 when it is not the viewer's turn or the
    /// game is over). When that is more than `out` holds, nothing is written.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let mut ids = [0u32; 1024];
    /// let n = view.legal_actions_into_slice(&mut ids);
    /// assert!(ids[..n].iter().map(|&id| id as usize).eq(view.legal_actions()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions_into_slice(&self, out: &mut [u32]) -> usize {
        Sight::of_view(self).legal_actions_into_slice(out)
    }

    /// The viewer's legal action ids, sorted ascending (see [`PlayerView::legal_actions_into`]).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let moves: Vec<_> = view.legal_actions().into_iter().map(|id| view.action_move(id).unwrap()).collect();
    /// let mut expected = game.legal_moves();
    /// expected.sort_by_key(|&m| view.action_id(m));
    /// assert_eq!(moves, expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(64);
        self.legal_actions_into(&mut out);
        out
    }

    /// Write the legal-action mask into `out` (`u8` 0/1 or `bool`), which must have
    /// [`Rules::num_actions`](crate::Rules::num_actions) entries: every entry is overwritten, legal ids get
    /// [`MaskValue::LEGAL`]. Returns how many actions are legal (0 unless it is the viewer's
    /// turn and the game goes on).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut mask = vec![false; rules.num_actions()];
    /// let n = game.view(Player::Red).legal_action_mask_into(&mut mask)?;
    /// assert_eq!(n, game.legal_move_count());
    /// assert_eq!(mask.iter().filter(|&&x| x).count(), n);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_action_mask_into<T: MaskValue>(&self, out: &mut [T]) -> Result<usize, EncodingError> {
        Sight::of_view(self).legal_action_mask_into(out)
    }

    /// Write the legal-action mask packed as bits: action `id` is bit `id % 64` of word
    /// `id / 64`. `out` must have `num_actions.div_ceil(64)` words (157 on the standard board);
    /// every word is overwritten. Returns how many actions are legal. A tenth of the bytes of
    /// [`PlayerView::legal_action_mask_into`], for callers that unpack on their side.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let mut bits = vec![0u64; rules.num_actions().div_ceil(64)];
    /// let n = view.legal_action_bits_into(&mut bits)?;
    /// assert_eq!(n, bits.iter().map(|w| w.count_ones() as usize).sum::<usize>());
    /// let id = view.legal_actions()[0];
    /// assert_eq!(bits[id / 64] >> (id % 64) & 1, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_action_bits_into(&self, out: &mut [u64]) -> Result<usize, EncodingError> {
        Sight::of_view(self).legal_action_bits_into(out)
    }
}
