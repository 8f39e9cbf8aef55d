//! The panic boundary every exported function runs inside: a panic becomes
//! `STRATEGO_RESULT_PANIC` (or a function's documented default) instead of unwinding into C,
//! and failures leave their message for `stratego_last_error_message`.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::last_error;
use crate::result::{stratego_result, Failure, Outcome};

fn panic_text(payload: Box<dyn Any + Send>) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown payload".into());
    format!("panic in the engine: {what}")
}

/// Run a fallible body: `OK` on success; on failure the failure's code, with its message
/// recorded for the thread.
pub(crate) fn boundary(body: impl FnOnce() -> Outcome) -> stratego_result {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => stratego_result::STRATEGO_RESULT_OK,
        Ok(Err(failure)) => last_error::record(failure),
        Err(payload) => last_error::record(Failure::new(stratego_result::STRATEGO_RESULT_PANIC, panic_text(payload))),
    }
}

/// Run a body that returns a value: the value, or `default` on failure or panic (recorded for
/// the thread like any failure).
pub(crate) fn value_or<T>(default: T, body: impl FnOnce() -> Outcome<T>) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => value,
        Ok(Err(failure)) => {
            last_error::record(failure);
            default
        }
        Err(payload) => {
            last_error::record(Failure::new(stratego_result::STRATEGO_RESULT_PANIC, panic_text(payload)));
            default
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::stratego_result::*;

    #[test]
    fn a_panic_becomes_a_code_and_a_message() {
        let code = boundary(|| panic!("boom"));
        assert_eq!(code, STRATEGO_RESULT_PANIC);
        assert_eq!(last_error::code(), STRATEGO_RESULT_PANIC);
        assert!(last_error::message().contains("boom"), "{}", last_error::message());
        assert_eq!(value_or(7u32, || panic!("again")), 7);
        assert!(last_error::message().contains("again"));
    }

    #[test]
    fn a_failure_is_recorded_and_success_is_ok() {
        assert_eq!(boundary(|| Err(Failure::invalid("seven is too many"))), STRATEGO_RESULT_INVALID_ARGUMENT);
        assert_eq!(last_error::message(), "seven is too many");
        assert_eq!(boundary(|| Ok(())), STRATEGO_RESULT_OK);
        assert_eq!(last_error::message(), "seven is too many", "success leaves the last error alone");
    }
}
