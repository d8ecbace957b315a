//! One WebSocket connection: handshake, then a loop that forwards the room's
//! messages out and the client's messages in.
//!
//! By step: `handshake` (the client's hello, then the room lets it in),
//! `pump` (the loop, one frame at a time) and `frames` (sends with a time
//! limit, and closing). Each works on any `Sink`/`Stream` of messages, so
//! `tests` drive them through channels, without TCP.
//!
//! Every way a connection can end has a close code (`parlor_protocol::close`):
//! oversized frames are refused from their header (1009) and invalid UTF-8
//! with 1007, a silent client is closed after [`WsLimits::idle`] (4002), a
//! client that stops reading is dropped after [`WsLimits::send_timeout`],
//! and at shutdown the room says goodbye and closes with 1001 only after
//! every action it received was answered.

mod frames;
mod handshake;
mod pump;
#[cfg(test)]
mod tests;

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use futures_util::{Sink, Stream, StreamExt};
use parlor_protocol::RoomCode;
use tokio_util::sync::CancellationToken;
use tracing::{debug, info_span, Instrument};

use crate::room::{RoomCmd, Rooms};

/// Largest message (and frame) accepted from a client.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// Per-connection limits.
#[derive(Debug, Clone)]
pub struct WsLimits {
    /// Time a client has to send `Hello`.
    pub handshake: Duration,
    /// Silence after which a client is closed (clients ping every 20 s).
    pub idle: Duration,
    /// Longest a single send may wait on a client that does not read.
    pub send_timeout: Duration,
    /// Frames (control frames included) a client may send per second.
    pub rate_per_sec: u32,
    /// Malformed messages tolerated (each answered with an error).
    pub max_bad: u32,
}

impl Default for WsLimits {
    fn default() -> Self {
        WsLimits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            send_timeout: Duration::from_secs(10),
            rate_per_sec: 40,
            max_bad: 20,
        }
    }
}

/// Sizes an upgrade: frames and messages are capped before they are
/// buffered, and buffers are small (a connection mostly idles).
pub fn configure(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(4 * 1024)
        // Frames queued together go out in one write: a flush sends them
        // (see `pump::outgoing`); a lone frame is flushed at once as before.
        .write_buffer_size(16 * 1024)
        .max_write_buffer_size(256 * 1024)
}

/// Serves one upgraded socket until either side ends it.
pub async fn serve(
    socket: WebSocket,
    rooms: Rooms,
    code: RoomCode,
    shutdown: CancellationToken,
    limits: WsLimits,
) {
    let span =
        info_span!("ws", room = %code, conn = tracing::field::Empty, seat = tracing::field::Empty);
    metrics::gauge!("parlor_connections").increment(1.0);
    run(socket.split(), rooms, code, shutdown, limits)
        .instrument(span)
        .await;
    metrics::gauge!("parlor_connections").decrement(1.0);
}

/// The connection from the client's hello to its end: let in by the room,
/// then pumped until either side ends it, and the room told it is gone.
async fn run<S, R>(
    socket: (S, R),
    rooms: Rooms,
    code: RoomCode,
    shutdown: CancellationToken,
    limits: WsLimits,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let (mut sink, mut stream) = socket;
    let Some(hello) = handshake::hello(&mut sink, &mut stream, &limits).await else {
        return;
    };
    let Some(joined) = handshake::join(&mut sink, &mut stream, &rooms, &code, hello, &limits).await
    else {
        return;
    };
    tracing::Span::current()
        .record("conn", joined.conn)
        .record("seat", tracing::field::debug(joined.viewer));
    debug!("connected");
    let (room, conn) = (joined.room.clone(), joined.conn);
    pump::pump(&mut sink, &mut stream, joined, &shutdown, &limits).await;
    let _ = room.send(RoomCmd::Disconnect { conn }).await;
    debug!("disconnected");
}
