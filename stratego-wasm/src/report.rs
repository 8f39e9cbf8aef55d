//! `MoveReport` for JS: what one move did, read through getters so a loop that ignores it
//! pays only for the handle.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

use crate::js;
use crate::Player;

/// What one move did, as the full game knows it (the mover's rank included).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub struct MoveReport(pub(crate) stratego_core::MoveReport);

#[wasm_bindgen]
impl MoveReport {
    /// The move's text, e.g. `"a4-a5"`.
    #[wasm_bindgen(getter, js_name = move)]
    pub fn mv(&self) -> String {
        self.0.mv.to_string()
    }

    /// Who played it.
    #[wasm_bindgen(getter)]
    pub fn player(&self) -> Player {
        self.0.player.into()
    }

    /// The moving piece's rank (public only when there was a battle).
    #[wasm_bindgen(getter, unchecked_return_type = "RankName")]
    pub fn rank(&self) -> String {
        self.0.rank.to_string()
    }

    /// The battle, when the move was an attack: both ranks and who survived.
    #[wasm_bindgen(getter, unchecked_return_type = "BattleReport | null")]
    pub fn battle(&self) -> JsValue {
        js::to_js(&js::battle(self.0.battle))
    }

    /// The outcome, when the move ended the game.
    #[wasm_bindgen(getter, unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        js::to_js(&js::outcome(self.0.outcome))
    }

    /// The report as plain data.
    #[wasm_bindgen(js_name = toJSON, unchecked_return_type = "MoveReportData")]
    pub fn to_json(&self) -> JsValue {
        js::to_js(&js::report(&self.0))
    }
}
