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

/// The member of an [`AnyView`]'s JSON that holds the game's own view (its
/// serde `content`; the server compares within it: see `merge_within`).
pub const VIEW_MEMBER: &str = "view";

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
///
/// In a batch, three or more steps in a row of one kind (a roll's five dice
/// landing, a deal) are sent as one [`step_views::StepRun`]: the kind once,
/// the members' names once, and a row of values per step.
pub mod step_views {
    use serde::de::Error as _;
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::{Map, Value};

    use super::{batch_of, AnyStepBatch, AnyStepView};

    /// The two forms on the wire (also the TypeScript type of such a field).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(untagged)]
    pub enum StepViews {
        /// Steps of one game. On the wire, a run of steps of one kind among
        /// them comes as a [`StepRun`] in their place (TypeScript types the
        /// batch as read, after `stepList`).
        Batch(AnyStepBatch),
        /// Any steps, each naming its game.
        List(Vec<AnyStepView>),
    }

    /// Steps in a row of one kind, as a table: `{"run": "die_landed",
    /// "keys": ["seat", "die", "value", "face"], "rows": [[3, 0, 5], [3, 1,
    /// 6, true]]}` stands for `{"type": "die_landed", "seat": 3, "die": 0,
    /// "value": 5}` and so on. A row may stop early: the step leaves out
    /// the members after it.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    pub struct StepRun {
        /// The steps' `type`.
        pub run: String,
        /// The members' names, in the order of each row.
        pub keys: Vec<String>,
        /// One row of values per step.
        pub rows: Vec<Vec<Value>>,
    }

    /// Fewer steps of one kind in a row go as they are: a table saves
    /// nothing on two.
    const RUN: usize = 3;

    /// Writes `steps` as a batch where it can.
    pub fn serialize<S: Serializer>(steps: &[AnyStepView], s: S) -> Result<S::Ok, S::Error> {
        match batch_of(steps) {
            Some(batch) if steps.len() >= RUN => {
                let mut value = serde_json::to_value(&batch).map_err(S::Error::custom)?;
                if let Some(Value::Array(items)) = value.get_mut("steps") {
                    let steps = std::mem::take(items);
                    *items = runs(steps);
                }
                value.serialize(s)
            }
            Some(batch) => batch.serialize(s),
            None => steps.serialize(s),
        }
    }

    /// Reads either form.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<AnyStepView>, D::Error> {
        let mut value = Value::deserialize(d)?;
        if let Some(Value::Array(items)) = value.get_mut("steps") {
            let wire = std::mem::take(items);
            *items = unrun(wire).map_err(D::Error::custom)?;
        }
        Ok(
            match StepViews::deserialize(value).map_err(D::Error::custom)? {
                StepViews::Batch(batch) => batch.into(),
                StepViews::List(steps) => steps,
            },
        )
    }

    /// Steps (JSON objects tagged by `type`) with each run of [`RUN`] or
    /// more of one kind made a [`StepRun`].
    pub fn runs(steps: Vec<Value>) -> Vec<Value> {
        let kind = |v: &Value| v.get("type").and_then(Value::as_str).map(str::to_owned);
        let mut out = Vec::with_capacity(steps.len());
        let mut steps = steps.into_iter().peekable();
        while let Some(first) = steps.next() {
            let Some(run) = kind(&first) else {
                out.push(first);
                continue;
            };
            let mut group = vec![first];
            while let Some(next) = steps.next_if(|v| kind(v).as_deref() == Some(&run)) {
                group.push(next);
            }
            if group.len() < RUN {
                out.extend(group);
                continue;
            }
            // Members every step has first, so a step that leaves some out
            // has a shorter row. A run where that does not say which (two
            // steps leaving out different members) goes as it is.
            let mut keys: Vec<(String, usize)> = Vec::new();
            for step in &group {
                for key in step.as_object().into_iter().flat_map(Map::keys) {
                    match keys.iter_mut().find(|(k, _)| k == key) {
                        Some((_, n)) => *n += 1,
                        None if key != "type" => keys.push((key.clone(), 1)),
                        None => {}
                    }
                }
            }
            keys.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
            let keys: Vec<String> = keys.into_iter().map(|(k, _)| k).collect();
            let width = |step: &Value| step.as_object().map_or(0, |m| m.len() - 1);
            let prefixed = group.iter().all(|step| {
                keys[..width(step).min(keys.len())]
                    .iter()
                    .all(|k| step.get(k).is_some())
            });
            if !prefixed {
                out.extend(group);
                continue;
            }
            let rows: Vec<Value> = group
                .into_iter()
                .map(|mut step| {
                    let n = width(&step);
                    Value::Array(
                        keys[..n]
                            .iter()
                            .map(|k| step.get_mut(k).map(Value::take).unwrap_or(Value::Null))
                            .collect(),
                    )
                })
                .collect();
            out.push(serde_json::json!({"run": run, "keys": keys, "rows": rows}));
        }
        out
    }

    /// The steps of a batch as written by [`runs`], runs spelled out.
    pub fn unrun(items: Vec<Value>) -> Result<Vec<Value>, String> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            if item.get("type").is_some() || item.get("run").is_none() {
                out.push(item);
                continue;
            }
            let run: StepRun = serde_json::from_value(item).map_err(|e| e.to_string())?;
            for row in run.rows {
                if row.len() > run.keys.len() {
                    return Err(format!("a row of {} has more values than keys", run.run));
                }
                let mut step = Map::new();
                step.insert("type".into(), Value::String(run.run.clone()));
                for (key, value) in run.keys.iter().zip(row) {
                    step.insert(key.clone(), value);
                }
                out.push(Value::Object(step));
            }
        }
        Ok(out)
    }
}
