//! [`AnyGame`]: every game behind one type, for the server, which handles
//! matches of any game through the protocol's tagged envelopes.
//!
//! Generated from the one list of playable games,
//! [`parlor_protocol::playable_games`]: a game `Kind` with wire types in
//! `parlor_protocol::module` has its rules in `crate::module::Kind`.

use parlor_protocol::{
    AnyAction, AnyScorecard, AnyStepView, AnyView, GameKind, GameOptions, MatchResult, Seat,
    TakenBack, ToAct, Viewer,
};
use rand::Rng;

use crate::chance::sample;

use crate::game::{Game, SetupError, Step};

/// How a take-back is stored in the log, beside the games' own steps
/// (`{"act": …}`, `{"chance": …}`).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StoredTakeBack {
    TakeBack { seat: Seat },
}

/// Why a step was refused. Messages are safe to show to the submitter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The action or step belongs to another game.
    #[error("that action is for another game")]
    WrongGame,
    /// The seat is not among those to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The match is over.
    #[error("the match is over")]
    Finished,
    /// The rules refuse it.
    #[error("{0}")]
    Illegal(String),
    /// A take-back with no step of that seat's that may be taken back.
    #[error("there is no step of yours to take back now")]
    NothingToTakeBack,
    /// A stored step could not be decoded.
    #[error("bad stored step: {0}")]
    Decode(String),
}

/// What a hard bot faces ([`AnyGame::hard_decision`]).
pub enum HardDecision {
    /// At most one legal move: no search.
    Forced(Option<AnyAction>),
    /// A search to run, off the room's task.
    Search(HardSearch),
}

/// A hard bot's search, detached from its match: it holds the seat's view
/// and legal moves. [`HardSearch::run`] searches at the game's budget,
/// capped at `time` if given, and stops early when `stop` says so.
pub struct HardSearch(
    #[allow(clippy::type_complexity)]
    Box<
        dyn FnOnce(
                Option<std::time::Duration>,
                &dyn Fn() -> bool,
                &mut dyn rand::RngCore,
            ) -> Option<AnyAction>
            + Send,
    >,
);

impl HardSearch {
    /// The move chosen (`None`: the seat has none).
    pub fn run(
        self,
        time: Option<std::time::Duration>,
        stop: &dyn Fn() -> bool,
        rng: &mut dyn rand::RngCore,
    ) -> Option<AnyAction> {
        (self.0)(time, stop, rng)
    }
}

impl std::fmt::Debug for HardSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HardSearch")
    }
}

macro_rules! any_game {
    ($($kind:ident $module:ident { slug: $slug:literal, title: $title:literal, $($_info:tt)* }),* $(,)?) => {
        /// A match of any game.
        // A few hundred bytes (the largest game's board) per live match: boxing
        // would only add an allocation to every clone the room makes.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyGame {
            $(#[doc = $title] $kind(crate::$module::$kind),)*
        }

        /// One log entry of any game.
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyStep {
            $(
                #[doc = $title]
                $kind(
                    Step<
                        <crate::$module::$kind as Game>::Action,
                        <crate::$module::$kind as Game>::Chance,
                    >,
                ),
            )*
            /// A seat took back its last step ([`crate::Standing`] applies
            /// it; the rules never see it).
            TakeBack {
                /// Who.
                seat: Seat,
            },
        }

        impl AnyGame {
            /// Sets up a new match.
            pub fn new(options: &GameOptions, seats: u8) -> Result<AnyGame, SetupError> {
                Ok(match options {
                    $(GameOptions::$kind(o) => AnyGame::$kind(crate::$module::$kind::new(o, seats)?),)*
                })
            }

            /// The version of `kind`'s rules this build runs
            /// ([`Game::RULES_VERSION`], declared in the game's folder).
            pub fn rules_version(kind: GameKind) -> u32 {
                match kind {
                    $(GameKind::$kind => <crate::$module::$kind as Game>::RULES_VERSION,)*
                }
            }

            /// Which game.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$kind(_) => GameKind::$kind,)*
                }
            }

            /// Number of seats.
            pub fn seats(&self) -> u8 {
                match self {
                    $(AnyGame::$kind(g) => g.seats(),)*
                }
            }

            /// Who moves next.
            pub fn to_act(&self) -> ToAct {
                match self {
                    $(AnyGame::$kind(g) => g.to_act(),)*
                }
            }

            /// Builds the log step for a seat's action, checking game, turn
            /// and rules without changing `self`.
            pub fn action_step(&self, seat: Seat, action: &AnyAction) -> Result<AnyStep, MatchError> {
                match self.to_act() {
                    ToAct::Finished => return Err(MatchError::Finished),
                    ToAct::Seats { seats } if seats.contains(&seat) => {}
                    _ => return Err(MatchError::NotYourTurn),
                }
                let step = match (self, action) {
                    $(
                        (AnyGame::$kind(_), AnyAction::$kind(a)) => AnyStep::$kind(Step::Act {
                            seat,
                            action: a.clone(),
                        }),
                    )*
                    #[allow(unreachable_patterns)]
                    _ => return Err(MatchError::WrongGame),
                };
                let mut probe = self.clone();
                probe.apply(&step)?;
                Ok(step)
            }

            /// Draws the next chance outcome with `rng`, if chance is to act.
            pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyStep> {
                match self {
                    $(AnyGame::$kind(g) => {
                        sample(g, rng).map(|outcome| AnyStep::$kind(Step::Chance { outcome }))
                    })*
                }
            }

            /// Applies a step, or refuses it and changes nothing.
            pub fn apply(&mut self, step: &AnyStep) -> Result<(), MatchError> {
                match (self, step) {
                    $(
                        (AnyGame::$kind(g), AnyStep::$kind(s)) => {
                            g.apply(s).map_err(|e| MatchError::Illegal(e.to_string()))
                        }
                    )*
                    (_, AnyStep::TakeBack { .. }) => Err(MatchError::Illegal(
                        "a take-back is undone by the match, not applied by the rules".into(),
                    )),
                    #[allow(unreachable_patterns)]
                    _ => Err(MatchError::WrongGame),
                }
            }

            /// Does this action show others something hidden
            /// ([`Game::reveals`])? Chance steps and take-backs: true (they
            /// can never be taken back).
            pub fn reveals(&self, step: &AnyStep) -> bool {
                match (self, step) {
                    $((AnyGame::$kind(g), AnyStep::$kind(Step::Act { action, .. })) => g.reveals(action),)*
                    _ => true,
                }
            }

            /// Every legal action of `seat` (for bots and hints).
            pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
                match self {
                    $(AnyGame::$kind(g) => g
                        .legal_actions(seat)
                        .into_iter()
                        .map(AnyAction::$kind)
                        .collect(),)*
                }
            }

            /// What `viewer` may see.
            pub fn view(&self, viewer: Viewer) -> AnyView {
                match self {
                    $(AnyGame::$kind(g) => AnyView::$kind(g.view(viewer)),)*
                }
            }

            /// How `step` (about to be applied to `self`) looks to `viewer`.
            pub fn step_view(&self, step: &AnyStep, viewer: Viewer) -> Result<AnyStepView, MatchError> {
                match (self, step) {
                    $(
                        (AnyGame::$kind(g), AnyStep::$kind(s)) => {
                            Ok(AnyStepView::$kind(g.step_view(s, viewer)))
                        }
                    )*
                    (_, AnyStep::TakeBack { seat }) => Ok(AnyStepView::TakeBack(TakenBack { seat: *seat })),
                    #[allow(unreachable_patterns)]
                    _ => Err(MatchError::WrongGame),
                }
            }

            /// [`Game::PUBLIC`]: every viewer sees the same view.
            pub fn public(&self) -> bool {
                match self {
                    $(AnyGame::$kind(_) => <crate::$module::$kind as Game>::PUBLIC,)*
                }
            }

            /// [`Game::view_changes`] of `step` (`None`, any member, for a
            /// take-back or a step of another game).
            pub fn view_changes(&self, step: &AnyStep) -> Option<&'static [&'static str]> {
                match (self, step) {
                    $(
                        (AnyGame::$kind(g), AnyStep::$kind(s)) => g.view_changes(s),
                    )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }

            /// The final result, once finished.
            pub fn result(&self) -> Option<MatchResult> {
                let (ranks, scorecard) = match self {
                    $(AnyGame::$kind(g) => {
                        let o = g.outcome()?;
                        (o.ranks, AnyScorecard::$kind(o.scorecard))
                    })*
                };
                let winners = ranks
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| **r == 1)
                    .filter_map(|(i, _)| u8::try_from(i).ok().map(Seat))
                    .collect();
                Some(MatchResult {
                    ranks,
                    winners,
                    scorecard,
                })
            }

            /// The default answer for a seat whose response timer ran out.
            pub fn timeout_action(&self, seat: Seat) -> Option<AnyAction> {
                match self {
                    $(AnyGame::$kind(g) => g.timeout_action(seat).map(AnyAction::$kind),)*
                }
            }

            /// The game's bot's move for `seat`, chosen from that seat's own
            /// view and legal actions only ([`crate::bot::bot_action`]);
            /// `None` when the seat has nothing to do.
            pub fn bot_action<R: rand::Rng + ?Sized>(
                &self,
                seat: Seat,
                level: crate::bot::Level,
                rng: &mut R,
            ) -> Option<AnyAction> {
                match self {
                    $(AnyGame::$kind(g) => crate::bot::bot_action(g, seat, level, rng).map(AnyAction::$kind),)*
                }
            }

            /// The hard bot's decision for `seat`, to be made away from the
            /// match (on a search thread): a forced move now, or a search
            /// that owns a copy of the seat's view and legal moves and
            /// nothing else, so it cannot read what the seat may not see.
            pub fn hard_decision(&self, seat: Seat) -> HardDecision {
                use crate::bot::{decision, search, Decision};
                match self {
                    $(AnyGame::$kind(g) => match decision(g, seat) {
                        Decision::Forced(action) => HardDecision::Forced(action.map(AnyAction::$kind)),
                        Decision::Choose { view, moves } => HardDecision::Search(HardSearch(Box::new({
                            let seats = g.seats();
                            move |time, stop, rng| {
                                let budget = search::Budget::hard::<crate::$module::$kind>(seats);
                                let budget = match time {
                                    Some(time) => budget.within(time),
                                    None => budget,
                                };
                                search::choose::<crate::$module::$kind, _>(&view, seat, &moves, budget, stop, rng)
                                    .map(AnyAction::$kind)
                            }
                        }))),
                    },)*
                }
            }
        }

        impl AnyStep {
            /// The log encoding stored in the database.
            pub fn to_json(&self) -> String {
                let encoded = match self {
                    $(AnyStep::$kind(s) => serde_json::to_string(s),)*
                    AnyStep::TakeBack { seat } => {
                        serde_json::to_string(&StoredTakeBack::TakeBack { seat: *seat })
                    }
                };
                // Steps are plain enums of integers and strings: encoding cannot fail.
                encoded.unwrap_or_default()
            }

            /// Decodes a stored step of game `kind`.
            pub fn from_json(kind: GameKind, json: &str) -> Result<AnyStep, MatchError> {
                let bad = |e: serde_json::Error| MatchError::Decode(e.to_string());
                if let Ok(StoredTakeBack::TakeBack { seat }) = serde_json::from_str(json) {
                    return Ok(AnyStep::TakeBack { seat });
                }
                match kind {
                    $(GameKind::$kind => serde_json::from_str(json).map(AnyStep::$kind).map_err(bad),)*
                    #[allow(unreachable_patterns)]
                    other => Err(MatchError::Decode(format!("{} is not playable", other.slug()))),
                }
            }

            /// The acting seat, or `None` for a chance outcome.
            pub fn seat(&self) -> Option<Seat> {
                match self {
                    $(
                        AnyStep::$kind(Step::Act { seat, .. }) => Some(*seat),
                        AnyStep::$kind(Step::Chance { .. }) => None,
                    )*
                    AnyStep::TakeBack { seat } => Some(*seat),
                }
            }

            /// The acting seat and its action, or `None` for a chance outcome.
            pub fn action(&self) -> Option<(Seat, AnyAction)> {
                match self {
                    $(
                        AnyStep::$kind(Step::Act { seat, action }) => {
                            Some((*seat, AnyAction::$kind(action.clone())))
                        }
                        AnyStep::$kind(Step::Chance { .. }) => None,
                    )*
                    AnyStep::TakeBack { .. } => None,
                }
            }
        }
    };
}

parlor_protocol::playable_games!(any_game);

impl AnyGame {
    /// Is `seat` among those to act?
    pub fn is_to_act(&self, seat: Seat) -> bool {
        matches!(self.to_act(), ToAct::Seats { seats } if seats.contains(&seat))
    }
}

impl AnyStep {
    /// Is this a chance outcome (as opposed to a seat's action)?
    pub fn is_chance(&self) -> bool {
        self.seat().is_none()
    }
}
