//! The clocks: a game's response window, or the room's turn timer. What
//! runs now, what clients are told about it, and what happens when it runs
//! out (a decision made for the seat, and after [`STAND_IN_AFTER`] in a
//! row, a stand-in bot).

use std::sync::Arc;

use parlor_protocol::msg::STAND_IN_AFTER;
use parlor_protocol::{Deadline, Seat, ServerMsg, ToAct, TurnTimer, ViewPatch, Viewer};
use tokio::time::{Duration, Instant};
use tracing::{info, warn};

use super::live::LiveMatch;
use super::play::Decider;
use super::refusal::Refusal;
use super::state::{require_host, Room, Timer};
use crate::db::{now_ms, Membership};

/// What "now" is for the deadlines rooms store (Unix ms): this process's
/// clock, or in cluster mode the cluster's, the database's
/// ([`Membership::now_ms`]), so a deadline one server stored means the same
/// instant to the server that takes its room over, whatever their own
/// clocks say.
#[derive(Debug, Clone, Default)]
pub struct Clock(Option<Arc<Membership>>);

impl Clock {
    /// The cluster's clock, as `member` measures it.
    pub fn cluster(member: Arc<Membership>) -> Clock {
        Clock(Some(member))
    }

    /// Now, in ms since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        self.0.as_ref().map_or_else(now_ms, |m| m.now_ms())
    }
}

impl Room {
    /// Now on the clock deadlines are stored in ([`Clock`]).
    pub(super) fn now_ms(&self) -> i64 {
        self.config.clock.now_ms()
    }

    /// The host sets the room's turn timer (lobby only).
    pub(super) async fn set_turn_timer(
        &mut self,
        viewer: Viewer,
        timer: TurnTimer,
    ) -> Result<(), Refusal> {
        require_host(viewer, "set the turn timer")?;
        self.lobby_seat(viewer, "the turn timer is set in the lobby")?;
        self.store.set_turn_timer(&self.code, timer).await?;
        self.turn_timer = timer;
        info!(?timer, "turn timer set");
        self.broadcast_room();
        Ok(())
    }

    /// Who plays a seat changed (a stand-in started or stopped): the clock
    /// now runs for the people to act, so a player back at their decision
    /// gets a fresh one and a bot needs none. Stored, then told to everyone
    /// as an update without steps.
    pub(super) async fn refresh_timer(&mut self) {
        let Some(live) = self.live.as_ref().filter(|m| !m.finished()) else {
            return;
        };
        let next = self.timer_after(&live.game);
        let same = match (&self.timer, &next) {
            (Some(t), Some(n)) => t.seats == n.seats && t.turn == n.turn,
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        let deadline = next.as_ref().map(|t| t.ends_ms);
        if let Err(e) = self
            .store
            .append_steps(live.id, &self.code, &[], None, Some(deadline))
            .await
        {
            warn!(error = %e, "could not store the new deadline");
            return;
        }
        let (version, to_act, take_back) =
            (live.version, live.game.to_act(), live.game.take_back());
        self.timer = next;
        self.broadcast(&ServerMsg::Update {
            version,
            steps: Vec::new(),
            to_act,
            patch: ViewPatch::default(),
            deadline: self.deadline(),
            timed_out: None,
            take_back,
        });
    }

    /// The clock that should run now (see [`Room::timer_after`]).
    pub(super) fn next_timer(&self) -> Option<Timer> {
        self.live
            .as_ref()
            .and_then(|live| self.timer_after(&live.game))
    }

    /// The clock for `game`'s next decision, for the seats people play
    /// (bots need none). A game's response timer runs while every seat to
    /// act has a default answer (a pass) and survives answers within its
    /// window; otherwise the room's turn timer runs, afresh for every
    /// decision, except while a simultaneous window only shrinks.
    pub(super) fn timer_after(&self, game: &parlor_games::AnyGame) -> Option<Timer> {
        let ToAct::Seats { seats } = game.to_act() else {
            return None;
        };
        let people: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|s| self.bot_level(*s).is_none())
            .collect();
        if people.is_empty() {
            return None;
        }
        // At its own pace a table's response windows get the turn's
        // allowance, hours long, not the game's seconds.
        let response = (!self.turn_timer.own_pace())
            .then(|| self.options.response_timer_secs())
            .flatten()
            .filter(|s| *s > 0)
            .filter(|_| seats.iter().all(|s| game.timeout_action(*s).is_some()));
        let (secs, turn) = match response {
            Some(secs) => (secs, false),
            None => (self.turn_timer.secs()?, true),
        };
        if let Some(t) = &self.timer {
            let same = t.turn == turn
                && t.ends > Instant::now()
                && people.iter().all(|s| t.seats.contains(s))
                && (!turn || people.len() < t.seats.len());
            if same {
                return Some(t.clone());
            }
        }
        let len = Duration::from_secs(u64::from(secs));
        Some(Timer {
            ends: Instant::now() + len,
            ends_ms: self.now_ms() + i64::try_from(len.as_millis()).unwrap_or(i64::MAX),
            seats: people,
            turn,
        })
    }

    /// The clock ran out: every seat it ran for that still has to decide
    /// gets a decision made for it, recorded as the timer's step: the
    /// game's default answer, else the normal bot's move from the seat's
    /// own view. A seat the turn timer had to decide for
    /// [`STAND_IN_AFTER`] times in a row gets a stand-in bot.
    pub(super) async fn expire(&mut self) {
        let Some(timer) = self.timer.clone() else {
            return;
        };
        let Some(ToAct::Seats { seats }) = self.live.as_ref().map(|m| m.game.to_act()) else {
            self.timer = None;
            return;
        };
        for seat in seats {
            if !timer.seats.contains(&seat) || self.bot_level(seat).is_some() {
                continue;
            }
            let Some(live) = self.live.as_ref() else {
                return;
            };
            if !live.game.is_to_act(seat) {
                continue;
            }
            let default = live.game.timeout_action(seat);
            // Passing where the game allows it is an ordinary answer; only
            // a decision the player really owed counts towards a stand-in.
            let owed = default.is_none();
            let Some(action) = default.or_else(|| {
                live.game
                    .bot_action(seat, parlor_games::bot::Level::Normal, &mut rand::rng())
            }) else {
                continue;
            };
            info!(seat = %seat, turn = timer.turn, "timer ran out; deciding for the seat");
            if let Err(Refusal { code, message }) =
                self.submit(seat, &action, None, Decider::Timer).await
            {
                warn!(seat = %seat, ?code, %message, "timeout answer refused");
                // Do not spin on a timer whose answer cannot be given.
                self.timer = None;
                return;
            }
            if timer.turn && owed {
                let expiries = self.seats.get_mut(seat.index()).map_or(0, |s| {
                    s.expiries = s.expiries.saturating_add(1);
                    s.expiries
                });
                let finished = self.live.as_ref().is_none_or(LiveMatch::finished);
                if expiries >= STAND_IN_AFTER && !finished {
                    info!(seat = %seat, expiries, "a bot stands in for a seat the timer kept deciding for");
                    if let Err(e) = self.set_stand_in(seat, true).await {
                        warn!(seat = %seat, error = %e, "could not store a stand-in");
                    }
                }
            }
        }
        if self
            .timer
            .as_ref()
            .is_some_and(|t| t.ends <= Instant::now())
        {
            self.timer = None;
        }
    }

    /// What clients are told about the running timer.
    /// Its seats are those still owing an answer.
    pub(super) fn deadline(&self) -> Option<Deadline> {
        let waiting = match self.live.as_ref().map(|m| m.game.to_act()) {
            Some(ToAct::Seats { seats }) => seats,
            _ => Vec::new(),
        };
        self.timer.as_ref().map(|t| Deadline {
            turn: t.turn,
            remaining_ms: u32::try_from(
                t.ends.saturating_duration_since(Instant::now()).as_millis(),
            )
            .unwrap_or(u32::MAX),
            seats: t
                .seats
                .iter()
                .copied()
                .filter(|s| waiting.contains(s))
                .collect(),
        })
    }
}
