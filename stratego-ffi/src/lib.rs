//! The C ABI of the Stratego engine: `libstratego` (`cdylib` and `staticlib`) and the header
//! `include/stratego.h`, generated from this crate by cbindgen.
//!
//! Every exported function follows the same conventions, which the header states once at the
//! top and each function's documentation repeats where it matters:
//!
//! - Opaque handles (`stratego_rules`, `stratego_setup`, `stratego_game`, `stratego_view`) are
//!   created by a function that writes them through an `_out` pointer and freed by their
//!   `_free` function; `_free(NULL)` does nothing.
//! - Fallible functions return a [`stratego_result`]. Outputs are written only on success
//!   (the one exception: `BUFFER_TOO_SMALL` writes the needed length to `len_out`), and a
//!   failing call leaves every handle as it was.
//! - Every entry point catches panics, so no unwinding crosses the boundary.
//! - Enumerations arrive as plain `uint32_t` typedefs and are checked; an unknown value is
//!   `STRATEGO_RESULT_INVALID_ARGUMENT`, never undefined behaviour.
//! - Strings are UTF-8 and NUL-terminated; output strings are copied into caller buffers.
//!
//! The crate decides no rule: each function translates C values into core values
//! (in one private module, `convert`), calls `stratego-core`, and translates back.
//!
//! ```
//! use stratego::*;
//! let mut rules = std::ptr::null_mut();
//! assert_eq!(unsafe { stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules) }, stratego_result::STRATEGO_RESULT_OK);
//! assert_eq!(unsafe { stratego_rules_num_squares(rules) }, 100);
//! unsafe { stratego_rules_free(rules) };
//! ```

#![deny(missing_docs)]
#![allow(non_camel_case_types, clippy::missing_safety_doc)]

// cbindgen emits functions in the order it reads these modules, so each sits in its own group
// (rustfmt sorts within a group): results first, then one file per handle.
mod result;

mod last_error;

mod version;

mod sizes;

mod enums;

mod values;

mod rules;

mod setup;

mod game;

mod position;

mod view;

mod view_record;

mod rescue;

mod agent;

mod record;

mod gravon;

mod buffers;
mod convert;
mod panic;
mod pointers;
mod text;

pub use agent::*;
pub use enums::*;
pub use game::*;
pub use gravon::*;
pub use last_error::*;
pub use position::*;
pub use record::*;
pub use rescue::*;
pub use result::*;
pub use rules::*;
pub use setup::*;
pub use sizes::*;
pub use values::*;
pub use version::*;
pub use view::*;
pub use view_record::*;
