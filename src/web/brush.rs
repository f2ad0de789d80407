//! The reader's hand on the map: with a tool picked, a ring the size of
//! the brush follows the pointer (the mouse, a finger, a pen), and a press
//! paints: where the pointer is goes to the sketch (`PenDown`, `PenMove`,
//! `PenUp`), which stamps the tool evenly along the way, a pen's pressure
//! making each stamp stronger or lighter. On the 2D map the pointer is at
//! a cell, and the ring is drawn here; on the 3D view it is at a point of
//! the picture, which the sketch follows down to the ground under it, and
//! the sketch draws the ring there. In the 3D view, with a tool picked, the
//! camera turns with the other buttons, a modifier key held, or two fingers
//! ([`super::orbit_controls`]): a finger's stroke there begins as it moves,
//! so two fingers landing to turn the view paint nothing, and a second
//! finger down later ends the stroke.
//!
//! While a tool is picked the holder takes the touch (`touch-action:
//! none`), so a finger paints rather than scrolls; with none, the page
//! scrolls as ever. Listened for on the holder, so a canvas put back after
//! a failed worker still answers. With the map focused, the arrow keys
//! move the brush and Space presses it (in 3D the camera turns with a
//! modifier key held). The ring is styled here, not in a style sheet, so it
//! shows on a host page that loads none of ours, and it never moves by
//! itself (nothing to reduce for readers who ask for less motion).

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent, MouseEvent, PointerEvent};

use crate::draw::viewport::Viewport;
use crate::raster::grid::Grid;
use crate::settings::sliders::Setting;
use crate::sketch::numbers::Message;
use crate::sketch::{Input, Pointing};

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

/// The sketch's canvas an event is on (the 2D map's or the 3D view's).
fn canvas_of(event: &web_sys::Event) -> Option<Element> {
    let target = event.target()?.dyn_into::<Element>().ok()?;
    (target.tag_name() == "CANVAS").then_some(target)
}

/// Whether a press or a key with these modifiers turns the 3D view rather
/// than paints: any button but the first, or a modifier key held.
fn turns_the_view(button: i16, shift: bool, alt: bool, ctrl: bool, meta: bool) -> bool {
    button != 0 || shift || alt || ctrl || meta
}

fn mouse_turns(e: &MouseEvent) -> bool {
    turns_the_view(e.button(), e.shift_key(), e.alt_key(), e.ctrl_key(), e.meta_key())
}

fn key_turns(e: &KeyboardEvent) -> bool {
    turns_the_view(0, e.shift_key(), e.alt_key(), e.ctrl_key(), e.meta_key())
}

/// Whether the brush takes this event: a tool is picked and the event is
/// on one of the sketch's canvases, and (pressed) not a turn of the view.
pub fn takes(host: &Host, event: &web_sys::Event) -> bool {
    let tool = tool_picked(host);
    let turning = event.dyn_ref::<MouseEvent>().is_some_and(|e| event.type_() == "pointerdown" && mouse_turns(e))
        || event.dyn_ref::<KeyboardEvent>().is_some_and(key_turns);
    tool && canvas_of(event).is_some() && !turning
}

/// Whether the reader has a tool picked, as the sketch last said.
fn tool_picked(host: &Host) -> bool {
    host.status().is_some_and(|s| s.choices.tool().is_some())
}

/// A pen's pressure, where it gives one; a full press otherwise (a mouse
/// says 0.5 whenever pressed, a finger whatever its browser likes).
fn pressure(e: &PointerEvent) -> f64 {
    let p = e.pressure() as f64;
    if e.pointer_type() == "pen" && p > 0.0 {
        p.min(1.0)
    } else {
        1.0
    }
}

/// The brush on a canvas as it lies on the screen now, while a tool is
/// picked: read once an event, for both where the event is and where the
/// ring goes.
struct BrushOnScreen {
    grid: Grid,
    /// The 3D view's canvas, not the map's.
    in_3d: bool,
    /// How the grid is fitted to the canvas, and where the canvas is (the
    /// viewport's pixels) and its size.
    view: Viewport,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    /// The brush's radius, in cells.
    radius: f64,
}

impl BrushOnScreen {
    /// The brush on `canvas`; `None` without a tool picked.
    fn of(host: &Host, canvas: &Element) -> Option<BrushOnScreen> {
        let status = host.status()?;
        status.choices.tool()?;
        let grid = status.grid();
        let rect = canvas.get_bounding_client_rect();
        let view = Viewport::fit(grid, rect.width(), rect.height());
        let radius = status.settings.get(Setting::ToolSize);
        let in_3d = canvas.class_list().contains("view-3d");
        let (left, top, width, height) = (rect.left(), rect.top(), rect.width(), rect.height());
        Some(BrushOnScreen { grid, in_3d, view, left, top, width, height, radius })
    }

    /// Where a pointer event is: a cell of the 2D map (`[x, y]`, not
    /// whole), or a point of the 3D view's picture.
    fn pointing(&self, e: &PointerEvent) -> Pointing {
        let (x, y) = (e.client_x() as f64 - self.left, e.client_y() as f64 - self.top);
        if self.in_3d {
            return Pointing::View { across: x / self.width.max(1.0), down: y / self.height.max(1.0) };
        }
        Pointing::Cell { x: (x - self.view.left) / self.view.scale, y: (y - self.view.top) / self.view.scale }
    }

    /// The ring around `at`, the brush's size: on the 2D map, in `holder`,
    /// placed in the viewport's coordinates (`position: fixed`), so it needs
    /// nothing of the holder's own style; in 3D the sketch draws it on the
    /// ground, where it is aimed.
    fn show_ring(&self, holder: &HtmlElement, host: &Rc<Host>, at: Pointing) {
        if self.in_3d {
            hide(holder);
            send(host, Input::Aim(Some(at)));
            return;
        }
        let Pointing::Cell { x, y } = at else { return };
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

/// The pointer pressed to paint: its id, and, for a finger on the 3D view,
/// the press not yet sent until it moves (a second finger landing first
/// makes the two a turn of the view, which then paints nothing).
#[derive(Clone, Copy)]
struct Press {
    id: i32,
    waiting: Option<(Pointing, f64)>,
}

/// Listens on `holder` for the reader's hand on the map.
pub fn wire(holder: &HtmlElement, host: &Rc<Host>) {
    let pressed: Rc<Cell<Option<Press>>> = Rc::default();

    let (h, r, p) = (host.clone(), holder.clone(), pressed.clone());
    listen(holder, "pointerdown", move |e| {
        let Some(canvas) = canvas_of(&e) else { return };
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        let Some(brush) = BrushOnScreen::of(&h, &canvas) else { return };
        if let Some(press) = p.get() {
            // A second finger on the 3D view: the fingers turn it
            if brush.in_3d && press.id != e.pointer_id() {
                p.set(None);
                if press.waiting.is_none() {
                    send(&h, Input::PenUp);
                }
            }
            return;
        }
        if brush.in_3d && mouse_turns(e) {
            return;
        }
        if e.button() != 0 {
            return;
        }
        e.prevent_default();
        let _ = canvas.set_pointer_capture(e.pointer_id());
        let at = brush.pointing(e);
        brush.show_ring(&r, &h, at);
        if brush.in_3d && e.pointer_type() == "touch" {
            p.set(Some(Press { id: e.pointer_id(), waiting: Some((at, pressure(e))) }));
        } else {
            p.set(Some(Press { id: e.pointer_id(), waiting: None }));
            send(&h, Input::PenDown { at, pressure: pressure(e) });
        }
    });

    let (h, r, p) = (host.clone(), holder.clone(), pressed.clone());
    listen(holder, "pointermove", move |e| {
        let Some(canvas) = canvas_of(&e) else { return };
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        let Some(brush) = BrushOnScreen::of(&h, &canvas) else {
            hide(&r);
            return;
        };
        let at = brush.pointing(e);
        if let Some(press) = p.get().filter(|press| press.id == e.pointer_id()) {
            if let Some((first, pressure)) = press.waiting {
                send(&h, Input::PenDown { at: first, pressure });
                p.set(Some(Press { waiting: None, ..press }));
            }
            send(&h, Input::PenMove { at, pressure: pressure(e) });
        }
        brush.show_ring(&r, &h, at);
    });

    for ending in ["pointerup", "pointercancel"] {
        let (h, p) = (host.clone(), pressed.clone());
        listen(holder, ending, move |e| {
            let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
            let Some(press) = p.get().filter(|press| press.id == e.pointer_id()) else { return };
            p.set(None);
            // A finger's tap that never moved stamps once; a cancelled
            // touch (the browser took it) nothing
            match press.waiting {
                Some((at, pressure)) if ending == "pointerup" => send(&h, Input::PenDown { at, pressure }),
                Some(_) => return,
                None => {}
            }
            send(&h, Input::PenUp);
        });
    }

    let (h, r) = (host.clone(), holder.clone());
    listen(holder, "pointerleave", move |_| {
        hide(&r);
        // (a reader with no tool never aimed: nothing to tell the sketch)
        if tool_picked(&h) {
            send(&h, Input::Aim(None));
        }
    });

    // With a tool picked, the other buttons turn the 3D view: not a menu
    let h = host.clone();
    listen(holder, "contextmenu", move |e| {
        if takes(&h, &e) && canvas_of(&e).is_some_and(|c| c.class_list().contains("view-3d")) {
            e.prevent_default();
        }
    });

    wire_keys(holder, host);
}

/// For readers without a pointer: with the map focused and a tool picked,
/// the arrow keys move the brush (half its size a press) and Space presses
/// it, the arrows drawing a stroke while Space is held. In the 3D view
/// the keys with a modifier held turn the camera instead.
fn wire_keys(holder: &HtmlElement, host: &Rc<Host>) {
    // Where the keys' brush is (cells), once they have moved it; and
    // whether Space holds it down
    let at: Rc<Cell<Option<[f64; 2]>>> = Rc::default();
    let held: Rc<Cell<bool>> = Rc::default();
    let (h, r, a, down) = (host.clone(), holder.clone(), at.clone(), held.clone());
    listen(holder, "keydown", move |e| {
        if !takes(&h, &e) {
            return;
        }
        let Some(canvas) = canvas_of(&e) else { return };
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else { return };
        let Some(brush) = BrushOnScreen::of(&h, &canvas) else { return };
        let grid = brush.grid;
        let [x, y] = a.get().unwrap_or([(grid.cols / 2) as f64, (grid.rows / 2) as f64]);
        let step = (brush.radius / 2.0).max(1.0);
        let moved = match k.key().as_str() {
            "ArrowLeft" => [x - step, y],
            "ArrowRight" => [x + step, y],
            "ArrowUp" => [x, y - step],
            "ArrowDown" => [x, y + step],
            " " => {
                e.prevent_default();
                if !k.repeat() && !down.replace(true) {
                    send(&h, Input::PenDown { at: Pointing::Cell { x, y }, pressure: 1.0 });
                }
                brush.show_ring(&r, &h, Pointing::Cell { x, y });
                return;
            }
            _ => return,
        };
        e.prevent_default();
        let moved = [moved[0].clamp(0.0, (grid.cols - 1) as f64), moved[1].clamp(0.0, (grid.rows - 1) as f64)];
        a.set(Some(moved));
        let at = Pointing::Cell { x: moved[0], y: moved[1] };
        brush.show_ring(&r, &h, at);
        if down.get() {
            send(&h, Input::PenMove { at, pressure: 1.0 });
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
