//! Games played on several threads and delivered in game order as they finish, through a
//! bounded reorder buffer: memory stays constant in the number of games.
//!
//! Workers claim chunks of consecutive game indices in order (a chunk is up to
//! [`MAX_CHUNK`] games, fewer when there are few games per thread, so that slow games still
//! spread over the threads); a worker waits before playing a chunk more than
//! [`WINDOW_PER_THREAD`] × threads chunks ahead of the last delivered one, so at most that many
//! chunks of results wait for delivery. The caller's thread receives the chunks and hands each
//! result to the sink in index order, so a sink that folds them gets the same totals for every
//! thread count. Once `stop` says so (a time limit), no new game starts; the games already
//! started finish, and what is delivered is the contiguous prefix of games.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Condvar, Mutex};

use super::CliError;
use alea::kernel::SimError;

/// Chunks a thread may finish ahead of delivery.
pub const WINDOW_PER_THREAD: u64 = 4;

/// The most games in a chunk (one hand-over between threads per chunk).
pub const MAX_CHUNK: u64 = 64;

/// The games a streamed run plays: indices `first..first + count`, game `i` seeded from
/// `(seed, i)` only, on `threads` threads. `(games, seed, threads)` converts into games
/// `0..games`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Batch {
    /// The first game's index.
    pub first: u64,
    /// How many games.
    pub count: u64,
    /// The base seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: u16,
}

impl From<(u64, u64, u16)> for Batch {
    /// Games `0..games` of `seed` on `threads` threads.
    fn from((games, seed, threads): (u64, u64, u16)) -> Self {
        Batch {
            first: 0,
            count: games,
            seed,
            threads,
        }
    }
}

impl Batch {
    /// The game indices, `first..first + count` (an error when that passes `u64::MAX`).
    pub fn indices(&self) -> Result<Range<u64>, CliError> {
        match self.first.checked_add(self.count) {
            Some(end) => Ok(self.first..end),
            None => Err(CliError::Usage(format!(
                "games {} + {} pass the last game index (2^64 - 1)",
                self.first, self.count
            ))),
        }
    }
}

/// What a streamed run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// Games delivered to the sink (the run's first `delivered` games).
    pub delivered: u64,
    /// True when `stop` ended the run before every game was played.
    pub truncated: bool,
}

/// The delivered chunk count the workers wait on.
struct Delivered {
    chunks: Mutex<u64>,
    moved: Condvar,
}

impl Delivered {
    /// Waits until `chunk` is within the window of the delivered chunks (or `abort`).
    fn wait_for_room(&self, chunk: u64, window: u64, abort: &AtomicBool) {
        let mut delivered = self.chunks.lock().unwrap_or_else(|e| e.into_inner());
        while chunk >= delivered.saturating_add(window) && !abort.load(Ordering::Relaxed) {
            delivered = self
                .moved
                .wait(delivered)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    fn set(&self, chunks: u64) {
        *self.chunks.lock().unwrap_or_else(|e| e.into_inner()) = chunks;
        self.moved.notify_all();
    }
}

/// A chunk's results, and whether `stop` cut it short.
struct Chunk<T> {
    results: Result<Vec<T>, SimError>,
    cut: bool,
}

/// Plays the games of indices `range` on `threads` threads (each makes its state with `make`
/// once, then calls `play(state, index)` for the indices it claims) and hands every result to
/// `sink(index, result)` in index order on the caller's thread. `stop` is asked before each
/// game starts. The first error (a game's or the sink's) ends the run and is returned.
pub fn stream_games<S, T: Send>(
    range: Range<u64>,
    threads: u16,
    stop: &(dyn Fn() -> bool + Sync),
    make: &(dyn Fn() -> Result<S, SimError> + Sync),
    play: &(dyn Fn(&mut S, u64) -> Result<T, SimError> + Sync),
    sink: &mut dyn FnMut(u64, T) -> Result<(), CliError>,
) -> Result<Streamed, CliError> {
    let (base, games) = (range.start, range.end.saturating_sub(range.start));
    let threads = u64::from(threads.max(1)).min(games.max(1));
    let size = (games / (threads * 16)).clamp(1, MAX_CHUNK);
    let window = WINDOW_PER_THREAD * threads;
    let next = AtomicU64::new(0);
    let stopped = AtomicBool::new(false);
    let abort = AtomicBool::new(false);
    let delivered = Delivered {
        chunks: Mutex::new(0),
        moved: Condvar::new(),
    };
    let (send, receive) = sync_channel::<(u64, Chunk<T>)>(window as usize);
    // The simulation threads record their spans where the caller does (`--profile`).
    #[cfg(feature = "trace")]
    let dispatch = &tracing::dispatcher::get_default(Clone::clone);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next, stopped, abort, delivered) = (&next, &stopped, &abort, &delivered);
            scope.spawn(move || {
                #[cfg(feature = "trace")]
                let _subscriber = tracing::dispatcher::set_default(dispatch);
                let mut state = match make() {
                    Ok(state) => state,
                    Err(error) => {
                        abort.store(true, Ordering::Relaxed);
                        let chunk = Chunk {
                            results: Err(error),
                            cut: true,
                        };
                        let _ = send.send((0, chunk));
                        return;
                    }
                };
                while !abort.load(Ordering::Relaxed) && !stopped.load(Ordering::Relaxed) {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    let first = chunk.saturating_mul(size);
                    if first >= games {
                        return;
                    }
                    delivered.wait_for_room(chunk, window, abort);
                    let last = first.saturating_add(size).min(games);
                    let mut results = Vec::with_capacity((last - first) as usize);
                    let mut cut = false;
                    for index in first..last {
                        if stop() {
                            stopped.store(true, Ordering::Relaxed);
                            cut = true;
                            break;
                        }
                        super::profile::game(base + index);
                        match play(&mut state, base + index) {
                            Ok(result) => results.push(result),
                            Err(error) => {
                                let _ = send.send((
                                    chunk,
                                    Chunk {
                                        results: Err(error),
                                        cut: true,
                                    },
                                ));
                                return;
                            }
                        }
                    }
                    let chunk_done = Chunk {
                        results: Ok(results),
                        cut,
                    };
                    if send.send((chunk, chunk_done)).is_err() || cut {
                        return;
                    }
                }
            });
        }
        drop(send);
        let outcome = deliver(&receive, base, sink, &delivered);
        if outcome.is_err() {
            abort.store(true, Ordering::Relaxed);
            delivered.moved.notify_all();
            // Let the workers finish their current chunk and leave.
            while receive.recv().is_ok() {}
        }
        outcome.map(|count| Streamed {
            delivered: count,
            truncated: count < games && stopped.load(Ordering::Relaxed),
        })
    })
}

/// Receives chunks until every worker has left, handing their results to `sink` in index
/// order (the first is game `base`); a chunk cut short by `stop` ends the delivered prefix.
fn deliver<T>(
    receive: &std::sync::mpsc::Receiver<(u64, Chunk<T>)>,
    base: u64,
    sink: &mut dyn FnMut(u64, T) -> Result<(), CliError>,
    delivered: &Delivered,
) -> Result<u64, CliError> {
    let mut pending = BTreeMap::new();
    let (mut chunks, mut count) = (0u64, 0u64);
    let mut ended = false;
    while let Ok((index, chunk)) = receive.recv() {
        pending.insert(index, chunk);
        let before = chunks;
        while !ended && let Some(chunk) = pending.remove(&chunks) {
            for result in chunk.results? {
                sink(base + count, result)?;
                count += 1;
            }
            chunks += 1;
            ended = chunk.cut;
        }
        if chunks > before {
            delivered.set(chunks);
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(games: u64, threads: u16, stop: &(dyn Fn() -> bool + Sync)) -> (Vec<u64>, Streamed) {
        let mut seen = Vec::new();
        let streamed = stream_games(
            0..games,
            threads,
            stop,
            &|| Ok(()),
            &|_, i| Ok(i * i),
            &mut |i, square| {
                assert_eq!(square, i * i);
                seen.push(i);
                Ok(())
            },
        )
        .unwrap();
        (seen, streamed)
    }

    #[test]
    fn results_arrive_in_order_for_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            let (seen, streamed) = squares(1000, threads, &|| false);
            assert_eq!(seen, (0..1000).collect::<Vec<_>>());
            assert_eq!(
                streamed,
                Streamed {
                    delivered: 1000,
                    truncated: false
                }
            );
        }
    }

    #[test]
    fn an_offset_range_plays_and_delivers_its_own_indices() {
        let mut seen = Vec::new();
        let streamed = stream_games(
            1000..1300,
            3,
            &|| false,
            &|| Ok(()),
            &|_, i| Ok(i * 2),
            &mut |i, double| {
                assert_eq!(double, i * 2);
                seen.push(i);
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(seen, (1000..1300).collect::<Vec<_>>());
        assert_eq!(streamed.delivered, 300);
        assert!(!streamed.truncated);
        let last = stream_games(
            u64::MAX - 2..u64::MAX,
            2,
            &|| false,
            &|| Ok(()),
            &|_, i| Ok(i),
            &mut |i, j| {
                assert_eq!(i, j);
                Ok(())
            },
        );
        assert_eq!(last.unwrap().delivered, 2);
    }

    #[test]
    fn a_stop_delivers_a_prefix_and_says_so() {
        let started = AtomicU64::new(0);
        let stop = || started.fetch_add(1, Ordering::Relaxed) >= 300;
        let (seen, streamed) = squares(u64::MAX, 2, &stop);
        assert!(streamed.truncated);
        assert_eq!(seen.len() as u64, streamed.delivered);
        assert_eq!(seen, (0..streamed.delivered).collect::<Vec<_>>());
        assert!(streamed.delivered <= 300);
    }

    #[test]
    fn the_first_error_ends_the_run() {
        let error = stream_games(
            0..100,
            2,
            &|| false,
            &|| Ok(()),
            &|_, i| {
                if i == 40 {
                    Err(SimError::GameOver)
                } else {
                    Ok(i)
                }
            },
            &mut |_, _| Ok(()),
        );
        assert!(matches!(error, Err(CliError::Sim(SimError::GameOver))));
        let sink_error = stream_games(
            0..100,
            2,
            &|| false,
            &|| Ok(()),
            &|_, i| Ok(i),
            &mut |i, _| {
                if i == 10 {
                    Err(CliError::Usage("full".into()))
                } else {
                    Ok(())
                }
            },
        );
        assert!(matches!(sink_error, Err(CliError::Usage(_))));
    }
}
