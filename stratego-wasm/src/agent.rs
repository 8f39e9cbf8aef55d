//! `Agent` for JS: the core's agents by name (`random`, `heuristic`, `sampling:N`, ...).

use core::str::FromStr;

use stratego_core::agents::AgentKind;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsError, JsValue};

use crate::convert::{self, error};
use crate::{Move, Player, PlayerView, Rules, Setup};

/// Names offered in menus: each is listed only when the core's `AgentKind` reads it.
const MENU: [&str; 4] = ["random", "heuristic", "sampling", "search"];

/// A seeded agent that picks a move from a view only.
#[wasm_bindgen]
pub struct Agent {
    kind: AgentKind,
    inner: Box<dyn stratego_core::agents::Agent>,
}

#[wasm_bindgen]
impl Agent {
    /// The agent the core knows as `name` (e.g. `"random"`, `"sampling:64"`), drawing from
    /// `seed` (a number or a BigInt).
    #[wasm_bindgen(constructor)]
    pub fn new(
        name: &str,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    ) -> Result<Agent, JsError> {
        let kind = AgentKind::from_str(name).map_err(error)?;
        Ok(Agent { kind, inner: kind.make(convert::seed(seed)?) })
    }

    /// The agent names the core knows, for a menu.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn names() -> Vec<String> {
        MENU.iter().filter(|n| AgentKind::from_str(n).is_ok()).map(|n| n.to_string()).collect()
    }

    /// The agent's name, as `new Agent` reads it.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.kind.to_string()
    }

    /// The setup this agent wants for `player` under `rules` (`heuristic`, `sampling` and
    /// `search` set up human-like, the Flag at the back with Bombs beside it), or `undefined`
    /// when it takes the one it is given (`random`). It draws from the agent's seed: ask once,
    /// before the game's first `choose`.
    pub fn setup(&mut self, rules: &Rules, player: Player) -> Option<Setup> {
        self.inner.setup(&rules.0, player.into()).map(Setup)
    }

    /// The move to play in `view`, or `undefined` when the viewer cannot move.
    pub fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        self.inner.choose(&view.0).map(Move)
    }
}
