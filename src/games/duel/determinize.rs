//! Determinization (DESIGN §10).
