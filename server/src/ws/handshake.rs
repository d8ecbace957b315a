//! The handshake: the client's hello within its time, then the room lets
//! the connection in, or says why not (which becomes the close code).

use axum::extract::ws::Message;
use futures_util::{Sink, Stream, StreamExt};
use parlor_protocol::{close, ClientMsg, MatchId, RoomCode, Viewer};
use tokio::sync::{mpsc, oneshot};

use super::frames::{close_with, frame_error};
use super::WsLimits;
use crate::room::{ConnId, ConnectError, OpenError, Outgoing, RoomCmd, RoomHandle, Rooms, OUTBOX};

/// What a client says in its hello.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Hello {
    /// Seat token, or none to watch.
    pub token: Option<String>,
    /// The match and version it holds, to resume from.
    pub resume: Option<(MatchId, u64)>,
}

/// A connection the room let in.
#[derive(Debug)]
pub(super) struct Joined {
    /// Its id in the room.
    pub conn: ConnId,
    /// Whose eyes it sees through.
    pub viewer: Viewer,
    /// The room.
    pub room: RoomHandle,
    /// What the room sends it.
    pub out: mpsc::Receiver<Outgoing>,
}

/// Reads the client's hello. Anything else first, or nothing within
/// [`WsLimits::handshake`], closes the socket (`None`).
pub(super) async fn hello<S, R>(sink: &mut S, stream: &mut R, limits: &WsLimits) -> Option<Hello>
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let first = tokio::time::timeout(limits.handshake, stream.next()).await;
    let (code, reason) = match first {
        Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str::<ClientMsg>(&text) {
            Ok(ClientMsg::Hello {
                token,
                last_version,
                match_id,
            }) => {
                return Some(Hello {
                    token,
                    resume: match_id.zip(last_version),
                })
            }
            _ => (close::BAD_HANDSHAKE, "expected hello"),
        },
        Ok(Some(Err(e))) => frame_error(&e),
        _ => (close::BAD_HANDSHAKE, "expected hello"),
    };
    close_with(sink, stream, code, reason, limits.send_timeout).await;
    None
}

/// Asks the room named `code` to let the connection in; when it does not,
/// closes the socket with the code that says why (`None`).
pub(super) async fn join<S, R>(
    sink: &mut S,
    stream: &mut R,
    rooms: &Rooms,
    code: &RoomCode,
    hello: Hello,
    limits: &WsLimits,
) -> Option<Joined>
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    match admit(rooms, code, hello).await {
        Ok(joined) => Some(joined),
        Err((close_code, reason)) => {
            close_with(sink, stream, close_code, reason, limits.send_timeout).await;
            None
        }
    }
}

/// The room's welcome, or the close code and reason that tell the client
/// why there is none.
async fn admit(
    rooms: &Rooms,
    code: &RoomCode,
    hello: Hello,
) -> Result<Joined, (u16, &'static str)> {
    let (out_tx, out) = mpsc::channel::<Outgoing>(OUTBOX);
    let (reply, answer) = oneshot::channel();
    let connect = RoomCmd::Connect {
        token: hello.token,
        resume: hello.resume,
        out: out_tx,
        reply,
    };
    if let Err(e) = rooms.send(code, connect).await {
        return Err(match e {
            OpenError::NotFound => (close::NO_ROOM, "no such room"),
            OpenError::Broken => (close::ROOM_BROKEN, "room could not be restored"),
            OpenError::Closed(_) => (close::ROOM_CLOSED, "closed by the server's host"),
            OpenError::ShuttingDown => (close::GOING_AWAY, "server shutting down"),
            OpenError::Store(_) => (close::GOING_AWAY, "try again"),
            OpenError::Elsewhere { .. } => (close::ROOM_MOVED, "served by another server"),
            OpenError::OtherRules { retry: true, .. } => {
                (close::ROOM_MOVED, "no server runs its rules now")
            }
            OpenError::OtherRules { .. } => (close::ROOM_BROKEN, "started under other rules"),
        });
    }
    let gone = (close::GOING_AWAY, "room closed; reconnect");
    let (conn, viewer) = match answer.await {
        Ok(Ok(ok)) => ok,
        Ok(Err(ConnectError::BadToken)) => return Err((close::BAD_TOKEN, "unknown seat token")),
        Ok(Err(ConnectError::Full)) => return Err((close::TOO_MANY_CONNECTIONS, "room is full")),
        Ok(Err(ConnectError::Closed)) | Err(_) => return Err(gone),
    };
    let room = rooms.open(code).await.map_err(|_| gone)?;
    Ok(Joined {
        conn,
        viewer,
        room,
        out,
    })
}
