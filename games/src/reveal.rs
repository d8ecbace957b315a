//! The everything-revealed viewer ([`Viewer::Revealed`]): every seat's
//! hidden information at once. The rules can draw it for any state, so the
//! one gate is here: it is shown only for a log that ends its match, and
//! replays and records reach it only through [`reveal`].

use parlor_protocol::{ToAct, Viewer};

use crate::game::{Game, Step};

/// Why the revealed viewer was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RevealError {
    /// The log does not end the match: hands still matter to play.
    #[error("the match is not over: everything is revealed only once it ends")]
    NotOver,
    /// The match could not be set up from its options.
    #[error("setup: {0}")]
    Setup(String),
    /// Step `index` does not replay.
    #[error("step {index}: {error}")]
    Step {
        /// Zero-based index into the log.
        index: usize,
        /// Why.
        error: String,
    },
}

/// A finished match as [`Viewer::Revealed`] saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct Revealed<V, S> {
    /// The table before the first step.
    pub start: V,
    /// Per step: how it reads, and the table after it.
    pub steps: Vec<(S, V)>,
}

impl<V, S> Revealed<V, S> {
    /// The same match with its views and step views converted.
    pub fn map<V2, S2>(self, view: impl Fn(V) -> V2, step: impl Fn(S) -> S2) -> Revealed<V2, S2> {
        Revealed {
            start: view(self.start),
            steps: self
                .steps
                .into_iter()
                .map(|(s, v)| (step(s), view(v)))
                .collect(),
        }
    }
}

/// Every view of a finished match for [`Viewer::Revealed`], or
/// [`RevealError::NotOver`] when `log` does not end the match (any prefix of
/// a finished log included).
pub fn reveal<G: Game>(
    options: &G::Options,
    seats: u8,
    log: &[Step<G::Action, G::Chance>],
) -> Result<Revealed<G::View, G::StepView>, RevealError> {
    let start = G::new(options, seats).map_err(|e| RevealError::Setup(e.to_string()))?;
    let mut end = start.clone();
    for (index, step) in log.iter().enumerate() {
        end.apply(step).map_err(|e| RevealError::Step {
            index,
            error: e.to_string(),
        })?;
    }
    // Checked before a single view is drawn.
    if end.to_act() != ToAct::Finished {
        return Err(RevealError::NotOver);
    }
    let mut game = start;
    let first = game.view(Viewer::Revealed);
    let mut steps = Vec::with_capacity(log.len());
    for (index, step) in log.iter().enumerate() {
        let shown = game.step_view(step, Viewer::Revealed);
        game.apply(step).map_err(|e| RevealError::Step {
            index,
            error: e.to_string(),
        })?;
        steps.push((shown, game.view(Viewer::Revealed)));
    }
    Ok(Revealed {
        start: first,
        steps,
    })
}
