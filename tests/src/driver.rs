//! Playing matches with the [`crate::players`]: setting up a table, and
//! driving connections until their match ends.

use parlor_protocol::{ClientMsg, GameKind, GameOptions, MatchResult, ServerMsg, Viewer};

use crate::client::TestClient;
use crate::players;
use crate::Api;

/// A room with a connection per seat and some spectators.
pub struct Table {
    pub code: String,
    pub kind: GameKind,
    /// Seat tokens, by seat.
    pub tokens: Vec<String>,
    /// One connection per seat, by seat.
    pub seats: Vec<TestClient>,
    pub spectators: Vec<TestClient>,
}

impl Table {
    /// Creates a room of `kind` with `options`, seats `seats` players and
    /// connects them and `spectators` watchers; every connection has had
    /// its `Welcome`.
    pub async fn open(
        api: &Api,
        kind: GameKind,
        options: GameOptions,
        seats: u8,
        spectators: usize,
    ) -> Table {
        let host = api.create_room(kind, Some(options), "Player 0").await;
        let code = host.code.0.clone();
        let mut tokens = vec![host.token];
        for i in 1..seats {
            let joined = api.join(&code, &format!("Player {i}")).await;
            assert_eq!(joined.seat.map(|s| s.0), Some(i), "seats fill in order");
            tokens.push(joined.token);
        }
        let mut clients = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            let c = api.connect_welcomed(&code, Some(token)).await;
            assert_eq!(c.seat().map(|s| s.index()), Some(i));
            clients.push(c);
        }
        let mut watchers = Vec::new();
        for _ in 0..spectators {
            let c = api.connect_welcomed(&code, None).await;
            assert_eq!(c.you, Some(Viewer::Spectator));
            watchers.push(c);
        }
        Table {
            code,
            kind,
            tokens,
            seats: clients,
            spectators: watchers,
        }
    }

    /// A table of `kind` with the player's options `variant`, started.
    pub async fn started(
        api: &Api,
        kind: GameKind,
        variant: u64,
        seats: u8,
        spectators: usize,
    ) -> Table {
        let options = (players::player(kind).options)(variant);
        let mut t = Table::open(api, kind, options, seats, spectators).await;
        t.start().await;
        t
    }

    /// The host starts the match; every connection then holds it (the
    /// table before setup, then the setup steps).
    pub async fn start(&mut self) {
        self.seats[0].send(&ClientMsg::Start).await;
        for c in self.all_mut() {
            crate::await_start(c).await;
        }
    }

    /// After a match, every seat asks for a rematch; every connection then
    /// holds the new match.
    pub async fn rematch(&mut self) {
        for c in &mut self.seats {
            c.send(&ClientMsg::Rematch { ready: true }).await;
        }
        for c in self.all_mut() {
            crate::await_start(c).await;
        }
    }

    /// Every connection: seats, then spectators.
    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut TestClient> {
        self.seats.iter_mut().chain(self.spectators.iter_mut())
    }

    /// Plays the match to its end with every connection; returns the result.
    pub async fn play_to_end(&mut self) -> MatchResult {
        let seats = std::mem::take(&mut self.seats);
        let spectators = std::mem::take(&mut self.spectators);
        let n = seats.len();
        let mut all = play_to_end(seats.into_iter().chain(spectators).collect()).await;
        self.spectators = all.split_off(n);
        self.seats = all;
        self.seats[0].state().result.clone().unwrap()
    }
}

/// If `c` holds a seat that is to act on a settled view, sends what its
/// player decides; returns the client_seq sent.
pub async fn act_if_due(c: &mut TestClient) -> Option<u32> {
    let seat = c.seat()?;
    if c.busy() {
        return None;
    }
    let state = c.state.as_ref()?;
    if state.finished() || !state.is_to_act(seat) {
        return None;
    }
    let action = players::decide(seat, &state.typed)?;
    c.act_now(action).await
}

/// Plays one connection until its match is over (`MatchOver` received):
/// seats act as their players decide, spectators watch. Any refusal fails.
pub async fn play(mut c: TestClient) -> TestClient {
    loop {
        if let Some((code, message, seq)) = c.errors.first() {
            panic!(
                "{:?} got error {code:?} (client_seq {seq:?}): {message}",
                c.you
            );
        }
        if c.state.as_ref().is_some_and(|s| s.result.is_some()) {
            return c;
        }
        act_if_due(&mut c).await;
        c.recv().await;
    }
}

/// Reads a connection (which does not act) until its match is over.
pub async fn watch_to_end(mut c: TestClient) -> TestClient {
    while c.state.as_ref().is_none_or(|s| s.result.is_none()) {
        c.recv().await;
    }
    c
}

/// Plays every connection to the end of their match, concurrently (one task
/// each, like separate browsers); returns them in the same order, after
/// checking that all saw the same result.
pub async fn play_to_end(clients: Vec<TestClient>) -> Vec<TestClient> {
    let tasks: Vec<_> = clients.into_iter().map(|c| tokio::spawn(play(c))).collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    let first = out[0].state().result.clone();
    assert!(first.is_some());
    for c in &out {
        assert_eq!(
            c.state().result,
            first,
            "every connection sees the same result"
        );
    }
    out
}

/// Waits for `Welcome` (of a resume or not) and, if resumed, the `Update`
/// that follows it; returns (resumed, steps in that update).
pub async fn await_welcome(c: &mut TestClient) -> (bool, Option<usize>) {
    let resumed = c
        .recv_until(|m| match m {
            ServerMsg::Welcome { resumed, .. } => Some(*resumed),
            _ => None,
        })
        .await;
    if !resumed {
        return (false, None);
    }
    let steps = c
        .recv_until(|m| match m {
            ServerMsg::Update { steps, .. } => Some(steps.len()),
            _ => None,
        })
        .await;
    (true, Some(steps))
}

/// Seats `players` ("Player 0" hosting, then "Player 1"…) in a new room
/// with `options`, and runs `play(client, seat, players, store)` on one
/// task per connection: a spectator first (so it watches from the start),
/// then each seat. Returns the spectator's outcome and the seats', in seat
/// order.
pub async fn play_room_with<T, F, Fut>(
    server: &crate::TestServer,
    options: GameOptions,
    players: usize,
    play: F,
) -> (T, Vec<T>)
where
    F: Fn(TestClient, Option<parlor_protocol::Seat>, usize, parlor_server::db::Store) -> Fut,
    Fut: std::future::Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    use parlor_protocol::Seat;
    let host = server
        .create_room(options.kind(), Some(options), "Player 0")
        .await;
    let code = host.code.0.clone();
    let mut tokens = vec![host.token.clone()];
    for i in 1..players {
        let joined = server.join(&code, &format!("Player {i}")).await;
        assert_eq!(joined.seat, Some(Seat(u8::try_from(i).unwrap())));
        tokens.push(joined.token);
    }
    let store = || server.server.store.clone();
    let watcher = server.connect(&code, None).await;
    let mut tasks = vec![tokio::spawn(play(watcher, None, players, store()))];
    for (i, token) in tokens.iter().enumerate() {
        let client = server.connect(&code, Some(token)).await;
        let seat = Seat(u8::try_from(i).unwrap());
        tasks.push(tokio::spawn(play(client, Some(seat), players, store())));
    }
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap());
    }
    let spectator = results.remove(0);
    (spectator, results)
}
