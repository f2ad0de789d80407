//! Branches grown by space colonisation (Runions, Lane and Prusinkiewicz
//! 2007, *Modeling Trees with a Space Colonization Algorithm*), as the
//! procedural generation article's `colonise` grows them.
//!
//! Attractors are scattered through the crown. Each round, every attractor
//! pulls the branch node nearest to it (within the influence radius); each
//! node pulled grows a new node one segment towards the mean of its pulls;
//! an attractor a node comes within the kill radius of is used up. Growth
//! stops when no node is pulled any more. Beyond the article's loop: pulls
//! that cancel out (two attractors on opposite sides) grow nothing, rather
//! than a node on top of its parent; a node does not grow the same child
//! twice (the classic way the algorithm gets stuck: attractors either side
//! of a node, none nearer its new child, pull it the same way every round);
//! and a cap on rounds guarantees the end.
//!
//! ```
//! use hydraulic_erosion::flora::space_colonisation::{colonise, Growth};
//! let growth = Growth { influence: 10.0, kill: 1.0, segment: 0.5, rounds: 100 };
//! let branches = colonise([0.0, 0.0], vec![[0.0, -3.0]], growth);
//! // The root grows straight up to the attractor, until within the kill radius
//! assert!(branches.len() >= 5);
//! assert!(branches.iter().skip(1).all(|b| b.parent.is_some()));
//! ```

/// How a skeleton grows: the article's 120, 15 and 8 pixels, as lengths
/// in any unit, and how many rounds at most.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Growth {
    pub influence: f64,
    pub kill: f64,
    pub segment: f64,
    pub rounds: u32,
}

/// A node of the skeleton: where it is and the node it grew from (none for
/// the root).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Branch {
    pub pos: [f64; 2],
    pub parent: Option<usize>,
}

/// Grows a skeleton from `root` towards `attractors`.
pub fn colonise(root: [f64; 2], mut attractors: Vec<[f64; 2]>, growth: Growth) -> Vec<Branch> {
    let mut branches = vec![Branch { pos: root, parent: None }];
    // Where each node last grew to: a node pulled the same way again would
    // only grow a twin of that child (attractors either side of it, none
    // nearer the child than the node), and never stop
    let mut last_grown: Vec<Option<[f64; 2]>> = vec![None];
    let distance = |a: [f64; 2], b: [f64; 2]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
    for _ in 0..growth.rounds {
        let mut pulls = vec![[0.0f64; 2]; branches.len()];
        let mut pulled = vec![false; branches.len()];
        // Attractors from the last, as the article walks them (it removes
        // them as it goes)
        let mut k = attractors.len();
        while k > 0 {
            k -= 1;
            let attractor = attractors[k];
            let mut nearest = None;
            let mut nearest_distance = growth.influence;
            let mut killed = false;
            for (b, branch) in branches.iter().enumerate() {
                let d = distance(attractor, branch.pos);
                if d < growth.kill {
                    killed = true;
                    break;
                }
                if d < nearest_distance {
                    nearest_distance = d;
                    nearest = Some(b);
                }
            }
            if killed {
                attractors.remove(k);
                continue;
            }
            if let Some(b) = nearest {
                let d = distance(attractor, branches[b].pos);
                let p = branches[b].pos;
                pulls[b][0] += (attractor[0] - p[0]) / d;
                pulls[b][1] += (attractor[1] - p[1]) / d;
                pulled[b] = true;
            }
        }
        let before = branches.len();
        for b in 0..before {
            let length = (pulls[b][0].powi(2) + pulls[b][1].powi(2)).sqrt();
            if !pulled[b] || length < 1e-9 {
                continue;
            }
            let p = branches[b].pos;
            let step = [pulls[b][0] / length * growth.segment, pulls[b][1] / length * growth.segment];
            let pos = [p[0] + step[0], p[1] + step[1]];
            if last_grown[b] == Some(pos) {
                continue;
            }
            last_grown[b] = Some(pos);
            branches.push(Branch { pos, parent: Some(b) });
            last_grown.push(None);
        }
        if branches.len() == before || attractors.is_empty() {
            break;
        }
    }
    branches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scattered(n: usize, mut k: u32) -> Vec<[f64; 2]> {
        let mut unit = move || {
            k = k.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            k as f64 / 4_294_967_296.0
        };
        (0..n).map(|_| [unit() * 100.0 - 50.0, unit() * 100.0 - 150.0]).collect()
    }

    const ARTICLE: Growth = Growth { influence: 120.0, kill: 15.0, segment: 8.0, rounds: 500 };

    #[test]
    fn growth_ends_and_every_branch_leads_back_to_the_root() {
        for seed in 0..20 {
            let attractors = scattered(60, seed);
            let branches = colonise([0.0, 0.0], attractors.clone(), ARTICLE);
            assert!(branches.len() > 10, "seed {seed}: {} nodes", branches.len());
            assert!(branches.len() < 60 * 500, "bounded");
            for (i, b) in branches.iter().enumerate() {
                // Parents come before children, so following them ends at the root
                let mut at = i;
                let mut hops = 0;
                while let Some(parent) = branches[at].parent {
                    assert!(parent < at, "seed {seed}: node {at}'s parent {parent} comes after it");
                    at = parent;
                    hops += 1;
                }
                assert_eq!(at, 0, "seed {seed}: node {i} reaches the root in {hops} hops");
                if let Some(p) = b.parent {
                    let d = ((b.pos[0] - branches[p].pos[0]).powi(2) + (b.pos[1] - branches[p].pos[1]).powi(2)).sqrt();
                    assert!((d - 8.0).abs() < 1e-9, "segments are one length");
                }
            }
            assert_eq!(
                branches,
                colonise([0.0, 0.0], attractors.clone(), ARTICLE),
                "the same attractors, the same tree"
            );
            let longer = Growth { rounds: 5_000, ..ARTICLE };
            assert_eq!(branches, colonise([0.0, 0.0], attractors, longer), "seed {seed}: growth ended by itself");
        }
    }

    #[test]
    fn pulls_that_cancel_grow_nothing_and_out_of_reach_grows_nothing() {
        let opposite = colonise([0.0, 0.0], vec![[-50.0, 0.0], [50.0, 0.0]], ARTICLE);
        assert_eq!(opposite.len(), 1);
        let far = colonise([0.0, 0.0], vec![[500.0, 0.0]], ARTICLE);
        assert_eq!(far.len(), 1);
    }
}
