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
    fn games_of_one_seed_differ_and_repeat() {
        let first = SeededRng::for_game(5, 0).next_u64();
        assert_eq!(first, SeededRng::for_game(5, 0).next_u64());
        assert_ne!(first, SeededRng::for_game(5, 1).next_u64());
        assert_ne!(first, SeededRng::for_game(6, 0).next_u64());
    }
}
