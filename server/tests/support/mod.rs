//! What the store's Postgres tests share: a fresh database each (the
//! `parlor-tests` crate's `TestDb` depends on this crate, so it cannot
//! serve here).
#![allow(dead_code)]

use parlor_protocol::Seat;
use parlor_server::db::NewStep;
use sqlx::Connection;

/// A fresh Postgres database for one test (required in CI).
pub struct Pg {
    admin: String,
    name: String,
    /// Its connection URL.
    pub url: String,
}

impl Pg {
    /// A new database, or `None` (with a loud note) when Postgres is
    /// unreachable outside CI; in CI an unreachable Postgres fails.
    pub async fn new() -> Option<Pg> {
        let admin = std::env::var("PARLOR_TEST_POSTGRES")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
        let mut conn = match sqlx::PgConnection::connect(&admin).await {
            Ok(c) => c,
            Err(e) => {
                if std::env::var_os("CI").is_some()
                    || std::env::var_os("PARLOR_REQUIRE_POSTGRES").is_some()
                {
                    panic!("Postgres is required here but unreachable at {admin}: {e}");
                }
                eprintln!("SKIPPING Postgres test: {admin} unreachable ({e})");
                return None;
            }
        };
        let name = format!("parlor_store_{}", uuid::Uuid::new_v4().simple());
        sqlx::query(&format!("create database {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
        let url = format!("{}/{name}", admin.rsplit_once('/').unwrap().0);
        Some(Pg { admin, name, url })
    }

    /// A connection of its own.
    pub async fn raw(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect(&self.url).await.unwrap()
    }

    /// Removes the database.
    pub async fn drop(self) {
        let mut conn = sqlx::PgConnection::connect(&self.admin).await.unwrap();
        sqlx::query(&format!(
            "drop database if exists {} with (force)",
            self.name
        ))
        .execute(&mut conn)
        .await
        .unwrap();
    }
}

/// A step of seat 0 numbered `seq`, its JSON a stand-in (the store does not
/// read it).
pub fn step(seq: u64) -> NewStep {
    NewStep {
        seq,
        seat: Some(Seat(0)),
        json: format!("{{\"n\":{seq}}}"),
        by_timer: false,
        by_stand_in: false,
    }
}
