//! Game-independent envelopes around each game's own wire types.
//!
//! Each enum is adjacently tagged by game (`{"game": "doozy-dice", ...}`) so a
//! client can switch on `game` and get the right typed payload.

use serde::{Deserialize, Serialize};

use crate::ids::Seat;
pub use crate::traits::{lines_by, MatchOptions, ScorecardLines};

/// The one list of playable games. Each line names the [`GameKind`]
/// variant, the module of the game's own code in each crate (its wire
/// types `Options`, `Action`, `View`, `StepView` and `Scorecard` in
/// `parlor_protocol::<module>`; its rules, type `<Kind>`, in
/// `parlor_games::<module>`), and `{ slug, title, players }`.
///
/// `GameKind` and every per-game `match` (the envelopes here, the rules'
/// `AnyGame`, selfplay, the test players and every per-game test list)
/// are generated from this list: adding a game means its own folders plus
/// one line here (see `docs/adding-a-game.md`). Invoke with the name of a
/// macro taking `$($kind:ident $module:ident $info:tt),*`, where `$info`
/// is `{ slug: "…", title: "…", players: MIN..=MAX }`.
#[macro_export]
macro_rules! playable_games {
    ($then:path) => {
        $then! {
            DoozyDice doozy_dice { slug: "doozy-dice", title: "Doozy Dice", players: 2..=4 },
            MixTheMutts mix_the_mutts { slug: "mix-the-mutts", title: "Mix-the-Mutts", players: 2..=4 },
            Zoomies zoomies { slug: "zoomies", title: "Zoomies", players: 2..=4 },
            Zingamino zingamino { slug: "zingamino", title: "Zingamino", players: 2..=8 },
            ZopZoo zop_zoo { slug: "zop-zoo", title: "Zop Zoo", players: 2..=6 }
        }
    };
}

macro_rules! game_kind {
    ($($kind:ident $module:ident {
        slug: $slug:literal, title: $title:literal, players: $min:literal..=$max:literal $(,)?
    }),* $(,)?) => {
        /// How many games [`playable_games!`] lists.
        const GAME_COUNT: usize = [$(stringify!($kind)),*].len();

        /// The games Parlor knows, in the order the home page lists them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum GameKind {
            $(#[doc = $title] #[serde(rename = $slug)] $kind,)*
        }

        impl GameKind {
            /// Every game, in the order the home page lists them.
            pub const ALL: [GameKind; GAME_COUNT] = [$(GameKind::$kind),*];

            /// The slug used in URLs, JSON and the database.
            pub fn slug(self) -> &'static str {
                match self {
                    $(GameKind::$kind => $slug,)*
                }
            }

            /// Display name.
            pub fn title(self) -> &'static str {
                match self {
                    $(GameKind::$kind => $title,)*
                }
            }

            /// Player counts allowed (RULINGS §0): fewest and most.
            pub fn players(self) -> (u8, u8) {
                match self {
                    $(GameKind::$kind => ($min, $max),)*
                }
            }
        }
    };
}

playable_games!(game_kind);

impl GameKind {
    /// Inverse of [`GameKind::slug`].
    pub fn from_slug(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.slug() == s)
    }
}

macro_rules! envelopes {
    ($($kind:ident $module:ident { slug: $slug:literal, title: $title:literal, $($_info:tt)* }),* $(,)?) => {
        /// Host-chosen options for a match, tagged by game. Stored with the
        /// match and shown to every player.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "options", rename_all = "kebab-case")]
        pub enum GameOptions {
            $(#[doc = $title] $kind(crate::$module::Options),)*
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
                    $(GameKind::$kind => Some(GameOptions::$kind(crate::$module::Options::default())),)*
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
            $(#[doc = $title] $kind(crate::$module::Action),)*
        }

        /// What one viewer may know of a match right now, tagged by game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "view", rename_all = "kebab-case")]
        pub enum AnyView {
            $(#[doc = $title] $kind(crate::$module::View),)*
        }

        impl AnyView {
            /// Which game this view is of.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyView::$kind(_) => GameKind::$kind,)*
                }
            }
        }

        /// How one step of the log looks to one viewer, tagged by game.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "step", rename_all = "kebab-case")]
        pub enum AnyStepView {
            $(#[doc = $title] $kind(crate::$module::StepView),)*
            /// A seat took back its last step (any game): the table is as it
            /// was before that step.
            TakeBack(TakenBack),
        }

        /// Steps of one game in a row with the game named once: how a
        /// message sends its step views when none of them is a take-back
        /// (`{"game": "doozy-dice", "steps": [...]}`, not the game around
        /// every step).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "steps", rename_all = "kebab-case")]
        pub enum AnyStepBatch {
            $(#[doc = $title] $kind(Vec<crate::$module::StepView>),)*
        }

        /// [`AnyStepBatch`], borrowed: what the server writes.
        #[derive(Serialize)]
        #[serde(tag = "game", content = "steps", rename_all = "kebab-case")]
        enum StepBatchRef<'a> {
            $($kind(Vec<&'a crate::$module::StepView>),)*
        }

        /// `steps` as one batch, if they are all steps of one game.
        fn batch_of(steps: &[AnyStepView]) -> Option<StepBatchRef<'_>> {
            match steps.first()? {
                $(AnyStepView::$kind(_) => steps
                    .iter()
                    .map(|s| match s {
                        AnyStepView::$kind(v) => Some(v),
                        _ => None,
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(StepBatchRef::$kind),)*
                AnyStepView::TakeBack(_) => None,
            }
        }

        impl From<AnyStepBatch> for Vec<AnyStepView> {
            fn from(batch: AnyStepBatch) -> Self {
                match batch {
                    $(AnyStepBatch::$kind(steps) => steps.into_iter().map(AnyStepView::$kind).collect(),)*
                }
            }
        }

        /// A finished match's per-game scorecard.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        #[serde(tag = "game", content = "scorecard", rename_all = "kebab-case")]
        pub enum AnyScorecard {
            $(#[doc = $title] $kind(crate::$module::Scorecard),)*
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

/// A seat took back its last step: what the log shows for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TakenBack {
    /// Who took it back.
    pub seat: Seat,
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

/// How messages carry a list of step views (`#[serde(with)]`): one
/// [`AnyStepBatch`] when every step is of one game, else the plain list
/// (a take-back among them, or none at all). Either form is read.
pub mod step_views {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{batch_of, AnyStepBatch, AnyStepView};

    /// The two forms on the wire (also the TypeScript type of such a field).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(untagged)]
    pub enum StepViews {
        /// Steps of one game.
        Batch(AnyStepBatch),
        /// Any steps, each naming its game.
        List(Vec<AnyStepView>),
    }

    /// Writes `steps` as a batch where it can.
    pub fn serialize<S: Serializer>(steps: &[AnyStepView], s: S) -> Result<S::Ok, S::Error> {
        match batch_of(steps) {
            Some(batch) => batch.serialize(s),
            None => steps.serialize(s),
        }
    }

    /// Reads either form.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<AnyStepView>, D::Error> {
        Ok(match StepViews::deserialize(d)? {
            StepViews::Batch(batch) => batch.into(),
            StepViews::List(steps) => steps,
        })
    }
}
