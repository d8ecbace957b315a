//! Per-client limits, keyed by the peer's IP address: request rates (GCRA
//! through the `governor` crate) and caps on live connections.
//!
//! Clients are keyed by [`client_key`]: an IPv4 address as is, an IPv6
//! address by its /64 prefix (one household or host usually owns a whole
//! /64, so keying by full address would let it mint fresh keys at will).

use std::collections::HashMap;
use std::convert::Infallible;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

use crate::error::AppError;

/// The key a client is counted under: IPv4 (also when mapped into IPv6) as
/// is, IPv6 by its /64 prefix.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// The peer's IP address, from the `ConnectInfo<SocketAddr>` that
/// [`crate::serve::serve`] puts on every request. Never rejects: served any
/// other way (no `ConnectInfo`), every request counts as one shared client
/// `0.0.0.0`, so limits still hold — for everyone at once — and a warning is
/// logged once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeerIp(pub IpAddr);

static WARNED_NO_PEER: AtomicBool = AtomicBool::new(false);

impl<S: Send + Sync> FromRequestParts<S> for PeerIp {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(peer_ip(parts))
    }
}

fn peer_ip(parts: &Parts) -> PeerIp {
    match parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        Some(ConnectInfo(addr)) => PeerIp(addr.ip()),
        None => {
            if !WARNED_NO_PEER.swap(true, Ordering::Relaxed) {
                tracing::warn!(
                    "requests carry no peer address (not served by parlor_server::serve::serve): \
                     per-client limits count every client as one"
                );
            }
            PeerIp(IpAddr::from([0, 0, 0, 0]))
        }
    }
}

/// A request rate: `count` requests per `per`, with bursts of up to `burst`
/// (a client that waited long enough may send `burst` at once; after that
/// one more every `per / count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests replenished per `per`.
    pub count: NonZeroU32,
    /// The unit `count` is given in (1 s, 1 min or 1 h in configurations).
    pub per: Duration,
    /// Largest burst.
    pub burst: NonZeroU32,
}

impl Rate {
    /// `count` per `per`, bursts of `burst` (0 counts as 1).
    pub fn new(count: u32, per: Duration, burst: u32) -> Rate {
        Rate {
            count: NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN),
            per,
            burst: NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN),
        }
    }

    /// Time to earn back one request.
    pub fn period(&self) -> Duration {
        (self.per / self.count.get()).max(Duration::from_nanos(1))
    }

    fn quota(&self) -> Quota {
        // `with_period` is `None` only for a zero period, which `period` rules out.
        Quota::with_period(self.period())
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
            .allow_burst(self.burst)
    }

    /// Parses `COUNT/UNIT[,burst=N]`, UNIT one of `s`, `min`, `h`
    /// (e.g. `10/min`, `2/s,burst=30`). Without a burst, the burst is COUNT.
    pub fn parse(text: &str) -> Result<Rate, String> {
        let bad = || {
            format!(
                "{text:?} is not a rate: write COUNT/UNIT with UNIT s, min or h, \
                 optionally followed by ,burst=N (e.g. 10/min or 2/s,burst=30)"
            )
        };
        let (rate, burst) = match text.trim().split_once(',') {
            Some((rate, extra)) => {
                let n = extra
                    .trim()
                    .strip_prefix("burst=")
                    .and_then(|n| n.trim().parse::<u32>().ok())
                    .filter(|&n| n > 0)
                    .ok_or_else(bad)?;
                (rate.trim(), Some(n))
            }
            None => (text.trim(), None),
        };
        let (count, unit) = rate.split_once('/').ok_or_else(bad)?;
        let count = count
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(bad)?;
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(bad()),
        };
        Ok(Rate::new(count, per, burst.unwrap_or(count)))
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match self.per.as_secs() {
            1 => "s".to_owned(),
            60 => "min".to_owned(),
            3600 => "h".to_owned(),
            _ => format!("{:?}", self.per),
        };
        write!(f, "{}/{unit},burst={}", self.count, self.burst)
    }
}

/// The request rates the API enforces per client; `None` turns one off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimits {
    /// `POST /api/rooms`.
    pub create_room: Option<Rate>,
    /// Everything that takes a room code: `GET /api/rooms/{code}`,
    /// `POST /api/rooms/{code}/join`, `GET /api/rooms/{code}/ws`. Codes are
    /// the only key to a room, so guessing them must be slow.
    pub room_code: Option<Rate>,
    /// Every `/api` request, on top of the limits above.
    pub api: Option<Rate>,
}

impl RateLimits {
    /// No rate limits at all.
    pub const OFF: RateLimits = RateLimits {
        create_room: None,
        room_code: None,
        api: None,
    };

    /// The defaults: 10 rooms in a burst then one per 6 s; 30 room-code
    /// requests in a burst then 2 a second; 60 API requests in a burst then
    /// 10 a second.
    pub fn defaults() -> RateLimits {
        RateLimits {
            create_room: Some(Rate::new(10, Duration::from_secs(60), 10)),
            room_code: Some(Rate::new(2, Duration::from_secs(1), 30)),
            api: Some(Rate::new(10, Duration::from_secs(1), 60)),
        }
    }
}

/// One keyed rate limiter: a GCRA cell per client key.
pub struct RateLimiter {
    name: &'static str,
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
    checks: AtomicU64,
}

/// How often (in checks) idle client cells are swept out, bounding memory.
const SWEEP_EVERY: u64 = 4096;

impl RateLimiter {
    /// A limiter enforcing `rate`; `name` appears in logs.
    pub fn new(name: &'static str, rate: Rate) -> RateLimiter {
        let clock = DefaultClock::default();
        RateLimiter {
            name,
            limiter: governor::RateLimiter::dashmap_with_clock(rate.quota(), clock.clone()),
            clock,
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one request from `ip`; `Err(wait)` when over the limit.
    pub fn check(&self, ip: IpAddr) -> Result<(), Duration> {
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Clients whose cells are back to full capacity need no state.
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
        self.limiter
            .check_key(&client_key(ip))
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

/// Middleware (`axum::middleware::from_fn_with_state`) answering 429
/// `rate_limited` with `Retry-After` once a client is over `limiter`'s rate.
pub async fn rate_limit(
    State(limiter): State<Arc<RateLimiter>>,
    PeerIp(ip): PeerIp,
    request: Request,
    next: Next,
) -> Response {
    match limiter.check(ip) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            tracing::debug!(limit = limiter.name, %ip, ?wait, "rate limited");
            AppError::RateLimited { retry_after: wait }.into_response()
        }
    }
}

/// A cap on how many things (connections, sockets) each client holds at
/// once. [`PerIpCap::try_acquire`] hands out guards that count until dropped.
pub struct PerIpCap {
    max: Option<usize>,
    counts: Mutex<HashMap<IpAddr, usize>>,
}

impl fmt::Debug for PerIpCap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerIpCap").field("max", &self.max).finish()
    }
}

impl PerIpCap {
    /// At most `max` per client; `None` counts without a cap.
    pub fn new(max: Option<usize>) -> Arc<PerIpCap> {
        Arc::new(PerIpCap {
            max,
            counts: Mutex::default(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        // A poisoned map of counters is still a map of counters.
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// One more for `ip`, or `None` when it already holds the maximum.
    pub fn try_acquire(self: &Arc<Self>, ip: IpAddr) -> Option<PerIpGuard> {
        let key = client_key(ip);
        let mut counts = self.lock();
        let count = counts.entry(key).or_insert(0);
        if self.max.is_some_and(|max| *count >= max) {
            if *count == 0 {
                counts.remove(&key);
            }
            return None;
        }
        *count += 1;
        Some(PerIpGuard {
            cap: Arc::clone(self),
            key,
        })
    }

    /// How many `ip`'s client holds now.
    pub fn count(&self, ip: IpAddr) -> usize {
        self.lock().get(&client_key(ip)).copied().unwrap_or(0)
    }
}

/// One counted thing; dropping it gives the slot back.
#[derive(Debug)]
pub struct PerIpGuard {
    cap: Arc<PerIpCap>,
    key: IpAddr,
}

impl Drop for PerIpGuard {
    fn drop(&mut self) {
        let mut counts = self.cap.lock();
        if let Some(count) = counts.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                counts.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn keys_group_ipv6_by_prefix_and_unmap_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn rates_parse() {
        let r = Rate::parse("10/min").unwrap();
        assert_eq!(r, Rate::new(10, Duration::from_secs(60), 10));
        assert_eq!(r.period(), Duration::from_secs(6));
        let r = Rate::parse(" 2/s, burst=30 ").unwrap();
        assert_eq!(r, Rate::new(2, Duration::from_secs(1), 30));
        assert_eq!(Rate::parse(&r.to_string()).unwrap(), r);
        assert_eq!(
            Rate::parse("100/h").unwrap().period(),
            Duration::from_secs(36)
        );
        for bad in [
            "",
            "10",
            "0/s",
            "10/day",
            "x/s",
            "2/s,burst=0",
            "2/s,b=3",
            "-1/s",
        ] {
            assert!(Rate::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limiter_allows_a_burst_then_refuses_with_a_wait() {
        let limiter = RateLimiter::new("test", Rate::new(1, Duration::from_secs(60), 3));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..3 {
            assert!(limiter.check(ip).is_ok());
        }
        let wait = limiter.check(ip).unwrap_err();
        assert!(wait > Duration::from_secs(50) && wait <= Duration::from_secs(60));
        // Another client is not affected.
        assert!(limiter.check("192.0.2.2".parse().unwrap()).is_ok());
    }

    #[test]
    fn caps_count_guards_until_dropped() {
        let cap = PerIpCap::new(Some(2));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let a = cap.try_acquire(ip).unwrap();
        let b = cap.try_acquire(ip).unwrap();
        assert!(cap.try_acquire(ip).is_none());
        assert!(cap.try_acquire("192.0.2.9".parse().unwrap()).is_some());
        assert_eq!(cap.count(ip), 2);
        drop(a);
        let c = cap.try_acquire(ip).unwrap();
        drop((b, c));
        assert_eq!(cap.count(ip), 0);
        assert!(cap.lock().is_empty());
        let none = PerIpCap::new(None);
        let guards: Vec<_> = (0..100).map(|_| none.try_acquire(ip).unwrap()).collect();
        assert_eq!(none.count(ip), 100);
        drop(guards);
        assert_eq!(none.count(ip), 0);
    }
}
