//! Cluster-mode helpers for tests that run several real server processes:
//! HAProxy in front of them with the routing of `deploy/haproxy.cfg`
//! (turned into a loopback configuration, as `scripts/check_hosting.py`
//! does), signals to a process, free loopback ports.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::process::{Child, Command};

/// A free port on 127.0.0.1 for a server that is restarted on the same
/// port: below the kernel's range of ephemeral ports when it can, so no
/// outgoing connection holds it when the server binds it again (the
/// process that binds it retries if it was taken in between).
pub fn free_addr() -> SocketAddr {
    let low = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|r| r.split_whitespace().next()?.parse::<u16>().ok())
        .unwrap_or(32768);
    if low > 12_000 {
        for _ in 0..100 {
            let port = rand::random_range(10_000..low);
            if let Ok(l) = std::net::TcpListener::bind(("127.0.0.1", port)) {
                return l.local_addr().unwrap();
            }
        }
    }
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// The HAProxy binary: `PARLOR_HAPROXY`, else `haproxy` on the `PATH` or in
/// `/usr/sbin`; `None` when there is none.
pub fn haproxy_bin() -> Option<PathBuf> {
    if let Some(explicit) = std::env::var_os("PARLOR_HAPROXY") {
        return Some(PathBuf::from(explicit));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/usr/local/sbin")])
        .map(|dir| dir.join("haproxy"))
        .find(|p| p.is_file())
}

/// `deploy/haproxy.cfg`, read now (or the file `PARLOR_HAPROXY_CFG` names:
/// a change to try before it goes into the bundle).
pub fn deploy_haproxy_cfg() -> String {
    let path = std::env::var_os("PARLOR_HAPROXY_CFG").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/haproxy.cfg"),
        PathBuf::from,
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// `cfg` (the text of `deploy/haproxy.cfg`) for servers on this host: the
/// same routing, with the servers listed instead of found through Docker's
/// DNS. The `resolvers docker` section and the ` resolvers docker init-addr
/// none` suffix go, the frontend binds `front`, and each `server-template`
/// line becomes one `server sN 127.0.0.1:PORT` line per server. The lines
/// ending in `# per-client limit` go too: every player of a test comes from
/// 127.0.0.1, and the chaos run alone opens ~150 sockets.
pub fn loopback_haproxy_cfg(cfg: &str, front: SocketAddr, servers: &[SocketAddr]) -> String {
    let listed: String = servers
        .iter()
        .enumerate()
        .map(|(i, s)| format!("    server s{} {s}\n", i + 1))
        .collect();
    let mut out = String::new();
    let mut in_resolvers = false;
    for line in cfg.lines() {
        if line.starts_with("resolvers docker") {
            in_resolvers = true;
            continue;
        }
        if in_resolvers {
            if line.starts_with("    ") {
                continue;
            }
            in_resolvers = false;
        }
        if line.trim_end().ends_with("# per-client limit") {
            continue;
        }
        if line.starts_with("    server-template ") {
            out.push_str(&listed);
            continue;
        }
        let line = line.replace(" resolvers docker init-addr none", "");
        let line = line.replace("bind :8080", &format!("bind {front}"));
        out.push_str(&line);
        out.push('\n');
    }
    // deploy/haproxy.cfg changed shape: say so rather than run something else.
    assert!(
        !out.contains("resolvers") && !out.contains("server-template"),
        "deploy/haproxy.cfg no longer turns into a loopback configuration:\n{out}"
    );
    assert!(
        out.contains(&format!("bind {front}")),
        "deploy/haproxy.cfg has no `bind :8080` line to replace:\n{out}"
    );
    assert!(
        !out.contains("stick-table") && !out.contains("track-sc") && !out.contains("sc0_"),
        "deploy/haproxy.cfg has a per-client limit not marked `# per-client limit`:\n{out}"
    );
    out
}

/// HAProxy in the foreground (`-db`) with [`loopback_haproxy_cfg`]; killed
/// when dropped.
pub struct Haproxy {
    child: Child,
    /// Where clients reach it.
    pub addr: SocketAddr,
    /// Its configuration file.
    pub cfg: PathBuf,
    /// Its standard error (its warnings: servers going up and down).
    pub log: PathBuf,
}

impl Haproxy {
    /// Starts HAProxy on `front` for `servers`, writing its configuration
    /// and log to `dir`; returns once it answers (a request reaches a ready
    /// server through it) or fails after `wait`.
    pub async fn start(
        bin: &Path,
        dir: &Path,
        front: SocketAddr,
        servers: &[SocketAddr],
        wait: Duration,
    ) -> Haproxy {
        std::fs::create_dir_all(dir).unwrap();
        let cfg = dir.join("haproxy.cfg");
        std::fs::write(
            &cfg,
            loopback_haproxy_cfg(&deploy_haproxy_cfg(), front, servers),
        )
        .unwrap();
        let log = dir.join("haproxy.log");
        let until = tokio::time::Instant::now() + wait;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        loop {
            let err = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log)
                .unwrap();
            let mut child = Command::new(bin)
                .arg("-f")
                .arg(&cfg)
                .arg("-db")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(err)
                .kill_on_drop(true)
                .spawn()
                .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
            // Up once a request passes through it; a start that failed (the
            // port still held a moment) is tried again.
            loop {
                if let Ok(Some(status)) = child.try_wait() {
                    assert!(
                        tokio::time::Instant::now() < until,
                        "HAProxy exited ({status}) and did not start again: {}",
                        tail(&log)
                    );
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    break;
                }
                let ready = http
                    .get(format!("http://{front}/api/ready"))
                    .send()
                    .await
                    .is_ok_and(|r| r.status().is_success());
                if ready {
                    return Haproxy {
                        child,
                        addr: front,
                        cfg,
                        log,
                    };
                }
                assert!(
                    tokio::time::Instant::now() < until,
                    "no request reached a ready server through HAProxy within {wait:?}: {}",
                    tail(&log)
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }

    /// SIGKILL; waits until it is gone.
    pub async fn kill(mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }
}

/// A Postgres server of the test's own (`initdb` into a scratch folder,
/// on a free loopback port), for a run that restarts its database: the
/// machine's shared Postgres serves the other tests meanwhile. Run as the
/// `postgres` user when the test runs as root (Postgres refuses root).
/// Stopped and removed when dropped.
pub struct PrivatePostgres {
    bin: PathBuf,
    dir: PathBuf,
    /// Its port on 127.0.0.1.
    pub port: u16,
    as_postgres: bool,
}

impl PrivatePostgres {
    /// The newest installed server's `bin` folder (Debian's layout), or
    /// `PARLOR_PG_BIN`.
    pub fn bin_dir() -> Option<PathBuf> {
        if let Some(explicit) = std::env::var_os("PARLOR_PG_BIN") {
            return Some(PathBuf::from(explicit));
        }
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .flatten()
            .filter_map(|e| {
                let v = e.file_name().to_str()?.parse::<u32>().ok()?;
                let bin = e.path().join("bin");
                bin.join("pg_ctl").is_file().then_some((v, bin))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    }

    /// Creates and starts one; panics with its log when it cannot.
    pub async fn start() -> PrivatePostgres {
        let bin = Self::bin_dir().expect("no Postgres server binaries (/usr/lib/postgresql/*/bin)");
        let as_postgres = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
        let dir = std::env::temp_dir().join(format!("parlor-pg-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let port = free_addr().port();
        let pg = PrivatePostgres {
            bin,
            dir,
            port,
            as_postgres,
        };
        if as_postgres {
            let owned = std::process::Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&pg.dir)
                .status()
                .unwrap();
            assert!(owned.success(), "chown postgres {}", pg.dir.display());
        }
        let data = pg.data();
        let init = pg
            .command("initdb")
            .args(["-A", "trust", "-U", "postgres", "--no-sync", "-D"])
            .arg(&data)
            .output()
            .await
            .unwrap();
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        pg.up().await;
        pg
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// One of Postgres's tools, run as the `postgres` user when needed.
    fn std_command(&self, tool: &str) -> std::process::Command {
        let exe = self.bin.join(tool);
        let mut c = if self.as_postgres {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            std::process::Command::new(exe)
        };
        c.stdin(Stdio::null());
        c
    }

    fn command(&self, tool: &str) -> Command {
        Command::from(self.std_command(tool))
    }

    /// A URL of its `postgres` database (it may create others).
    pub fn admin_url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Starts the server; returns once it accepts connections.
    pub async fn up(&self) {
        let opts = format!(
            "-p {} -c listen_addresses=127.0.0.1 -c unix_socket_directories={} \
             -c max_connections=300 -c shared_buffers=64MB",
            self.port,
            self.dir.display()
        );
        let out = self
            .command("pg_ctl")
            .args(["-w", "-t", "60", "-l"])
            .arg(self.dir.join("log"))
            .arg("-D")
            .arg(self.data())
            .args(["-o", &opts, "start"])
            .output()
            .await
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl start: {}{}",
            String::from_utf8_lossy(&out.stderr),
            tail(&self.dir.join("log"))
        );
    }

    /// Stops the server (`fast`: open transactions are rolled back and
    /// every connection is cut, as a restart by the host does).
    pub async fn down(&self) {
        let out = self
            .command("pg_ctl")
            .args(["-w", "-t", "60", "-m", "fast", "-D"])
            .arg(self.data())
            .arg("stop")
            .output()
            .await
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl stop: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = self
            .std_command("pg_ctl")
            .args(["-w", "-m", "immediate", "-D"])
            .arg(self.data())
            .arg("stop")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The last lines of a log file, for a failure message.
pub fn tail(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(30);
    format!("{}:\n{}", path.display(), lines[from..].join("\n"))
}

/// Sends `signal` (`STOP`, `CONT`, `TERM`, …) to process `pid`. After
/// `STOP`, waits until every thread of the process is stopped, so nothing
/// sent from then on is handled until `CONT`.
pub async fn signal(pid: u32, signal: &str) {
    let pid = pid.to_string();
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
    if signal != "STOP" {
        return;
    }
    let stopped = || {
        std::fs::read_dir(format!("/proc/{pid}/task")).is_ok_and(|tasks| {
            tasks.flatten().all(|t| {
                std::fs::read_to_string(t.path().join("stat")).is_ok_and(|stat| {
                    stat.rsplit_once(") ")
                        .is_some_and(|(_, rest)| rest.starts_with('T'))
                })
            })
        })
    };
    for _ in 0..1_000 {
        if stopped() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    panic!("process {pid} did not stop");
}

/// The value of an unlabelled counter or gauge in a Prometheus text page
/// (0 when it is not there yet).
pub fn metric(page: &str, name: &str) -> f64 {
    page.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .find(|(n, _)| *n == name)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deploy_config_becomes_a_loopback_one() {
        let front: SocketAddr = "127.0.0.1:9000".parse().unwrap();
        let servers: Vec<SocketAddr> = ["127.0.0.1:9001", "127.0.0.1:9002"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let cfg = loopback_haproxy_cfg(&deploy_haproxy_cfg(), front, &servers);
        assert!(cfg.contains("bind 127.0.0.1:9000"));
        // Each backend lists both servers.
        assert_eq!(cfg.matches("    server s1 127.0.0.1:9001\n").count(), 2);
        assert_eq!(cfg.matches("    server s2 127.0.0.1:9002\n").count(), 2);
        assert!(cfg.contains("balance hdr(X-Parlor-Room)"));
        assert!(cfg.contains("default-server inter 500ms fall 2 rise 3 check\n"));
        // The per-client limits are in the deploy config, marked, and gone
        // here; the rest of the frontend stays.
        let deploy = deploy_haproxy_cfg();
        let limits: Vec<&str> = deploy
            .lines()
            .filter(|l| l.trim_end().ends_with("# per-client limit"))
            .collect();
        assert!(
            limits.iter().any(|l| l.contains("sc0_conn_cur"))
                && limits.iter().any(|l| l.contains("sc0_http_req_rate")),
            "deploy/haproxy.cfg lacks its marked per-client limits: {limits:?}"
        );
        for line in &limits {
            assert!(!cfg.contains(line), "kept {line:?}");
        }
        assert!(!cfg.contains("per-client limit\n"));
        assert!(cfg.contains("frontend parlor\n"));
        assert!(cfg.contains("option forwardfor\n"));
    }

    #[test]
    fn counters_are_read_from_a_metrics_page() {
        let page = "# TYPE parlor_fenced_writes_total counter\nparlor_fenced_writes_total 3\n\
                    parlor_fenced_writes_total_x 9\n";
        assert_eq!(metric(page, "parlor_fenced_writes_total"), 3.0);
        assert_eq!(metric(page, "parlor_missing"), 0.0);
    }
}
