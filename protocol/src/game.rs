//! Game-independent envelopes around each game's own wire types.
//!
//! Each enum is adjacently tagged by game (`{"game": "doozy-dice", ...}`) so a
//! client can switch on `game` and get the right typed payload.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;
use crate::{doozy_dice, mix_the_mutts};

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

/// Host-chosen options for a match, tagged by game. Stored with the match and
/// shown to every player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "game", content = "options", rename_all = "kebab-case")]
pub enum GameOptions {
    /// Doozy Dice options.
    DoozyDice(doozy_dice::Options),
    /// Mix-the-Mutts options.
    MixTheMutts(mix_the_mutts::Options),
}

impl GameOptions {
    /// Which game these options belong to.
    pub fn kind(&self) -> GameKind {
        match self {
            GameOptions::DoozyDice(_) => GameKind::DoozyDice,
            GameOptions::MixTheMutts(_) => GameKind::MixTheMutts,
        }
    }

    /// Seconds a simultaneous window waits for answers (`None`: no timer).
    pub fn response_timer_secs(&self) -> Option<u32> {
        match self {
            GameOptions::DoozyDice(_) => None,
            GameOptions::MixTheMutts(o) => o.response_timer_secs,
        }
    }

    /// The default options of a game, or `None` if the game is not playable yet.
    pub fn default_for(kind: GameKind) -> Option<GameOptions> {
        match kind {
            GameKind::DoozyDice => Some(GameOptions::DoozyDice(doozy_dice::Options::default())),
            GameKind::MixTheMutts => {
                Some(GameOptions::MixTheMutts(mix_the_mutts::Options::default()))
            }
            _ => None,
        }
    }
}

/// An action a seat submits, tagged by game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "game", content = "action", rename_all = "kebab-case")]
pub enum AnyAction {
    /// A Doozy Dice action.
    DoozyDice(doozy_dice::Action),
    /// A Mix-the-Mutts action.
    MixTheMutts(mix_the_mutts::Action),
}

/// What one viewer may know of a match right now, tagged by game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "game", content = "view", rename_all = "kebab-case")]
pub enum AnyView {
    /// A Doozy Dice view.
    DoozyDice(doozy_dice::View),
    /// A Mix-the-Mutts view.
    MixTheMutts(mix_the_mutts::View),
}

/// How one step of the log looks to one viewer, tagged by game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "game", content = "step", rename_all = "kebab-case")]
pub enum AnyStepView {
    /// A Doozy Dice step.
    DoozyDice(doozy_dice::StepView),
    /// A Mix-the-Mutts step.
    MixTheMutts(mix_the_mutts::StepView),
}

/// A finished match's per-game scorecard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "game", content = "scorecard", rename_all = "kebab-case")]
pub enum AnyScorecard {
    /// Doozy Dice scorecard.
    DoozyDice(doozy_dice::Scorecard),
    /// Mix-the-Mutts scorecard.
    MixTheMutts(mix_the_mutts::Scorecard),
}

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
