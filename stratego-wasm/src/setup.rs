//! `Setup` for JS: random, human-like, from text, or from a list of placements, all checked by
//! the core.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

use crate::convert::{self, error};
use crate::js;
use crate::{Player, Rules};

/// One player's placement.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Setup(pub(crate) stratego_core::Setup);

#[wasm_bindgen]
impl Setup {
    /// A setup drawn uniformly among the valid ones, as a pure function of `seed`: a
    /// non-negative integer number (up to `Number.MAX_SAFE_INTEGER`) or a BigInt up to 2^64-1.
    pub fn random(
        rules: &Rules,
        player: Player,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Setup, JsError> {
        Ok(Setup(stratego_core::Setup::random(&rules.0, player.into(), convert::seed(seed)?)))
    }

    /// A setup as a human might make it (the core's `Setup::human_like`): drawn from the
    /// frequencies of human setups for the 40-piece editions and Barrage, from a rule-based
    /// sampler (the Flag on the back row, Bombs beside it) for the others; a pure function of
    /// `seed`, as in `Setup.random`.
    #[wasm_bindgen(js_name = humanLike)]
    pub fn human_like(
        rules: &Rules,
        player: Player,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Setup, JsError> {
        Ok(Setup(stratego_core::Setup::human_like(&rules.0, player.into(), convert::seed(seed)?)))
    }

    /// Parses the setup text (one letter per zone square), checked against `rules`.
    pub fn parse(rules: &Rules, player: Player, text: &str) -> Result<Setup, JsError> {
        let setup = stratego_core::Setup::parse(&rules.0, player.into(), text).map_err(error)?;
        setup.validate(&rules.0).map_err(error)?;
        Ok(Setup(setup))
    }

    /// A setup from placements `[{square: "a1", rank: "Flag"}, ...]`, checked against
    /// `rules`: every problem is in the error's message.
    #[wasm_bindgen(js_name = fromPieces)]
    pub fn from_pieces(
        rules: &Rules,
        player: Player,
        #[wasm_bindgen(unchecked_param_type = "Placement[]")] pieces: JsValue,
    ) -> Result<Setup, JsError> {
        let text = js_sys::JSON::stringify(&pieces)
            .ok()
            .and_then(|s| s.as_string())
            .ok_or_else(|| JsError::new("pieces: expected an array of {square, rank}"))?;
        let list: Vec<serde_json::Value> =
            serde_json::from_str(&text).map_err(|_| JsError::new("pieces: expected an array of {square, rank}"))?;
        let mut placed = Vec::with_capacity(list.len());
        for item in &list {
            let (Some(sq), Some(rank)) =
                (item.get("square").and_then(|v| v.as_str()), item.get("rank").and_then(|v| v.as_str()))
            else {
                return Err(JsError::new("pieces: each entry needs a square and a rank, as strings"));
            };
            placed.push((convert::square(&rules.0, sq)?, convert::rank(rank)?));
        }
        let setup = stratego_core::Setup::new(player.into(), placed);
        setup.validate(&rules.0).map_err(error)?;
        Ok(Setup(setup))
    }

    /// The squares of `player`'s setup zone, in the order of the setup text.
    #[wasm_bindgen(js_name = zoneSquares, unchecked_return_type = "string[]")]
    pub fn zone_squares(rules: &Rules, player: Player) -> Vec<String> {
        stratego_core::Setup::zone_squares(&rules.0, player.into()).iter().map(|s| s.to_string()).collect()
    }

    /// Whose setup it is.
    #[wasm_bindgen(getter)]
    pub fn player(&self) -> Player {
        self.0.player().into()
    }

    /// The placements `[{square, rank}, ...]`.
    #[wasm_bindgen(unchecked_return_type = "Placement[]")]
    pub fn pieces(&self) -> JsValue {
        let list: Vec<_> = self
            .0
            .pieces()
            .iter()
            .map(|(sq, r)| serde_json::json!({ "square": sq.to_string(), "rank": r.to_string() }))
            .collect();
        js::to_js(&serde_json::Value::Array(list))
    }

    /// The setup text, which `Setup.parse` reads back.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, rules: &Rules) -> String {
        self.0.to_text(&rules.0)
    }

    /// Throws the core's `SetupError` message (every problem) when the setup breaks `rules`.
    pub fn validate(&self, rules: &Rules) -> Result<(), JsError> {
        self.0.validate(&rules.0).map_err(error)
    }
}
