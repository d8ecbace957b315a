//! One single-mode server per database: the lock a serving process holds
//! for its whole life. Two processes that both served one database would
//! each restore and commit for the same rooms, and a room would split (a
//! seat on each side at different versions). The second is refused at
//! start instead, with a message that says why.
//!
//! Postgres: a session advisory lock on a connection of its own (not the
//! pool's), released when the process ends or dies (its connection closes).
//! SQLite: an exclusive lock on a file beside the database, released by the
//! kernel when the process ends. An in-memory database has no second user.

use std::path::{Path, PathBuf};

use sqlx::{AnyConnection, Connection};

/// Advisory lock key: "Parlor" in ASCII, as one bigint.
const LOCK_KEY: i64 = 0x5061_726c_6f72;
/// Asks for the Postgres lock this many times, this far apart.
const PG_TRIES: u32 = 6;
const PG_RETRY: std::time::Duration = std::time::Duration::from_millis(500);

/// Why the database could not be claimed for this process.
#[derive(Debug, thiserror::Error)]
pub enum ServingError {
    /// Another single-mode server holds the database.
    #[error(
        "another Parlor server is already serving {what}: one single-mode server per database \
         (two would each take the same rooms and split them). Stop the other one first; running \
         several servers on one Postgres is cluster mode (PARLOR_CLUSTER=on, docs/scaling.md)."
    )]
    Taken {
        /// The database, in words.
        what: String,
    },
    /// Cluster mode: a single-mode server holds the database.
    #[error(
        "a single-mode Parlor server is serving {what}: stop it before starting servers in \
         cluster mode on it (it would not see their claims, and rooms would split)"
    )]
    SingleServing {
        /// The database, in words.
        what: String,
    },
    /// The lock could not be taken for another reason.
    #[error("could not lock {what}: {error}")]
    Failed {
        /// The database, in words.
        what: String,
        /// Why.
        error: String,
    },
}

/// Held for as long as the process serves the database; dropping it lets
/// another server start.
#[derive(Debug)]
pub enum ServingLock {
    /// The connection holding the advisory lock.
    Postgres(AnyConnection),
    /// The locked file beside the SQLite database.
    Sqlite(std::fs::File),
    /// Nothing to hold (an in-memory database).
    None,
}

impl ServingLock {
    /// Takes the lock for the database at `url` (`sqlite_file`: its file,
    /// for SQLite), or says who has it. A server in cluster mode (`shared`,
    /// Postgres only) takes it shared with the other members: no
    /// single-mode server may start beside them, nor they beside one.
    pub async fn take(
        url: &str,
        sqlite_file: Option<&Path>,
        shared: bool,
    ) -> Result<ServingLock, ServingError> {
        if url.starts_with("sqlite:") {
            return match sqlite_file {
                Some(file) => lock_file(file),
                None => Ok(ServingLock::None),
            };
        }
        let what = "this Postgres database".to_owned();
        let failed = |e: sqlx::Error| ServingError::Failed {
            what: what.clone(),
            error: e.to_string(),
        };
        let mut conn = AnyConnection::connect(url).await.map_err(failed)?;
        // A server killed a moment ago may still hold it until Postgres
        // notices its connection closed: ask a few times before refusing.
        for attempt in 0..PG_TRIES {
            // Postgres answers a boolean; read it as text through the Any driver.
            let sql = if shared {
                "select cast(pg_try_advisory_lock_shared($1) as text)"
            } else {
                "select cast(pg_try_advisory_lock($1) as text)"
            };
            let got: String = sqlx::query_scalar(sql)
                .bind(LOCK_KEY)
                .fetch_one(&mut conn)
                .await
                .map_err(failed)?;
            if got == "true" {
                return Ok(ServingLock::Postgres(conn));
            }
            if attempt + 1 < PG_TRIES {
                tokio::time::sleep(PG_RETRY).await;
            }
        }
        let _ = conn.close().await;
        Err(if shared {
            ServingError::SingleServing { what }
        } else {
            ServingError::Taken { what }
        })
    }

    /// Lets the database go now (a graceful stop), rather than at drop.
    pub async fn release(self) {
        if let ServingLock::Postgres(conn) = self {
            let _ = conn.close().await;
        }
    }
}

/// The lock file beside a SQLite database.
fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.file_name().unwrap_or_default().to_os_string();
    name.push(".serving");
    db.with_file_name(name)
}

fn lock_file(db: &Path) -> Result<ServingLock, ServingError> {
    let path = lock_path(db);
    let what = db.display().to_string();
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| ServingError::Failed {
            what: what.clone(),
            error: format!("{}: {e}", path.display()),
        })?;
    match file.try_lock() {
        Ok(()) => Ok(ServingLock::Sqlite(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(ServingError::Taken { what }),
        Err(std::fs::TryLockError::Error(e)) => Err(ServingError::Failed {
            what,
            error: format!("{}: {e}", path.display()),
        }),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[tokio::test]
    async fn a_second_sqlite_server_is_refused_until_the_first_lets_go() {
        let dir = std::env::temp_dir().join(format!("parlor-serving-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("parlor.sqlite");
        let url = format!("sqlite:{}", db.display());
        let first = ServingLock::take(&url, Some(&db), false).await.unwrap();
        let second = ServingLock::take(&url, Some(&db), false).await.unwrap_err();
        assert!(matches!(second, ServingError::Taken { .. }), "{second}");
        assert!(second.to_string().contains("cluster mode"), "{second}");
        first.release().await;
        drop(ServingLock::take(&url, Some(&db), false).await.unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
