//! What a [`VecEnv`](crate::VecEnv) writes, chosen at construction.

use crate::agents::AgentKind;
use crate::macros::{closed_enum, setters};
use crate::rules::{parse_name, Case};

/// The observation a [`VecEnv`](crate::VecEnv) writes for each env's next mover.
///
/// ```
/// use stratego_core::{Edition, ObservationKind, Rules};
/// let rules = Rules::edition(Edition::Isf);
/// assert_eq!(ObservationKind::Planes.len(&rules), 3200);
/// assert_eq!(ObservationKind::BoardCodes.len(&rules), 100);
/// assert_eq!("board_codes".parse::<ObservationKind>(), Ok(ObservationKind::BoardCodes));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ObservationKind {
    /// Float planes, `f32 [C, H, W]` per env (12,800 bytes on the standard board).
    #[default]
    Planes,
    /// The same planes as `u8` 0 / 1 (3,200 bytes).
    CompactPlanes,
    /// The byte board, `u8 [S]` per env (100 bytes): the mover's view in one byte per square.
    BoardCodes,
}

closed_enum! {
    impl ObservationKind [Planes, CompactPlanes, BoardCodes] {
        /// Every kind, in declaration order.
        ///
        /// ```
        /// assert_eq!(stratego_core::ObservationKind::ALL.len(), 3);
        /// ```
        ALL;
        /// Snake-case name: `planes`, `compact_planes` or `board_codes` (what `FromStr` reads).
        ///
        /// ```
        /// assert_eq!(stratego_core::ObservationKind::CompactPlanes.name(), "compact_planes");
        /// ```
        pub name = ["planes", "compact_planes", "board_codes"];
    }
}

impl ObservationKind {
    /// Elements per env under `rules`.
    ///
    /// ```
    /// use stratego_core::{Edition, ObservationKind, Rules};
    /// assert_eq!(ObservationKind::CompactPlanes.len(&Rules::edition(Edition::Classic)), 3200);
    /// ```
    pub fn len(self, rules: &crate::Rules) -> usize {
        match self {
            ObservationKind::Planes | ObservationKind::CompactPlanes => rules.observation_shape().iter().product(),
            ObservationKind::BoardCodes => rules.num_squares(),
        }
    }
}

impl core::str::FromStr for ObservationKind {
    type Err = crate::ParseError;

    /// Reads [`ObservationKind::name`].
    fn from_str(s: &str) -> Result<ObservationKind, crate::ParseError> {
        parse_name(
            ObservationKind::ALL,
            ObservationKind::name,
            Case::Exact,
            s,
            ("observation kind", "expected planes, compact_planes or board_codes"),
        )
    }
}

/// The legal actions a [`VecEnv`](crate::VecEnv) writes for each env's next mover: a mask over
/// every action id, or the legal ids themselves.
///
/// ```
/// use stratego_core::{Edition, MaskKind, Rules};
/// let rules = Rules::edition(Edition::Isf);
/// assert_eq!(MaskKind::Bytes.len(&rules), 10_000);
/// assert_eq!(MaskKind::Bits.len(&rules), 157);
/// assert_eq!(MaskKind::Ids.len(&rules), rules.max_legal_actions());
/// assert_eq!("ids".parse::<MaskKind>(), Ok(MaskKind::Ids));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MaskKind {
    /// One `u8` (0 / 1) per action id.
    #[default]
    Bytes,
    /// Packed: bit `id % 64` of `u64` word `id / 64`.
    Bits,
    /// The legal ids, `i32 [L]` per env, sorted ascending and padded with -1, where `L` is
    /// [`Rules::max_legal_actions`](crate::Rules::max_legal_actions) (244 under ISF). A policy
    /// samples with one gather over `L` entries instead of scanning every action id.
    Ids,
}

closed_enum! {
    impl MaskKind [Bytes, Bits, Ids] {
        /// Every kind, in declaration order.
        ///
        /// ```
        /// assert_eq!(stratego_core::MaskKind::ALL.len(), 3);
        /// ```
        ALL;
        /// Snake-case name: `bytes`, `bits` or `ids` (what `FromStr` reads).
        ///
        /// ```
        /// assert_eq!(stratego_core::MaskKind::Bits.name(), "bits");
        /// ```
        pub name = ["bytes", "bits", "ids"];
    }
}

impl MaskKind {
    /// Elements per env under `rules` (bytes, words or ids).
    ///
    /// ```
    /// use stratego_core::{Edition, MaskKind, Rules};
    /// assert_eq!(MaskKind::Bits.len(&Rules::edition(Edition::Classic)), 157);
    /// assert_eq!(MaskKind::Ids.len(&Rules::edition(Edition::Classic)), 244);
    /// ```
    pub fn len(self, rules: &crate::Rules) -> usize {
        match self {
            MaskKind::Bytes => rules.num_actions(),
            MaskKind::Bits => rules.num_actions().div_ceil(64),
            MaskKind::Ids => rules.max_legal_actions(),
        }
    }
}

impl core::str::FromStr for MaskKind {
    type Err = crate::ParseError;

    /// Reads [`MaskKind::name`].
    fn from_str(s: &str) -> Result<MaskKind, crate::ParseError> {
        parse_name(MaskKind::ALL, MaskKind::name, Case::Exact, s, ("mask kind", "expected bytes, bits or ids"))
    }
}

/// Which side the learner plays in each episode of a [`VecEnv`](crate::VecEnv) against an
/// opponent ([`VecEnvConfig::with_opponent`]).
///
/// ```
/// use stratego_core::AgentColor;
/// assert_eq!("blue".parse::<AgentColor>(), Ok(AgentColor::Blue));
/// assert_eq!(AgentColor::default(), AgentColor::Random);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AgentColor {
    /// Drawn for each episode from the VecEnv seed, the env index and the episode count
    /// (Red or Blue with equal odds), so a policy learns both sides.
    #[default]
    Random,
    /// Red in every episode (the learner moves first).
    Red,
    /// Blue in every episode (the opponent opens every game).
    Blue,
}

closed_enum! {
    impl AgentColor [Random, Red, Blue] {
        /// Every choice, in declaration order.
        ALL;
        /// `random`, `red` or `blue` (what `FromStr` reads).
        ///
        /// ```
        /// assert_eq!(stratego_core::AgentColor::Random.name(), "random");
        /// ```
        pub name = ["random", "red", "blue"];
    }
}

impl AgentColor {}

impl core::str::FromStr for AgentColor {
    type Err = crate::ParseError;

    /// Reads [`AgentColor::name`].
    fn from_str(s: &str) -> Result<AgentColor, crate::ParseError> {
        parse_name(AgentColor::ALL, AgentColor::name, Case::Exact, s, ("agent color", "expected random, red or blue"))
    }
}

/// How a [`VecEnv`](crate::VecEnv) is set up: what it writes, when it truncates, who answers
/// the learner and on how many threads it steps.
///
/// ```
/// use stratego_core::{MaskKind, ObservationKind, VecEnvConfig};
/// let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
/// assert_eq!(config.max_plies, VecEnvConfig::DEFAULT_MAX_PLIES);
/// assert_eq!((config.threads, config.opponent), (1, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VecEnvConfig {
    /// The observation written for each env's next mover.
    pub observation: ObservationKind,
    /// The mask written for each env's next mover.
    pub mask: MaskKind,
    /// Episodes that reach this many plies end as truncated (at least 1). The rules' own caps,
    /// if any, truncate too.
    pub max_plies: u32,
    /// `None`: self-play, every action is played for the side to move. `Some(kind)`: each
    /// env's learner plays one side ([`VecEnvConfig::agent_color`]) and a built-in agent of
    /// `kind` the other; a step plays the learner's action, then the agent's replies, so every
    /// observation is the learner's.
    pub opponent: Option<AgentKind>,
    /// The learner's side against an opponent (ignored in self-play).
    pub agent_color: AgentColor,
    /// Threads a step runs on (at least 1; a count above the number of envs counts as that
    /// number): the caller's thread and `threads - 1` workers the VecEnv owns claim chunks of
    /// the envs in turn. The VecEnv times its steps and leaves the workers out while stepping
    /// alone is faster (other work keeps the cores busy), trying both ways now and then.
    /// Results do not depend on it.
    pub threads: usize,
}

impl VecEnvConfig {
    /// The default ply cap: random play averages about 800 plies under the standard editions
    /// and about 5 % of random games pass 2,000, so random play ends and long shuffles of a
    /// learning agent are cut.
    ///
    /// ```
    /// assert_eq!(stratego_core::VecEnvConfig::DEFAULT_MAX_PLIES, 2000);
    /// ```
    pub const DEFAULT_MAX_PLIES: u32 = 2000;

    setters! {
        /// This config writing `observation`.
        ///
        /// ```
        /// use stratego_core::{ObservationKind, VecEnvConfig};
        /// assert_eq!(VecEnvConfig::default().with_observation(ObservationKind::CompactPlanes).observation, ObservationKind::CompactPlanes);
        /// ```
        with_observation(observation: ObservationKind) => observation;
        /// This config writing `mask`.
        ///
        /// ```
        /// use stratego_core::{MaskKind, VecEnvConfig};
        /// assert_eq!(VecEnvConfig::default().with_mask(MaskKind::Bits).mask, MaskKind::Bits);
        /// ```
        with_mask(mask: MaskKind) => mask;
        /// This config truncating episodes at `max_plies` plies.
        ///
        /// ```
        /// use stratego_core::VecEnvConfig;
        /// assert_eq!(VecEnvConfig::default().with_max_plies(500).max_plies, 500);
        /// ```
        with_max_plies(max_plies: u32) => max_plies;
        /// This config against a built-in `opponent` (`None`: self-play).
        ///
        /// ```
        /// use stratego_core::{agents::AgentKind, VecEnvConfig};
        /// assert_eq!(VecEnvConfig::default().with_opponent(Some(AgentKind::Heuristic)).opponent, Some(AgentKind::Heuristic));
        /// ```
        with_opponent(opponent: Option<AgentKind>) => opponent;
        /// This config giving the learner `color` against an opponent.
        ///
        /// ```
        /// use stratego_core::{AgentColor, VecEnvConfig};
        /// assert_eq!(VecEnvConfig::default().with_agent_color(AgentColor::Blue).agent_color, AgentColor::Blue);
        /// ```
        with_agent_color(color: AgentColor) => agent_color;
        /// This config stepping on `threads` threads (0 is refused when the VecEnv is built). The
        /// default is 1: the core reads nothing of the machine, so a caller who wants one thread
        /// per CPU passes `std::thread::available_parallelism()` (Python's `threads="auto"` does,
        /// with at most one thread per 256 envs, below which waking a thread costs about what it
        /// saves).
        /// The VecEnv starts `threads - 1` worker threads at its first step and keeps them parked
        /// between steps; they end when it is dropped.
        ///
        /// ```
        /// use stratego_core::VecEnvConfig;
        /// assert_eq!(VecEnvConfig::default().with_threads(2).threads, 2);
        /// ```
        with_threads(threads: usize) => threads;
    }
}

impl Default for VecEnvConfig {
    /// Float planes, byte masks, [`VecEnvConfig::DEFAULT_MAX_PLIES`], self-play, one thread.
    fn default() -> VecEnvConfig {
        VecEnvConfig {
            observation: ObservationKind::Planes,
            mask: MaskKind::Bytes,
            max_plies: VecEnvConfig::DEFAULT_MAX_PLIES,
            opponent: None,
            agent_color: AgentColor::Random,
            threads: 1,
        }
    }
}
