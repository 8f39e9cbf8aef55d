//! `Move` for JS: text `"a4-a5"` in, the core's move inside.

use core::str::FromStr;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsError;

use crate::convert::error;

/// A move, from one square to another (or a rescue), as the core's `Move`.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move(pub(crate) stratego_core::Move);

#[wasm_bindgen]
impl Move {
    /// Parses the core's move text, e.g. `"a4-a5"`.
    pub fn parse(text: &str) -> Result<Move, JsError> {
        stratego_core::Move::from_str(text).map(Move).map_err(error)
    }

    /// The square the piece leaves, e.g. `"a4"`.
    #[wasm_bindgen(getter)]
    pub fn from(&self) -> String {
        self.0.from.to_string()
    }

    /// The square the piece enters, e.g. `"a5"`.
    #[wasm_bindgen(getter)]
    pub fn to(&self) -> String {
        self.0.to.to_string()
    }

    /// The move's text, which `Move.parse` reads back.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.0.to_string()
    }

    /// Whether two moves are the same.
    pub fn equals(&self, other: &Move) -> bool {
        self.0 == other.0
    }
}
