//! Notices: the room's webhook, which the host sets (checked now, refused
//! with `bad_webhook` if the server may not call it), and turn emails and
//! browser push notices, which each player asks for at their seat (deleted
//! when the match ends or they leave; a push subscription also when its
//! push service says it is gone). A notice goes out when a seat's player has a new turn and is not
//! at the table, and to the webhook when the match ends. At most one notice per seat per turn, none while
//! its player is connected, [`DAILY_CAP`] a day; the room never waits for
//! the post ([`crate::notices`]).

use parlor_protocol::room::{PushSubscription, Webhook};
use parlor_protocol::{ErrorCode, Seat, ServerMsg, ToAct, Viewer};
use tracing::{info, warn};

use super::refusal::Refusal;
use super::state::{require_host, Room};
use super::ConnId;
use crate::notices::{Notice, NoticeEvent, Target};

/// Notices one room sends in a day at most, by default (a turn told to
/// the webhook, an email and a browser counts once).
pub const DAILY_CAP: u32 = 200;

const DAY_MS: i64 = 24 * 3600 * 1000;

impl Room {
    /// The host sets (or clears) the room's webhook.
    pub(super) async fn set_webhook(
        &mut self,
        viewer: Viewer,
        webhook: Option<Webhook>,
    ) -> Result<(), Refusal> {
        require_host(viewer, "set the room's webhook")?;
        if let Some(w) = &webhook {
            let Some(notices) = self.config.notices.as_ref() else {
                return Err(Refusal::new(
                    ErrorCode::BadWebhook,
                    "this server sends no notices",
                ));
            };
            if w.url.len() > 2048 {
                return Err(Refusal::new(
                    ErrorCode::BadWebhook,
                    "the address is too long",
                ));
            }
            notices
                .check(&w.url)
                .await
                .map_err(|e| Refusal::new(ErrorCode::BadWebhook, e.to_string()))?;
        }
        self.store.set_webhook(&self.code, webhook.as_ref()).await?;
        // Never the address in a log: it often holds the chat's secret.
        info!(format = ?webhook.as_ref().map(|w| w.format), "webhook set");
        self.webhook = webhook;
        self.broadcast_room();
        Ok(())
    }

    /// A seated player sets (or clears) where they get turn emails.
    pub(super) async fn set_notice_email(
        &mut self,
        viewer: Viewer,
        email: Option<String>,
    ) -> Result<(), Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "turn emails are for players",
            ));
        };
        let email = email.map(|e| e.trim().to_owned()).filter(|e| !e.is_empty());
        if let Some(e) = &email {
            if !self.config.notices.as_ref().is_some_and(|n| n.email()) {
                return Err(Refusal::new(
                    ErrorCode::BadEmail,
                    "this server sends no email",
                ));
            }
            if e.len() > 254 || e.parse::<lettre::Address>().is_err() {
                return Err(Refusal::new(
                    ErrorCode::BadEmail,
                    "that is not an email address",
                ));
            }
        }
        if self.seats.get(seat.index()).is_none_or(|s| s.bot.is_some()) {
            return Err(Refusal::new(ErrorCode::NoSeat, "no such seat"));
        }
        self.store
            .set_seat_email(&self.code, seat, email.as_deref())
            .await?;
        let set = email.is_some();
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.email = email;
        }
        // Never the address in a log.
        info!(seat = %seat, set, "turn emails");
        self.tell_seat(seat, &ServerMsg::NoticeEmail { set });
        Ok(())
    }

    /// Sends `msg` to every connection holding `seat`.
    pub(super) fn tell_seat(&mut self, seat: Seat, msg: &ServerMsg) {
        let conns: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.viewer == Viewer::Seat(seat))
            .map(|(id, _)| *id)
            .collect();
        for conn in conns {
            self.send(conn, msg);
        }
    }

    /// A seated player sets (or clears) the browser their push notices go
    /// to.
    pub(super) async fn set_push(
        &mut self,
        viewer: Viewer,
        subscription: Option<PushSubscription>,
    ) -> Result<(), Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "push notices are for players",
            ));
        };
        if let Some(sub) = &subscription {
            let Some(notices) = self
                .config
                .notices
                .as_ref()
                .filter(|n| n.push_key().is_some())
            else {
                return Err(Refusal::new(
                    ErrorCode::BadPush,
                    "this server sends no push notices",
                ));
            };
            notices
                .check_push(sub)
                .await
                .map_err(|e| Refusal::new(ErrorCode::BadPush, e.to_string()))?;
        }
        if self.seats.get(seat.index()).is_none_or(|s| s.bot.is_some()) {
            return Err(Refusal::new(ErrorCode::NoSeat, "no such seat"));
        }
        self.store
            .set_seat_push(&self.code, seat, subscription.as_ref())
            .await?;
        let set = subscription.is_some();
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.push = subscription;
        }
        // Never the endpoint in a log: it is the browser's address.
        info!(seat = %seat, set, "push notices");
        self.tell_seat(seat, &ServerMsg::NoticePush { set });
        Ok(())
    }

    /// The push service dropped `subscription`: if the seat still holds
    /// it, it goes (the database already forgot it).
    pub(super) fn push_gone(&mut self, seat: Seat, subscription: &PushSubscription) {
        let Some(s) = self.seats.get_mut(seat.index()) else {
            return;
        };
        if s.push.as_ref() == Some(subscription) {
            s.push = None;
            info!(seat = %seat, "push subscription gone");
            self.tell_seat(seat, &ServerMsg::NoticePush { set: false });
        }
    }

    /// The match ended: every turn-email address and push subscription
    /// goes.
    pub(super) async fn forget_notices(&mut self) {
        if self
            .seats
            .iter()
            .all(|s| s.email.is_none() && s.push.is_none())
        {
            return;
        }
        if let Err(e) = self.store.clear_seat_notices(&self.code).await {
            warn!(error = %e, "could not delete the turn-notice addresses; trying at the next match's end");
            return;
        }
        for i in 0..self.seats.len() {
            let Ok(seat) = u8::try_from(i).map(Seat) else {
                continue;
            };
            let email = self.seats[i].email.take().is_some();
            let push = self.seats[i].push.take().is_some();
            if email {
                self.tell_seat(seat, &ServerMsg::NoticeEmail { set: false });
            }
            if push {
                self.tell_seat(seat, &ServerMsg::NoticePush { set: false });
            }
        }
    }

    /// After steps were published: a notice for each seat whose player has
    /// a new turn and is away (to the room's webhook, their email and their
    /// browser),
    /// and one to the webhook when the match is over.
    pub(super) fn notify(&mut self) {
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let owing = match live.game.to_act() {
            ToAct::Seats { seats } => seats,
            _ => Vec::new(),
        };
        let result = live.game.result();
        let fresh: Vec<Seat> = owing
            .iter()
            .copied()
            .filter(|s| !self.noticed.contains(s))
            .collect();
        self.noticed = owing;
        let Some(notices) = self.config.notices.clone() else {
            return;
        };
        // Each event once, to each place it goes.
        let mut sends: Vec<(NoticeEvent, Vec<Target>)> = Vec::new();
        for seat in fresh {
            let Some(s) = self.seats.get(seat.index()) else {
                continue;
            };
            // A bot, a stand-in or a player at the table needs no notice.
            if s.bot.is_some() || s.stand_in || s.conns > 0 {
                continue;
            }
            let event = NoticeEvent::Turn {
                seat,
                player: s.name.clone(),
                with: (self.seats.iter().enumerate())
                    .filter(|(i, _)| *i != seat.index())
                    .map(|(_, o)| o.name.clone())
                    .collect(),
            };
            let targets = [
                self.webhook.clone().map(Target::Webhook),
                s.email.clone().map(Target::Email),
                s.push.clone().map(Target::Push),
            ];
            sends.push((event, targets.into_iter().flatten().collect()));
        }
        if let (Some(result), Some(w)) = (result, &self.webhook) {
            let winners = result
                .winners
                .iter()
                .filter_map(|w| self.seats.get(w.index()).map(|s| s.name.clone()))
                .collect();
            sends.push((
                NoticeEvent::Won { winners },
                vec![Target::Webhook(w.clone())],
            ));
        }
        for (event, targets) in sends {
            if targets.is_empty() {
                continue;
            }
            if !self.count_notice() {
                return;
            }
            for target in targets {
                notices.send(Notice {
                    target,
                    room: self.code.clone(),
                    game: self.options.kind(),
                    event: event.clone(),
                });
            }
        }
    }

    /// Counts one notice (an event, wherever it goes) against today's cap;
    /// `false` when it is reached.
    fn count_notice(&mut self) -> bool {
        let today = self.now_ms().div_euclid(DAY_MS);
        if self.notices_today.0 != today {
            self.notices_today = (today, 0);
        }
        if self.notices_today.1 >= self.config.notices_a_day {
            return false;
        }
        self.notices_today.1 += 1;
        true
    }
}
