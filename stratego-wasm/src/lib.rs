//! The engine for JavaScript: wasm-bindgen classes over `stratego-core`, named as in Rust.
//!
//! Thin like the C and Python crates: every rule is the core's. Inputs go through the core's
//! checked APIs (parse, validate, check), so bad input from JS becomes a thrown `Error` with the
//! engine's message and the game is left as it was. A panic would abort the module
//! (`catch_unwind` does not exist on wasm32-unknown-unknown), so no call here reaches one; the
//! hook installed at start-up still reports a panic's message on the console rather than a bare
//! `unreachable`.

#![deny(missing_docs)]

mod agent;
mod convert;
mod game;
mod js;
mod moves;
mod player;
mod position;
mod report;
mod rules;
mod setup;
mod view;

pub use agent::Agent;
pub use game::{Game, Record};
pub use moves::Move;
pub use player::Player;
pub use report::MoveReport;
pub use rules::Rules;
pub use setup::Setup;
pub use view::PlayerView;

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Runs once when the module loads: a panic, should one ever happen, names its cause.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("stratego-wasm panicked: {info}"))));
}

/// The names of the editions, for `Rules.edition(name)`.
#[wasm_bindgen(js_name = editions, unchecked_return_type = "string[]")]
pub fn editions() -> Vec<String> {
    stratego_core::Edition::ALL.iter().map(|e| e.to_string()).collect()
}
