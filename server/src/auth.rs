//! The host's bearer tokens: the admin API's and the metrics'. Each guarded
//! place has its own [`TokenGuard`], which is always rate-limited per
//! client address (even with `PARLOR_RATE_LIMIT=off`), logs every refused
//! token (address and path, never the token), and after a few wrong tokens
//! stops looking at that address's tokens for a while, so guessing is slow
//! whatever else is configured. The address is [`PeerIp`]'s: behind a
//! proxy in `PARLOR_TRUSTED_PROXIES`, the client's, so one visitor's
//! guesses do not lock out everyone behind the proxy.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::error::AppError;
use crate::limits::{client_key, PeerIp, Rate, RateLimiter};

/// The token of `Authorization: Bearer TOKEN`; the scheme is matched
/// without regard to case (RFC 9110 §11.1).
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// Requests per address to one guarded place: plenty for a scraper every
/// few seconds and a host's page, never enough to guess.
const REQUESTS: Rate = Rate {
    count: std::num::NonZeroU32::MIN.saturating_add(59),
    per: Duration::from_secs(60),
    burst: std::num::NonZeroU32::MIN.saturating_add(29),
};

/// Wrong tokens per address before it waits: ten, then one a minute.
const FAILURES: Rate = Rate {
    count: std::num::NonZeroU32::MIN,
    per: Duration::from_secs(60),
    burst: std::num::NonZeroU32::MIN.saturating_add(9),
};

/// Addresses kept as "waiting" before expired ones are swept.
const BLOCKED_SWEEP: usize = 4096;

/// One guarded place (`admin`, `metrics`) and its token, if it needs one.
pub struct TokenGuard {
    name: &'static str,
    /// SHA-256 of the token (compared by digest: the comparison takes the
    /// same time however much of a guess is right); `None`: open.
    want: Option<[u8; 32]>,
    requests: RateLimiter,
    failures: RateLimiter,
    /// Addresses that used up their wrong tokens, until when.
    blocked: Mutex<HashMap<IpAddr, Instant>>,
}

impl TokenGuard {
    /// A guard for `name` requiring `token` (or only rate-limiting it).
    pub fn new(name: &'static str, token: Option<&str>) -> Arc<TokenGuard> {
        Arc::new(TokenGuard {
            name,
            want: token.map(|t| Sha256::digest(t.trim().as_bytes()).into()),
            requests: RateLimiter::new(name, REQUESTS),
            failures: RateLimiter::new(name, FAILURES),
            blocked: Mutex::default(),
        })
    }

    fn blocked(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Instant>> {
        self.blocked.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Lets a request from `ip` for `path` through, or says why not.
    pub fn check(&self, ip: IpAddr, headers: &HeaderMap, path: &str) -> Result<(), AppError> {
        self.requests
            .check(ip)
            .map_err(|retry_after| AppError::RateLimited { retry_after })?;
        let Some(want) = &self.want else {
            return Ok(());
        };
        let key = client_key(ip);
        let now = Instant::now();
        if let Some(until) = self.blocked().get(&key).copied() {
            if until > now {
                return Err(AppError::RateLimited {
                    retry_after: until - now,
                });
            }
        }
        let given = bearer(headers).map(|t| <[u8; 32]>::from(Sha256::digest(t.as_bytes())));
        if given.as_ref() == Some(want) {
            return Ok(());
        }
        tracing::warn!(guard = self.name, %ip, path, given = given.is_some(), "token refused");
        if let Err(wait) = self.failures.check(ip) {
            let mut blocked = self.blocked();
            if blocked.len() >= BLOCKED_SWEEP {
                blocked.retain(|_, until| *until > now);
            }
            blocked.insert(key, now + wait);
        }
        Err(AppError::Unauthorized)
    }
}

/// Middleware (`from_fn_with_state`) for a [`TokenGuard`].
pub async fn require(
    State(guard): State<Arc<TokenGuard>>,
    PeerIp(ip): PeerIp,
    request: Request,
    next: Next,
) -> Response {
    match guard.check(ip, request.headers(), request.uri().path()) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn auth(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn the_scheme_is_read_in_any_case() {
        for v in ["Bearer abc", "bearer abc", "BEARER  abc ", "bEaReR abc"] {
            assert_eq!(bearer(&auth(v)), Some("abc"), "{v}");
        }
        for v in ["Basic abc", "Bearer", "Bearer ", "Bearerabc", "abc"] {
            assert_eq!(bearer(&auth(v)), None, "{v}");
        }
        assert_eq!(bearer(&HeaderMap::new()), None);
    }

    #[test]
    fn wrong_tokens_soon_stop_being_looked_at() {
        let guard = TokenGuard::new("test", Some("the-right-token-0123"));
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let right = auth("Bearer the-right-token-0123");
        assert!(guard.check(ip, &right, "/x").is_ok());
        let mut unauthorized = 0;
        loop {
            match guard.check(ip, &auth("Bearer guess"), "/x") {
                Err(AppError::Unauthorized) => unauthorized += 1,
                Err(AppError::RateLimited { retry_after }) => {
                    assert!(retry_after > Duration::from_secs(1), "{retry_after:?}");
                    break;
                }
                other => panic!("{other:?}"),
            }
            assert!(unauthorized < 20, "never slowed down");
        }
        assert_eq!(unauthorized, 11, "ten wrong tokens, then one that blocks");
        // Now even the right token waits (a guess would look the same).
        assert!(matches!(
            guard.check(ip, &right, "/x"),
            Err(AppError::RateLimited { .. })
        ));
        // Another address is not affected.
        assert!(guard
            .check("192.0.2.2".parse().unwrap(), &right, "/x")
            .is_ok());
    }

    #[test]
    fn an_open_place_is_still_rate_limited() {
        let guard = TokenGuard::new("test", None);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let n = (0..100)
            .take_while(|_| guard.check(ip, &HeaderMap::new(), "/metrics").is_ok())
            .count();
        assert_eq!(n, 30, "the burst, then refused");
    }
}
