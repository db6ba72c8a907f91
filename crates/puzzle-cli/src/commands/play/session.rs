//! A game in progress: its board, score and moves, the moves `u` can take
//! back, and what each key does to the game.

use std::collections::VecDeque;

use rules_2048::{best_move, play_move, spawn_random, starting_board, Board, EngineOptions, SeededRng, SpawnLaw};

use super::keys::Action;

/// The moves `u` can take back: as many as 64 MiB of boards hold (4×4:
/// some 800,000, more than a game lasts; 32×32, where the engine may play
/// for hours: some 60,000), so that a long game does not grow without end.
fn undo_limit_of(board: &Board) -> usize {
    let entry = board.width() * board.height() + std::mem::size_of::<(Board, u64, SeededRng)>();
    ((64 << 20) / entry).max(1)
}

/// A game in progress.
pub(super) struct Session {
    pub(super) board: Board,
    pub(super) score: u64,
    pub(super) moves: u64,
    /// The boards before each move, with the score then, for `u`: the
    /// latest `undo_limit` of them.
    history: VecDeque<(Board, u64, SeededRng)>,
    undo_limit: usize,
    rng: SeededRng,
    pub(super) law: SpawnLaw,
    pub(super) seed: u64,
    /// The board the file or `--size` gave, before its first spawns: where
    /// `n` starts again.
    start: Board,
    /// Whether `n` was pressed once in a game not over, and asked again.
    new_game_asked: bool,
    pub(super) message: String,
    /// Tiles painted: `Some(truecolor)`.
    pub(super) colour: Option<bool>,
}

impl Session {
    /// A game from `start` (a board of empty cells gets its first spawns),
    /// its spawns drawn from `seed`.
    pub(super) fn new(start: Board, law: SpawnLaw, seed: u64, colour: Option<bool>) -> Session {
        let mut rng = SeededRng::new(seed);
        let board = starting_board(&start, &law, &mut rng);
        let mut session = Session {
            undo_limit: undo_limit_of(&board),
            start,
            new_game_asked: false,
            board,
            score: 0,
            moves: 0,
            history: VecDeque::new(),
            rng,
            law,
            seed,
            message: String::new(),
            colour,
        };
        session.tell_if_over();
        session
    }

    pub(super) fn apply(&mut self, action: Action) -> anyhow::Result<()> {
        let new_game_asked = std::mem::take(&mut self.new_game_asked);
        match action {
            Action::Move(direction) => {
                self.message.clear();
                let (moved, points) = match play_move(&self.board, direction) {
                    Ok(Some(moved)) => moved,
                    Ok(None) => {
                        self.message = format!("{} changes nothing: not a legal move", direction.word());
                        // On a lost board, that no move is left is the news.
                        self.tell_if_over();
                        return Ok(());
                    }
                    // Two 2^63 tiles would merge: said, and the game goes on.
                    Err(overflow) => {
                        self.message = format!("{}: {overflow}", direction.word());
                        return Ok(());
                    }
                };
                // The classic game's goal, and each larger tile after it, is
                // told when a merge first makes it (a spawned tile is not made).
                let made = moved.max_tile();
                if made >= 2048 && made > self.board.max_tile() {
                    self.message = if made == 2048 {
                        "2048: the game's goal is made; play on for more".into()
                    } else {
                        format!("{made}: the largest tile yet")
                    };
                }
                if self.history.len() == self.undo_limit {
                    self.history.pop_front();
                }
                self.history.push_back((self.board.clone(), self.score, self.rng.clone()));
                self.board = spawn_random(&moved, &self.law, &mut self.rng).unwrap_or(moved);
                self.score = self.score.saturating_add(points);
                self.moves += 1;
                self.tell_if_over();
            }
            Action::Undo => match self.history.pop_back() {
                Some((board, score, rng)) => {
                    (self.board, self.score, self.rng) = (board, score, rng);
                    self.moves -= 1;
                    self.message = "undone".into();
                }
                None if self.moves > 0 => {
                    self.message = format!("nothing more to undo: the last {} moves are kept", self.undo_limit)
                }
                None => self.message = "nothing to undo".into(),
            },
            Action::Hint => self.message = hint(&self.board, &self.law),
            // A game in progress is given up only when asked twice: no undo
            // brings it back.
            Action::NewGame if !new_game_asked && self.moves > 0 && !self.is_over() => {
                self.new_game_asked = true;
                self.message = "n again starts a new game (this one is given up; any other key keeps it)".into();
            }
            Action::NewGame => self.new_game(),
            Action::Auto | Action::Quit | Action::Suspend | Action::Redraw => {}
        }
        Ok(())
    }

    /// Says so when no move is left.
    pub(super) fn tell_if_over(&mut self) {
        if self.is_over() {
            self.message = "no move left: the game is over (u undoes, n plays a new game, q quits)".into();
        }
    }

    fn is_over(&self) -> bool {
        rules_2048::legal_moves(&self.board).is_ok_and(|moves| moves.is_empty())
    }

    /// A new game from the same start, with the next seed (shown, so that
    /// `--seed` replays it).
    fn new_game(&mut self) {
        self.seed = self.seed.wrapping_add(1);
        self.rng = SeededRng::new(self.seed);
        self.board = starting_board(&self.start, &self.law, &mut self.rng);
        (self.score, self.moves) = (0, 0);
        self.history.clear();
        self.message = format!("a new game, seed {}", self.seed);
        self.tell_if_over();
    }
}

/// The engine at its default depth on every core: its move is the same on
/// any number, and sooner on more.
pub(super) fn engine() -> EngineOptions {
    EngineOptions { depth: None, threads: std::thread::available_parallelism().map_or(1, |n| n.get()), nodes: None }
}

/// The engine's move with every legal move's value.
fn hint(board: &Board, law: &SpawnLaw) -> String {
    let answer = match best_move(board, law, &engine()) {
        Ok(answer) => answer,
        Err(overflow) => return format!("no hint: {overflow}"),
    };
    let Some(choice) = answer.choice else { return "no move left".into() };
    let mut text = format!("hint: {} (depth {}, {} nodes)", choice.word(), answer.depth, answer.nodes);
    for (direction, value) in &answer.analysis {
        text += &format!("\n  {:<5} {value:.1}", direction.word());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_2048::Direction;

    /// A new session on `board`, seed 1, the classic law.
    fn session_on(board: &Board) -> Session {
        Session::new(board.clone(), SpawnLaw::classic(), 1, None)
    }

    #[test]
    fn a_move_spawns_a_tile_and_undo_takes_both_back() {
        let board: Board = "2 2 . . / . . . . / . . . . / . . . .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Undo).unwrap();
        assert_eq!((session.message.as_str(), session.moves), ("nothing to undo", 0));
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!((session.score, session.moves), (4, 1));
        let tiles = session.board.exponents().as_slice().iter().filter(|&&e| e > 0).count();
        assert_eq!(tiles, 2, "the merged 4 and one spawn");
        let after = session.board.clone();
        session.apply(Action::Undo).unwrap();
        assert_eq!((session.board.clone(), session.score, session.moves), (board, 0, 0));
        // The same move again brings the same spawn: undo rewinds the generator.
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.board, after);
        session.apply(Action::Move(Direction::Left)).unwrap_or(());
        session.apply(Action::Hint).unwrap();
        assert!(session.message.starts_with("hint: "), "{}", session.message);
    }

    #[test]
    fn the_goal_and_each_larger_tile_are_told_when_first_made() {
        let board: Board = "1024 1024 . / 2048 2048 . / . . .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Down)).unwrap();
        assert_eq!(session.message, "", "no tile larger than the 2048 already there");
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.message, "4096: the largest tile yet");
        let mut session = session_on(&"1024 1024 . / . . . / . . .".parse().unwrap());
        session.apply(Action::Move(Direction::Right)).unwrap();
        assert_eq!(session.message, "2048: the game's goal is made; play on for more");
        // The next move says nothing more.
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.message, "");
    }

    #[test]
    fn n_starts_a_new_game_at_once_when_over_and_when_asked_twice_in_play() {
        let board: Board = "2 2 . . / . . . . / . . . . / . . . .".parse().unwrap();
        let mut session = session_on(&board);
        // Before any move, nothing is given up: at once.
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves, session.message.as_str()), (2, 0, "a new game, seed 2"));
        assert_eq!(session.board, board, "a position starts again as it is (an empty board with two spawns)");
        // In play: asked, and any other key keeps the game.
        session.apply(Action::Move(Direction::Left)).unwrap();
        session.apply(Action::NewGame).unwrap();
        assert!(session.message.starts_with("n again starts a new game"), "{}", session.message);
        session.apply(Action::Hint).unwrap();
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves), (2, 1), "asked again, not started");
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves, session.history.len()), (3, 0, 0));
        // The same start and seed: the same game as `--seed 3` plays.
        let mut replayed = SeededRng::new(3);
        assert_eq!(session.board, starting_board(&board, &SpawnLaw::classic(), &mut replayed));
        // From an empty board, a new game spawns its two tiles.
        let mut empty = session_on(&". . . / . . . / . . .".parse().unwrap());
        empty.apply(Action::NewGame).unwrap();
        assert_eq!(empty.board.exponents().as_slice().iter().filter(|&&e| e > 0).count(), 2);
        // A lost board: at once, and the message says n.
        let mut lost = session_on(&"2 4 / 4 2".parse().unwrap());
        lost.tell_if_over();
        assert!(lost.message.contains("n plays a new game"), "{}", lost.message);
        lost.moves = 5;
        lost.apply(Action::NewGame).unwrap();
        assert_eq!((lost.seed, lost.moves), (2, 0));
    }

    #[test]
    fn undo_keeps_the_latest_moves_up_to_its_limit() {
        assert!(undo_limit_of(&"2 . . . / . . . . / . . . . / . . . .".parse().unwrap()) > 500_000);
        let large = Board::from_exponents(grid_core::Grid::new(32, 32, 0)).unwrap();
        assert!((50_000..70_000).contains(&undo_limit_of(&large)));
        let mut session = session_on(&"2 . . . / . . . . / . . . . / . . . .".parse().unwrap());
        session.undo_limit = 2;
        for direction in [Direction::Right, Direction::Down, Direction::Left, Direction::Up] {
            session.apply(Action::Move(direction)).unwrap();
        }
        assert_eq!((session.moves, session.history.len()), (4, 2));
        let kept = session.history[0].0.clone();
        session.apply(Action::Undo).unwrap();
        session.apply(Action::Undo).unwrap();
        assert_eq!((&session.board, session.moves), (&kept, 2));
        session.apply(Action::Undo).unwrap();
        assert_eq!(session.message, "nothing more to undo: the last 2 moves are kept");
        assert_eq!(session.moves, 2);
    }

    #[test]
    fn a_merge_past_2_pow_63_is_refused_and_the_game_goes_on() {
        let board: Board = "9223372036854775808 9223372036854775808 / 2 .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!((&session.board, session.moves), (&board, 0));
        assert!(session.message.starts_with("left: two 2^63 tiles would merge"), "{}", session.message);
        // The hint says why it has none, rather than value the other moves.
        session.apply(Action::Hint).unwrap();
        assert!(session.message.starts_with("no hint: two 2^63 tiles would merge"), "{}", session.message);
        session.apply(Action::Move(Direction::Down)).unwrap();
        assert_eq!(session.moves, 1);
    }
}
