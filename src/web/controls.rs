//! The page's controls, found by the IDs the original looks up, filled from
//! the settings, toggle and choice tables, turned into [`Action`]s when the reader
//! uses them, and brought in line with what the sketch did by itself
//! ([`Show`]). A control the host page leaves out is skipped. They know
//! nothing of where the sketch runs: they hand their actions to a callback.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlOptionElement, HtmlSelectElement, HtmlTemplateElement};

use crate::draw::color_schemes::{scheme, SCHEMES};
use crate::draw::words::thousands;
use crate::settings::choices::{Choice, Choices};
use crate::settings::sliders::Setting;
use crate::settings::toggles::Toggle;
use crate::share::elevation::Encoding;
use crate::sketch::numbers::Message;
use crate::sketch::status::Status;
use crate::sketch::{Input, Show, Sketch, Start};

use super::dom::{after_next_paint, document, listen, now, number_text, show_icon, warn, window, Root};
use super::{random_seed, sharing};

/// Seeds are whole numbers in this range (the noise takes a 32-bit seed).
const SEED_MAX: f64 = u32::MAX as f64;
/// How long a button (share, save video) says what it did.
const NOTE_MS: i32 = 2500;
/// While it rains, the rewind and its label follow the drops at most this
/// often. Written every frame they cost the page's main thread a layout and
/// a paint a frame (1.5 of its 2.2 ms a raining frame, measured in Chromium),
/// and a count that changes 60 times a second cannot be read anyway. Stopped,
/// sent back (undo, restart) or grabbed, the rewind shows the count at once.
const REWIND_SHOWN_EVERY_MS: f64 = 250.0;

/// What the page's start (`www/start.js`) and a figure (`www/element.js`)
/// mark the controls with that they hold disabled while the sketch comes (a
/// change made then would be undone as it starts): the sketch gives them
/// back once it fills and wires them ([`Controls::give_back`]).
const WAITING: &str = "data-waiting";

/// What the reader asked for through a control.
pub enum Action {
    /// Something for the sketch.
    Send(Message),
    SaveHeightmap,
    SaveMaps,
    SaveStl,
    SaveGltf,
    /// Copy the code that puts the map into a post.
    CopyEmbed,
    /// Open this file as the map's ground ([`super::ground_file`]).
    OpenGround(web_sys::File),
    Fullscreen,
}

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
    save_maps: Option<Element>,
    save_stl: Option<Element>,
    save_gltf: Option<Element>,
    reset_view: Option<Element>,
    /// Open a ground: the file picker, and how a PNG's colours are read.
    import: Option<HtmlInputElement>,
    import_encoding: Option<HtmlSelectElement>,
    undo: Option<Element>,
    redo: Option<Element>,
    /// The rewind (a range over the drops fallen), its label, and whether
    /// the reader is dragging it (the sketch's reports then leave it be).
    rewind: Option<HtmlInputElement>,
    rewind_label: Option<Element>,
    rewinding: Cell<bool>,
    /// The drops the sketch last said the rewind spans; and the drops the
    /// rewind shows, with when it was written (milliseconds on the page's
    /// clock).
    rewind_reach: Cell<u64>,
    rewind_shown: Cell<Option<(u64, f64)>>,
    /// Save video, its own label, and whether a video is being filmed.
    save_video: Option<Element>,
    save_video_label: String,
    filming: Cell<bool>,
    share: Option<Element>,
    /// The share button's own label, read once: mid-note it says something
    /// else.
    share_label: String,
    /// Copy link's hint, and what it says of a map the sketch made.
    share_hint: Option<Element>,
    share_hint_text: String,
    /// "Copy embed code", and its own label.
    embed: Option<Element>,
    embed_label: String,
    fullscreen: Option<Element>,
    toggles: Vec<(Toggle, Option<HtmlInputElement>)>,
    choices: Vec<(Choice, Option<HtmlSelectElement>)>,
    /// The choices as the controls show them, for greying out the sliders
    /// they leave unused.
    chosen: Cell<Choices>,
    sliders: Vec<SliderControl>,
    /// Where they were found: the page brings in its groups
    /// ([`Controls::bring_in_groups`]), a figure has none to bring.
    root: Root,
}

fn control<T: JsCast>(root: &Root, name: &str, missing: &mut Vec<String>) -> Option<T> {
    root.find(&format!("experiment-control-{name}"), missing)
}

impl Controls {
    /// Finds every control under `root`, warning once about any the page
    /// leaves out (a figure shows only those it was asked for, and says
    /// nothing of the rest).
    pub fn find(root: &Root) -> Controls {
        let mut missing = Vec::new();
        // Optional: the p5 version's host pages had neither
        let optional = |name: &str| root.by_id(&format!("experiment-control-{name}"));
        let share = optional("share");
        let embed = optional("embed");
        let save_video = optional("save-video");
        let controls = Controls {
            scheme_picker: control(root, "color-scheme", &mut missing),
            seed: control(root, "seed", &mut missing),
            new_seed: control(root, "new-seed", &mut missing),
            pause: control(root, "pause-toggle", &mut missing),
            restart: control(root, "restart", &mut missing),
            save: control(root, "save", &mut missing),
            save_heightmap: optional("save-heightmap"),
            save_maps: optional("save-maps"),
            save_stl: optional("save-stl"),
            save_gltf: optional("save-gltf"),
            reset_view: optional("reset-view"),
            import: optional("import").and_then(|e| e.dyn_into().ok()),
            import_encoding: optional("import-encoding").and_then(|e| e.dyn_into().ok()),
            undo: optional("undo"),
            redo: optional("redo"),
            rewind: optional("rewind").and_then(|e| e.dyn_into().ok()),
            rewind_label: root.by_id("experiment-label-rewind"),
            rewinding: Cell::new(false),
            rewind_reach: Cell::new(0),
            rewind_shown: Cell::new(None),
            save_video_label: save_video.as_ref().and_then(|b| b.text_content()).unwrap_or_default(),
            save_video,
            filming: Cell::new(false),
            share_label: share.as_ref().and_then(|b| b.text_content()).unwrap_or_default(),
            share,
            share_hint_text: root.by_id("hint-share").and_then(|h| h.text_content()).unwrap_or_default(),
            share_hint: root.by_id("hint-share"),
            embed_label: embed.as_ref().and_then(|b| b.text_content()).unwrap_or_default(),
            embed,
            fullscreen: control(root, "fullscreen-toggle", &mut missing),
            toggles: Toggle::ALL
                .into_iter()
                .map(|t| {
                    let checkbox = if t.is_the_originals() {
                        control(root, t.row().control, &mut missing)
                    } else {
                        optional(t.row().control).and_then(|e| e.dyn_into().ok())
                    };
                    (t, checkbox)
                })
                .collect(),
            // Optional, as are the sliders the original does not have
            choices: Choice::ALL
                .into_iter()
                .map(|c| (c, optional(c.row().name).and_then(|e| e.dyn_into().ok())))
                .collect(),
            chosen: Cell::new(Choices::default()),
            sliders: Setting::ALL
                .into_iter()
                .map(|setting| {
                    let id = setting.slider().id();
                    let label = format!("experiment-label-{id}");
                    if setting.is_the_originals() {
                        SliderControl {
                            setting,
                            control: control(root, &id, &mut missing),
                            label: root.find(&label, &mut missing),
                        }
                    } else {
                        SliderControl {
                            setting,
                            control: optional(&id).and_then(|e| e.dyn_into().ok()),
                            label: root.by_id(&label),
                        }
                    }
                })
                .collect(),
            root: root.clone(),
        };
        if !missing.is_empty() && matches!(root, Root::Page(_)) {
            warn(&format!("the page has no #{}, so those controls are skipped", missing.join(", #")));
        }
        controls
    }

    /// Brings into the page's document the groups of controls it left out
    /// ([`super::dom::GROUP_TO_COME`]), once they are filled and wired: a
    /// part a frame (a group, or part of a larger one), so that no frame
    /// lays out more than a few controls (on a phone's CPU, all of them,
    /// filled in the document, made a frame of 50 to 110 ms; a whole group
    /// of 13, brought in alone in a new renderer, 48 to 63 ms), or all in
    /// one frame where they stand in columns (a wide screen), as one by one
    /// they would move each other from column to column. A figure has none
    /// to bring in.
    pub fn bring_in_groups(self: &Rc<Self>) {
        let next = self.root.groups_next();
        let Some(first) = next.first() else {
            return;
        };
        let in_columns = first
            .parent_element()
            .and_then(|list| window().get_computed_style(&list).ok().flatten())
            .and_then(|style| style.get_property_value("column-count").ok())
            .is_some_and(|count| count != "auto");
        let bring_in = |group: &HtmlTemplateElement| {
            let _ = group.replace_with_with_node_1(&group.content());
        };
        if in_columns {
            // (parts inside groups come in with them)
            let mut next = next;
            while !next.is_empty() {
                next.iter().for_each(bring_in);
                next = self.root.groups_next();
            }
        } else {
            bring_in(first);
        }
        let controls = self.clone();
        after_next_paint(move || controls.bring_in_groups());
    }

    /// Whether every control is in the document: the page's groups are
    /// brought in once filled ([`Controls::bring_in_groups`]).
    pub fn in_document(&self) -> bool {
        self.root.groups_next().is_empty()
    }

    /// Gives back the controls under `root` held while the sketch came
    /// ([`WAITING`]): before [`Controls::fill`], which greys out the
    /// sliders the sketch leaves unused.
    pub fn give_back(root: &Root) {
        for control in root.all(&format!("[{WAITING}]")) {
            let _ = control.remove_attribute("disabled");
            let _ = control.remove_attribute(WAITING);
        }
    }

    /// Fills the controls for the sketch `start` describes: slider ranges
    /// and values from the settings table, the schemes, the seed, the
    /// toggles, the play button.
    pub fn fill(&self, start: &Start) {
        let link = &start.link;
        for s in &self.sliders {
            let slider = s.setting.slider();
            if let Some(input) = &s.control {
                input.set_min(&number_text(slider.min));
                input.set_max(&number_text(slider.max));
                input.set_step(&number_text(slider.step));
            }
            self.show_setting(s.setting, link.settings.get(s.setting));
        }
        if let Some(picker) = &self.scheme_picker {
            picker.set_length(0);
            for s in SCHEMES {
                if let Ok(option) = HtmlOptionElement::new_with_text_and_value(s.label, s.key) {
                    let _ = picker.add_with_html_option_element(&option);
                }
            }
            picker.set_value(Sketch::starting_scheme(start).key);
        }
        for (choice, select) in &self.choices {
            if let Some(select) = select {
                select.set_length(0);
                for (key, label) in choice.row().options {
                    if let Ok(option) = HtmlOptionElement::new_with_text_and_value(label, key) {
                        let _ = select.add_with_html_option_element(&option);
                    }
                }
            }
            self.show_choice(*choice, link.choices.get(*choice));
        }
        if let Some(select) = &self.import_encoding {
            select.set_length(0);
            for (key, label) in Encoding::KEYS.into_iter().zip(Encoding::LABELS) {
                if let Ok(option) = HtmlOptionElement::new_with_text_and_value(label, key) {
                    let _ = select.add_with_html_option_element(&option);
                }
            }
        }
        self.show_seed(link.seed.unwrap_or(0));
        for (toggle, checkbox) in &self.toggles {
            if let Some(c) = checkbox {
                c.set_checked(link.toggles.get(*toggle));
            }
        }
        self.show_play_state(Sketch::starts_raining(start));
        self.show_fullscreen_state();
    }

    /// Brings the controls in line with what the sketch did by itself.
    pub fn show(&self, show: &Show) {
        match show {
            Show::PlayState { looping } => self.show_play_state(*looping),
            Show::Setting(setting, value) => self.show_setting(*setting, *value),
            Show::Choice(choice, index) => self.show_choice(*choice, *index),
            Show::Toggle(toggle, on) => {
                if let Some((_, Some(checkbox))) = self.toggles.iter().find(|(t, _)| t == toggle) {
                    checkbox.set_checked(*on);
                }
            }
            Show::Scheme(key) => {
                if let Some(picker) = &self.scheme_picker {
                    picker.set_value(key);
                }
            }
            Show::Seed(seed) => self.show_seed(*seed),
            // (the host says where the link is: Controls::shared)
            Show::Shared { .. } | Show::Busy(_) | Show::Link(_) | Show::No3d => {}
        }
    }

    /// What the sketch's latest state says of the history: whether there
    /// is anything to undo or redo, and the drops the rewind spans, at its
    /// end (the drops fallen, or to fall in a replay under way), but while
    /// the reader drags it. While it rains the rewind is written at most
    /// every [`REWIND_SHOWN_EVERY_MS`].
    pub fn show_status(&self, status: &Status) {
        for (button, none) in [(&self.undo, status.undo == 0), (&self.redo, status.redo == 0)] {
            // Only a change is written: every write costs the page a style pass
            if let Some(b) = button.as_ref().filter(|b| b.has_attribute("disabled") != none) {
                let _ = if none { b.set_attribute("disabled", "") } else { b.remove_attribute("disabled") };
            }
        }
        self.rewind_reach.set(status.reach);
        if self.rewinding.get() {
            return;
        }
        let due = self.rewind_shown.get().is_none_or(|(shown, at)| {
            shown != status.reach && (!status.looping || status.reach < shown || now() - at >= REWIND_SHOWN_EVERY_MS)
        });
        if due {
            self.show_rewind(status.reach);
        }
    }

    /// The rewind spans `reach` drops, all of them shown.
    fn show_rewind(&self, reach: u64) {
        if let Some(range) = &self.rewind {
            range.set_max(&reach.to_string());
            range.set_value(&reach.to_string());
        }
        self.show_rewind_label(reach);
        self.rewind_shown.set(Some((reach, now())));
    }

    /// How far the time-lapse is: on its button, which now cancels it.
    pub fn show_video_progress(&self, done: u32, total: u32) {
        if let Some(button) = &self.save_video {
            // Whole numbers: formatting a float would bring float
            // formatting into the page's module (about 26 KB gzipped)
            let percent = done as u64 * 100 / total.max(1) as u64;
            button.set_text_content(Some(&format!("Filming {percent}%: click to cancel")));
        }
    }

    /// The time-lapse is done (saved, cancelled, or not to be had, `why`
    /// said on the button a moment): its button is back.
    pub fn video_done(&self, why: Option<&str>) {
        self.filming.set(false);
        let Some(button) = self.save_video.clone() else { return };
        let label = self.save_video_label.clone();
        match why {
            None => button.set_text_content(Some(&label)),
            Some(why) => {
                button.set_text_content(Some(&format!("No video: {why}")));
                let restore = Closure::once_into_js(move || button.set_text_content(Some(&label)));
                let _ =
                    window().set_timeout_with_callback_and_timeout_and_arguments_0(restore.unchecked_ref(), NOTE_MS);
            }
        }
    }

    /// The sketch filming a video was handed to its full build, and its
    /// worker retires with the film: the button says so and is back.
    pub fn video_cut_short(&self) {
        if self.filming.get() {
            self.video_done(Some("the map moved to the full sketch; save it again"));
        }
    }

    fn show_rewind_label(&self, drops: u64) {
        if let Some(label) = &self.rewind_label {
            label.set_text_content(Some(&format!("{} drops", thousands(drops))));
        }
    }

    fn show_setting(&self, setting: Setting, value: f64) {
        if let Some(s) = self.sliders.iter().find(|s| s.setting == setting) {
            if let Some(input) = &s.control {
                input.set_value(&number_text(value));
            }
            if let Some(label) = &s.label {
                label.set_text_content(Some(&number_text(value)));
            }
            self.unfold_if_used(s, value);
        }
    }

    /// Opens the fold (a `details`) that holds a slider once the slider
    /// shapes the map where the article's map does not use it: in use and
    /// moved from its default, or in use at all where the article's map
    /// leaves it unused (the octaves of the tutorial's terrains). So a link
    /// or preset that uses a folded slider shows it; what the reader folds
    /// again stays folded until the next such change.
    fn unfold_if_used(&self, s: &SliderControl, value: f64) {
        let Some(input) = &s.control else { return };
        let in_use = self.chosen.get().uses(s.setting);
        let unlike_the_article = value != s.setting.slider().default || !Choices::default().uses(s.setting);
        if in_use && unlike_the_article {
            if let Ok(Some(fold)) = input.closest("details") {
                let _ = fold.set_attribute("open", "");
            }
        }
    }

    /// Shows the option picked, and greys out the sliders the choices now
    /// leave unused.
    fn show_choice(&self, choice: Choice, index: usize) {
        let mut chosen = self.chosen.get();
        chosen.set(choice, index);
        self.chosen.set(chosen);
        if let Some((_, Some(select))) = self.choices.iter().find(|(c, _)| *c == choice) {
            select.set_value(chosen.key(choice));
        }
        for s in &self.sliders {
            if let Some(input) = &s.control {
                input.set_disabled(!chosen.uses(s.setting));
                self.unfold_if_used(s, input.value_as_number());
            }
        }
    }

    fn show_seed(&self, seed: u32) {
        if let Some(input) = &self.seed {
            input.set_value(&seed.to_string());
        }
    }

    /// The pause button shows what a click will do.
    fn show_play_state(&self, looping: bool) {
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

    /// The map's link is `url`: copies it and says so on the share button,
    /// then puts back its label; where the clipboard is unavailable, shows
    /// the link beside the button to copy by hand.
    pub fn shared(&self, exact: bool, url: String) {
        let copied = match exact {
            true => "Link copied",
            false => {
                "Link copied, but this map can no longer be shared exactly: too many changes or strokes for a link, \
                 so it rains with today's settings and none of the strokes. Save maps keeps this map whole"
            }
        };
        let said = Said { copied, by_hand: "Copy this link:", what: "A link to this map" };
        copy_and_say(self.share.clone(), self.share_label.clone(), url, said);
    }

    /// Whether the page offers to open a ground (it has the file control).
    pub fn takes_grounds(&self) -> bool {
        self.import.is_some()
    }

    /// How a PNG's colours are to be read, as the encoding's control says
    /// (auto where the page has none).
    pub fn import_encoding(&self) -> Encoding {
        self.import_encoding.as_ref().and_then(|s| Encoding::from_key(&s.value())).unwrap_or(Encoding::Auto)
    }

    /// On a ground from a file (named `file`), the terrain and the map size
    /// show no option (neither is the map's, and picking either, even the
    /// one shown before, leaves the ground), and Copy link's hint says that
    /// whoever opens the link needs the file too.
    pub fn show_ground(&self, file: Option<&str>) {
        let on_a_file = file.is_some();
        if let Some(hint) = &self.share_hint {
            let needs =
                file.map(|name| format!("Whoever opens the link needs the file {name} too: a link cannot carry it"));
            hint.set_text_content(Some(needs.as_deref().unwrap_or(&self.share_hint_text)));
        }
        for (choice, select) in &self.choices {
            if let (Choice::Terrain | Choice::MapSize, Some(select)) = (choice, select) {
                if on_a_file && select.selected_index() != -1 {
                    select.set_selected_index(-1);
                } else if !on_a_file && select.selected_index() == -1 {
                    self.show_choice(*choice, self.chosen.get().get(*choice));
                }
            }
        }
    }

    /// The code that puts the map into a post is `code`: copies it and says
    /// so on its button, as [`Controls::shared`] does for the link.
    pub fn embed_copied(&self, code: String) {
        let said = Said { copied: "Embed code copied", by_hand: "Copy this code:", what: "The code for this map" };
        copy_and_say(self.embed.clone(), self.embed_label.clone(), code, said);
    }

    /// Wires every control the page has to `act`. What the reader changes
    /// shows at once; the sketch hears of it through `act`.
    pub fn wire(self: &Rc<Self>, act: Rc<dyn Fn(Action)>) {
        let send = |act: &Rc<dyn Fn(Action)>, input: Input| act(Action::Send(Message::Input(input)));
        let on_click = |element: &Option<Element>, action: Box<dyn Fn()>| {
            if let Some(e) = element {
                listen(e, "click", move |_| action());
            }
        };
        let a = act.clone();
        on_click(&self.pause, Box::new(move || send(&a, Input::PlayPause)));
        let a = act.clone();
        on_click(&self.restart, Box::new(move || send(&a, Input::Restart)));
        let (a, me) = (act.clone(), self.clone());
        on_click(
            &self.new_seed,
            Box::new(move || {
                let seed = random_seed();
                me.show_seed(seed);
                send(&a, Input::NewMap { seed });
            }),
        );
        let a = act.clone();
        on_click(&self.save, Box::new(move || a(Action::Send(Message::SavePicture))));
        let a = act.clone();
        on_click(&self.save_heightmap, Box::new(move || a(Action::SaveHeightmap)));
        let a = act.clone();
        on_click(&self.save_maps, Box::new(move || a(Action::SaveMaps)));
        let a = act.clone();
        on_click(&self.save_stl, Box::new(move || a(Action::SaveStl)));
        let a = act.clone();
        on_click(&self.save_gltf, Box::new(move || a(Action::SaveGltf)));
        let a = act.clone();
        on_click(&self.reset_view, Box::new(move || send(&a, Input::ResetCamera)));
        let a = act.clone();
        on_click(&self.share, Box::new(move || send(&a, Input::Share)));
        let a = act.clone();
        on_click(&self.embed, Box::new(move || a(Action::CopyEmbed)));
        let (a, me) = (act.clone(), self.clone());
        on_click(
            &self.save_video,
            Box::new(move || {
                if me.filming.replace(true) {
                    a(Action::Send(Message::CancelVideo));
                } else {
                    me.show_video_progress(0, 1);
                    a(Action::Send(Message::SaveVideo));
                }
            }),
        );
        let a = act.clone();
        on_click(&self.undo, Box::new(move || send(&a, Input::Undo)));
        let a = act.clone();
        on_click(&self.redo, Box::new(move || send(&a, Input::Redo)));
        if let Some(range) = &self.rewind {
            // Grabbed, it spans every drop fallen, however recently shown
            for grab in ["pointerdown", "focus"] {
                let me = self.clone();
                listen(range, grab, move |_| {
                    if !me.rewinding.get() {
                        me.show_rewind(me.rewind_reach.get());
                    }
                });
            }
            let (a, me, range_) = (act.clone(), self.clone(), range.clone());
            listen(range, "input", move |_| {
                me.rewinding.set(true);
                let drops = range_.value_as_number().max(0.0) as u64;
                me.show_rewind_label(drops);
                send(&a, Input::Rewind(drops));
            });
            let (a, me) = (act.clone(), self.clone());
            listen(range, "change", move |_| {
                me.rewinding.set(false);
                send(&a, Input::LetGo);
            });
        }
        let a = act.clone();
        on_click(&self.fullscreen, Box::new(move || a(Action::Fullscreen)));
        if let Some(import) = &self.import {
            let (a, import_) = (act.clone(), import.clone());
            listen(import, "change", move |_| {
                if let Some(file) = import_.files().and_then(|files| files.get(0)) {
                    a(Action::OpenGround(file));
                }
                // The same file picked again is opened again
                import_.set_value("");
            });
        }

        if let Some(picker) = &self.scheme_picker {
            let (a, picker_) = (act.clone(), picker.clone());
            listen(picker, "change", move |_| {
                if let Some(s) = scheme(&picker_.value()) {
                    send(&a, Input::PickScheme(s.key.to_string()));
                }
            });
        }
        if let Some(seed) = &self.seed {
            let (a, me, seed_) = (act.clone(), self.clone(), seed.clone());
            listen(seed, "change", move |_| {
                let seed = parse_seed(&seed_.value());
                me.show_seed(seed);
                send(&a, Input::NewMap { seed });
            });
        }
        for (toggle, checkbox) in &self.toggles {
            if let Some(c) = checkbox {
                let (a, c_, toggle) = (act.clone(), c.clone(), *toggle);
                listen(c, "change", move |_| send(&a, Input::Toggle(toggle, c_.checked())));
            }
        }
        for (choice, select) in &self.choices {
            if let Some(select) = select {
                let (a, me, select_, choice) = (act.clone(), self.clone(), select.clone(), *choice);
                listen(select, "change", move |_| {
                    if let Some(index) = choice.option(&select_.value()) {
                        me.show_choice(choice, index);
                        send(&a, Input::Choose(choice, index));
                    }
                });
            }
        }
        for s in &self.sliders {
            if let Some(input) = &s.control {
                let (a, me, input_, setting) = (act.clone(), self.clone(), input.clone(), s.setting);
                listen(input, "input", move |_| {
                    // The browser reads the number; a non-finite one is ignored
                    let value = input_.value_as_number();
                    if let Some(shown) = setting.slider().clamp(value) {
                        me.show_setting(setting, shown);
                        send(&a, Input::Set(setting, value));
                    }
                });
                // A drag is one change: let go, the next move is another
                let a = act.clone();
                listen(input, "change", move |_| send(&a, Input::LetGo));
            }
        }
    }
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

/// A read-only field after `button` holding `url`, selected, for copying by
/// hand. Its text is set as a value, never as markup.
/// What a copying button says: once `copied`, or that the reader should
/// copy by hand, from a field that holds `what`.
struct Said {
    copied: &'static str,
    by_hand: &'static str,
    what: &'static str,
}

/// Copies `text` and says so on `button` (whose own label is `label`), then
/// puts back its label; where the clipboard is unavailable, shows the text
/// beside the button to copy by hand.
fn copy_and_say(button: Option<Element>, label: String, text: String, said: Said) {
    let Some(button) = button else { return };
    wasm_bindgen_futures::spawn_local(async move {
        let copied = sharing::copy(&text).await;
        button.set_text_content(Some(if copied { said.copied } else { said.by_hand }));
        if !copied {
            show_text_to_copy(&button, &text, said.what);
        }
        let restore = Closure::once_into_js(move || button.set_text_content(Some(&label)));
        let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(restore.unchecked_ref(), NOTE_MS);
    });
}

fn show_text_to_copy(button: &Element, url: &str, what: &str) {
    let field = button
        .next_element_sibling()
        .filter(|e| e.class_list().contains("he-share-link"))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .or_else(|| {
            let input = document().create_element("input").ok()?.dyn_into::<HtmlInputElement>().ok()?;
            input.set_read_only(true);
            input.set_class_name("he-share-link");
            let _ = input.set_attribute("aria-label", what);
            let _ = button.after_with_node_1(&input);
            Some(input)
        });
    if let Some(field) = field {
        field.set_value(url);
        let _ = field.focus();
        field.select();
    }
}
