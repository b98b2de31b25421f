//! The world: every entity of a stage, and the one door through which it changes.
//!
//! One step is [`World::update`] (timeline, players, enemies, bullets, items move and fire)
//! followed by [`World::collide`] (the broad phase updates and the encounters it reports are
//! resolved). [`World::step`] runs both. The world's parts are private: each system of
//! `sim::systems` (`players`, `shots`, `bomb`, `enemies`, `bullets`, `items`, `timeline`,
//! `clear`) is handed the parts it changes for the length of its work, and readers outside get
//! read-only views.
//!
//! Here: the world and its step (this file), its read-only views (`view`), the state hash
//! (`hash`), the few changes the game makes from outside a step (`edit`: the stress test's
//! bullets, a rewound world's events) and the scene set-up only tests and the `testkit`
//! feature build (`set_up`: placing enemies and items, scores, and `&mut` players, enemies and
//! items).

mod edit;
pub mod hash;
#[cfg(any(test, feature = "testkit"))]
mod set_up;
mod view;

use std::sync::Arc;

use slab::Slab;

use crate::collide::{reserve_touched, BroadPhase, Collider, Config};
use crate::level::{limits, Level, Tier};

use crate::sim::hasher::StateHasher;
use crate::sim::layers::{self, GameLayer};
use crate::sim::model::boss::Bosses;
use crate::sim::model::config::PhaseStart;
use crate::sim::model::config::WorldConfig;
use crate::sim::model::enemy::Enemy;
use crate::sim::model::events::{GameEvent, RunStats};
use crate::sim::model::input::Input;
use crate::sim::model::item::Item;
use crate::sim::model::player::{Player, Shot};
use crate::sim::model::scroll::Scroll;
use crate::sim::systems::bomb::{self, Blast};
use crate::sim::systems::bullets::{self, Bullets};
use crate::sim::systems::clear::{Progress, StagePhase};
use crate::sim::systems::encounters::{self, Arena};
use crate::sim::systems::enemies::{self, Spawner};
use crate::sim::systems::harm::Harm;
use crate::sim::systems::items;
use crate::sim::systems::phase_start;
use crate::sim::systems::players::{self, Crew};
use crate::sim::systems::scratch::{self, Scratch};
use crate::sim::systems::shared::Shared;
use crate::sim::systems::shots::{self, Sights};
use crate::sim::systems::timeline::Timeline;
use crate::sim::systems::weapons::Battle;

/// The whole state of a stage in play. A clone is an exact snapshot: stepping it with the
/// same inputs gives the same worlds, bit for bit (rewinding relies on it).
#[derive(Clone)]
pub struct World {
    config: WorldConfig,
    level: Arc<Level>,
    /// What the level plays as ([`level_hash`](super::replay::level_hash)), for the state
    /// hash: a comment or a rewrite that loads to the same level keeps every state hash.
    level_key: u64,
    /// Steps since the world was made.
    frame: u64,
    timeline: Timeline,
    scroll: Scroll,
    progress: Progress,
    bosses: Bosses,
    players: Vec<Player>,
    /// Each player's input of the last step: presses are edges.
    prev_input: Vec<Input>,
    shots: Slab<Shot>,
    enemies: Slab<Enemy>,
    bullets: Bullets,
    items: Slab<Item>,
    blasts: Slab<Blast>,
    stats: RunStats,
    /// What happened during the last step.
    events: Vec<GameEvent>,
    collider: Collider,
    rng: oorandom::Rand64,
    scratch: Scratch,
    /// The boss phase the world starts at, until the boss has come and been put in it.
    phase_start: Option<PhaseStart>,
}

/// What the timeline changes as it advances, besides the enemies it brings in.
struct TimelineParts<'a> {
    timeline: &'a mut Timeline,
    bosses: &'a mut Bosses,
    scroll: &'a mut Scroll,
    events: &'a mut Vec<GameEvent>,
}

impl World {
    /// A world at the start of `level` (or at `config.start_at` seconds into it), as the
    /// run's difficulty and loop play it ([`Level::for_tier`]): [`World::level`] is that
    /// tier's plain values.
    pub fn new(level: Arc<Level>, mut config: WorldConfig) -> Self {
        let level = Level::for_tier(&level, Tier::of(config.difficulty, config.loop_index));
        // A replay or settings file edited by hand cannot ask for 400 lives.
        config.arcade = config.arcade.sanitised();
        // Room for the stage's bullets and everything else besides.
        let capacity = level.max_bullets + 8_192;
        let collider = Collider::new(Config {
            capacity,
            map: layers::collision_map(),
        });
        let start_at = config.start_at.clamp(0.0, level.length_s);
        let mut scroll = Scroll::new(level.scroll_speed);
        let timeline = Timeline::start(&level, start_at, &mut scroll);
        let mut world = World {
            level_key: super::replay::level_hash(&level),
            level,
            frame: 0,
            timeline,
            scroll,
            progress: Progress::default(),
            bosses: Bosses::default(),
            players: Vec::new(),
            prev_input: Vec::new(),
            shots: Slab::new(),
            enemies: Slab::new(),
            bullets: Bullets::default(),
            items: Slab::new(),
            blasts: Slab::new(),
            stats: RunStats::default(),
            events: Vec::new(),
            collider,
            rng: oorandom::Rand64::new(config.seed as u128),
            scratch: Scratch::default(),
            phase_start: config.start_phase,
            config,
        };
        let count = world.config.characters.len().clamp(1, 2);
        for i in 0..count {
            world.players.push(world.config.player(i, count));
            if !world.players[i].retired {
                players::spawn_box(&mut world.players, i, &mut world.collider);
            }
        }
        world.prev_input = vec![Input::default(); count];
        world.reserve_for_steps();
        world
    }

    /// Reserves everything a step of this world may need, up to the level limits: called once
    /// by [`World::new`], before the first step.
    fn reserve_for_steps(&mut self) {
        let level = self.level.clone();
        let bullets = level.max_bullets;
        let boxes = bullets + scratch::SHOTS + scratch::ITEMS + limits::MAX_ENEMIES;
        let pairs = scratch::PAIRS_PER_BULLET * bullets;
        self.scratch.reserve(&level, boxes, pairs);
        // A boss turning every bullet into a coin reports each one.
        reserve_touched(&mut self.events, bullets + 1_024, GameEvent::StageClear);
        self.bullets.reserve(bullets);
        scratch::reserve_slab(&mut self.shots, scratch::SHOTS, scratch::placeholder_shot());
        scratch::reserve_slab(&mut self.items, scratch::ITEMS, scratch::placeholder_item());
        let enemy = scratch::placeholder_enemy();
        scratch::reserve_slab(&mut self.enemies, limits::MAX_ENEMIES, enemy);
        self.blasts.reserve(8);
        self.timeline.reserve(limits::MAX_SPAWN_COUNT as usize * 8);
        let c = &mut self.collider;
        c.reserve(boxes, pairs);
        c.reserve_layer(GameLayer::EnemyBullet, bullets);
        c.reserve_layer(GameLayer::PlayerShot, scratch::SHOTS);
        c.reserve_layer(GameLayer::PowerUp, scratch::ITEMS);
        for layer in [GameLayer::AirEnemy, GameLayer::GroundEnemy] {
            c.reserve_layer(layer, scratch::ENEMY_BOXES);
        }
        // Two ships, and a blast or two from each.
        c.reserve_layer(GameLayer::Player, 2);
        c.reserve_layer(GameLayer::BombBlast, 8);
    }

    /// Runs one whole step: [`World::update`] then [`World::collide`].
    pub fn step(&mut self, inputs: &[Input]) {
        self.update(inputs);
        self.collide();
    }

    /// Advances everything but collision by one step. Clears last step's events first.
    pub fn update(&mut self, inputs: &[Input]) {
        self.events.clear();
        self.frame += 1;
        if self.progress.ended() {
            return;
        }
        // 1. The ground and the timeline: what comes in this step.
        self.scroll.advance();
        self.advance_timeline();
        // 2. The ships, in player order, then the presses they saw become last step's.
        for i in 0..self.players.len() {
            let input = inputs.get(i).copied().unwrap_or_default();
            if self.step_player(i, input) {
                self.release_charge(i);
            }
        }
        for (i, prev) in self.prev_input.iter_mut().enumerate() {
            *prev = inputs.get(i).copied().unwrap_or_default();
        }
        // 3. Everything the ships and enemies put in the air.
        self.step_shots();
        self.step_blasts();
        self.step_enemies();
        bullets::step(
            &mut self.bullets,
            &mut self.collider,
            self.config.difficulty,
            &mut self.scratch,
        );
        items::step(
            &mut self.items,
            &self.players,
            &mut self.collider,
            &mut self.scratch.keys,
        );
        // 4. What the stage shows and where it stands.
        self.timeline.count_banner_down();
        let ran_out = self.timeline.ran_out(&self.level);
        let extends = self.config.arcade.extends;
        self.progress
            .step(ran_out, &mut self.players, extends, &mut self.events);
    }

    /// Updates the broad phase and resolves every encounter it reports.
    pub fn collide(&mut self) {
        self.collider.update();
        let stats = self.collider.stats();
        self.stats.max_live_boxes = self.stats.max_live_boxes.max(stats.live_boxes);
        self.stats.max_enemy_bullets = self.stats.max_enemy_bullets.max(self.bullets.len());
        // The collider's events, copied out so the world can change while they are read.
        let mut contacts = std::mem::take(&mut self.scratch.contacts);
        contacts.extend(self.collider.events());
        let (mut harm, mut arena) = self.harm_and_arena();
        encounters::resolve(&contacts, &mut arena, &mut harm);
        contacts.clear();
        self.scratch.contacts = contacts;
    }

    fn advance_timeline(&mut self) {
        let playing = self.progress.phase() == StagePhase::Playing;
        let waiting = self.phase_start;
        let (mut spawner, timeline) = self.spawner_and_timeline();
        let TimelineParts {
            timeline,
            bosses,
            scroll,
            events,
        } = timeline;
        timeline.advance(playing, bosses, scroll, &mut spawner, events);
        let started =
            waiting.is_some_and(|at| phase_start::apply(at, &mut spawner, bosses, events));
        if started {
            self.phase_start = None;
        }
    }

    /// The world split into what brings enemies in and what the timeline changes besides.
    fn spawner_and_timeline(&mut self) -> (Spawner<'_>, TimelineParts<'_>) {
        let spawner = Spawner {
            enemies: &mut self.enemies,
            level: &self.level,
            difficulty: self.config.difficulty,
            collider: &mut self.collider,
            scratch: &mut self.scratch,
        };
        let rest = TimelineParts {
            timeline: &mut self.timeline,
            bosses: &mut self.bosses,
            scroll: &mut self.scroll,
            events: &mut self.events,
        };
        (spawner, rest)
    }

    /// Player `i`'s own step; true when it released a charge.
    fn step_player(&mut self, i: usize, input: Input) -> bool {
        let mut crew = Crew {
            players: &mut self.players,
            prev_input: &self.prev_input,
            shots: &mut self.shots,
            blasts: &mut self.blasts,
            arcade: self.config.arcade,
            shared: Shared {
                collider: &mut self.collider,
                rng: &mut self.rng,
                events: &mut self.events,
                stats: &mut self.stats,
            },
        };
        players::step(&mut crew, i, input)
    }

    /// A charge player `i` released: up close it becomes a melee strike; away from enemies
    /// it fires.
    fn release_charge(&mut self, i: usize) {
        if !self.harm_and_arena().0.melee_strike(i) {
            let (shots, collider) = (&mut self.shots, &mut self.collider);
            players::fire_charge(&self.players[i], shots, collider, &mut self.events);
        }
    }

    fn step_shots(&mut self) {
        let sights = Sights {
            players: &self.players,
            enemies: &self.enemies,
            level: &self.level,
            frame: self.frame,
        };
        let s = &mut self.scratch;
        shots::step(
            &mut self.shots,
            &sights,
            &mut self.collider,
            &mut s.keys,
            &mut s.found,
        );
    }

    /// Rook's scrap lands (and hurts), then every blast counts down.
    fn step_blasts(&mut self) {
        let mut done = std::mem::take(&mut self.scratch.done);
        let (mut harm, arena) = self.harm_and_arena();
        harm.land_scrap(arena.blasts);
        bomb::count_down(&mut self.blasts, &mut self.collider, &mut done);
        self.scratch.done = done;
    }

    fn step_enemies(&mut self) {
        let mut battle = Battle {
            level: &self.level,
            difficulty: self.config.difficulty,
            loop_index: self.config.loop_index,
            stage_time: self.timeline.stage_time(),
            players: &self.players,
            bullets: &mut self.bullets,
            collider: &mut self.collider,
            rng: &mut self.rng,
            fired: &mut self.stats.enemy_bullets_fired,
        };
        enemies::step(
            &mut self.enemies,
            &mut self.bosses,
            self.scroll.speed(),
            &mut battle,
            &mut self.events,
            &mut self.scratch,
        );
    }

    /// The world split into what a hit may reach and what the encounters read besides.
    fn harm_and_arena(&mut self) -> (Harm<'_>, Arena<'_>) {
        let harm = Harm {
            level: &self.level,
            difficulty: self.config.difficulty,
            arcade: self.config.arcade,
            players: &mut self.players,
            enemies: &mut self.enemies,
            bullets: &mut self.bullets,
            items: &mut self.items,
            bosses: &mut self.bosses,
            progress: &mut self.progress,
            shared: Shared {
                collider: &mut self.collider,
                rng: &mut self.rng,
                events: &mut self.events,
                stats: &mut self.stats,
            },
            scratch: &mut self.scratch,
        };
        let arena = Arena {
            shots: &mut self.shots,
            blasts: &self.blasts,
            frame: self.frame,
            invincible: self.config.invincible,
        };
        (harm, arena)
    }

    /// A hash of everything that decides how the game goes on from here, so runs and replays
    /// can be compared step by step: the same run gives the same hash, and a run that strays
    /// in any value below changes it (barring a 64-bit collision).
    ///
    /// It covers the level by what it plays ([`level_hash`](super::replay::level_hash), not
    /// its files' text, so rewriting a stage with waves and sections, or a comment, keeps it); the settings that act on every step
    /// (difficulty, loop, invincibility); the step count, the timeline's clock and place, the
    /// formation members still to come, the scroll and its easing; the stage phase; the game's
    /// random generator; each player's input of the last step (presses are edges); every
    /// player, shot, enemy (parts, weapons, boss phase, path), bullet, item and bomb blast,
    /// field by field with its slab key; the boss and mid-boss; and the run's counters.
    ///
    /// It leaves out, on purpose:
    /// - `events`: the last step's report, which the next step clears before it begins;
    /// - the settings read only by [`World::new`] (seed, characters, start time and power,
    ///   carry): what they decided is in the state above;
    /// - the collider, and which slab keys and collider handles the next entities will get.
    ///   The collider's boxes are the entities' own, hashed above; what it remembers beyond
    ///   them (handle numbers, the order of its lists, the overlaps it saw last step) and the
    ///   slabs' free lists come from the same history as everything hashed, and walking them
    ///   would cost as much as a step.
    ///
    /// Cost: one pass over the entities, allocating nothing.
    pub fn state_hash(&self) -> u64 {
        let World {
            config,
            level: _,
            level_key,
            frame,
            timeline,
            scroll,
            progress,
            bosses,
            players,
            prev_input,
            shots,
            enemies,
            bullets,
            items,
            blasts,
            stats,
            events: _,
            collider: _,
            rng,
            scratch: _,
            phase_start,
        } = self;
        let Bosses {
            boss,
            mid_boss,
            mid_boss_fell,
        } = bosses;
        let WorldConfig {
            difficulty,
            loop_index,
            invincible,
            seed: _,
            characters: _,
            start_at: _,
            start_power: _,
            carry: _,
            // Seen through the lives, extends and continues it decides, all hashed (see
            // `continues_used` in `hash`).
            arcade: _,
            // Seen through `phase_start` below while it waits, then in the boss it set.
            start_phase: _,
        } = config;
        let mut h = StateHasher::new();
        h.put(&(*level_key, *difficulty as u8, *loop_index));
        h.put(invincible);
        h.put(&(*frame, timeline.stage_time(), timeline.next_event()));
        h.put(timeline.pending());
        h.put(&(scroll.speed(), scroll.offset(), scroll.ease()));
        h.put(&progress.phase());
        h.put(&rng.state());
        h.put(prev_input.as_slice());
        h.put(players.as_slice());
        h.put(shots);
        h.put(enemies);
        h.put(bullets);
        h.put(items);
        h.put(blasts);
        h.put(&(*boss, *mid_boss, *mid_boss_fell));
        // Only drawn, but cheap, and a replay that shows another banner has gone astray.
        h.put(&timeline.banner().map(|b| b.steps_left));
        h.put(&progress.tally().map(|t| (t.total, t.each)));
        h.put(stats);
        // Only while a phase start waits, so every run without one hashes as before.
        if let Some(start) = phase_start {
            h.put(start);
        }
        h.finish()
    }
}
