//! Scripted, deterministic workloads shared by the benchmark (`benches/collide.rs`), the lab
//! and the tests: a 224x320 playfield where bodies move each frame and bullets leaving it
//! respawn ([`Workload`]), and a broad phase driven in step with one ([`Driven`]). The scenes'
//! bodies are on a shooter's layers ([`layers`]: the game's, numbered and meeting as the game's).
//!
//! Not part of the collider's API; hidden from the docs. Uses only the collider's public API,
//! and nothing else in `collide/` uses this but tests.

use glam::Vec2;

mod curtain;
mod driven;
pub mod layers;
mod rain;
mod scale;

pub use driven::{broad_phases, normalize, Driven};
use layers::{AIR_ENEMY, ENEMY_BULLET, GROUND_ENEMY, PLAYER, PLAYER_SHOT, POWER_UP};
use scale::{scaled, swarm_patch};

use super::{Aabb, BoxDesc, Layer, Shape};

/// Playfield size in pixels, y pointing down.
pub const FIELD: Vec2 = Vec2::new(224.0, 320.0);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkloadKind {
    /// 8,000 enemy bullets, 1,500 player shots, 400 enemies, 100 items, 1 player.
    BulletHell10k,
    /// The same mix at a tenth of the size.
    Sparse1k,
    /// 2,000 bullets; every 30th frame 500 more burst from one point.
    BossBurst,
    /// 6,000 bullets; every 120th frame (at 60 mod 120) a bomb clears 5,000 of them.
    MassClear,
    /// 3,000 air enemies circling in a patch, 2,000 player shots flying up through them:
    /// dense pairs (tens of thousands) between two big layers.
    Swarm5k,
    /// 4,000 small air boxes falling at different speeds past 6 static ground ledges; in its
    /// own map (see [`Workload::map`]) drops meet drops and ledges, as solid bodies would.
    Rain,
    /// 100,000 enemy bullets from 64 emitters (the most a stage may ask for), the player,
    /// 1,500 player shots and 40 enemies for them to hit.
    Curtain100k,
}

impl WorkloadKind {
    pub const ALL: [WorkloadKind; 7] = [
        WorkloadKind::BulletHell10k,
        WorkloadKind::Sparse1k,
        WorkloadKind::BossBurst,
        WorkloadKind::MassClear,
        WorkloadKind::Swarm5k,
        WorkloadKind::Rain,
        WorkloadKind::Curtain100k,
    ];

    /// The benchmark group name.
    pub fn name(self) -> &'static str {
        match self {
            WorkloadKind::BulletHell10k => "bullet_hell_10k",
            WorkloadKind::Sparse1k => "sparse_1k",
            WorkloadKind::BossBurst => "boss_burst",
            WorkloadKind::MassClear => "mass_clear",
            WorkloadKind::Swarm5k => "swarm_5k",
            WorkloadKind::Rain => "rain",
            WorkloadKind::Curtain100k => "curtain_100k",
        }
    }
}

/// One moving box of a workload.
#[derive(Clone, Copy, Debug)]
pub struct Body {
    pub center: Vec2,
    /// Center at the previous frame (equal to `center` after a spawn or respawn).
    pub prev: Vec2,
    pub half: Vec2,
    pub vel: Vec2,
    /// Turns the velocity each frame (a unit complex number; `Vec2::X` for none), so the
    /// body flies in circles.
    pub spin: Vec2,
    /// Where the body reappears when it leaves the field.
    pub origin: Vec2,
    pub layer: Layer,
    pub owner: u32,
    pub part: u16,
    pub user: u16,
    pub swept: bool,
    /// A circle of radius `half.x` rather than a box (round bullets; `half` is square then).
    pub round: bool,
    /// Leaves the workload for good instead of respawning (burst bullets).
    pub mortal: bool,
    /// The frame the body was spawned at.
    pub born: u64,
    /// The frame the body last respawned at.
    pub jumped: u64,
}

impl Body {
    pub fn aabb(&self) -> Aabb {
        Aabb::from_center(self.center, self.half)
    }

    /// The box a broad phase must test this frame: the sweep from `prev` for swept bodies.
    pub fn tested(&self) -> Aabb {
        let now = self.aabb();
        if self.swept {
            now.union(&Aabb::from_center(self.prev, self.half))
        } else {
            now
        }
    }

    pub fn desc(&self) -> BoxDesc {
        BoxDesc::new(self.aabb(), self.owner, self.layer)
            .part(self.part)
            .user(self.user)
            .swept(self.swept)
            .shape(if self.round {
                Shape::Circle {
                    radius: self.half.x,
                }
            } else {
                Shape::Aabb
            })
    }

    fn outside(&self) -> bool {
        self.center.x + self.half.x < 0.0
            || self.center.x - self.half.x > FIELD.x
            || self.center.y + self.half.y < 0.0
            || self.center.y - self.half.y > FIELD.y
    }
}

/// A workload and its script. Body ids are indices into `bodies`; freed ids are reused.
#[derive(Clone, Debug)]
pub struct Workload {
    pub kind: WorkloadKind,
    pub frame: u64,
    pub bodies: Vec<Option<Body>>,
    /// Ids spawned by the last `step` (already in `bodies`).
    pub spawned: Vec<u32>,
    /// Ids removed by the last `step` (already gone from `bodies`).
    pub removed: Vec<u32>,
    free_ids: Vec<u32>,
    rng: u64,
    player: u32,
    /// Directions of a burst, computed once so the script costs little in a timed frame.
    ring: Vec<Vec2>,
    /// Every group of bodies (and every burst, clear and refill) is this many times the size
    /// [`Workload::new`] gives it.
    scale: f32,
    /// Where `swarm_5k`'s enemies circle: [`SWARM_PATCH`], grown with the population.
    patch: (Vec2, Vec2),
    /// Enemy bullets are circles (see [`Workload::with_round_bullets`]).
    round_bullets: bool,
}

/// Bullets in one boss burst.
const BURST: usize = 500;

const BOSS_POINT: Vec2 = Vec2::new(112.0, 60.0);

/// `swarm_5k`: the air enemies and where they circle (a box of the field, min and max), and
/// the player's shots.
const SWARM_ENEMIES: u32 = 3000;
const SWARM_PATCH: (Vec2, Vec2) = (Vec2::new(56.0, 50.0), Vec2::new(168.0, 190.0));
const SWARM_SHOTS: u32 = 2000;
/// Where the `swarm_5k` shots start: a fixed battery at the bottom of the field.
const SWARM_GUNS_Y: f32 = 300.0;

impl Workload {
    pub fn new(kind: WorkloadKind) -> Workload {
        Workload::with_bodies(kind, kind.bodies())
    }

    /// The workload with its population scaled to about `bodies` (at least one of each kind of
    /// body it has, and its bursts, clears and refills scaled alike). `kind.bodies()` gives
    /// exactly [`Workload::new`]'s workload. `swarm_5k`'s patch grows with a larger population, up to
    /// the whole field, to keep its density (and so its pairs per body) where it can.
    pub fn with_bodies(kind: WorkloadKind, bodies: usize) -> Workload {
        Workload::with_round_bullets(kind, bodies, false)
    }

    /// [`Workload::with_bodies`], with every enemy bullet a circle ([`Shape::Circle`]) of the
    /// radius its box had when `round`: the same script, the same boxes, exact shapes behind
    /// them. How the benchmark prices the narrow phase, and how the lab shows it.
    pub fn with_round_bullets(kind: WorkloadKind, bodies: usize, round: bool) -> Workload {
        let scale = bodies as f32 / kind.bodies() as f32;
        let burst = scaled(BURST as u32, scale) as usize;
        let mut s = Workload {
            kind,
            frame: 0,
            bodies: Vec::new(),
            spawned: Vec::new(),
            removed: Vec::new(),
            free_ids: Vec::new(),
            rng: 0x9E37_79B9_7F4A_7C15,
            player: 0,
            ring: (0..burst)
                .map(|k| Vec2::from_angle(std::f32::consts::TAU * k as f32 / burst as f32))
                .collect(),
            scale,
            patch: swarm_patch(scale),
            round_bullets: round,
        };
        s.player = s.add(Body {
            center: player_at(0),
            prev: player_at(0),
            half: Vec2::splat(3.0),
            vel: Vec2::ZERO,
            origin: player_at(0),
            layer: PLAYER,
            owner: 0,
            part: 0,
            user: 0,
            swept: false,
            round: false,
            mortal: false,
            born: 0,
            jumped: 0,
            spin: Vec2::X,
        });
        let (bullets, shots, enemies, items) = match kind {
            WorkloadKind::BulletHell10k => (8000, 1500, 400, 100),
            WorkloadKind::Sparse1k => (800, 150, 40, 10),
            WorkloadKind::BossBurst => (2000, 0, 0, 0),
            WorkloadKind::MassClear => (6000, 0, 0, 0),
            WorkloadKind::Swarm5k => {
                for i in 0..scaled(SWARM_ENEMIES, scale) {
                    let b = s.swarmer(i);
                    s.add(b);
                }
                for i in 0..scaled(SWARM_SHOTS, scale) {
                    let b = s.swarm_shot(i);
                    s.add(b);
                }
                (0, 0, 0, 0)
            }
            WorkloadKind::Rain => {
                s.add_rain();
                (0, 0, 0, 0)
            }
            WorkloadKind::Curtain100k => {
                for i in 0..scaled(100_000, scale) {
                    let b = s.curtain_bullet(i);
                    s.add(b);
                }
                (0, 1500, 40, 0)
            }
        };
        let [bullets, shots, enemies, items] =
            [bullets, shots, enemies, items].map(|n| scaled(n, scale));
        for i in 0..bullets {
            let b = s.enemy_bullet(i, true);
            s.add(b);
        }
        for i in 0..shots {
            let b = s.player_shot(i, true);
            s.add(b);
        }
        for i in 0..enemies {
            let b = s.enemy(i);
            s.add(b);
        }
        for i in 0..items {
            let b = s.item(i);
            s.add(b);
        }
        s.spawned.clear();
        s
    }

    /// A workload advanced `frames` frames.
    pub fn after(kind: WorkloadKind, frames: u64) -> Workload {
        let mut s = Workload::new(kind);
        for _ in 0..frames {
            s.step();
        }
        s
    }

    fn rand(&mut self) -> f32 {
        // xorshift64*: deterministic and good enough for placing bullets.
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        let x = self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (x >> 40) as f32 / (1u64 << 24) as f32
    }

    fn add(&mut self, mut body: Body) -> u32 {
        body.round = self.round_bullets && body.layer == ENEMY_BULLET;
        let id = match self.free_ids.pop() {
            Some(id) => {
                self.bodies[id as usize] = Some(body);
                id
            }
            None => {
                self.bodies.push(Some(body));
                (self.bodies.len() - 1) as u32
            }
        };
        self.spawned.push(id);
        id
    }

    fn kill(&mut self, id: u32) {
        self.bodies[id as usize] = None;
        self.free_ids.push(id);
        self.removed.push(id);
    }

    /// An enemy bullet: a square of `half` on each side, born this frame. Every other kind of
    /// body starts from one and changes what differs.
    fn bullet(&self, center: Vec2, vel: Vec2, half: f32, owner: u32) -> Body {
        Body {
            center,
            prev: center,
            half: Vec2::splat(half),
            vel,
            origin: center,
            layer: ENEMY_BULLET,
            owner,
            part: 0,
            user: 0,
            swept: false,
            round: false,
            mortal: false,
            born: self.frame,
            jumped: self.frame,
            spin: Vec2::X,
        }
    }

    /// Bullet `i` of eight emitters: even ones in rings fanning down and outwards, odd ones in
    /// aimed streams. `spread` places it somewhere along its path instead of at the emitter.
    fn enemy_bullet(&mut self, i: u32, spread: bool) -> Body {
        let e = i % 8;
        let origin = Vec2::new(14.0 + 28.0 * e as f32, 30.0 + 25.0 * (e % 3) as f32);
        let vel = if i.is_multiple_of(2) {
            let a = std::f32::consts::PI * (0.1 + 0.8 * self.rand());
            Vec2::new(libm::cosf(a), libm::sinf(a)) * (0.8 + 0.8 * self.rand())
        } else {
            Vec2::new(0.6 * (self.rand() - 0.5), 1.5 + self.rand())
        };
        let mut b = self.bullet(origin, vel, 3.0, 100_000 + i);
        if spread {
            let mut age = 300.0 * self.rand();
            while age > 1.0 && (b.origin + vel * age).y > FIELD.y + 4.0 {
                age *= 0.5;
            }
            b.center = origin + vel * age;
            b.prev = b.center;
        }
        b
    }

    fn player_shot(&mut self, i: u32, spread: bool) -> Body {
        let p = player_at(self.frame);
        let offset = Vec2::new(8.0 * ((i % 3) as f32 - 1.0), -8.0);
        let mut center = p + offset;
        if spread {
            center.y -= 8.0 * ((i / 3) % 40) as f32 + 8.0 * self.rand();
        }
        let vel = Vec2::new(0.4 * ((i % 3) as f32 - 1.0), -8.0);
        Body {
            half: Vec2::new(3.0, 6.0),
            origin: offset,
            layer: PLAYER_SHOT,
            // Every other box stands for a pair of shots.
            user: if i.is_multiple_of(2) { 2 } else { 1 },
            swept: true,
            ..self.bullet(center, vel, 0.0, 200_000 + i)
        }
    }

    fn enemy(&mut self, i: u32) -> Body {
        let center = Vec2::new(8.0 + 208.0 * self.rand(), 220.0 * self.rand());
        // The first 40 enemies are ten four-part bosses.
        let (owner, part) = if i < 40 {
            (300_000 + i / 4, (i % 4) as u16)
        } else {
            (300_000 + i, 0)
        };
        let vel = Vec2::new(0.6 * (self.rand() - 0.5), 0.3 + 0.3 * self.rand());
        Body {
            origin: Vec2::new(center.x, -7.0),
            layer: if i.is_multiple_of(2) {
                AIR_ENEMY
            } else {
                GROUND_ENEMY
            },
            part,
            ..self.bullet(center, vel, 8.0, owner)
        }
    }

    /// A `swarm_5k` enemy: 16x16, somewhere in the patch, flying a circle of 8 to 24 px
    /// radius at about 1 px a frame.
    fn swarmer(&mut self, i: u32) -> Body {
        let (lo, hi) = self.patch;
        let center = lo + (hi - lo) * Vec2::new(self.rand(), self.rand());
        let speed = 0.8 + 0.4 * self.rand();
        let turn = speed / (8.0 + 16.0 * self.rand());
        let dir = Vec2::from_angle(std::f32::consts::TAU * self.rand());
        Body {
            spin: Vec2::from_angle(if i.is_multiple_of(2) { turn } else { -turn }),
            layer: AIR_ENEMY,
            ..self.bullet(center, dir * speed, 8.0, 300_000 + i)
        }
    }

    /// A `swarm_5k` shot: one of eleven fixed columns 20 px apart across the field (a battery
    /// of guns at its bottom edge, so every frame sees the same density), rising at 8 px a
    /// frame, placed somewhere along its way up.
    fn swarm_shot(&mut self, i: u32) -> Body {
        let origin = Vec2::new(112.0 + 20.0 * ((i % 11) as f32 - 5.0), SWARM_GUNS_Y);
        let center = origin - Vec2::new(0.0, SWARM_GUNS_Y * self.rand());
        Body {
            half: Vec2::new(2.0, 6.0),
            origin,
            layer: PLAYER_SHOT,
            user: 1,
            swept: true,
            ..self.bullet(center, Vec2::new(0.0, -8.0), 0.0, 200_000 + i)
        }
    }

    fn item(&mut self, i: u32) -> Body {
        let center = Vec2::new(8.0 + 208.0 * self.rand(), FIELD.y * self.rand());
        Body {
            origin: Vec2::new(center.x, -4.0),
            layer: POWER_UP,
            ..self.bullet(center, Vec2::new(0.0, 0.5), 5.0, 400_000 + i)
        }
    }

    /// Advances one frame: every body moves, bodies leaving the field respawn (or die if
    /// mortal), then the workload's script spawns or clears bullets.
    pub fn step(&mut self) {
        self.frame += 1;
        self.spawned.clear();
        self.removed.clear();
        let frame = self.frame;
        let player = player_at(frame);
        for id in 0..self.bodies.len() {
            let Some(b) = self.bodies[id].as_mut() else {
                continue;
            };
            b.prev = b.center;
            if id as u32 == self.player {
                b.center = player;
                continue;
            }
            if b.spin != Vec2::X {
                b.vel = b.spin.rotate(b.vel);
            }
            b.center += b.vel;
            if b.outside() && b.mortal {
                self.kill(id as u32);
                continue;
            }
            if b.outside() {
                b.center = if b.layer == PLAYER_SHOT && self.kind != WorkloadKind::Swarm5k {
                    player + b.origin
                } else {
                    b.origin
                };
                b.prev = b.center;
                b.jumped = frame;
            }
        }
        match self.kind {
            WorkloadKind::BossBurst if frame.is_multiple_of(30) => {
                for k in 0..self.ring.len() as u32 {
                    let speed = 1.5 + 0.5 * (k % 3) as f32;
                    let mut b =
                        self.bullet(BOSS_POINT, self.ring[k as usize] * speed, 3.0, 500_000);
                    b.mortal = true;
                    b.user = k as u16;
                    self.add(b);
                }
            }
            WorkloadKind::MassClear if frame % 120 == 60 => {
                let doomed: Vec<u32> = (0..self.bodies.len() as u32)
                    .filter(|&id| id != self.player && self.bodies[id as usize].is_some())
                    .take(scaled(5000, self.scale) as usize)
                    .collect();
                for id in doomed {
                    self.kill(id);
                }
            }
            WorkloadKind::MassClear => {
                let live = self.bodies.iter().flatten().count() - 1;
                let (full, refill) = (scaled(6000, self.scale), scaled(250, self.scale));
                for i in 0..(full as usize).saturating_sub(live).min(refill as usize) {
                    let b = self.enemy_bullet(i as u32, false);
                    self.add(b);
                }
            }
            _ => {}
        }
    }

    /// Live bodies with their ids.
    pub fn live(&self) -> impl Iterator<Item = (u32, &Body)> + '_ {
        self.bodies
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.as_ref().map(|b| (i as u32, b)))
    }
}

/// The player's scripted path.
fn player_at(frame: u64) -> Vec2 {
    let t = frame as f32;
    Vec2::new(
        112.0 + 80.0 * libm::sinf(t / 60.0),
        270.0 + 20.0 * libm::sinf(t / 45.0),
    )
}
