//! `Player` for JS: `Player.Red` (0) moves first, `Player.Blue` (1).

use wasm_bindgen::prelude::wasm_bindgen;

/// A side. The values are the core's `Player::index()`.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Moves first.
    Red = 0,
    /// Moves second.
    Blue = 1,
}

impl From<Player> for stratego_core::Player {
    fn from(p: Player) -> stratego_core::Player {
        stratego_core::Player::ALL[p as usize]
    }
}

impl From<stratego_core::Player> for Player {
    fn from(p: stratego_core::Player) -> Player {
        [Player::Red, Player::Blue][p.index()]
    }
}
