//! The cells around a drop that it digs from, each weighted by how close it
//! is (`radius − distance`), the weights adding up to 1. Digging from a small
//! circle rather than one cell keeps the map from getting pitted.

use crate::raster::grid::Grid;

/// One cell of the brush: where it is from the centre, its offset in the
/// height buffer, and its share of what is dug.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BrushCell {
    pub dx: i32,
    pub dy: i32,
    pub offset: isize,
    pub weight: f64,
}

/// A brush of a whole-number radius, its cells row by row as the original
/// builds them (the order fixes how the dug sediment is summed).
#[derive(Clone, Debug, PartialEq)]
pub struct Brush {
    radius: i32,
    grid: Grid,
    cells: Vec<BrushCell>,
}

impl Brush {
    /// A brush of `radius` cells for a map on `grid` (its offsets are in
    /// that grid's rows).
    pub fn new(radius: u32, grid: Grid) -> Self {
        let r = radius.max(1) as i32;
        let mut cells = Vec::new();
        for dy in -r..=r {
            for dx in -r..=r {
                let weight = r as f64 - ((dx * dx + dy * dy) as f64).sqrt();
                if weight > 0.0 {
                    cells.push(BrushCell { dx, dy, offset: dy as isize * grid.cols as isize + dx as isize, weight });
                }
            }
        }
        let total: f64 = cells.iter().map(|c| c.weight).sum();
        for c in &mut cells {
            c.weight /= total;
        }
        Brush { radius: r, grid, cells }
    }

    pub fn radius(&self) -> u32 {
        self.radius as u32
    }

    pub fn grid(&self) -> Grid {
        self.grid
    }

    pub fn cells(&self) -> &[BrushCell] {
        &self.cells
    }

    /// Whether the whole brush centred on (x, y) lies on the grid, so its
    /// offsets can be used without checking each cell.
    #[inline]
    pub fn fits_at(&self, x: usize, y: usize) -> bool {
        let r = self.radius as usize;
        x >= r && y >= r && x + r < self.grid.cols && y + r < self.grid.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;

    #[test]
    fn weights_sum_to_one_for_every_radius() {
        for radius in 1..=6 {
            let brush = Brush::new(radius, G);
            let total: f64 = brush.cells().iter().map(|c| c.weight).sum();
            assert!((total - 1.0).abs() < 1e-12, "radius {radius}: {total}");
            assert!(brush.cells().iter().all(|c| c.weight > 0.0));
        }
    }

    #[test]
    fn cells_are_those_closer_than_the_radius() {
        // Radius 1 is the centre alone; radius 2 is the 3 × 3 square (the
        // cells at distance 2 weigh nothing); radius 3 adds the ring inside 3.
        assert_eq!(Brush::new(1, G).cells().len(), 1);
        assert_eq!(Brush::new(2, G).cells().len(), 9);
        assert_eq!(Brush::new(3, G).cells().len(), 25);
        let centre = Brush::new(2, G).cells()[4];
        assert_eq!((centre.dx, centre.dy, centre.offset), (0, 0, 0));
        // The centre weighs most: 2 / (2 + 4·1 + 4·(2 − √2))
        let expected = 2.0 / (6.0 + 4.0 * (2.0 - 2f64.sqrt()));
        assert!((centre.weight - expected).abs() < 1e-15);
    }

    #[test]
    fn offsets_are_row_major() {
        for c in Brush::new(4, G).cells() {
            assert_eq!(c.offset, c.dy as isize * G.cols as isize + c.dx as isize);
        }
        let b = Brush::new(2, G);
        assert!(b.fits_at(2, 2) && !b.fits_at(1, 2) && !b.fits_at(G.cols - 2, 5) && b.fits_at(G.cols - 3, G.rows - 3));
        let square = Brush::new(2, Grid::new(512, 512));
        assert_eq!(square.cells()[0].offset, -512 - 1, "the first cell of radius 2 is the north-west");
        assert!(square.fits_at(509, 509) && !square.fits_at(510, 300));
    }
}
