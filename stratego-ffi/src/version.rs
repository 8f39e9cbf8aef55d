//! Versions: of this library (also the header's `STRATEGO_VERSION_*` macros, written from
//! `Cargo.toml` at build time) and of the RL encodings.

use std::ffi::c_char;

/// The version of the RL encodings (action ids, observation planes, byte board); equal to
/// `stratego_core::ENCODING_VERSION`.
pub const STRATEGO_ENCODING_VERSION: u32 = 2;

const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library's version, `"MAJOR.MINOR.PATCH"`, as a static NUL-terminated string (not to
/// be freed). It matches the header's `STRATEGO_VERSION_*` macros when header and library
/// come from the same build.
///
/// ```
/// use std::ffi::CStr;
/// let v = unsafe { CStr::from_ptr(stratego::stratego_version()) };
/// assert_eq!(v.to_str(), Ok(env!("CARGO_PKG_VERSION")));
/// ```
#[no_mangle]
pub extern "C" fn stratego_version() -> *const c_char {
    crate::panic::value_or(VERSION, || Ok(VERSION)).as_ptr().cast()
}

/// The version of the RL encodings the library writes (`STRATEGO_ENCODING_VERSION` when the
/// header matches the library).
///
/// ```
/// assert_eq!(stratego::stratego_encoding_version(), stratego::STRATEGO_ENCODING_VERSION);
/// ```
#[no_mangle]
pub extern "C" fn stratego_encoding_version() -> u32 {
    crate::panic::value_or(0, || Ok(stratego_core::ENCODING_VERSION))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_header_constant_follows_the_core() {
        assert_eq!(super::STRATEGO_ENCODING_VERSION, stratego_core::ENCODING_VERSION);
    }
}
