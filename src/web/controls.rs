//! The page's controls, found by the IDs the original looks up, filled from
//! the settings table and wired to the app. A control the host page leaves
//! out is skipped.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlOptionElement, HtmlSelectElement};

use crate::color_schemes::{scheme, SCHEMES};
use crate::settings::Setting;

use super::app::{App, Page};
use super::dom::{document, download, find, listen, number_text, show_icon, warn};

/// Seeds are whole numbers in this range (the noise takes a 32-bit seed).
const SEED_MAX: f64 = u32::MAX as f64;
/// New seeds are drawn below this, as in the original.
const NEW_SEED_BELOW: f64 = 1_000_000.0;

/// A slider on the page and the label that shows its value.
struct SliderControl {
    setting: Setting,
    control: Option<HtmlInputElement>,
    label: Option<Element>,
}

pub struct Controls {
    scheme_picker: Option<HtmlSelectElement>,
    seed: Option<HtmlInputElement>,
    new_seed: Option<Element>,
    pause: Option<Element>,
    restart: Option<Element>,
    save: Option<Element>,
    save_heightmap: Option<Element>,
    share: Option<Element>,
    fullscreen: Option<Element>,
    rivers: Option<HtmlInputElement>,
    original: Option<HtmlInputElement>,
    debug: Option<HtmlInputElement>,
    sliders: Vec<SliderControl>,
}

fn control<T: JsCast>(name: &str, missing: &mut Vec<String>) -> Option<T> {
    find(&format!("experiment-control-{name}"), missing)
}

impl Controls {
    /// Finds every control, warning once about any the page leaves out.
    pub fn find() -> Controls {
        let mut missing = Vec::new();
        let controls = Controls {
            scheme_picker: control("color-scheme", &mut missing),
            seed: control("seed", &mut missing),
            new_seed: control("new-seed", &mut missing),
            pause: control("pause-toggle", &mut missing),
            restart: control("restart", &mut missing),
            save: control("save", &mut missing),
            // Optional, like the share button: the p5 version had none
            save_heightmap: document().get_element_by_id("experiment-control-save-heightmap"),
            // Optional: the p5 version's host pages have no share button
            share: document().get_element_by_id("experiment-control-share"),
            fullscreen: control("fullscreen-toggle", &mut missing),
            rivers: control("rivers", &mut missing),
            original: control("original", &mut missing),
            debug: control("debug-mode", &mut missing),
            sliders: Setting::ALL
                .into_iter()
                .map(|setting| {
                    let id = setting.slider().id();
                    SliderControl {
                        setting,
                        control: control(&id, &mut missing),
                        label: find(&format!("experiment-label-{id}"), &mut missing),
                    }
                })
                .collect(),
        };
        if !missing.is_empty() {
            warn(&format!("the page has no #{}, so those controls are skipped", missing.join(", #")));
        }
        controls
    }

    /// Fills the controls from the app: slider ranges and values from the
    /// settings table, the schemes, the seed and the toggles.
    pub fn fill(&self, app: &App) {
        for s in &self.sliders {
            let slider = s.setting.slider();
            if let Some(input) = &s.control {
                input.set_min(&number_text(slider.min));
                input.set_max(&number_text(slider.max));
                input.set_step(&number_text(slider.step));
            }
            self.show_setting(s.setting, app.terrain.settings().get(s.setting));
        }
        if let Some(picker) = &self.scheme_picker {
            picker.set_length(0);
            for s in &SCHEMES {
                if let Ok(option) = HtmlOptionElement::new_with_text_and_value(s.label, s.key) {
                    let _ = picker.add_with_html_option_element(&option);
                }
            }
        }
        self.show_scheme(app.scheme.key);
        self.show_seed(app.terrain.seed());
        for (checkbox, on) in
            [(&self.rivers, app.show_rivers), (&self.original, app.terrain.show_original()), (&self.debug, app.debug)]
        {
            if let Some(c) = checkbox {
                c.set_checked(on);
            }
        }
        self.show_play_state(app.looping);
        self.show_fullscreen_state();
    }

    pub fn show_setting(&self, setting: Setting, value: f64) {
        if let Some(s) = self.sliders.iter().find(|s| s.setting == setting) {
            if let Some(input) = &s.control {
                input.set_value(&number_text(value));
            }
            if let Some(label) = &s.label {
                label.set_text_content(Some(&number_text(value)));
            }
        }
    }

    pub fn show_seed(&self, seed: u32) {
        if let Some(input) = &self.seed {
            input.set_value(&seed.to_string());
        }
    }

    pub fn show_scheme(&self, key: &str) {
        if let Some(picker) = &self.scheme_picker {
            picker.set_value(key);
        }
    }

    /// The pause button shows what a click will do.
    pub fn show_play_state(&self, looping: bool) {
        if let Some(button) = &self.pause {
            show_icon(button, if looping { "pause" } else { "play" });
            let _ = button.set_attribute("aria-pressed", if looping { "false" } else { "true" });
        }
    }

    pub fn show_fullscreen_state(&self) {
        if let Some(button) = &self.fullscreen {
            show_icon(button, if document().fullscreen_element().is_some() { "compress" } else { "expand" });
        }
    }
}

/// A new seed, as the original rolls one.
pub fn random_seed() -> u32 {
    (js_sys::Math::random() * NEW_SEED_BELOW).floor() as u32
}

/// What a seed typed in means: as the original's `parseInt(text) || 0`,
/// then brought into the range of seeds.
pub fn parse_seed(text: &str) -> u32 {
    let n = js_sys::parse_int(text, 10);
    if n.is_nan() {
        0
    } else {
        n.clamp(0.0, SEED_MAX) as u32
    }
}

/// The name of a saved picture, as the original names it: what it shows
/// (the colour scheme, or "heightmap"), the seed, the drops, the time.
fn file_name(shows: &str, app: &App) -> String {
    let now = (js_sys::Date::now() / 1000.0).floor() as u64;
    format!("hydraulic_erosion_{shows}_seed{}_{}drops_{now}.png", app.terrain.seed(), app.terrain.drops())
}

fn on_click(element: &Option<Element>, page: &Rc<Page>, action: impl Fn(&Page) + 'static) {
    if let Some(e) = element {
        let page = page.clone();
        listen(e, "click", move |_| action(&page));
    }
}

fn on_toggle(checkbox: &Option<HtmlInputElement>, page: &Rc<Page>, action: impl Fn(&mut App, bool) + 'static) {
    if let Some(c) = checkbox {
        let page = page.clone();
        let box_ = c.clone();
        listen(c, "change", move |_| page.control(|app| action(app, box_.checked())));
    }
}

/// Wires every control the page has to the app.
pub fn wire(page: &Rc<Page>) {
    let app = page.app.borrow();
    let c = &app.controls;

    on_click(&c.pause, page, |page| page.control(|app| app.set_looping(!app.looping)));
    on_click(&c.restart, page, |page| page.control(|app| app.restart(app.terrain.seed())));
    on_click(&c.new_seed, page, |page| page.control(|app| app.restart(random_seed())));
    on_click(&c.save, page, |page| save_picture(&page.app.borrow()));
    on_click(&c.save_heightmap, page, |page| {
        let app = page.app.borrow();
        super::heightmap_download::save(app.terrain.heights().to_vec(), file_name("heightmap", &app));
    });
    if let Some(button) = &c.share {
        // The label is read once: mid-note, the button says something else
        let label = button.text_content().unwrap_or_default();
        let (page, button_) = (page.clone(), button.clone());
        listen(button, "click", move |_| share(&page, &button_, &label));
    }
    on_click(&c.fullscreen, page, |page| {
        let doc = document();
        if doc.fullscreen_element().is_some() {
            doc.exit_fullscreen();
        } else if let Some(holder) = page.app.borrow().canvas.element().parent_element() {
            let _ = holder.request_fullscreen();
        }
    });

    if let Some(picker) = &c.scheme_picker {
        let (page, picker_) = (page.clone(), picker.clone());
        listen(picker, "change", move |_| {
            if let Some(s) = scheme(&picker_.value()) {
                page.control(|app| {
                    app.scheme = s;
                    app.scheme_picked = true;
                });
            }
        });
    }

    if let Some(seed) = &c.seed {
        let (page, seed_) = (page.clone(), seed.clone());
        listen(seed, "change", move |_| page.control(|app| app.restart(parse_seed(&seed_.value()))));
    }

    on_toggle(&c.rivers, page, |app, on| app.show_rivers = on);
    on_toggle(&c.original, page, |app, on| app.terrain.set_show_original(on));
    on_toggle(&c.debug, page, |app, on| {
        app.debug = on;
        app.terrain.set_record_paths(on);
    });

    for s in &c.sliders {
        if let Some(input) = &s.control {
            let (page, input_, setting) = (page.clone(), input.clone(), s.setting);
            listen(input, "input", move |_| {
                // The browser reads the number; a non-finite one is ignored
                page.control(|app| app.set(setting, input_.value_as_number()));
            });
        }
    }

    let page_ = page.clone();
    listen(&document(), "fullscreenchange", move |_| {
        page_.update(|app| {
            app.controls.show_fullscreen_state();
            app.canvas.fit();
        })
    });
}

/// How long the share button says what it did.
const SHARE_NOTE_MS: i32 = 2500;

/// Copies a link to the map and says so on the button, then puts back its
/// `label`; where the clipboard is unavailable, shows the link beside the
/// button to copy by hand.
fn share(page: &Rc<Page>, button: &Element, label: &str) {
    let exact = {
        let mut app = page.app.borrow_mut();
        app.cancel_replay();
        app.write_link_now(super::dom::now());
        app.timeline.is_exact()
    };
    page.request_frame();
    let url = super::dom::window().location().href().unwrap_or_default();
    let label = label.to_string();
    let button = button.clone();
    let to_copy = url.clone();
    super::sharing::copy(&to_copy, move |copied| {
        let note = match (copied, exact) {
            (true, true) => "Link copied",
            (true, false) => {
                "Link copied (too many changes while it rained to replay: the link rains it all with today's settings)"
            }
            (false, _) => "Copy this link:",
        };
        button.set_text_content(Some(note));
        if !copied {
            show_link_to_copy(&button, &url);
        }
        let (button_, label_) = (button.clone(), label.clone());
        let restore = Closure::once_into_js(move || button_.set_text_content(Some(&label_)));
        let _ = super::dom::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(restore.unchecked_ref(), SHARE_NOTE_MS);
    });
}

/// A read-only field after `button` holding `url`, selected, for copying by
/// hand. Its text is set as a value, never as markup.
fn show_link_to_copy(button: &Element, url: &str) {
    let field = button
        .next_element_sibling()
        .filter(|e| e.class_list().contains("he-share-link"))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .or_else(|| {
            let input = document().create_element("input").ok()?.dyn_into::<HtmlInputElement>().ok()?;
            input.set_read_only(true);
            input.set_class_name("he-share-link");
            let _ = input.set_attribute("aria-label", "A link to this map");
            let _ = button.after_with_node_1(&input);
            Some(input)
        });
    if let Some(field) = field {
        field.set_value(url);
        let _ = field.focus();
        field.select();
    }
}

/// Downloads the canvas as a PNG, named as the original names it.
fn save_picture(app: &App) {
    match app.canvas.element().to_data_url_with_type("image/png") {
        Ok(url) => download(&url, &file_name(app.scheme.key, app)),
        Err(_) => warn("the canvas could not be saved"),
    }
}
