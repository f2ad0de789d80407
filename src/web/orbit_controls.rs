//! Turning the 3D view: the reader's pointer, wheel and keys on its canvas
//! as the sketch's camera inputs. A drag orbits (one finger or the mouse),
//! two fingers pinch to zoom, the wheel and + / - zoom, the arrow keys
//! turn, 0 (or Home, or a double click) goes back to the starting view.
//! With a tool picked the brush ([`super::brush`]) takes the first button,
//! one finger and the arrows; the other buttons, the first with a modifier
//! key held (and the arrows with one) turn the view, and two fingers turn
//! it as they move together as well as zoom. Listened for on the holder, so a
//! canvas put back after a failed worker still answers.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, PointerEvent, WheelEvent};

use crate::sketch::numbers::Message;
use crate::sketch::Input;

use super::brush;
use super::dom::listen;
use super::host::Host;

/// Pixels an arrow key turns the view by, as a drag of that many.
const KEY_TURN: f64 = 24.0;
/// The zoom a + or - key, or a wheel's line, makes.
const KEY_ZOOM: f64 = 0.9;
/// A wheel's pixels to a zoom: a hundred pixels (a notch, about) is 10 %.
const WHEEL_ZOOM_PER_PIXEL: f64 = 0.001;

/// The pointers down on the 3D view, each by its id with where it was
/// last and whether it turns the view alone (not while it paints): two
/// fingers at most make a gesture, so a short list (a map type would add
/// its code to the page's download for nothing).
#[derive(Default)]
struct Pointers(Vec<(i32, (f64, f64), bool)>);

impl Pointers {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn get(&self, id: i32) -> Option<(f64, f64)> {
        self.0.iter().find(|p| p.0 == id).map(|p| p.1)
    }

    fn turns(&self, id: i32) -> bool {
        self.0.iter().any(|p| p.0 == id && p.2)
    }

    /// Where another pointer than `id` is.
    fn other_than(&self, id: i32) -> Option<(f64, f64)> {
        self.0.iter().find(|p| p.0 != id).map(|p| p.1)
    }

    fn down(&mut self, id: i32, at: (f64, f64), turns: bool) {
        self.lift(id);
        self.0.push((id, at, turns));
    }

    fn moved(&mut self, id: i32, at: (f64, f64)) {
        if let Some(p) = self.0.iter_mut().find(|p| p.0 == id) {
            p.1 = at;
        }
    }

    /// Forgets pointer `id`: true if it was down.
    fn lift(&mut self, id: i32) -> bool {
        let before = self.0.len();
        self.0.retain(|p| p.0 != id);
        self.0.len() < before
    }
}

fn on_3d_view(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| e.class_list().contains("view-3d"))
}

fn send(host: &Rc<Host>, input: Input) {
    host.send(Message::Input(input));
}

/// Listens on `holder` for the reader turning the 3D view.
pub fn wire(holder: &HtmlElement, host: &Rc<Host>) {
    let pointers = Rc::new(RefCell::new(Pointers::default()));

    let (h, p) = (host.clone(), pointers.clone());
    listen(holder, "pointerdown", move |e| {
        if !on_3d_view(&e) {
            return;
        }
        let turns = !brush::takes(&h, &e);
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        if let Some(target) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
            let _ = target.set_pointer_capture(e.pointer_id());
            if let Some(canvas) = target.dyn_ref::<HtmlElement>() {
                let _ = canvas.focus();
            }
        }
        p.borrow_mut().down(e.pointer_id(), (e.client_x() as f64, e.client_y() as f64), turns);
    });

    let (h, p) = (host.clone(), pointers.clone());
    listen(holder, "pointermove", move |e| {
        let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
        let mut pointers = p.borrow_mut();
        let Some(before) = pointers.get(e.pointer_id()) else { return };
        let now = (e.client_x() as f64, e.client_y() as f64);
        if pointers.len() == 2 && now != before {
            // Two fingers: their spread zooms the view; and where one finger
            // would paint (a tool is picked), their middle turns it (half of
            // this finger's move)
            if !pointers.turns(e.pointer_id()) {
                send(&h, Input::Orbit { dx: (now.0 - before.0) / 2.0, dy: (now.1 - before.1) / 2.0 });
            }
            if let Some(o) = pointers.other_than(e.pointer_id()) {
                let spread = |a: (f64, f64)| (a.0 - o.0).hypot(a.1 - o.1);
                if spread(now) > 0.0 && spread(before) > 0.0 {
                    send(&h, Input::Zoom(spread(before) / spread(now)));
                }
            }
        } else if pointers.len() == 1 && now != before && pointers.turns(e.pointer_id()) {
            send(&h, Input::Orbit { dx: now.0 - before.0, dy: now.1 - before.1 });
        }
        pointers.moved(e.pointer_id(), now);
    });

    for ending in ["pointerup", "pointercancel"] {
        let (h, p) = (host.clone(), pointers.clone());
        listen(holder, ending, move |e| {
            let Some(e) = e.dyn_ref::<PointerEvent>() else { return };
            let mut pointers = p.borrow_mut();
            if pointers.lift(e.pointer_id()) && pointers.is_empty() {
                send(&h, Input::OrbitEnd);
            }
        });
    }

    let h = host.clone();
    listen(holder, "wheel", move |e| {
        if !on_3d_view(&e) {
            return;
        }
        let Some(w) = e.dyn_ref::<WheelEvent>() else { return };
        e.prevent_default();
        // Lines (Firefox) or pages, as pixels
        let pixels = w.delta_y() * [1.0, 16.0, 400.0][(w.delta_mode() as usize).min(2)];
        send(&h, Input::Zoom((pixels * WHEEL_ZOOM_PER_PIXEL).exp()));
    });

    let h = host.clone();
    listen(holder, "dblclick", move |e| {
        if on_3d_view(&e) {
            send(&h, Input::ResetCamera);
        }
    });

    let h = host.clone();
    listen(holder, "keydown", move |e| {
        if !on_3d_view(&e) {
            return;
        }
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else { return };
        let brushing = brush::takes(&h, &e);
        let input = match k.key().as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" if brushing => return,
            "ArrowLeft" => Input::Orbit { dx: -KEY_TURN, dy: 0.0 },
            "ArrowRight" => Input::Orbit { dx: KEY_TURN, dy: 0.0 },
            "ArrowUp" => Input::Orbit { dx: 0.0, dy: -KEY_TURN },
            "ArrowDown" => Input::Orbit { dx: 0.0, dy: KEY_TURN },
            "+" | "=" => Input::Zoom(KEY_ZOOM),
            "-" | "_" => Input::Zoom(1.0 / KEY_ZOOM),
            "0" | "Home" => Input::ResetCamera,
            _ => return,
        };
        e.prevent_default();
        send(&h, input);
    });
}
