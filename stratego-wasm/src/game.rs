//! `Game` and `Record` for JS: play, undo, outcome, position and records (JSON, Gravon XML).

use std::cell::RefCell;

use js_sys::Uint32Array;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsError, JsValue};

use crate::convert::{self, error};
use crate::js;
use crate::{Move, MoveReport, Player, PlayerView, Rules, Setup};

thread_local! {
    /// The buffer `legalActionsInto` fills before one copy into the caller's array, kept so a
    /// per-ply loop allocates nothing.
    static SCRATCH: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// A game: rules, position, history. Every method that changes it is checked: on an error it
/// throws and the game is unchanged.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game(pub(crate) stratego_core::Game);

crate::position::position_methods!(Game);

/// A game record: rules, start, moves, resignation. Its JSON is the one Rust, C and Python
/// read and write.
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Record(pub(crate) stratego_core::Record);

#[wasm_bindgen]
impl Game {
    /// A new game from two setups, checked against `rules`.
    #[wasm_bindgen(constructor)]
    pub fn new(rules: &Rules, red: &Setup, blue: &Setup) -> Result<Game, JsError> {
        stratego_core::Game::new(rules.0.clone(), red.0.clone(), blue.0.clone()).map(Game).map_err(error)
    }

    /// A game from the core's position text (as `position()` writes it).
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(rules: &Rules, text: &str) -> Result<Game, JsError> {
        stratego_core::Game::from_position(rules.0.clone(), text).map(Game).map_err(error)
    }

    /// The game a record replays to.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &Record) -> Result<Game, JsError> {
        stratego_core::Game::from_record(&record.0).map(Game).map_err(error)
    }

    /// A Gravon StraDoS2 XML game, replayed under the rules Gravon played it with (`year`,
    /// when known, picks the two-squares limit of its time).
    #[wasm_bindgen(js_name = fromGravon)]
    pub fn from_gravon(xml: &str, year: Option<u32>) -> Result<Game, JsError> {
        let record = stratego_core::gravon::parse_xml(xml).map_err(error)?;
        stratego_core::gravon::replay(&record, year).map(Game).map_err(error)
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        Rules(self.0.rules().clone())
    }

    /// Whether the game has ended.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The position text, the same as Rust's `Game::position()`.
    pub fn position(&self) -> String {
        self.0.position()
    }

    /// Whether `move` is legal now.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.0.is_legal(mv.0)
    }

    /// Plays `move` after checking it; throws why it is illegal, leaving the game unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<MoveReport, JsError> {
        self.0.play(mv.0).map(MoveReport).map_err(error)
    }

    /// The legal action ids of the player to move, sorted, into the front of the `Uint32Array`
    /// `out`; returns how many there are, and writes nothing when that is more than `out` holds
    /// (as Rust's `legal_actions_into_slice`). Allocates nothing a loop must free.
    #[wasm_bindgen(js_name = legalActionsInto)]
    pub fn legal_actions_into(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array")] out: &JsValue,
    ) -> Result<u32, JsError> {
        let out = out
            .dyn_ref::<Uint32Array>()
            .ok_or_else(|| JsError::new("legalActionsInto: `out` must be a Uint32Array"))?;
        // A position has at most one legal move per action id: room beyond that is never used.
        let room = (out.length() as usize).min(self.0.rules().num_actions());
        SCRATCH.with_borrow_mut(|ids| {
            if ids.len() < room {
                ids.resize(room, 0);
            }
            let n = self.0.board().legal_actions_into_slice(&mut ids[..room]);
            if n <= room {
                // SAFETY: the view lives only for this copy, during which nothing allocates
                // (an allocation could move the wasm memory the view reads).
                out.set(&unsafe { Uint32Array::view(&ids[..n]) }.into(), 0);
            }
            Ok(n as u32)
        })
    }

    /// Plays the move of action `id` (in the mover's frame) after checking it; throws why it is
    /// out of range or illegal, leaving the game unchanged. Returns nothing, as in C and Python:
    /// `play(move)` or `history()` give the report.
    #[wasm_bindgen(js_name = playAction)]
    pub fn play_action(&mut self, id: f64) -> Result<(), JsError> {
        let num_actions = self.0.rules().num_actions();
        if id.fract() != 0.0 || !(0.0..num_actions as f64).contains(&id) {
            return Err(JsError::new(&format!("action id {id} is out of range 0..{num_actions}")));
        }
        self.0.play_action(id as usize).map(|_| ()).map_err(error)
    }

    /// The action id (in the mover's frame) of the move `randomMove` draws from the same
    /// `entropy`, or `undefined` when there is none. `entropy` is an integer number in
    /// `0..=Number.MAX_SAFE_INTEGER`, never a BigInt, so a per-ply loop crosses no object.
    #[wasm_bindgen(js_name = randomAction)]
    pub fn random_action(&self, entropy: f64) -> Result<Option<u32>, JsError> {
        let entropy = convert::entropy(entropy)?;
        let Some(mv) = self.0.random_move(entropy) else { return Ok(None) };
        let id = self.0.rules().action_id(self.0.to_move(), mv);
        Ok(id.map(|id| id as u32))
    }

    /// A uniformly random legal move drawn from `entropy` (a number or a BigInt, read as
    /// Rust's `random_move` reads its 64-bit entropy), or `undefined` when there is none.
    #[wasm_bindgen(js_name = randomMove)]
    pub fn random_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] entropy: JsValue,
    ) -> Result<Option<Move>, JsError> {
        Ok(self.0.random_move(convert::wide_entropy(entropy)?).map(Move))
    }

    /// Plays random moves from `seed` until the game ends or `maxPlies` plies; the outcome.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn playout(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
        max_plies: u32,
    ) -> Result<JsValue, JsError> {
        let seed = convert::seed(seed)?;
        Ok(js::to_js(&js::outcome(self.0.playout(seed, max_plies))))
    }

    /// Takes back the last move (or a resignation).
    #[wasm_bindgen(unchecked_return_type = "Undone")]
    pub fn undo(&mut self) -> JsValue {
        let v = match self.0.undo() {
            stratego_core::Undone::Move(m) => serde_json::json!({ "undone": "move", "move": m.to_string() }),
            stratego_core::Undone::Resignation => serde_json::json!({ "undone": "resignation" }),
            stratego_core::Undone::Nothing => serde_json::json!({ "undone": "nothing" }),
        };
        js::to_js(&v)
    }

    /// `player` resigns: the opponent wins. A finished game is unchanged.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(&mut self, player: Player) -> JsValue {
        js::to_js(&js::outcome(Some(self.0.resign(player.into()))))
    }

    /// What `player` may know.
    pub fn view(&self, player: Player) -> PlayerView {
        PlayerView(self.0.view(player.into()))
    }

    /// Every move so far, as the full game knows it.
    #[wasm_bindgen(unchecked_return_type = "MoveReportData[]")]
    pub fn history(&self) -> JsValue {
        js::to_js(&serde_json::Value::Array(self.0.history().iter().map(js::report).collect()))
    }

    /// The record: rules, start, moves, resignation.
    pub fn record(&self) -> Record {
        Record(self.0.record())
    }

    /// The game as Gravon StraDoS2 XML. Throws for games Gravon has no form for (only ISF,
    /// Barrage and Duel rules, from two setups).
    #[wasm_bindgen(js_name = toGravon)]
    pub fn to_gravon(&self, red_name: Option<String>, blue_name: Option<String>) -> Result<String, JsError> {
        let names = [red_name.as_deref().unwrap_or(""), blue_name.as_deref().unwrap_or("")];
        let record = stratego_core::gravon::from_game(&self.0, names).ok_or_else(|| {
            JsError::new(&format!(
                "Gravon has no such game: only ISF (classic, classicfree), Barrage and Duel rules on the 10x10 \
                 board, for a game that began from two setups (these rules: {})",
                self.0.rules()
            ))
        })?;
        Ok(stratego_core::gravon::to_xml(&record))
    }

    /// A copy that plays on independently.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> Game {
        self.clone()
    }

    /// The board as text (the core's Display), every rank shown.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.0.to_string()
    }
}

#[wasm_bindgen]
impl Record {
    /// Reads a record's JSON (size-checked first); throws the parse error.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: &str) -> Result<Record, JsError> {
        stratego_core::limits::check_record_json(text).map_err(error)?;
        serde_json::from_str(text).map(Record).map_err(|e| JsError::new(&format!("record: {e}")))
    }

    /// The record's JSON.
    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_default()
    }

    /// The rules text.
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.0.rules.clone()
    }

    /// The moves, as text.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn moves(&self) -> Vec<String> {
        self.0.moves.iter().map(|m| m.to_string()).collect()
    }

    /// Who resigned, if the game ended so.
    #[wasm_bindgen(getter)]
    pub fn resigned(&self) -> Option<Player> {
        self.0.resigned.map(Player::from)
    }
}
