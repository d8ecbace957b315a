//! Between matches: the host's options and start, and after a match the
//! rematch every player asks for, or the host's way back to the lobby.

use parlor_protocol::{ErrorCode, GameOptions, RoomStatus, Viewer};
use tracing::info;

use super::refusal::Refusal;
use super::state::{require_host, Room};
use super::ConnId;

impl Room {
    /// The host sets the next match's options (lobby only, same game).
    pub(super) async fn set_options(
        &mut self,
        viewer: Viewer,
        options: GameOptions,
    ) -> Result<(), Refusal> {
        require_host(viewer, "change options")?;
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "options are fixed once the match starts",
            ));
        }
        if options.kind() != self.options.kind() {
            return Err(Refusal::new(
                ErrorCode::BadOptions,
                format!("these options are not for {}", self.options.kind().title()),
            ));
        }
        self.store.set_room_options(&self.code, &options).await?;
        self.options = options;
        self.broadcast_room();
        Ok(())
    }

    /// The host starts the match (from the lobby).
    pub(super) async fn start(&mut self, viewer: Viewer) -> Result<(), Refusal> {
        require_host(viewer, "start")?;
        match self.status {
            RoomStatus::Lobby => self.begin_match().await,
            RoomStatus::Playing => Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the match has already started",
            )),
            // The results stay until everyone has seen them and agrees.
            RoomStatus::Finished => Err(Refusal::new(
                ErrorCode::NotNow,
                "the match is over: a rematch starts when every player asks for one, \
                 or the host can go back to the lobby",
            )),
        }
    }

    /// A seat asks for (or takes back) a rematch; when every seat has asked,
    /// the next match starts with the same seats and options.
    pub(super) async fn rematch(&mut self, viewer: Viewer, ready: bool) -> Result<(), Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "spectators have no say in a rematch",
            ));
        };
        if self.status != RoomStatus::Finished {
            return Err(Refusal::new(
                ErrorCode::NotNow,
                "a rematch is asked for once a match is over",
            ));
        }
        self.rematch.retain(|s| *s != seat);
        if ready {
            self.rematch.push(seat);
            self.rematch.sort_unstable();
        }
        info!(seat = %seat, ready, "rematch");
        // Bots are always ready.
        let all = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| s.bot.is_some() || self.rematch.iter().any(|r| r.index() == i));
        if all {
            return self.begin_match().await;
        }
        self.broadcast_room();
        Ok(())
    }

    /// The host takes the room back to the lobby after a match.
    pub(super) async fn back_to_lobby(&mut self, viewer: Viewer) -> Result<(), Refusal> {
        require_host(viewer, "go back to the lobby")?;
        if self.status != RoomStatus::Finished {
            return Err(Refusal::new(
                ErrorCode::NotNow,
                "the room goes back to the lobby after a match",
            ));
        }
        self.store.set_room_status(&self.code, "lobby").await?;
        self.status = RoomStatus::Lobby;
        self.live = None;
        self.timer = None;
        self.rematch.clear();
        info!("back to the lobby");
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for conn in ids {
            self.welcome(conn, false);
        }
        self.room_changed();
        Ok(())
    }
}
