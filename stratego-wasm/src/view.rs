//! `PlayerView` for JS: what one player may know, never a hidden enemy rank.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

use crate::convert;
use crate::js;
use crate::position::captured_names;
use crate::Player;

/// What one player may know: own pieces, enemy pieces with only their public facts.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct PlayerView(pub(crate) stratego_core::PlayerView);

crate::position::position_methods!(PlayerView);

#[wasm_bindgen]
impl PlayerView {
    /// The viewer.
    pub fn player(&self) -> Player {
        self.0.player().into()
    }

    /// One square as the viewer knows it, e.g. `view.square("a1")`.
    #[wasm_bindgen(unchecked_return_type = "SquareInfo")]
    pub fn square(&self, square: &str) -> Result<JsValue, JsError> {
        let sq = convert::square(self.0.rules(), square)?;
        Ok(js::to_js(&js::square(self.0.rules(), sq, self.0.square(sq))))
    }

    /// Every square, a1 first, row by row.
    #[wasm_bindgen(unchecked_return_type = "SquareInfo[]")]
    pub fn squares(&self) -> JsValue {
        js::to_js(&self.squares_value())
    }

    /// Every move so far, as both players saw it.
    #[wasm_bindgen(unchecked_return_type = "PublicMove[]")]
    pub fn history(&self) -> JsValue {
        js::to_js(&serde_json::Value::Array(self.0.history().iter().map(js::public_move).collect()))
    }

    /// The whole view as plain data (what `JSON.stringify` and `postMessage` see).
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "ViewData")]
    pub fn to_json(&self) -> JsValue {
        let v = &self.0;
        let value = serde_json::json!({
            "player": v.player().to_string(),
            "toMove": v.to_move().to_string(),
            "ply": v.ply(),
            "outcome": js::outcome(v.outcome()),
            "rules": v.rules().to_string(),
            "width": v.rules().width(),
            "height": v.rules().height(),
            "squares": self.squares_value(),
            "legalMoves": v.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "captured": { "red": captured_names(v, stratego_core::Player::Red), "blue": captured_names(v, stratego_core::Player::Blue) },
            "history": v.history().iter().map(js::public_move).collect::<Vec<_>>(),
            "rescuePending": v.rescue_pending(),
        });
        js::to_js(&value)
    }

    /// The view as text (the core's Display): hidden enemy pieces masked.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.0.to_string()
    }
}

impl PlayerView {
    fn squares_value(&self) -> serde_json::Value {
        let rules = self.0.rules();
        serde_json::Value::Array(self.0.squares().map(|(sq, s)| js::square(rules, sq, s)).collect())
    }
}
