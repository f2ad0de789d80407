//! JSON written by hand, for the few files that carry some (`map.json` in
//! the maps' zip, the package's facts): a string quoted and escaped, a
//! number, or `null` where it is not finite. No serde: the page's download
//! carries none of it.
//!
//! ```
//! use hydraulic_erosion::share::json::{number, string};
//! assert_eq!(string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
//! assert_eq!((number(0.25), number(f64::NAN)), ("0.25".to_string(), "null".to_string()));
//! ```

/// A JSON string: quoted, with what JSON escapes escaped.
pub fn string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out + "\""
}

/// A JSON number (a value that is not finite, which none should be, as
/// null).
pub fn number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "null".into()
    }
}
