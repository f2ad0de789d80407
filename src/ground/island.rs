//! The starting terrain: fractal noise raised in the middle and sunk at the
//! edges, so the land drains out to a sea around it (on noise alone most rain
//! ends up in closed hollows and just fills them in), then stretched to fill
//! 0..1.

use crate::ground::fractal_noise::FractalNoise;
use crate::raster::float_min_max::{greater, lesser};
use crate::raster::grid::Grid;

/// How much the terrain rises towards the middle, from 0 (noise only) to 1.
/// Too strong and you get a perfect cone; at 0.4 the noise still decides
/// where the hills are.
pub const ISLAND: f64 = 0.4;

/// The island for a seed at a terrain scale (noise units per cell of the
/// article's map), one height per cell of `grid`, row by row, stretched to
/// exactly 0..1. A finer grid samples the same island more closely.
pub fn island(noise: &FractalNoise, grid: Grid, terrain_scale: f64) -> Vec<f32> {
    let Grid { cols, rows } = grid;
    let field = noise.grid(cols, rows, grid.per_cell(terrain_scale), 0.0);
    let rise = (0..grid.cells()).map(|i| {
        let (x, y) = grid.column_row(i);
        let dx = x as f64 / (cols - 1) as f64 * 2.0 - 1.0;
        let dy = y as f64 / (rows - 1) as f64 * 2.0 - 1.0;
        let rise = 1.0 - lesser(dx * dx + dy * dy, 1.0);
        field[i] * (1.0 - ISLAND) + rise * ISLAND
    });
    stretch_to_unit(rise)
}

/// Heights stored as `f32` and stretched to exactly 0..1. The range is that
/// of the heights as stored: the original takes it before rounding to f32,
/// which can leave a cell a hair below 0.
pub fn stretch_to_unit(values: impl Iterator<Item = f64>) -> Vec<f32> {
    let mut heights: Vec<f32> = values.map(|h| h as f32).collect();
    let mut low = f64::INFINITY;
    let mut high = f64::NEG_INFINITY;
    for &h in &heights {
        low = lesser(low, h as f64);
        high = greater(high, h as f64);
    }
    let range = (high - low).max(f64::MIN_POSITIVE);
    for h in &mut heights {
        *h = ((*h as f64 - low) / range) as f32;
    }
    heights
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: Grid = Grid::ARTICLE;
    const COLS: usize = G.cols;
    const ROWS: usize = G.rows;
    const CELLS: usize = COLS * ROWS;

    #[test]
    fn the_island_fills_zero_to_one_and_rises_in_the_middle() {
        let h = island(&FractalNoise::new(1), G, 0.012);
        let low = h.iter().cloned().fold(f32::INFINITY, f32::min);
        let high = h.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!((low, high), (0.0, 1.0));
        let edge: f32 = (0..COLS).map(|x| h[x]).sum::<f32>() / COLS as f32;
        let centre: f32 = (0..COLS).map(|x| h[(ROWS / 2) * COLS + x]).sum::<f32>() / COLS as f32;
        assert!(centre > edge + 0.2, "centre row {centre} should stand well above the top edge {edge}");
    }

    #[test]
    fn the_same_seed_gives_the_same_island_and_another_seed_another() {
        let a = island(&FractalNoise::new(42), G, 0.012);
        assert_eq!(a, island(&FractalNoise::new(42), G, 0.012));
        let b = island(&FractalNoise::new(43), G, 0.012);
        let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count();
        assert!(differing > CELLS / 2, "only {differing} cells differ");
    }
}
