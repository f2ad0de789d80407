//! Numbers as the page writes them for a reader (the map's panels, the
//! controls' labels, what a file was found to be): counts with commas
//! between their thousands. Written without a float formatter, which the
//! page's module does not carry.

/// A number with thousands separators, as `toLocaleString` writes it in
/// English: 300000 → "300,000".
///
/// ```
/// use hydraulic_erosion::draw::words::thousands;
/// assert_eq!(thousands(25_934_402), "25,934,402");
/// ```
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
