//! Scenario tests.
