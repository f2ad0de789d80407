//! The reader's hand on the 2D map: with a tool picked, a ring the size of
//! the brush follows the pointer (the mouse, a finger, a pen), and a press
//! paints: the pointer's positions go to the sketch as cells of the map
//! (`PenDown`, `PenMove`, `PenUp`), which stamps the tool evenly along
//! the way. While a tool is picked the holder takes the touch
//! (`touch-action: none`), so a finger paints rather than scrolls; with
//! none, the page scrolls as ever. Listened for on the holder, so a canvas
//! put back after a failed worker still answers; the 3D view keeps its
//! pointer for turning the camera. With the map focused, the arrow keys
//! move the brush and Space presses it. The ring is styled here, not in a style
//! sheet, so it shows on a host page that loads none of ours, and it never
//! moves by itself (nothing to reduce for readers who ask for less
//! motion).

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, PointerEvent};

use crate::draw::viewport::Viewport;
use crate::grid::Grid;
use crate::settings::sliders::Setting;
use crate::sketch::numbers::Message;
use crate::sketch::Input;

use super::dom::{document, listen};
use super::host::Host;

/// The ring's look: a light line with a dark edge, seen on any ground.
const RING_STYLE: [(&str, &str); 8] = [
    ("position", "fixed"),
    ("box-sizing", "border-box"),
    ("z-index", "1"),
    ("pointer-events", "none"),
    ("border-radius", "50%"),
    ("border", "2px solid rgba(255, 255, 255, 0.9)"),
    ("box-shadow", "0 0 0 1px rgba(0, 0, 0, 0.5), inset 0 0 0 1px rgba(0, 0, 0, 0.5)"),
    ("display", "none"),
];

/// The 2D map's canvas an event is on, if it is (not the 3D view's).
fn on_map(event: &web_sys::Event) -> Option<Element> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    (target.tag_name() == "CANVAS" && !target.class_list().contains("view-3d")).then_some(target)
}

/// The map on a canvas as it lies on the screen now, while a tool is
/// picked: read once an event, for both where the event is and where the
/// ring goes.
struct MapOnScreen {
    grid: Grid,
    /// How the grid is fitted to the canvas, and where the canvas is (the
    /// viewport's pixels).
    view: Viewport,
    left: f64,
    top: f64,
    /// The brush's radius, in cells.
    radius: f64,
}

impl MapOnScreen {
    /// The map on `canvas`; `None` without a tool picked.
    fn of(host: &Host, canvas: &Element) -> Option<MapOnScreen> {
        let status = host.status()?;
        status.choices.tool()?;
        let grid = status.choices.grid();
        let rect = canvas.get_bounding_client_rect();
        let view = Viewport::fit(grid, rect.width(), rect.height());
        let radius = status.settings.get(Setting::ToolSize);
        Some(MapOnScreen { grid, view, left: rect.left(), top: rect.top(), radius })
    }

    /// Where a pointer event is on the map, in cells (`[x, y]`, not whole).
    fn cell(&self, e: &PointerEvent) -> [f64; 2] {
        let x = (e.client_x() as f64 - self.left - self.view.left) / self.view.scale;
        let y = (e.client_y() as f64 - self.top - self.view.top) / self.view.scale;
        [x, y]
    }

    /// The ring (in `holder`) around cell `[x, y]`, the brush's size.
    /// Placed in the viewport's coordinates (`position: fixed`), so it needs
    /// nothing of the holder's own style.
    fn show_ring(&self, holder: &HtmlElement, [x, y]: [f64; 2]) {
        let Some(ring) = ring_in(holder) else { return };
        let (cx, cy) = self.view.point(x, y);
        let radius = self.radius * self.view.scale;
        let style = ring.style();
        let _ = style.set_property("left", &format!("{}px", self.left + cx - radius));
        let _ = style.set_property("top", &format!("{}px", self.top + cy - radius));
        let _ = style.set_property("width", &format!("{}px", 2.0 * radius));
        let _ = style.set_property("height", &format!("{}px", 2.0 * radius));
        let _ = style.set_property("display", "block");
    }
}

fn send(host: &Rc<Host>, input: Input) {
    host.send(Message::Input(input));
}

/// The brush's ring, made in `holder` the first time a tool is used (a
/// page whose reader picks none gets no element of it).
fn ring_in(holder: &HtmlElement) -> Option<HtmlElement> {
    let found = holder.query_selector(":scope > .brush-ring").ok().flatten();
    if let Some(ring) = found.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        return Some(ring);
    }
    let ring = document().create_element("div").ok()?.dyn_into::<HtmlElement>().ok()?;
    ring.set_class_name("brush-ring");
    let _ = ring.set_attribute("aria-hidden", "true");
    for (name, value) in RING_STYLE {
        let _ = ring.style().set_property(name, value);
    }
    holder.append_child(&ring).ok()?;
    Some(ring)
}

/// Listens on `holder` for the reader's hand on the map.
pub fn wire(holder: &HtmlElement, host: &Rc<Host>) {
    // The pointer painting, by its id
    let pressed: Rc<Cell<Option<i32>>> = Rc::default();

    let (h, r, p) = (host.clone(), holder.clone(), pressed.clone());
    listen(holder, "pointerdown", move |e| {
        let Some(canvas) = on_map(&e) else { return };
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        let Some(map) = MapOnScreen::of(&h, &canvas) else { return };
        if e.button() != 0 || p.get().is_some() {
            return;
        }
        e.prevent_default();
        let _ = canvas.set_pointer_capture(e.pointer_id());
        p.set(Some(e.pointer_id()));
        let [x, y] = map.cell(e);
        map.show_ring(&r, [x, y]);
        send(&h, Input::PenDown { x, y });
    });

    let (h, r, p) = (host.clone(), holder.clone(), pressed.clone());
    listen(holder, "pointermove", move |e| {
        let Some(canvas) = on_map(&e) else { return };
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        let Some(map) = MapOnScreen::of(&h, &canvas) else {
            hide(&r);
            return;
        };
        let [x, y] = map.cell(e);
        map.show_ring(&r, [x, y]);
        if p.get() == Some(e.pointer_id()) {
            send(&h, Input::PenMove { x, y });
        }
    });

    for ending in ["pointerup", "pointercancel"] {
        let (h, p) = (host.clone(), pressed.clone());
        listen(holder, ending, move |e| {
            let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
            if p.get() == Some(e.pointer_id()) {
                p.set(None);
                send(&h, Input::PenUp);
            }
        });
    }

    let r = holder.clone();
    listen(holder, "pointerleave", move |_| hide(&r));

    wire_keys(holder, host);
}

/// For readers without a pointer: with the map focused and a tool picked,
/// the arrow keys move the brush (half its size a press) and Space presses
/// it, the arrows drawing a stroke while Space is held.
fn wire_keys(holder: &HtmlElement, host: &Rc<Host>) {
    // Where the keys' brush is (cells), once they have moved it; and
    // whether Space holds it down
    let at: Rc<Cell<Option<[f64; 2]>>> = Rc::default();
    let held: Rc<Cell<bool>> = Rc::default();
    let (h, r, a, down) = (host.clone(), holder.clone(), at.clone(), held.clone());
    listen(holder, "keydown", move |e| {
        let Some(canvas) = on_map(&e) else { return };
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else { return };
        let Some(map) = MapOnScreen::of(&h, &canvas) else { return };
        let grid = map.grid;
        let [x, y] = a.get().unwrap_or([(grid.cols / 2) as f64, (grid.rows / 2) as f64]);
        let step = (map.radius / 2.0).max(1.0);
        let moved = match k.key().as_str() {
            "ArrowLeft" => [x - step, y],
            "ArrowRight" => [x + step, y],
            "ArrowUp" => [x, y - step],
            "ArrowDown" => [x, y + step],
            " " => {
                e.prevent_default();
                if !k.repeat() && !down.replace(true) {
                    send(&h, Input::PenDown { x, y });
                }
                map.show_ring(&r, [x, y]);
                return;
            }
            _ => return,
        };
        e.prevent_default();
        let moved = [moved[0].clamp(0.0, (grid.cols - 1) as f64), moved[1].clamp(0.0, (grid.rows - 1) as f64)];
        a.set(Some(moved));
        map.show_ring(&r, moved);
        if down.get() {
            send(&h, Input::PenMove { x: moved[0], y: moved[1] });
        }
    });
    let h = host.clone();
    listen(holder, "keyup", move |e| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else { return };
        if k.key() == " " && held.replace(false) {
            send(&h, Input::PenUp);
        }
    });
}

fn hide(holder: &HtmlElement) {
    if let Some(ring) = holder.query_selector(":scope > .brush-ring").ok().flatten() {
        if let Some(ring) = ring.dyn_ref::<HtmlElement>() {
            let _ = ring.style().set_property("display", "none");
        }
    }
}
