//! Frames out: a send bounded in time, an error message as JSON, and a
//! close that lets the close frame reach the client; and the close code
//! for a frame the WebSocket layer refused on the way in.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use parlor_protocol::{close, ServerMsg};

/// At most `max` bytes of `text` (on a character boundary): parse errors
/// quote the input, which need not come back whole.
pub(super) fn truncate(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The close code for a frame the WebSocket layer refused. axum wraps the
/// tungstenite error opaquely, so its text is what tells the cases apart.
pub(super) fn frame_error(e: &axum::Error) -> (u16, &'static str) {
    let text = e.to_string();
    if text.contains("too long") || text.contains("Space limit") {
        (close::TOO_BIG, "message too big")
    } else if text.contains("UTF-8") || text.contains("utf-8") || text.contains("Utf8") {
        (close::INVALID_DATA, "text is not valid UTF-8")
    } else {
        (close::BAD_MESSAGES, "protocol error")
    }
}

/// Sends one frame; `false` once the socket is gone or the client stopped
/// reading for longer than `limit`.
pub(super) async fn send_text<S>(sink: &mut S, text: Utf8Bytes, limit: Duration) -> bool
where
    S: Sink<Message> + Unpin,
{
    matches!(
        tokio::time::timeout(limit, sink.send(Message::Text(text))).await,
        Ok(Ok(()))
    )
}

/// Sends frames in order with one flush (the socket's write buffer holds
/// them until then); `false` as [`send_text`].
pub(super) async fn send_texts<S>(sink: &mut S, texts: Vec<Utf8Bytes>, limit: Duration) -> bool
where
    S: Sink<Message> + Unpin,
{
    let all = async {
        for text in texts {
            sink.feed(Message::Text(text)).await?;
        }
        sink.flush().await
    };
    matches!(tokio::time::timeout(limit, all).await, Ok(Ok(())))
}

/// Sends one message as JSON text.
pub(super) async fn send_json<S>(sink: &mut S, msg: &ServerMsg, limit: Duration) -> bool
where
    S: Sink<Message> + Unpin,
{
    match serde_json::to_string(msg) {
        Ok(text) => send_text(sink, text.into(), limit).await,
        // Our messages are plain data; a failure here would be a bug, not the client's.
        Err(_) => true,
    }
}

/// Sends a close frame, then reads (and drops) what the client still sends
/// until it answers with its own close, for at most a second: closing a
/// socket with unread input makes the kernel send a reset, which can
/// overtake the close frame, and the client would learn nothing.
pub(super) async fn close_with<S, R>(
    sink: &mut S,
    stream: &mut R,
    code: u16,
    reason: &'static str,
    limit: Duration,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    metrics::counter!("parlor_ws_closes_total", "code" => code.to_string()).increment(1);
    let frame = Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }));
    if !matches!(
        tokio::time::timeout(limit, sink.send(frame)).await,
        Ok(Ok(()))
    ) {
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(msg)) = stream.next().await {
            if matches!(msg, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}
