//! Values JS hands in (seeds, squares, ranks) read through the core's parsers into typed errors.

use core::str::FromStr;

use stratego_core::{Rank, Rules, Square};
use wasm_bindgen::{JsError, JsValue};

/// The largest integer a JS number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Any error of the engine, as a JS `Error` carrying its message.
pub fn error(e: impl core::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A seed: a non-negative integer number up to `Number.MAX_SAFE_INTEGER`, or a BigInt in
/// `0 ..= 2^64 - 1`.
pub fn seed(value: JsValue) -> Result<u64, JsError> {
    wide_u64("seed", value)
}

/// A 64-bit entropy (as Rust's `random_move` takes it) from a number or a BigInt.
pub fn wide_entropy(value: JsValue) -> Result<u64, JsError> {
    wide_u64("entropy", value)
}

/// A u64 named `what` in error messages, from a safe integer number or a BigInt.
fn wide_u64(what: &str, value: JsValue) -> Result<u64, JsError> {
    if let Some(n) = value.as_f64() {
        return entropy(n).map_err(|_| {
            JsError::new(&format!(
                "{what}: {n} is not an integer in 0..=Number.MAX_SAFE_INTEGER (pass a BigInt for larger values)"
            ))
        });
    }
    if value.is_bigint() {
        return u64::try_from(value).map_err(|_| JsError::new(&format!("{what}: a BigInt must be in 0..=2^64-1")));
    }
    Err(JsError::new(&format!("{what}: expected a number or a BigInt")))
}

/// A per-ply entropy: an integer number in `0..=Number.MAX_SAFE_INTEGER` (no BigInt, so the
/// call passes a plain float).
pub fn entropy(n: f64) -> Result<u64, JsError> {
    if n.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&n) {
        return Ok(n as u64);
    }
    Err(JsError::new(&format!("entropy: {n} is not an integer in 0..=Number.MAX_SAFE_INTEGER")))
}

/// A square on `rules`' board, from text such as `"a1"`.
pub fn square(rules: &Rules, text: &str) -> Result<Square, JsError> {
    let sq = Square::from_str(text).map_err(error)?;
    if !rules.contains(sq) {
        return Err(JsError::new(&format!("square {sq} is off the {}x{} board", rules.width(), rules.height())));
    }
    Ok(sq)
}

/// A rank from its English name (`"Marshal"`, any case).
pub fn rank(text: &str) -> Result<Rank, JsError> {
    Rank::from_str(text).map_err(error)
}
