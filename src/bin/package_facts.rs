//! What the npm package says of itself, from the tables it is made of, as
//! one line of JSON for `tools/package/manifest.mjs`: the release's version,
//! every key a link may hold (a figure's attributes: name, type, default,
//! range, label, description; `share::link_keys`), and the type of
//! `pageState()`'s fields (`sketch::status`). The package's
//! `custom-elements.json` and `hydraulic-erosion.d.ts` are written from it,
//! so neither is a list kept by hand. Native, run by `tools/package.sh`:
//!
//! ```text
//! cargo run --profile test --bin package-facts > facts.json
//! ```

use hydraulic_erosion::settings::choices::ChoiceRow;
use hydraulic_erosion::share::json::string;
use hydraulic_erosion::share::link_keys::{link_keys, Kind, LinkKey};
use hydraulic_erosion::sketch::status::{Status, Value};

/// A JSON object of fields already written as JSON.
fn object(fields: &[(&str, String)]) -> String {
    let fields: Vec<String> = fields.iter().map(|(name, value)| format!("{}:{value}", string(name))).collect();
    format!("{{{}}}", fields.join(","))
}

/// Keys as a TypeScript union of string literals.
fn union<'a>(keys: impl IntoIterator<Item = &'a str>) -> String {
    keys.into_iter().map(|k| format!("'{k}'")).collect::<Vec<_>>().join(" | ")
}

fn option_keys(choice: &ChoiceRow) -> impl Iterator<Item = &str> {
    choice.options.iter().map(|(key, _)| *key)
}

/// A key as the manifest's attribute facts: its type, default and range.
fn key_facts(key: &LinkKey) -> String {
    let mut fields = vec![("name", string(&key.name)), ("description", string(key.description))];
    match key.kind {
        Kind::Whole => fields.push(("type", string("number"))),
        Kind::Text => fields.push(("type", string("string"))),
        Kind::OneOf(keys) => fields.push(("type", string(&union(keys.iter().copied())))),
        Kind::Slider(s) => fields.extend([
            ("type", string("number")),
            ("label", string(s.label)),
            ("default", s.default.to_string()),
            ("min", s.min.to_string()),
            ("max", s.max.to_string()),
            ("step", s.step.to_string()),
        ]),
        Kind::Choice(c) => fields.extend([
            ("type", string(&union(option_keys(c)))),
            ("label", string(c.label)),
            ("default", string(c.options[c.default].0)),
        ]),
        Kind::Toggle(t) => fields.extend([
            ("type", string("'0' | '1'")),
            ("control", string(t.control)),
            ("default", string(if t.default { "1" } else { "0" })),
        ]),
    }
    object(&fields)
}

/// A status value's TypeScript type.
fn type_of(value: &Value) -> String {
    match value {
        Value::Number(_) => "number".into(),
        Value::Flag(_) => "boolean".into(),
        Value::Text(_) | Value::Hex(_) => "string".into(),
        Value::Pair(..) => "[number, number]".into(),
        Value::Record(fields) => {
            // (a choice's name may have a dash: quoted)
            let key = |name: &str| if name.contains('-') { format!("'{name}'") } else { name.to_string() };
            let fields: Vec<String> = fields.iter().map(|(name, v)| format!("{}: {}", key(name), type_of(v))).collect();
            format!("{{ {} }}", fields.join("; "))
        }
    }
}

fn main() {
    let keys: Vec<String> = link_keys().iter().map(key_facts).collect();
    let state: Vec<String> = Status::default()
        .values()
        .iter()
        .map(|(name, value)| object(&[("name", string(name)), ("type", string(&type_of(value)))]))
        .collect();
    println!(
        "{}",
        object(&[
            ("version", string(hydraulic_erosion::VERSION)),
            ("linkKeys", format!("[{}]", keys.join(","))),
            ("state", format!("[{}]", state.join(","))),
        ])
    );
}
