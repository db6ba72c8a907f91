//! Threads started as the system allows. A search or a run of games shares
//! its work among threads that each take the next piece not yet taken, and
//! its answer does not depend on how many there are; so a thread the system
//! refuses (a limit on threads, or on memory for its stack: `ulimit -v`, a
//! container's `pids.max`) leaves its share to the others rather than end
//! the program.

use std::io;

/// The stack of a thread started where none larger is asked for: 2 MiB, set
/// rather than left to the default, which `RUST_MIN_STACK` can make as small
/// as a caller likes.
pub(crate) const STACK: usize = 2 << 20;

/// How many helpers [`share`] started, and why the system refused the next.
pub(crate) struct Started {
    /// The helpers started.
    pub(crate) helpers: usize,
    /// The error that stopped the starting, if any.
    pub(crate) refused: Option<io::Error>,
}

/// Runs `helper` on up to `helpers` threads of `stack` bytes of stack each,
/// and `here` on the calling thread meanwhile;
/// returns once all have finished. Threads are started until the system
/// refuses one.
pub(crate) fn share<H, F>(helpers: usize, stack: usize, helper: H, here: F) -> Started
where
    H: Fn() + Sync,
    F: FnOnce(),
{
    std::thread::scope(|scope| {
        let mut started = Started { helpers: 0, refused: None };
        for _ in 0..helpers {
            match std::thread::Builder::new().stack_size(stack).spawn_scoped(scope, &helper) {
                Ok(_) => started.helpers += 1,
                Err(err) => {
                    started.refused = Some(err);
                    break;
                }
            }
        }
        here();
        started
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_helper_started_and_the_calling_thread_work() {
        let (helped, here) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let started =
            share(3, STACK, || _ = helped.fetch_add(1, Ordering::Relaxed), || _ = here.fetch_add(1, Ordering::Relaxed));
        assert_eq!((started.helpers, started.refused.is_none()), (3, true));
        assert_eq!((helped.into_inner(), here.into_inner()), (3, 1));
    }

    #[test]
    fn a_thread_refused_leaves_the_work_to_the_others() {
        // A stack no system can reserve: refused at the first helper, the
        // calling thread does it all.
        let (helped, here) = (AtomicUsize::new(0), AtomicUsize::new(0));
        let started = share(
            4,
            usize::MAX / 2,
            || _ = helped.fetch_add(1, Ordering::Relaxed),
            || _ = here.fetch_add(1, Ordering::Relaxed),
        );
        assert_eq!((started.helpers, started.refused.is_some()), (0, true));
        assert_eq!((helped.into_inner(), here.into_inner()), (0, 1));
    }
}
