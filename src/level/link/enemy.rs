//! Enemy types: their parts (and which guard which), weapons and boss phases, with every
//! part and pattern name resolved to an index.

use std::sync::Arc;

use glam::Vec2;

use super::hitbox::{link_hitbox, HitboxDef, DEFAULT_SIZE};
use super::path::link_path;
use super::validate::{finite_in, is_plain_name};
use super::{loc, Linker};
use crate::level::assets::AssetKind;
use crate::level::limits;
use crate::level::resolved::{BossPhase, EnemyLayer, EnemyType, ItemDrop, Part, Weapon};
use crate::level::schema::{BossPhaseDef, EnemyDef, ItemDef, LayerDef, PartDef, WeaponDef};
use crate::level::text::diag::unknown;
use crate::level::text::locate::Seg;
use crate::level::text::source::Source;

fn part_index(parts: &[Part], name: &str) -> Option<usize> {
    parts.iter().position(|p| p.name == name)
}

/// The parts of one cycle of `guarded_by` links, each guarded by the next (the last by the
/// first), or `None` when the guards form no cycle. Depth-first, O(parts + guards).
fn guard_cycle(parts: &[Part]) -> Option<Vec<usize>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    fn visit(parts: &[Part], i: usize, marks: &mut [Mark], path: &mut Vec<usize>) -> bool {
        marks[i] = Mark::OnPath;
        path.push(i);
        for &g in &parts[i].guarded_by {
            let mark = marks[g];
            if mark == Mark::OnPath {
                let start = path.iter().position(|&p| p == g).unwrap_or(0);
                path.drain(..start);
                return true;
            }
            if mark == Mark::New && visit(parts, g, marks, path) {
                return true;
            }
        }
        path.pop();
        marks[i] = Mark::Done;
        false
    }
    let mut marks = vec![Mark::New; parts.len()];
    let mut path = Vec::new();
    (0..parts.len()).find_map(|i| {
        (marks[i] == Mark::New && visit(parts, i, &mut marks, &mut path)).then(|| path.clone())
    })
}

/// The enemy being linked: its name, its file, and where its definition sits in that file.
struct Site<'s> {
    name: &'s str,
    src: &'s Source,
    base: [Seg; 2],
}

impl Site<'_> {
    /// The path of the enemy's `f` field.
    fn field(&self, f: &'static str) -> Vec<Seg> {
        loc(&self.base, [Seg::Field(f)])
    }

    /// The path of something inside the enemy's definition.
    fn at(&self, more: impl IntoIterator<Item = Seg>) -> Vec<Seg> {
        loc(&self.base, more)
    }
}

/// Links enemy type `name`, defined in `src`: its parts and their guards, core, weapons,
/// phases, the type it reveals and its sprites. `None` when any of it has an error (each
/// reported in `r`).
pub(super) fn link_enemy(
    r: &mut Linker,
    name: &str,
    src: &Source,
    def: &EnemyDef,
) -> Option<EnemyType> {
    let e = Site {
        name,
        src,
        base: [Seg::Field("enemies"), Seg::key(name)],
    };
    let before = r.errors.len();
    let parts = link_parts(r, &e, def)?;
    let core = match &def.core {
        None => 0,
        Some(c) => part_index(&parts, c).unwrap_or_else(|| {
            let msg = unknown("part", c, parts.iter().map(|p| p.name.as_str()));
            r.err(
                src,
                &e.field("core"),
                msg.map(|m| format!("enemy \"{name}\": core names {m}")),
            );
            0
        }),
    };
    check_rewards(r, &e, def);
    let path = link_path(r, src, &e.field("path"), &def.path);
    let weapons = link_weapons(r, name, src, &parts, &def.weapons, &e.field("weapons"));
    let phases = link_phases(r, &e, def, &parts);
    let reveals = link_reveals(r, &e, def);
    check_sprite(
        r,
        src,
        &e.field("sprite"),
        &format!("enemy \"{name}\": sprite"),
        &def.sprite,
    );
    if let Some(w) = &def.wreck {
        check_sprite(
            r,
            src,
            &e.field("wreck"),
            &format!("enemy \"{name}\": wreck"),
            w,
        );
    }
    if r.errors.len() > before {
        return None;
    }
    Some(EnemyType {
        name: name.into(),
        sprite: def.sprite.clone(),
        layer: match def.layer {
            LayerDef::Air => EnemyLayer::Air,
            LayerDef::Ground => EnemyLayer::Ground,
        },
        score: def.score,
        parts,
        core,
        path,
        weapons,
        phases,
        drop: def.drop.map(|d| match d {
            ItemDef::Power => ItemDrop::Power,
            ItemDef::Bomb => ItemDrop::Bomb,
            ItemDef::Coin => ItemDrop::Coin,
        }),
        reveals,
        wreck: def.wreck.as_deref().map(Into::into),
        bonus: def.bonus,
        explosion: def.explosion.min(2),
    })
}

/// The enemy's parts: one `body` from its own `hp`, `size` and `shape` when it lists none, or
/// each listed part with its guards resolved; a cycle of guards is reported. `None` when it
/// lists more than [`limits::MAX_PARTS`].
fn link_parts(r: &mut Linker, e: &Site, def: &EnemyDef) -> Option<Vec<Part>> {
    let parts = if def.parts.is_empty() {
        vec![body_part(r, e, def)]
    } else {
        if r.too_many(
            e.src,
            &e.field("parts"),
            def.parts.len(),
            limits::MAX_PARTS,
            |n| format!("enemy \"{}\" has {n} parts", e.name),
        ) {
            return None;
        }
        let mut parts: Vec<Part> = Vec::new();
        for (i, p) in def.parts.iter().enumerate() {
            let part = link_part(r, e, i, p, &parts);
            parts.push(part);
        }
        link_guards(r, e, def, &mut parts);
        parts
    };
    report_guard_cycle(r, e, def, &parts);
    Some(parts)
}

/// The one part of an enemy that lists none: its whole body.
fn body_part(r: &mut Linker, e: &Site, def: &EnemyDef) -> Part {
    let who = format!("enemy \"{}\"", e.name);
    let hp = r.hp(&def.hp, e.src, &e.field("hp"), &who);
    let (half, shape) = link_hitbox(
        r,
        e.src,
        &e.base,
        &HitboxDef {
            who: &who,
            size: def.size,
            shape: def.shape,
            default_size: Some(DEFAULT_SIZE),
            mirror: false,
        },
    );
    Part {
        name: "body".into(),
        offset: Vec2::ZERO,
        half,
        shape,
        hp,
        sprite: None,
        destroyed_sprite: None,
        guarded_by: Vec::new(),
        mirror: false,
        score: 0,
    }
}

/// Part `i`, `p`, with its guards left for [`link_guards`]; `earlier` are the parts before it,
/// whose names it may not repeat.
fn link_part(r: &mut Linker, e: &Site, i: usize, p: &PartDef, earlier: &[Part]) -> Part {
    let (name, src) = (e.name, e.src);
    let part_at = |f: &'static str| e.at([Seg::Field("parts"), Seg::Index(i), Seg::Field(f)]);
    let who = format!("part \"{}\" of \"{name}\"", p.name);
    let hp = r.hp(&p.hp, src, &part_at("hp"), &who);
    let (half, shape) = link_hitbox(
        r,
        src,
        &e.at([Seg::Field("parts"), Seg::Index(i)]),
        &HitboxDef {
            who: &who,
            size: p.size,
            shape: p.shape,
            default_size: None,
            mirror: p.mirror,
        },
    );
    if !(finite_in(p.offset.0, -320.0, 320.0) && finite_in(p.offset.1, -320.0, 320.0)) {
        r.err(
            src,
            &part_at("offset"),
            format!(
                "part \"{}\" of \"{name}\": offset must be within 320 pixels, found ({}, {})",
                p.name, p.offset.0, p.offset.1
            ),
        );
    }
    if p.score > limits::MAX_SCORE {
        r.err(
            src,
            &part_at("score"),
            format!(
                "part \"{}\" of \"{name}\": score must be at most {}, found {}",
                p.name,
                limits::MAX_SCORE,
                p.score
            ),
        );
    }
    for (f, s) in [
        ("sprite", &p.sprite),
        ("destroyed_sprite", &p.destroyed_sprite),
    ] {
        if let Some(s) = s {
            let who = format!("part \"{}\" of \"{name}\": {f}", p.name);
            check_sprite(r, src, &part_at(f), &who, s);
        }
    }
    if part_index(earlier, &p.name).is_some() {
        r.err(
            src,
            &part_at("name"),
            format!(
                "enemy \"{name}\" has two parts named \"{}\"; each part's name must be \
                 its own",
                p.name
            ),
        );
    }
    Part {
        name: p.name.clone(),
        offset: Vec2::new(p.offset.0, p.offset.1),
        half,
        shape,
        hp,
        sprite: p.sprite.clone(),
        destroyed_sprite: p.destroyed_sprite.clone(),
        guarded_by: Vec::new(),
        mirror: p.mirror,
        score: p.score,
    }
}

/// Resolves each part's `guarded_by` names into `parts`' indices, once each; a part may not
/// guard itself.
fn link_guards(r: &mut Linker, e: &Site, def: &EnemyDef, parts: &mut [Part]) {
    let (name, src) = (e.name, e.src);
    for (i, p) in def.parts.iter().enumerate() {
        for (gi, g) in p.guarded_by.iter().enumerate().take(limits::MAX_PARTS) {
            let at = e.at([
                Seg::Field("parts"),
                Seg::Index(i),
                Seg::Field("guarded_by"),
                Seg::Index(gi),
            ]);
            match part_index(parts, g) {
                Some(gi) if gi != i => {
                    if !parts[i].guarded_by.contains(&gi) {
                        parts[i].guarded_by.push(gi)
                    }
                }
                Some(_) => r.err(
                    src,
                    &at,
                    format!(
                        "part \"{g}\" of \"{name}\": guarded_by names the part itself; \
                         expected other parts of \"{name}\""
                    ),
                ),
                None => {
                    let msg = unknown("part", g, parts.iter().map(|p| p.name.as_str()));
                    r.err(
                        src,
                        &at,
                        msg.map(|m| format!("enemy \"{name}\": guarded_by names {m}")),
                    );
                }
            }
        }
    }
}

/// Reports parts that guard each other in a cycle, at the first guard on it.
fn report_guard_cycle(r: &mut Linker, e: &Site, def: &EnemyDef, parts: &[Part]) {
    let Some(cycle) = guard_cycle(parts) else {
        return;
    };
    // Every part on the cycle waits for another that waits for it: none can be damaged.
    let first = cycle[0];
    let next = cycle[1 % cycle.len()];
    let gi = def.parts[first]
        .guarded_by
        .iter()
        .position(|g| *g == parts[next].name)
        .unwrap_or(0);
    let names: Vec<&str> = cycle
        .iter()
        .chain(cycle.first())
        .map(|&i| parts[i].name.as_str())
        .collect();
    r.err(
        e.src,
        &e.at([
            Seg::Field("parts"),
            Seg::Index(first),
            Seg::Field("guarded_by"),
            Seg::Index(gi),
        ]),
        format!(
            "enemy \"{}\": parts guard each other in a cycle ({}); none of them can \
             ever be damaged, so the enemy cannot be destroyed",
            e.name,
            names.join(" -> guarded by -> ")
        ),
    );
}

/// Checks what destroying the enemy gives: its `score` and `bonus`, and its `explosion` size.
fn check_rewards(r: &mut Linker, e: &Site, def: &EnemyDef) {
    let name = e.name;
    for (f, v) in [("score", def.score), ("bonus", def.bonus)] {
        if v > limits::MAX_SCORE {
            r.err(
                e.src,
                &e.field(f),
                format!(
                    "enemy \"{name}\": {f} must be at most {}, found {v}",
                    limits::MAX_SCORE
                ),
            );
        }
    }
    if def.explosion > 2 {
        r.err(
            e.src,
            &e.field("explosion"),
            format!(
                "enemy \"{name}\": explosion must be 0, 1 or 2, found {}",
                def.explosion
            ),
        );
    }
}

/// The boss phases, at most [`limits::MAX_PHASES`] (more are reported).
fn link_phases(r: &mut Linker, e: &Site, def: &EnemyDef, parts: &[Part]) -> Vec<BossPhase> {
    r.too_many(
        e.src,
        &e.field("phases"),
        def.phases.len(),
        limits::MAX_PHASES,
        |n| format!("enemy \"{}\" has {n} phases", e.name),
    );
    check_phase_names(r, e, def);
    def.phases
        .iter()
        .enumerate()
        .take(limits::MAX_PHASES)
        .map(|(pi, ph)| link_phase(r, e, pi, ph, parts))
        .collect()
}

/// A phase's name is its attack's title: not blank, not over [`limits::MAX_NAME_LEN`] bytes,
/// and no two phases of one enemy share one (PRACTICE and `--phase` find a phase by it).
fn check_phase_names(r: &mut Linker, e: &Site, def: &EnemyDef) {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (pi, ph) in def.phases.iter().enumerate().take(limits::MAX_PHASES) {
        let Some(title) = ph.name.as_deref() else {
            continue;
        };
        let at = e.at([Seg::Field("phases"), Seg::Index(pi), Seg::Field("name")]);
        let enemy = e.name;
        if title.trim().is_empty() || title.len() > limits::MAX_NAME_LEN {
            r.err(
                e.src,
                &at,
                format!(
                    "enemy \"{enemy}\", phase {}: a phase's name must be 1 to {} bytes and not blank",
                    pi + 1,
                    limits::MAX_NAME_LEN
                ),
            );
        } else if let Some((_, first)) = seen.iter().find(|(n, _)| *n == title) {
            r.err(
                e.src,
                &at,
                format!(
                    "enemy \"{enemy}\", phase {}: the name \"{title}\" is phase {}'s already; \
                     each phase of an enemy needs its own",
                    pi + 1,
                    first + 1
                ),
            );
        } else {
            seen.push((title, pi));
        }
    }
}

/// Phase `pi`, `ph`: the parts it waits for, when it starts, its path and weapons.
fn link_phase(r: &mut Linker, e: &Site, pi: usize, ph: &BossPhaseDef, parts: &[Part]) -> BossPhase {
    let (name, src) = (e.name, e.src);
    let phase_at = e.at([Seg::Field("phases"), Seg::Index(pi)]);
    let mut after = Vec::new();
    for (ai, a) in ph.after.iter().enumerate().take(limits::MAX_PARTS) {
        match part_index(parts, a) {
            Some(i) => after.push(i),
            None => {
                let msg = unknown("part", a, parts.iter().map(|p| p.name.as_str()));
                r.err(
                    src,
                    &loc(&phase_at, [Seg::Field("after"), Seg::Index(ai)]),
                    msg.map(|m| format!("enemy \"{name}\", phase {}: after names {m}", pi + 1)),
                );
            }
        }
    }
    if let Some(below) = ph.below_hp.filter(|b| !finite_in(*b, 0.0, 1.0)) {
        r.err(
            src,
            &loc(&phase_at, [Seg::Field("below_hp")]),
            format!(
                "enemy \"{name}\", phase {}: below_hp must be 0 to 1, found {below}",
                pi + 1,
            ),
        );
    }
    if let Some(t) = ph
        .after_s
        .filter(|t| !finite_in(*t, 0.0, limits::MAX_STAGE_S))
    {
        r.err(
            src,
            &loc(&phase_at, [Seg::Field("after_s")]),
            format!(
                "enemy \"{name}\", phase {}: after_s must be 0 to {} seconds, found {t}",
                pi + 1,
                limits::MAX_STAGE_S
            ),
        );
    }
    // A timed phase without an HP threshold waits for its time alone.
    let below_hp = match (ph.below_hp, ph.after_s) {
        (Some(b), _) => b,
        (None, Some(_)) => -1.0,
        (None, None) => 1.0,
    };
    let path = ph
        .path
        .as_ref()
        .map(|p| link_path(r, src, &loc(&phase_at, [Seg::Field("path")]), p));
    let weapons = link_weapons(
        r,
        name,
        src,
        parts,
        &ph.weapons,
        &loc(&phase_at, [Seg::Field("weapons")]),
    );
    BossPhase {
        name: ph.name.as_deref().map(Arc::from),
        after,
        below_hp,
        after_s: ph.after_s,
        weapons,
        path,
    }
}

/// The enemy type this one `reveals` when destroyed, which may not be itself.
fn link_reveals(r: &mut Linker, e: &Site, def: &EnemyDef) -> Option<usize> {
    let rv = def.reveals.as_deref()?;
    if rv == e.name {
        r.err(
            e.src,
            &e.field("reveals"),
            format!(
                "enemy \"{}\": reveals names the enemy itself; expected another enemy type",
                e.name
            ),
        );
        return None;
    }
    r.enemy_index(rv, e.src, &e.field("reveals"))
}

/// Reports a sprite name that is not a plain atlas name, or not in the atlas; `who` names the
/// field (`enemy "drone": sprite`).
fn check_sprite(r: &mut Linker, src: &Source, at: &[Seg], who: &str, sprite: &str) {
    if is_plain_name(sprite) {
        r.asset(src, at, AssetKind::Sprite, who, sprite);
    } else {
        r.err(
            src,
            at,
            format!(
                "{who} \"{sprite}\" must be an atlas name of 1 to {} letters, digits, `_` or `-`",
                limits::MAX_NAME_LEN
            ),
        );
    }
}

fn link_weapons(
    r: &mut Linker,
    enemy: &str,
    src: &Source,
    parts: &[Part],
    defs: &[WeaponDef],
    list_at: &[Seg],
) -> Vec<Weapon> {
    r.too_many(src, list_at, defs.len(), limits::MAX_WEAPONS, |n| {
        format!("enemy \"{enemy}\" has {n} weapons in one list")
    });
    let mut out = Vec::new();
    for (wi, w) in defs.iter().enumerate().take(limits::MAX_WEAPONS) {
        let at = |f: &'static str| loc(list_at, [Seg::Index(wi), Seg::Field(f)]);
        let pattern = r.pattern_index(&w.pattern, src, &at("pattern"));
        let from = w.from.as_deref().and_then(|f| {
            part_index(parts, f).or_else(|| {
                let msg = unknown("part", f, parts.iter().map(|p| p.name.as_str()));
                r.err(
                    src,
                    &at("from"),
                    msg.map(|m| format!("enemy \"{enemy}\": weapon `from` names {m}")),
                );
                None
            })
        });
        if !finite_in(w.delay_s, 0.0, 600.0) {
            r.err(
                src,
                &at("delay_s"),
                format!(
                    "enemy \"{enemy}\": a weapon's delay_s must be 0 to 600 seconds, found {}",
                    w.delay_s
                ),
            );
        }
        if !finite_in(w.interval_s, 0.05, 600.0) {
            r.err(
                src,
                &at("interval_s"),
                format!(
                    "enemy \"{enemy}\": a weapon's interval_s must be 0.05 to 600 seconds, found {}",
                    w.interval_s
                ),
            );
        }
        if !(finite_in(w.offset.0, -320.0, 320.0) && finite_in(w.offset.1, -320.0, 320.0)) {
            r.err(
                src,
                &at("offset"),
                format!(
                    "enemy \"{enemy}\": a weapon's offset must be within 320 pixels, found ({}, {})",
                    w.offset.0, w.offset.1
                ),
            );
        }
        if w.turn_deg_s.is_some_and(|t| !finite_in(t, 0.0, 3600.0)) {
            r.err(
                src,
                &at("turn_deg_s"),
                format!(
                    "enemy \"{enemy}\": turn_deg_s must be 0 to 3600, found {}",
                    w.turn_deg_s.unwrap_or_default()
                ),
            );
        }
        if !finite_in(w.angle, -360.0, 360.0) {
            r.err(
                src,
                &at("angle"),
                format!(
                    "enemy \"{enemy}\": a weapon's angle must be -360 to 360 degrees, found {}",
                    w.angle
                ),
            );
        }
        if let Some(pattern) = pattern {
            out.push(Weapon {
                pattern,
                delay_s: w.delay_s,
                interval_s: w.interval_s,
                from,
                offset: Vec2::new(w.offset.0, w.offset.1),
                turn_deg_s: w.turn_deg_s,
                angle_deg: w.angle,
            });
        }
    }
    out
}
