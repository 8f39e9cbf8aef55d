//! `Rules` for JS: the one-line rules text of every edition, and the action ids.

use core::str::FromStr;

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsError;

use crate::convert::error;
use crate::{Move, Player};

/// Immutable, validated rules: an edition or any rules text.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Rules(pub(crate) stratego_core::Rules);

#[wasm_bindgen]
impl Rules {
    /// Parses the one-line rules text, the same as in Rust, C and Python: e.g. `"isf"`,
    /// `"isf(two_square=5)"`, `"barrage"`.
    pub fn parse(text: &str) -> Result<Rules, JsError> {
        stratego_core::Rules::from_str(text).map(Rules).map_err(error)
    }

    /// The rules of an edition by name (see `editions()`), e.g. `"Isf"` or `"isf"`.
    pub fn edition(name: &str) -> Result<Rules, JsError> {
        let edition = stratego_core::Edition::from_str(name).map_err(error)?;
        Ok(Rules(stratego_core::Rules::edition(edition)))
    }

    /// The rules text, which `Rules.parse` reads back.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.0.to_string()
    }

    /// Columns of the board.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u8 {
        self.0.width()
    }

    /// Rows of the board.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u8 {
        self.0.height()
    }

    /// The edition these rules start from, by name.
    #[wasm_bindgen(js_name = baseEdition)]
    pub fn base_edition(&self) -> String {
        self.0.base_edition().to_string()
    }

    /// The number of action ids: squares x squares.
    #[wasm_bindgen(js_name = numActions)]
    pub fn num_actions(&self) -> usize {
        self.0.num_actions()
    }

    /// The move of action `id` in `player`'s frame, or an error when `id` names no move
    /// on this board.
    #[wasm_bindgen(js_name = actionMove)]
    pub fn action_move(&self, player: Player, id: f64) -> Result<Move, JsError> {
        let bad = || JsError::new(&format!("action id {id} is out of range 0..{}", self.0.num_actions()));
        if id.fract() != 0.0 || id < 0.0 || id >= self.0.num_actions() as f64 {
            return Err(bad());
        }
        self.0.action_move(player.into(), id as usize).map(Move).ok_or_else(bad)
    }

    /// The action id of `move` in `player`'s frame.
    #[wasm_bindgen(js_name = actionId)]
    pub fn action_id(&self, player: Player, mv: &Move) -> Result<usize, JsError> {
        self.0
            .action_id(player.into(), mv.0)
            .ok_or_else(|| JsError::new(&format!("move {} has no action id on this board", mv.0)))
    }

    /// The label of a rank in these rules' numbering (`"10"`, `"S"`, `"B"`...).
    #[wasm_bindgen(js_name = rankLabel)]
    pub fn rank_label(&self, rank: &str) -> Result<String, JsError> {
        Ok(self.0.numbering().label(crate::convert::rank(rank)?).to_string())
    }

    /// Whether `square` is a lake.
    #[wasm_bindgen(js_name = isLake)]
    pub fn is_lake(&self, square: &str) -> Result<bool, JsError> {
        Ok(self.0.is_lake(crate::convert::square(&self.0, square)?))
    }
}
