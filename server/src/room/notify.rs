//! Notices: the room's webhook, which the host sets (checked now, refused
//! with `bad_webhook` if the server may not call it), and turn emails, which
//! each player asks for at their seat (deleted when the match ends or they
//! leave). A notice goes out when a seat's player has a new turn and is not
//! at the table, and to the webhook when the match ends. At most one notice per seat per turn, none while
//! its player is connected, [`DAILY_CAP`] a day; the room never waits for
//! the post ([`crate::notices`]).

use parlor_protocol::room::Webhook;
use parlor_protocol::{ErrorCode, Seat, ServerMsg, ToAct, Viewer};
use tracing::{info, warn};

use super::refusal::Refusal;
use super::state::{require_host, Room};
use super::ConnId;
use crate::notices::{Notice, NoticeEvent, Target};

/// Notices one room sends in a day at most.
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

    /// The match ended: every turn-email address goes.
    pub(super) async fn forget_emails(&mut self) {
        if self.seats.iter().all(|s| s.email.is_none()) {
            return;
        }
        if let Err(e) = self.store.clear_seat_emails(&self.code).await {
            warn!(error = %e, "could not delete the turn-email addresses; trying at the next match's end");
            return;
        }
        let had: Vec<Seat> = (0..self.seats.len())
            .filter(|&i| self.seats[i].email.take().is_some())
            .filter_map(|i| u8::try_from(i).ok().map(Seat))
            .collect();
        for seat in had {
            self.tell_seat(seat, &ServerMsg::NoticeEmail { set: false });
        }
    }

    /// After steps were published: a notice for each seat whose player has
    /// a new turn and is away (to the room's webhook and to their email),
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
        let mut sends = Vec::new();
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
            if let Some(w) = &self.webhook {
                sends.push((Target::Webhook(w.clone()), event.clone()));
            }
            if let Some(to) = &s.email {
                sends.push((Target::Email(to.clone()), event));
            }
        }
        if let (Some(result), Some(w)) = (result, &self.webhook) {
            let winners = result
                .winners
                .iter()
                .filter_map(|w| self.seats.get(w.index()).map(|s| s.name.clone()))
                .collect();
            sends.push((Target::Webhook(w.clone()), NoticeEvent::Won { winners }));
        }
        for (target, event) in sends {
            if !self.count_notice() {
                return;
            }
            notices.send(Notice {
                target,
                room: self.code.clone(),
                game: self.options.kind(),
                event,
            });
        }
    }

    /// Counts one notice against today's cap; `false` when it is reached.
    fn count_notice(&mut self) -> bool {
        let today = self.now_ms().div_euclid(DAY_MS);
        if self.notices_today.0 != today {
            self.notices_today = (today, 0);
        }
        if self.notices_today.1 >= DAILY_CAP {
            return false;
        }
        self.notices_today.1 += 1;
        true
    }
}
