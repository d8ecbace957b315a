//! Per-client limits, keyed by the client's IP address: request rates (GCRA
//! through the `governor` crate) and caps on live connections.
//!
//! The client's address is the TCP peer's, or, when the peer is a proxy in
//! [`TrustedProxies`] (`PARLOR_TRUSTED_PROXIES`), the address the proxies
//! put in `X-Forwarded-For` (see [`TrustedProxies::client`]). Clients are
//! keyed by [`client_key`]: an IPv4 address as is, an IPv6 address by its
//! /64 prefix (one household or host usually owns a whole /64, so keying by
//! full address would let it mint fresh keys at will).

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
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use ipnet::IpNet;

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

/// The client's IP address: the peer's, from the `ConnectInfo<SocketAddr>`
/// that [`crate::serve::serve`] puts on every request; or, when the request
/// carries an `Arc<TrustedProxies>` extension (the app adds one when
/// `PARLOR_TRUSTED_PROXIES` is set) and the peer is one of them, the client
/// `X-Forwarded-For` names ([`TrustedProxies::client`]). Never rejects:
/// served any other way (no `ConnectInfo`), every request counts as one
/// shared client `0.0.0.0`, so limits still hold — for everyone at once —
/// and a warning is logged once.
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
        Some(ConnectInfo(addr)) => match parts.extensions.get::<Arc<TrustedProxies>>() {
            Some(trusted) => PeerIp(trusted.client(addr.ip(), &parts.headers)),
            None => PeerIp(addr.ip()),
        },
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

/// `X-Forwarded-For`: each proxy on the way appends the address it got the
/// request from, to the header's last line or as a line of its own.
pub const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// The proxies whose `X-Forwarded-For` is believed
/// (`PARLOR_TRUSTED_PROXIES`): address ranges, none by default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

static WARNED_ALL_TRUSTED: AtomicBool = AtomicBool::new(false);

impl TrustedProxies {
    /// Parses `off` (none) or a comma-separated list of ranges
    /// (`10.0.0.0/8`, `fc00::/7`) and single addresses (`192.0.2.10`). An
    /// error names every entry that is not one; `/0` is refused (every
    /// address a proxy: no client would ever be found).
    pub fn parse(text: &str) -> Result<TrustedProxies, String> {
        let text = text.trim();
        if text == "off" {
            return Ok(TrustedProxies::default());
        }
        let mut nets = Vec::new();
        let mut bad = Vec::new();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let net = entry
                .parse::<IpNet>()
                .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from));
            match net {
                Ok(net) if net.prefix_len() > 0 => nets.push(net.trunc()),
                _ => bad.push(format!("{entry:?}")),
            }
        }
        if !bad.is_empty() {
            return Err(format!(
                "{} not an address range like 10.0.0.0/8 or fc00::/7 (or a single \
                 address; /0 is refused); write ranges separated by commas, or off",
                if bad.len() == 1 {
                    format!("{} is", bad[0])
                } else {
                    format!("{} are", bad.join(", "))
                }
            ));
        }
        if nets.is_empty() {
            return Err("no address range: write ranges separated by commas, or off".into());
        }
        Ok(TrustedProxies(nets))
    }

    /// No proxy is trusted: the peer is always the client.
    pub fn is_off(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `ip` (IPv4 also when mapped into IPv6) is in a trusted range.
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client of a request from `peer` with `headers`. An untrusted
    /// peer is the client, whatever it wrote. A trusted peer's
    /// `X-Forwarded-For` (every line, in order, each a list separated by
    /// commas) is read from the right, the end each proxy appends to:
    /// addresses in trusted ranges are proxies on the way and skipped; the
    /// first address that is not is the client. Anything further left was
    /// written by that client (or by proxies nobody vouches for) and is
    /// never believed. When there is no such address (no header, every
    /// entry trusted) or the entry in its place is not an address, the peer
    /// stays the client.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.contains(peer) {
            return peer;
        }
        let mut hops = 0;
        for line in headers.get_all(X_FORWARDED_FOR).iter().rev() {
            let Ok(line) = line.to_str() else {
                return peer;
            };
            for entry in line.rsplit(',').map(str::trim).filter(|e| !e.is_empty()) {
                match forwarded_addr(entry) {
                    Some(ip) if self.contains(ip) => hops += 1,
                    Some(ip) => return ip,
                    None => return peer,
                }
            }
        }
        if hops > 0 && !WARNED_ALL_TRUSTED.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %peer,
                "X-Forwarded-For names only trusted proxies (a proxy in front that sets no \
                 X-Forwarded-For, or a client inside PARLOR_TRUSTED_PROXIES): such requests \
                 count as the proxy's, all together"
            );
        }
        peer
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("off");
        }
        for (i, net) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{net}")?;
        }
        Ok(())
    }
}

/// One `X-Forwarded-For` entry as an address: `192.0.2.7`, `2001:db8::7`,
/// or with a port (`192.0.2.7:4711`, `[2001:db8::7]:4711`) or brackets, as
/// some proxies write it; IPv4 mapped into IPv6 as IPv4.
fn forwarded_addr(entry: &str) -> Option<IpAddr> {
    let ip = entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| {
            let inner = entry.strip_prefix('[')?.strip_suffix(']')?;
            inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6)
        })?;
    Some(ip.to_canonical())
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

    fn xff(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for line in lines {
            h.append(
                X_FORWARDED_FOR,
                axum::http::HeaderValue::from_str(line).unwrap(),
            );
        }
        h
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn private() -> TrustedProxies {
        TrustedProxies::parse("10.0.0.0/8, 172.16.0.0/12,192.168.0.0/16,fc00::/7").unwrap()
    }

    #[test]
    fn the_client_is_the_rightmost_untrusted_forwarded_address() {
        let t = private();
        let proxy = ip("10.0.0.2");
        let client = ip("203.0.113.5");
        // What the client wrote itself, further left, is never believed.
        assert_eq!(t.client(proxy, &xff(&["203.0.113.5"])), client);
        assert_eq!(t.client(proxy, &xff(&["6.6.6.6, 203.0.113.5"])), client);
        assert_eq!(t.client(proxy, &xff(&["6.6.6.6", "203.0.113.5"])), client);
        // Trusted hops (a relaying server, an inner proxy) are skipped.
        assert_eq!(
            t.client(
                proxy,
                &xff(&["6.6.6.6, 203.0.113.5, 10.1.1.1", "172.18.0.3"])
            ),
            client
        );
        // A client inside the trusted ranges cannot name a key there either.
        assert_eq!(
            t.client(proxy, &xff(&["192.168.9.9, 203.0.113.5, 192.168.1.20"])),
            client
        );
        // Every entry trusted, or no header: the peer stays.
        assert_eq!(t.client(proxy, &xff(&["10.9.9.9, 192.168.1.20"])), proxy);
        assert_eq!(t.client(proxy, &HeaderMap::new()), proxy);
        assert_eq!(t.client(proxy, &xff(&["", " , "])), proxy);
    }

    #[test]
    fn an_untrusted_peer_chooses_nothing_with_the_header() {
        let t = private();
        let peer = ip("198.51.100.1");
        assert_eq!(t.client(peer, &xff(&["203.0.113.5"])), peer);
        assert_eq!(t.client(peer, &xff(&["10.0.0.1"])), peer);
        // Off: even a private peer is the client.
        let off = TrustedProxies::parse("off").unwrap();
        assert!(off.is_off());
        assert_eq!(off, TrustedProxies::default());
        assert_eq!(
            off.client(ip("10.0.0.2"), &xff(&["203.0.113.5"])),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn forwarded_ipv6_and_mapped_addresses() {
        let t = private();
        let proxy = ip("fd00::2");
        assert_eq!(
            t.client(proxy, &xff(&["2001:db8::1, fd00::3"])),
            ip("2001:db8::1")
        );
        assert_eq!(
            t.client(proxy, &xff(&["[2001:db8::1]:4711"])),
            ip("2001:db8::1")
        );
        assert_eq!(t.client(proxy, &xff(&["[2001:db8::1]"])), ip("2001:db8::1"));
        assert_eq!(
            t.client(proxy, &xff(&["203.0.113.5:4711"])),
            ip("203.0.113.5")
        );
        // IPv4 peers and entries mapped into IPv6 (a dual-stack listener).
        let mapped_proxy = ip("::ffff:10.0.0.2");
        assert!(t.contains(mapped_proxy));
        assert_eq!(
            t.client(mapped_proxy, &xff(&["::ffff:203.0.113.5"])),
            ip("203.0.113.5")
        );
        assert_eq!(
            t.client(mapped_proxy, &xff(&["203.0.113.5, ::ffff:10.3.3.3"])),
            ip("203.0.113.5")
        );
    }

    #[test]
    fn a_garbage_entry_in_the_clients_place_leaves_the_peer() {
        let t = private();
        let proxy = ip("10.0.0.2");
        for lines in [
            &["unknown"][..],
            &["203.0.113.5, unknown"],
            &["203.0.113.5, 999.1.1.1, 10.0.0.7"],
            &["203.0.113.5", "_hidden"],
            &["2001:db8::1/64"],
        ] {
            assert_eq!(t.client(proxy, &xff(lines)), proxy, "{lines:?}");
        }
        // Garbage further left than the client is the client's business.
        assert_eq!(
            t.client(proxy, &xff(&["garbage, 203.0.113.5"])),
            ip("203.0.113.5")
        );
        assert_eq!(
            t.client(proxy, &xff(&["unknown", "203.0.113.5"])),
            ip("203.0.113.5")
        );
        // A line that is not text stops the search where it stands.
        let mut h = HeaderMap::new();
        h.append(
            X_FORWARDED_FOR,
            axum::http::HeaderValue::from_bytes(b"203.0.113.5\xff").unwrap(),
        );
        assert_eq!(t.client(proxy, &h), proxy);
        h.append(
            X_FORWARDED_FOR,
            axum::http::HeaderValue::from_static("198.51.100.4"),
        );
        assert_eq!(t.client(proxy, &h), ip("198.51.100.4"));
    }

    #[test]
    fn trusted_ranges_parse() {
        let t = TrustedProxies::parse(" 10.0.0.0/8 ,fc00::/7,192.0.2.10, 172.16.5.4/12,").unwrap();
        assert_eq!(
            t.to_string(),
            "10.0.0.0/8,fc00::/7,192.0.2.10/32,172.16.0.0/12"
        );
        assert_eq!(TrustedProxies::parse(&t.to_string()).unwrap(), t);
        assert!(t.contains(ip("10.255.0.1")));
        assert!(t.contains(ip("172.31.255.255")));
        assert!(!t.contains(ip("172.32.0.1")));
        assert!(t.contains(ip("192.0.2.10")));
        assert!(!t.contains(ip("192.0.2.11")));
        assert!(t.contains(ip("fd12::1")));
        assert!(!t.contains(ip("2001:db8::1")));
        assert_eq!(TrustedProxies::parse("off").unwrap().to_string(), "off");
        for bad in [
            "",
            ",",
            "10.0.0/8",
            "10.0.0.0/33",
            "x",
            "0.0.0.0/0",
            "::/0",
            "off,10.0.0.0/8",
        ] {
            assert!(TrustedProxies::parse(bad).is_err(), "{bad:?}");
        }
        let e = TrustedProxies::parse("10.0.0.0/8,nope,1.2.3/4").unwrap_err();
        assert!(e.contains("\"nope\", \"1.2.3/4\" are not"), "{e}");
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
