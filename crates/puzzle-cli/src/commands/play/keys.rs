//! The keys of `puzzle play` and what each asks for.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rules_2048::Direction;

/// What the player asked for with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Action {
    Move(Direction),
    Undo,
    Hint,
    Auto,
    Quit,
    NewGame,
    Suspend,
    Redraw,
}

pub(super) fn action_of(key: KeyEvent) -> Option<Action> {
    if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        let control = key.modifiers == KeyModifiers::CONTROL;
        return match key.code {
            KeyCode::Char('c') if control => Some(Action::Quit),
            KeyCode::Char('z') if control => Some(Action::Suspend),
            KeyCode::Char('l') if control => Some(Action::Redraw),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('w' | 'W' | 'k' | 'K') => Action::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('s' | 'S' | 'j' | 'J') => Action::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('A' | 'H') => Action::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('d' | 'D' | 'l' | 'L') => Action::Move(Direction::Right),
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('h' | '?') => Action::Hint,
        KeyCode::Char('a') => Action::Auto,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> Option<Action> {
        action_of(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn every_listed_key_does_what_the_help_says() {
        for (code, direction) in [
            (KeyCode::Up, Direction::Up),
            (KeyCode::Char('w'), Direction::Up),
            (KeyCode::Char('k'), Direction::Up),
            (KeyCode::Down, Direction::Down),
            (KeyCode::Char('s'), Direction::Down),
            (KeyCode::Char('j'), Direction::Down),
            (KeyCode::Left, Direction::Left),
            (KeyCode::Char('A'), Direction::Left),
            (KeyCode::Char('H'), Direction::Left),
            (KeyCode::Right, Direction::Right),
            (KeyCode::Char('d'), Direction::Right),
            (KeyCode::Char('l'), Direction::Right),
        ] {
            assert_eq!(key(code), Some(Action::Move(direction)), "{code:?}");
        }
        assert_eq!(key(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(key(KeyCode::Char('h')), Some(Action::Hint));
        assert_eq!(key(KeyCode::Char('a')), Some(Action::Auto));
        assert_eq!(key(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(key(KeyCode::Char('n')), Some(Action::NewGame));
        assert_eq!(action_of(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        assert_eq!(key(KeyCode::Char('x')), None);
        let with = |modifiers, c| action_of(KeyEvent::new(KeyCode::Char(c), modifiers));
        assert_eq!(with(KeyModifiers::CONTROL, 'z'), Some(Action::Suspend));
        assert_eq!(with(KeyModifiers::CONTROL, 'l'), Some(Action::Redraw));
        // A letter held with Ctrl or Alt is not the letter: Ctrl-D is no move.
        for c in ['d', 'w', 's', 'a', 'u', 'h', 'q'] {
            assert_eq!(with(KeyModifiers::CONTROL, c), None, "Ctrl-{c}");
            assert_eq!(with(KeyModifiers::ALT, c), None, "Alt-{c}");
        }
        for c in ['c', 'z', 'l'] {
            assert_eq!(with(KeyModifiers::CONTROL | KeyModifiers::ALT, c), None, "Ctrl-Alt-{c}");
        }
        // Shift is how a capital is typed.
        assert_eq!(with(KeyModifiers::SHIFT, 'A'), Some(Action::Move(Direction::Left)));
    }
}
