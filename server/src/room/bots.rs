//! Bots: the host seats them in the lobby, or has one stand in for an
//! absent player during a match; either way a bot moves after a short
//! think, from its seat's own view and legal actions only.

use parlor_games::any::HardDecision;
use parlor_protocol::{AnyAction, BotLevel, ErrorCode, RoomStatus, Seat, ToAct, Viewer};
use tokio::time::Instant;
use tracing::{info, warn};

use super::play::Decider;
use super::refusal::Refusal;
use super::state::{require_host, Room, SeatState};
use super::think::{Thinking, Thought};
use super::{names, new_token, token_hash};
use crate::db::{SeatRow, StoreError};

/// Names bots sit down with (then "Bot 2", … if a room uses them all).
/// A name only: each page says the seat is a bot in its reader's language,
/// from the seat's level.
const BOT_NAMES: [&str; 8] = [
    "Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Shannon", "Knuth", "Liskov",
];

impl Room {
    /// The host seats a bot in the next free seat (lobby only).
    pub(super) async fn add_bot(&mut self, viewer: Viewer, level: BotLevel) -> Result<(), Refusal> {
        require_host(viewer, "add bots")?;
        self.lobby_seat(viewer, "bots join in the lobby")?;
        let (_, max) = self.options.kind().players();
        if self.seats.len() >= usize::from(max) {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                format!("{} seats at most {max}", self.options.kind().title()),
            ));
        }
        let seat = Seat(u8::try_from(self.seats.len()).unwrap_or(u8::MAX));
        let name = BOT_NAMES
            .iter()
            .find(|n| !self.seats.iter().any(|s| names::look_alike(&s.name, n)))
            .map(|n| (*n).to_owned())
            .unwrap_or_else(|| self.unique_name("Bot".into()));
        // Nobody ever holds a bot's token: it is only there to fill the row.
        let row = SeatRow {
            seat,
            name: name.clone(),
            token_sha256: token_hash(&new_token()),
            bot: Some(level),
            stand_in: false,
        };
        self.store.add_seat(&self.code, &row).await?;
        self.seats.push(SeatState {
            name,
            token_sha256: row.token_sha256,
            conns: 0,
            away_since: None,
            bot: Some(level),
            stand_in: false,
            email: None,
            push: None,
            expiries: 0,
        });
        self.clamp_closed_seats();
        info!(seat = %seat, ?level, "bot seated");
        self.broadcast_room();
        Ok(())
    }

    /// The host takes a bot's seat away (lobby only).
    pub(super) async fn remove_bot(&mut self, viewer: Viewer, seat: Seat) -> Result<(), Refusal> {
        require_host(viewer, "remove bots")?;
        self.lobby_seat(viewer, "bots leave in the lobby")?;
        if self.seats.get(seat.index()).and_then(|s| s.bot).is_none() {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                format!("no bot in seat {}", seat.0),
            ));
        }
        self.remove_seat(seat).await
    }

    /// The host has a bot play for an absent player (or stops it). The
    /// player stops it too, by coming back with their token.
    pub(super) async fn stand_in(
        &mut self,
        viewer: Viewer,
        seat: Seat,
        on: bool,
    ) -> Result<(), Refusal> {
        // A player may always take their own seat back.
        let taking_back = viewer == Viewer::Seat(seat) && !on;
        if !taking_back {
            require_host(viewer, "have a bot stand in")?;
        }
        if self.status != RoomStatus::Playing {
            return Err(Refusal::new(
                ErrorCode::NotNow,
                "a bot stands in during a match",
            ));
        }
        let Some(s) = self.seats.get(seat.index()) else {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                format!("no seat {}", seat.0),
            ));
        };
        if s.bot.is_some() {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                format!("seat {} is a bot", seat.0),
            ));
        }
        if on && s.conns > 0 && viewer != Viewer::Seat(seat) {
            return Err(Refusal::new(
                ErrorCode::NotNow,
                format!(
                    "{} is here: a bot stands in only for an absent player",
                    s.name
                ),
            ));
        }
        if s.stand_in == on {
            return Ok(());
        }
        self.set_stand_in(seat, on).await.map_err(Refusal::from)
    }

    /// Starts or stops a stand-in bot (stored first), and tells everyone.
    pub(super) async fn set_stand_in(&mut self, seat: Seat, on: bool) -> Result<(), StoreError> {
        self.store.set_stand_in(&self.code, seat, on).await?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.stand_in = on;
            s.expiries = 0;
        }
        info!(seat = %seat, on, "stand-in bot");
        self.broadcast_room();
        self.schedule_bots();
        self.refresh_timer().await;
        Ok(())
    }

    /// Bots to act move after the think delay (when nothing is due yet);
    /// a hard bot starts its search at once, so it runs during the delay.
    pub(super) fn schedule_bots(&mut self) {
        let due = self.live.as_ref().is_some_and(|live| {
            !live.finished()
                && matches!(live.game.to_act(), ToAct::Seats { seats }
                    if seats.iter().any(|s| self.bot_level(*s).is_some()))
        });
        self.bot_due = due.then(|| {
            self.bot_due
                .unwrap_or_else(|| Instant::now() + self.config.bot_think)
        });
        self.think_ahead();
    }

    /// Starts the search of the first hard bot to act, unless one is under
    /// way for that decision; stops a search whose decision is gone (the
    /// match moved on or ended, the seat was taken back).
    fn think_ahead(&mut self) {
        // Most rooms seat no hard bot: they skip the look at who is to act
        // on every publish.
        let any_hard = self
            .seats
            .iter()
            .any(|s| s.played_by_bot() == Some(BotLevel::Hard));
        let Some(live) = self
            .live
            .as_ref()
            .filter(|live| any_hard && !live.finished())
        else {
            self.thinking = None;
            return;
        };
        let at = (live.id, live.version);
        let players = &self.seats;
        let hard = |seat: &Seat| {
            players.get(seat.index()).and_then(SeatState::played_by_bot) == Some(BotLevel::Hard)
        };
        if self
            .thinking
            .as_ref()
            .is_some_and(|t| t.at == at && hard(&t.seat) && live.game.is_to_act(t.seat))
        {
            return;
        }
        self.thinking = None;
        let ToAct::Seats { seats } = live.game.to_act() else {
            return;
        };
        let Some(seat) = seats.into_iter().find(hard) else {
            return;
        };
        let thought = match live.game.hard_decision(seat) {
            HardDecision::Forced(action) => Thought::Answered(action),
            HardDecision::Search(search) => {
                match self.config.searches.start(search, self.config.hard_think) {
                    Ok(pending) => Thought::Searching(pending),
                    Err(e) => {
                        warn!(seat = %seat, error = %e, "the hard bot plays the normal move");
                        Thought::Answered(None)
                    }
                }
            }
        };
        self.thinking = Some(Thinking { seat, at, thought });
    }

    /// A hard bot's search answered: it moves now if its think delay is
    /// over (the bots' turn came and waited for it), else when it is.
    pub(super) async fn on_thought(&mut self, answer: Option<AnyAction>) {
        if let Some(t) = self.thinking.as_mut() {
            t.thought = Thought::Answered(answer);
        }
        if self.bot_due.is_none() {
            self.bot_moves().await;
        }
    }

    /// The hard bot's move for `seat` if its search has answered; `Err`
    /// while it is still searching. Without an answer for this decision
    /// (the search could not run), the normal bot's move.
    fn hard_move(&mut self, seat: Seat) -> Result<Option<AnyAction>, ()> {
        self.think_ahead();
        let live = self.live.as_ref();
        let at = live.map(|live| (live.id, live.version));
        match self.thinking.take() {
            Some(Thinking {
                seat: s,
                at: a,
                thought: Thought::Answered(Some(action)),
            }) if s == seat && Some(a) == at => return Ok(Some(action)),
            Some(t)
                if t.seat == seat
                    && Some(t.at) == at
                    && matches!(t.thought, Thought::Searching(_)) =>
            {
                self.thinking = Some(t);
                return Err(());
            }
            other => self.thinking = other,
        }
        Ok(live.and_then(|m| {
            m.game
                .bot_action(seat, BotLevel::Normal.into(), &mut rand::rng())
        }))
    }

    /// The level of the bot playing `seat` now, if one does.
    pub(super) fn bot_level(&self, seat: Seat) -> Option<BotLevel> {
        self.seats
            .get(seat.index())
            .and_then(SeatState::played_by_bot)
    }

    /// Every seat to act that a bot plays makes its move: chosen from that
    /// seat's own view and legal actions only, then handled like a
    /// player's action. (An easy or normal bot's move takes a few
    /// milliseconds, so it is chosen on the room's task; a hard bot's comes
    /// from its search, [`Room::think_ahead`].)
    pub(super) async fn bot_moves(&mut self) {
        self.bot_due = None;
        let Some(ToAct::Seats { seats }) = self.live.as_ref().map(|m| m.game.to_act()) else {
            return;
        };
        for seat in seats {
            // An earlier bot's step may have moved the match on (or ended it).
            if !self.live.as_ref().is_some_and(|m| m.game.is_to_act(seat)) {
                continue;
            }
            let Some(level) = self.bot_level(seat) else {
                continue;
            };
            let action = match level {
                BotLevel::Hard => match self.hard_move(seat) {
                    Ok(action) => action,
                    // Still searching: it moves when the answer comes.
                    Err(()) => return,
                },
                BotLevel::Easy | BotLevel::Normal => self
                    .live
                    .as_ref()
                    .and_then(|m| m.game.bot_action(seat, level.into(), &mut rand::rng())),
            };
            let Some(action) = action else {
                continue;
            };
            let by = if self.seats.get(seat.index()).is_some_and(|s| s.stand_in) {
                Decider::StandIn
            } else {
                Decider::Player
            };
            if let Err(Refusal { code, message }) = self.submit(seat, &action, None, by).await {
                // Storage failed (the rules cannot refuse a bot's legal
                // move): try again after another think.
                warn!(seat = %seat, ?code, %message, "bot move refused");
                self.bot_due = Some(Instant::now() + self.config.bot_think);
                return;
            }
        }
        self.schedule_bots();
    }
}
