//! How a link writes the hand's track ([`crate::sculpt::stroke`]).
//!
//! A link writes the touches stroke by stroke, separated by `_`: the drops
//! since the stroke before began, the tool's letter, the radius, `-`, the
//! strength in hundredths, `-`, and the stamps' cells. The first cell is
//! written whole and each after it as the step from the one before, each
//! number in a few characters of four bits
//! ([`write_number`](crate::share::strokes::write_number)), so a stroke of
//! twenty stamps takes about fifty characters. A pen pressed harder or
//! lighter changes the strength along the stroke: a stamp whose strength
//! differs from the one before is preceded by `x` and the change, in
//! hundredths. The rain's tool pours while the map rains on, so each of its
//! stamps also says the drops since the one before, and its stroke ends
//! with `.` and the drops until it was lifted.
//!
//! ```
//! use hydraulic_erosion::sculpt::stamp::{Stamp, Tool};
//! use hydraulic_erosion::sculpt::stroke::{Hand, Touch};
//! use hydraulic_erosion::share::strokes::{decode, encode};
//! let stamp = |x, y| Hand::Stamp(Stamp { tool: Tool::Raise, x, y, radius: 8, strength: 0.5 });
//! let touches = vec![Touch { drops: 1200, hand: stamp(30, 40) }, Touch { drops: 1200, hand: stamp(33, 41) }];
//! assert_eq!(encode(&touches), "1200r8-50-hei862");
//! assert_eq!(decode("1200r8-50-hei862"), Ok(touches));
//! ```

use super::decimal;
use crate::sculpt::stamp::{Stamp, Tool};
use crate::sculpt::stroke::{Hand, Touch};

/// The hand's track written longer than this is not kept: a link then can
/// no longer give the map exactly, and says so. A hundred strokes of twenty
/// stamps take about 5,500 characters.
pub const MAX_CHARS: usize = 7000;
/// Between strokes.
const STROKE_SEPARATOR: char = '_';
/// Between a stroke's tool and radius, strength, and stamps.
const FIELD_SEPARATOR: char = '-';
/// Before the drops until the rain's tool was lifted.
const LIFT_MARK: char = '.';
/// Before a change of strength along a stroke (neither a digit nor a mark
/// that a query would escape).
const STRENGTH_MARK: char = 'x';
/// A number's last character carries four bits and is one of these...
const LAST_DIGITS: &[u8; 16] = b"0123456789abcdef";
/// ... and every character before it four more bits, and is one of these.
const MORE_DIGITS: &[u8; 16] = b"ghijklmnopqrstuv";
/// The largest radius and strength (in hundredths) a link may say.
const MAX_RADIUS: u16 = 64;
const HUNDREDTHS: f32 = 100.0;

/// A whole number in characters of four bits, most significant first.
///
/// ```
/// # use hydraulic_erosion::share::strokes::write_number;
/// let mut out = String::new();
/// write_number(&mut out, 5);
/// write_number(&mut out, 300);
/// assert_eq!(out, "5hic");
/// ```
pub fn write_number(out: &mut String, mut n: u64) {
    let mut digits = vec![LAST_DIGITS[(n & 15) as usize]];
    n >>= 4;
    while n > 0 {
        digits.push(MORE_DIGITS[(n & 15) as usize]);
        n >>= 4;
    }
    out.extend(digits.iter().rev().map(|&b| b as char));
}

/// A step, negative or not, as a whole number: 0, −1, 1, −2, 2… become
/// 0, 1, 2, 3, 4…
fn zigzag(step: i64) -> u64 {
    ((step << 1) ^ (step >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    (n >> 1) as i64 ^ -((n & 1) as i64)
}

/// The touches as a link writes them (see the module's example). Touches
/// that make no stroke (a lift with no rain before it) are left out.
pub fn encode(touches: &[Touch]) -> String {
    let mut out = String::new();
    let mut began = 0;
    let mut k = 0;
    while k < touches.len() {
        let Hand::Stamp(first) = touches[k].hand else {
            k += 1;
            continue;
        };
        if !out.is_empty() {
            out.push(STROKE_SEPARATOR);
        }
        out += &(touches[k].drops - began).to_string();
        began = touches[k].drops;
        out.push(first.tool.letter());
        out += &format!("{}{FIELD_SEPARATOR}{}{FIELD_SEPARATOR}", first.radius, hundredths(first.strength));
        let (mut x, mut y, mut drops) = (first.x as i64, first.y as i64, touches[k].drops);
        let mut strength = hundredths(first.strength);
        write_number(&mut out, first.x as u64);
        write_number(&mut out, first.y as u64);
        k += 1;
        while let Some(Touch { drops: at, hand: Hand::Stamp(s) }) = touches.get(k).copied() {
            let same = s.tool == first.tool && s.radius == first.radius;
            if !same || (first.tool != Tool::Rain && at != drops) {
                break;
            }
            if first.tool == Tool::Rain {
                write_number(&mut out, at - drops);
            }
            if hundredths(s.strength) != strength {
                out.push(STRENGTH_MARK);
                write_number(&mut out, zigzag(hundredths(s.strength) as i64 - strength as i64));
                strength = hundredths(s.strength);
            }
            write_number(&mut out, zigzag(s.x as i64 - x));
            write_number(&mut out, zigzag(s.y as i64 - y));
            (x, y, drops) = (s.x as i64, s.y as i64, at);
            k += 1;
        }
        if first.tool == Tool::Rain {
            if let Some(Touch { drops: at, hand: Hand::Lift }) = touches.get(k).copied() {
                out.push(LIFT_MARK);
                out += &(at - drops).to_string();
                k += 1;
            }
        }
    }
    out
}

/// A strength as the whole hundredths a link writes.
fn hundredths(strength: f32) -> u32 {
    (strength * HUNDREDTHS).round() as u32
}

/// Reads the hand's track written by [`encode`]. Anything malformed gives
/// the reason and no track: half of the hand's work would not give the map
/// back either.
pub fn decode(text: &str) -> Result<Vec<Touch>, &'static str> {
    if text.len() > MAX_CHARS {
        return Err("longer than a link's strokes can be");
    }
    let mut touches = Vec::new();
    if text.is_empty() {
        return Ok(touches);
    }
    let mut began = 0u64;
    for stroke in text.split(STROKE_SEPARATOR) {
        let (at, rest) =
            decimal::read_drops_since(stroke, began, "each stroke starts with the drops since the one before")?;
        began = at;
        let tool = rest.chars().next().and_then(Tool::from_letter).ok_or("a stroke names no tool")?;
        let mut fields = rest[1..].splitn(3, FIELD_SEPARATOR);
        let radius = small_number(fields.next(), MAX_RADIUS as u64).ok_or("a radius from 1 to 64 cells")?;
        let strength = small_number(fields.next(), HUNDREDTHS as u64).ok_or("a strength from 1 to 100 hundredths")?;
        let written = fields.next().ok_or("a stroke has no stamps")?;
        let (stamps, lift) = match written.split_once(LIFT_MARK) {
            Some((stamps, lift)) if tool == Tool::Rain => (stamps, Some(lift)),
            Some(_) => return Err("only the rain's tool is lifted"),
            None => (written, None),
        };
        let mut numbers = Numbers { text: stamps.as_bytes(), at: 0 };
        let stamp = |x: i64, y: i64, strength: i64| -> Result<Stamp, &'static str> {
            let cell = |v: i64| u16::try_from(v).map_err(|_| "a stamp off the map");
            let strength = u32::try_from(strength).ok().filter(|s| (1..=HUNDREDTHS as u32).contains(s));
            let strength = strength.ok_or("a strength from 1 to 100 hundredths")?;
            Ok(Stamp { tool, x: cell(x)?, y: cell(y)?, radius: radius as u16, strength: Stamp::strength_of(strength) })
        };
        let mut strength = strength as i64;
        let (mut x, mut y, mut drops) = (numbers.next()? as i64, numbers.next()? as i64, began);
        touches.push(Touch { drops, hand: Hand::Stamp(stamp(x, y, strength)?) });
        while !numbers.done() {
            if tool == Tool::Rain {
                drops = drops.checked_add(numbers.next()?).ok_or("too many drops")?;
            }
            if numbers.marked(STRENGTH_MARK) {
                strength += unzigzag(numbers.next()?);
            }
            x += unzigzag(numbers.next()?);
            y += unzigzag(numbers.next()?);
            touches.push(Touch { drops, hand: Hand::Stamp(stamp(x, y, strength)?) });
        }
        if let Some(lift) = lift {
            let after = decimal::whole(lift).ok_or("a lift's drops are whole numbers")?;
            drops = drops.checked_add(after).ok_or("too many drops")?;
            touches.push(Touch { drops, hand: Hand::Lift });
        }
    }
    Ok(touches)
}

/// A decimal from 1 to `most`.
fn small_number(text: Option<&str>, most: u64) -> Option<u64> {
    let text = text.filter(|t| !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()))?;
    decimal::whole(text).filter(|n| (1..=most).contains(n))
}

/// Reads the numbers of [`write_number`] one after another.
struct Numbers<'a> {
    text: &'a [u8],
    at: usize,
}

impl Numbers<'_> {
    fn done(&self) -> bool {
        self.at >= self.text.len()
    }

    /// Whether `mark` comes next, passing it if it does.
    fn marked(&mut self, mark: char) -> bool {
        let here = self.text.get(self.at) == Some(&(mark as u8));
        self.at += here as usize;
        here
    }

    fn next(&mut self) -> Result<u64, &'static str> {
        const MALFORMED: &str = "a stamp's cell is not written as the hand's track writes it";
        let mut n: u64 = 0;
        loop {
            let &byte = self.text.get(self.at).ok_or(MALFORMED)?;
            self.at += 1;
            if n >> 56 != 0 {
                return Err(MALFORMED);
            }
            if let Some(d) = MORE_DIGITS.iter().position(|&b| b == byte) {
                n = n << 4 | d as u64;
            } else if let Some(d) = LAST_DIGITS.iter().position(|&b| b == byte) {
                return Ok(n << 4 | d as u64);
            } else {
                return Err(MALFORMED);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(drops: u64, tool: Tool, x: u16, y: u16) -> Touch {
        Touch { drops, hand: Hand::Stamp(Stamp { tool, x, y, radius: 6, strength: 0.35 }) }
    }

    #[test]
    fn strokes_of_every_tool_read_back_as_written() {
        let touches = vec![
            touch(0, Tool::Raise, 0, 0),
            touch(0, Tool::Raise, 2047, 2047),
            touch(0, Tool::Lower, 10, 10),
            touch(500, Tool::Smooth, 10, 9),
            touch(500, Tool::Smooth, 11, 9),
            touch(700, Tool::Rain, 40, 40),
            touch(900, Tool::Rain, 42, 38),
            touch(900, Tool::Rain, 44, 36),
            Touch { drops: 1300, hand: Hand::Lift },
            touch(1300, Tool::Raise, 5, 5),
        ];
        let text = encode(&touches);
        assert_eq!(decode(&text), Ok(touches), "{text}");
    }

    #[test]
    fn a_stroke_drawn_while_it_rained_is_two_strokes() {
        // Stamps of one tool at two drop counts: the second a stroke of its own
        let touches = vec![touch(100, Tool::Raise, 5, 5), touch(300, Tool::Raise, 6, 5)];
        assert_eq!(encode(&touches), "100r6-35-55_200r6-35-65");
        assert_eq!(decode(&encode(&touches)), Ok(touches));
    }

    #[test]
    fn a_hundred_typical_strokes_stay_well_under_the_cap() {
        // Twenty stamps a stroke, each a few cells from the one before, a
        // few thousand drops between strokes
        let mut touches = Vec::new();
        for k in 0..100u16 {
            for j in 0..20u16 {
                touches.push(Touch {
                    drops: 3000 * k as u64,
                    hand: Hand::Stamp(Stamp {
                        tool: Tool::Raise,
                        x: 40 + 3 * j + k,
                        y: 100 - 2 * j,
                        radius: 8,
                        strength: 0.5,
                    }),
                });
            }
        }
        let text = encode(&touches);
        assert!(text.len() < 6000, "{} characters", text.len());
        assert_eq!(decode(&text), Ok(touches));
    }

    #[test]
    fn a_pen_pressed_harder_and_lighter_is_one_stroke() {
        // Strengths of 0.35, 0.35, 0.4, 0.2 along a stroke: two changes
        let strengths = [35, 35, 40, 20];
        let touches: Vec<Touch> = strengths
            .iter()
            .enumerate()
            .map(|(k, &h)| {
                let stamp =
                    Stamp { tool: Tool::Lower, x: 10 + k as u16, y: 7, radius: 4, strength: Stamp::strength_of(h) };
                Touch { drops: 50, hand: Hand::Stamp(stamp) }
            })
            .collect();
        let text = encode(&touches);
        // The second stamp a step right; the third +5 (zigzag 10, "a"), the
        // fourth −20 (zigzag 39, "i7")
        assert_eq!(text, "50l4-35-a720xa20xi720");
        assert_eq!(decode(&text), Ok(touches));
        // Below one hundredth or past a hundred, the track is refused
        assert!(decode("50l4-35-a7xk520").is_err(), "35 − 35");
        assert!(decode("50l4-35-a7xo420").is_err(), "35 + 66");
        assert!(decode("50l4-35-a7xk420").is_ok(), "35 − 34");
    }

    #[test]
    fn malformed_tracks_are_refused_whole() {
        for bad in [
            "r6-35-55",      // no drops
            "5x6-35-55",     // no such tool
            "5r0-35-55",     // radius 0
            "5r65-35-55",    // radius too big
            "5r6-0-55",      // strength 0
            "5r6-101-55",    // strength over 100
            "5r6-35-",       // no stamps
            "5r6-35-5",      // half a cell
            "5r6-35-5g",     // a number cut short
            "5r6-35-55.3",   // only the rain is lifted
            "5w6-35-55.",    // a lift without drops
            "5r6-35-5z",     // not a digit of ours
            "5r6-35-55_",    // an empty stroke
            "5r6-35-5555gg", // a step cut short
            "5r6-35-55_x",   // a stroke without drops
            "5r6-35-55x",    // a change of strength and no stamp
        ] {
            assert!(decode(bad).is_err(), "{bad:?} was read");
        }
        let off = decode("5l6-35-5u").unwrap_err();
        assert!(off.contains("written"), "{off}");
        assert!(decode(&"0r6-35-55_".repeat(800)).is_err(), "longer than the cap");
    }

    #[test]
    fn steps_off_the_map_are_refused() {
        // x = 0, then a step of −1
        let mut text = String::from("5r6-35-");
        write_number(&mut text, 0);
        write_number(&mut text, 0);
        write_number(&mut text, zigzag(-1));
        write_number(&mut text, 0);
        assert_eq!(decode(&text), Err("a stamp off the map"));
    }
}
