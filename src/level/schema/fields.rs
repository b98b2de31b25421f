//! Every field the loader accepts, asked of the schema's own serde code rather than listed by
//! hand: a struct read with a field no one has gives serde's list of the fields it has, and
//! an enum read as a variant no one has, its variants. The docs test holds
//! `levels/README.md` to this list, so a field added to the schema and not documented fails.

use serde::de::DeserializeOwned;

use super::{
    BackgroundDef, BossPhaseDef, DefsFile, EnemyDef, LegDef, LoopScale, ParallaxDef, PartDef,
    PathDef, PatternDef, ShapeDef, StageDef, TimelineEventDef, WeaponDef,
};

const NO_SUCH: &str = "zz_no_such_field_";

fn options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// The fields of the struct `T` (or of the struct variant written `prefix(...)`), as serde
/// knows them; empty for a value that is not a struct with named fields.
fn fields_of<T: DeserializeOwned>(prefix: &str) -> Vec<&'static str> {
    match options().from_str::<T>(&format!("{prefix}({NO_SUCH}: 0)")) {
        Err(ron::error::SpannedError {
            code: ron::Error::NoSuchStructField { expected, .. },
            ..
        }) => expected.to_vec(),
        _ => Vec::new(),
    }
}

/// The variants of the enum `T`.
fn variants_of<T: DeserializeOwned>() -> Vec<&'static str> {
    match options().from_str::<T>("ZzNoSuchVariant") {
        Err(ron::error::SpannedError {
            code: ron::Error::NoSuchEnumVariant { expected, .. },
            ..
        }) => expected.to_vec(),
        _ => Vec::new(),
    }
}

/// Each variant of `T` with named fields, as (`Variant`, its fields).
fn variant_fields<T: DeserializeOwned>(out: &mut Vec<(String, Vec<&'static str>)>) {
    for v in variants_of::<T>() {
        let fields = fields_of::<T>(v);
        if !fields.is_empty() {
            out.push((v.to_string(), fields));
        }
    }
}

/// Every value of the level format with named fields, as its name (`Stage`, `Enemy`,
/// `Spawn`, `Waypoints`...) and the fields the loader accepts in it.
pub fn accepted() -> Vec<(String, Vec<&'static str>)> {
    let mut out: Vec<(String, Vec<&'static str>)> = vec![
        ("Stage".into(), fields_of::<StageDef>("")),
        ("Defs".into(), fields_of::<DefsFile>("")),
        ("Background".into(), fields_of::<BackgroundDef>("")),
        ("Layer".into(), fields_of::<ParallaxDef>("")),
        ("Enemy".into(), fields_of::<EnemyDef>("")),
        ("Part".into(), fields_of::<PartDef>("")),
        ("Phase".into(), fields_of::<BossPhaseDef>("")),
        ("Weapon".into(), fields_of::<WeaponDef>("")),
        ("Pattern".into(), fields_of::<PatternDef>("")),
        ("Leg".into(), fields_of::<LegDef>("")),
        ("Loop2".into(), fields_of::<LoopScale>("")),
    ];
    variant_fields::<TimelineEventDef>(&mut out);
    variant_fields::<PathDef>(&mut out);
    variant_fields::<ShapeDef>(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_lists_its_own_fields() {
        let all = accepted();
        let of = |name: &str| {
            all.iter()
                .find(|(n, _)| n == name)
                .map(|(_, f)| f.clone())
                .unwrap_or_default()
        };
        assert!(of("Stage").contains(&"events") && of("Stage").contains(&"waves"));
        assert!(of("Wave").contains(&"repeat_dx") && of("Wave").contains(&"repeat_dy"));
        assert!(of("Waypoints").contains(&"legs_s"));
        assert!(of("Enemy").contains(&"weapons"));
        assert!(all.iter().all(|(_, f)| !f.is_empty()), "{all:?}");
    }
}
