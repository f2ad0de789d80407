//! The 3D view's camera: it orbits the middle of the map, turned about
//! the vertical (yaw), raised above the horizon (pitch) and at a distance,
//! in the units of [`crate::draw::mesh`] (the map's longer side is 1). Dragging
//! turns it, the wheel and a pinch bring it nearer, and it is part of a
//! link, so it keeps to thousandths as the sliders do: every camera in use
//! is one a link writes exactly.
//!
//! ```
//! use hydraulic_erosion::draw::camera::Camera;
//! let mut camera = Camera::START;
//! camera.orbit(100.0, 0.0);
//! assert!(camera.yaw < Camera::START.yaw, "dragging right turns the map right");
//! camera.zoom(0.5);
//! assert_eq!(camera.distance, Camera::START.distance * 0.5);
//! ```

/// Radians the camera turns for a pixel dragged.
pub const RADIANS_PER_PIXEL: f64 = 0.006;
/// The field of view, top to bottom (radians): about a 50 mm lens.
pub const FIELD_OF_VIEW: f64 = 0.8;
/// A drag's spin after the pointer lets go loses this share of its speed a
/// frame (none when the reader asks for less motion), and stops below
/// [`SPIN_STOPS`] pixels a frame.
pub const SPIN_KEPT: f64 = 0.9;
pub const SPIN_STOPS: f64 = 0.05;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Turned about the vertical from looking north (radians, one turn
    /// either way).
    pub yaw: f64,
    /// Above the horizon (radians).
    pub pitch: f64,
    /// From the middle of the map, in map units.
    pub distance: f64,
}

/// Keeps a value to thousandths, as a link writes it.
/// Half a turn (π) in whole thousandths of a radian, rounded down.
const HALF_TURN_THOUSANDTHS: f64 = 3141.0;

fn thousandths(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

impl Camera {
    /// Looking north from the south, about the map's length away, 52°
    /// above it: the whole map in view, north up, as the 2D map shows it.
    pub const START: Camera = Camera { yaw: 0.0, pitch: 0.9, distance: 1.05 };
    pub const PITCH: [f64; 2] = [0.1, 1.55];
    pub const DISTANCE: [f64; 2] = [0.3, 4.0];
    /// Half a turn either way, to the last thousandth inside it: a yaw
    /// rounded to thousandths then reads back from a link as itself (π
    /// would be written 3.142, past half a turn, and read back as −3.141).
    pub const YAW: [f64; 2] = [-HALF_TURN_THOUSANDTHS / 1000.0, HALF_TURN_THOUSANDTHS / 1000.0];

    /// A camera with these values brought into range and to thousandths;
    /// None if one is not a number.
    pub fn new(yaw: f64, pitch: f64, distance: f64) -> Option<Camera> {
        if !(yaw.is_finite() && pitch.is_finite() && distance.is_finite()) {
            return None;
        }
        let turn = 2.0 * std::f64::consts::PI;
        // One turn either way: a yaw past it is the same view
        let yaw = yaw - turn * ((yaw + std::f64::consts::PI) / turn).floor();
        Some(Camera {
            yaw: thousandths(yaw).clamp(Camera::YAW[0], Camera::YAW[1]),
            pitch: thousandths(pitch.clamp(Camera::PITCH[0], Camera::PITCH[1])),
            distance: thousandths(distance.clamp(Camera::DISTANCE[0], Camera::DISTANCE[1])),
        })
    }

    /// Turns the camera as a drag of `dx`, `dy` pixels does: the map
    /// follows the pointer (dragging right turns it right, dragging down
    /// tips it towards the reader).
    pub fn orbit(&mut self, dx: f64, dy: f64) {
        let turned = Camera::new(self.yaw - dx * RADIANS_PER_PIXEL, self.pitch + dy * RADIANS_PER_PIXEL, self.distance);
        *self = turned.unwrap_or(*self);
    }

    /// Nearer (`factor` below 1) or further.
    pub fn zoom(&mut self, factor: f64) {
        *self = Camera::new(self.yaw, self.pitch, self.distance * factor).unwrap_or(*self);
    }

    /// Where the camera is, looking at (0, `target_y`, 0).
    pub fn eye(&self, target_y: f64) -> [f64; 3] {
        let (horizontal, up) = (self.distance * self.pitch.cos(), self.distance * self.pitch.sin());
        [horizontal * self.yaw.sin(), target_y + up, horizontal * self.yaw.cos()]
    }

    /// The matrix taking map units to clip space (column-major, as WebGL
    /// reads it), for a drawing `aspect` wide to 1 high, looking at the
    /// middle of the map at height `target_y`.
    pub fn view_projection(&self, aspect: f64, target_y: f64) -> [f32; 16] {
        let view = look_at(self.eye(target_y), [0.0, target_y, 0.0]);
        let near = self.distance * 0.02;
        let far = self.distance + 3.0;
        let projection = perspective(FIELD_OF_VIEW, aspect, near, far);
        multiply(&projection, &view).map(|v| v as f32)
    }

    /// The ray from the eye through the point `[across, down]` of a
    /// drawing `aspect` wide to 1 high (shares of its width and height from
    /// its top left corner), as [`Camera::view_projection`] draws it: what
    /// the reader points at there.
    pub fn ray(&self, aspect: f64, target_y: f64, [across, down]: [f64; 2]) -> Ray {
        let eye = self.eye(target_y);
        let [right, up, back] = axes(eye, [0.0, target_y, 0.0]);
        let half_height = (FIELD_OF_VIEW / 2.0).tan();
        let (x, y) = ((2.0 * across - 1.0) * half_height * aspect, (1.0 - 2.0 * down) * half_height);
        let direction = [0, 1, 2].map(|k| right[k] * x + up[k] * y - back[k]);
        Ray { origin: eye, direction }
    }
}

/// A ray in map units: from `origin`, along `direction` (not of unit length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    pub origin: [f64; 3],
    pub direction: [f64; 3],
}

impl Ray {
    /// The point `t` directions along.
    pub fn at(&self, t: f64) -> [f64; 3] {
        [0, 1, 2].map(|k| self.origin[k] + self.direction[k] * t)
    }
}

/// A column-major 4 × 4 matrix.
type Matrix = [f64; 16];

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The eye's right, up and backward directions (unit vectors), looking from
/// `eye` at `target` with the sky up.
fn axes(eye: [f64; 3], target: [f64; 3]) -> [[f64; 3]; 3] {
    let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let cross =
        |a: [f64; 3], b: [f64; 3]| [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    let unit = |a: [f64; 3]| {
        let l = dot(a, a).sqrt();
        [a[0] / l, a[1] / l, a[2] / l]
    };
    let back = unit(sub(eye, target));
    let right = unit(cross([0.0, 1.0, 0.0], back));
    [right, cross(back, right), back]
}

fn look_at(eye: [f64; 3], target: [f64; 3]) -> Matrix {
    let [right, up, back] = axes(eye, target);
    [
        right[0],
        up[0],
        back[0],
        0.0, //
        right[1],
        up[1],
        back[1],
        0.0, //
        right[2],
        up[2],
        back[2],
        0.0, //
        -dot(right, eye),
        -dot(up, eye),
        -dot(back, eye),
        1.0,
    ]
}

fn perspective(fov: f64, aspect: f64, near: f64, far: f64) -> Matrix {
    let f = 1.0 / (fov / 2.0).tan();
    let depth = 1.0 / (near - far);
    [
        f / aspect,
        0.0,
        0.0,
        0.0, //
        0.0,
        f,
        0.0,
        0.0, //
        0.0,
        0.0,
        (far + near) * depth,
        -1.0, //
        0.0,
        0.0,
        2.0 * far * near * depth,
        0.0,
    ]
}

fn multiply(a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = [0.0; 16];
    for column in 0..4 {
        for row in 0..4 {
            out[column * 4 + row] = (0..4).map(|k| a[k * 4 + row] * b[column * 4 + k]).sum();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where `m` takes `p` on screen (x and y from -1 to 1, and depth).
    fn project(m: &[f32; 16], p: [f64; 3]) -> [f64; 3] {
        let m = m.map(f64::from);
        let v = [0, 1, 2, 3].map(|row| m[row] * p[0] + m[4 + row] * p[1] + m[8 + row] * p[2] + m[12 + row]);
        [v[0] / v[3], v[1] / v[3], v[2] / v[3]]
    }

    #[test]
    fn the_starting_view_shows_the_whole_map_north_up() {
        let m = Camera::START.view_projection(16.0 / 9.0, 0.0);
        let middle = project(&m, [0.0, 0.0, 0.0]);
        assert!(middle[0].abs() < 1e-9 && middle[1].abs() < 1e-9, "the middle in the middle: {middle:?}");
        let (north, south) = (project(&m, [0.0, 0.0, -0.28]), project(&m, [0.0, 0.0, 0.28]));
        assert!(north[1] > south[1], "north is up the screen");
        assert!(north[2] > south[2], "and further away");
        for corner in [[-0.5, 0.0, -0.28], [0.5, 0.0, -0.28], [-0.5, 0.0, 0.28], [0.5, 0.0, 0.28], [0.0, 0.12, 0.0]] {
            let p = project(&m, corner);
            assert!(p.iter().all(|c| c.abs() < 1.0), "{corner:?} is off screen at {p:?}");
        }
        let east = project(&m, [0.5, 0.0, 0.0]);
        assert!(east[0] > 0.0, "east on the right");
    }

    #[test]
    fn orbits_stay_in_range_and_to_thousandths() {
        let mut c = Camera::START;
        c.orbit(0.0, -10_000.0);
        assert_eq!(c.pitch, Camera::PITCH[0], "not below the horizon");
        c.orbit(0.0, 10_000.0);
        assert_eq!(c.pitch, Camera::PITCH[1], "not past overhead");
        c.zoom(100.0);
        assert_eq!(c.distance, Camera::DISTANCE[1]);
        c.orbit(1234.5, 0.0);
        assert!(c.yaw >= -std::f64::consts::PI && c.yaw <= std::f64::consts::PI, "{}", c.yaw);
        assert_eq!(c.yaw, (c.yaw * 1000.0).round() / 1000.0);
        // Turning right a quarter turn puts the eye in the west, looking
        // east: the map's west side faces the reader
        let mut c = Camera::START;
        c.orbit(std::f64::consts::FRAC_PI_2 / RADIANS_PER_PIXEL, 0.0);
        let eye = c.eye(0.0);
        assert!(eye[0] < -0.5 && eye[2].abs() < 0.01, "{eye:?}");
    }

    #[test]
    fn a_ray_through_a_point_on_screen_passes_the_points_drawn_there() {
        let camera = Camera::new(0.7, 0.6, 1.4).unwrap();
        let (aspect, target_y) = (1.6, 0.03);
        let m = camera.view_projection(aspect, target_y);
        for p in [[0.1, 0.05, -0.2], [-0.4, 0.0, 0.25], [0.0, 0.03, 0.0]] {
            let s = project(&m, p);
            let ray = camera.ray(aspect, target_y, [(s[0] + 1.0) / 2.0, (1.0 - s[1]) / 2.0]);
            // The ray's nearest approach to p is (nearly) p itself
            let to_p = [0, 1, 2].map(|k| p[k] - ray.origin[k]);
            let t = dot(to_p, ray.direction) / dot(ray.direction, ray.direction);
            let near = ray.at(t);
            let miss = (0..3).map(|k| (near[k] - p[k]).powi(2)).sum::<f64>().sqrt();
            assert!(t > 0.0 && miss < 1e-5, "{p:?}: {miss} at {t}");
        }
    }

    #[test]
    fn a_yaw_of_half_a_turn_is_the_same_camera_read_again() {
        // Half a turn rounds to the last thousandth inside it, which a
        // camera made again from (as a link reads it) keeps
        let pi = std::f64::consts::PI;
        for yaw in [pi, -pi, pi + 1e-5, -pi - 1e-5, pi - 2e-4] {
            let c = Camera::new(yaw, 0.5, 1.0).unwrap();
            assert!(c.yaw.abs() <= Camera::YAW[1] && Camera::YAW[1] < pi, "{yaw} → {}", c.yaw);
            assert_eq!(Camera::new(c.yaw, c.pitch, c.distance), Some(c), "{yaw}");
        }
    }
}
