//! Who sits where: taking a seat, the one-time links that move a seat to
//! another device, and, in the lobby only (once a match starts its seats
//! are fixed), renaming, leaving, and the host's say over who sits: moving
//! a person out of their seat to the spectators (their seat stays closed
//! until the host reopens it), and locking the room to newcomers.

use parlor_protocol::http::Joined;
use parlor_protocol::{close, ErrorCode, RoomStatus, Seat, ServerMsg, Viewer};
use tokio::time::Duration;
use tracing::{info, warn};

use super::names;
use super::refusal::Refusal;
use super::state::{require_host, Room, SeatLink, SeatState, HOST};
use super::{new_token, token_hash, ConnId, JoinError, Outgoing};
use crate::db::{SeatLinkRow, SeatRow};

/// How long a seat link works.
const SEAT_LINK_LIFE: Duration = Duration::from_secs(10 * 60);

impl Room {
    /// A newcomer takes the next open seat (HTTP join); with none open,
    /// the link still lets them watch.
    pub(super) async fn join(&mut self, name: String) -> Result<Joined, JoinError> {
        let join_path = format!("/r/{}", self.code);
        if self.status != RoomStatus::Lobby || self.open_seats() == 0 {
            // No seat left (or the host locked the room or closed the
            // rest): the link still lets them watch.
            return Ok(Joined {
                code: self.code.clone(),
                join_path,
                seat: None,
                token: String::new(),
            });
        }
        let seat = Seat(u8::try_from(self.seats.len()).unwrap_or(u8::MAX));
        let name = self.unique_name(name);
        let token = new_token();
        let row = SeatRow {
            seat,
            name: name.clone(),
            token_sha256: token_hash(&token),
            bot: None,
            stand_in: false,
        };
        self.store.add_seat(&self.code, &row).await?;
        self.seats.push(SeatState {
            name,
            token_sha256: row.token_sha256,
            conns: 0,
            away_since: None,
            bot: None,
            stand_in: false,
            email: None,
            push: None,
            expiries: 0,
        });
        info!(seat = %seat, "seat taken");
        self.broadcast_room();
        Ok(Joined {
            code: self.code.clone(),
            join_path,
            seat: Some(seat),
            token,
        })
    }

    /// Another device takes a seat by its one-time code: the seat gets a
    /// new token, and every connection holding the old one closes (its page
    /// watches on). The stored link is used up in the same transaction as
    /// the new token, so it works once, even across a restart or a move to
    /// another server.
    pub(super) async fn claim(&mut self, code: &str) -> Result<Joined, JoinError> {
        let hash = token_hash(code);
        self.drop_expired_links().await;
        let Some(i) = self.seat_links.iter().position(|l| l.code_sha256 == hash) else {
            return Err(JoinError::BadClaim);
        };
        let token = new_token();
        let token_sha256 = token_hash(&token);
        let used = self
            .store
            .use_seat_link(&self.code, &hash, &token_sha256, self.now_ms())
            .await?;
        // Gone from memory only once the store has answered: a failed write
        // leaves the link usable.
        let link = self.seat_links.remove(i);
        let Some(seat) = used else {
            // Not stored (any more): it cannot be used.
            return Err(JoinError::BadClaim);
        };
        debug_assert_eq!(seat, link.seat, "the stored link names the same seat");
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.token_sha256 = token_sha256;
        }
        info!(seat = %seat, "seat moved to another device");
        let old: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.viewer == Viewer::Seat(seat))
            .map(|(id, _)| *id)
            .collect();
        for id in old {
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.try_send(Outgoing::Close {
                    code: close::SEAT_MOVED,
                    reason: "your seat moved to another device",
                });
            }
            self.drop_conn(id);
        }
        self.room_changed();
        Ok(Joined {
            code: self.code.clone(),
            join_path: format!("/r/{}", self.code),
            seat: Some(seat),
            token,
        })
    }

    /// Gives a player a one-time code that moves their seat to another
    /// device; asking again replaces the last one. Stored (only its hash,
    /// with its expiry) before the player hears of it.
    pub(super) async fn seat_link(&mut self, conn: ConnId, viewer: Viewer) -> Result<(), Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "spectators have no seat to move",
            ));
        };
        let code = new_token();
        let now = self.now_ms();
        let link = SeatLinkRow {
            seat,
            code_sha256: token_hash(&code),
            expires_at: now + i64::try_from(SEAT_LINK_LIFE.as_millis()).unwrap_or(i64::MAX),
        };
        // The room's expired links go in the same transaction.
        self.store.put_seat_link(&self.code, &link, now).await?;
        self.seat_links
            .retain(|l| l.seat != seat && l.ends_ms > now);
        self.seat_links.push(SeatLink {
            seat,
            code_sha256: link.code_sha256,
            ends_ms: link.expires_at,
        });
        info!(seat = %seat, "seat link issued");
        self.send(
            conn,
            &ServerMsg::SeatLink {
                code,
                expires_ms: u32::try_from(SEAT_LINK_LIFE.as_millis()).unwrap_or(u32::MAX),
            },
        );
        Ok(())
    }

    /// Forgets the links that have expired, in memory and in the store (a
    /// failed delete is harmless: an expired link is refused anyway).
    async fn drop_expired_links(&mut self) {
        let now = self.now_ms();
        let before = self.seat_links.len();
        self.seat_links.retain(|l| l.ends_ms > now);
        if self.seat_links.len() < before {
            if let Err(e) = self.store.drop_expired_seat_links(&self.code, now).await {
                warn!(error = %e, "could not delete expired seat links");
            }
        }
    }

    /// `name`, or `name 2`, `name 3`… when a seat already has it or one
    /// that looks like it ([`names::look_alike`]): the turn line, the log
    /// and the history must tell players apart.
    pub(super) fn unique_name(&self, name: String) -> String {
        let taken = |n: &str| self.seats.iter().any(|s| names::look_alike(&s.name, n));
        if !taken(&name) {
            return name;
        }
        (2..)
            .map(|k| format!("{name} {k}"))
            .find(|n| !taken(n))
            .unwrap_or(name)
    }

    /// Renames `viewer`'s seat (lobby only); names stay unique in a room.
    pub(super) async fn rename(&mut self, viewer: Viewer, name: &str) -> Result<(), Refusal> {
        let seat = self.lobby_seat(viewer, "names can change in the lobby")?;
        let name = names::clean_name(name)?;
        let taken = self
            .seats
            .iter()
            .enumerate()
            .find(|(i, s)| *i != seat.index() && names::look_alike(&s.name, &name));
        if let Some((_, other)) = taken {
            return Err(Refusal::new(
                ErrorCode::NameTaken,
                format!("another player here is called {}", other.name),
            ));
        }
        self.store.rename_seat(&self.code, seat, &name).await?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.name = name;
        }
        info!(seat = %seat, "seat renamed");
        self.broadcast_room();
        Ok(())
    }

    /// `viewer` gives up its seat (lobby only): its connections watch on,
    /// later seats move up one and are told who they now are.
    pub(super) async fn leave_seat(&mut self, viewer: Viewer) -> Result<(), Refusal> {
        let seat = self.lobby_seat(viewer, "a seat can be left in the lobby")?;
        self.remove_seat(seat).await
    }

    /// Takes `seat` away (lobby only): its connections watch on, later
    /// seats move up one and are told who they now are.
    pub(super) async fn remove_seat(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.store.leave_seat(&self.code, seat).await?;
        self.seats.remove(seat.index());
        // A mute stays with the player, who may have moved up a seat.
        self.muted = self
            .muted
            .iter()
            .filter(|s| **s != seat)
            .map(|s| if *s > seat { Seat(s.0 - 1) } else { *s })
            .collect();
        // Their stored rows went with the seat (they name seats by number).
        self.seat_links.clear();
        info!(seat = %seat, "seat left");
        let moved: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter_map(|(id, c)| match c.viewer {
                Viewer::Seat(s) if s == seat => {
                    c.viewer = Viewer::Spectator;
                    Some(*id)
                }
                Viewer::Seat(s) if s > seat => {
                    c.viewer = Viewer::Seat(Seat(s.0 - 1));
                    Some(*id)
                }
                _ => None,
            })
            .collect();
        for conn in moved {
            self.welcome(conn, false);
        }
        self.broadcast_room();
        Ok(())
    }

    /// `viewer`'s seat, when the room is in the lobby.
    pub(super) fn lobby_seat(&self, viewer: Viewer, when: &str) -> Result<Seat, Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "spectators have no seat",
            ));
        };
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::NotNow,
                format!("{when}, not during or after a match"),
            ));
        }
        Ok(seat)
    }
}

/// The host's say over who sits.
impl Room {
    /// The host moves the person in `seat` to the spectators: their token
    /// stops working (the seat's row is gone), later seats move up one,
    /// and one seat stays closed to newcomers until the host reopens it.
    pub(super) async fn unseat(&mut self, viewer: Viewer, seat: Seat) -> Result<(), Refusal> {
        require_host(viewer, "move players to the spectators")?;
        self.lobby_seat(viewer, "players are moved in the lobby")?;
        if seat == HOST {
            return Err(Refusal::new(
                ErrorCode::NoSeat,
                "the host keeps their seat (leave it instead)",
            ));
        }
        match self.seats.get(seat.index()) {
            None => {
                return Err(Refusal::new(
                    ErrorCode::NoSeat,
                    format!("no player in seat {}", seat.0),
                ))
            }
            Some(s) if s.bot.is_some() => {
                return Err(Refusal::new(
                    ErrorCode::NoSeat,
                    format!("seat {} is a bot: remove it instead", seat.0),
                ))
            }
            Some(_) => {}
        }
        let theirs: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.viewer == Viewer::Seat(seat))
            .map(|(id, _)| *id)
            .collect();
        let closed = self.closed_seats.saturating_add(1);
        self.store
            .set_room_seating(&self.code, self.locked, closed)
            .await?;
        self.closed_seats = closed;
        for conn in theirs {
            let notice = Refusal::new(ErrorCode::NotSeated, "the host moved you to the spectators");
            self.send(conn, &notice.into_msg(None));
        }
        info!(seat = %seat, "player moved to the spectators by the host");
        self.remove_seat(seat).await
    }

    /// The host opens one seat that [`Room::unseat`] closed.
    pub(super) async fn reopen_seat(&mut self, viewer: Viewer) -> Result<(), Refusal> {
        require_host(viewer, "reopen seats")?;
        self.lobby_seat(viewer, "seats are reopened in the lobby")?;
        if self.closed_seats == 0 {
            return Err(Refusal::new(ErrorCode::NoSeat, "no seat is closed"));
        }
        let closed = self.closed_seats - 1;
        self.store
            .set_room_seating(&self.code, self.locked, closed)
            .await?;
        self.closed_seats = closed;
        info!(closed, "seat reopened");
        self.broadcast_room();
        Ok(())
    }

    /// The host locks the room to new players (the link then only lets
    /// people watch), or opens it again.
    pub(super) async fn lock(&mut self, viewer: Viewer, locked: bool) -> Result<(), Refusal> {
        require_host(viewer, "lock the room")?;
        self.lobby_seat(viewer, "the room is locked in the lobby")?;
        self.store
            .set_room_seating(&self.code, locked, self.closed_seats)
            .await?;
        self.locked = locked;
        info!(locked, "room lock");
        self.broadcast_room();
        Ok(())
    }

    /// Seats a newcomer may take now.
    fn open_seats(&self) -> usize {
        let (_, max) = self.options.kind().players();
        if self.locked {
            return 0;
        }
        usize::from(max).saturating_sub(self.seats.len() + usize::from(self.closed_seats))
    }

    /// Keeps closed seats within the seats left (a bot may fill one).
    pub(super) fn clamp_closed_seats(&mut self) {
        let (_, max) = self.options.kind().players();
        let left = usize::from(max).saturating_sub(self.seats.len());
        self.closed_seats = self.closed_seats.min(u8::try_from(left).unwrap_or(u8::MAX));
    }
}
