//! Python module over `stratego-core` (filled in by a later issue).
