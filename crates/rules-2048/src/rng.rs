//! The seeded generator behind every random spawn: SplitMix64 (Steele, Lea
//! and Flood, 2014), written here so that its sequence is part of this crate's
//! contract — the same seed gives the same games in every version and on every
//! machine, which no dependency's generator promises.

/// SplitMix64: a 64-bit state advanced by a fixed odd constant, each output
/// the state mixed by two multiply-xorshift rounds.
///
/// ```
/// use rules_2048::SeededRng;
/// let mut rng = SeededRng::new(0);
/// // The published first output of SplitMix64 from seed 0.
/// assert_eq!(rng.next_u64(), 0xe220a8397b1dcdaf);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeededRng {
    state: u64,
}

const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

impl SeededRng {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> SeededRng {
        SeededRng { state: seed }
    }

    /// The generator of game `index` of a run seeded `seed`: each game its own
    /// sequence, so a game is the same whichever thread plays it.
    pub fn for_game(seed: u64, index: u64) -> SeededRng {
        let mut mixer = SeededRng::new(seed ^ index.wrapping_mul(GOLDEN_GAMMA).rotate_left(32));
        SeededRng::new(mixer.next_u64() ^ index)
    }

    /// The generator's state: `SeededRng::new(state)` goes on with the same
    /// sequence (a game saved between two moves goes on as it would have).
    pub fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number drawn uniformly from `0..bound`, without the bias of a bare
    /// remainder: draws in the incomplete last block of `bound` are redrawn.
    ///
    /// # Panics
    /// When `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no value to draw");
        let whole_blocks = u64::MAX - u64::MAX % bound;
        loop {
            let draw = self.next_u64();
            if draw < whole_blocks {
                return draw % bound;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_its_reference_sequence() {
        // From the reference C code (Vigna's splitmix64.c), seed 1234567.
        let mut rng = SeededRng::new(1234567);
        let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821]
        );
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = SeededRng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&count| (800..1200).contains(&count)), "{seen:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn a_games_generator_is_that_of_every_version() {
        // The seeded games of docs/performance.md go on across versions and
        // sessions: game 50 of seed 1 draws these, as it always has.
        let mut game = SeededRng::for_game(1, 50);
        assert_eq!(game.state(), 13804464841385637623);
        assert_eq!([game.next_u64(), game.next_u64()], [0xbde2_0510_b9ce_9e77, 0x330e_3db7_0a91_2a43]);
        // A seed of every bit: each of them mixed with the game's index.
        let mut game = SeededRng::for_game(u64::MAX, 1);
        assert_eq!((game.state(), game.next_u64()), (12459026885940891087, 0x5a86_102c_c72d_4ebf));
    }

    #[test]
    fn a_generator_goes_on_from_its_state() {
        let mut rng = SeededRng::new(11);
        rng.next_u64();
        let mut resumed = SeededRng::new(rng.state());
        assert_eq!(resumed.next_u64(), rng.next_u64());
        assert_eq!(resumed, rng);
    }

    /// A generator whose next draw is `draw`: SplitMix64's mix undone (each
    /// xorshift and each multiplication by an odd number can be).
    fn drawing_next(draw: u64) -> SeededRng {
        let unshift = |z: u64, by: u32| (0..64 / by).fold(z, |x, _| z ^ (x >> by));
        // Newton's iteration doubles the bits of the inverse modulo 2^64.
        let inverse = |odd: u64| (0..6).fold(odd, |x: u64, _| x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x))));
        let mut z = unshift(draw, 31);
        z = unshift(z.wrapping_mul(inverse(0x94d0_49bb_1331_11eb)), 27);
        z = unshift(z.wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9)), 30);
        SeededRng::new(z.wrapping_sub(GOLDEN_GAMMA))
    }

    #[test]
    fn below_redraws_exactly_the_incomplete_last_block() {
        // Of 2^64 draws, 2^64 mod 10 = 6 fall past the last whole block of
        // ten: from u64::MAX - 5 up. The first of them is redrawn, the one
        // before it kept.
        let first_redrawn = u64::MAX - 5;
        assert_eq!(drawing_next(first_redrawn).next_u64(), first_redrawn);
        assert_eq!(drawing_next(first_redrawn - 1).below(10), (first_redrawn - 1) % 10);
        let mut rng = drawing_next(first_redrawn);
        let mut after = rng.clone();
        after.next_u64();
        let second = after.next_u64();
        assert_ne!(second % 10, first_redrawn % 10, "a draw that tells a redraw from none");
        assert_eq!(rng.below(10), second % 10);
    }

    #[test]
    fn games_of_one_seed_differ_and_repeat() {
        let first = SeededRng::for_game(5, 0).next_u64();
        assert_eq!(first, SeededRng::for_game(5, 0).next_u64());
        assert_ne!(first, SeededRng::for_game(5, 1).next_u64());
        assert_ne!(first, SeededRng::for_game(6, 0).next_u64());
    }
}
