//! A fingerprint of a map's heights, kept up to date tile by tile: two maps
//! with the same fingerprint are, for all practical purposes, the same map.
//! It is what a frame's status carries (`heightsHash`), so it must cost what
//! the rain changed, not what the map holds: at 2048 × 2048 a whole pass
//! over the heights' 16 MB took 19 ms a frame.
//!
//! The definition, which a test in JavaScript works out again from the
//! heights alone: cut the map into the tiles of
//! [`TILE`](crate::raster::changed_tiles::TILE) × `TILE` cells
//! that [`ChangedTiles`] marks (cut at the map's right and bottom edges);
//! each tile's heights, as 32-bit words row by row, are dealt in turn into
//! four lanes, each hashed by FNV-1a (64 bits, a word a step), and the
//! tile's fingerprint is FNV-1a over the four lanes' hashes; the map's is
//! FNV-1a over the tiles' own, in rows of tiles from the top left. (A word
//! a step rather than a byte, and four lanes rather than one: a step is a
//! multiply that waits for the one before, and four lanes' do not wait on
//! each other.)
//!
//! ```
//! use hydraulic_erosion::raster::changed_tiles::ChangedTiles;
//! use hydraulic_erosion::raster::fingerprint::{fingerprint, TileFingerprints};
//! use hydraulic_erosion::raster::grid::Grid;
//! let grid = Grid::new(70, 40);
//! let mut heights = vec![0.5f32; grid.cells()];
//! let mut changed = ChangedTiles::new(grid);
//! let mut kept = TileFingerprints::default();
//! let before = kept.of(grid, &heights, &changed, 0);
//! assert_eq!(before, fingerprint(grid, &heights));
//! // A cell changes in edition 1, and its tile is marked: one tile is
//! // fingerprinted again, and the map's follows
//! heights[70 + 40] = 0.25;
//! changed.mark_cells(40..41, 1..2, 1);
//! let after = kept.of(grid, &heights, &changed, 1);
//! assert_ne!(after, before);
//! assert_eq!(after, fingerprint(grid, &heights));
//! ```

use crate::raster::changed_tiles::ChangedTiles;
use crate::raster::grid::Grid;

/// FNV-1a's 64-bit start and prime.
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// One step of FNV-1a, a word at a time.
fn step(hash: u64, word: u64) -> u64 {
    (hash ^ word).wrapping_mul(FNV_PRIME)
}

/// The fingerprint of `heights` on `grid`, worked out whole.
pub fn fingerprint(grid: Grid, heights: &[f32]) -> u64 {
    let tiles: Vec<_> = ChangedTiles::new(grid).all().collect();
    let mut each = vec![0; tiles.len()];
    fingerprint_tiles(grid, heights, tiles.iter().cloned().zip(&mut each));
    each.into_iter().fold(FNV_START, step)
}

/// Lanes a tile's words are dealt into, each its own FNV-1a: the steps of
/// one lane wait on each other's multiply, those of four do not.
const LANES: usize = 4;

/// A tile's fingerprint under way: its lanes, and how many words were dealt.
#[derive(Clone, Copy)]
struct Dealing {
    lanes: [u64; LANES],
    dealt: usize,
}

impl Dealing {
    const START: Dealing = Dealing { lanes: [FNV_START; LANES], dealt: 0 };

    /// Deals the words of one of the tile's rows into its lanes in turn.
    fn deal(&mut self, mut row: &[f32]) {
        let word = |h: f32| u64::from(h.to_bits());
        // Whole rounds of the lanes while the row begins on the first,
        // each lane a variable of its own, which the machine keeps in a
        // register (an array's would go through memory every step)
        if self.dealt % LANES == 0 {
            let whole = row.len() - row.len() % LANES;
            let [mut a, mut b, mut c, mut d] = self.lanes;
            for round in row[..whole].chunks_exact(LANES) {
                let &[w, x, y, z] = round else { unreachable!("rounds of four") };
                (a, b, c, d) = (step(a, word(w)), step(b, word(x)), step(c, word(y)), step(d, word(z)));
            }
            self.lanes = [a, b, c, d];
            self.dealt += whole;
            row = &row[whole..];
        }
        for &h in row {
            let lane = &mut self.lanes[self.dealt % LANES];
            *lane = step(*lane, word(h));
            self.dealt += 1;
        }
    }

    /// The tile's fingerprint: FNV-1a over the lanes' hashes in order.
    fn finish(self) -> u64 {
        self.lanes.into_iter().fold(FNV_START, step)
    }
}

/// The fingerprint of each of `tiles` (in the order of
/// [`ChangedTiles::all`]) into its place: each tile's heights, as words row
/// by row, dealt in turn into [`LANES`] lanes (the first word to the first
/// lane), each hashed by FNV-1a; then FNV-1a over the lanes' hashes. The
/// map is read a row at a time, each row carried into the lanes of the
/// tiles across it: read tile by tile, every 128 bytes would be a row of
/// its own, 8 KB from the last, and the reads would wait on memory.
fn fingerprint_tiles<'a>(grid: Grid, heights: &[f32], tiles: impl Iterator<Item = (Tile, &'a mut u64)>) {
    let mut tiles = tiles.peekable();
    let mut band = Vec::new();
    while let Some(((cols, rows), into)) = tiles.next() {
        // The band of tiles with these rows
        band.clear();
        band.push((cols, into, Dealing::START));
        while let Some(((cols, _), into)) = tiles.next_if(|((_, r), _)| *r == rows) {
            band.push((cols, into, Dealing::START));
        }
        for y in rows {
            let row = &heights[y * grid.cols..][..grid.cols];
            for (cols, _, dealing) in band.iter_mut() {
                dealing.deal(&row[cols.clone()]);
            }
        }
        for (_, into, dealing) in band.drain(..) {
            *into = dealing.finish();
        }
    }
}

/// A tile's cells: its columns and rows.
type Tile = (std::ops::Range<usize>, std::ops::Range<usize>);

/// Each tile's fingerprint, as of an edition of the heights: the map's
/// fingerprint in a later edition fingerprints again only the tiles changed
/// since.
#[derive(Clone, Debug, Default)]
pub struct TileFingerprints {
    grid: Option<Grid>,
    /// The edition the tiles' fingerprints are of, and the map's.
    edition: u64,
    tiles: Vec<u64>,
    map: u64,
}

impl TileFingerprints {
    /// The fingerprint of `heights` on `grid`, edition `edition`, whose
    /// changes `changed` marks (asked again of the same edition, the one
    /// kept: a paused map's heights do not change).
    pub fn of(&mut self, grid: Grid, heights: &[f32], changed: &ChangedTiles, edition: u64) -> u64 {
        if self.grid == Some(grid) && self.edition == edition {
            return self.map;
        }
        // (a new grid's tiles are all fingerprinted)
        let new_grid = self.grid != Some(grid);
        if new_grid {
            self.tiles = vec![0; changed.all().count()];
        }
        let again = changed.each_since(self.edition).map(|changed| changed || new_grid);
        let tiles = changed.all().zip(self.tiles.iter_mut()).zip(again).filter(|(_, again)| *again);
        fingerprint_tiles(grid, heights, tiles.map(|(tile, _)| tile));
        (self.grid, self.edition) = (Some(grid), edition);
        self.map = self.tiles.iter().copied().fold(FNV_START, step);
        self.map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raster::changed_tiles::TILE;

    #[test]
    fn a_tile_is_fingerprinted_row_by_row_in_four_lanes_and_the_map_tile_by_tile() {
        // 34 × 2: two tiles across, the second two cells wide, so that its
        // second row begins on the third lane
        let grid = Grid::new(TILE + 2, 2);
        let heights: Vec<f32> = (0..grid.cells()).map(|i| i as f32 * 0.5).collect();
        let tile = |cells: &[usize]| {
            let mut lanes = [FNV_START; 4];
            for (k, &i) in cells.iter().enumerate() {
                lanes[k % 4] = step(lanes[k % 4], u64::from(heights[i].to_bits()));
            }
            lanes.into_iter().fold(FNV_START, step)
        };
        let first: Vec<usize> = (0..TILE).chain(TILE + 2..2 * TILE + 2).collect();
        let second = [TILE, TILE + 1, 2 * TILE + 2, 2 * TILE + 3];
        let expected = step(step(FNV_START, tile(&first)), tile(&second));
        assert_eq!(fingerprint(grid, &heights), expected);
        // A tile three cells wide: rows begin on every lane in turn
        let narrow = Grid::new(3, 5);
        let heights: Vec<f32> = (0..15).map(|i| i as f32).collect();
        let mut lanes = [FNV_START; 4];
        for (k, h) in heights.iter().enumerate() {
            lanes[k % 4] = step(lanes[k % 4], u64::from(h.to_bits()));
        }
        assert_eq!(fingerprint(narrow, &heights), step(FNV_START, lanes.into_iter().fold(FNV_START, step)));
    }

    #[test]
    fn any_change_of_one_height_changes_it() {
        let grid = Grid::new(50, 40);
        let heights = vec![0.3f32; grid.cells()];
        let whole = fingerprint(grid, &heights);
        for i in [0, 31, 32, 1999] {
            let mut changed = heights.clone();
            changed[i] = f32::from_bits(changed[i].to_bits() ^ 1);
            assert_ne!(fingerprint(grid, &changed), whole, "cell {i}");
        }
    }

    #[test]
    fn kept_tiles_follow_the_marked_changes_and_a_new_grid() {
        let grid = Grid::new(100, 70);
        let mut heights: Vec<f32> = (0..grid.cells()).map(|i| (i % 97) as f32 / 97.0).collect();
        let mut changed = ChangedTiles::new(grid);
        let mut kept = TileFingerprints::default();
        kept.of(grid, &heights, &changed, 0);
        for edition in 1..20u64 {
            let (x, y) = ((edition as usize * 37) % 100, (edition as usize * 11) % 70);
            heights[y * 100 + x] += 0.01;
            changed.mark_cells(x..x + 1, y..y + 1, edition);
            assert_eq!(kept.of(grid, &heights, &changed, edition), fingerprint(grid, &heights), "{edition}");
        }
        // Everything changed at once, then another grid
        heights.iter_mut().for_each(|h| *h *= 0.5);
        changed.mark_all(20);
        assert_eq!(kept.of(grid, &heights, &changed, 20), fingerprint(grid, &heights));
        let small = Grid::new(40, 30);
        let other = vec![0.1f32; small.cells()];
        assert_eq!(kept.of(small, &other, &ChangedTiles::new(small), 21), fingerprint(small, &other));
    }
}
