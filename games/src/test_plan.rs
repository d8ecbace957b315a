//! What the generic suites need to know of a game beyond its rules: how
//! many matches make a fair sample of it (its matches run from a few dozen
//! steps to a few thousand) and what it hides from a seat. Every game
//! implements [`TestPlan`] in its own folder, so a registered game without
//! one does not compile, and every suite driven by the registration line
//! (sessions, bots, the end-to-end suite) runs it with these sizes.

use crate::bot::Bot;

/// A game's sizes and traits for the generic suites.
pub trait TestPlan: Bot {
    /// Seeds per player count in the session suite (random playouts
    /// through a timeline), at every player count.
    const SESSION_SEEDS: u64 = 40;
    /// Does a seat's view hide something another seat or the bag knows
    /// (hands, facedown piles)? Then the twin suites must see twins differ.
    const HIDES_FROM_SEATS: bool;
    /// Has the game steps a seat may take back (see
    /// [`crate::game::takes_back`])? Then the take-back suites must have
    /// taken some back; else they must never be offered one.
    const TAKES_BACK: bool;
    /// Does the game open simultaneous windows (several seats owing an
    /// answer at once)? Then the session suite must have checked some.
    const SIMULTANEOUS: bool = false;
    /// Seeds per seat count for the bots-see-nothing check (two and three
    /// seats; a game of long matches needs fewer).
    const BOT_TWIN_SEEDS: u64 = 6;
}
