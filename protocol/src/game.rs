//! Game-independent envelopes around each game's own wire types.
//!
//! Each enum is adjacently tagged by game (`{"game": "doozy-dice", ...}`) so a
//! client can switch on `game` and get the right typed payload.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;
use crate::{doozy_dice, mix_the_mutts, zingamino, zoomies, zop_zoo};

/// The games Parlor knows. A game listed here but not yet `playable` can be
/// shown ("coming soon") but no room can be created for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Doozy Dice (Kid Powered, 2020).
    DoozyDice,
    /// Mix-the-Mutts!
    MixTheMutts,
    /// Zoomies (Fireside Games, 2024).
    Zoomies,
    /// Zingamino (Dahmani, 2004).
    Zingamino,
    /// Doc Colour's Zop Zoo.
    ZopZoo,
}

impl GameKind {
    /// Every game, in the order the home page lists them.
    pub const ALL: [GameKind; 5] = [
        GameKind::DoozyDice,
        GameKind::MixTheMutts,
        GameKind::Zoomies,
        GameKind::Zingamino,
        GameKind::ZopZoo,
    ];

    /// The slug used in URLs, JSON and the database.
    pub fn slug(self) -> &'static str {
        match self {
            GameKind::DoozyDice => "doozy-dice",
            GameKind::MixTheMutts => "mix-the-mutts",
            GameKind::Zoomies => "zoomies",
            GameKind::Zingamino => "zingamino",
            GameKind::ZopZoo => "zop-zoo",
        }
    }

    /// Inverse of [`GameKind::slug`].
    pub fn from_slug(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.slug() == s)
    }

    /// Display name.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::DoozyDice => "Doozy Dice",
            GameKind::MixTheMutts => "Mix-the-Mutts",
            GameKind::Zoomies => "Zoomies",
            GameKind::Zingamino => "Zingamino",
            GameKind::ZopZoo => "Zop Zoo",
        }
    }

    /// Player counts allowed (RULINGS §0).
    pub fn players(self) -> (u8, u8) {
        match self {
            GameKind::DoozyDice | GameKind::MixTheMutts | GameKind::Zoomies => (2, 4),
            GameKind::Zingamino => (2, 8),
            GameKind::ZopZoo => (2, 6),
        }
    }
}

/// The one list of playable games: each entry names the [`GameKind`]
/// variant, the protocol module holding its wire types (`Options`,
/// `Action`, `View`, `StepView`, `Scorecard`) and its title. Every
/// per-game `match` in the protocol, the rules' `AnyGame` and the server is
/// generated from this list, so adding a game means its own modules plus one
/// line here. Invoke with the name of a macro taking
/// `$($kind:ident $module:ident $title:literal),*`.
#[macro_export]
macro_rules! playable_games {
    ($then:path) => {
        $then! {
            DoozyDice doozy_dice "Doozy Dice",
            MixTheMutts mix_the_mutts "Mix-the-Mutts",
            Zoomies zoomies "Zoomies",
            Zingamino zingamino "Zingamino",
            ZopZoo zop_zoo "Zop Zoo"
        }
    };
}

/// What every game's options say beyond their own fields.
pub trait MatchOptions {
    /// Seconds a simultaneous window waits for answers (`None`: no timer).
    fn response_timer_secs(&self) -> Option<u32> {
        None
    }
}

/// What every game's final scorecard says per seat, for the `scorecard`
/// table and history.
pub trait ScorecardLines {
    /// Per seat: the headline score and the seat's scorecard line.
    fn lines(&self) -> Vec<(i64, serde_json::Value)>;
}

/// [`ScorecardLines::lines`] for a scorecard of one line per seat, given
/// each line's headline score.
pub fn lines_by<L: Serialize>(
    lines: &[L],
    score: impl Fn(&L) -> i64,
) -> Vec<(i64, serde_json::Value)> {
    lines
        .iter()
        .map(|line| (score(line), serde_json::to_value(line).unwrap_or_default()))
        .collect()
}

macro_rules! envelopes {
    ($($kind:ident $module:ident $title:literal),* $(,)?) => {
        /// Host-chosen options for a match, tagged by game. Stored with the
        /// match and shown to every player.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "options", rename_all = "kebab-case")]
        pub enum GameOptions {
            $(#[doc = $title] $kind($module::Options),)*
        }

        impl GameOptions {
            /// Which game these options belong to.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(GameOptions::$kind(_) => GameKind::$kind,)*
                }
            }

            /// Seconds a simultaneous window waits for answers (`None`: no timer).
            pub fn response_timer_secs(&self) -> Option<u32> {
                match self {
                    $(GameOptions::$kind(o) => MatchOptions::response_timer_secs(o),)*
                }
            }

            /// The default options of a game, or `None` if the game is not
            /// playable yet.
            pub fn default_for(kind: GameKind) -> Option<GameOptions> {
                match kind {
                    $(GameKind::$kind => Some(GameOptions::$kind($module::Options::default())),)*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }

        /// An action a seat submits, tagged by game.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "action", rename_all = "kebab-case")]
        pub enum AnyAction {
            $(#[doc = $title] $kind($module::Action),)*
        }

        /// What one viewer may know of a match right now, tagged by game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "view", rename_all = "kebab-case")]
        pub enum AnyView {
            $(#[doc = $title] $kind($module::View),)*
        }

        /// How one step of the log looks to one viewer, tagged by game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "step", rename_all = "kebab-case")]
        pub enum AnyStepView {
            $(#[doc = $title] $kind($module::StepView),)*
        }

        /// A finished match's per-game scorecard.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "scorecard", rename_all = "kebab-case")]
        pub enum AnyScorecard {
            $(#[doc = $title] $kind($module::Scorecard),)*
        }

        impl AnyScorecard {
            /// Per seat: the headline score and the seat's scorecard line.
            pub fn lines(&self) -> Vec<(i64, serde_json::Value)> {
                match self {
                    $(AnyScorecard::$kind(card) => ScorecardLines::lines(card),)*
                }
            }
        }
    };
}

playable_games!(envelopes);

/// Who must move next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToAct {
    /// These seats may act now. Usually one; several in a simultaneous window,
    /// where each seat listed owes exactly one answer.
    Seats {
        /// The seats that may act.
        seats: Vec<Seat>,
    },
    /// The server draws a chance outcome next (a die, a card).
    Chance,
    /// The match is over.
    Finished,
}

/// The final result of a match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchResult {
    /// Rank per seat, indexed by seat: 1 is best; tied seats share a rank.
    pub ranks: Vec<u8>,
    /// The seats with rank 1 (more than one when the win is shared).
    pub winners: Vec<Seat>,
    /// The game's own scorecard.
    pub scorecard: AnyScorecard,
}
