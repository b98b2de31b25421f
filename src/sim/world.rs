//! The world: every entity of a stage, stepped at a fixed rate.
//!
//! One step is [`World::update`] (timeline, players, enemies, bullets, items move and fire)
//! followed by [`World::collide`] (the broad phase updates and the encounters it reports are
//! resolved). [`World::step`] runs both. Renderers read the public fields and never write them.

use std::sync::Arc;

use glam::Vec2;
use slab::Slab;

use crate::collide::{Aabb, BoxDesc, BroadPhase, Collider, Config, Handle, Layer, Shape};
use crate::level::{Level, Tier, TimelineEvent};

use super::arcade::ArcadeRules;
use super::character::Character;
use super::clock::DT;
use super::events::GameEvent;
use super::input::Input;
use super::{Bullets, Enemy, Item, Player, Shot, PLAYFIELD};
use crate::level::Difficulty;

/// How a run is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldConfig {
    pub seed: u64,
    /// One character per player; two entries for two players.
    pub characters: Vec<Character>,
    pub difficulty: Difficulty,
    /// 0 for the first loop; each further loop is harder.
    pub loop_index: u32,
    /// Enemy bullets and rams never cost lives or power (for level authors).
    pub invincible: bool,
    /// Stage time to start at, seconds.
    pub start_at: f32,
    /// Power level the players start with (1 to 4).
    pub start_power: u8,
    /// What each player brings from the stage before (score, lives, bombs, power, gauge);
    /// empty for a new game.
    pub carry: Vec<Carry>,
    /// Lives, extends and continues (the arcade settings); the defaults are the game's own.
    pub arcade: ArcadeRules,
}

/// A player's standing carried from one stage to the next.
#[derive(Clone, Debug, PartialEq)]
pub struct Carry {
    pub score: u64,
    pub lives: u32,
    pub bombs: u32,
    pub power: u8,
    pub charge: f32,
    pub next_extra_life: u64,
    /// Continues taken so far in the run, which the arcade settings may limit.
    pub continues_used: u32,
}

impl Carry {
    /// What `p` takes into the next stage.
    pub fn of(p: &Player) -> Carry {
        Carry {
            score: p.score,
            lives: p.lives,
            bombs: p.bombs,
            power: p.power,
            charge: p.charge,
            next_extra_life: p.next_extra_life,
            continues_used: p.continues_used,
        }
    }
}

impl Default for WorldConfig {
    fn default() -> Self {
        Self {
            seed: 1,
            characters: vec![Character::Vela],
            difficulty: Difficulty::Normal,
            loop_index: 0,
            invincible: false,
            start_at: 0.0,
            start_power: 1,
            carry: Vec::new(),
            arcade: ArcadeRules::default(),
        }
    }
}

/// Where the stage stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StagePhase {
    Playing,
    /// The boss fell; the tally shows until `steps_left` runs out.
    Clearing {
        steps_left: u32,
    },
    Cleared,
    /// Every player is out of lives and their continue countdowns ran out.
    GameOver,
}

/// Totals for the summary and the results screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunStats {
    pub deaths: u32,
    pub bombs_used: u32,
    /// Charges released up close as melee strikes.
    pub melee_strikes: u32,
    pub power_downs: u32,
    pub kills_air: u32,
    pub kills_ground: u32,
    pub items_power: u32,
    pub items_bomb: u32,
    pub items_coin: u32,
    pub bosses_defeated: u32,
    pub boss_parts_destroyed: u32,
    pub max_live_boxes: usize,
    pub max_enemy_bullets: usize,
    pub continues: u32,
}

/// Points the stage-clear bonus pays for each life the players still hold when the stage
/// clears (summed over the players, then shared: see [`Tally::each`]).
pub const CLEAR_BONUS_PER_LIFE: u64 = 20_000;
/// Points the stage-clear bonus pays for each bomb the players still hold, likewise.
pub const CLEAR_BONUS_PER_BOMB: u64 = 5_000;
/// Steps the tally shows ([`StagePhase::Clearing`]) before the stage counts as cleared: 4 s.
pub const TALLY_STEPS: u32 = 4 * super::clock::STEP_HZ;

/// The stage-clear bonus, itemised for the tally screen.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub boss_bonus: u64,
    pub lives_bonus: u64,
    pub bombs_bonus: u64,
    pub total: u64,
    /// What each player is paid: the total shared equally (all of it for one player).
    pub each: u64,
}

/// A banner across the screen (boss warnings).
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub text: Arc<str>,
    pub steps_left: u32,
}

/// Identifies what a collider box belongs to: the kind in the top bits, the slab key below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    Player(usize),
    Shot(usize),
    Enemy(usize),
    Bullet(usize),
    Item(usize),
    Blast(usize),
}

const KIND_SHIFT: u32 = 28;
const KEY_MASK: u32 = (1 << KIND_SHIFT) - 1;

impl Owner {
    pub(crate) fn encode(self) -> u32 {
        let (kind, key) = match self {
            Owner::Player(k) => (0, k),
            Owner::Shot(k) => (1, k),
            Owner::Enemy(k) => (2, k),
            Owner::Bullet(k) => (3, k),
            Owner::Item(k) => (4, k),
            Owner::Blast(k) => (5, k),
        };
        (kind << KIND_SHIFT) | (key as u32 & KEY_MASK)
    }

    pub(crate) fn key(self) -> usize {
        match self {
            Owner::Player(k)
            | Owner::Shot(k)
            | Owner::Enemy(k)
            | Owner::Bullet(k)
            | Owner::Item(k)
            | Owner::Blast(k) => k,
        }
    }

    pub(crate) fn decode(id: u32) -> Option<Owner> {
        let key = (id & KEY_MASK) as usize;
        Some(match id >> KIND_SHIFT {
            0 => Owner::Player(key),
            1 => Owner::Shot(key),
            2 => Owner::Enemy(key),
            3 => Owner::Bullet(key),
            4 => Owner::Item(key),
            5 => Owner::Blast(key),
            _ => return None,
        })
    }
}

/// A bomb's blast: one box over the whole playfield on the bomb-blast layer. The box clears
/// bullets for the same time whoever bombed; what it hurts is each pilot's own (see `bomb`).
#[derive(Clone, Debug)]
pub struct Blast {
    pub player: usize,
    pub character: Character,
    pub steps_left: u32,
    pub total_steps: u32,
    pub damage: f32,
    /// Where the ship was when the bomb went off.
    pub origin: Vec2,
    /// Rook's falling scrap; empty (all landed) for the other pilots.
    pub scrap: super::bomb::ScrapFall,
    pub(crate) handle: Handle,
}

/// A spawn waiting for its turn in a formation.
#[derive(Clone, Debug)]
pub(crate) struct PendingSpawn {
    pub at: f32,
    pub event: usize,
    pub index: u32,
}

/// Seconds before the next wave the timeline resumes at once a mid-boss falls.
pub(crate) const HURRY_LEAD_S: f32 = 0.25;

/// A mid-boss holding the timeline: its enemy key and the steps the wait may still last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MidBossWait {
    pub key: usize,
    pub steps_left: u32,
}

/// The whole state of a stage in play. A clone is an exact snapshot: stepping it with the
/// same inputs gives the same worlds, bit for bit (rewinding relies on it).
#[derive(Clone)]
pub struct World {
    pub config: WorldConfig,
    pub level: Arc<Level>,
    /// Steps since the world was made.
    pub frame: u64,
    /// Seconds on the stage's timeline (starts at `config.start_at`; pauses during the boss).
    pub stage_time: f32,
    /// Ground scroll speed now, pixels per second.
    pub scroll_speed: f32,
    /// Total ground scrolled, pixels (for drawing the background).
    pub scroll_offset: f32,
    /// A scroll change under way: seconds into it, the speed it goes to, and over how long.
    /// It runs on its own clock, so one begun before a boss finishes while the timeline waits.
    pub(crate) scroll_ease: Option<(f32, f32, f32)>,
    pub phase: StagePhase,
    pub players: Vec<Player>,
    pub shots: Slab<Shot>,
    pub enemies: Slab<Enemy>,
    pub bullets: Bullets,
    pub items: Slab<Item>,
    pub blasts: Slab<Blast>,
    /// The stage boss while it lives.
    pub boss: Option<usize>,
    /// The mid-boss the timeline waits for, while it lives and the wait lasts.
    pub mid_boss: Option<MidBossWait>,
    /// The mid-boss fell (or left) this step: the timeline hurries to the next wave.
    pub(crate) mid_boss_fell: bool,
    pub banner: Option<Banner>,
    pub tally: Option<Tally>,
    pub stats: RunStats,
    /// What happened during the last step.
    pub events: Vec<GameEvent>,
    pub(crate) collider: Collider,
    pub(crate) rng: oorandom::Rand64,
    pub(crate) next_event: usize,
    pub(crate) pending: Vec<PendingSpawn>,
    pub(crate) prev_input: Vec<Input>,
    pub(crate) query_buf: Vec<crate::collide::Contact>,
    pub(crate) scratch: super::scratch::Scratch,
    /// What the level plays as ([`level_hash`](super::replay::level_hash)), for the state
    /// hash: a comment or a rewrite that loads to the same level keeps every state hash.
    pub(crate) level_key: u64,
}

impl World {
    /// A world at the start of `level` (or at `config.start_at` seconds into it), as the
    /// run's difficulty and loop play it ([`Level::for_tier`]): `world.level` holds that
    /// tier's plain values.
    pub fn new(level: Arc<Level>, mut config: WorldConfig) -> Self {
        let level = Level::for_tier(&level, Tier::of(config.difficulty, config.loop_index));
        // A replay or settings file edited by hand cannot ask for 400 lives.
        config.arcade = config.arcade.sanitised();
        // Room for the stage's bullets and everything else besides.
        let capacity = level.max_bullets + 8_192;
        let collider = Collider::new(Config {
            capacity,
            ..Config::default()
        });
        let start_at = config.start_at.clamp(0.0, level.length_s);
        let mut world = World {
            level_key: super::replay::level_hash(&level),
            level: level.clone(),
            frame: 0,
            stage_time: start_at,
            scroll_speed: level.scroll_speed,
            scroll_offset: 0.0,
            scroll_ease: None,
            phase: StagePhase::Playing,
            players: Vec::new(),
            shots: Slab::new(),
            enemies: Slab::new(),
            bullets: Bullets::default(),
            items: Slab::new(),
            blasts: Slab::new(),
            boss: None,
            mid_boss: None,
            mid_boss_fell: false,
            banner: None,
            tally: None,
            stats: RunStats::default(),
            events: Vec::new(),
            collider,
            rng: oorandom::Rand64::new(config.seed as u128),
            next_event: 0,
            pending: Vec::new(),
            prev_input: Vec::new(),
            query_buf: Vec::new(),
            scratch: Default::default(),
            config,
        };
        world.scroll_to(start_at);
        // Practice from a point: skip earlier events, but keep the scroll speed they set. The
        // boss is never skipped: a stage with a boss only ends when it falls.
        while let Some(ev) = world.level.timeline.get(world.next_event) {
            if ev.at() >= start_at || matches!(ev, TimelineEvent::Boss { .. }) {
                break;
            }
            if let TimelineEvent::Scroll { speed, .. } = ev {
                world.scroll_speed = *speed;
            }
            world.next_event += 1;
        }
        let count = world.config.characters.len().clamp(1, 2);
        for i in 0..count {
            let character = world
                .config
                .characters
                .get(i)
                .copied()
                .unwrap_or(Character::Vela);
            let x = if count == 1 {
                PLAYFIELD.x * 0.5
            } else {
                PLAYFIELD.x * (0.3 + 0.4 * i as f32)
            };
            let mut player = Player::new(
                i,
                character,
                Vec2::new(x, PLAYFIELD.y - 40.0),
                world.config.start_power,
            );
            player.lives = world.config.arcade.lives;
            player.next_extra_life = world.config.arcade.extends.first();
            if let Some(c) = world.config.carry.get(i) {
                player.score = c.score;
                player.lives = c.lives;
                player.bombs = c.bombs;
                player.power = c.power.clamp(1, super::player::MAX_POWER);
                player.charge = c.charge.clamp(0.0, super::player::MAX_CHARGE);
                player.next_extra_life = c.next_extra_life;
                player.continues_used = c.continues_used;
                // A player who was out of the game stays out.
                player.retired = c.lives == 0;
            }
            world.players.push(player);
            if !world.players[i].retired {
                world.spawn_player_box(i);
            }
        }
        world.prev_input = vec![Input::default(); count];
        world.reserve_for_steps();
        world
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
        if matches!(self.phase, StagePhase::Cleared | StagePhase::GameOver) {
            return;
        }
        self.advance_scroll();
        self.advance_timeline();
        for i in 0..self.players.len() {
            let input = inputs.get(i).copied().unwrap_or_default();
            self.update_player(i, input);
        }
        for (i, prev) in self.prev_input.iter_mut().enumerate() {
            *prev = inputs.get(i).copied().unwrap_or_default();
        }
        self.update_shots();
        self.update_blasts();
        self.update_enemies();
        self.update_bullets();
        self.update_items();
        if let Some(b) = &mut self.banner {
            b.steps_left = b.steps_left.saturating_sub(1);
            if b.steps_left == 0 {
                self.banner = None;
            }
        }
        self.update_phase();
    }

    /// Updates the broad phase and resolves every encounter it reports.
    pub fn collide(&mut self) {
        self.collider.update();
        let stats = self.collider.stats();
        self.stats.max_live_boxes = self.stats.max_live_boxes.max(stats.live_boxes);
        self.stats.max_enemy_bullets = self.stats.max_enemy_bullets.max(self.bullets.len());
        self.resolve_encounters();
    }

    /// The collider's counters for the last update.
    pub fn collider_stats(&self) -> crate::collide::Stats {
        self.collider.stats()
    }

    /// Every body in the collider, for the debug overlay: its layer, its box, and its true
    /// shape, centred on the box ([`Shape::Aabb`] when the box is the hitbox).
    pub fn boxes(&self) -> impl Iterator<Item = (Layer, Aabb, Shape)> + '_ {
        self.collider.boxes().map(|(c, b)| {
            let shape = self.collider.shape(c.handle).unwrap_or_default();
            (c.layer, b, shape)
        })
    }

    /// True once the stage is cleared.
    pub fn cleared(&self) -> bool {
        self.phase == StagePhase::Cleared
    }

    pub fn game_over(&self) -> bool {
        self.phase == StagePhase::GameOver
    }

    /// Combined score of all players.
    pub fn score(&self) -> u64 {
        self.players.iter().map(|p| p.score).sum()
    }

    /// The best single player's score: what can enter the high-score table, where each player
    /// of a two-player game is ranked alone.
    pub fn best_player_score(&self) -> u64 {
        self.players.iter().map(|p| p.score).max().unwrap_or(0)
    }

    /// After a mid-boss falls, the next wave comes at once: the timeline skips the quiet
    /// before its next spawn (or formation member), whatever the fight's length.
    fn hurry_to_next_wave(&mut self) {
        let next_event = self
            .level
            .timeline
            .get(self.next_event)
            .map(TimelineEvent::at);
        let next_member = self.pending.iter().map(|p| p.at).reduce(f32::min);
        let next = match (next_event, next_member) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => match a.or(b) {
                Some(t) => t,
                None => return,
            },
        };
        self.stage_time = self.stage_time.max(next - HURRY_LEAD_S);
    }

    fn advance_timeline(&mut self) {
        // A mid-boss holds the timeline until it falls or its wait runs out; the stage boss
        // until it falls.
        if let Some(w) = &mut self.mid_boss {
            w.steps_left = w.steps_left.saturating_sub(1);
            if w.steps_left == 0 {
                self.mid_boss = None;
            }
        }
        if self.boss.is_none() && self.mid_boss.is_none() && self.phase == StagePhase::Playing {
            self.stage_time += DT;
        }
        if std::mem::take(&mut self.mid_boss_fell) {
            self.hurry_to_next_wave();
        }
        while let Some(ev) = self.level.timeline.get(self.next_event) {
            if ev.at() > self.stage_time {
                break;
            }
            let index = self.next_event;
            self.next_event += 1;
            let level = self.level.clone();
            let event = &level.timeline[index];
            match event {
                TimelineEvent::Spawn { .. } => {
                    let members = event.formation().map(|(at, n)| PendingSpawn {
                        at,
                        event: index,
                        index: n,
                    });
                    self.pending.extend(members);
                }
                TimelineEvent::Scroll { speed, over_s, .. } => self.change_scroll(*speed, *over_s),
                TimelineEvent::Warning {
                    text, duration_s, ..
                } => {
                    self.banner = Some(Banner {
                        text: text.clone(),
                        steps_left: (duration_s / DT) as u32,
                    });
                    self.events.push(GameEvent::Warning {
                        text: text.clone(),
                        duration_s: *duration_s,
                    });
                }
                TimelineEvent::MidBoss {
                    enemy, pos, wait_s, ..
                } => {
                    if let Some(key) = self.spawn_enemy(*enemy, *pos, None, None, false) {
                        let steps_left = (wait_s / DT).round() as u32;
                        self.mid_boss = Some(MidBossWait { key, steps_left });
                    }
                }
                TimelineEvent::Boss { enemy, pos, .. } => {
                    if let Some(key) = self.spawn_enemy(*enemy, *pos, None, None, false) {
                        self.boss = Some(key);
                        let name = self.level.enemies[*enemy].name.clone();
                        self.events.push(GameEvent::BossAppears { name });
                    }
                }
            }
        }
        // Formation members come in on their own schedule; stable order keeps runs reproducible.
        let now = self.stage_time;
        let mut i = 0;
        while i < self.pending.len() {
            if self.pending[i].at <= now {
                let p = self.pending.remove(i);
                if let TimelineEvent::Spawn {
                    enemy,
                    pos,
                    step,
                    path,
                    pattern,
                    mirror,
                    ..
                } = &self.level.timeline[p.event].clone()
                {
                    let at = *pos + *step * p.index as f32;
                    self.spawn_enemy(*enemy, at, path.clone(), *pattern, *mirror);
                }
            } else {
                i += 1;
            }
        }
    }

    fn update_phase(&mut self) {
        match self.phase {
            StagePhase::Playing => {
                let boss_event = self
                    .level
                    .timeline
                    .iter()
                    .any(|e| matches!(e, TimelineEvent::Boss { .. }));
                let timeline_done =
                    self.next_event >= self.level.timeline.len() && self.pending.is_empty();
                if !boss_event && timeline_done && self.stage_time >= self.level.length_s {
                    self.begin_clear(0);
                }
                if self.players.iter().all(|p| p.out_of_play()) {
                    self.phase = StagePhase::GameOver;
                    self.events.push(GameEvent::GameOver);
                }
            }
            StagePhase::Clearing { steps_left } => {
                self.phase = if steps_left <= 1 {
                    StagePhase::Cleared
                } else {
                    StagePhase::Clearing {
                        steps_left: steps_left - 1,
                    }
                };
                if self.phase == StagePhase::Cleared {
                    self.events.push(GameEvent::StageClear);
                }
            }
            StagePhase::Cleared | StagePhase::GameOver => {}
        }
    }

    /// Starts the stage-clear tally, paying `boss_bonus` and the lives and bombs bonuses.
    pub(crate) fn begin_clear(&mut self, boss_bonus: u64) {
        let lives: u64 = self.players.iter().map(|p| p.lives as u64).sum();
        let bombs: u64 = self.players.iter().map(|p| p.bombs as u64).sum();
        let lives_bonus = lives * CLEAR_BONUS_PER_LIFE;
        let bombs_bonus = bombs * CLEAR_BONUS_PER_BOMB;
        let total = boss_bonus + lives_bonus + bombs_bonus;
        let tally = Tally {
            boss_bonus,
            lives_bonus,
            bombs_bonus,
            total,
            each: total / self.players.len().max(1) as u64,
        };
        for i in 0..self.players.len() {
            self.add_score(i, tally.each);
        }
        self.tally = Some(tally);
        self.phase = StagePhase::Clearing {
            steps_left: TALLY_STEPS,
        };
    }

    /// Adds score to a player, granting extra lives at thresholds.
    pub(crate) fn add_score(&mut self, player: usize, points: u64) {
        let Some(p) = self.players.get_mut(player) else {
            return;
        };
        p.score += points;
        while p.score >= p.next_extra_life {
            p.lives += 1;
            p.next_extra_life = self.config.arcade.extends.next(p.next_extra_life);
            self.events.push(GameEvent::ExtraLife { player });
        }
    }

    // --- collider plumbing shared by the entity modules ---

    pub(crate) fn insert_box(&mut self, desc: BoxDesc) -> Option<Handle> {
        // A full collider (only reachable with absurd levels) drops the box rather than the game.
        self.collider.insert(desc).ok()
    }

    pub(crate) fn move_box(&mut self, handle: Option<Handle>, aabb: Aabb) {
        if let Some(h) = handle {
            let _ = self.collider.set_aabb(h, aabb);
        }
    }

    pub(crate) fn remove_box(&mut self, handle: Option<Handle>) {
        if let Some(h) = handle {
            let _ = self.collider.remove(h);
        }
    }

    pub(crate) fn rand_f32(&mut self) -> f32 {
        (self.rng.rand_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub(crate) fn nearest_player(&self, from: Vec2) -> Option<Vec2> {
        self.players
            .iter()
            .filter(|p| p.in_play())
            .map(|p| p.pos)
            .min_by(|a, b| {
                a.distance_squared(from)
                    .total_cmp(&b.distance_squared(from))
            })
    }
}

/// The whole playfield as a box.
pub fn playfield_box() -> Aabb {
    Aabb::new(Vec2::ZERO, PLAYFIELD)
}
