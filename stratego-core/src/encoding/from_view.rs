//! The encoders on [`PlayerView`]: what the viewer knows, as a view holds it.

use super::sight::Sight;
use super::{EncodingError, MaskValue, PlaneValue};
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

    /// Write the observation planes (see the module docs' table) into `out`, which must have
    /// `C * H * W` elements ([`Rules::observation_shape`](crate::Rules::observation_shape)), in
    /// the viewer's frame. Every element is overwritten with 0 or 1: `f32` for the float planes,
    /// `u8` for the compact planes (the same table, a quarter of the bytes).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Plane, Player, Rank, Rules, Setup};
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
    pub fn observation_into<T: PlaneValue>(&self, out: &mut [T]) -> Result<(), EncodingError> {
        Sight::of_view(self).observation_into(out)
    }

    /// The observation as a new vector (see [`PlayerView::observation_into`]).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// assert_eq!(game.view(Player::Red).observation().len(), 32 * 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.rules().num_planes() * self.rules().num_squares()];
        // The length is right by construction.
        let _ = self.observation_into(&mut out);
        out
    }

    /// Write the byte board (one code per square, see the module docs' table and
    /// [`board_code`](crate::board_code)) into `out`, which must have [`Rules::num_squares`](crate::Rules::num_squares) bytes, in the
    /// viewer's frame.
    ///
    /// ```
    /// use stratego_core::{board_code, Edition, Game, Player, Rank, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut board = [0u8; 100];
    /// game.view(Player::Red).board_codes_into(&mut board)?;
    /// assert_eq!(board[42], board_code::LAKE);                 // c5
    /// assert_eq!(board[99], board_code::ENEMY_HIDDEN);         // j10: an unmoved enemy
    /// assert!(board[..40].iter().all(|&c| (board_code::OWN..board_code::ENEMY).contains(&c)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board_codes_into(&self, out: &mut [u8]) -> Result<(), EncodingError> {
        Sight::of_view(self).board_codes_into(out)
    }

    /// The byte board as a new vector (see [`PlayerView::board_codes_into`]).
    ///
    /// ```
    /// use stratego_core::{board_code, Edition, Game, Player, Rules, Setup, SquareView};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let codes = view.board_codes();
    /// let a1 = board_code::decode(codes[0], Player::Red).unwrap();
    /// assert_eq!(a1, view.square("a1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board_codes(&self) -> Vec<u8> {
        let mut out = vec![0; self.rules().num_squares()];
        // The length is right by construction.
        let _ = self.board_codes_into(&mut out);
        out
    }
}
