//! Hard bots think here. A hard bot's search takes a few hundred
//! milliseconds of CPU, far too long for a room's task, so it runs on one
//! of a few threads of the lowest priority, apart from the runtime: the
//! operating system gives every room actor and socket the CPU first, and a
//! table of hard bots never delays another room's moves (a busy server only
//! makes its hard bots search less, since each search is capped in time).
//!
//! A room starts at most one search at a time and keeps a [`Pending`] for
//! it; dropping that (the room stopped, the match moved on, the seat was
//! taken back) stops the search at its next iteration. The search owns a
//! copy of the seat's view and legal moves only ([`HardSearch`]).

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use parlor_games::any::HardSearch;
use parlor_protocol::{AnyAction, MatchId, Seat};
use tokio::sync::oneshot;
use tracing::warn;

type Job = Box<dyn FnOnce() + Send>;

/// Why a search was not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// Every search thread is busy and the queue is full.
    #[error("every search thread is busy")]
    Busy,
    /// No search thread could be started.
    #[error("no search thread could be started")]
    Unavailable,
}

/// The shared search threads: `threads` searches at once, `queue` more
/// waiting. Threads start with the first search.
#[derive(Clone)]
pub struct Searches {
    threads: usize,
    queue: usize,
    jobs: Arc<OnceLock<Option<SyncSender<Job>>>>,
}

impl std::fmt::Debug for Searches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searches")
            .field("threads", &self.threads)
            .field("queue", &self.queue)
            .finish()
    }
}

impl Default for Searches {
    fn default() -> Self {
        Searches::new(Searches::default_threads(), 1_024)
    }
}

/// A search under way for a room; dropping it stops the search.
#[derive(Debug)]
pub struct Pending {
    stop: Arc<AtomicBool>,
    answer: oneshot::Receiver<Option<AnyAction>>,
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Pending {
    /// The move chosen; `None` if the search found none or failed (the
    /// room then plays the normal bot's move).
    pub async fn answer(&mut self) -> Option<AnyAction> {
        (&mut self.answer).await.ok().flatten()
    }
}

impl Searches {
    /// A pool of `threads` search threads (at least one) with `queue` places.
    pub fn new(threads: usize, queue: usize) -> Searches {
        Searches {
            threads: threads.max(1),
            queue,
            jobs: Arc::new(OnceLock::new()),
        }
    }

    /// One thread fewer than the machine has cores (at least one), so a
    /// core is always left to the rooms even at equal priority.
    pub fn default_threads() -> usize {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get().saturating_sub(1))
            .max(1)
    }

    /// Queues `search`; its answer comes through the [`Pending`] within
    /// `time` of now, time in the queue included. (On a server too busy to
    /// search, a hard bot plays what the normal bot would, on time.)
    pub fn start(&self, search: HardSearch, time: Duration) -> Result<Pending, ThinkError> {
        let ends = Instant::now() + time;
        self.run(move |stop| {
            let left = ends.saturating_duration_since(Instant::now());
            search.run(Some(left), stop, &mut rand::rng())
        })
    }

    /// Queues `think`, which is to return soon after its argument says stop.
    fn run<F>(&self, think: F) -> Result<Pending, ThinkError>
    where
        F: FnOnce(&dyn Fn() -> bool) -> Option<AnyAction> + Send + 'static,
    {
        let jobs = self
            .jobs
            .get_or_init(|| spawn(self.threads, self.queue))
            .as_ref()
            .ok_or(ThinkError::Unavailable)?;
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, answer) = oneshot::channel();
        let stopped = Arc::clone(&stop);
        let queued = Instant::now();
        let job: Job = Box::new(move || {
            if stopped.load(Ordering::Relaxed) {
                return;
            }
            let began = Instant::now();
            metrics::histogram!("parlor_bot_queue_seconds")
                .record(began.duration_since(queued).as_secs_f64());
            let action = think(&|| stopped.load(Ordering::Relaxed));
            metrics::histogram!("parlor_bot_search_seconds").record(began.elapsed().as_secs_f64());
            let _ = tx.send(action);
        });
        match jobs.try_send(job) {
            Ok(()) => Ok(Pending { stop, answer }),
            Err(TrySendError::Full(_)) => Err(ThinkError::Busy),
            Err(TrySendError::Disconnected(_)) => Err(ThinkError::Unavailable),
        }
    }
}

/// A hard bot's search for one decision: whose, at which step of which
/// match, and its answer once in. Dropping it stops the search.
#[derive(Debug)]
pub(crate) struct Thinking {
    pub(super) seat: Seat,
    pub(super) at: (MatchId, u64),
    pub(super) thought: Thought,
}

#[derive(Debug)]
pub(crate) enum Thought {
    Searching(Pending),
    /// The move found (`None`: none, or the search could not run; the
    /// normal bot's move is played instead).
    Answered(Option<AnyAction>),
}

/// Resolves when the search under way answers; never while none is.
pub(crate) async fn thought(thinking: &mut Option<Thinking>) -> Option<AnyAction> {
    match thinking {
        Some(Thinking {
            thought: Thought::Searching(pending),
            ..
        }) => pending.answer().await,
        _ => std::future::pending().await,
    }
}

/// Starts the threads; `None` when not one would start.
fn spawn(threads: usize, queue: usize) -> Option<SyncSender<Job>> {
    let (tx, rx) = sync_channel::<Job>(queue);
    let rx = Arc::new(Mutex::new(rx));
    let started = (0..threads)
        .filter(|i| {
            let rx = Arc::clone(&rx);
            std::thread::Builder::new()
                .name(format!("parlor-search-{i}"))
                .spawn(move || work(&rx))
                .map_err(|e| warn!(error = %e, "could not start a search thread"))
                .is_ok()
        })
        .count();
    (started > 0).then_some(tx)
}

fn work(jobs: &Mutex<Receiver<Job>>) {
    // The lowest priority: any room or socket that wants the CPU gets it
    // first. (Raising it back is not allowed, so nothing else is touched.)
    if let Err(e) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        warn!(error = ?e, "search threads run at normal priority");
    }
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        // A panicking search (a bug) drops its answer: the room plays the
        // normal bot's move; the thread lives on.
        if std::panic::catch_unwind(AssertUnwindSafe(job)).is_err() {
            warn!("a bot's search panicked");
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use parlor_games::any::{AnyGame, HardDecision};
    use parlor_protocol::{GameKind, GameOptions, Seat, ToAct};

    /// A two-seat Zoomies match at its first decision.
    fn search() -> HardSearch {
        let options = GameOptions::default_for(GameKind::Zoomies).unwrap();
        let mut game = AnyGame::new(&options, 2).unwrap();
        let mut rng = rand::rng();
        loop {
            let seat = match game.to_act() {
                ToAct::Seats { seats } => seats.first().copied().unwrap_or(Seat(0)),
                ToAct::Chance => {
                    let step = game.sample_chance(&mut rng).unwrap();
                    game.apply(&step).unwrap();
                    continue;
                }
                ToAct::Finished => panic!("finished before a decision"),
            };
            match game.hard_decision(seat) {
                HardDecision::Search(search) => return search,
                HardDecision::Forced(action) => {
                    let step = game.action_step(seat, &action.unwrap()).unwrap();
                    game.apply(&step).unwrap();
                }
            }
        }
    }

    #[tokio::test]
    async fn a_search_answers_and_a_full_queue_refuses_at_once() {
        let pool = Searches::new(1, 1);
        let mut first = pool.start(search(), Duration::from_millis(50)).unwrap();
        // The one thread is busy (or about to be) with the first; fill the queue.
        let mut queued = Vec::new();
        let refused = loop {
            match pool.start(search(), Duration::from_millis(50)) {
                Ok(p) => queued.push(p),
                Err(e) => break e,
            }
            assert!(queued.len() <= 2, "the queue holds one");
        };
        assert_eq!(refused, ThinkError::Busy);
        assert!(first.answer().await.is_some());
        for mut p in queued {
            assert!(p.answer().await.is_some());
        }
    }

    #[tokio::test]
    async fn dropping_a_pending_search_stops_it() {
        let pool = Searches::new(1, 4);
        let (started, start) = std::sync::mpsc::channel();
        let (saw, seen) = std::sync::mpsc::channel();
        let pending = pool
            .run(move |stop| {
                let _ = started.send(());
                let began = Instant::now();
                while !stop() && began.elapsed() < Duration::from_secs(60) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                let _ = saw.send(stop());
                None
            })
            .unwrap();
        start.recv_timeout(Duration::from_secs(60)).unwrap();
        drop(pending);
        assert_eq!(seen.recv_timeout(Duration::from_secs(60)), Ok(true));
        // The thread is free for the next.
        let mut next = pool.start(search(), Duration::from_millis(10)).unwrap();
        assert!(next.answer().await.is_some());
    }
}
