//! The melee strike, the two new pilots' shots (Orla's piercing laser, Rook's locking pods)
//! and each pilot's own bomb, played headless.

use glam::Vec2;
use skysweep::sim::model::player::{CHARGE_HOLD_STEPS, MAX_CHARGE};
use skysweep::sim::systems::bomb::BOMB_GUARD_STEPS;
use skysweep::sim::{Character, GameEvent, Input, ItemKind, ShotKind, World};
use skysweep::testkit::scenario::{self, hold, pilot, saw, BOMB, IDLE, SHOT};

/// Holds fire long enough to charge, then lets go; returns the HP `enemy`'s first part lost
/// on the release step alone.
fn charge_and_release(w: &mut World, enemy: usize) -> f32 {
    hold(w, SHOT, CHARGE_HOLD_STEPS as usize + 1);
    let before = w.enemies().get(enemy).map_or(0.0, |e| e.parts[0].hp);
    w.step(&[IDLE]);
    before - w.enemies().get(enemy).map_or(0.0, |e| e.parts[0].hp)
}

/// `c` at power 4 with a full gauge and a tough enemy at `offset` from the ship, after a
/// charge and release: the world and the HP the enemy lost on the release step.
fn charged_at(c: Character, offset: Vec2) -> (World, f32) {
    let mut w = pilot(c, 4);
    let ship = w.players()[0].pos;
    let tough = scenario::spawn(&mut w, "tough", ship + offset).unwrap();
    w.player_mut(0).charge = 1.0;
    let lost = charge_and_release(&mut w, tough);
    (w, lost)
}

#[test]
fn a_charge_released_within_reach_strikes_for_five_seconds_of_fire() {
    for c in Character::ALL {
        let (w, lost) = charged_at(c, Vec2::new(0.0, -40.0));
        let strike = c.melee_damage(4);
        assert!(
            saw(&w, |e| matches!(e, GameEvent::Melee { .. })),
            "{c:?} strikes"
        );
        assert!(
            !saw(&w, |e| matches!(e, GameEvent::Charge { .. })),
            "{c:?}: a strike, not a charge attack"
        );
        // Summed in f32 hit by hit: allow the last digit.
        assert!(
            lost >= strike * 0.9999,
            "{c:?}: the strike dealt {lost}, meant {strike}"
        );
        assert!(
            (strike / c.held_fire_dps(4) - 5.0).abs() < 1e-3,
            "{c:?}: one strike is five seconds of held fire"
        );
        assert_eq!(
            w.players()[0].charge,
            0.0,
            "{c:?}: the strike spent the charge"
        );
        assert!(
            w.players()[0].strike.is_some(),
            "{c:?}: the strike plays out"
        );
        assert_eq!(w.stats().melee_strikes, 1);
    }
}

#[test]
fn out_of_reach_the_charge_fires_as_before() {
    for c in Character::ALL {
        // Straight ahead, but well beyond arm's length.
        let (w, lost) = charged_at(c, Vec2::new(0.0, -150.0));
        assert!(
            saw(&w, |e| matches!(e, GameEvent::Charge { .. })),
            "{c:?} fires its charge attack"
        );
        assert!(!saw(&w, |e| matches!(e, GameEvent::Melee { .. })));
        assert!(lost < c.melee_damage(4) * 0.5, "{c:?}: no strike landed");
        assert_eq!(w.stats().melee_strikes, 0);
    }
}

#[test]
fn beside_the_ship_is_not_in_front_of_it() {
    let (w, _) = charged_at(Character::Vela, Vec2::new(60.0, 0.0));
    assert!(saw(&w, |e| matches!(e, GameEvent::Charge { .. })));
}

#[test]
fn the_gauge_banks_two_charges_and_strikes_twice() {
    let mut w = pilot(Character::Brass, 2);
    let ship = w.players()[0].pos;
    // Kills fill the gauge, but never past two charges.
    for n in 0..4 {
        scenario::spawn(
            &mut w,
            "drone",
            ship - Vec2::new(0.0, 60.0 + n as f32 * 20.0),
        );
    }
    w.player_mut(0).charge = MAX_CHARGE - 0.05;
    hold(&mut w, SHOT, 40);
    w.step(&[IDLE]);
    assert!(w.stats().kills_air > 0);
    assert_eq!(w.players()[0].charge, 2.0, "the gauge holds two charges");
    assert_eq!(w.players()[0].charge_levels(), 2);
    let tough = scenario::spawn(&mut w, "tough", ship - Vec2::new(0.0, 36.0)).unwrap();
    let strike = Character::Brass.melee_damage(2);
    for left in [1.0, 0.0] {
        let lost = charge_and_release(&mut w, tough);
        assert!(lost >= strike, "a strike from the bank");
        assert_eq!(w.players()[0].charge, left);
    }
    let lost = charge_and_release(&mut w, tough);
    assert!(
        lost < strike,
        "the bank is empty: a long hold does nothing more"
    );
}

#[test]
fn a_volley_spawns_the_damage_the_strike_is_measured_by() {
    for c in Character::ALL {
        for power in 1..=4 {
            let mut w = pilot(c, power);
            w.step(&[SHOT]);
            let spawned: f32 = w
                .shots()
                .iter()
                .map(|(_, s)| s.damage * if s.paired { 2.0 } else { 1.0 })
                .sum();
            let meant = c.volley_damage(power);
            assert!(
                (spawned - meant).abs() < 1e-3,
                "{c:?} at power {power}: spawned {spawned}, counted {meant}"
            );
        }
    }
}

#[test]
fn vela_spreads_from_the_first_power_level() {
    let mut w = pilot(Character::Vela, 1);
    w.step(&[SHOT]);
    let headings: Vec<f32> = w.shots().iter().map(|(_, s)| s.vel.x).collect();
    assert_eq!(headings.len(), 3, "a centre shot and one each side");
    assert!(headings.iter().any(|x| *x < -1.0) && headings.iter().any(|x| *x > 1.0));
}

/// HP each of two enemies, one straight above the other, lost to one volley.
fn column_damage(c: Character) -> (f32, f32) {
    let mut w = pilot(c, 1);
    let ship = w.players()[0].pos;
    let near = scenario::spawn(&mut w, "tough", ship - Vec2::new(0.0, 90.0)).unwrap();
    let far = scenario::spawn(&mut w, "tough", ship - Vec2::new(0.0, 180.0)).unwrap();
    w.step(&[SHOT]);
    hold(&mut w, IDLE, 60);
    let lost = |k: usize| 1000.0 - w.enemies()[k].parts[0].hp;
    (lost(near), lost(far))
}

#[test]
fn orlas_laser_passes_through_and_hurts_each_enemy_once() {
    // At power 1 the centre laser and the two side beams all cross the enemies' boxes.
    let d = Character::Orla.volley_damage(1);
    let (near, far) = column_damage(Character::Orla);
    assert!(
        (near - d).abs() < 1e-4,
        "the near enemy took one hit: {near}"
    );
    assert!(
        (far - d).abs() < 1e-4,
        "and the laser went on to the far one: {far}"
    );
    // Brass's stream stops at the first enemy.
    let (near, far) = column_damage(Character::Brass);
    assert!(near > 0.0 && far == 0.0, "a plain shot stops where it hits");
}

#[test]
fn rooks_pods_swing_with_the_ship_and_lock_while_fire_is_held() {
    let mut w = pilot(Character::Rook, 1);
    let right = Input {
        right: true,
        ..IDLE
    };
    hold(&mut w, right, 40);
    let aimed = w.players()[0].pod_angle;
    assert!(aimed > 0.4, "drifting right swings the pods right: {aimed}");
    // Fire held while flying the other way: the pods keep their aim.
    let left_firing = Input {
        left: true,
        shot: true,
        ..IDLE
    };
    hold(&mut w, left_firing, 40);
    assert_eq!(w.players()[0].pod_angle, aimed, "locked while fire is held");
    let pod_rivets = w
        .shots()
        .iter()
        .filter(|(_, s)| s.kind == ShotKind::Main && s.vel.x > 100.0)
        .count();
    assert!(pod_rivets >= 2, "the pods fire along their locked aim");
    // Let go and stay still: they swing back to straight up.
    hold(&mut w, IDLE, 90);
    assert!(w.players()[0].pod_angle.abs() < 0.01);
}

#[test]
fn every_bomb_clears_bullets_and_protects_for_the_same_time() {
    let mut guards = Vec::new();
    for c in Character::ALL {
        let mut w = pilot(c, 1);
        w.set_invincible(false);
        for i in 0..50 {
            let at = Vec2::new(20.0 + (i % 10) as f32 * 18.0, 40.0 + (i / 10) as f32 * 20.0);
            scenario::bullet(&mut w, at).unwrap();
        }
        w.step(&[BOMB]);
        w.step(&[IDLE]);
        assert_eq!(
            w.bullets().len(),
            0,
            "{c:?}: every bullet on screen is cancelled"
        );
        guards.push(w.players()[0].invulnerable);
        // Bullets arriving later in the guard are cleared too; the ship is safe meanwhile.
        hold(&mut w, IDLE, 60);
        let at = w.players()[0].pos;
        scenario::bullet(&mut w, at).unwrap();
        scenario::bullet(&mut w, Vec2::new(30.0, 30.0)).unwrap();
        w.step(&[IDLE]);
        assert_eq!(w.bullets().len(), 0, "{c:?}: still clearing at step 62");
        assert_eq!(w.stats().deaths, 0);
        // Past the guard nothing clears, however long the pilot's own effect lasts.
        hold(&mut w, IDLE, BOMB_GUARD_STEPS as usize - 60);
        scenario::bullet(&mut w, Vec2::new(30.0, 30.0)).unwrap();
        w.step(&[IDLE]);
        assert_eq!(w.bullets().len(), 1, "{c:?}: the guard is over");
    }
    assert!(
        guards.iter().all(|g| *g == BOMB_GUARD_STEPS - 1),
        "the same protection for every pilot: {guards:?}"
    );
}

#[test]
fn only_wrens_bomb_turns_bullets_into_coins() {
    for c in Character::ALL {
        let mut w = pilot(c, 1);
        for i in 0..20 {
            scenario::bullet(&mut w, Vec2::new(20.0 + i as f32 * 9.0, 60.0)).unwrap();
        }
        w.step(&[BOMB]);
        w.step(&[IDLE]);
        let coins = w
            .items()
            .iter()
            .filter(|(_, i)| i.kind == ItemKind::ScoreCoin)
            .count();
        let want = if c == Character::Wren { 20 } else { 0 };
        assert_eq!(coins, want, "{c:?}");
    }
}

/// HP lost by a tough enemy at `at` over each step of `c`'s bomb.
fn bomb_damage_over_time(c: Character, at: Vec2) -> Vec<f32> {
    let mut w = pilot(c, 1);
    let k = scenario::spawn(&mut w, "tough", at).unwrap();
    w.step(&[BOMB]);
    let mut lost = Vec::new();
    let mut hp = w.enemies()[k].parts[0].hp;
    for _ in 0..c.stats().bomb_steps {
        w.step(&[IDLE]);
        let now = w.enemies()[k].parts[0].hp;
        lost.push(hp - now);
        hp = now;
    }
    lost
}

#[test]
fn each_bomb_hurts_in_its_own_way() {
    let corner = Vec2::new(200.0, 40.0);
    for c in Character::ALL {
        let total: f32 = bomb_damage_over_time(c, corner).iter().sum();
        assert!(total > 0.0, "{c:?}'s bomb reaches the far corner in time");
    }
    // Vela's storm arrives at the far side late; Wren's circle is everywhere at once.
    let first_second = |c| -> f32 { bomb_damage_over_time(c, corner)[..30].iter().sum() };
    assert_eq!(
        first_second(Character::Vela),
        0.0,
        "the gale has not got there"
    );
    assert!(first_second(Character::Wren) > 0.0);
    // Brass's blast is spent in the first second; it hits hardest while it lasts.
    let brass = bomb_damage_over_time(Character::Brass, corner);
    assert!(
        brass[70..].iter().all(|d| *d == 0.0),
        "the steam has blown over"
    );
    let mid = Vec2::new(112.0, 180.0);
    let brass_total: f32 = bomb_damage_over_time(Character::Brass, mid).iter().sum();
    let wren_total: f32 = bomb_damage_over_time(Character::Wren, mid).iter().sum();
    assert!(brass_total > wren_total, "Brass's blast is the heavy one");
    // Rook's scrap hurts in bursts where pieces land, not every tick.
    let rook = bomb_damage_over_time(Character::Rook, Vec2::new(112.0, 120.0));
    assert!(
        rook[..20].iter().all(|d| *d == 0.0),
        "nothing lands while the pods climb"
    );
}

#[test]
fn orlas_beams_sweep_round_her_lamp() {
    // Level with the lamp on the left: the first beam starts there.
    let mut w = pilot(Character::Orla, 1);
    let lamp = w.players()[0].pos;
    let left = scenario::spawn(&mut w, "tough", lamp - Vec2::new(90.0, 0.0)).unwrap();
    let above = scenario::spawn(&mut w, "tough", lamp - Vec2::new(0.0, 150.0)).unwrap();
    w.step(&[BOMB]);
    assert!(
        w.enemies()[left].parts[0].hp < 1000.0,
        "the beam starts level"
    );
    assert_eq!(
        w.enemies()[above].parts[0].hp,
        1000.0,
        "and has not yet turned up"
    );
    hold(&mut w, IDLE, 40);
    assert!(
        w.enemies()[above].parts[0].hp < 1000.0,
        "a quarter turn later it has"
    );
}
