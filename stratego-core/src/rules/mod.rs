//! The rule set: every rule is data here, so the engine has one code path for all editions.

pub(crate) mod bitboard;
mod builder;
pub(crate) mod constraints;
mod edition;
mod error;
mod moves;
mod player;
mod presets;
mod rank;
pub(crate) mod rng;
mod setup;
pub(crate) mod square;
pub(crate) mod text;

pub use builder::RulesBuilder;
pub(crate) use constraints::MAX_RESCUES;
pub use edition::Edition;
pub(crate) use error::{parse_name, Case};
pub use error::{IllegalMove, IllegalReason, ParseError, ParseErrorKind, RulesError, SetupError, SetupProblem};
pub use moves::Move;
pub use player::Player;
pub(crate) use presets::default_lakes;
use presets::*;
pub use rank::{Numbering, Rank};
pub use setup::{Setup, SetupLineError};
pub use square::{Square, MAX_SIDE, MAX_SQUARES};

use std::sync::Arc;

use bitboard::Bitboard;

use crate::macros::closed_enum;

/// How far a rank moves along one kind of line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Reach {
    /// Not at all.
    None,
    /// One square.
    Step,
    /// Any number of empty squares in a straight line.
    Slide,
    /// One square, or two squares in one move, straight on or with one turn (an L), the
    /// first square empty; an attack only on the last square, never a third square. The
    /// Ultimate Lightning Captain: `Movement { orthogonal: Reach::TwoSteps, .. }`.
    TwoSteps,
}

closed_enum! {
    impl Reach [None, Step, Slide, TwoSteps] {
        /// Every reach.
        ALL;
        /// The name the rules text form and the Python `Rules.movement` use: `none`, `step`,
        /// `slide`, `two`.
        pub name = ["none", "step", "slide", "two"];
    }
}

impl Reach {
    /// Whether a move with this reach may cover more than one square.
    pub(crate) const fn goes_far(self) -> bool {
        matches!(self, Reach::Slide | Reach::TwoSteps)
    }
}

/// How a rank moves: orthogonally and diagonally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Movement {
    /// Along rows and columns.
    pub orthogonal: Reach,
    /// Along diagonals.
    pub diagonal: Reach,
}

impl Movement {
    /// Never moves (Bomb, Flag).
    pub const IMMOBILE: Movement = Movement { orthogonal: Reach::None, diagonal: Reach::None };
    /// One square orthogonally: most pieces.
    pub const STEP: Movement = Movement { orthogonal: Reach::Step, diagonal: Reach::None };
    /// Any distance orthogonally: the standard Scout.
    pub const SLIDE: Movement = Movement { orthogonal: Reach::Slide, diagonal: Reach::None };
    /// One square diagonally: the Estrategia Scout.
    pub const DIAGONAL_STEP: Movement = Movement { orthogonal: Reach::None, diagonal: Reach::Step };

    /// Two squares at a time, straight or with a turn: the Ultimate Lightning Captain.
    pub const TWO_STEPS: Movement = Movement { orthogonal: Reach::TwoSteps, diagonal: Reach::None };

    /// Whether the rank can move at all.
    pub const fn is_mobile(self) -> bool {
        !matches!((self.orthogonal, self.diagonal), (Reach::None, Reach::None))
    }

    /// Whether one move of the rank may cover more than one square (so a piece seen doing so
    /// has such a rank).
    ///
    /// ```
    /// use stratego_core::Movement;
    /// assert!(Movement::SLIDE.goes_far() && Movement::TWO_STEPS.goes_far());
    /// assert!(!Movement::STEP.goes_far());
    /// ```
    pub const fn goes_far(self) -> bool {
        self.orthogonal.goes_far() || self.diagonal.goes_far()
    }
}

/// Where a rescued piece may be placed (see [`RulesBuilder::rescues`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RescueZone {
    /// Any empty square of the player's own setup zone (what every recorded Ultimate
    /// Lightning rescue does).
    Setup,
    /// Any empty square of the player's own half of the board (Gravon's description says
    /// "your half"; no recorded game places a piece outside the setup rows).
    Half,
}

closed_enum! {
    impl RescueZone [Setup, Half] {
        pub(crate) name = ["setup", "half"];
    }
}

/// The result of an attack, seen from the attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Battle {
    /// The defender is removed and the attacker takes its square.
    AttackerWins = 1,
    /// The attacker is removed; the defender stays.
    DefenderWins = 2,
    /// Both are removed.
    BothDie = 3,
}

closed_enum! {
    impl Battle [AttackerWins, DefenderWins, BothDie] {
        /// Every member, in value order.
        ALL;
    }
}

impl Battle {
    const fn letter(self) -> char {
        match self {
            Battle::AttackerWins => 'a',
            Battle::DefenderWins => 'd',
            Battle::BothDie => 't',
        }
    }

    fn from_letter(c: &str) -> Option<Battle> {
        match c {
            "a" => Some(Battle::AttackerWins),
            "d" => Some(Battle::DefenderWins),
            "t" => Some(Battle::BothDie),
            _ => None,
        }
    }
}

/// A placement rule beyond counts and zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Constraint {
    /// The Flag stands on one of the two corners of the player's back row.
    FlagInBackCorner,
    /// A piece of this rank stands on the corner Flag's diagonal neighbour.
    DiagonalToFlag(Rank),
    /// Pieces of this rank fill the six squares nearest the corner Flag other than its diagonal
    /// neighbour: offsets (0,1) (0,2) (1,0) (2,0) (1,2) (2,1) from the corner, towards the board.
    AroundFlag(Rank),
}

impl Constraint {
    pub(crate) const AROUND_OFFSETS: [(u8, u8); 6] = [(0, 1), (0, 2), (1, 0), (2, 0), (1, 2), (2, 1)];

    pub(crate) fn name(self) -> &'static str {
        match self {
            Constraint::FlagInBackCorner => "flag_corner",
            Constraint::DiagonalToFlag(_) => "diagonal",
            Constraint::AroundFlag(_) => "around",
        }
    }
}

/// The rules as plain data. Reach it through [`Rules`], which validates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RulesData {
    pub base: Edition,
    pub width: u8,
    pub height: u8,
    pub lakes: Vec<Square>,
    pub army: [u8; Rank::COUNT],
    pub free_army: bool,
    pub setup_rows: u8,
    /// Each player may place pieces on any square that is not a lake.
    pub free_placement: bool,
    pub constraints: Vec<Constraint>,
    pub movement: [Movement; Rank::COUNT],
    pub slide_attacks: bool,
    pub combat: [[Battle; Rank::COUNT]; Rank::COUNT],
    /// Every battle of equal ranks is won by the attacker, whatever `combat` says.
    pub attacker_wins_ties: bool,
    /// Rescues per player per game (0: no rescue rule).
    pub rescues: u8,
    /// Bit `r` set when a piece of rank `r` may trigger a rescue.
    pub rescue_ranks: u16,
    pub rescue_zone: RescueZone,
    pub two_square: Option<u8>,
    pub chase: bool,
    pub no_return: bool,
    pub visibility: Option<u8>,
    pub max_plies: Option<u32>,
    pub max_quiet_plies: Option<u32>,
    pub numbering: Numbering,
}

/// Values derived once from [`RulesData`] for the move generator.
#[derive(Debug)]
pub(crate) struct Derived {
    pub board: Bitboard,
    pub lakes: Bitboard,
    pub zone: [Bitboard; 2],
    /// Squares that may be entered from the west (all but column 0) and from the east.
    pub not_first_col: Bitboard,
    pub not_last_col: Bitboard,
    /// Bit `r` set when rank `r` belongs to a movement class.
    pub orth_steppers: u16,
    pub orth_sliders: u16,
    pub diag_steppers: u16,
    pub diag_sliders: u16,
    /// Ranks that move two squares ([`Reach::TwoSteps`]), orthogonally or diagonally; they are
    /// also in the matching stepper class (their one-square moves).
    pub orth_doubles: u16,
    pub diag_doubles: u16,
    /// No rank moves diagonally or two squares, and there are no rescues: the move generator
    /// and [`crate::state::State::apply`] take their lean form, with none of those parts.
    pub plain: bool,
    /// The battle table with the ties switch applied: what [`Rules::battle`] reads.
    pub combat: [[Battle; Rank::COUNT]; Rank::COUNT],
    /// Where each player may place a rescued piece (lakes excluded).
    pub rescue_zone: [Bitboard; 2],
    /// Each player's target row for a rescue: the opponent's back row.
    pub rescue_row: [Bitboard; 2],
    pub army_size: usize,
    /// `rays[dir][square]`: the squares beyond `square` in direction `dir`, to the board's edge.
    pub rays: Box<[[Bitboard; MAX_SQUARES]; 8]>,
    /// Index delta of each direction.
    pub delta: [i32; 8],
    /// `coords[index]`: the square of an index, so the move generator never divides.
    pub coords: [Square; MAX_SQUARES],
    /// `ceil(2^32 / squares)`: `(id * this) >> 32` is `id / squares` for every action id (see
    /// [`Derived::split_action`]), a multiply where a division takes tens of cycles.
    pub squares_reciprocal: u64,
    /// `neighbours[index]`: the squares next to an index orthogonally (lakes included).
    pub neighbours: [Bitboard; MAX_SQUARES],
}

impl Derived {
    /// The board width: `W` when given at compile time, else the rules' width.
    #[inline(always)]
    pub(crate) fn width<const W: u32>(d: &Derived) -> u32 {
        if W == 0 {
            d.delta[0] as u32
        } else {
            W
        }
    }

    /// `b` one row up (`b << width`), wrapped squares kept. `W` as in [`Derived::orth_shifts`];
    /// a known width shifts by [`bitboard::shl`].
    #[inline(always)]
    pub(crate) fn up<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        if W == 0 {
            b << Derived::width::<W>(d)
        } else {
            bitboard::shl::<W>(b)
        }
    }

    /// `b` one row down (`b >> width`), as [`Derived::up`].
    #[inline(always)]
    pub(crate) fn down<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        if W == 0 {
            b >> Derived::width::<W>(d)
        } else {
            bitboard::shr::<W>(b)
        }
    }

    /// The squares next to `b` orthogonally. `W` is the board width when known at compile
    /// time (the standard 10), or 0 to read it from the rules.
    #[inline(always)]
    pub(crate) fn orth_shifts<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        let w = Derived::width::<W>(d);
        ((b << w) & d.board) | (b >> w) | ((b << 1) & d.not_first_col) | ((b >> 1) & d.not_last_col)
    }

    /// The squares next to `b` diagonally (see [`Derived::orth_shifts`] for `W`).
    #[inline(always)]
    pub(crate) fn diag_shifts<const W: u32>(d: &Derived, b: Bitboard) -> Bitboard {
        let w = Derived::width::<W>(d);
        ((b << (w + 1)) & d.not_first_col)
            | ((b << (w - 1)) & d.not_last_col)
            | ((b >> (w - 1)) & d.not_first_col)
            | ((b >> (w + 1)) & d.not_last_col)
    }

    /// The quotient and remainder of action id `id` by the number of squares `s` (a move's
    /// `from` and `to` in the mover's frame). Exact for every id below `2^32 / s`, far above
    /// the largest action id.
    #[inline(always)]
    pub(crate) fn split_action(&self, id: usize, s: usize) -> (usize, usize) {
        debug_assert!(id < (1 << 32) / s);
        let quotient = ((id as u64 * self.squares_reciprocal) >> 32) as usize;
        (quotient, id - quotient * s)
    }
}

#[derive(Debug)]
pub(crate) struct Inner {
    pub data: RulesData,
    pub derived: Derived,
}

/// A validated rule set: cheap to clone (one shared allocation), immutable.
///
/// ```
/// use stratego_core::{Edition, Rules};
/// let isf = Rules::edition(Edition::Isf);
/// assert_eq!(isf.two_square_limit(), Some(3));
/// let old: Rules = "isf(two_square=5)".parse()?;
/// assert_eq!(old.two_square_limit(), Some(5));
/// assert_eq!(old.to_string(), "isf(two_square=5)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Rules(pub(crate) Arc<Inner>);

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.data == other.0.data
    }
}
impl Eq for Rules {}

impl core::fmt::Debug for Rules {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Rules({self})")
    }
}

impl Rules {
    /// The preset of an edition.
    ///
    /// `Estrategia` is read from a loose sheet; this project's readings are: a 10×10 board with
    /// no lakes and the standard 40 pieces in rows 1–4 / 7–10; the Flag on a corner of its back
    /// row, the Marshal on the Flag's diagonal neighbour and the six Bombs on the six next-nearest
    /// squares (for a Flag on a1: a2 a3 b1 c1 b3 c2); every mobile piece steps one square
    /// orthogonally except the Scout, which steps (and strikes) one square diagonally only; a
    /// piece may never re-enter the square it started on; a player sees an enemy rank while the
    /// piece stands on one of the 8 squares around one of the player's pieces, and for good once a
    /// battle revealed it. Battles are decided by the attacker: the Marshal beats all but the Bomb;
    /// General .. Sergeant beat lower ranks, the Scout, the Spy and the Flag and die on the Bomb;
    /// the Miner beats the Bomb, the Spy and the Flag and loses to the rest; the Scout beats every
    /// piece including Bombs, except the Flag, on which it dies; the Spy beats only the Marshal.
    /// Equal ranks remove both.
    ///
    /// `UltimateLightning` follows the 43 recorded Gravon games: 20 pieces (Flag, 2 Bombs, Spy,
    /// 4 Scouts, 2 Miners, 2 each of Sergeant, Lieutenant and Captain, one each of Major,
    /// Colonel, General and Marshal) on any 20 of the 40 home squares; the Captain moves one
    /// square or two ([`Reach::TwoSteps`]: straight or with one turn, the first square empty,
    /// an attack only on the last); ties are won by the attacker; a Scout attacking a Bomb
    /// removes it, any other attacker and the Bomb both leave; two rescues per player
    /// ([`RulesBuilder::rescues`]). Where the games are silent these are this project's
    /// readings: a rescued piece goes on an empty square of the setup zone (Gravon's text says
    /// "your half", [`RescueZone::Half`] allows that); moving along the back row does not
    /// trigger a rescue; a Captain may not pass an occupied square.
    pub fn edition(edition: Edition) -> Rules {
        Rules::from_data(preset(edition)).expect("every preset is valid")
    }

    /// A builder starting from the `Isf` preset.
    pub fn builder() -> RulesBuilder {
        RulesBuilder::from_edition(Edition::Isf)
    }

    /// A builder starting from these rules.
    pub fn to_builder(&self) -> RulesBuilder {
        RulesBuilder { data: self.0.data.clone(), lakes_named: false }
    }

    pub(crate) fn from_data(mut data: RulesData) -> Result<Rules, RulesError> {
        normalize(&mut data);
        let (w, h) = (data.width, data.height);
        for (setting, side) in [("width", w), ("height", h)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(RulesError::OutOfRange { setting, value: side.into(), min: 2, max: MAX_SIDE.into() });
            }
        }
        if w as usize * h as usize > MAX_SQUARES {
            return Err(RulesError::BoardSize { width: w, height: h });
        }
        for (setting, cap) in [("max_plies", data.max_plies), ("max_quiet_plies", data.max_quiet_plies)] {
            // A cap of 0 would end the game before its first move, yet the first move is
            // judged only after it is played: refuse it rather than play one ply.
            if cap == Some(0) {
                return Err(RulesError::OutOfRange { setting, value: 0, min: 1, max: u32::MAX.into() });
            }
        }
        if data.rescues > MAX_RESCUES {
            let max = MAX_RESCUES.into();
            return Err(RulesError::OutOfRange { setting: "rescues", value: data.rescues.into(), min: 0, max });
        }
        if data.two_square == Some(0) {
            return Err(RulesError::TwoSquareLimitZero);
        }
        let n = w as usize * h as usize;
        let board: Bitboard = if n == 128 { !0 } else { (1u128 << n) - 1 };
        let mut lakes = 0;
        for &sq in &data.lakes {
            if sq.col() >= w || sq.row() >= h {
                return Err(RulesError::LakeOffBoard(sq));
            }
            lakes |= bitboard::bit(sq.index(w));
        }
        if data.setup_rows == 0 || data.setup_rows > h / 2 {
            return Err(RulesError::ZoneSize { rows: data.setup_rows, height: h });
        }
        let (red_zone, blue_zone) = if data.free_placement {
            (board, board)
        } else {
            (
                (0..data.setup_rows as usize * w as usize).fold(0, |z, i| z | bitboard::bit(i)),
                (n - data.setup_rows as usize * w as usize..n).fold(0, |z, i| z | bitboard::bit(i)),
            )
        };
        let army_size: usize = data.army.iter().map(|&c| c as usize).sum();
        if army_size == 0 {
            return Err(RulesError::EmptyArmy);
        }
        let flags = data.army[Rank::Flag.index()];
        if flags != 1 {
            return Err(RulesError::FlagCount { count: flags });
        }
        if !Rank::ALL.iter().any(|r| data.army[r.index()] > 0 && data.movement[r.index()].is_mobile()) {
            return Err(RulesError::NoMobilePiece);
        }
        // Both zones, not only Red's: lakes need not be symmetric. With free placement both
        // armies share the board. A free army must fit whole too, as random setups place it so.
        let free_squares = |zone: Bitboard| (zone & !lakes).count_ones() as usize;
        let fits: [(usize, usize, &'static str); 2] = if data.free_placement {
            [(2 * army_size, free_squares(board), "the board (both armies place freely)"); 2]
        } else {
            [
                (army_size, free_squares(red_zone), "Red's setup zone"),
                (army_size, free_squares(blue_zone), "Blue's setup zone"),
            ]
        };
        for (pieces, squares, zone) in fits {
            if pieces > squares {
                return Err(RulesError::ArmyTooLarge { pieces, squares, zone });
            }
        }
        check_constraint_counts(&data)?;
        let class = |f: &dyn Fn(Movement) -> bool| {
            Rank::ALL.iter().filter(|r| f(data.movement[r.index()])).fold(0u16, |m, r| m | 1 << r.index())
        };
        let mut combat = data.combat;
        if data.attacker_wins_ties {
            for r in Rank::ALL {
                combat[r.index()][r.index()] = Battle::AttackerWins;
            }
        }
        let half = |p: Player| {
            let rows = (h / 2) as usize * w as usize;
            match p {
                Player::Red => (0..rows).fold(0, |z, i| z | bitboard::bit(i)),
                Player::Blue => (n - rows..n).fold(0, |z, i| z | bitboard::bit(i)),
            }
        };
        let rescue_zone = match data.rescue_zone {
            RescueZone::Setup => [red_zone & !lakes, blue_zone & !lakes],
            RescueZone::Half => [half(Player::Red) & !lakes, half(Player::Blue) & !lakes],
        };
        let mut col0 = 0;
        let mut col_last = 0;
        for row in 0..h as usize {
            col0 |= bitboard::bit(row * w as usize);
            col_last |= bitboard::bit(row * w as usize + w as usize - 1);
        }
        let (diag_steppers, diag_sliders) =
            (class(&|m| matches!(m.diagonal, Reach::Step | Reach::TwoSteps)), class(&|m| m.diagonal == Reach::Slide));
        let (orth_doubles, diag_doubles) =
            (class(&|m| m.orthogonal == Reach::TwoSteps), class(&|m| m.diagonal == Reach::TwoSteps));
        let mut derived = Derived {
            board,
            lakes,
            zone: [red_zone, blue_zone],
            not_first_col: board & !col0,
            not_last_col: board & !col_last,
            orth_steppers: class(&|m| matches!(m.orthogonal, Reach::Step | Reach::TwoSteps)),
            orth_sliders: class(&|m| m.orthogonal == Reach::Slide),
            diag_steppers,
            diag_sliders,
            orth_doubles,
            diag_doubles,
            plain: (diag_steppers | diag_sliders | orth_doubles | diag_doubles) == 0 && data.rescues == 0,
            combat,
            rescue_zone,
            rescue_row: [back_row(w, h, Player::Blue), back_row(w, h, Player::Red)],
            army_size,
            rays: rays(w, h),
            delta: DIRS.map(|(dc, dr)| dr as i32 * w as i32 + dc as i32),
            coords: core::array::from_fn(|i| Square::from_index(i, w)),
            squares_reciprocal: (1u64 << 32).div_ceil(u64::from(w) * u64::from(h)),
            neighbours: [0; MAX_SQUARES],
        };
        for i in bitboard::bits(board) {
            derived.neighbours[i] = Derived::orth_shifts::<0>(&derived, bitboard::bit(i));
        }
        let rules = Rules(Arc::new(Inner { data, derived }));
        constraints::check_constraint_squares(&rules)?;
        Ok(rules)
    }

    #[inline]
    pub(crate) fn data(&self) -> &RulesData {
        &self.0.data
    }

    #[inline]
    pub(crate) fn derived(&self) -> &Derived {
        &self.0.derived
    }

    /// The edition these rules were built from (their text form starts with its name).
    pub fn base_edition(&self) -> Edition {
        self.0.data.base
    }
    /// Number of columns.
    pub fn width(&self) -> u8 {
        self.0.data.width
    }
    /// Number of rows.
    pub fn height(&self) -> u8 {
        self.0.data.height
    }
    /// Number of squares (`width * height`).
    pub fn num_squares(&self) -> usize {
        self.0.data.width as usize * self.0.data.height as usize
    }
    /// Whether `sq` is on the board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.col() < self.0.data.width && sq.row() < self.0.data.height
    }
    /// Whether `sq` is a lake.
    pub fn is_lake(&self, sq: Square) -> bool {
        self.contains(sq) && bitboard::has(self.0.derived.lakes, sq.index(self.0.data.width))
    }
    /// The lakes, in board order.
    pub fn lakes(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares().filter(|&s| self.is_lake(s))
    }
    /// Every square, in index order (a1, b1, ...).
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        let w = self.0.data.width;
        (0..self.num_squares()).map(move |i| Square::from_index(i, w))
    }
    /// How many pieces of `rank` each army has (the most allowed, with a free army).
    pub fn army_count(&self, rank: Rank) -> u8 {
        self.0.data.army[rank.index()]
    }
    /// The army as counts indexed by [`Rank::index`].
    pub fn army(&self) -> [u8; Rank::COUNT] {
        self.0.data.army
    }
    /// Total pieces per army.
    pub fn army_size(&self) -> usize {
        self.0.derived.army_size
    }
    /// Whether players choose their own army, up to the counts of [`Rules::army`].
    pub fn free_army(&self) -> bool {
        self.0.data.free_army
    }
    /// Rows of each player's setup zone.
    pub fn setup_rows(&self) -> u8 {
        self.0.data.setup_rows
    }
    /// Whether players may place pieces anywhere off the lakes (the zone is then the board).
    pub fn free_placement(&self) -> bool {
        self.0.data.free_placement
    }
    /// Whether `sq` is in `player`'s setup zone.
    pub fn in_zone(&self, player: Player, sq: Square) -> bool {
        self.contains(sq) && bitboard::has(self.0.derived.zone[player.index()], sq.index(self.0.data.width))
    }
    /// Placement constraints beyond counts and zone.
    pub fn constraints(&self) -> &[Constraint] {
        &self.0.data.constraints
    }
    /// How `rank` moves.
    pub fn movement(&self, rank: Rank) -> Movement {
        self.0.data.movement[rank.index()]
    }
    /// Whether a move of more than one square may end in an attack.
    pub fn slide_attacks(&self) -> bool {
        self.0.data.slide_attacks
    }
    /// The result of `attacker` striking `defender`.
    #[inline]
    pub fn battle(&self, attacker: Rank, defender: Rank) -> Battle {
        self.0.derived.combat[attacker.index()][defender.index()]
    }
    /// The battle table's own entry for `attacker` striking `defender`, before the ties switch
    /// ([`Rules::attacker_wins_ties`]) applies: what [`RulesBuilder::battle`] set. Play follows
    /// [`Rules::battle`].
    ///
    /// ```
    /// use stratego_core::{Battle, Edition, Rank, Rules};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// assert_eq!(ul.battle_table(Rank::Major, Rank::Major), Battle::BothDie);
    /// assert_eq!(ul.battle(Rank::Major, Rank::Major), Battle::AttackerWins);
    /// ```
    pub fn battle_table(&self, attacker: Rank, defender: Rank) -> Battle {
        self.0.data.combat[attacker.index()][defender.index()]
    }
    /// Whether every battle of equal ranks is won by the attacker (whatever the battle table
    /// says for those pairs), as in Ultimate Lightning.
    ///
    /// ```
    /// use stratego_core::{Battle, Edition, Rank, Rules};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// assert!(ul.attacker_wins_ties());
    /// assert_eq!(ul.battle(Rank::Major, Rank::Major), Battle::AttackerWins);
    /// assert_eq!(Rules::edition(Edition::Isf).battle(Rank::Major, Rank::Major), Battle::BothDie);
    /// ```
    pub fn attacker_wins_ties(&self) -> bool {
        self.0.data.attacker_wins_ties
    }
    /// Rescues each player may make per game; 0 when the rules have no rescue. See
    /// [`RulesBuilder::rescues`] for the rule.
    ///
    /// ```
    /// use stratego_core::{Edition, Rules};
    /// assert_eq!(Rules::edition(Edition::UltimateLightning).rescues(), 2);
    /// assert_eq!(Rules::edition(Edition::Isf).rescues(), 0);
    /// ```
    pub fn rescues(&self) -> u8 {
        self.0.data.rescues
    }
    /// Whether a piece of `rank` may trigger a rescue (when the rules have one).
    ///
    /// ```
    /// use stratego_core::{Edition, Rank, Rules};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// assert!(ul.rescue_trigger(Rank::Miner) && !ul.rescue_trigger(Rank::Scout));
    /// ```
    pub fn rescue_trigger(&self, rank: Rank) -> bool {
        self.0.data.rescue_ranks & 1 << rank.index() != 0
    }
    /// Where a rescued piece may be placed.
    ///
    /// ```
    /// use stratego_core::{Edition, RescueZone, Rules};
    /// assert_eq!(Rules::edition(Edition::UltimateLightning).rescue_zone(), RescueZone::Setup);
    /// ```
    pub fn rescue_zone(&self) -> RescueZone {
        self.0.data.rescue_zone
    }
    /// Whether `player` may place a rescued piece on `sq` (when it is empty).
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules, Square};
    /// let ul = Rules::edition(Edition::UltimateLightning);
    /// assert!(ul.in_rescue_zone(Player::Red, Square::new(0, 3)));
    /// assert!(!ul.in_rescue_zone(Player::Red, Square::new(0, 4)));
    /// ```
    pub fn in_rescue_zone(&self, player: Player, sq: Square) -> bool {
        self.contains(sq) && bitboard::has(self.0.derived.rescue_zone[player.index()], sq.index(self.0.data.width))
    }
    /// The two-squares limit: the most moves one piece may make non-stop between the same two
    /// squares (for a sliding piece: across the same square border). `None` = no limit.
    pub fn two_square_limit(&self) -> Option<u8> {
        self.0.data.two_square
    }
    /// Whether the more-squares (chase) rule is on.
    pub fn chase_rule(&self) -> bool {
        self.0.data.chase
    }
    /// Whether a piece may never re-enter its start square.
    pub fn no_return(&self) -> bool {
        self.0.data.no_return
    }
    /// Sight radius: a player sees the rank of an enemy piece within this many squares (king
    /// moves) of one of their pieces. `None`: ranks are seen only after battles.
    pub fn visibility(&self) -> Option<u8> {
        self.0.data.visibility
    }
    /// Cap on the total number of plies (a draw when reached).
    pub fn max_plies(&self) -> Option<u32> {
        self.0.data.max_plies
    }
    /// Cap on consecutive plies without a battle (a draw when reached).
    pub fn max_quiet_plies(&self) -> Option<u32> {
        self.0.data.max_quiet_plies
    }
    /// How ranks are numbered for display.
    pub fn numbering(&self) -> Numbering {
        self.0.data.numbering
    }
}

/// Directions as (column step, row step). 0..4 are the positive index deltas (N, E, NE, NW),
/// 4..8 their opposites (S, W, SW, SE); orthogonal ones are 0, 1, 4, 5.
pub(crate) const DIRS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
pub(crate) const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
pub(crate) const DIAGONAL: [usize; 4] = [2, 3, 6, 7];

/// The back row of `player` (row 1 for Red, the last row for Blue).
fn back_row(w: u8, h: u8, player: Player) -> Bitboard {
    let row = if player == Player::Red { 0 } else { h as usize - 1 };
    (0..w as usize).fold(0, |b, c| b | bitboard::bit(row * w as usize + c))
}

fn rays(w: u8, h: u8) -> Box<[[Bitboard; MAX_SQUARES]; 8]> {
    let mut r = Box::new([[0; MAX_SQUARES]; 8]);
    for (d, &(dc, dr)) in DIRS.iter().enumerate() {
        for i in 0..w as usize * h as usize {
            let (mut c, mut row) = ((i % w as usize) as i32, (i / w as usize) as i32);
            loop {
                c += dc as i32;
                row += dr as i32;
                if c < 0 || row < 0 || c >= w as i32 || row >= h as i32 {
                    break;
                }
                r[d][i] |= bitboard::bit(row as usize * w as usize + c as usize);
            }
        }
    }
    r
}

pub(crate) fn preset_data(edition: Edition) -> RulesData {
    preset(edition)
}

pub(crate) fn battle_letter(b: Battle) -> char {
    b.letter()
}

pub(crate) fn battle_from_letter(s: &str) -> Option<Battle> {
    Battle::from_letter(s)
}

#[cfg(test)]
mod tests {
    /// The reciprocal division matches `/` and `%` for every action id of every board size up
    /// to the largest (ids run to `s * s + 12 * s`, rescue decisions included).
    #[test]
    fn split_action_divides_every_action_id_exactly() {
        for s in 1..=crate::MAX_SQUARES {
            let d = super::Derived { squares_reciprocal: (1u64 << 32).div_ceil(s as u64), ..dummy() };
            for id in 0..s * s + 12 * s + 1 {
                assert_eq!(d.split_action(id, s), (id / s, id % s), "{id} / {s}");
            }
        }
    }

    fn dummy() -> super::Derived {
        let rules = crate::Rules::edition(crate::Edition::Isf);
        let d = rules.derived();
        super::Derived { rays: d.rays.clone(), ..*d }
    }
}
