//! Players.
