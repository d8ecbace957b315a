//! Table talk: every chat line and reaction, numbered per room, with the
//! match it was said during (none between matches), read back a page at a
//! time for a finished match's page.

use parlor_protocol::http::ChatPage;
use parlor_protocol::{ChatLine, MatchId, RoomCode, Viewer};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::{json, parse, seat_of, NewChat, Store, StoreResult};

/// How much was said in one chat period (a match, or a room between
/// matches).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChatTally {
    /// Lines and reactions.
    pub lines: u64,
    /// Bytes of words.
    pub bytes: u64,
}

impl Store {
    /// Stores a chat line as the room's next.
    pub async fn add_chat(&self, code: &RoomCode, chat: &NewChat) -> StoreResult<()> {
        let line = &chat.line;
        let mut tx = self.room_tx(code).await?;
        sqlx::query(
            "insert into chat_line (room_code, seq, match_id, from_seat, name, body, reaction, said_at) \
             values ($1, (select coalesce(max(seq), 0) + 1 from chat_line where room_code = $1), $2, $3, $4, $5, $6, $7)",
        )
        .bind(&code.0)
        .bind(chat.match_id.map(|m| m.to_string()))
        .bind(match line.from {
            Viewer::Seat(s) => Some(i64::from(s.0)),
            Viewer::Spectator | Viewer::Revealed => None,
        })
        .bind(&line.name)
        .bind(&line.text)
        .bind(line.reaction.map(|r| json(&r)))
        .bind(line.at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A room's last `limit` chat lines, oldest first.
    pub async fn recent_chat(&self, code: &RoomCode, limit: usize) -> StoreResult<Vec<ChatLine>> {
        let rows = sqlx::query(
            "select from_seat, name, body, reaction, said_at from chat_line \
             where room_code = $1 order by seq desc limit $2",
        )
        .bind(&code.0)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        let mut lines = rows.iter().map(chat_of).collect::<StoreResult<Vec<_>>>()?;
        lines.reverse();
        Ok(lines)
    }

    /// What was said while `match_id` was the room's match, oldest first.
    pub async fn match_chat(&self, match_id: MatchId) -> StoreResult<Vec<ChatLine>> {
        let rows = sqlx::query(
            "select from_seat, name, body, reaction, said_at from chat_line \
             where match_id = $1 order by seq",
        )
        .bind(match_id.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(chat_of).collect()
    }

    /// How many lines were said while `match_id` was played.
    pub async fn match_chat_lines(&self, match_id: MatchId) -> StoreResult<u32> {
        let n: i64 = sqlx::query("select count(*) as n from chat_line where match_id = $1")
            .bind(match_id.to_string())
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// Lines `after` the `after`-th one said while a finished match was
    /// played, at most `limit`; `Ok(None)` while the match is not over
    /// (the rail's talk must not reach the players during it).
    pub async fn match_chat_page(
        &self,
        match_id: MatchId,
        after: u64,
        limit: u32,
    ) -> StoreResult<Option<ChatPage>> {
        let status: String = sqlx::query("select status from game_match where match_id = $1")
            .bind(match_id.to_string())
            .fetch_one(&self.pool)
            .await?
            .try_get("status")?;
        if status != "finished" {
            return Ok(None);
        }
        // One more than asked tells whether a next page exists.
        let rows = sqlx::query(
            "select from_seat, name, body, reaction, said_at from chat_line \
             where match_id = $1 order by seq limit $2 offset $3",
        )
        .bind(match_id.to_string())
        .bind(i64::from(limit) + 1)
        .bind(i64::try_from(after).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        let more = rows.len() > limit as usize;
        let lines = rows
            .iter()
            .take(limit as usize)
            .map(chat_of)
            .collect::<StoreResult<Vec<_>>>()?;
        Ok(Some(ChatPage {
            next: more.then(|| after + lines.len() as u64),
            lines,
        }))
    }

    /// What a chat period has taken so far: the lines of `period`'s match,
    /// or (`None`) the room's lines since its last match ended.
    pub async fn chat_tally(
        &self,
        code: &RoomCode,
        period: Option<MatchId>,
    ) -> StoreResult<ChatTally> {
        let row = match period {
            Some(m) => {
                sqlx::query(
                    "select count(*) as n, coalesce(sum(octet_length(body)), 0) as bytes \
                     from chat_line where match_id = $1",
                )
                .bind(m.to_string())
                .fetch_one(&self.pool)
                .await?
            }
            None => {
                sqlx::query(
                    "select count(*) as n, coalesce(sum(octet_length(body)), 0) as bytes \
                     from chat_line where room_code = $1 and match_id is null and said_at >= \
                     coalesce((select max(finished_at) from game_match where room_code = $1), 0)",
                )
                .bind(&code.0)
                .fetch_one(&self.pool)
                .await?
            }
        };
        let n: i64 = row.try_get("n")?;
        let bytes: i64 = row.try_get("bytes")?;
        Ok(ChatTally {
            lines: u64::try_from(n).unwrap_or(0),
            bytes: u64::try_from(bytes).unwrap_or(0),
        })
    }
}

fn chat_of(r: &AnyRow) -> StoreResult<ChatLine> {
    let reaction: Option<String> = r.try_get("reaction")?;
    Ok(ChatLine {
        from: match r.try_get::<Option<i64>, _>("from_seat")? {
            Some(s) => Viewer::Seat(seat_of(s)?),
            None => Viewer::Spectator,
        },
        name: r.try_get("name")?,
        text: r.try_get("body")?,
        reaction: reaction.as_deref().map(parse).transpose()?,
        at: r.try_get("said_at")?,
    })
}
