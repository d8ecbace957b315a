//! The [`Game`] trait, [`Step`] and [`replay`].

use std::fmt::Debug;

use parlor_protocol::{GameKind, Seat, ToAct, Viewer};
use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// One entry of a match log: a seat's action or a chance outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step<A, C> {
    /// A seat acted.
    Act {
        /// Who.
        seat: Seat,
        /// What.
        action: A,
    },
    /// Nature decided (a die landed, a card was drawn).
    Chance {
        /// The outcome drawn by the server.
        outcome: C,
    },
}

/// The result of a finished game: rank per seat (1 best, ties share) and the
/// game's scorecard.
#[derive(Debug, Clone, PartialEq)]
pub struct GameOutcome<S> {
    /// Rank per seat, indexed by seat.
    pub ranks: Vec<u8>,
    /// The game's scorecard.
    pub scorecard: S,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Seat count outside the game's range.
    #[error("{game} needs {min} to {max} players, not {got}")]
    PlayerCount {
        /// Game title.
        game: &'static str,
        /// Fewest.
        min: u8,
        /// Most.
        max: u8,
        /// Asked for.
        got: u8,
    },
    /// The host chose a first player who has no seat at this table.
    #[error("seat {seat} cannot go first at a table of {seats}")]
    FirstPlayer {
        /// The seat chosen.
        seat: Seat,
        /// Seats at the table.
        seats: u8,
    },
}

impl SetupError {
    /// Checks a seat count against the game's range (RULINGS §0).
    pub fn check_players(kind: GameKind, seats: u8) -> Result<(), SetupError> {
        let (min, max) = kind.players();
        if (min..=max).contains(&seats) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                game: kind.title(),
                min,
                max,
                got: seats,
            })
        }
    }
}

/// Pure rules of one game, in the spirit of OpenSpiel's `State` with explicit
/// stochastic chance nodes.
///
/// Contract, checked by [`crate::testing`] for every game:
/// - [`Game::apply`] either succeeds or returns an error and leaves `self`
///   unchanged;
/// - only seats listed by [`Game::to_act`] have legal actions, and every
///   listed seat has at least one;
/// - chance outcomes exist exactly when `to_act` is [`ToAct::Chance`];
/// - the state is a function of the options, the seat count and the log;
/// - [`Game::view`] for a viewer depends only on what that viewer may know.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// Host-chosen options.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What a seat submits.
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One outcome of nature.
    type Chance: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may know (the only state that is ever sent).
    type View: Clone + PartialEq + Debug + Serialize + Send + Sync;
    /// How one step looks to one viewer.
    type StepView: Clone + PartialEq + Debug + Serialize + Send + Sync;
    /// Final scorecard.
    type Scorecard: Clone + PartialEq + Debug + Serialize + Send + Sync;
    /// Why an action is illegal. Messages must not reveal hidden information.
    type Illegal: std::error::Error + Clone + PartialEq + Send + Sync;

    /// Which game this is.
    const KIND: GameKind;

    /// Every viewer is shown the same view (the game hides nothing): the
    /// server then builds one view a step for all of them. The conformance
    /// sessions check it at every step.
    const PUBLIC: bool = false;

    /// The version of this implementation of the rules, starting at 1.
    /// Every match stores the version it was started under, and a server
    /// replays (or, in a cluster, claims) only matches of the versions it
    /// runs: see `docs/scaling.md`, *Rolling deploys and rules versions*.
    ///
    /// **Bump it whenever a change would make an old log replay
    /// differently**: a step it accepted is refused (or the reverse), a
    /// chance step draws from other outcomes or weights, a state, view or
    /// score comes out otherwise. A change that leaves every stored log
    /// replaying to the same states (a faster search, a bot, a clearer
    /// message) keeps it.
    const RULES_VERSION: u32;

    /// A new match for `seats` players. Setup randomness (shuffles, deals,
    /// first-player rolls) happens afterwards as chance steps.
    fn new(options: &Self::Options, seats: u8) -> Result<Self, SetupError>;

    /// Number of seats.
    fn seats(&self) -> u8;

    /// Who moves next.
    fn to_act(&self) -> ToAct;

    /// Every legal action of `seat` now; empty unless `seat` is to act.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// The possible chance outcomes with integer weights; empty unless
    /// `to_act` is [`ToAct::Chance`].
    fn chance_outcomes(&self) -> Vec<(Self::Chance, u32)>;

    /// Applies a step, or refuses it and changes nothing.
    fn apply(&mut self, step: &Step<Self::Action, Self::Chance>) -> Result<(), Self::Illegal>;

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// How `step`, about to be applied to `self`, looks to `viewer`.
    /// Called on the state *before* the step.
    fn step_view(&self, step: &Step<Self::Action, Self::Chance>, viewer: Viewer) -> Self::StepView;

    /// The members of every viewer's view (by their names in its JSON)
    /// that `step`, about to be applied to `self`, may change; `None`: any.
    /// The server then compares only those with each viewer's previous view
    /// (most of its work at a step when a view is large); the conformance
    /// sessions check at every step that no other member changed.
    fn view_changes(
        &self,
        _step: &Step<Self::Action, Self::Chance>,
    ) -> Option<&'static [&'static str]> {
        None
    }

    /// The outcome, once `to_act` is [`ToAct::Finished`].
    fn outcome(&self) -> Option<GameOutcome<Self::Scorecard>>;

    /// Does `action`, taken now, show others something they could not see
    /// before (a tile from a hidden hand, a secret answer)? Such a step can
    /// never be taken back: the others have seen it. Every game answers
    /// for itself; see [`takes_back`] for the whole rule.
    fn reveals(&self, action: &Self::Action) -> bool;

    /// A uniformly random legal action of `seat` (`None` if it has none),
    /// for random players and playouts. By default one of
    /// [`Game::legal_actions`], picked with one `random_range` draw; a game
    /// may override it with a sampler that does not build the whole list,
    /// as long as every legal action stays equally likely and only legal
    /// actions come out (checked by [`crate::testing::check_samplers`]).
    fn random_action<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Option<Self::Action> {
        let mut legal = self.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let pick = rng.random_range(0..legal.len());
        Some(legal.swap_remove(pick))
    }

    /// A chance outcome drawn by weight, as [`crate::chance::sample`] draws
    /// it (`None` unless chance is to act). An override must draw exactly
    /// the outcome `sample` draws from the same RNG state, consuming the
    /// same randomness, since logs are re-derived from seeds (checked by
    /// [`crate::testing::check_samplers`]).
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Chance> {
        weighted_draw(self, rng)
    }

    /// The answer recorded for a seat that lets a room's response timer run
    /// out in a simultaneous window (e.g. a pass). `None`: no default exists.
    fn timeout_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }
}

/// Weighted draw among `game`'s chance outcomes ([`crate::chance::sample`]
/// is the public name; it lives here so that the trait's default needs
/// nothing from the chance module, which names the trait).
pub(crate) fn weighted_draw<G: Game, R: Rng + ?Sized>(game: &G, rng: &mut R) -> Option<G::Chance> {
    let outcomes = game.chance_outcomes();
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (outcome, weight) in outcomes {
        let w = u64::from(weight);
        if pick < w {
            return Some(outcome);
        }
        pick -= w;
    }
    None
}

/// May `seat` take back a step of `action` taken on `before`, leading to
/// `after`? Only within its own turn: the step reveals nothing
/// ([`Game::reveals`]) and `seat` alone is still to act after it, so no
/// chance step (a roll, a draw) and no other seat came in between — the
/// usual rule of online tables. What the step changed is then known to
/// everyone and undoing it hides nothing anyone saw.
pub fn takes_back(before_reveals: bool, seat: Seat, after: &ToAct) -> bool {
    !before_reveals && matches!(after, ToAct::Seats { seats } if seats.as_slice() == [seat])
}

/// Why a log could not be replayed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError<E: std::error::Error> {
    /// The game could not be set up.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// Step `index` was refused.
    #[error("step {index}: {error}")]
    Step {
        /// Zero-based index into the log.
        index: usize,
        /// The refusal.
        error: E,
    },
}

/// Rebuilds a game from its options, seat count and log.
pub fn replay<G: Game>(
    options: &G::Options,
    seats: u8,
    log: &[Step<G::Action, G::Chance>],
) -> Result<G, ReplayError<G::Illegal>> {
    let mut game = G::new(options, seats)?;
    for (index, step) in log.iter().enumerate() {
        game.apply(step)
            .map_err(|error| ReplayError::Step { index, error })?;
    }
    Ok(game)
}

/// Competition ranks ("1224") from per-seat keys where smaller is better.
pub fn ranks_by<K: Ord>(keys: &[K]) -> Vec<u8> {
    keys.iter()
        .map(|k| {
            let better = keys.iter().filter(|other| *other < k).count();
            u8::try_from(better + 1).unwrap_or(u8::MAX)
        })
        .collect()
}

/// What a batch of steps may have changed in every viewer's view: the union
/// of [`Game::view_changes`] over its steps (a member no step changes is
/// unchanged by the batch, whatever the order).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ViewChanges {
    any: bool,
    members: Vec<&'static str>,
}

impl ViewChanges {
    /// Adds one step's [`Game::view_changes`].
    pub fn add(&mut self, changes: Option<&'static [&'static str]>) {
        match changes {
            None => self.any = true,
            Some(members) if !self.any => {
                for member in members {
                    if !self.members.contains(member) {
                        self.members.push(member);
                    }
                }
            }
            Some(_) => {}
        }
    }

    /// The members that may have changed; `None`: any.
    pub fn members(&self) -> Option<&[&'static str]> {
        (!self.any).then_some(&self.members[..])
    }
}
