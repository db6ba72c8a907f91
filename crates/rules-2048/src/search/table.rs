//! The transposition table and its hash.

/// A 64-bit hash of a board's cells, eight at a time.
#[inline]
pub(super) fn hash(cells: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = cells.len() as u64;
    let mut chunks = cells.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(23) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    // A final avalanche so that the low bits, which pick the slot, depend on all.
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// An always-replace transposition table: the shallowest depth each recently
/// seen board was searched from.
///
/// It starts small and doubles while it is more than an eighth full, up to a size
/// set by the search's depth: most searches visit a few thousand boards, and
/// a table sized for the deepest would cost them more to clear and fault in
/// than their whole search (2 MiB: about 0.3 ms).
///
/// Two boards collide only when their 64-bit hashes are equal; with at most a
/// quarter of a million entries live, the chance of that in a search is below 2^-24.
pub(super) struct Table {
    /// Each entry: the key's bits above the lowest eight, then the depth in the
    /// lowest eight. The slot already fixes the key's low bits, so one word a
    /// board still checks all 64 bits, with one cache line a probe.
    entries: Vec<u64>,
    mask: usize,
    /// Entries in use, and the most the table may hold.
    live: usize,
    largest: usize,
}

impl Table {
    /// An entry no board matches: depth 255 is never at or above a real one.
    const EMPTY: u64 = u64::MAX;

    /// The size a table starts at: 2^10 entries, 8 KiB.
    const FIRST_BITS: usize = 10;

    /// At most 2^18 entries (2 MiB), fewer for shallow searches: a larger
    /// table costs more in page faults than it saves in nodes.
    pub(super) fn new(max_moves: usize) -> Table {
        let size = 1usize << Table::FIRST_BITS.min(Table::bits(max_moves));
        Table { entries: vec![Table::EMPTY; size], mask: size - 1, live: 0, largest: 1 << Table::bits(max_moves) }
    }

    /// The most memory a table for a search of `max_moves` moves takes.
    pub(super) fn bytes(max_moves: usize) -> usize {
        (1usize << Table::bits(max_moves)) * std::mem::size_of::<u64>()
    }

    fn bits(max_moves: usize) -> usize {
        (2 * max_moves + 4).clamp(8, 18)
    }

    /// Records the board as searched from `depth`; true when it had already been
    /// searched from `depth` or shallower.
    #[inline]
    pub(super) fn seen_at_or_above(&mut self, key: u64, depth: usize) -> bool {
        let depth = depth.min(254) as u64;
        let slot = key as usize & self.mask;
        let entry = self.entries[slot];
        if entry >> 8 == key >> 8 && entry & 0xFF <= depth {
            return true;
        }
        self.entries[slot] = (key & !0xFF) | depth;
        if entry == Table::EMPTY {
            self.live += 1;
            if 8 * self.live > self.entries.len() && self.entries.len() < self.largest {
                self.grow();
            }
        }
        false
    }

    /// Doubles the table, keeping every entry: an entry and its slot give
    /// back its key (the slot's low eight bits are the key's, the entry holds
    /// the rest), and two slots of the old table never share one in the new.
    fn grow(&mut self) {
        let size = 2 * self.entries.len();
        let mut entries = vec![Table::EMPTY; size];
        for (slot, &entry) in self.entries.iter().enumerate() {
            if entry != Table::EMPTY {
                let key = (entry & !0xFF) | (slot as u64 & 0xFF);
                entries[key as usize & (size - 1)] = entry;
            }
        }
        self.entries = entries;
        self.mask = size - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_its_entries_as_it_grows() {
        // Distinct low bits: no two keys share a slot at any size, so every
        // key must still be there after the table has doubled twice.
        let keys: Vec<u64> = (0..500u64).map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) << 10) | i).collect();
        let mut table = Table::new(10);
        for &key in &keys {
            assert!(!table.seen_at_or_above(key, 3));
        }
        assert_eq!(table.entries.len(), 4 << Table::FIRST_BITS);
        for &key in &keys {
            assert!(!table.seen_at_or_above(key, 2), "searched from depth 3 only");
            assert!(table.seen_at_or_above(key, 3));
            assert!(table.seen_at_or_above(key, 5));
        }
        assert!(!table.seen_at_or_above(keys[7] ^ 1 << 40, 9), "a key never recorded");
    }

    #[test]
    fn the_table_grows_no_larger_than_its_search_allows() {
        // K = 4 allows 2^12 entries; the table starts at 2^10.
        let mut table = Table::new(4);
        for i in 0..20_000u64 {
            table.seen_at_or_above(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), 1);
        }
        assert_eq!(table.entries.len() * std::mem::size_of::<u64>(), Table::bytes(4));
        assert_eq!(table.entries.len(), 1 << 12);
    }
}
