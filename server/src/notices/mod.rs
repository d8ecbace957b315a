//! Notices: what the server sends outside itself when a table changes: a
//! room's webhook ("Ana's turn in Zop Zoo", "Ben won"), and turn emails
//! (over the host's SMTP) and browser push notices ([`push`]) to the
//! players who asked for them. A room hands
//! a notice to a bounded queue and never waits; a worker posts each in a
//! task of its own (a few at once), retrying with backoff, so a dead or
//! slow receiver never slows a room. A notice says only what everyone at
//! the table sees: names, the game, whose turn, who won, the room's link.
//!
//! Where a notice may go: an address is checked when the host gives it
//! (`https`, and every address its name resolves to is public) and again
//! before each post, which then goes to the address just checked, not to a
//! second lookup a DNS answer could change in between. A host who wants
//! receivers on their own network (or plain `http`) says so with
//! `PARLOR_NOTICES_PRIVATE=allow`.

pub mod push;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use parlor_protocol::room::{PushSubscription, Webhook, WebhookFormat};
use parlor_protocol::{GameKind, RoomCode};
use serde_json::json;
use tokio::sync::{mpsc, Semaphore};
use tokio_util::sync::CancellationToken;
use tracing::{debug, warn};

/// Notices waiting to be posted, at most; past that new ones are dropped
/// (and counted): a room never waits for a receiver.
const QUEUE: usize = 1024;
/// Posts in flight at once.
const IN_FLIGHT: usize = 16;
/// One post's time limit, connecting included.
const TIMEOUT: Duration = Duration::from_secs(5);
/// Longest wait for a host name's addresses.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(3);
/// Waits before each retry of a failed post.
const BACKOFF: [Duration; 2] = [Duration::from_secs(1), Duration::from_secs(4)];

/// The host's SMTP server for turn emails.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// `PARLOR_SMTP_URL`: `smtps://user:pass@host`, `smtp://…?tls=required`,
    /// or (tests, a local relay) plain `smtp://host:port`.
    pub url: String,
    /// `PARLOR_SMTP_FROM`: the sender, `Parlor <games@example.org>`.
    pub from: String,
}

impl std::fmt::Debug for SmtpSettings {
    // The URL may hold the SMTP password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("url", &"(hidden)")
            .field("from", &self.from)
            .finish()
    }
}

/// Where notices may go and what their links point at.
#[derive(Debug, Clone, Default)]
pub struct NoticeSettings {
    /// `PARLOR_NOTICES_PRIVATE=allow`: `http` and addresses on private,
    /// loopback and link-local networks are allowed too.
    pub allow_private: bool,
    /// `PARLOR_PUBLIC_URL`: the room links in notices (without it a notice
    /// names the room's code).
    pub public_url: Option<String>,
    /// Turn emails' SMTP server; none: no email.
    pub smtp: Option<SmtpSettings>,
}

/// What happened.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeEvent {
    /// A seat owes a decision and its player is not at the table.
    Turn {
        /// The seat.
        seat: parlor_protocol::Seat,
        /// Its player's name.
        player: String,
        /// The other players' names.
        with: Vec<String>,
    },
    /// The match is over.
    Won {
        /// The winners' names.
        winners: Vec<String>,
    },
}

/// Where a notice goes.
#[derive(Debug, Clone)]
pub enum Target {
    /// The room's webhook.
    Webhook(Webhook),
    /// A player's email address.
    Email(String),
    /// A player's browser.
    Push(PushSubscription),
}

/// A push subscription the push service said is gone: the room forgets it.
#[derive(Debug, Clone)]
pub struct PushGone {
    /// The room.
    pub room: RoomCode,
    /// The seat that held it.
    pub seat: parlor_protocol::Seat,
    /// The subscription.
    pub subscription: PushSubscription,
}

/// One notice for one room's webhook or one player's email.
#[derive(Debug, Clone)]
pub struct Notice {
    /// Where it goes.
    pub target: Target,
    /// The room.
    pub room: RoomCode,
    /// Its game.
    pub game: GameKind,
    /// What happened.
    pub event: NoticeEvent,
}

/// Why an address is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// Not a URL, or one without a host.
    #[error("not a web address")]
    NotUrl,
    /// `http` (or another scheme) where `https` is required.
    #[error("the address must start with https://")]
    NotHttps,
    /// The name does not resolve.
    #[error("the address's host name does not resolve")]
    NoAddress,
    /// It resolves to an address on a private, loopback or link-local
    /// network (the server's own network, which a stranger must not reach
    /// through it).
    #[error("the address is not on the public internet")]
    NotPublic,
}

/// The room's handle on notices: cheap to clone.
#[derive(Debug, Clone)]
pub struct Notices {
    tx: mpsc::Sender<Notice>,
    settings: Arc<NoticeSettings>,
    mail: Option<Mail>,
    push: Option<push::PushKey>,
}

type Mailer = lettre::AsyncSmtpTransport<lettre::Tokio1Executor>;

/// The SMTP transport and the sender.
#[derive(Clone)]
struct Mail {
    mailer: Mailer,
    from: lettre::message::Mailbox,
}

impl std::fmt::Debug for Mail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mail").field("from", &self.from).finish()
    }
}

/// The SMTP settings as a transport, or why they are not one (checked at
/// start: a bad setting stops the server there).
pub fn check_smtp(smtp: &SmtpSettings) -> Result<(), String> {
    mail(smtp).map(|_| ())
}

fn mail(smtp: &SmtpSettings) -> Result<Mail, String> {
    let mailer = Mailer::from_url(&smtp.url)
        .map_err(|e| format!("not an SMTP URL: {e}"))?
        .timeout(Some(TIMEOUT))
        .build();
    let from = smtp
        .from
        .parse()
        .map_err(|e| format!("{:?}: not an address: {e}", smtp.from))?;
    Ok(Mail { mailer, from })
}

impl Notices {
    /// Starts the worker; it stops with `shutdown`. Push subscriptions the
    /// push services drop are reported on the receiver.
    pub fn start(
        settings: NoticeSettings,
        push: Option<push::PushKey>,
        shutdown: CancellationToken,
    ) -> (Notices, mpsc::Receiver<PushGone>) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let (gone_tx, gone) = mpsc::channel(QUEUE);
        let mail = settings.smtp.as_ref().and_then(|s| match mail(s) {
            Ok(m) => Some(m),
            Err(e) => {
                warn!(error = %e, "turn emails are off");
                None
            }
        });
        let settings = Arc::new(settings);
        let senders = Senders {
            settings: Arc::clone(&settings),
            mail: mail.clone(),
            push: push.clone(),
            gone: gone_tx,
        };
        tokio::spawn(work(rx, senders, shutdown));
        (
            Notices {
                tx,
                settings,
                mail,
                push,
            },
            gone,
        )
    }

    /// This server sends turn emails.
    pub fn email(&self) -> bool {
        self.mail.is_some()
    }

    /// The public push key browsers subscribe with; none: no push notices.
    pub fn push_key(&self) -> Option<&str> {
        self.push.as_ref().map(push::PushKey::public)
    }

    /// Checks a push subscription a player gives.
    pub async fn check_push(&self, sub: &PushSubscription) -> Result<(), push::PushError> {
        push::check(sub, self.settings.allow_private).await
    }

    /// Queues `notice`; never waits (a full queue drops it, counted).
    pub fn send(&self, notice: Notice) {
        if self.tx.try_send(notice).is_err() {
            metrics::counter!("parlor_notices_total", "outcome" => "dropped").increment(1);
            warn!("the notice queue is full; a notice was dropped");
        }
    }

    /// Checks an address a host gives: `Ok` if notices may be posted there.
    pub async fn check(&self, url: &str) -> Result<(), TargetError> {
        target(url, self.settings.allow_private).await.map(|_| ())
    }

    /// The notice's sentence.
    pub fn text(&self, notice: &Notice) -> String {
        text(notice, self.settings.public_url.as_deref())
    }
}

/// The room's link, or its code where the server's public address is not
/// known.
pub(crate) fn place(room: &RoomCode, public_url: Option<&str>) -> String {
    match public_url {
        Some(base) => format!("{}/r/{}", base.trim_end_matches('/'), room.0),
        None => format!("room {}", room.0),
    }
}

fn text(n: &Notice, public_url: Option<&str>) -> String {
    let game = n.game.title();
    let at = place(&n.room, public_url);
    match &n.event {
        NoticeEvent::Turn { player, .. } => format!("{player}'s turn in {game}: {at}"),
        NoticeEvent::Won { winners } => match winners.as_slice() {
            [one] => format!("{one} won {game} ({at})"),
            many => format!("{} shared the win in {game} ({at})", many.join(" and ")),
        },
    }
}

/// A turn email's subject and text.
pub fn email(n: &Notice, public_url: Option<&str>) -> (String, String) {
    let game = n.game.title();
    let at = place(&n.room, public_url);
    let with = match &n.event {
        NoticeEvent::Turn { with, .. } if !with.is_empty() => format!(" with {}", with.join(", ")),
        _ => String::new(),
    };
    let subject = format!("Your turn: {game}{with}");
    let text = format!(
        "It is your turn in {game}{with}.\n\nPlay: {at}\n\n\
         You get this because you asked for turn emails at this table. \
         The address is deleted when the match ends or you leave your seat.\n"
    );
    (subject, text)
}

/// The body `n` is posted with, in its webhook's format.
pub fn body(n: &Notice, format: WebhookFormat, public_url: Option<&str>) -> serde_json::Value {
    let text = text(n, public_url);
    match format {
        WebhookFormat::Discord => json!({ "content": text }),
        WebhookFormat::Slack => json!({ "text": text }),
        WebhookFormat::Json => {
            let link = public_url.map(|_| place(&n.room, public_url));
            match &n.event {
                NoticeEvent::Turn { seat, player, .. } => json!({
                    "event": "turn", "room": n.room.0, "game": n.game.slug(),
                    "seat": seat.0, "player": player, "link": link, "text": text,
                }),
                NoticeEvent::Won { winners } => json!({
                    "event": "won", "room": n.room.0, "game": n.game.slug(),
                    "winners": winners, "link": link, "text": text,
                }),
            }
        }
    }
}

/// The checked URL and the address to post to.
pub(crate) async fn target(
    url: &str,
    allow_private: bool,
) -> Result<(reqwest::Url, SocketAddr), TargetError> {
    let parsed = reqwest::Url::parse(url).map_err(|_| TargetError::NotUrl)?;
    match parsed.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err(TargetError::NotHttps),
    }
    let host = parsed.host_str().ok_or(TargetError::NotUrl)?.to_owned();
    let port = parsed.port_or_known_default().ok_or(TargetError::NotUrl)?;
    // An IP literal in brackets resolves as itself.
    let name = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    // Bounded: the room that asks waits for the answer.
    let lookup = tokio::net::lookup_host((name.as_str(), port));
    let addrs: Vec<SocketAddr> = tokio::time::timeout(LOOKUP_TIMEOUT, lookup)
        .await
        .map_err(|_| TargetError::NoAddress)?
        .map_err(|_| TargetError::NoAddress)?
        .collect();
    let first = *addrs.first().ok_or(TargetError::NoAddress)?;
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(TargetError::NotPublic);
    }
    Ok((parsed, first))
}

/// On the public internet: not loopback, private, link-local, shared
/// (carrier NAT), unspecified, multicast, broadcast, documentation or
/// unique-local; an IPv4 address inside IPv6 is judged as IPv4.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_multicast()
                || v4.is_broadcast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 192 && b == 0 && v4.octets()[2] == 0)
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || first == 0x2001 && v6.segments()[1] == 0x0db8)
        }
    }
}

/// What the worker sends with.
#[derive(Clone)]
struct Senders {
    settings: Arc<NoticeSettings>,
    mail: Option<Mail>,
    push: Option<push::PushKey>,
    gone: mpsc::Sender<PushGone>,
}

async fn work(mut rx: mpsc::Receiver<Notice>, senders: Senders, shutdown: CancellationToken) {
    let slots = Arc::new(Semaphore::new(IN_FLIGHT));
    loop {
        let notice = tokio::select! {
            _ = shutdown.cancelled() => return,
            n = rx.recv() => match n { Some(n) => n, None => return },
        };
        let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
            return;
        };
        let senders = senders.clone();
        let stop = shutdown.clone();
        tokio::spawn(async move {
            let sent = async {
                match &notice.target {
                    Target::Webhook(w) => post(&notice, w, &senders.settings).await,
                    Target::Email(to) => {
                        if let Some(mail) = &senders.mail {
                            send_email(&notice, to, mail, &senders.settings).await;
                        }
                    }
                    Target::Push(sub) => send_push(&notice, sub, &senders).await,
                }
            };
            tokio::select! {
                _ = stop.cancelled() => {}
                () = sent => {}
            }
            drop(slot);
        });
    }
}

/// Pushes one turn notice, retrying a failure that may pass after
/// [`BACKOFF`]; a subscription the push service says is gone is reported.
async fn send_push(notice: &Notice, sub: &PushSubscription, senders: &Senders) {
    let Some(key) = &senders.push else {
        return;
    };
    let body = push::payload(notice, senders.settings.public_url.as_deref());
    for attempt in 0..=BACKOFF.len() {
        if attempt > 0 {
            tokio::time::sleep(BACKOFF[attempt - 1]).await;
        }
        let pushed = push::push(
            sub,
            &body,
            key,
            &notice.room.0,
            senders.settings.allow_private,
            TIMEOUT,
        )
        .await;
        match pushed {
            push::Pushed::Sent => {
                metrics::counter!("parlor_notices_total", "outcome" => "sent").increment(1);
                return;
            }
            push::Pushed::Gone => {
                metrics::counter!("parlor_notices_total", "outcome" => "gone").increment(1);
                debug!(room = %notice.room, "a push subscription is gone");
                if let NoticeEvent::Turn { seat, .. } = &notice.event {
                    let _ = senders.gone.try_send(PushGone {
                        room: notice.room.clone(),
                        seat: *seat,
                        subscription: sub.clone(),
                    });
                }
                return;
            }
            push::Pushed::Failed => break,
            push::Pushed::Retry => debug!(room = %notice.room, "push not taken; retrying"),
        }
    }
    metrics::counter!("parlor_notices_total", "outcome" => "failed").increment(1);
}

/// Sends one turn email, retrying a failure that may pass (no answer, a
/// 4xx reply of the SMTP server's) after [`BACKOFF`].
async fn send_email(notice: &Notice, to: &str, mail: &Mail, settings: &NoticeSettings) {
    use lettre::AsyncTransport;
    let (subject, text) = email(notice, settings.public_url.as_deref());
    let Ok(to) = to.parse::<lettre::message::Mailbox>() else {
        return;
    };
    let message = match lettre::Message::builder()
        .from(mail.from.clone())
        .to(to)
        .subject(subject)
        .header(lettre::message::header::ContentType::TEXT_PLAIN)
        .body(text)
    {
        Ok(m) => m,
        Err(e) => {
            warn!(room = %notice.room, error = %e, "could not write a turn email");
            return;
        }
    };
    for attempt in 0..=BACKOFF.len() {
        if attempt > 0 {
            tokio::time::sleep(BACKOFF[attempt - 1]).await;
        }
        match mail.mailer.send(message.clone()).await {
            Ok(_) => {
                metrics::counter!("parlor_notices_total", "outcome" => "sent").increment(1);
                return;
            }
            Err(e) if e.is_permanent() => {
                warn!(room = %notice.room, error = %e, "the SMTP server refused a turn email");
                break;
            }
            Err(e) => debug!(room = %notice.room, error = %e, "turn email not sent; retrying"),
        }
    }
    metrics::counter!("parlor_notices_total", "outcome" => "failed").increment(1);
}

/// Posts one notice, retrying a failure that may pass (no answer, 5xx,
/// 429) after [`BACKOFF`]; the address is checked again before each try.
async fn post(notice: &Notice, webhook: &Webhook, settings: &NoticeSettings) {
    let body = body(notice, webhook.format, settings.public_url.as_deref());
    for attempt in 0..=BACKOFF.len() {
        if attempt > 0 {
            tokio::time::sleep(BACKOFF[attempt - 1]).await;
        }
        let (url, addr) = match target(&webhook.url, settings.allow_private).await {
            Ok(t) => t,
            Err(e) => {
                // Checked when given; refused now: its name points elsewhere.
                warn!(room = %notice.room, error = %e, "a webhook address is no longer one notices may go to");
                metrics::counter!("parlor_notices_total", "outcome" => "refused").increment(1);
                return;
            }
        };
        let host = url.host_str().unwrap_or_default().to_owned();
        let client = match reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .resolve(&host, addr)
            .build()
        {
            Ok(c) => c,
            Err(e) => {
                warn!(error = %e, "could not build the notice client");
                return;
            }
        };
        let request = client
            .post(url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string());
        match request.send().await {
            Ok(r) if r.status().is_success() => {
                metrics::counter!("parlor_notices_total", "outcome" => "sent").increment(1);
                debug!(room = %notice.room, "notice posted");
                return;
            }
            Ok(r) if r.status().is_server_error() || r.status().as_u16() == 429 => {
                debug!(room = %notice.room, status = %r.status(), "notice refused for now; retrying");
            }
            Ok(r) => {
                warn!(room = %notice.room, status = %r.status(), "a webhook refused a notice");
                metrics::counter!("parlor_notices_total", "outcome" => "failed").increment(1);
                return;
            }
            Err(e) => debug!(room = %notice.room, error = %e, "notice not posted; retrying"),
        }
    }
    metrics::counter!("parlor_notices_total", "outcome" => "failed").increment(1);
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "192.0.2.1",
            "::1",
            "::",
            "fc00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip} is not public");
        }
        for ip in [
            "1.1.1.1",
            "93.184.216.34",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip} is public");
        }
    }

    #[tokio::test]
    async fn an_address_is_checked_when_given() {
        assert_eq!(
            target("not a url", false).await.err(),
            Some(TargetError::NotUrl)
        );
        assert_eq!(
            target("http://1.1.1.1/x", false).await.err(),
            Some(TargetError::NotHttps)
        );
        assert_eq!(
            target("ftp://1.1.1.1/x", true).await.err(),
            Some(TargetError::NotHttps)
        );
        assert_eq!(
            target("https://127.0.0.1/x", false).await.err(),
            Some(TargetError::NotPublic)
        );
        assert_eq!(
            target("https://[::1]:8443/x", false).await.err(),
            Some(TargetError::NotPublic)
        );
        assert_eq!(
            target("https://169.254.169.254/", false).await.err(),
            Some(TargetError::NotPublic)
        );
        assert_eq!(
            target("https://localhost/x", false).await.err(),
            Some(TargetError::NotPublic)
        );
        assert!(target("https://1.1.1.1/x", false).await.is_ok());
        assert!(target("http://127.0.0.1:9/x", true).await.is_ok());
    }

    #[test]
    fn a_notice_says_only_what_the_table_sees() {
        let n = Notice {
            target: Target::Email("ana@example.org".into()),
            room: RoomCode("ABCDEFGH".into()),
            game: GameKind::ZopZoo,
            event: NoticeEvent::Turn {
                seat: parlor_protocol::Seat(1),
                player: "Ana".into(),
                with: vec!["Ben".into(), "Cy".into()],
            },
        };
        assert_eq!(
            text(&n, Some("https://g.example/")),
            "Ana's turn in Zop Zoo: https://g.example/r/ABCDEFGH"
        );
        assert_eq!(text(&n, None), "Ana's turn in Zop Zoo: room ABCDEFGH");
        let (subject, mail) = email(&n, Some("https://g.example"));
        assert_eq!(subject, "Your turn: Zop Zoo with Ben, Cy");
        assert!(mail.starts_with(
            "It is your turn in Zop Zoo with Ben, Cy.\n\nPlay: https://g.example/r/ABCDEFGH\n"
        ));
        let b = body(&n, WebhookFormat::Json, None);
        assert_eq!(b["event"], "turn");
        assert_eq!(b["seat"], 1);
        assert_eq!(b["link"], serde_json::Value::Null);
        let won = Notice {
            event: NoticeEvent::Won {
                winners: vec!["Ben".into(), "Cy".into()],
            },
            ..n
        };
        assert_eq!(
            text(&won, None),
            "Ben and Cy shared the win in Zop Zoo (room ABCDEFGH)"
        );
        assert_eq!(
            body(&won, WebhookFormat::Discord, None),
            json!({ "content": "Ben and Cy shared the win in Zop Zoo (room ABCDEFGH)" })
        );
    }
}
