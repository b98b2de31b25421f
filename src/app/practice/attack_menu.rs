//! Scene: PRACTICE > BOSS ATTACKS. Every boss attack a game has met (every one with ALL
//! STAGES), by stage and boss, with the chosen pilot's captures and best times at PRACTICE's
//! difficulty; one is played alone from the start of its phase. The list's logic is
//! `attack_list`'s, tested without a window.

use super::attack_list::{entries_of, AttackEntry, AttackList, Line, Play};
use super::results_card::clock;
use super::run::PracticeRun;
use super::setup::PracticeSetup;
use super::start::{begin, last_setup};
use crate::app::ctx::Ctx;
use crate::app::draw::Draw;
use crate::app::menu_page::MenuPage;
use crate::app::scene::{RunSlot, Scene, Transition};
use crate::app::services::menu_input::{MenuEvent, MenuInput};
use crate::render::menus::{self, AttackLine};

/// Every attack of the shipped stages, marked met from the practice record.
fn shipped_attacks(ctx: &Ctx, setup: &PracticeSetup) -> Vec<AttackEntry> {
    let mut out = Vec::new();
    for stage in &setup.stages {
        // A stage that fails to load has no attacks to list; starting it elsewhere says why.
        if let Ok(level) = ctx.shipped().load(&stage.path) {
            out.extend(entries_of(stage, &level, |k| {
                ctx.practice_record().has_met(k)
            }));
        }
    }
    out
}

pub struct AttackMenu {
    list: AttackList,
    /// Pushed over PRACTICE (BACK pops) rather than alone after a try.
    over_practice: bool,
}

impl AttackMenu {
    /// The list over PRACTICE, with its choice.
    pub fn new(ctx: &mut Ctx, setup: PracticeSetup) -> AttackMenu {
        let entries = shipped_attacks(ctx, &setup);
        let at = ctx.practice_record().last_attack.clone();
        AttackMenu {
            list: AttackList::new(entries, setup, at.as_deref()),
            over_practice: true,
        }
    }

    /// The list after a try, on the attack just played: BACK goes to PRACTICE.
    pub fn after_run(ctx: &mut Ctx) -> AttackMenu {
        let setup = last_setup(ctx);
        AttackMenu {
            over_practice: false,
            ..AttackMenu::new(ctx, setup)
        }
    }

    /// Plays the chosen attack, keeping the pilot and the attack for the next visit.
    fn start(&mut self, ctx: &mut Ctx) -> Transition {
        let Some((plan, attack)) = self.list.plan() else {
            return Transition::Stay;
        };
        let mut choice = ctx.practice_record().last.clone().unwrap_or_default();
        let chosen = self.list.setup.choice();
        choice.pilots = chosen.pilots;
        choice.options = chosen.options;
        ctx.practice_record_mut().last = Some(choice);
        ctx.practice_record_mut().last_attack = Some(attack.key());
        ctx.save_practice_record();
        let practice = PracticeRun::new(self.list.setup.clone()).with_attack(attack);
        begin(ctx, &plan, "BOSS ATTACKS", practice)
    }

    /// The chosen attack's record for the pilot shown, or why nothing is listed.
    fn detail(&self, draw: &Draw) -> Vec<String> {
        let Some(e) = self.list.chosen() else {
            return vec![
                "NONE MET YET: MEET A BOSS".into(),
                "IN A GAME, OR TURN ON".into(),
                "ALL STAGES IN PRACTICE".into(),
            ];
        };
        match draw.practice.tally(&e.key(), &self.list.who()) {
            Some(t) => vec![
                format!("CAPTURED {} OF {}", t.captures, t.tries),
                format!("BEST {}", t.best_steps.map_or("-".into(), clock)),
            ],
            None => vec!["NOT TRIED YET".into()],
        }
    }
}

impl Scene for AttackMenu {
    fn frame(&mut self, ctx: &mut Ctx, _run: &mut RunSlot, m: &MenuInput) -> Transition {
        match self.list.apply(m).heard(ctx.audio_mut()) {
            MenuEvent::Nothing | MenuEvent::Moved | MenuEvent::Changed => Transition::Stay,
            MenuEvent::Picked(Play) => self.start(ctx),
            MenuEvent::Back if self.over_practice => Transition::Pop,
            MenuEvent::Back => Transition::ToMenu(MenuPage::Practice),
        }
    }

    fn draw(&self, draw: &mut Draw) {
        let who = self.list.who();
        let chosen = self.list.chosen().map(AttackEntry::key);
        let mut cursor = 0;
        let lines: Vec<AttackLine> = (self.list.lines().into_iter().enumerate())
            .map(|(n, line)| match line {
                Line::Stage(s) => AttackLine::Stage(s),
                Line::Boss(b) => AttackLine::Boss(b),
                Line::Attack(i) => {
                    let e = &self.list.entries[i];
                    let key = e.key();
                    if chosen.as_deref() == Some(key.as_str()) {
                        cursor = n;
                    }
                    let tally = draw.practice.tally(&key, &who);
                    AttackLine::Attack {
                        title: e.attack.name.to_uppercase(),
                        captures: tally
                            .map_or(String::new(), |t| format!("{}/{}", t.captures, t.tries)),
                    }
                }
            })
            .collect();
        let o = &self.list.setup.options;
        let mut heading =
            format!("{} {}", self.list.setup.pilot1.name(), o.difficulty.name()).to_uppercase();
        if o.loop_number > 1 {
            heading.push_str(&format!(" LOOP {}", o.loop_number));
        }
        let detail = self.detail(draw);
        let hint = ["LEFT/RIGHT PILOT", "SHOT PLAYS  ESC BACK"];
        menus::attacks(draw.renderer, &heading, &lines, cursor, &detail, &hint);
    }
}
