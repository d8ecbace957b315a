//! "My tables": one seat's table at a glance, for the page that lists every
//! seat a browser holds. Only what that seat may see: its own views of the
//! last steps, who acts, the clock.

use parlor_protocol::tables::Table;
use parlor_protocol::{Seat, ToAct, Viewer};

use super::state::Room;
use super::token_hash;

impl Room {
    /// The table as the seat holding `token` sees it; `None` when no seat
    /// here holds it (never said apart from a room that does not exist).
    pub(super) fn table(&self, token: &str) -> Option<Box<Table>> {
        let hash = token_hash(token);
        let index = self.seats.iter().position(|s| s.token_sha256 == hash)?;
        let seat = Seat(u8::try_from(index).ok()?);
        let live = self.live.as_ref();
        let to_act = match live.map(|m| m.game.to_act()) {
            Some(ToAct::Seats { seats }) => seats,
            _ => Vec::new(),
        };
        Some(Box::new(Table {
            room: self.code.clone(),
            game: self.options.kind(),
            seat,
            players: self.seats.iter().map(|s| s.name.clone()).collect(),
            status: self.status,
            match_id: live.map(|m| m.id),
            version: live.map_or(0, |m| m.version),
            yours: to_act.contains(&seat),
            to_act,
            turn_timer: self.turn_timer,
            time_left_ms: self.deadline().map(|d| d.remaining_ms),
            last: live.map_or_else(Vec::new, |m| m.last_steps(Viewer::Seat(seat))),
            view: live.map(|m| m.game.view(Viewer::Seat(seat))),
            result: live.and_then(|m| m.game.result()),
        }))
    }
}
