//! The end-to-end suites, one module per file, in one test binary: a
//! binary per file linked the whole server seventeen times, which cost CI
//! over a minute. cargo-nextest still runs every test in its own process.

mod at_most_once;
mod bots;
mod doozy_e2e;
mod durability;
mod hostile;
mod hosting;
mod kill;
mod leak;
mod mtm_e2e;
mod replay;
mod resume;
mod rooms;
mod shutdown;
mod strangers;
mod timers;
mod zingamino_e2e;
mod zoomies_e2e;
mod zop_zoo_e2e;
