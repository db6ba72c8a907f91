//! What each running file's query is doing now, for the progress bar of a
//! long run: a `play` of a hundred games takes hours, and the bar says which
//! game and move it is on. Keyed by the thread that answers the file, which
//! is the thread the runner names the file by; a query's own worker threads
//! speak for it with that key.

use std::sync::Mutex;
use std::thread::ThreadId;

/// One entry a thread with something to say: a few at most.
static DOING: Mutex<Vec<(ThreadId, String)>> = Mutex::new(Vec::new());

fn doing() -> std::sync::MutexGuard<'static, Vec<(ThreadId, String)>> {
    DOING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What the file answered on `thread` is doing, if it said.
#[cfg(any(feature = "cli", test))]
pub(crate) fn of(thread: ThreadId) -> Option<String> {
    doing().iter().find(|(of, _)| *of == thread).map(|(_, what)| what.clone())
}

/// The activity of the file answered on the thread that makes it: it tells
/// what it does, and says nothing more once dropped.
pub(crate) struct Activity {
    thread: ThreadId,
}

impl Activity {
    /// The activity of the current thread's file.
    pub(crate) fn here() -> Activity {
        Activity { thread: std::thread::current().id() }
    }

    /// Says what the file is doing now (from any thread).
    pub(crate) fn tell(&self, what: String) {
        let mut doing = doing();
        match doing.iter_mut().find(|(of, _)| *of == self.thread) {
            Some((_, was)) => *was = what,
            None => doing.push((self.thread, what)),
        }
    }
}

impl Drop for Activity {
    fn drop(&mut self) {
        doing().retain(|(of, _)| *of != self.thread);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_activity_is_told_from_any_thread_and_forgotten_when_dropped() {
        let activity = Activity::here();
        let here = std::thread::current().id();
        assert_eq!(of(here), None);
        std::thread::scope(|scope| {
            scope.spawn(|| activity.tell("game 3".to_string()));
        });
        assert_eq!(of(here).as_deref(), Some("game 3"));
        drop(activity);
        assert_eq!(of(here), None);
    }
}
