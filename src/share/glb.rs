//! The ground's surface as a glTF binary (`.glb`) for Blender, game engines
//! and other 3D tools: positions, normals and vertex colours (the colour
//! scheme's, with rock on steep slopes, as the 3D view shows them), indexed
//! triangles, the JSON chunk written by the `gltf-json` crate.
//!
//! Unlike the printed solid, the ground under the sea is kept as it is, in
//! the scheme's sea colours: a tool can put its own water over it. The map
//! is one unit along its longer side (a metre in Blender), y up.
//!
//! ```
//! use hydraulic_erosion::draw::color_schemes::scheme;
//! use hydraulic_erosion::raster::grid::Grid;
//! use hydraulic_erosion::share::glb::glb;
//! let file = glb(Grid::new(4, 3), &[0.5; 12], 0.25, scheme("topographic").unwrap(), 1.0);
//! assert_eq!(&file[0..4], b"glTF");
//! assert_eq!(file.len() % 4, 0);
//! ```

use std::collections::BTreeMap;

use gltf_json as json;
use json::validation::{Checked::Valid, USize64};

use crate::draw::color_schemes::ColorScheme;
use crate::draw::mesh::{surface, Layout};
use crate::draw::relief::{band_colors, Palette};
use crate::draw::shading::{rock_share, ROCK};
use crate::raster::grid::Grid;

/// The colour of each vertex, 0..1 in sRGB, as the 3D view shows it.
pub fn vertex_colors(
    grid: Grid,
    heights: &[f32],
    sea_level: f64,
    scheme: &ColorScheme,
    normals: &[[f32; 3]],
) -> Vec<[f64; 3]> {
    let bands = band_colors(scheme);
    let palette = Palette::new(scheme, &bands);
    (0..grid.cells())
        .map(|i| {
            let ground = palette.ground(heights[i] as f64, sea_level);
            let rock = match ground {
                crate::draw::relief::Ground::Land(_) => rock_share(normals[i][1] as f64),
                crate::draw::relief::Ground::Sea(_) => 0.0,
            };
            let c = ground.color();
            [0, 1, 2].map(|k| (c[k] + (ROCK[k] - c[k]) * rock) / 255.0)
        })
        .collect()
}

/// glTF's vertex colours are linear: sRGB's curve taken off.
fn linear(c: f64) -> f32 {
    (if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }) as f32
}

/// The ground of a map on `grid` as a `.glb` file.
pub fn glb(grid: Grid, heights: &[f32], sea_level: f64, scheme: &ColorScheme, height_scale: f64) -> Vec<u8> {
    let mesh = surface(Layout::new(grid, height_scale), heights);
    let colors: Vec<[f32; 3]> =
        vertex_colors(grid, heights, sea_level, scheme, &mesh.normals).iter().map(|c| c.map(linear)).collect();
    let vertices = mesh.positions.len();

    // One buffer: positions, normals, colours (12 bytes a vertex each),
    // then the indices
    let mut bin: Vec<u8> = Vec::with_capacity(vertices * 36 + mesh.indices.len() * 4);
    for attribute in [&mesh.positions, &mesh.normals, &colors] {
        bin.extend(attribute.iter().flatten().flat_map(|v| v.to_le_bytes()));
    }
    bin.extend(mesh.indices.iter().flat_map(|i| i.to_le_bytes()));

    let mut root = json::Root {
        asset: json::Asset {
            generator: Some(format!("Hydraulic Erosion {}", env!("CARGO_PKG_VERSION"))),
            ..Default::default()
        },
        ..Default::default()
    };
    let buffer = root.push(json::Buffer {
        byte_length: USize64::from(bin.len()),
        name: None,
        uri: None,
        extensions: None,
        extras: Default::default(),
    });
    let mut view = |offset: usize, length: usize, target: json::buffer::Target| {
        root.push(json::buffer::View {
            buffer,
            byte_length: USize64::from(length),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            name: None,
            target: Some(Valid(target)),
            extensions: None,
            extras: Default::default(),
        })
    };
    let attribute_bytes = vertices * 12;
    let views = [0, 1, 2].map(|k| view(k * attribute_bytes, attribute_bytes, json::buffer::Target::ArrayBuffer));
    let index_view = view(3 * attribute_bytes, mesh.indices.len() * 4, json::buffer::Target::ElementArrayBuffer);

    let (low, high) = mesh.positions.iter().fold(([f32::MAX; 3], [f32::MIN; 3]), |(lo, hi), p| {
        ([0, 1, 2].map(|k| lo[k].min(p[k])), [0, 1, 2].map(|k| hi[k].max(p[k])))
    });
    let mut accessor =
        |view, count: usize, component: json::accessor::ComponentType, kind, bounds: Option<([f32; 3], [f32; 3])>| {
            root.push(json::Accessor {
                buffer_view: Some(view),
                byte_offset: Some(USize64(0)),
                count: USize64::from(count),
                component_type: Valid(json::accessor::GenericComponentType(component)),
                extensions: None,
                extras: Default::default(),
                type_: Valid(kind),
                min: bounds.map(|b| json::Value::from(b.0.to_vec())),
                max: bounds.map(|b| json::Value::from(b.1.to_vec())),
                name: None,
                normalized: false,
                sparse: None,
            })
        };
    use json::accessor::{ComponentType::*, Type::*};
    let position = accessor(views[0], vertices, F32, Vec3, Some((low, high)));
    let normal = accessor(views[1], vertices, F32, Vec3, None);
    let color = accessor(views[2], vertices, F32, Vec3, None);
    let indices = accessor(index_view, mesh.indices.len(), U32, Scalar, None);

    let primitive = json::mesh::Primitive {
        attributes: BTreeMap::from([
            (Valid(json::mesh::Semantic::Positions), position),
            (Valid(json::mesh::Semantic::Normals), normal),
            (Valid(json::mesh::Semantic::Colors(0)), color),
        ]),
        extensions: None,
        extras: Default::default(),
        indices: Some(indices),
        material: None,
        mode: Valid(json::mesh::Mode::Triangles),
        targets: None,
    };
    let mesh = root.push(json::Mesh {
        extensions: None,
        extras: Default::default(),
        name: Some("terrain".into()),
        primitives: vec![primitive],
        weights: None,
    });
    let node = root.push(json::Node { mesh: Some(mesh), name: Some("terrain".into()), ..Default::default() });
    root.push(json::Scene { extensions: None, extras: Default::default(), name: None, nodes: vec![node] });
    root.scene = Some(json::Index::new(0));

    let text = root.to_vec().expect("glTF's JSON serialises");
    container(text, bin)
}

/// The GLB container: a 12-byte header, then a JSON chunk padded with
/// spaces and a binary chunk padded with zeros, each to four bytes.
fn container(mut text: Vec<u8>, mut bin: Vec<u8>) -> Vec<u8> {
    while text.len() % 4 != 0 {
        text.push(b' ');
    }
    while bin.len() % 4 != 0 {
        bin.push(0);
    }
    let length = 12 + 8 + text.len() + 8 + bin.len();
    let mut file = Vec::with_capacity(length);
    file.extend_from_slice(b"glTF");
    file.extend_from_slice(&2u32.to_le_bytes());
    file.extend_from_slice(&(length as u32).to_le_bytes());
    for (chunk, kind) in [(&text, b"JSON"), (&bin, b"BIN\0")] {
        file.extend_from_slice(&(chunk.len() as u32).to_le_bytes());
        file.extend_from_slice(kind);
        file.extend_from_slice(chunk);
    }
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::color_schemes::scheme;

    fn u32_at(file: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(file[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn the_container_has_its_header_chunks_and_padding() {
        let grid = Grid::new(7, 5);
        let heights: Vec<f32> = (0..35).map(|i| (i % 7) as f32 * 0.1).collect();
        let file = glb(grid, &heights, 0.2, scheme("topographic").unwrap(), 1.0);
        assert_eq!((&file[0..4], u32_at(&file, 4), u32_at(&file, 8) as usize), (&b"glTF"[..], 2, file.len()));
        let json_length = u32_at(&file, 12) as usize;
        assert_eq!((json_length % 4, &file[16..20]), (0, &b"JSON"[..]));
        let bin_at = 20 + json_length;
        let bin_length = u32_at(&file, bin_at) as usize;
        assert_eq!((bin_length % 4, &file[bin_at + 4..bin_at + 8]), (0, &b"BIN\0"[..]));
        assert_eq!(bin_at + 8 + bin_length, file.len());
        assert_eq!(bin_length, 35 * 36 + 6 * 4 * 6 * 4);

        // The JSON reads back, with the bounds of the positions
        let root = json::Root::from_slice(&file[20..20 + json_length]).expect("glTF JSON");
        let position = &root.accessors[0];
        assert_eq!(position.count, USize64(35));
        let min: Vec<f64> = serde_json_values(position.min.as_ref().unwrap());
        let max: Vec<f64> = serde_json_values(position.max.as_ref().unwrap());
        assert_eq!(min, [-0.5, 0.0, -1.0 / 3.0].map(|v| v as f32 as f64));
        assert_eq!(max, [0.5, 0.6f32 as f64 * 0.12, 1.0 / 3.0].map(|v| v as f32 as f64));
        assert_eq!(root.accessors[3].count, USize64(6 * 4 * 6));
    }

    fn serde_json_values(v: &json::Value) -> Vec<f64> {
        v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
    }

    #[test]
    fn colours_are_the_schemes_with_rock_on_cliffs() {
        let grid = Grid::new(101, 3);
        // Flat land at 0.5 on the west, a peak on a cliff in the middle,
        // sea in the east (on a map 101 cells across, the peak's slopes are
        // 2.4 and 3 units a unit)
        let at = |x: usize| match x {
            0..50 => 0.5,
            50 => 1.0,
            _ => 0.1,
        };
        let heights: Vec<f32> = (0..grid.cells()).map(|i| at(i % 101)).collect();
        let mesh = surface(Layout::new(grid, 1.0), &heights);
        let topographic = scheme("topographic").unwrap();
        let colors = vertex_colors(grid, &heights, 0.2, topographic, &mesh.normals);
        let bands = band_colors(topographic);
        let palette = Palette::new(topographic, &bands);
        let close = |c: [f64; 3], want: [f64; 3]| (0..3).all(|k| (c[k] * 255.0 - want[k]).abs() < 1e-9);
        assert!(close(colors[101 + 10], palette.ground(0.5, 0.2).color()), "flat land: the scheme's");
        assert_eq!(colors[101 + 50].map(|c| (c * 255.0).round()), ROCK, "the cliff: rock");
        assert!(close(colors[101 + 90], palette.ground(0.1f32 as f64, 0.2).color()), "the sea floor: the scheme's sea");
    }
}
