//! The room's webhook: the host sets it (checked now, refused with
//! `bad_webhook` if the server may not call it) and the room hands it a
//! notice when a seat's player has a new turn and is not at the table, and
//! when the match ends. At most one notice per seat per turn, none while
//! its player is connected, [`DAILY_CAP`] a day; the room never waits for
//! the post ([`crate::notices`]).

use parlor_protocol::room::Webhook;
use parlor_protocol::{ErrorCode, Seat, ToAct, Viewer};
use tracing::info;

use super::refusal::Refusal;
use super::state::{require_host, Room};
use crate::notices::{Notice, NoticeEvent};

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

    /// After steps were published: a notice for each seat whose player has
    /// a new turn and is away, and one when the match is over.
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
        let (Some(webhook), Some(notices)) = (self.webhook.clone(), self.config.notices.clone())
        else {
            return;
        };
        let mut events = Vec::new();
        for seat in fresh {
            let Some(s) = self.seats.get(seat.index()) else {
                continue;
            };
            // A bot, a stand-in or a player at the table needs no notice.
            if s.bot.is_some() || s.stand_in || s.conns > 0 {
                continue;
            }
            events.push(NoticeEvent::Turn {
                seat,
                player: s.name.clone(),
            });
        }
        if let Some(result) = result {
            let winners = result
                .winners
                .iter()
                .filter_map(|w| self.seats.get(w.index()).map(|s| s.name.clone()))
                .collect();
            events.push(NoticeEvent::Won { winners });
        }
        for event in events {
            if !self.count_notice() {
                return;
            }
            notices.send(Notice {
                webhook: webhook.clone(),
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
