//! Heavy request work — reading an uploaded match record, verifying it,
//! replaying a long match — runs here, off the async runtime, on a few
//! blocking threads with a short queue. A visitor who sends record after
//! record fills the queue and is told "busy" (503 with `Retry-After`);
//! rooms, sockets and every other request keep the runtime to themselves.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// Why heavy work was not done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HeavyError {
    /// Every worker is busy and the queue is full: try again shortly.
    #[error("the server is busy with other replays: try again in a moment")]
    Busy,
    /// The work itself panicked (a bug); nothing was kept of it.
    #[error("the work failed")]
    Failed,
}

/// A bounded pool for heavy work: `workers` jobs at once, `queue` more
/// waiting, and anything beyond that refused at once.
#[derive(Debug, Clone)]
pub struct HeavyPool {
    /// Running plus waiting jobs.
    admitted: Arc<Semaphore>,
    /// Running jobs.
    running: Arc<Semaphore>,
}

impl HeavyPool {
    /// A pool of `workers` threads (at least one) with `queue` places.
    pub fn new(workers: usize, queue: usize) -> HeavyPool {
        let workers = workers.max(1);
        HeavyPool {
            admitted: Arc::new(Semaphore::new(workers + queue)),
            running: Arc::new(Semaphore::new(workers)),
        }
    }

    /// One worker fewer than the machine has cores (at least one), so the
    /// runtime always keeps a core for the rooms.
    pub fn default_workers() -> usize {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get().saturating_sub(1))
            .max(1)
    }

    /// Runs `work` on a blocking thread once a worker is free; refuses at
    /// once when the pool and its queue are full.
    pub async fn run<T, F>(&self, work: F) -> Result<T, HeavyError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let admitted = Arc::clone(&self.admitted)
            .try_acquire_owned()
            .map_err(|_| HeavyError::Busy)?;
        let running = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|_| HeavyError::Failed)?;
        let job = tokio::task::spawn_blocking(move || {
            let out = work();
            drop((running, admitted));
            out
        });
        job.await.map_err(|e| {
            tracing::error!(error = %e, "heavy work panicked");
            HeavyError::Failed
        })
    }

    /// Jobs running or queued now (for tests and metrics).
    pub fn in_use(&self, workers: usize, queue: usize) -> usize {
        (workers.max(1) + queue).saturating_sub(self.admitted.available_permits())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_pool_refuses_at_once_and_frees_its_places() {
        let pool = HeavyPool::new(1, 1);
        let (release, wait) = mpsc::channel::<()>();
        let wait = Arc::new(std::sync::Mutex::new(wait));
        // One running (blocked until released), one queued.
        let blocked = {
            let (pool, wait) = (pool.clone(), Arc::clone(&wait));
            tokio::spawn(async move { pool.run(move || wait.lock().unwrap().recv().is_ok()).await })
        };
        while pool.in_use(1, 1) < 1 {
            tokio::task::yield_now().await;
        }
        let queued = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(|| 7).await })
        };
        while pool.in_use(1, 1) < 2 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.run(|| 1).await, Err(HeavyError::Busy));
        release.send(()).unwrap();
        assert_eq!(blocked.await.unwrap(), Ok(true));
        assert_eq!(queued.await.unwrap(), Ok(7));
        assert_eq!(pool.in_use(1, 1), 0);
        assert_eq!(pool.run(|| 2).await, Ok(2));
        // A panicking job frees its place too.
        assert_eq!(
            pool.run(|| -> u8 { panic!("boom") }).await,
            Err(HeavyError::Failed)
        );
        tokio::time::timeout(Duration::from_secs(5), pool.run(|| 3))
            .await
            .unwrap()
            .unwrap();
    }
}
