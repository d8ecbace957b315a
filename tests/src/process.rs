//! The real `parlor-server` binary as a child process, for tests that kill
//! it (SIGKILL) or stop it the way an operator would (SIGTERM).
//!
//! The binary is `PARLOR_SERVER_BIN` if set, else `target/debug/parlor-server`
//! beside this test's own executable (`target/debug/deps/…`). `cargo test
//! --workspace` builds it (the server package has an integration test); when
//! it is missing or older than the server's sources, it is built once with
//! `cargo build -p parlor-server`, and the test fails with a clear message if
//! that does not work.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::Api;

/// The server binary to run (built if missing or stale).
pub fn server_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(find_or_build).clone()
}

fn find_or_build() -> PathBuf {
    if let Some(explicit) = std::env::var_os("PARLOR_SERVER_BIN") {
        let path = PathBuf::from(explicit);
        assert!(
            path.is_file(),
            "PARLOR_SERVER_BIN={} does not exist",
            path.display()
        );
        return path;
    }
    let exe = std::env::current_exe().unwrap();
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .unwrap_or_else(|| panic!("cannot place {} in a target dir", exe.display()));
    let path = dir.join(format!("parlor-server{}", std::env::consts::EXE_SUFFIX));
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let built = modified(&path);
    let sources = ["server/src", "games/src", "protocol/src", "migrations"]
        .iter()
        .filter_map(|d| newest(&workspace.join(d)))
        .max();
    let fresh = matches!((built, sources), (Some(b), Some(s)) if b >= s);
    if !fresh {
        eprintln!(
            "NOTE: {} is {}; building it with `cargo build -p parlor-server`",
            path.display(),
            if built.is_some() {
                "older than the server's sources"
            } else {
                "missing"
            }
        );
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = std::process::Command::new(cargo)
            .args(["build", "-p", "parlor-server", "--bin", "parlor-server"])
            .current_dir(&workspace)
            .status();
        match status {
            Ok(s) if s.success() => {}
            other => panic!(
                "the real server binary is needed at {} and could not be built ({other:?}); \
                 run `cargo build -p parlor-server` or set PARLOR_SERVER_BIN",
                path.display()
            ),
        }
    }
    assert!(
        path.is_file(),
        "the real server binary is missing at {}: run `cargo build -p parlor-server` \
         or set PARLOR_SERVER_BIN",
        path.display()
    );
    path
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}

fn newest(dir: &Path) -> Option<SystemTime> {
    let mut best = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let p = entry.path();
        let t = if p.is_dir() { newest(&p) } else { modified(&p) };
        best = best.max(t);
    }
    best
}

/// A running server process.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
    pub api: Api,
    pub database_url: String,
}

impl ServerProcess {
    /// Starts the binary on `database_url`, listening on `addr` (port 0 for
    /// any). When a fixed port is still held (a previous process's sockets),
    /// binding is retried for a few seconds.
    pub async fn start(
        database_url: &str,
        addr: SocketAddr,
        env: &[(&str, &str)],
    ) -> ServerProcess {
        let mut last = String::new();
        for attempt in 0..40 {
            match Self::try_start(database_url, addr, env).await {
                Ok(p) => return p,
                Err(e) => {
                    last = e;
                    // A retry after a failed bind: back off, nothing to await.
                    tokio::time::sleep(Duration::from_millis(50 * (attempt + 1).min(5))).await;
                }
            }
        }
        panic!("the server did not start on {addr}: {last}");
    }

    async fn try_start(
        database_url: &str,
        addr: SocketAddr,
        env: &[(&str, &str)],
    ) -> Result<ServerProcess, String> {
        let dir = std::env::temp_dir().join("parlor-no-web");
        let mut cmd = Command::new(server_binary());
        cmd.env("PARLOR_ADDR", addr.to_string())
            .env("DATABASE_URL", database_url)
            .env("PARLOR_WEB_DIR", dir)
            .env(
                "RUST_LOG",
                std::env::var("PARLOR_TEST_SERVER_LOG").unwrap_or_else(|_| "error".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().map_err(|e| e.to_string())?;
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = tokio::time::timeout(Duration::from_secs(60), lines.next_line())
            .await
            .map_err(|_| "no listening line within 60 s".to_owned())?
            .map_err(|e| e.to_string())?;
        let Some(line) = line else {
            let status = child.wait().await.map_err(|e| e.to_string())?;
            return Err(format!("exited before listening: {status}"));
        };
        let bound = line
            .strip_prefix("parlor listening on http://")
            .ok_or_else(|| format!("unexpected first line: {line}"))?;
        let addr: SocketAddr = bound.trim().parse().map_err(|e| format!("{bound}: {e}"))?;
        // Keep reading stdout so the child never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(ServerProcess {
            child,
            addr,
            api: Api::new(addr),
            database_url: database_url.to_owned(),
        })
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id().expect("the server process has exited")
    }

    /// SIGKILL: no grace, no cleanup. Waits for the process to be gone.
    pub async fn kill(mut self) {
        self.child.start_kill().unwrap();
        self.child.wait().await.unwrap();
    }

    /// SIGTERM, as an operator or orchestrator stops it; waits (up to
    /// `grace`) for it to exit and returns whether it exited successfully.
    pub async fn terminate(mut self, grace: Duration) -> bool {
        let pid = self.pid().to_string();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -TERM {pid} failed");
        match tokio::time::timeout(grace, self.child.wait()).await {
            Ok(status) => status.unwrap().success(),
            Err(_) => {
                self.child.start_kill().unwrap();
                let _ = self.child.wait().await;
                panic!("the server did not exit within {grace:?} of SIGTERM");
            }
        }
    }
}
