//! The kinds of game and of query: the words that both the typed tree
//! ([`ast`](super::ast)) and the errors ([`errors`](super::errors)) speak of,
//! kept apart so that neither of those needs the other's vocabulary.

/// Which rules apply: what a file's `game` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum GameKind {
    /// 2048 without spawns.
    #[cfg_attr(feature = "cli", value(name = "2048"))]
    Twenty48,
    /// The Kakao 2019 block game.
    #[cfg_attr(feature = "cli", value(name = "blockgame"))]
    BlockGame,
}

impl GameKind {
    /// Both games, in the order help texts list them.
    pub const ALL: [GameKind; 2] = [GameKind::Twenty48, GameKind::BlockGame];

    /// The name used in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Twenty48 => "2048",
            GameKind::BlockGame => "blockgame",
        }
    }

    /// The game a file's `game` word names.
    pub fn from_name(word: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|game| game.name() == word)
    }

    /// The queries of this game, for help texts.
    pub fn queries(self) -> &'static str {
        match self {
            GameKind::Twenty48 => {
                "`max-tile within K`, `reach T within K` or `apply MOVES` (with `spawns`: `chance T within K`, \
                 `best-move` or `play N games`)"
            }
            GameKind::BlockGame => "`max-removed`",
        }
    }
}

/// The kinds of query, of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// `max-tile within K` (2048).
    MaxTile,
    /// `reach T within K` (2048).
    Reach,
    /// `apply MOVES` (2048).
    Apply,
    /// `max-removed` (block game).
    MaxRemoved,
    /// `chance T within K` (2048 with spawns).
    Chance,
    /// `best-move [depth D]` (2048 with spawns).
    BestMove,
    /// `play N games [seed S] [depth D] [until T]` (2048 with spawns).
    Play,
}

impl QueryKind {
    /// Every query's keyword, for suggestions.
    pub const KEYWORDS: [&'static str; 7] = {
        let mut keywords = [""; 7];
        let mut at = 0;
        while at < keywords.len() {
            keywords[at] = QueryKind::ALL[at].keyword();
            at += 1;
        }
        keywords
    };

    /// Every query, in the order help texts list them.
    pub const ALL: [QueryKind; 7] = [
        QueryKind::MaxTile,
        QueryKind::Reach,
        QueryKind::Apply,
        QueryKind::MaxRemoved,
        QueryKind::Chance,
        QueryKind::BestMove,
        QueryKind::Play,
    ];

    /// The query's keyword.
    pub const fn keyword(self) -> &'static str {
        match self {
            QueryKind::MaxTile => "max-tile",
            QueryKind::Reach => "reach",
            QueryKind::Apply => "apply",
            QueryKind::MaxRemoved => "max-removed",
            QueryKind::Chance => "chance",
            QueryKind::BestMove => "best-move",
            QueryKind::Play => "play",
        }
    }

    /// How the query is written, for help texts.
    pub fn usage(self) -> &'static str {
        match self {
            QueryKind::MaxTile => "`max-tile within K`",
            QueryKind::Reach => "`reach T within K`",
            QueryKind::Apply => "`apply MOVES` (`U D L R`, separated by blanks)",
            QueryKind::MaxRemoved => "`max-removed`",
            QueryKind::Chance => "`chance T within K`",
            QueryKind::BestMove => "`best-move`, or `best-move depth D`",
            QueryKind::Play => "`play N games`, then any of `seed S`, `depth D`, `until T`",
        }
    }

    /// The query whose keyword is `word`.
    pub fn from_keyword(word: &str) -> Option<QueryKind> {
        QueryKind::ALL.into_iter().find(|query| query.keyword() == word)
    }

    /// The game the query belongs to.
    pub fn game(self) -> GameKind {
        match self {
            QueryKind::MaxTile
            | QueryKind::Reach
            | QueryKind::Apply
            | QueryKind::Chance
            | QueryKind::BestMove
            | QueryKind::Play => GameKind::Twenty48,
            QueryKind::MaxRemoved => GameKind::BlockGame,
        }
    }

    /// What an `expect` after the query looks like, for help texts.
    pub fn answer_help(self) -> &'static str {
        match self {
            QueryKind::MaxTile => "`max-tile` answers with a tile: `expect 16`",
            QueryKind::Reach => "`reach` answers with a number of moves or `unreachable`: `expect 3`",
            QueryKind::Apply => "`apply` answers with a board: `expect board {`",
            QueryKind::MaxRemoved => "`max-removed` answers with a number of blocks: `expect 2`",
            QueryKind::Chance => {
                "`chance` answers with a probability from 0 to 1, checked to the digits written: `expect 0.0667`"
            }
            QueryKind::BestMove => "`best-move` answers with a move (`U`, `D`, `L`, `R`) or `none`: `expect L`",
            QueryKind::Play => "`play` answers with the share of games reaching a tile, at least: `expect 2048 in 95%`",
        }
    }
}
