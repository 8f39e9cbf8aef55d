//! C ABI over `stratego-core` (filled in by a later issue).
