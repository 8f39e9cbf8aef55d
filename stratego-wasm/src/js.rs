//! Plain JS objects built from JSON text, and the shapes the `.d.ts` gives them.

use serde_json::{json, Value};
use stratego_core::{EnemyPiece, MoveReport, Outcome, Piece, PublicMove, Rules, SquareView};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

#[wasm_bindgen(typescript_custom_section)]
const TS_SHAPES: &'static str = r#"
/** A rank's English name, as in Rust's `Rank`. */
export type RankName = "Flag" | "Spy" | "Scout" | "Miner" | "Sergeant" | "Lieutenant" | "Captain" | "Major" | "Colonel" | "General" | "Marshal" | "Bomb";
/** A player's name, as Rust's `Player` Display writes it. */
export type PlayerName = "red" | "blue";
/** Why a game ended, as Rust's `Termination` variants. */
export type TerminationName = "FlagCaptured" | "NoLegalMove" | "BothStuck" | "PlyCap" | "NoBattleCap" | "Resignation";
/** How a game ended: the winner (null for a draw) and why. */
export interface Outcome { winner: PlayerName | null; termination: TerminationName; }
/** What a battle did: both ranks and who survived. */
export interface BattleReport { attacker: RankName; defender: RankName; result: "AttackerWins" | "DefenderWins" | "BothDie"; }
/** A move report as plain data (`report.toJSON()`, `game.history()`). */
export interface MoveReportData { move: string; player: PlayerName; rank: RankName; battle: BattleReport | null; outcome: Outcome | null; }
/** A move as both players saw it: the mover's rank only in a battle. */
export interface PublicMove { move: string; player: PlayerName; battle: BattleReport | null; }
/** A square as a viewer knows it. `rank` of an enemy piece is null unless revealed or in sight. */
export type SquareInfo =
  | { square: string; kind: "empty" | "lake" }
  | { square: string; kind: "own"; rank: RankName; label: string; revealed: boolean; moved: boolean }
  | { square: string; kind: "enemy"; rank: RankName | null; label: string | null; revealed: boolean; moved: boolean; slid: boolean };
/** A piece of a setup. */
export interface Placement { square: string; rank: RankName; }
/** What `undo()` took back. */
export type Undone = { undone: "move"; move: string } | { undone: "resignation" } | { undone: "nothing" };
/** A whole view as plain data (`view.toJSON()`): only what the viewer may know. */
export interface ViewData {
  player: PlayerName; toMove: PlayerName; ply: number; outcome: Outcome | null;
  rules: string; width: number; height: number;
  squares: SquareInfo[]; legalMoves: string[];
  captured: { red: RankName[]; blue: RankName[] };
  history: PublicMove[]; rescuePending: boolean;
}
"#;

/// `value` as a JS object (JSON is the one shape both sides read).
pub fn to_js(value: &Value) -> JsValue {
    js_sys::JSON::parse(&value.to_string()).unwrap_or(JsValue::NULL)
}

pub fn outcome(o: Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|p| p.to_string()),
            "termination": format!("{:?}", o.termination),
        }),
    }
}

pub fn battle(b: Option<stratego_core::BattleReport>) -> Value {
    match b {
        None => Value::Null,
        Some(b) => json!({
            "attacker": b.attacker.to_string(),
            "defender": b.defender.to_string(),
            "result": format!("{:?}", b.result),
        }),
    }
}

pub fn report(r: &MoveReport) -> Value {
    json!({
        "move": r.mv.to_string(),
        "player": r.player.to_string(),
        "rank": r.rank.to_string(),
        "battle": battle(r.battle),
        "outcome": outcome(r.outcome),
    })
}

pub fn public_move(m: &PublicMove) -> Value {
    json!({ "move": m.mv.to_string(), "player": m.player.to_string(), "battle": battle(m.battle) })
}

pub fn square(rules: &Rules, sq: stratego_core::Square, view: SquareView) -> Value {
    let label = |r: stratego_core::Rank| rules.numbering().label(r);
    match view {
        SquareView::Empty => json!({ "square": sq.to_string(), "kind": "empty" }),
        SquareView::Lake => json!({ "square": sq.to_string(), "kind": "lake" }),
        SquareView::Own(Piece { rank, revealed, moved, .. }) => json!({
            "square": sq.to_string(), "kind": "own", "rank": rank.to_string(), "label": label(rank),
            "revealed": revealed, "moved": moved,
        }),
        SquareView::Enemy(EnemyPiece { rank, revealed, moved, slid }) => json!({
            "square": sq.to_string(), "kind": "enemy",
            "rank": rank.map(|r| r.to_string()), "label": rank.map(label),
            "revealed": revealed, "moved": moved, "slid": slid,
        }),
    }
}
