//! What a [`VecEnv`](crate::VecEnv) writes, chosen at construction.

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

impl ObservationKind {
    /// Every kind, in declaration order.
    ///
    /// ```
    /// assert_eq!(stratego_core::ObservationKind::ALL.len(), 3);
    /// ```
    pub const ALL: [ObservationKind; 3] =
        [ObservationKind::Planes, ObservationKind::CompactPlanes, ObservationKind::BoardCodes];

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

    /// Snake-case name: `planes`, `compact_planes` or `board_codes` (what `FromStr` reads).
    ///
    /// ```
    /// assert_eq!(stratego_core::ObservationKind::CompactPlanes.name(), "compact_planes");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            ObservationKind::Planes => "planes",
            ObservationKind::CompactPlanes => "compact_planes",
            ObservationKind::BoardCodes => "board_codes",
        }
    }
}

impl core::str::FromStr for ObservationKind {
    type Err = crate::ParseError;

    /// Reads [`ObservationKind::name`].
    fn from_str(s: &str) -> Result<ObservationKind, crate::ParseError> {
        ObservationKind::ALL.into_iter().find(|k| k.name() == s).ok_or_else(|| {
            crate::ParseError::new("observation kind", s, 0, "expected planes, compact_planes or board_codes")
        })
    }
}

/// The legal-action mask a [`VecEnv`](crate::VecEnv) writes for each env's next mover.
///
/// ```
/// use stratego_core::{Edition, MaskKind, Rules};
/// let rules = Rules::edition(Edition::Isf);
/// assert_eq!(MaskKind::Bytes.len(&rules), 10_000);
/// assert_eq!(MaskKind::Bits.len(&rules), 157);
/// assert_eq!("bits".parse::<MaskKind>(), Ok(MaskKind::Bits));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MaskKind {
    /// One `u8` (0 / 1) per action id.
    #[default]
    Bytes,
    /// Packed: bit `id % 64` of `u64` word `id / 64`.
    Bits,
}

impl MaskKind {
    /// Elements per env under `rules` (bytes or words).
    ///
    /// ```
    /// use stratego_core::{Edition, MaskKind, Rules};
    /// assert_eq!(MaskKind::Bits.len(&Rules::edition(Edition::Classic)), 157);
    /// ```
    pub fn len(self, rules: &crate::Rules) -> usize {
        match self {
            MaskKind::Bytes => rules.num_actions(),
            MaskKind::Bits => rules.num_actions().div_ceil(64),
        }
    }

    /// Snake-case name: `bytes` or `bits` (what `FromStr` reads).
    ///
    /// ```
    /// assert_eq!(stratego_core::MaskKind::Bits.name(), "bits");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MaskKind::Bytes => "bytes",
            MaskKind::Bits => "bits",
        }
    }
}

impl core::str::FromStr for MaskKind {
    type Err = crate::ParseError;

    /// Reads [`MaskKind::name`].
    fn from_str(s: &str) -> Result<MaskKind, crate::ParseError> {
        [MaskKind::Bytes, MaskKind::Bits]
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| crate::ParseError::new("mask kind", s, 0, "expected bytes or bits"))
    }
}

/// How a [`VecEnv`](crate::VecEnv) is set up: what it writes and when it truncates.
///
/// ```
/// use stratego_core::{MaskKind, ObservationKind, VecEnvConfig};
/// let config = VecEnvConfig::default().with_observation(ObservationKind::BoardCodes).with_mask(MaskKind::Bits);
/// assert_eq!(config.max_plies, VecEnvConfig::DEFAULT_MAX_PLIES);
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

    /// This config writing `observation`.
    ///
    /// ```
    /// use stratego_core::{ObservationKind, VecEnvConfig};
    /// assert_eq!(VecEnvConfig::default().with_observation(ObservationKind::CompactPlanes).observation, ObservationKind::CompactPlanes);
    /// ```
    pub fn with_observation(mut self, observation: ObservationKind) -> VecEnvConfig {
        self.observation = observation;
        self
    }

    /// This config writing `mask`.
    ///
    /// ```
    /// use stratego_core::{MaskKind, VecEnvConfig};
    /// assert_eq!(VecEnvConfig::default().with_mask(MaskKind::Bits).mask, MaskKind::Bits);
    /// ```
    pub fn with_mask(mut self, mask: MaskKind) -> VecEnvConfig {
        self.mask = mask;
        self
    }

    /// This config truncating episodes at `max_plies` plies.
    ///
    /// ```
    /// use stratego_core::VecEnvConfig;
    /// assert_eq!(VecEnvConfig::default().with_max_plies(500).max_plies, 500);
    /// ```
    pub fn with_max_plies(mut self, max_plies: u32) -> VecEnvConfig {
        self.max_plies = max_plies;
        self
    }
}

impl Default for VecEnvConfig {
    /// Float planes, byte masks, [`VecEnvConfig::DEFAULT_MAX_PLIES`].
    fn default() -> VecEnvConfig {
        VecEnvConfig {
            observation: ObservationKind::Planes,
            mask: MaskKind::Bytes,
            max_plies: VecEnvConfig::DEFAULT_MAX_PLIES,
        }
    }
}
