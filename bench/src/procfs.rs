//! What `/proc` says about processes and the loopback interface (Linux).

use std::collections::HashMap;

/// Clock ticks per second of `utime`/`stime` (`getconf CLK_TCK`; 100 on
/// every Linux this runs on).
const CLK_TCK: f64 = 100.0;

/// CPU seconds (user + system, all threads) a process has used so far.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields after the
    // last ')' are fixed. rest[0] is field 3 (state); utime is field 14.
    let rest: Vec<&str> = stat.get(stat.rfind(')')? + 2..)?.split(' ').collect();
    let utime: f64 = rest.get(11)?.parse().ok()?;
    let stime: f64 = rest.get(12)?.parse().ok()?;
    Some((utime + stime) / CLK_TCK)
}

/// Resident memory of a process, in KiB.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Bytes that crossed the loopback interface so far (its receive side:
/// everything sent over loopback, both directions, TCP/IP headers and ACKs
/// included), from `/proc/net/dev`.
pub fn loopback_bytes() -> Option<u64> {
    let dev = std::fs::read_to_string("/proc/net/dev").ok()?;
    let line = dev.lines().find(|l| l.trim_start().starts_with("lo:"))?;
    line.split_once(':')?
        .1
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The store's processes: explicit PIDs plus every process whose command
/// line starts with one of `prefixes` (e.g. `postgres: ` for all of a
/// Postgres server's backends and helpers).
#[derive(Debug, Clone, Default)]
pub struct ProcSet {
    /// Given PIDs.
    pub pids: Vec<u32>,
    /// Command-line prefixes.
    pub prefixes: Vec<String>,
}

impl ProcSet {
    /// Is there anything to measure?
    pub fn is_empty(&self) -> bool {
        self.pids.is_empty() && self.prefixes.is_empty()
    }

    /// CPU seconds per member process now.
    pub fn sample(&self) -> HashMap<u32, f64> {
        let mut out = HashMap::new();
        for pid in &self.pids {
            if let Some(s) = cpu_seconds(*pid) {
                out.insert(*pid, s);
            }
        }
        if !self.prefixes.is_empty() {
            let Ok(dir) = std::fs::read_dir("/proc") else {
                return out;
            };
            for entry in dir.flatten() {
                let Some(pid) = entry
                    .file_name()
                    .to_str()
                    .and_then(|s| s.parse::<u32>().ok())
                else {
                    continue;
                };
                let Ok(cmd) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
                    continue;
                };
                let cmd = String::from_utf8_lossy(&cmd);
                if self.prefixes.iter().any(|p| cmd.starts_with(p.as_str())) {
                    if let Some(s) = cpu_seconds(pid) {
                        out.insert(pid, s);
                    }
                }
            }
        }
        out
    }

    /// CPU seconds used between two samples: processes in both count their
    /// difference, processes that appeared since count all they used.
    pub fn used(before: &HashMap<u32, f64>, after: &HashMap<u32, f64>) -> f64 {
        after
            .iter()
            .map(|(pid, t)| t - before.get(pid).copied().unwrap_or(0.0))
            .filter(|d| *d >= 0.0)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn reads_this_process() {
        let me = std::process::id();
        assert!(cpu_seconds(me).is_some());
        assert!(rss_kib(me).unwrap() > 0);
        assert!(loopback_bytes().is_some());
        let set = ProcSet {
            pids: vec![me],
            prefixes: Vec::new(),
        };
        let a = set.sample();
        assert_eq!(ProcSet::used(&a, &a), 0.0);
    }
}
