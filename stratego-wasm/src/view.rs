//! `PlayerView` for JS: what one player may know, never a hidden enemy rank.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

use crate::convert;
use crate::js;
use crate::{Move, Player};

/// What one player may know: own pieces, enemy pieces with only their public facts.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct PlayerView(pub(crate) stratego_core::PlayerView);

impl PlayerView {
    fn captured_names(&self, player: stratego_core::Player) -> Vec<String> {
        self.0.captured(player).iter().map(|r| r.to_string()).collect()
    }
}

#[wasm_bindgen]
impl PlayerView {
    /// The viewer.
    pub fn player(&self) -> Player {
        self.0.player().into()
    }

    /// The player to move.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> Player {
        self.0.to_move().into()
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.0.ply()
    }

    /// How the game ended, or `null` while it is on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        js::to_js(&js::outcome(self.0.outcome()))
    }

    /// The viewer's legal action ids, sorted, in the viewer's frame (empty when it is not the
    /// viewer's turn).
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<u32> {
        self.0.legal_actions().into_iter().map(|id| id as u32).collect()
    }

    /// The viewer's legal moves.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.0.legal_moves().into_iter().map(Move).collect()
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

    /// The ranks `player` has lost (public).
    #[wasm_bindgen(unchecked_return_type = "RankName[]")]
    pub fn captured(&self, player: Player) -> Vec<String> {
        self.captured_names(player.into())
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
            "captured": { "red": self.captured_names(stratego_core::Player::Red), "blue": self.captured_names(stratego_core::Player::Blue) },
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
