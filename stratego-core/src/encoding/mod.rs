//! Reinforcement-learning encodings: action ids, legal-action masks, observation planes and a
//! compact byte board, written into caller buffers. Every encoder for a player reads only what
//! that player may know, so hidden enemy ranks cannot leak into them. The layout is versioned by
//! [`ENCODING_VERSION`]; any change to the tables below bumps it.
//!
//! # Three front doors, one encoder
//!
//! The encoders are written once, against [`Perspective`]: a [`PlayerView`]
//! (`view.observation_into(&mut out)`), or a [`Board`](crate::Board) or a [`Game`](crate::Game)
//! seen by a player (`game.seen_by(player).observation_into(&mut out)`); the masks and legal
//! action ids are [`Position`](crate::Position)'s (`game.legal_action_mask_into(&mut mask)`). The
//! second way builds no view: it copies neither the position nor the game's history, so an RL
//! step costs the same at ply 10 and at ply 2,000. Both ways run one code path, which reads an
//! enemy piece's rank only where a battle revealed it or (with limited sight, as in `Estrategia`)
//! the piece stands in sight now; so their bytes are identical, and two games that differ only in
//! the ranks a player cannot know encode identically for that player.
//!
//! # Frames
//!
//! Squares are numbered `index = row * W + col` (a1 = 0, b1 = 1, …; `W` columns, `H` rows,
//! `S = W * H` squares). Every encoding is written in a player's **own frame**: unchanged for
//! Red, the board turned 180° for Blue (board index `i` ↦ frame index `S - 1 - i`). So in every
//! frame, index 0 is the player's own back-left corner and low rows are the player's home rows.
//!
//! # Actions
//!
//! | item | value |
//! |---|---|
//! | action id | `from * S + to`, with `from` and `to` frame indices of the **acting** player |
//! | number of actions | `S * S` ([`Rules::num_actions`]; 10 000 on the standard board); with rescues ([`Rules::rescues`] above 0) `S * S + 12 * S + 1` |
//! | rescue of rank `r` onto frame square `t` | `S * S + r * S + t` (rules with rescues; `r` = [`Rank::index`]) |
//! | decline a rescue | `S * S + 12 * S` (rules with rescues) |
//! | legal actions | [`PlayerView::legal_actions_into`], [`Board::legal_actions_into`](crate::Board::legal_actions_into): ids sorted ascending |
//! | mask | [`PlayerView::legal_action_mask_into`]: `S * S` entries, 1 / `true` where legal |
//! | bit mask | [`PlayerView::legal_action_bits_into`]: bit `id % 64` of word `id / 64`, `ceil(num_actions / 64)` words |
//! | id ↔ move | [`Rules::action_id`], [`Rules::action_move`] (and the viewer's shortcuts on [`PlayerView`]) |
//! | play an id | [`Game::play_action`](crate::Game::play_action), [`Board::play_action`](crate::Board::play_action): checked, [`ActionError`] when not legal |
//!
//! For Blue the id of a move is `S * S - 1` minus the id Red would give the same board move.
//! A player has legal actions only while it is that player's turn and the game goes on. While a
//! rescue decision is due ([`Board::rescue_pending`](crate::Board::rescue_pending)) the legal
//! actions are the decisions only, all above `S * S`.
//!
//! # Observation
//!
//! Planes shaped `[C, H, W]` ([`Rules::observation_shape`], `C` = [`Plane::COUNT`] = 32, or 37
//! under rules with rescues),
//! row-major, in the **observer's** frame: element `[c][r][k]` is at `c * S + r * W + k`, and
//! describes frame square `r * W + k`. Each element is 0 or 1, written as `f32` (0.0 / 1.0, for
//! networks) or, for speed, as `u8` (0 / 1: the **compact planes**, a quarter of the bytes, the
//! same table, `planes_u8 as f32 == planes_f32` element by element): the element type of the
//! buffer given to `observation_into` chooses ([`PlaneValue`]).
//!
//! | index | name | 1 on the squares holding … |
//! |---|---|---|
//! | 0 | `own_flag` | the observer's Flag |
//! | 1 | `own_spy` | the observer's Spy |
//! | 2 | `own_scout` | the observer's Scouts |
//! | 3 | `own_miner` | the observer's Miners |
//! | 4 | `own_sergeant` | the observer's Sergeants |
//! | 5 | `own_lieutenant` | the observer's Lieutenants |
//! | 6 | `own_captain` | the observer's Captains |
//! | 7 | `own_major` | the observer's Majors |
//! | 8 | `own_colonel` | the observer's Colonels |
//! | 9 | `own_general` | the observer's General |
//! | 10 | `own_marshal` | the observer's Marshal |
//! | 11 | `own_bomb` | the observer's Bombs |
//! | 12 | `enemy_flag` | an enemy Flag whose rank the observer knows |
//! | 13 | `enemy_spy` | an enemy Spy whose rank the observer knows |
//! | 14 | `enemy_scout` | an enemy Scout whose rank the observer knows |
//! | 15 | `enemy_miner` | an enemy Miner whose rank the observer knows |
//! | 16 | `enemy_sergeant` | an enemy Sergeant whose rank the observer knows |
//! | 17 | `enemy_lieutenant` | an enemy Lieutenant whose rank the observer knows |
//! | 18 | `enemy_captain` | an enemy Captain whose rank the observer knows |
//! | 19 | `enemy_major` | an enemy Major whose rank the observer knows |
//! | 20 | `enemy_colonel` | an enemy Colonel whose rank the observer knows |
//! | 21 | `enemy_general` | an enemy General whose rank the observer knows |
//! | 22 | `enemy_marshal` | an enemy Marshal whose rank the observer knows |
//! | 23 | `enemy_bomb` | an enemy Bomb whose rank the observer knows |
//! | 24 | `enemy_hidden_moved` | an enemy piece of unknown rank that has moved (so no Bomb or Flag) |
//! | 25 | `enemy_hidden_unmoved` | an enemy piece of unknown rank that has not moved |
//! | 26 | `enemy_hidden_slid` | an enemy piece of unknown rank seen moving more than one square (so a sliding rank) |
//! | 27 | `own_moved` | an own piece that has moved (the opponent knows it is no Bomb or Flag) |
//! | 28 | `own_revealed` | an own piece whose rank a battle revealed to the opponent |
//! | 29 | `lake` | a lake |
//! | 30 | `empty` | nothing (not a lake, no piece) |
//! | 31 | `to_move` | every square, when the observer is the side to move (else the plane is 0) |
//! | 32 | `rescue_pending` | every square, while the side to move must decide on a rescue (rules with rescues only, as 33–36) |
//! | 33 | `own_rescues_left` | the first `k` squares of the frame (indices `0..k`), `k` = rescues the observer has left |
//! | 34 | `enemy_rescues_left` | the first `k` squares of the frame, `k` = rescues the enemy has left |
//! | 35 | `own_rescuers` | an own piece that has rescued (it may not again) |
//! | 36 | `enemy_rescuers` | an enemy piece that has rescued (it may not again) |
//!
//! "Knows" means a battle revealed the rank, or (with limited sight, as in `Estrategia`) the
//! piece stands in sight now; exactly the enemy squares whose [`crate::EnemyPiece::rank`] is
//! `Some`. Planes 24–26 cover the others.
//!
//! # Byte board
//!
//! [`Perspective::board_codes_into`] (a view, or `board.seen_by(player)`)
//! writes one byte per square (`S` bytes) in the observer's frame: the smallest observation. The
//! low five bits give the kind, the high three bits are flags:
//!
//! | bits | value | meaning |
//! |---|---|---|
//! | 0–4 | 0 | empty ([`board_code::EMPTY`]) |
//! | 0–4 | 1 | lake ([`board_code::LAKE`]) |
//! | 0–4 | 2 + rank index (2..=13) | an own piece of that rank ([`board_code::OWN`]) |
//! | 0–4 | 14 + rank index (14..=25) | an enemy piece whose rank the observer knows ([`board_code::ENEMY`]) |
//! | 0–4 | 26 | an enemy piece of unknown rank ([`board_code::ENEMY_HIDDEN`]) |
//! | 5 | 0x20 | the piece has moved ([`board_code::MOVED`]) |
//! | 6 | 0x40 | the piece was seen moving more than one square ([`board_code::SLID`]) |
//! | 7 | 0x80 | a battle revealed the piece's rank to its owner's opponent ([`board_code::REVEALED`]) |
//!
//! Rank indices are [`Rank::index`]: Flag 0, Spy 1, Scout 2, Miner 3, Sergeant 4, Lieutenant 5,
//! Captain 6, Major 7, Colonel 8, General 9, Marshal 10, Bomb 11. [`board_code::decode`] reads
//! a byte back into a [`SquareView`](crate::SquareView).
//!
//! The byte board holds everything the planes hold except plane 31 (whose turn it is): planes
//! 0–30 follow from each square's byte (an own piece's `MOVED` and `REVEALED` bits are planes 27
//! and 28; a hidden enemy's `MOVED` and `SLID` bits choose planes 24–26). So the byte board plus
//! the side to move, or the byte board of the player to move (as a [`crate::VecEnv`] writes it),
//! is a complete observation in 100 bytes (under rules with rescues, add planes 32–36: the byte
//! board does not hold the rescue state); with the packed bit mask (157 words) a whole RL step
//! moves about 1.4 KB instead of 22.8 KB.
//!
//! # Example
//!
//! ```
//! use stratego_core::{Edition, Game, Perspective, Plane, Player, Rules, Setup};
//! let rules = Rules::edition(Edition::Isf);
//! let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
//!
//! // An RL step: play an action, then encode for the next player, with no view built.
//! let ids = game.legal_actions();
//! game.play_action(ids[0])?;
//! let mover = game.to_move();
//! let mut mask = vec![0u8; rules.num_actions()];
//! let n = game.legal_action_mask_into(&mut mask)?;
//! assert_eq!(n, game.legal_move_count());
//!
//! let [c, h, w] = rules.observation_shape();
//! let mut obs = vec![0f32; c * h * w];
//! game.seen_by(mover).observation_into(&mut obs)?;
//! let lakes = &obs[Plane::Lake.index() * h * w..][..h * w];
//! assert_eq!(lakes.iter().sum::<f32>(), 8.0);
//!
//! // The same bytes through the mover's view, and the compact u8 planes agree with the floats.
//! let view = game.view(mover);
//! let mut via_view = vec![0f32; c * h * w];
//! view.observation_into(&mut via_view)?;
//! assert_eq!(obs, via_view);
//! let mut compact = vec![0u8; c * h * w];
//! game.seen_by(mover).observation_into(&mut compact)?;
//! assert!(compact.iter().zip(&obs).all(|(&b, &f)| b as f32 == f));
//!
//! let mv = view.action_move(view.legal_actions()[0]).expect("a legal id decodes");
//! assert!(game.is_legal(mv));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod actions;
mod byte_board;
mod from_board;
mod from_view;
mod masks;
mod perspective;
mod planes;
mod sight;

/// Seals [`MaskValue`] and [`PlaneValue`]: the element types the encoders write are these.
mod sealed {
    pub trait Sealed {}
    impl Sealed for bool {}
    impl Sealed for f32 {}
    impl Sealed for u8 {}
}
use sealed::Sealed;

pub use actions::ActionError;
pub use byte_board::board_code;
pub use masks::MaskValue;
pub use perspective::{Perspective, SeenBy};
pub use planes::{Plane, PlaneValue, PLANES, RESCUE_PLANES};

use crate::rules::bitboard::Bitboard;
use crate::Player;
#[cfg(doc)]
use crate::{PlayerView, Rank, Rules};

/// Version of the layouts documented in [`crate::encoding`]: action ids, observation
/// planes and byte-board codes. Bumped whenever any of them changes.
///
/// ```
/// assert_eq!(stratego_core::ENCODING_VERSION, 2);
/// ```
///
/// Version 2 added the rescue decisions' action ids and the rescue planes, both only under
/// rules with rescues (every other rule set encodes as in version 1).
pub const ENCODING_VERSION: u32 = 2;

/// A caller's buffer does not have the length an encoder needs. Nothing was written.
///
/// ```
/// use stratego_core::{Edition, EncodingError, Game, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Classic);
/// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// let mut short = [0u8; 10];
/// let err = game.view(Player::Red).legal_action_mask_into(&mut short[..]).unwrap_err();
/// assert_eq!(err, EncodingError::WrongLength { buffer: "legal-action mask", expected: 10_000, found: 10 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum EncodingError {
    /// The buffer's length differs from the one the encoding has for these rules.
    #[error("{buffer} buffer has {found} elements, expected {expected}")]
    WrongLength {
        /// Which buffer: `"legal-action mask"`, `"legal-action bit mask"`, `"observation"` or
        /// `"board codes"`.
        buffer: &'static str,
        /// The length the rules call for.
        expected: usize,
        /// The length given.
        found: usize,
    },
}

fn check_len(buffer: &'static str, expected: usize, found: usize) -> Result<(), EncodingError> {
    if expected == found {
        Ok(())
    } else {
        Err(EncodingError::WrongLength { buffer, expected, found })
    }
}

/// Board index ↔ `player`'s frame index (the map is its own inverse).
#[inline(always)]
fn to_frame(player: Player, s: usize, index: usize) -> usize {
    if player == Player::Blue {
        s - 1 - index
    } else {
        index
    }
}

/// `bb` in `player`'s frame on a board of `s` squares.
#[inline(always)]
fn orient(player: Player, s: usize, bb: Bitboard) -> Bitboard {
    if player == Player::Blue {
        bb.reverse_bits() >> (128 - s)
    } else {
        bb
    }
}
