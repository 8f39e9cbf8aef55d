//! Reinforcement-learning encodings: action ids, legal-action masks, observation planes and a
//! compact byte board, all computed from a [`PlayerView`] only, so hidden enemy ranks cannot
//! leak into them. The layout is versioned by [`ENCODING_VERSION`]; any change to the tables
//! below bumps it.
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
//! | number of actions | `S * S` ([`Rules::num_actions`]; 10 000 on the standard board) |
//! | legal actions | [`PlayerView::legal_actions_into`]: ids sorted ascending |
//! | mask | [`PlayerView::legal_action_mask_into`]: `S * S` entries, 1 / `true` where legal |
//! | id ↔ move | [`Rules::action_id`], [`Rules::action_move`] (and the viewer's shortcuts on [`PlayerView`]) |
//!
//! For Blue the id of a move is `S * S - 1` minus the id Red would give the same board move.
//! A view has legal actions only while it is the viewer's turn and the game goes on.
//!
//! # Observation
//!
//! `f32` planes shaped `[C, H, W]` ([`Rules::observation_shape`], `C` = [`Plane::COUNT`] = 32),
//! row-major, in the **observer's** frame: element `[c][r][k]` is at `c * S + r * W + k`, and
//! describes frame square `r * W + k`. Each plane is 0.0 or 1.0 per square.
//!
//! | index | name | 1.0 on the squares holding … |
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
//!
//! "Knows" means a battle revealed the rank, or (with limited sight, as in `Estrategia`) the
//! piece stands in sight now; exactly the enemy squares whose [`crate::EnemyPiece::rank`] is
//! `Some`. Planes 24–26 cover the others.
//!
//! # Byte board
//!
//! [`PlayerView::board_codes_into`] writes one byte per square (`S` bytes) in the observer's
//! frame. The low five bits give the kind, the high three bits are flags:
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
//! # Example
//!
//! ```
//! use stratego_core::{Edition, Game, Player, Plane, Rules, Setup};
//! let rules = Rules::edition(Edition::Isf);
//! let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
//! let view = game.view(Player::Red);
//!
//! let mut mask = vec![0u8; rules.num_actions()];
//! let n = view.legal_action_mask_into(&mut mask)?;
//! let ids = view.legal_actions();
//! assert_eq!(ids.len(), n);
//! assert!(ids.iter().all(|&id| mask[id] == 1));
//!
//! let [c, h, w] = rules.observation_shape();
//! let mut obs = vec![0f32; c * h * w];
//! view.observation_into(&mut obs)?;
//! let lakes = &obs[Plane::Lake.index() * h * w..][..h * w];
//! assert_eq!(lakes.iter().sum::<f32>(), 8.0);
//!
//! let mv = view.action_move(ids[0]).expect("a legal id decodes");
//! assert!(game.is_legal(mv));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use crate::bitboard::{bits, Bitboard};
use crate::square::MAX_SQUARES;
use crate::state::{Sink, BLUE, MOVED, RANK_BITS, REVEALED, SLID};
use crate::{Move, ParseError, Player, PlayerView, Rank, Rules, Square};

/// Version of the layouts documented in [`crate::encoding`]: action ids, observation
/// planes and byte-board codes. Bumped whenever any of them changes.
///
/// ```
/// assert_eq!(stratego_core::ENCODING_VERSION, 1);
/// ```
pub const ENCODING_VERSION: u32 = 1;

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
        /// Which buffer: `"legal-action mask"`, `"observation"` or `"board codes"`.
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

/// One observation plane. [`Plane::index`] is its place in the `[C, H, W]` tensor; the module
/// docs list every plane.
///
/// ```
/// use stratego_core::{Plane, Rank};
/// assert_eq!(Plane::Own(Rank::Marshal).index(), 10);
/// assert_eq!(Plane::Enemy(Rank::Scout).index(), 14);
/// assert_eq!(Plane::from_index(30), Some(Plane::Empty));
/// assert_eq!(Plane::Empty.name(), "empty");
/// assert_eq!("enemy_hidden_moved".parse::<Plane>()?, Plane::EnemyHiddenMoved);
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Plane {
    /// The observer's pieces of this rank (planes 0–11).
    Own(Rank),
    /// Enemy pieces of this rank, where the observer knows the rank (planes 12–23).
    Enemy(Rank),
    /// Enemy pieces of unknown rank that have moved (plane 24).
    EnemyHiddenMoved,
    /// Enemy pieces of unknown rank that have not moved (plane 25).
    EnemyHiddenUnmoved,
    /// Enemy pieces of unknown rank seen moving more than one square (plane 26).
    EnemyHiddenSlid,
    /// The observer's pieces that have moved (plane 27).
    OwnMoved,
    /// The observer's pieces whose rank a battle revealed (plane 28).
    OwnRevealed,
    /// Lakes (plane 29).
    Lake,
    /// Squares with neither a piece nor a lake (plane 30).
    Empty,
    /// All ones when the observer is the side to move, else all zeros (plane 31).
    ToMove,
}

const OWN0: u8 = 0;
const ENEMY0: u8 = 12;
const HIDDEN_MOVED: u8 = 24;
const HIDDEN_UNMOVED: u8 = 25;
const HIDDEN_SLID: u8 = 26;
const OWN_MOVED: u8 = 27;
const OWN_REVEALED: u8 = 28;
const LAKE: u8 = 29;
const EMPTY: u8 = 30;
const TO_MOVE: u8 = 31;

/// `(name, meaning)` of every observation plane, by index; the same as the module docs' table.
///
/// ```
/// use stratego_core::{Plane, PLANES};
/// assert_eq!(PLANES.len(), Plane::COUNT);
/// assert_eq!(PLANES[24].0, "enemy_hidden_moved");
/// ```
pub const PLANES: [(&str, &str); Plane::COUNT] = [
    ("own_flag", "the observer's Flag"),
    ("own_spy", "the observer's Spy"),
    ("own_scout", "the observer's Scouts"),
    ("own_miner", "the observer's Miners"),
    ("own_sergeant", "the observer's Sergeants"),
    ("own_lieutenant", "the observer's Lieutenants"),
    ("own_captain", "the observer's Captains"),
    ("own_major", "the observer's Majors"),
    ("own_colonel", "the observer's Colonels"),
    ("own_general", "the observer's General"),
    ("own_marshal", "the observer's Marshal"),
    ("own_bomb", "the observer's Bombs"),
    ("enemy_flag", "an enemy Flag whose rank the observer knows"),
    ("enemy_spy", "an enemy Spy whose rank the observer knows"),
    ("enemy_scout", "an enemy Scout whose rank the observer knows"),
    ("enemy_miner", "an enemy Miner whose rank the observer knows"),
    ("enemy_sergeant", "an enemy Sergeant whose rank the observer knows"),
    ("enemy_lieutenant", "an enemy Lieutenant whose rank the observer knows"),
    ("enemy_captain", "an enemy Captain whose rank the observer knows"),
    ("enemy_major", "an enemy Major whose rank the observer knows"),
    ("enemy_colonel", "an enemy Colonel whose rank the observer knows"),
    ("enemy_general", "an enemy General whose rank the observer knows"),
    ("enemy_marshal", "an enemy Marshal whose rank the observer knows"),
    ("enemy_bomb", "an enemy Bomb whose rank the observer knows"),
    ("enemy_hidden_moved", "an enemy piece of unknown rank that has moved (so no Bomb or Flag)"),
    ("enemy_hidden_unmoved", "an enemy piece of unknown rank that has not moved"),
    ("enemy_hidden_slid", "an enemy piece of unknown rank seen moving more than one square (so a sliding rank)"),
    ("own_moved", "an own piece that has moved (the opponent knows it is no Bomb or Flag)"),
    ("own_revealed", "an own piece whose rank a battle revealed to the opponent"),
    ("lake", "a lake"),
    ("empty", "nothing (not a lake, no piece)"),
    ("to_move", "every square, when the observer is the side to move (else the plane is 0)"),
];

impl Plane {
    /// Number of planes: the `C` of the `[C, H, W]` observation.
    ///
    /// ```
    /// assert_eq!(stratego_core::Plane::COUNT, 32);
    /// ```
    pub const COUNT: usize = 32;

    /// Every plane, in index order.
    ///
    /// ```
    /// use stratego_core::Plane;
    /// assert!(Plane::ALL.iter().enumerate().all(|(i, p)| p.index() == i));
    /// ```
    pub const ALL: [Plane; Plane::COUNT] = {
        let mut all = [Plane::Empty; Plane::COUNT];
        let mut r = 0;
        while r < Rank::COUNT {
            all[r] = Plane::Own(Rank::ALL[r]);
            all[ENEMY0 as usize + r] = Plane::Enemy(Rank::ALL[r]);
            r += 1;
        }
        all[HIDDEN_MOVED as usize] = Plane::EnemyHiddenMoved;
        all[HIDDEN_UNMOVED as usize] = Plane::EnemyHiddenUnmoved;
        all[HIDDEN_SLID as usize] = Plane::EnemyHiddenSlid;
        all[OWN_MOVED as usize] = Plane::OwnMoved;
        all[OWN_REVEALED as usize] = Plane::OwnRevealed;
        all[LAKE as usize] = Plane::Lake;
        all[EMPTY as usize] = Plane::Empty;
        all[TO_MOVE as usize] = Plane::ToMove;
        all
    };

    /// Position of the plane in the observation (`0..Plane::COUNT`).
    ///
    /// ```
    /// use stratego_core::Plane;
    /// assert_eq!(Plane::ToMove.index(), 31);
    /// ```
    pub const fn index(self) -> usize {
        (match self {
            Plane::Own(r) => OWN0 + r as u8,
            Plane::Enemy(r) => ENEMY0 + r as u8,
            Plane::EnemyHiddenMoved => HIDDEN_MOVED,
            Plane::EnemyHiddenUnmoved => HIDDEN_UNMOVED,
            Plane::EnemyHiddenSlid => HIDDEN_SLID,
            Plane::OwnMoved => OWN_MOVED,
            Plane::OwnRevealed => OWN_REVEALED,
            Plane::Lake => LAKE,
            Plane::Empty => EMPTY,
            Plane::ToMove => TO_MOVE,
        }) as usize
    }

    /// The plane at `index`, if `index < Plane::COUNT`.
    ///
    /// ```
    /// use stratego_core::{Plane, Rank};
    /// assert_eq!(Plane::from_index(11), Some(Plane::Own(Rank::Bomb)));
    /// assert_eq!(Plane::from_index(32), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Plane> {
        if index < Plane::COUNT {
            Some(Plane::ALL[index])
        } else {
            None
        }
    }

    /// Short snake-case name, e.g. `own_marshal` (column 2 of the docs table).
    ///
    /// ```
    /// use stratego_core::{Plane, Rank};
    /// assert_eq!(Plane::Enemy(Rank::Bomb).name(), "enemy_bomb");
    /// ```
    pub const fn name(self) -> &'static str {
        PLANES[self.index()].0
    }

    /// What a 1.0 on the plane means (column 3 of the docs table).
    ///
    /// ```
    /// use stratego_core::Plane;
    /// assert_eq!(Plane::Lake.meaning(), "a lake");
    /// ```
    pub const fn meaning(self) -> &'static str {
        PLANES[self.index()].1
    }
}

impl fmt::Display for Plane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Plane {
    type Err = ParseError;

    /// Parses a plane's [`Plane::name`], in any case.
    fn from_str(s: &str) -> Result<Plane, ParseError> {
        Plane::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseError::new("plane", s, 0, "expected a plane name such as `own_marshal`"))
    }
}

/// The byte-board codes of [`PlayerView::board_codes_into`] (see the module docs' table).
///
/// ```
/// use stratego_core::{board_code, Rank};
/// let code = (board_code::OWN + Rank::Scout.index() as u8) | board_code::MOVED;
/// assert_eq!(code & board_code::KIND, 4);
/// ```
pub mod board_code {
    use crate::{EnemyPiece, Piece, Player, Rank, SquareView};

    /// Mask of the kind bits (0–4).
    pub const KIND: u8 = 0x1F;
    /// An empty square.
    pub const EMPTY: u8 = 0;
    /// A lake.
    pub const LAKE: u8 = 1;
    /// First own-piece kind: `OWN + rank.index()`.
    pub const OWN: u8 = 2;
    /// First known-enemy kind: `ENEMY + rank.index()`.
    pub const ENEMY: u8 = 14;
    /// An enemy piece of unknown rank.
    pub const ENEMY_HIDDEN: u8 = 26;
    /// Flag bit: the piece has moved.
    pub const MOVED: u8 = 0x20;
    /// Flag bit: the piece was seen moving more than one square.
    pub const SLID: u8 = 0x40;
    /// Flag bit: a battle revealed the piece's rank.
    pub const REVEALED: u8 = 0x80;

    /// Read a code back into what the viewer knows of the square (`viewer` owns the `OWN`
    /// kinds). `None` for a byte no encoder writes. An own piece's `SLID` bit has no place in a
    /// [`Piece`] and is dropped.
    ///
    /// ```
    /// use stratego_core::{board_code, Player, SquareView};
    /// assert_eq!(board_code::decode(board_code::LAKE, Player::Red), Some(SquareView::Lake));
    /// match board_code::decode(board_code::ENEMY_HIDDEN | board_code::MOVED, Player::Red) {
    ///     Some(SquareView::Enemy(e)) => assert!(e.rank.is_none() && e.moved),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(board_code::decode(27, Player::Red), None);
    /// ```
    pub const fn decode(code: u8, viewer: Player) -> Option<SquareView> {
        let kind = code & KIND;
        let (moved, slid, revealed) = (code & MOVED != 0, code & SLID != 0, code & REVEALED != 0);
        let flags = code & !KIND != 0;
        Some(match kind {
            EMPTY if !flags => SquareView::Empty,
            LAKE if !flags => SquareView::Lake,
            OWN..ENEMY => {
                SquareView::Own(Piece { owner: viewer, rank: Rank::ALL[(kind - OWN) as usize], revealed, moved })
            }
            ENEMY..ENEMY_HIDDEN => {
                SquareView::Enemy(EnemyPiece { rank: Some(Rank::ALL[(kind - ENEMY) as usize]), revealed, moved, slid })
            }
            ENEMY_HIDDEN if !revealed => SquareView::Enemy(EnemyPiece { rank: None, revealed, moved, slid }),
            _ => return None,
        })
    }
}

/// Element types a legal-action mask can be written in: `u8` (0 / 1) and `bool`.
/// Sealed: no other type implements it.
///
/// ```
/// use stratego_core::MaskValue;
/// assert_eq!(<u8 as MaskValue>::LEGAL, 1);
/// assert!(<bool as MaskValue>::LEGAL);
/// ```
pub trait MaskValue: Copy + sealed::Sealed {
    /// The value of an illegal action.
    const ILLEGAL: Self;
    /// The value of a legal action.
    const LEGAL: Self;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for bool {}
}

impl MaskValue for u8 {
    const ILLEGAL: u8 = 0;
    const LEGAL: u8 = 1;
}

impl MaskValue for bool {
    const ILLEGAL: bool = false;
    const LEGAL: bool = true;
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

impl Rules {
    /// Number of action ids: `S * S` for `S` squares (10 000 on the standard board).
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::Isf).num_actions(), 10_000);
    /// ```
    pub fn num_actions(&self) -> usize {
        self.num_squares() * self.num_squares()
    }

    /// The action id of `mv` played by `player`: `from * S + to` in `player`'s frame (Blue's
    /// board turned 180°). `None` when a square is off the board. Legality is not checked: every
    /// pair of squares has an id.
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mv = "a4-a5".parse()?;
    /// assert_eq!(rules.action_id(Player::Red, mv), Some(30 * 100 + 40));
    /// // Blue sees a4 as its own j7 (index 69) and a5 as j6 (index 59):
    /// assert_eq!(rules.action_id(Player::Blue, mv), Some(69 * 100 + 59));
    /// assert_eq!(rules.action_id(Player::Red, "a4-a11".parse()?), None);
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn action_id(&self, player: Player, mv: Move) -> Option<usize> {
        if !self.contains(mv.from) || !self.contains(mv.to) {
            return None;
        }
        let (w, s) = (self.width(), self.num_squares());
        Some(to_frame(player, s, mv.from.index(w)) * s + to_frame(player, s, mv.to.index(w)))
    }

    /// The move of action id `id` for `player`: the inverse of [`Rules::action_id`]. `None` when
    /// `id >= num_actions()`. Any smaller id decodes to a pair of squares, legal or not.
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules};
    /// let rules = Rules::edition(Edition::Isf);
    /// assert_eq!(rules.action_move(Player::Red, 3040).map(|m| m.to_string()), Some("a4-a5".into()));
    /// assert_eq!(rules.action_move(Player::Blue, 3040).map(|m| m.to_string()), Some("j7-j6".into()));
    /// assert_eq!(rules.action_move(Player::Red, 10_000), None);
    /// ```
    pub fn action_move(&self, player: Player, id: usize) -> Option<Move> {
        let s = self.num_squares();
        if id >= s * s {
            return None;
        }
        let w = self.width();
        let from = Square::from_index(to_frame(player, s, id / s), w);
        let to = Square::from_index(to_frame(player, s, id % s), w);
        Some(Move::new(from, to))
    }

    /// The observation's shape `[C, H, W]`: [`Plane::COUNT`], the board's height and width.
    /// Its product is the length [`PlayerView::observation_into`] expects.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::Isf).observation_shape(), [32, 10, 10]);
    /// ```
    pub fn observation_shape(&self) -> [usize; 3] {
        [Plane::COUNT, self.height() as usize, self.width() as usize]
    }
}

/// Hands the action id of each legal move to `put`, counting them. `FLIP`: the mover is Blue.
struct ActionSink<F, const FLIP: bool> {
    put: F,
    s: usize,
    count: usize,
}

impl<F: FnMut(usize), const FLIP: bool> ActionSink<F, FLIP> {
    #[inline(always)]
    fn emit(&mut self, from: usize, to: usize) {
        let raw = from * self.s + to;
        (self.put)(if FLIP { self.s * self.s - 1 - raw } else { raw });
    }
}

impl<F: FnMut(usize), const FLIP: bool> Sink for ActionSink<F, FLIP> {
    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: i32) {
        self.count += targets.count_ones() as usize;
        for t in bits(targets) {
            self.emit((t as i32 - delta) as usize, t);
        }
    }
    #[inline(always)]
    fn one_piece(&mut self, from: usize, targets: Bitboard) {
        self.count += targets.count_ones() as usize;
        for t in bits(targets) {
            self.emit(from, t);
        }
    }
}

/// Per viewer and per cell byte (with the rank nibble set to 15 for hidden enemies): three
/// planes that get 1.0 on the piece's square. A piece with fewer than three planes repeats one,
/// so every piece costs three branch-free stores.
static OBS_LUT: [[[u8; 4]; 256]; 2] = [obs_table(Player::Red), obs_table(Player::Blue)];

const fn obs_table(viewer: Player) -> [[u8; 4]; 256] {
    // Bytes no state holds (rank nibble 13 or 14) point past the zeroed planes: `scatter` skips them.
    let mut t = [[EMPTY; 4]; 256];
    let mut c = 0;
    while c < 256 {
        let cell = c as u8;
        let nibble = cell & RANK_BITS;
        let own = (cell & BLUE != 0) == (viewer as u8 == Player::Blue as u8);
        let (moved, revealed, slid) = (cell & MOVED != 0, cell & REVEALED != 0, cell & SLID != 0);
        if nibble >= 1 && nibble as usize <= Rank::COUNT {
            let r = nibble - 1;
            t[c] = if own {
                let p = OWN0 + r;
                [p, if moved { OWN_MOVED } else { p }, if revealed { OWN_REVEALED } else { p }, 0]
            } else {
                [ENEMY0 + r; 4]
            };
        } else if nibble == RANK_BITS && !own {
            let p = if moved { HIDDEN_MOVED } else { HIDDEN_UNMOVED };
            t[c] = [p, if slid { HIDDEN_SLID } else { p }, p, 0];
        }
        c += 1;
    }
    t
}

/// Set 1.0 on the planes of each piece on `squares` (`or` is ORed into the cell byte: 15 marks
/// hidden enemies). `FLIP`: the observer is Blue.
#[inline(always)]
fn scatter<const FLIP: bool>(
    sparse: &mut [f32],
    s: usize,
    cells: &[u8; MAX_SQUARES],
    squares: Bitboard,
    or: u8,
    lut: &[[u8; 4]; 256],
) {
    for (half, mut word) in [(0, squares as u64), (64, (squares >> 64) as u64)] {
        while word != 0 {
            let i = (word.trailing_zeros() as usize + half) & (MAX_SQUARES - 1);
            word &= word - 1;
            let [p0, p1, p2, _] = lut[(cells[i] | or) as usize];
            let j = if FLIP { s.wrapping_sub(1 + i) } else { i };
            for p in [p0, p1, p2] {
                if let Some(x) = sparse.get_mut(p as usize * s + j) {
                    *x = 1.0;
                }
            }
        }
    }
}

/// Per viewer and per cell byte (rank nibble set to 15 for hidden enemies): the board code.
static CODE_LUT: [[u8; 256]; 2] = [code_table(Player::Red), code_table(Player::Blue)];

const fn code_table(viewer: Player) -> [u8; 256] {
    let mut t = [board_code::EMPTY; 256];
    let mut c = 1;
    while c < 256 {
        let cell = c as u8;
        let nibble = cell & RANK_BITS;
        let own = (cell & BLUE != 0) == (viewer as u8 == Player::Blue as u8);
        let flags = (if cell & MOVED != 0 { board_code::MOVED } else { 0 })
            | (if cell & SLID != 0 { board_code::SLID } else { 0 })
            | (if cell & REVEALED != 0 { board_code::REVEALED } else { 0 });
        let kind = if nibble == RANK_BITS {
            board_code::ENEMY_HIDDEN
        } else if nibble == 0 || nibble as usize > Rank::COUNT {
            board_code::EMPTY
        } else if own {
            board_code::OWN + nibble - 1
        } else {
            board_code::ENEMY + nibble - 1
        };
        t[c] = kind | flags;
        c += 1;
    }
    t
}

/// `ONES[b]`: the 8 floats of byte `b`'s bits, lowest first.
static ONES: [[f32; 8]; 256] = {
    let mut t = [[0.0f32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b >> k & 1 != 0 {
                t[b][k] = 1.0;
            }
            k += 1;
        }
        b += 1;
    }
    t
};

/// Write the bits of `bb` (bit `j` to `out[j]`) as 0.0 / 1.0 over the whole of `out`.
#[inline(always)]
fn expand(bb: Bitboard, out: &mut [f32]) {
    let bytes = bb.to_le_bytes();
    let mut chunks = out.chunks_exact_mut(8);
    for (chunk, &b) in (&mut chunks).zip(bytes.iter()) {
        chunk.copy_from_slice(&ONES[b as usize]);
    }
    let done = out.len() / 8 * 8;
    for (j, x) in out.iter_mut().enumerate().skip(done) {
        *x = (bb >> j & 1) as f32;
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

impl PlayerView {
    /// Whether the viewer may move now: its turn, and the game goes on.
    /// Calls `put` with the action id of each of the viewer's legal moves (in generation
    /// order); returns how many there were. The caller checks [`PlayerView::may_move`].
    #[inline(always)]
    fn for_each_action(&self, put: impl FnMut(usize)) -> usize {
        let s = self.rules().num_squares();
        if self.player() == Player::Blue {
            let mut sink = ActionSink::<_, true> { put, s, count: 0 };
            self.state().generate(self.rules(), self.player(), &mut sink);
            sink.count
        } else {
            let mut sink = ActionSink::<_, false> { put, s, count: 0 };
            self.state().generate(self.rules(), self.player(), &mut sink);
            sink.count
        }
    }

    fn may_move(&self) -> bool {
        self.outcome().is_none() && self.to_move() == self.player()
    }

    /// The action id of `mv` for the viewer ([`Rules::action_id`] in the viewer's frame).
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

    /// The move of action id `id` for the viewer ([`Rules::action_move`] in the viewer's frame).
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
        out.clear();
        if !self.may_move() {
            return;
        }
        self.for_each_action(|id| out.push(id));
        out.sort_unstable();
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
    /// [`Rules::num_actions`] entries: every entry is overwritten, legal ids get
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
        let rules = self.rules();
        check_len("legal-action mask", rules.num_actions(), out.len())?;
        out.fill(T::ILLEGAL);
        if !self.may_move() {
            return Ok(0);
        }
        Ok(self.for_each_action(|id| {
            if let Some(x) = out.get_mut(id) {
                *x = T::LEGAL;
            }
        }))
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
        let rules = self.rules();
        check_len("legal-action bit mask", rules.num_actions().div_ceil(64), out.len())?;
        out.fill(0);
        if !self.may_move() {
            return Ok(0);
        }
        Ok(self.for_each_action(|id| {
            if let Some(word) = out.get_mut(id / 64) {
                *word |= 1 << (id % 64);
            }
        }))
    }

    /// Write the observation planes (see the module docs' table) into `out`, which must have
    /// `C * H * W` elements ([`Rules::observation_shape`]), in the viewer's frame. Every
    /// element is overwritten with 0.0 or 1.0.
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
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn observation_into(&self, out: &mut [f32]) -> Result<(), EncodingError> {
        let rules = self.rules();
        let s = rules.num_squares();
        check_len("observation", Plane::COUNT * s, out.len())?;
        let viewer = self.player();
        let state = self.state();
        let hidden = self.hidden();
        let d = rules.derived();
        let (sparse, dense) = out.split_at_mut(LAKE as usize * s);
        sparse.fill(0.0);
        let lut = &OBS_LUT[viewer.index()];
        let (occ, cells) = (state.occ[0] | state.occ[1], &state.cells);
        if viewer == Player::Blue {
            scatter::<true>(sparse, s, cells, occ & !hidden, 0, lut);
            scatter::<true>(sparse, s, cells, hidden, RANK_BITS, lut);
        } else {
            scatter::<false>(sparse, s, cells, occ & !hidden, 0, lut);
            scatter::<false>(sparse, s, cells, hidden, RANK_BITS, lut);
        }
        let (lakes, rest) = dense.split_at_mut(s);
        let (empty, to_move) = rest.split_at_mut(s);
        expand(orient(viewer, s, d.lakes), lakes);
        expand(orient(viewer, s, d.board & !d.lakes & !(state.occ[0] | state.occ[1])), empty);
        to_move.fill(if self.to_move() == viewer { 1.0 } else { 0.0 });
        Ok(())
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
        let mut out = vec![0.0; Plane::COUNT * self.rules().num_squares()];
        // The length is right by construction.
        let _ = self.observation_into(&mut out);
        out
    }

    /// Write the byte board (one code per square, see the module docs' table and
    /// [`board_code`]) into `out`, which must have [`Rules::num_squares`] bytes, in the
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
        let rules = self.rules();
        let s = rules.num_squares();
        check_len("board codes", s, out.len())?;
        let viewer = self.player();
        let state = self.state();
        let hidden = self.hidden();
        let lut = &CODE_LUT[viewer.index()];
        let cells = &state.cells[..s.min(MAX_SQUARES)];
        let flip = viewer == Player::Blue;
        if flip {
            for (x, &c) in out.iter_mut().rev().zip(cells) {
                *x = lut[c as usize];
            }
        } else {
            for (x, &c) in out.iter_mut().zip(cells) {
                *x = lut[c as usize];
            }
        }
        // Hidden enemies: the same byte with the rank nibble set to 15; then the lakes.
        for i in bits(hidden) {
            if let Some(x) = out.get_mut(to_frame(viewer, s, i)) {
                *x = lut[(state.cells[i] | RANK_BITS) as usize];
            }
        }
        for i in bits(rules.derived().lakes) {
            if let Some(x) = out.get_mut(to_frame(viewer, s, i)) {
                *x = board_code::LAKE;
            }
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_planes() {
        for (i, p) in Plane::ALL.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Plane::from_index(i), Some(*p));
            assert_eq!(p.name().parse::<Plane>().ok(), Some(*p));
        }
        for r in Rank::ALL {
            assert_eq!(Plane::Own(r).name(), format!("own_{}", r.name().to_lowercase()));
            assert_eq!(Plane::Enemy(r).name(), format!("enemy_{}", r.name().to_lowercase()));
        }
    }

    #[test]
    fn expand_writes_every_element() {
        for s in [4usize, 8, 63, 100, 128] {
            let bb: Bitboard = 0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321;
            let mut out = vec![7.0f32; s];
            expand(bb, &mut out);
            for (j, &x) in out.iter().enumerate() {
                assert_eq!(x, (bb >> j & 1) as f32, "s {s} j {j}");
            }
        }
    }
}
