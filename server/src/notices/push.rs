//! Web Push (RFC 8030): a "your turn" notice to a player's browser through
//! the push service its service worker subscribed with. The message is
//! encrypted to the browser's keys (RFC 8291, aes128gcm), so the push
//! service reads none of it, and signed with this server's VAPID key (RFC
//! 8292), which is made on first start and kept in the database: every
//! server on it signs with the same key the browsers subscribed to.

use std::sync::Arc;
use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use parlor_protocol::room::PushSubscription;
use serde_json::json;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

use super::{place, target, Notice, NoticeEvent, TargetError};
use crate::db::{Store, StoreResult};

/// How long a push service keeps a notice for a browser that is offline:
/// a turn can wait that long at the slowest pace.
const KEEP: Duration = Duration::from_secs(3 * 24 * 3600);

/// This server's VAPID key pair.
#[derive(Clone)]
pub struct PushKey {
    pair: Arc<ES256KeyPair>,
    public: String,
    /// Who runs this server, for the push services (the JWT's `sub`).
    contact: String,
}

impl std::fmt::Debug for PushKey {
    // The private half stays out of every log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushKey")
            .field("public", &self.public)
            .finish()
    }
}

impl PushKey {
    /// The key stored in `store` (made and stored on the first call).
    /// `contact` is a `mailto:` or `https:` address push services may use
    /// to reach the host.
    pub async fn load(store: &Store, contact: String) -> StoreResult<PushKey> {
        let stored = store
            .server_key("vapid", || {
                Base64UrlUnpadded::encode_string(&ES256KeyPair::generate().to_bytes())
            })
            .await?;
        let pair = Base64UrlUnpadded::decode_vec(&stored)
            .ok()
            .and_then(|b| ES256KeyPair::from_bytes(&b).ok())
            .ok_or_else(|| crate::db::StoreError::Corrupt("the stored VAPID key".into()))?;
        let public = Base64UrlUnpadded::encode_string(
            &pair.public_key().public_key().to_bytes_uncompressed(),
        );
        Ok(PushKey {
            pair: Arc::new(pair),
            public,
            contact,
        })
    }

    /// The public half, as browsers take it (`applicationServerKey`).
    pub fn public(&self) -> &str {
        &self.public
    }
}

/// A subscription's keys, read; `None` when they are not a browser's (not
/// a point on P-256, or not a 16-byte secret).
pub fn keys(sub: &PushSubscription) -> Option<(PublicKey, Auth)> {
    let point = Base64UrlUnpadded::decode_vec(sub.keys.p256dh.trim_end_matches('=')).ok()?;
    let auth = Base64UrlUnpadded::decode_vec(sub.keys.auth.trim_end_matches('=')).ok()?;
    if point.len() != 65 || auth.len() != 16 {
        return None;
    }
    let key = PublicKey::from_sec1_bytes(&point).ok()?;
    Some((key, Auth::clone_from_slice(&auth)))
}

/// Why a subscription is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PushError {
    /// Its endpoint is one notices may not go to.
    #[error("the push service's address: {0}")]
    Endpoint(TargetError),
    /// Its keys are not a browser's.
    #[error("the subscription's keys are not a browser's")]
    Keys,
    /// Too long to be a push service's address.
    #[error("the push service's address is too long")]
    TooLong,
}

/// Checks a subscription a player gives: `Ok` if notices may be pushed to it.
pub async fn check(sub: &PushSubscription, allow_private: bool) -> Result<(), PushError> {
    if sub.endpoint.len() > 2048 || sub.keys.p256dh.len() > 128 || sub.keys.auth.len() > 64 {
        return Err(PushError::TooLong);
    }
    keys(sub).ok_or(PushError::Keys)?;
    target(&sub.endpoint, allow_private)
        .await
        .map(|_| ())
        .map_err(PushError::Endpoint)
}

/// What the service worker shows: the title, the line under it, where a
/// tap goes, and a tag so a newer notice of one room replaces an older.
pub fn payload(n: &Notice, public_url: Option<&str>) -> serde_json::Value {
    let (title, body) = super::email(n, public_url);
    let body = match &n.event {
        NoticeEvent::Turn { .. } => format!("{} is waiting on you.", n.game.title()),
        NoticeEvent::Won { .. } => body,
    };
    json!({
        "title": title,
        "body": body,
        "url": format!("/r/{}", n.room.0),
        "tag": format!("parlor-{}", n.room.0),
        "room": n.room.0,
        "link": public_url.map(|_| place(&n.room, public_url)),
    })
}

/// How a push went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pushed {
    /// The push service took it.
    Sent,
    /// The push service says the subscription is gone (404, 410): forget it.
    Gone,
    /// It may pass: try again later.
    Retry,
    /// Refused for good (a bad request, an address no longer allowed).
    Failed,
}

/// Pushes `body` once to `sub`.
pub async fn push(
    sub: &PushSubscription,
    body: &serde_json::Value,
    key: &PushKey,
    topic: &str,
    allow_private: bool,
    timeout: Duration,
) -> Pushed {
    let Some((public, auth)) = keys(sub) else {
        return Pushed::Failed;
    };
    let Ok((url, addr)) = target(&sub.endpoint, allow_private).await else {
        return Pushed::Failed;
    };
    let Ok(uri) = url.as_str().parse() else {
        return Pushed::Failed;
    };
    let request = WebPushBuilder::new(uri, public, auth)
        .with_valid_duration(KEEP)
        .with_vapid(&key.pair, &key.contact)
        .build(body.to_string());
    let Ok(request) = request else {
        return Pushed::Failed;
    };
    let host = url.host_str().unwrap_or_default().to_owned();
    let Ok(client) = reqwest::Client::builder()
        .timeout(timeout)
        .redirect(reqwest::redirect::Policy::none())
        .resolve(&host, addr)
        .build()
    else {
        return Pushed::Failed;
    };
    let Ok(mut request) = reqwest::Request::try_from(request) else {
        return Pushed::Failed;
    };
    // A newer notice of the same room replaces one still waiting (RFC 8030
    // §5.4); the room's code is base64url-safe and short enough.
    if let Ok(topic) = reqwest::header::HeaderValue::from_str(topic) {
        request.headers_mut().insert("topic", topic);
    }
    match client.execute(request).await {
        Ok(r) if r.status().is_success() => Pushed::Sent,
        Ok(r) if matches!(r.status().as_u16(), 404 | 410) => Pushed::Gone,
        Ok(r) if r.status().is_server_error() || r.status().as_u16() == 429 => Pushed::Retry,
        Ok(_) => Pushed::Failed,
        Err(_) => Pushed::Retry,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use parlor_protocol::room::PushKeys;

    use super::*;

    fn sub(p256dh: &str, auth: &str) -> PushSubscription {
        PushSubscription {
            endpoint: "https://1.1.1.1/push/x".into(),
            keys: PushKeys {
                p256dh: p256dh.into(),
                auth: auth.into(),
            },
        }
    }

    #[tokio::test]
    async fn a_subscription_is_checked_when_given() {
        let browser = web_push_native::p256::SecretKey::random(&mut rand_core_os());
        let point = Base64UrlUnpadded::encode_string(
            web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(
                &browser.public_key(),
                false,
            )
            .as_bytes(),
        );
        let auth = Base64UrlUnpadded::encode_string(&[7u8; 16]);
        assert_eq!(check(&sub(&point, &auth), false).await, Ok(()));
        // Not a point on the curve, a short secret, not base64url.
        let mut bent = Base64UrlUnpadded::decode_vec(&point).unwrap();
        bent[64] ^= 1;
        let bent = Base64UrlUnpadded::encode_string(&bent);
        assert_eq!(check(&sub(&bent, &auth), false).await, Err(PushError::Keys));
        assert_eq!(
            check(&sub(&point, "AAAA"), false).await,
            Err(PushError::Keys)
        );
        assert_eq!(check(&sub("!!", &auth), false).await, Err(PushError::Keys));
        let mut local = sub(&point, &auth);
        local.endpoint = "https://127.0.0.1/push".into();
        assert_eq!(
            check(&local, false).await,
            Err(PushError::Endpoint(TargetError::NotPublic))
        );
        local.endpoint = "http://127.0.0.1:9/push".into();
        assert_eq!(check(&local, true).await, Ok(()));
        local.endpoint = format!("https://1.1.1.1/{}", "x".repeat(2100));
        assert_eq!(check(&local, true).await, Err(PushError::TooLong));
    }

    fn rand_core_os() -> web_push_native::p256::elliptic_curve::rand_core::OsRng {
        web_push_native::p256::elliptic_curve::rand_core::OsRng
    }
}
