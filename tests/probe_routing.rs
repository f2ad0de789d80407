use hydraulic_erosion::grid::Grid;
use hydraulic_erosion::hydrology::flow_accumulation::flow_accumulation;
use hydraulic_erosion::hydrology::rivers::RoutingEnd;
use hydraulic_erosion::hydrology::router::Routing;
#[test]
fn probe() {
    let grid = Grid::new(2048, 2048);
    let heights: Vec<f32> = (0..grid.cells())
        .map(|i| {
            let (x, y) = grid.column_row(i);
            let dx = x as f32 / 1024.0 - 1.0;
            let dy = y as f32 / 1024.0 - 1.0;
            (1.0 - dx * dx - dy * dy) + 0.05 * ((x as f32 * 0.05).sin() * (y as f32 * 0.07).cos())
        })
        .collect();
    let mut end = RoutingEnd::default();
    let routing = Routing { grid, seed: 1, sea_level: 0.3 };
    let mut best = f64::MAX;
    let mut best_fa = f64::MAX;
    for _ in 0..8 {
        let t = std::time::Instant::now();
        let d = end.route(routing, &heights);
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
        let t = std::time::Instant::now();
        std::hint::black_box(flow_accumulation(grid, &heights));
        best_fa = best_fa.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("routing 2048²: best {best:.1} ms; flow_accumulation best {best_fa:.1} ms");
}
