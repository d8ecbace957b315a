//! One-time seat links: a code that moves a seat to another device. Only
//! the code's SHA-256 is kept, with its expiry, so that a link still works
//! once after a restart or after its room moved to another server, and
//! never twice. Every write goes through the room's fenced transaction.

use parlor_protocol::{RoomCode, Seat};
use sqlx::Row;

use super::{seat_of, SeatLinkRow, Store, StoreResult};

impl Store {
    /// Stores `link`, replacing the seat's earlier link; the room's links
    /// expired by `now` (Unix ms) go in the same transaction.
    pub async fn put_seat_link(
        &self,
        code: &RoomCode,
        link: &SeatLinkRow,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query(
            "delete from seat_link where room_code = $1 and (seat = $2 or expires_at <= $3)",
        )
        .bind(&code.0)
        .bind(i64::from(link.seat.0))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "insert into seat_link (room_code, seat, code_sha256, expires_at) values ($1, $2, $3, $4)",
        )
        .bind(&code.0)
        .bind(i64::from(link.seat.0))
        .bind(&link.code_sha256)
        .bind(link.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Uses the link whose code hashes to `code_sha256`, unexpired at `now`:
    /// in one transaction it is deleted and its seat gets the new token
    /// (the old one stops working). `None` when no such link is stored
    /// (unknown, expired or already used): nothing changes.
    pub async fn use_seat_link(
        &self,
        code: &RoomCode,
        code_sha256: &str,
        token_sha256: &str,
        now: i64,
    ) -> StoreResult<Option<Seat>> {
        let mut tx = self.room_tx(code).await?;
        let used = sqlx::query(
            "delete from seat_link where room_code = $1 and code_sha256 = $2 and expires_at > $3 \
             returning seat",
        )
        .bind(&code.0)
        .bind(code_sha256)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = used else {
            tx.rollback().await?;
            return Ok(None);
        };
        let seat = seat_of(row.try_get(0)?)?;
        sqlx::query("update seat set token_sha256 = $1 where room_code = $2 and seat = $3")
            .bind(token_sha256)
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(seat))
    }

    /// Deletes the room's links expired by `now` (Unix ms).
    pub async fn drop_expired_seat_links(&self, code: &RoomCode, now: i64) -> StoreResult<()> {
        let mut tx = self.room_tx(code).await?;
        sqlx::query("delete from seat_link where room_code = $1 and expires_at <= $2")
            .bind(&code.0)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The room's stored links, in seat order (expired ones too: the room
    /// drops those itself).
    pub async fn seat_links(&self, code: &RoomCode) -> StoreResult<Vec<SeatLinkRow>> {
        let rows = sqlx::query(
            "select seat, code_sha256, expires_at from seat_link where room_code = $1 order by seat",
        )
        .bind(&code.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(SeatLinkRow {
                    seat: seat_of(r.try_get("seat")?)?,
                    code_sha256: r.try_get("code_sha256")?,
                    expires_at: r.try_get("expires_at")?,
                })
            })
            .collect()
    }
}
