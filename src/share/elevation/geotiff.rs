//! GeoTIFF elevation models: one band of heights in metres, as 8-, 16-,
//! 32- or 64-bit integers or 32- or 64-bit floats, in strips or tiles,
//! uncompressed or with the deflate or LZW compression GDAL writes. GDAL's
//! nodata tag (42113) names the value of a void. The model's pixel scale
//! (tag 33550) says how wide a cell is: in degrees where its GeoKey says the
//! model is geographic (then at the latitude of its tie point), else in
//! metres.

use std::io::Cursor;

use tiff::decoder::{Decoder, DecodingResult, Limits};
use tiff::tags::Tag;
use tiff::ColorType;

use super::{degrees_wide, value_or_void, Budget, Format, Opened, ReadError};
use crate::ground::imported::{Elevation, Unit};

/// GeoTIFF's key for the kind of model, and its value for "geographic"
/// (latitude and longitude, not a projection).
const MODEL_TYPE_KEY: u16 = 1024;
const GEOGRAPHIC: u16 = 2;

/// The ground in a GeoTIFF file.
pub fn read(bytes: &[u8], budget: &Budget) -> Result<Opened, ReadError> {
    let damaged = |e: tiff::TiffError| ReadError::Damaged { format: "TIFF", why: e.to_string() };
    let limits = {
        let mut limits = Limits::default();
        limits.decoding_buffer_size = budget.cells * 8;
        // (a strip or tile as the file holds it, before it is decoded: as
        // large as the whole image in a file of one strip)
        limits.intermediate_buffer_size = limits.intermediate_buffer_size.max(budget.cells * 8);
        limits
    };
    let mut decoder = Decoder::new(Cursor::new(bytes)).map_err(damaged)?.with_limits(limits);
    let (cols, rows) = decoder.dimensions().map_err(damaged)?;
    let (cols, rows) = (cols as usize, rows as usize);
    budget.check(cols, rows)?;
    match decoder.colortype().map_err(damaged)? {
        ColorType::Gray(_) => {}
        other => return Err(ReadError::NotOneBand { what: format!("{other:?}") }),
    }
    let nodata = match decoder.find_tag(Tag::GdalNodata) {
        Ok(Some(value)) => value.into_string().ok().and_then(|s| s.trim().trim_end_matches('\0').parse().ok()),
        _ => None,
    };
    let cell_metres = cell_width(&mut decoder);
    let decoded = decoder.read_image().map_err(damaged)?;
    let values = match decoded {
        DecodingResult::U8(v) => voids(v, nodata),
        DecodingResult::U16(v) => voids(v, nodata),
        DecodingResult::U32(v) => voids(v, nodata),
        DecodingResult::I8(v) => voids(v, nodata),
        DecodingResult::I16(v) => voids(v, nodata),
        DecodingResult::I32(v) => voids(v, nodata),
        DecodingResult::F32(v) => voids(v, nodata),
        DecodingResult::F64(v) => voids(v, nodata),
        other => return Err(ReadError::NotOneBand { what: format!("of {} samples", sample_name(&other)) }),
    };
    if values.len() != cols * rows {
        return Err(ReadError::NotOneBand { what: format!("{} samples for {cols} × {rows} cells", values.len()) });
    }
    let elevation = Elevation { cols, rows, values, unit: Unit::Metres, cell_metres };
    Ok(Opened { elevation, format: Format::GeoTiff })
}

/// Where a GeoTIFF's cells lie on the Earth, as its tags say: the model's
/// pixel scale (33550), its tie points (33922), and the GeoKeys with their
/// parameters (34735 to 34737), kept as they were read so a map eroded from
/// the file is written back to the same place.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Georeference {
    pub pixel_scale: Vec<f64>,
    pub tie_points: Vec<f64>,
    pub geo_keys: Vec<u16>,
    pub geo_doubles: Vec<f64>,
    pub geo_ascii: String,
}

impl Georeference {
    /// The same place on a grid of `cols` × `rows` cells fitted from a file
    /// of `file_cols` × `file_rows`: each cell as much wider as there are
    /// fewer of them (the tie point, the first cell's corner, stays).
    pub fn fitted(&self, (file_cols, file_rows): (usize, usize), (cols, rows): (usize, usize)) -> Georeference {
        let mut pixel_scale = self.pixel_scale.clone();
        for (scale, (file, map)) in pixel_scale.iter_mut().zip([(file_cols, cols), (file_rows, rows)]) {
            *scale *= file as f64 / map as f64;
        }
        Georeference { pixel_scale, ..self.clone() }
    }
}

/// The georeference of a GeoTIFF file, if it is one with a pixel scale and
/// a tie point (a model transformation alone is not kept).
pub fn georeference(bytes: &[u8]) -> Option<Georeference> {
    let mut decoder = Decoder::new(Cursor::new(bytes)).ok()?;
    let pixel_scale = decoder.get_tag_f64_vec(Tag::ModelPixelScaleTag).ok()?;
    let tie_points = decoder.get_tag_f64_vec(Tag::ModelTiepointTag).ok()?;
    Some(Georeference {
        pixel_scale,
        tie_points,
        geo_keys: decoder.get_tag_u16_vec(Tag::GeoKeyDirectoryTag).unwrap_or_default(),
        geo_doubles: decoder.get_tag_f64_vec(Tag::GeoDoubleParamsTag).unwrap_or_default(),
        geo_ascii: decoder.get_tag_ascii_string(Tag::GeoAsciiParamsTag).unwrap_or_default(),
    })
}

/// A float32 GeoTIFF of `values` (`cols` a row, from the north-west), at
/// `place` if it has one.
pub fn write(cols: usize, values: &[f32], place: Option<&Georeference>) -> Result<Vec<u8>, tiff::TiffError> {
    let mut file = Cursor::new(Vec::new());
    let mut tiff = tiff::encoder::TiffEncoder::new(&mut file)?;
    let rows = values.len() / cols.max(1);
    let mut image = tiff.new_image::<tiff::encoder::colortype::Gray32Float>(cols as u32, rows as u32)?;
    if let Some(place) = place {
        let tags = image.encoder();
        tags.write_tag(Tag::ModelPixelScaleTag, &place.pixel_scale[..])?;
        tags.write_tag(Tag::ModelTiepointTag, &place.tie_points[..])?;
        if !place.geo_keys.is_empty() {
            tags.write_tag(Tag::GeoKeyDirectoryTag, &place.geo_keys[..])?;
        }
        if !place.geo_doubles.is_empty() {
            tags.write_tag(Tag::GeoDoubleParamsTag, &place.geo_doubles[..])?;
        }
        if !place.geo_ascii.is_empty() {
            tags.write_tag(Tag::GeoAsciiParamsTag, &place.geo_ascii[..])?;
        }
    }
    image.write_data(values)?;
    Ok(file.into_inner())
}

/// Heights from samples, NaN for the nodata value and non-finite ones.
fn voids<T: Into<f64> + Copy>(samples: Vec<T>, nodata: Option<f64>) -> Vec<f32> {
    samples.into_iter().map(|s| value_or_void(s.into(), nodata)).collect()
}

/// The name of samples the sketch does not read.
fn sample_name(result: &DecodingResult) -> &'static str {
    match result {
        DecodingResult::U64(_) | DecodingResult::I64(_) => "64-bit integer",
        DecodingResult::F16(_) => "16-bit float",
        _ => "unknown",
    }
}

/// How wide a cell is in metres, if the file says: its pixel scale, in
/// degrees converted at its tie point's latitude where the model is
/// geographic.
fn cell_width(decoder: &mut Decoder<Cursor<&[u8]>>) -> Option<f64> {
    let scale = decoder.get_tag_f64_vec(Tag::ModelPixelScaleTag).ok()?;
    let (x, y) = (*scale.first()?, *scale.get(1)?);
    if !(x > 0.0 && y > 0.0 && x.is_finite() && y.is_finite()) {
        return None;
    }
    let keys = decoder.get_tag_u16_vec(Tag::GeoKeyDirectoryTag).unwrap_or_default();
    // After a header of four, each key is four numbers: its ID, where its
    // value is (0: in the fourth), how many, and the value
    let model = keys.get(4..).unwrap_or_default().chunks_exact(4).find(|k| k[0] == MODEL_TYPE_KEY).map(|k| k[3]);
    if model == Some(GEOGRAPHIC) {
        let tie = decoder.get_tag_f64_vec(Tag::ModelTiepointTag).unwrap_or_default();
        let latitude = tie.get(4).copied().filter(|l| l.abs() <= 90.0).unwrap_or(0.0);
        Some(degrees_wide(x, y, latitude))
    } else {
        Some((x + y) / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiff::encoder::{colortype, TiffEncoder};

    /// A float32 GeoTIFF of `cols` columns with `values`, its nodata tag
    /// and a geographic pixel scale of 1 arc second at 46° N.
    fn float_tiff(cols: u32, values: &[f32], nodata: &str) -> Vec<u8> {
        let mut file = Cursor::new(Vec::new());
        let mut tiff = TiffEncoder::new(&mut file).unwrap();
        let rows = values.len() as u32 / cols;
        let mut image = tiff.new_image::<colortype::Gray32Float>(cols, rows).unwrap();
        let second = 1.0 / 3600.0;
        image.encoder().write_tag(Tag::ModelPixelScaleTag, &[second, second, 0.0][..]).unwrap();
        image.encoder().write_tag(Tag::ModelTiepointTag, &[0.0, 0.0, 0.0, 7.0, 46.0, 0.0][..]).unwrap();
        image
            .encoder()
            .write_tag(Tag::GeoKeyDirectoryTag, &[1u16, 1, 0, 1, MODEL_TYPE_KEY, 0, 1, GEOGRAPHIC][..])
            .unwrap();
        image.encoder().write_tag(Tag::GdalNodata, nodata).unwrap();
        image.write_data(values).unwrap();
        file.into_inner()
    }

    #[test]
    fn a_float_model_keeps_its_metres_with_nodata_and_infinities_as_voids() {
        let mut values: Vec<f32> = (0..400).map(|i| i as f32 * 2.5 - 100.0).collect();
        values[3] = -9999.0;
        values[4] = f32::INFINITY;
        values[5] = f32::NAN;
        let Opened { elevation: model, format } = read(&float_tiff(20, &values, "-9999"), &Budget::PAGE).unwrap();
        assert_eq!((model.cols, model.rows, format, model.unit), (20, 20, Format::GeoTiff, Unit::Metres));
        assert_eq!((model.values[0], model.values[399], model.voids()), (-100.0, 897.5, 3));
        // 1 arc second: 30.9 m north to south, 21.5 m east to west at 46° N
        let width = model.cell_metres.unwrap();
        assert!((width - 26.2).abs() < 0.1, "{width}");
    }

    #[test]
    fn a_model_written_keeps_its_values_and_its_place_widened_as_it_was_fitted() {
        let values: Vec<f32> = (0..400).map(|i| i as f32 * 0.5).collect();
        let place = georeference(&float_tiff(20, &values, "-9999")).expect("a place");
        let second = 1.0 / 3600.0;
        assert_eq!((place.pixel_scale[0], place.tie_points[4]), (second, 46.0));
        let fitted = place.fitted((20, 20), (10, 5));
        assert_eq!(fitted.pixel_scale[..2], [2.0 * second, 4.0 * second]);
        let file = write(20, &values, Some(&fitted)).unwrap();
        let again = read(&file, &Budget::PAGE).unwrap().elevation;
        assert_eq!((again.cols, again.rows, again.values), (20, 20, values));
        assert_eq!(georeference(&file), Some(fitted));
        let plain = write(20, &[1.5; 400], None).unwrap();
        assert_eq!((georeference(&plain), read(&plain, &Budget::PAGE).unwrap().elevation.values[7]), (None, 1.5));
    }

    #[test]
    fn an_int16_model_in_metres_reads_and_a_colour_tiff_is_refused() {
        let mut file = Cursor::new(Vec::new());
        let mut tiff = TiffEncoder::new(&mut file).unwrap();
        let values: Vec<i16> = (0..256).map(|i| i as i16 * 10 - 30).collect();
        tiff.write_image::<colortype::GrayI16>(16, 16, &values).unwrap();
        let model = read(file.get_ref(), &Budget::PAGE).unwrap().elevation;
        assert_eq!((model.values[0], model.values[255], model.cell_metres), (-30.0, 2_520.0, None));
        let mut file = Cursor::new(Vec::new());
        TiffEncoder::new(&mut file).unwrap().write_image::<colortype::RGB8>(16, 16, &[7u8; 768]).unwrap();
        assert!(matches!(read(file.get_ref(), &Budget::PAGE), Err(ReadError::NotOneBand { .. })));
    }
}
