//! What each running file's query is doing now, for the progress bar of a
//! long run: a `play` of a hundred games takes hours, and the bar says which
//! game and move it is on. Keyed by the thread that answers the file, which
//! is the thread the runner names the file by; a query's own worker threads
//! speak for it with that key. Lines worth keeping (a game's end) are
//! queued for the bar to print above itself, only while a bar listens,
//! each named by its file.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::thread::ThreadId;

/// One entry a thread with something to say: a few at most.
static DOING: Mutex<Vec<(ThreadId, String)>> = Mutex::new(Vec::new());
/// Whether a bar shows the lines told; none are kept while not.
static LISTENING: AtomicBool = AtomicBool::new(false);
/// The lines told and not yet printed.
static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Held by each test that turns listening on and off, which is global.
#[cfg(test)]
pub(crate) static LISTENING_IN_A_TEST: Mutex<()> = Mutex::new(());

thread_local! {
    /// The file this thread answers, as the bar names it.
    static FILE: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn doing() -> std::sync::MutexGuard<'static, Vec<(ThreadId, String)>> {
    DOING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn lines() -> std::sync::MutexGuard<'static, Vec<String>> {
    LINES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Names the file the current thread answers from now on.
#[cfg(any(feature = "cli", test))]
pub(crate) fn answering(file: String) {
    FILE.with(|name| *name.borrow_mut() = Some(file));
}

/// Starts or stops keeping the lines told, for a bar to print.
#[cfg(any(feature = "cli", test))]
pub(crate) fn listen(on: bool) {
    LISTENING.store(on, Ordering::SeqCst);
    if !on {
        lines().clear();
    }
}

/// The lines told since the last call, oldest first.
#[cfg(any(feature = "cli", test))]
pub(crate) fn take_lines() -> Vec<String> {
    std::mem::take(&mut *lines())
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
    file: Option<String>,
}

impl Activity {
    /// The activity of the current thread's file.
    pub(crate) fn here() -> Activity {
        Activity { thread: std::thread::current().id(), file: FILE.with(|name| name.borrow().clone()) }
    }

    /// Says what the file is doing now (from any thread).
    pub(crate) fn tell(&self, what: String) {
        let mut doing = doing();
        match doing.iter_mut().find(|(of, _)| *of == self.thread) {
            Some((_, was)) => *was = what,
            None => doing.push((self.thread, what)),
        }
    }

    /// A line to print above the bar, when one listens (from any thread).
    pub(crate) fn log(&self, line: &str) {
        if LISTENING.load(Ordering::Relaxed) {
            lines().push(match &self.file {
                Some(file) => format!("{file}: {line}"),
                None => line.to_string(),
            });
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

    #[test]
    fn lines_are_named_by_their_file_and_kept_only_while_a_bar_listens() {
        let _alone = LISTENING_IN_A_TEST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Other tests may tell lines meanwhile: only this file's count.
        answering("activity-test.puzzle".to_string());
        let mine = || take_lines().into_iter().filter(|line| line.starts_with("activity-test")).collect::<Vec<_>>();
        let activity = Activity::here();
        activity.log("unheard");
        listen(true);
        std::thread::scope(|scope| {
            scope.spawn(|| activity.log("game 1 ended"));
        });
        assert_eq!(mine(), ["activity-test.puzzle: game 1 ended"]);
        assert!(mine().is_empty());
        activity.log("dropped");
        listen(false);
        activity.log("unheard");
        assert!(mine().is_empty());
    }
}
