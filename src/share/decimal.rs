//! Slider values as links write them: decimals of at most three places;
//! and the drop counts that open each group of a link's tracks.
//! Every slider's step is a whole number of thousandths, so no value needs
//! more, and both ways are exact without a float parser or formatter (the
//! page's wasm carries neither: they would double its size).
//!
//! ```
//! use hydraulic_erosion::share::decimal::{read, write};
//! assert_eq!(read("0.012"), Some(0.012));
//! assert_eq!(read(".5"), Some(0.5));
//! assert_eq!(write(0.3), "0.3");
//! assert_eq!(read("1e3"), None);
//! ```

/// Places after the point, at most.
const PLACES: u32 = 3;
/// Thousandths in a unit.
const PER_UNIT: i64 = 1000;
/// Digits before the point, at most: far past any slider's range, and far
/// from overflowing the thousandths.
const MAX_WHOLE_DIGITS: usize = 9;

/// A decimal of at most three places (`-0.25`, `200`, `0.012`, `.5`) as the
/// f64 a browser reads from it: thousandths divided by 1000 is correctly
/// rounded, so it is the same number. None for anything else (exponents,
/// `NaN`, `inf`, hex, signs other than a leading `-`, spaces).
pub fn read(value: &str) -> Option<f64> {
    let (negative, digits) = match value.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, value),
    };
    let (whole_part, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole_part.is_empty() && fraction.is_empty()
        || fraction.len() > PLACES as usize
        || whole_part.len() > MAX_WHOLE_DIGITS
    {
        return None;
    }
    let whole_part = if whole_part.is_empty() { 0 } else { whole(whole_part)? as i64 };
    let fraction =
        if fraction.is_empty() { 0 } else { whole(fraction)? as i64 * 10i64.pow(PLACES - fraction.len() as u32) };
    let thousandths = whole_part * PER_UNIT + fraction;
    Some(if negative { -thousandths } else { thousandths } as f64 / PER_UNIT as f64)
}

/// A value written as [`read`] reads it: shortest, no trailing zeros.
pub fn write(value: f64) -> String {
    let thousandths = (value * PER_UNIT as f64).round() as i64;
    let sign = if thousandths < 0 { "-" } else { "" };
    let (whole_part, fraction) = (thousandths.abs() / PER_UNIT, thousandths.abs() % PER_UNIT);
    if fraction == 0 {
        format!("{sign}{whole_part}")
    } else {
        let digits = format!("{fraction:03}");
        format!("{sign}{whole_part}.{}", digits.trim_end_matches('0'))
    }
}

/// A whole number written with digits only (no sign, no spaces), that fits
/// in a u64.
pub fn whole(value: &str) -> Option<u64> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// Drops since the group before (the stroke before, in the hand's track)
/// are written with at most this many digits: far more than a link
/// replays, far from overflowing.
const MAX_DELTA_DIGITS: usize = 12;

/// The drop count a group of a link's track is at (the settings' groups,
/// the hand's strokes): `group` starts with the drops since the one before,
/// at `before`, in at most twelve digits. With it, the rest of
/// the group; `unmarked` is the reason given where it starts with none.
pub fn read_drops_since<'a>(
    group: &'a str,
    before: u64,
    unmarked: &'static str,
) -> Result<(u64, &'a str), &'static str> {
    let digits = group.len() - group.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || digits > MAX_DELTA_DIGITS {
        return Err(unmarked);
    }
    let delta = whole(&group[..digits]).ok_or("drops are whole numbers")?;
    let at = before.checked_add(delta).ok_or("too many drops")?;
    Ok((at, &group[digits..]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::sliders::Setting;

    #[test]
    fn decimals_read_as_a_browser_reads_them_and_write_back_the_same() {
        for text in ["0", "0.3", "0.05", "-0.25", "200", "0.012", "1000", "0.999", "7", ".5", "-3"] {
            let browser: f64 = text.parse().unwrap();
            assert_eq!(read(text), Some(browser), "{text}");
        }
        for text in ["0.3", "0.05", "-0.25", "200", "0.012", "1000", "0.999", "7", "0", "-3"] {
            assert_eq!(write(read(text).unwrap()), text);
        }
        for bad in ["", ".", "-", "0.0001", "1e3", "NaN", "inf", "0x10", "1.2.3", "+1", " 1", "9999999999"] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_on_step_value_of_every_slider_survives_the_trip() {
        for setting in Setting::ALL {
            let s = setting.slider();
            let steps = ((s.max - s.min) / s.step).round() as i64;
            for k in 0..=steps {
                let v = read(&write(s.min + k as f64 * s.step)).unwrap();
                assert_eq!(read(&write(v)), Some(v), "{} step {k}", s.name);
            }
            assert_eq!(read(&write(s.default)), Some(s.default), "{}", s.name);
        }
    }

    #[test]
    fn whole_numbers_are_digits_only() {
        assert_eq!(whole("300000"), Some(300_000));
        assert_eq!(whole("18446744073709551615"), Some(u64::MAX));
        for bad in ["", "-1", "+1", "1.0", " 1", "18446744073709551616", "1e3"] {
            assert_eq!(whole(bad), None, "{bad}");
        }
    }
}
