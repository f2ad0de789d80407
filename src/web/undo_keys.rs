//! Undo and redo from the keyboard: Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y),
//! Cmd in place of Ctrl on macOS, while the sketch or one of its controls
//! has the focus. Keys pressed anywhere else on the host page are the
//! page's, and in a text field (the seed's too) they undo the typing, as
//! the browser does.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, EventTarget, HtmlElement, KeyboardEvent};

use crate::sketch::numbers::Message;
use crate::sketch::Input;

use super::dom::listen;
use super::host::Host;

/// The IDs of the sketch's controls start so (the original's).
const CONTROL_PREFIX: &str = "experiment-control-";

/// What a key pressed means here, if anything: undo, redo.
fn meaning(key: &str, command: bool, shift: bool) -> Option<Input> {
    match (command, key, shift) {
        (true, "z" | "Z", false) => Some(Input::Undo),
        (true, "z" | "Z", true) | (true, "y" | "Y", false) => Some(Input::Redo),
        _ => None,
    }
}

/// Whether keys typed in `element` are text being written.
fn takes_text(element: &Element) -> bool {
    let tag = element.tag_name().to_ascii_lowercase();
    let typed = element.get_attribute("type").unwrap_or_default().to_ascii_lowercase();
    let editable = element.dyn_ref::<HtmlElement>().is_some_and(|e| e.is_content_editable());
    tag == "textarea"
        || editable
        || (tag == "input" && !matches!(typed.as_str(), "range" | "checkbox" | "radio" | "button" | "submit" | "color"))
}

/// Whether `element` is the sketch's: inside its holder, or one of its
/// controls.
fn is_ours(element: &Element, holder: &HtmlElement) -> bool {
    holder.contains(Some(element)) || element.id().starts_with(CONTROL_PREFIX)
}

/// Listens for the keys on `root` (the whole document, or a figure's
/// shadow root), acting on those pressed in the sketch or its controls.
pub fn wire(root: &EventTarget, holder: &HtmlElement, host: &Rc<Host>) {
    let (holder, host) = (holder.clone(), host.clone());
    listen(root, "keydown", move |event| {
        let Some(key) = event.dyn_ref::<KeyboardEvent>() else { return };
        let Some(target) = key.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
        if !is_ours(&target, &holder) || takes_text(&target) {
            return;
        }
        if let Some(input) = meaning(&key.key(), key.ctrl_key() || key.meta_key(), key.shift_key()) {
            key.prevent_default();
            host.send(Message::Input(input));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn ctrl_or_cmd_z_undoes_and_with_shift_or_y_redoes() {
        assert_eq!(meaning("z", true, false), Some(Input::Undo));
        assert_eq!(meaning("Z", true, true), Some(Input::Redo));
        assert_eq!(meaning("y", true, false), Some(Input::Redo));
        assert_eq!(meaning("z", false, false), None, "a plain z is the page's");
        assert_eq!(meaning("x", true, false), None);
    }
}
