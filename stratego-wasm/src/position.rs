//! The reads a game and a player's view share, written once against the core's `Position`
//! trait: `position_methods!` gives each class a second `#[wasm_bindgen] impl` block with them,
//! as the Python crate's `position_pymethods!` does.

/// `#[wasm_bindgen] impl $t { <the shared reads> }` for a class wrapping a core `Position` in
/// its field `.0`.
macro_rules! position_methods {
    ($t:ty) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $t {
            /// The player to move.
            #[wasm_bindgen(js_name = toMove)]
            pub fn to_move(&self) -> crate::Player {
                stratego_core::Position::to_move(&self.0).into()
            }

            /// Plies played (from the start position's ply). A rescue decision ends the turn of
            /// the move before it and adds no ply, though the history holds it.
            pub fn ply(&self) -> u32 {
                stratego_core::Position::ply(&self.0)
            }

            /// How the game ended, or `null` while it is on.
            #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
            pub fn outcome(&self) -> wasm_bindgen::JsValue {
                crate::js::to_js(&crate::js::outcome(stratego_core::Position::outcome(&self.0)))
            }

            /// The legal action ids of the player to move, sorted, in the mover's frame (for a
            /// view, empty when it is not the viewer's turn).
            #[wasm_bindgen(js_name = legalActions)]
            pub fn legal_actions(&self) -> Vec<u32> {
                stratego_core::Position::legal_actions(&self.0).into_iter().map(|id| id as u32).collect()
            }

            /// The legal moves of the player to move (for a view, none when it is not the
            /// viewer's turn).
            #[wasm_bindgen(js_name = legalMoves)]
            pub fn legal_moves(&self) -> Vec<crate::Move> {
                stratego_core::Position::legal_moves(&self.0).into_iter().map(crate::Move).collect()
            }

            /// The ranks `player` has lost (public).
            #[wasm_bindgen(unchecked_return_type = "RankName[]")]
            pub fn captured(&self, player: crate::Player) -> Vec<String> {
                crate::position::captured_names(&self.0, player.into())
            }
        }
    };
}

pub(crate) use position_methods;

/// The names of the ranks `player` has lost, weakest first.
pub(crate) fn captured_names(position: &impl stratego_core::Position, player: stratego_core::Player) -> Vec<String> {
    position.captured(player).iter().map(|r| r.to_string()).collect()
}
