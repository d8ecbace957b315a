//! The end-to-end suites, one module per file, in one test binary: a
//! binary per file linked the whole server seventeen times, which cost CI
//! over a minute. cargo-nextest still runs every test in its own process.

mod at_most_once;
mod bots;
mod cluster;
mod commit_lost;
mod durability;
mod hostile;
mod hosting;
mod kill;
mod leak;
mod notices;
mod replay;
mod resume;
mod rooms;
mod shutdown;
mod strangers;
mod tables;
mod take_back;
mod timers;

/// Each registered game played to the end over real sockets, one file per
/// game (`games/<module>.rs`), listed by the registration line: a
/// registered game without its file does not compile.
mod games {
    macro_rules! game_suites {
        ($($kind:ident $module:ident $info:tt),* $(,)?) => {
            $(mod $module;)*
        };
    }

    parlor_protocol::playable_games!(game_suites);
}
