//! The data of one Gravon game record.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use crate::{Player, Square};

/// Number of characters in a `<field content="...">` string (one per square, `A1` first).
pub const FIELD_LEN: usize = 100;

/// The `type` attribute of `<game>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameType {
    /// `classic`
    Classic,
    /// `barrage`
    Barrage,
    /// `classicfree` (free placement, lakes may be anywhere in the field string)
    ClassicFree,
    /// `duell`
    Duell,
    /// `ultimate lightning`
    UltimateLightning,
    /// Any other spelling, kept as written (surrounding whitespace removed). Holding a known
    /// spelling here is not canonical: it would parse back as the named variant.
    Other(String),
}

impl GameType {
    /// The XML spelling (`"classic"`, `"ultimate lightning"`, ...).
    pub fn as_str(&self) -> &str {
        match self {
            GameType::Classic => "classic",
            GameType::Barrage => "barrage",
            GameType::ClassicFree => "classicfree",
            GameType::Duell => "duell",
            GameType::UltimateLightning => "ultimate lightning",
            GameType::Other(s) => s,
        }
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameType {
    type Err = Infallible;

    /// Exact XML spellings map to the named variants; anything else becomes [`GameType::Other`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "classic" => GameType::Classic,
            "barrage" => GameType::Barrage,
            "classicfree" => GameType::ClassicFree,
            "duell" => GameType::Duell,
            "ultimate lightning" => GameType::UltimateLightning,
            other => GameType::Other(other.to_string()),
        })
    }
}

/// One `<move>`: a ply from `from` to `to` (a scout's long move, with or without an attack at
/// the end, is one move). Battle outcomes are not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GravonMove {
    /// The `id` attribute: ply number, 1-based; odd = red.
    pub ply: u32,
    /// The `source` attribute: where the piece stood.
    pub from: Square,
    /// The `target` attribute: where it went (or attacked).
    pub to: Square,
    /// `<rescue>` child (ultimate lightning only).
    pub rescue: Option<Rescue>,
}

/// `<rescue rescuefield="K8" rescuepiece="13"/>` (ultimate lightning). The piece code is not
/// fully decoded; it is kept as the number written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rescue {
    /// `rescuefield`
    pub square: Square,
    /// `rescuepiece`
    pub piece: u8,
}

/// The `type` attribute of `<result>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ResultKind {
    /// 0: the side to move cannot move (and loses).
    NoMoves,
    /// 1: flag captured.
    FlagCaptured,
    /// 2: both sides unable to move (draw).
    BothStuck,
    /// 3: resignation.
    Resignation,
    /// 4: draw agreed.
    DrawAgreed,
    /// 10: both players gone.
    BothGone,
    /// 11: clock (move time).
    Clock,
    /// 12: game clock.
    GameClock,
    /// 13: clock + gone.
    ClockAndGone,
    /// 14: opponent gone.
    OpponentGone,
    /// Any other code. Holding a known code here is not canonical: it would parse back as the
    /// named variant.
    Other(u32),
}

impl ResultKind {
    /// The numeric code written in the XML.
    pub const fn code(self) -> u32 {
        match self {
            ResultKind::NoMoves => 0,
            ResultKind::FlagCaptured => 1,
            ResultKind::BothStuck => 2,
            ResultKind::Resignation => 3,
            ResultKind::DrawAgreed => 4,
            ResultKind::BothGone => 10,
            ResultKind::Clock => 11,
            ResultKind::GameClock => 12,
            ResultKind::ClockAndGone => 13,
            ResultKind::OpponentGone => 14,
            ResultKind::Other(code) => code,
        }
    }

    /// The kind for a numeric code; unknown codes become [`ResultKind::Other`].
    pub const fn from_code(code: u32) -> ResultKind {
        match code {
            0 => ResultKind::NoMoves,
            1 => ResultKind::FlagCaptured,
            2 => ResultKind::BothStuck,
            3 => ResultKind::Resignation,
            4 => ResultKind::DrawAgreed,
            10 => ResultKind::BothGone,
            11 => ResultKind::Clock,
            12 => ResultKind::GameClock,
            13 => ResultKind::ClockAndGone,
            14 => ResultKind::OpponentGone,
            other => ResultKind::Other(other),
        }
    }
}

/// `<result type=".." winner=".."/>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GravonResult {
    /// The `type` attribute: how the game ended.
    pub kind: ResultKind,
    /// `winner="1"` = red, `"2"` = blue; `None` = draw (`"3"`).
    pub winner: Option<Player>,
}

/// One game record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The `type` attribute of `<game>`.
    pub game_type: GameType,
    /// The 100 field letters as written (surrounding whitespace removed; index `i` = column
    /// `i % 10`, row `i / 10`; `A1` first).
    /// `None` when the file has no `<field>` (game aborted during setup).
    pub field: Option<String>,
    /// Moves in ply order; `moves[i].ply == i + 1`.
    pub moves: Vec<GravonMove>,
    /// Player names, `[player 1 (red), player 2 (blue)]`, entity-decoded, not trimmed. Empty
    /// when the `<player>` element is missing.
    pub players: [String; 2],
    /// `None` when the file has no `<result>`.
    pub result: Option<GravonResult>,
}
