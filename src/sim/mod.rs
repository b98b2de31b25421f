//! Game rules.
