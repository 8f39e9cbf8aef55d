//! The observation planes: the plane table, the element types they are written in, and the
//! encoder.

use core::str::FromStr;

use super::sight::Sight;
use super::{check_len, orient, EncodingError, Sealed};
use crate::macros::display_name;
use crate::rules::bitboard::Bitboard;
use crate::rules::square::MAX_SQUARES;
use crate::rules::{parse_name, Case};
use crate::state::{BLUE, MOVED, RANK_BITS, REVEALED, SLID};
use crate::{ParseError, Player, Rank, Rules};

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
    /// All ones while the side to move must decide on a rescue (plane 32; rules with rescues).
    RescuePending,
    /// Ones on the first `k` frame squares, `k` = rescues the observer has left (plane 33).
    OwnRescuesLeft,
    /// Ones on the first `k` frame squares, `k` = rescues the enemy has left (plane 34).
    EnemyRescuesLeft,
    /// The observer's pieces that have rescued and may not again (plane 35).
    OwnRescuers,
    /// Enemy pieces that have rescued and may not again (plane 36).
    EnemyRescuers,
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
const RESCUE_PENDING: u8 = 32;
const OWN_RESCUES_LEFT: u8 = 33;
const ENEMY_RESCUES_LEFT: u8 = 34;
const OWN_RESCUERS: u8 = 35;
const ENEMY_RESCUERS: u8 = 36;

/// `(name, meaning)` of the planes that follow [`PLANES`] under rules with rescues
/// ([`Rules::rescues`] above 0), from index [`Plane::COUNT`] on; the same as the module docs'
/// table.
///
/// ```
/// use stratego_core::encoding::RESCUE_PLANES;
/// assert_eq!(RESCUE_PLANES[0].0, "rescue_pending");
/// ```
pub const RESCUE_PLANES: [(&str, &str); Plane::RESCUE_COUNT] = [
    ("rescue_pending", "every square, while the side to move must decide on a rescue"),
    ("own_rescues_left", "the first k squares of the frame, k = rescues the observer has left"),
    ("enemy_rescues_left", "the first k squares of the frame, k = rescues the enemy has left"),
    ("own_rescuers", "an own piece that has rescued (it may not again)"),
    ("enemy_rescuers", "an enemy piece that has rescued (it may not again)"),
];

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

    /// Number of planes rules with rescues add after the [`Plane::COUNT`] of every rule set.
    ///
    /// ```
    /// use stratego_core::{Edition, Plane, Rules};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// assert_eq!(ul.observation_shape()[0], Plane::COUNT + Plane::RESCUE_COUNT);
    /// ```
    pub const RESCUE_COUNT: usize = 5;

    /// The planes of rules with rescues, in index order from [`Plane::COUNT`] on.
    ///
    /// ```
    /// use stratego_core::Plane;
    /// assert_eq!(Plane::RESCUE[0].index(), 32);
    /// ```
    pub const RESCUE: [Plane; Plane::RESCUE_COUNT] = [
        Plane::RescuePending,
        Plane::OwnRescuesLeft,
        Plane::EnemyRescuesLeft,
        Plane::OwnRescuers,
        Plane::EnemyRescuers,
    ];

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
            Plane::RescuePending => RESCUE_PENDING,
            Plane::OwnRescuesLeft => OWN_RESCUES_LEFT,
            Plane::EnemyRescuesLeft => ENEMY_RESCUES_LEFT,
            Plane::OwnRescuers => OWN_RESCUERS,
            Plane::EnemyRescuers => ENEMY_RESCUERS,
        }) as usize
    }

    /// The plane at `index`, if `index < Plane::COUNT + Plane::RESCUE_COUNT` (the rescue
    /// planes exist under rules with rescues only).
    ///
    /// ```
    /// use stratego_core::{Plane, Rank};
    /// assert_eq!(Plane::from_index(11), Some(Plane::Own(Rank::Bomb)));
    /// assert_eq!(Plane::from_index(32), Some(Plane::RescuePending));
    /// assert_eq!(Plane::from_index(37), None);
    /// ```
    pub const fn from_index(index: usize) -> Option<Plane> {
        if index < Plane::COUNT {
            Some(Plane::ALL[index])
        } else if index < Plane::COUNT + Plane::RESCUE_COUNT {
            Some(Plane::RESCUE[index - Plane::COUNT])
        } else {
            None
        }
    }

    /// The `(name, meaning)` row of the plane.
    const fn row(self) -> (&'static str, &'static str) {
        let i = self.index();
        if i < Plane::COUNT {
            PLANES[i]
        } else {
            RESCUE_PLANES[i - Plane::COUNT]
        }
    }

    /// Short snake-case name, e.g. `own_marshal` (column 2 of the docs table).
    ///
    /// ```
    /// use stratego_core::{Plane, Rank};
    /// assert_eq!(Plane::Enemy(Rank::Bomb).name(), "enemy_bomb");
    /// ```
    pub const fn name(self) -> &'static str {
        self.row().0
    }

    /// What a 1.0 on the plane means (column 3 of the docs table).
    ///
    /// ```
    /// use stratego_core::Plane;
    /// assert_eq!(Plane::Lake.meaning(), "a lake");
    /// ```
    pub const fn meaning(self) -> &'static str {
        self.row().1
    }
}

display_name!(Plane);

impl FromStr for Plane {
    type Err = ParseError;

    /// Parses a plane's [`Plane::name`], in any case.
    fn from_str(s: &str) -> Result<Plane, ParseError> {
        let planes = Plane::ALL.into_iter().chain(Plane::RESCUE);
        parse_name(planes, Plane::name, Case::Any, s, ("plane", "expected a plane name such as `own_marshal`"))
    }
}

/// Element types observation planes can be written in: `f32` (0.0 / 1.0) and `u8` (0 / 1, the
/// compact planes). Sealed: no other type implements it.
///
/// ```
/// use stratego_core::PlaneValue;
/// assert_eq!(<f32 as PlaneValue>::ONE, 1.0);
/// assert_eq!(<u8 as PlaneValue>::ONE, 1);
/// ```
pub trait PlaneValue: Copy + Sealed {
    /// The value off the plane.
    const ZERO: Self;
    /// The value on the plane.
    const ONE: Self;
    /// The eight values of byte `b`'s bits, lowest first (a table, so expanding a bitboard is a
    /// copy per byte).
    #[doc(hidden)]
    fn eight(b: u8) -> [Self; 8];
}

/// [`PlaneValue`] for `$t`, off `$zero` and on `$one`, with its table of the eight values of
/// every byte's bits.
macro_rules! plane_value {
    ($t:ty, $zero:expr, $one:expr) => {
        impl PlaneValue for $t {
            const ZERO: $t = $zero;
            const ONE: $t = $one;
            #[inline(always)]
            fn eight(b: u8) -> [$t; 8] {
                /// `ONES[b]`: the eight values of byte `b`'s bits, lowest first.
                static ONES: [[$t; 8]; 256] = {
                    let mut t = [[$zero; 8]; 256];
                    let mut b = 0;
                    while b < 256 {
                        let mut k = 0;
                        while k < 8 {
                            if b >> k & 1 != 0 {
                                t[b][k] = $one;
                            }
                            k += 1;
                        }
                        b += 1;
                    }
                    t
                };
                ONES[b as usize]
            }
        }
    };
}

plane_value!(f32, 0.0, 1.0);
plane_value!(u8, 0, 1);

impl Rules {
    /// The observation's shape `[C, H, W]`: [`Rules::num_planes`], the board's height and width.
    /// Its product is the length [`Perspective::observation_into`](crate::Perspective::observation_into) expects.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::Isf).observation_shape(), [32, 10, 10]);
    /// assert_eq!(Rules::edition(Edition::UltimateLightning).observation_shape(), [37, 10, 10]);
    /// ```
    pub fn observation_shape(&self) -> [usize; 3] {
        [self.num_planes(), self.height() as usize, self.width() as usize]
    }

    /// Number of observation planes: [`Plane::COUNT`], plus [`Plane::RESCUE_COUNT`] under rules
    /// with rescues.
    pub fn num_planes(&self) -> usize {
        Plane::COUNT + if self.rescues() > 0 { Plane::RESCUE_COUNT } else { 0 }
    }
}

/// Per viewer, per "rank known" and per cell byte: three planes that get a 1 on the piece's
/// square. A piece with fewer than three planes repeats one, so every piece costs three
/// branch-free stores. `[viewer][0]` treats every enemy piece that no battle revealed as hidden,
/// whatever its rank nibble says; `[viewer][1]` is for enemy pieces whose rank the viewer sees.
static OBS_LUT: [[[[u8; 4]; 256]; 2]; 2] = [
    [obs_table(Player::Red, false), obs_table(Player::Red, true)],
    [obs_table(Player::Blue, false), obs_table(Player::Blue, true)],
];

const fn obs_table(viewer: Player, sees_rank: bool) -> [[u8; 4]; 256] {
    // Bytes no state holds (rank nibble 0 or above 12) point past the zeroed planes:
    // `scatter` skips them.
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
            } else if revealed || sees_rank {
                [ENEMY0 + r; 4]
            } else {
                let p = if moved { HIDDEN_MOVED } else { HIDDEN_UNMOVED };
                [p, if slid { HIDDEN_SLID } else { p }, p, 0]
            };
        }
        c += 1;
    }
    t
}

/// Set a 1 on the planes of each piece on `squares`. `FLIP`: the observer is Blue.
#[inline(always)]
fn scatter<T: PlaneValue, const FLIP: bool>(
    sparse: &mut [T],
    s: usize,
    cells: &[u8; MAX_SQUARES],
    squares: Bitboard,
    lut: &[[u8; 4]; 256],
) {
    for (half, mut word) in [(0, squares as u64), (64, (squares >> 64) as u64)] {
        while word != 0 {
            let i = (word.trailing_zeros() as usize + half) & (MAX_SQUARES - 1);
            word &= word - 1;
            let [p0, p1, p2, _] = lut[cells[i] as usize];
            let j = if FLIP { s.wrapping_sub(1 + i) } else { i };
            for p in [p0, p1, p2] {
                if let Some(x) = sparse.get_mut(p as usize * s + j) {
                    *x = T::ONE;
                }
            }
        }
    }
}

/// Write the bits of `bb` (bit `j` to `out[j]`) as 0 / 1 over the whole of `out`.
#[inline(always)]
fn expand<T: PlaneValue>(bb: Bitboard, out: &mut [T]) {
    let bytes = bb.to_le_bytes();
    let mut chunks = out.chunks_exact_mut(8);
    for (chunk, &b) in (&mut chunks).zip(bytes.iter()) {
        chunk.copy_from_slice(&T::eight(b));
    }
    let done = out.len() / 8 * 8;
    for (j, x) in out.iter_mut().enumerate().skip(done) {
        *x = if bb >> j & 1 != 0 { T::ONE } else { T::ZERO };
    }
}

impl Sight<'_> {
    /// The observation planes (see the module docs' table), every element overwritten.
    pub(crate) fn observation_into<T: PlaneValue>(&self, out: &mut [T]) -> Result<(), EncodingError> {
        let rules = self.rules;
        let s = rules.num_squares();
        check_len("observation", rules.num_planes() * s, out.len())?;
        let (viewer, state) = (self.viewer, self.state);
        let d = rules.derived();
        let (out, rescue) = out.split_at_mut(Plane::COUNT * s);
        if !rescue.is_empty() {
            self.rescue_planes(rescue);
        }
        let (sparse, dense) = out.split_at_mut(LAKE as usize * s);
        sparse.fill(T::ZERO);
        let [masked, seen] = &OBS_LUT[viewer.index()];
        let occ = state.occ[0] | state.occ[1];
        let cells = &state.cells;
        if viewer == Player::Blue {
            scatter::<T, true>(sparse, s, cells, occ & !self.spotted, masked);
            scatter::<T, true>(sparse, s, cells, self.spotted, seen);
        } else {
            scatter::<T, false>(sparse, s, cells, occ & !self.spotted, masked);
            scatter::<T, false>(sparse, s, cells, self.spotted, seen);
        }
        let (lakes, rest) = dense.split_at_mut(s);
        let (empty, to_move) = rest.split_at_mut(s);
        expand(orient(viewer, s, d.lakes), lakes);
        expand(orient(viewer, s, d.board & !d.lakes & !occ), empty);
        to_move.fill(if state.to_move == viewer { T::ONE } else { T::ZERO });
        Ok(())
    }
}

impl Sight<'_> {
    /// The rescue planes (32 on), every element overwritten: all public facts.
    #[cold]
    fn rescue_planes<T: PlaneValue>(&self, out: &mut [T]) {
        let (rules, state, viewer) = (self.rules, self.state, self.viewer);
        let s = rules.num_squares();
        let (pending, rest) = out.split_at_mut(s);
        pending.fill(if state.rescue.pending { T::ONE } else { T::ZERO });
        let (left, rest) = rest.split_at_mut(2 * s);
        for (k, player) in [viewer, viewer.opponent()].into_iter().enumerate() {
            let n = rules.rescues().saturating_sub(state.rescue.used[player.index()]) as usize;
            for (j, x) in left[k * s..(k + 1) * s].iter_mut().enumerate() {
                *x = if j < n { T::ONE } else { T::ZERO };
            }
        }
        let (own, enemy) = rest.split_at_mut(s);
        let done = state.rescuer_squares();
        expand(orient(viewer, s, done & state.occ[viewer.index()]), own);
        expand(orient(viewer, s, done & state.occ[viewer.opponent().index()]), enemy);
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
            let mut bytes = vec![7u8; s];
            expand(bb, &mut bytes);
            for j in 0..s {
                assert_eq!(out[j], (bb >> j & 1) as f32, "s {s} j {j}");
                assert_eq!(bytes[j], (bb >> j & 1) as u8, "s {s} j {j}");
            }
        }
    }

    /// The masked table must not depend on the rank of an enemy piece no battle revealed: that
    /// is what lets the board encoders read a full-information state without leaking.
    #[test]
    fn masked_table_ignores_hidden_enemy_ranks() {
        for viewer in Player::ALL {
            let enemy = if viewer == Player::Red { BLUE } else { 0 };
            let table = &OBS_LUT[viewer.index()][0];
            for flags in [0, MOVED, SLID | MOVED] {
                let first = table[(enemy | flags | 1) as usize];
                for nibble in 1..=Rank::COUNT as u8 {
                    assert_eq!(table[(enemy | flags | nibble) as usize], first, "{viewer:?} flags {flags:#x}");
                }
            }
        }
    }
}
