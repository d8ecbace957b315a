//! The host's say over who sits: moving a person out of their seat to the
//! spectators (their seat stays closed until the host reopens it), and
//! locking the room to newcomers. All in the lobby: once a match starts its
//! seats are fixed.

use parlor_protocol::{ErrorCode, Seat, Viewer};
use tracing::info;

use super::{error, require_host, storage, ConnId, Room, HOST};

impl Room {
    /// The host moves the person in `seat` to the spectators: their token
    /// stops working (the seat's row is gone), later seats move up one,
    /// and one seat stays closed to newcomers until the host reopens it.
    pub(super) async fn unseat(
        &mut self,
        viewer: Viewer,
        seat: Seat,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "move players to the spectators")?;
        self.lobby_seat(viewer, "players are moved in the lobby")?;
        if seat == HOST {
            return Err((
                ErrorCode::NoSeat,
                "the host keeps their seat (leave it instead)".into(),
            ));
        }
        match self.seats.get(seat.index()) {
            None => return Err((ErrorCode::NoSeat, format!("no player in seat {}", seat.0))),
            Some(s) if s.bot.is_some() => {
                return Err((
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
            .await
            .map_err(storage)?;
        self.closed_seats = closed;
        for conn in theirs {
            self.send(
                conn,
                &error(
                    ErrorCode::NotSeated,
                    "the host moved you to the spectators",
                    None,
                ),
            );
        }
        info!(seat = %seat, "player moved to the spectators by the host");
        self.remove_seat(seat).await
    }

    /// The host opens one seat that [`Room::unseat`] closed.
    pub(super) async fn reopen_seat(&mut self, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "reopen seats")?;
        self.lobby_seat(viewer, "seats are reopened in the lobby")?;
        if self.closed_seats == 0 {
            return Err((ErrorCode::NoSeat, "no seat is closed".into()));
        }
        let closed = self.closed_seats - 1;
        self.store
            .set_room_seating(&self.code, self.locked, closed)
            .await
            .map_err(storage)?;
        self.closed_seats = closed;
        info!(closed, "seat reopened");
        self.broadcast_room();
        Ok(())
    }

    /// The host locks the room to new players (the link then only lets
    /// people watch), or opens it again.
    pub(super) async fn lock(
        &mut self,
        viewer: Viewer,
        locked: bool,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "lock the room")?;
        self.lobby_seat(viewer, "the room is locked in the lobby")?;
        self.store
            .set_room_seating(&self.code, locked, self.closed_seats)
            .await
            .map_err(storage)?;
        self.locked = locked;
        info!(locked, "room lock");
        self.broadcast_room();
        Ok(())
    }

    /// Seats a newcomer may take now.
    pub(super) fn open_seats(&self) -> usize {
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
