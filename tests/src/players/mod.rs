//! One player per playable game: each decides a legal, sensible action from
//! its own view only (like a browser), and says what the tests need to know
//! about the game (options to play with, garbage actions to throw at the
//! server, what is hidden from whom).
//!
//! Adding a game: a module here named as the game's module in the
//! registration line ([`parlor_protocol::playable_games`]), holding its
//! [`GamePlayer`] as `PLAYER`. The module list and [`PLAYERS`] are
//! generated from that line, so a registered game without a player does not
//! compile.

macro_rules! players {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        $(pub mod $module;)*

        /// Every playable game's player, in registration order.
        pub const PLAYERS: &[GamePlayer] = &[$($module::PLAYER),*];

        /// Does a seat's view of `kind` hide what others know (hands)? From
        /// the game's [`TestPlan`].
        pub fn hides_from_seats(kind: GameKind) -> bool {
            match kind {
                $(GameKind::$kind => {
                    <parlor_games::$module::$kind as TestPlan>::HIDES_FROM_SEATS
                })*
            }
        }

        /// Has `kind` steps a seat may take back (its [`TestPlan`])?
        pub fn takes_back(kind: GameKind) -> bool {
            match kind {
                $(GameKind::$kind => {
                    <parlor_games::$module::$kind as TestPlan>::TAKES_BACK
                })*
            }
        }
    };
}

parlor_protocol::playable_games!(players);

use std::collections::BTreeSet;

use parlor_games::{AnyGame, TestPlan};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use serde_json::Value;

/// What the tests know about one game.
pub struct GamePlayer {
    pub kind: GameKind,
    /// Seat counts the suites play (small first: CI plays the first one or two).
    pub seats: &'static [u8],
    /// Options for test matches; `variant` picks among the interesting ones.
    /// No response timer (tests that want one set it themselves).
    pub options: fn(variant: u64) -> GameOptions,
    /// A legal, sensible action for `seat` from its own view, or `None` when
    /// it has nothing to do.
    pub decide: fn(Seat, &AnyView) -> Option<AnyAction>,
    /// A random action of this game, most likely illegal (out-of-range
    /// numbers, impossible choices).
    pub garbage: fn(&mut StdRng, &AnyView) -> AnyAction,
    /// The items (as "kind:id" strings) that `viewer` must not know in
    /// `game`'s state, from the server's truth. Empty when nothing is hidden.
    pub secrets: fn(&AnyGame, Viewer) -> BTreeSet<String>,
    /// The items a message mentions, in the same "kind:id" form.
    pub mentions: fn(&Value) -> BTreeSet<String>,
    /// Pairs of actions `seat` might send that differ only in naming an item
    /// hidden from it (the first names one another seat holds, the second one
    /// nobody holds), with the item names: the server must answer both
    /// alike, or its answer tells where the item is.
    pub probes: fn(&AnyGame, Seat) -> Vec<Probe>,
    /// What is hidden in this game, in words (printed by the leak suite).
    pub hidden: &'static str,
}

/// Two actions that must be refused alike (see [`GamePlayer::probes`]).
#[derive(Debug, Clone)]
pub struct Probe {
    pub held: AnyAction,
    pub held_name: String,
    pub free: AnyAction,
    pub free_name: String,
}

/// The games the tests play, in [`PLAYERS`] order.
pub const PLAYABLE: &[GameKind] = &kinds::<{ PLAYERS.len() }>();

const fn kinds<const N: usize>() -> [GameKind; N] {
    let mut out = [GameKind::ALL[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = PLAYERS[i].kind;
        i += 1;
    }
    out
}

/// The player of `kind`.
pub fn player(kind: GameKind) -> &'static GamePlayer {
    PLAYERS
        .iter()
        .find(|p| p.kind == kind)
        .unwrap_or_else(|| panic!("no test player for {}", kind.slug()))
}

/// Which game a view belongs to.
pub fn view_kind(view: &AnyView) -> GameKind {
    view.kind()
}

/// What `seat` would do, from its own view.
pub fn decide(seat: Seat, view: &AnyView) -> Option<AnyAction> {
    (player(view_kind(view)).decide)(seat, view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_playable_game_has_a_player() {
        let offered: Vec<GameKind> = GameKind::ALL
            .into_iter()
            .filter(|k| GameOptions::default_for(*k).is_some())
            .collect();
        assert_eq!(PLAYABLE, offered.as_slice());
        for p in PLAYERS {
            assert_eq!((p.options)(0).kind(), p.kind);
            assert!(!p.seats.is_empty());
        }
    }
}
