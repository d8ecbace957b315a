//! Configuration from the environment, with defaults that need no set-up.

use std::net::SocketAddr;
use std::path::PathBuf;

/// Server settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (`PARLOR_ADDR`, default 127.0.0.1:8080; port 0 picks one).
    pub addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite:path` (default `sqlite:data/parlor.sqlite`) or `postgres://…`.
    pub database_url: String,
    /// `PARLOR_WEB_DIR`: the built web client (default `web-client/dist`).
    pub web_dir: PathBuf,
}

/// Default SQLite file, relative to the working directory.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:data/parlor.sqlite";

impl Config {
    /// Reads the environment.
    pub fn from_env() -> anyhow::Result<Config> {
        let addr = std::env::var("PARLOR_ADDR").unwrap_or_else(|_| "127.0.0.1:8080".into());
        Ok(Config {
            addr: addr
                .parse()
                .map_err(|e| anyhow::anyhow!("PARLOR_ADDR={addr}: {e}"))?,
            database_url: std::env::var("DATABASE_URL")
                .unwrap_or_else(|_| DEFAULT_DATABASE_URL.into()),
            web_dir: std::env::var_os("PARLOR_WEB_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| "web-client/dist".into()),
        })
    }

    /// Settings for tests: port 0, the given database, the default web dir.
    pub fn for_tests(database_url: impl Into<String>) -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: database_url.into(),
            web_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client/dist")),
        }
    }

    /// For a SQLite URL, the file's parent folder (created at start-up).
    pub fn sqlite_dir(&self) -> Option<PathBuf> {
        let path = self.database_url.strip_prefix("sqlite:")?;
        let path = path.trim_start_matches("//");
        let path = path.split('?').next()?;
        if path.is_empty() || path == ":memory:" {
            return None;
        }
        PathBuf::from(path)
            .parent()
            .map(PathBuf::from)
            .filter(|p| !p.as_os_str().is_empty())
    }
}
