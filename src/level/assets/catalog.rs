//! What the `assets/` folder offers a level: sprite names (from `sprites/atlas.ron`), images
//! (every `.png` under the folder) and music cues (`music/NAME.ogg`). The loader checks every
//! name a level gives against a [`Catalog`], so a typo is an error at its line, not an orange
//! square or silence in the game.
//!
//! Reading the folder is the only file I/O here ([`Catalog::load`]); tests build a catalogue
//! by hand with [`Catalog::new`] and the `with_*` methods.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::music_loops::{LoopRegion, LOOPS, LOOPS_FILE};
use super::music_titles::{TITLES, TITLES_FILE};
use crate::level::text::diag::{
    did_you_mean, nearest, ron_file_error, suggest, Diagnostic, LevelError, Message,
};
use crate::platform::fileio::read_bounded;

/// Largest atlas description read, in bytes.
const MAX_ATLAS_BYTES: u64 = 1 << 20;
/// Files looked at under the assets folder before giving up: a bound on a misplaced folder.
const MAX_FILES: usize = 10_000;
/// Folders deep the image search goes under the assets folder.
const MAX_DEPTH: usize = 4;

/// The atlas's path under the assets folder.
pub const ATLAS: &str = "sprites/atlas.ron";

/// The music the game itself plays, each track `music/NAME.ogg` under the assets folder, on a
/// loop. Levels may also name any other cue an author puts in that folder.
pub const GAME_MUSIC: [&str; 12] = [
    "title",
    "stage1",
    "stage2",
    "stage3",
    "stage4",
    "stage5",
    "stage6",
    "stage7",
    "boss",
    "extra_boss",
    "final_boss",
    "ending",
];

/// Whether `track` of [`GAME_MUSIC`] plays through a whole stage or the final fight, so it
/// lasts at least a minute before it loops: every stage's track and the final boss's. The
/// title's, the other bosses' and the ending's may loop sooner.
pub fn is_long_music(track: &str) -> bool {
    track.starts_with("stage") || track == "final_boss"
}

/// One sprite of the atlas: its size in pixels and the top-left corner of each frame.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename = "Sprite", deny_unknown_fields)]
pub struct SpriteInfo {
    pub size: (u32, u32),
    pub frames: Vec<(u32, u32)>,
}

impl SpriteInfo {
    /// A part drawn with this sprite shows frame 0 intact, 1 damaged and 2 destroyed when the
    /// sprite has exactly those three frames (see `render/stage.rs`); any other count is an
    /// animation (or a still, with one frame).
    pub fn has_damage_frames(&self) -> bool {
        self.frames.len() == 3
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename = "Atlas", deny_unknown_fields)]
struct AtlasFile {
    #[allow(dead_code)]
    image: String,
    sprites: BTreeMap<String, SpriteInfo>,
}

/// The kinds of asset a level names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssetKind {
    Sprite,
    Image,
    Music,
}

/// The assets a level may name. A kind that could not be read (`None`) is not checked, so a
/// broken atlas does not make every level fail; [`Catalog::problems`] says why.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    root: Option<PathBuf>,
    sprites: Option<BTreeMap<String, SpriteInfo>>,
    images: Option<BTreeSet<String>>,
    music: Option<BTreeSet<String>>,
    /// Each music cue's title, from `music/titles.ron` (see [`super::music_titles`]).
    titles: BTreeMap<String, String>,
    /// Each music cue's loop region, from `music/loops.ron`.
    loops: BTreeMap<String, LoopRegion>,
    problems: Vec<Diagnostic>,
}

impl Catalog {
    /// A catalogue with no sprites, images or music: every name is unknown until added.
    pub fn new() -> Catalog {
        Catalog {
            sprites: Some(BTreeMap::new()),
            images: Some(BTreeSet::new()),
            music: Some(BTreeSet::new()),
            ..Catalog::default()
        }
    }

    /// A catalogue that checks no names: for levels built from text where no assets exist
    /// (simulation scenarios, the fuzzer). Never use it where a level is played or checked.
    pub fn unchecked() -> Catalog {
        Catalog::default()
    }

    pub fn with_sprite(mut self, name: &str, size: (u32, u32), frames: usize) -> Catalog {
        let info = SpriteInfo {
            size,
            frames: vec![(0, 0); frames.max(1)],
        };
        self.sprites
            .get_or_insert_default()
            .insert(name.into(), info);
        self
    }

    pub fn with_image(mut self, path: &str) -> Catalog {
        self.images.get_or_insert_default().insert(path.into());
        self
    }

    /// The same catalogue, also accepting `path` as an image when images are checked at all.
    pub(in crate::level) fn also_accepting_image(mut self, path: &str) -> Catalog {
        if let Some(images) = &mut self.images {
            images.insert(path.into());
        }
        self
    }

    pub fn with_music(mut self, cue: &str) -> Catalog {
        self.music.get_or_insert_default().insert(cue.into());
        self
    }

    pub fn with_title(mut self, cue: &str, title: &str) -> Catalog {
        self.titles.insert(cue.into(), title.into());
        self
    }

    /// Reads the assets folder `root`: the atlas, every `.png` under it, `music/*.ogg`, the
    /// music's titles and its loop regions.
    /// Never fails: what cannot be read is left unchecked and described in [`Self::problems`].
    pub fn load(root: &Path) -> Catalog {
        let mut c = Catalog {
            root: Some(root.to_path_buf()),
            ..Catalog::default()
        };
        let atlas = root.join(ATLAS);
        match read_atlas(&atlas) {
            Ok(sprites) => c.sprites = Some(sprites),
            Err(e) => c.problems.extend(e.diagnostics.into_iter().map(|mut d| {
                d.message.push_str("; sprite names are not checked");
                d.as_warning()
            })),
        }
        let mut images = BTreeSet::new();
        let mut seen = 0;
        match find_images(root, "", 0, &mut seen, &mut images) {
            Ok(()) => c.images = Some(images),
            Err(e) => c.problems.push(
                Diagnostic::new(
                    &root.display().to_string(),
                    1,
                    1,
                    format!("cannot list the images in the assets folder ({e}); image paths are not checked"),
                )
                .as_warning(),
            ),
        }
        let music_dir = root.join("music");
        match std::fs::read_dir(&music_dir) {
            Ok(rd) => {
                c.music = Some(
                    rd.filter_map(|e| e.ok())
                        .take(MAX_FILES)
                        .filter(|e| e.path().is_file())
                        .filter_map(|e| {
                            let name = e.file_name().into_string().ok()?;
                            name.strip_suffix(".ogg").map(str::to_string)
                        })
                        .collect(),
                )
            }
            Err(e) => c.problems.push(
                Diagnostic::new(
                    &music_dir.display().to_string(),
                    1,
                    1,
                    format!("cannot list the music cues ({e}); music cues are not checked"),
                )
                .as_warning(),
            ),
        }
        let cues = c.music.clone().unwrap_or_default();
        let (titles, problems) = TITLES_FILE.load(&root.join(TITLES), &cues);
        c.titles = titles;
        c.problems.extend(problems);
        let (loops, problems) = LOOPS_FILE.load(&root.join(LOOPS), &cues);
        c.loops = loops;
        c.problems.extend(problems);
        c
    }

    /// The same catalogue read again from its folder (assets may have been added since), or
    /// itself when it was built by hand.
    pub fn refreshed(&self) -> Catalog {
        match &self.root {
            Some(root) => Catalog::load(root),
            None => self.clone(),
        }
    }

    /// The assets folder this was read from, if it was.
    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    /// Why some kinds of asset could not be read, and so are not checked: warnings.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    pub fn sprite(&self, name: &str) -> Option<&SpriteInfo> {
        self.sprites.as_ref()?.get(name)
    }

    /// Every sprite in name order; empty when the atlas could not be read.
    pub fn sprites(&self) -> impl Iterator<Item = (&str, &SpriteInfo)> {
        self.sprites.iter().flatten().map(|(k, v)| (k.as_str(), v))
    }

    /// Every music cue in name order; empty when the folder could not be read.
    pub fn music_cues(&self) -> impl Iterator<Item = &str> {
        self.music.iter().flatten().map(String::as_str)
    }

    /// The title of the music cue `cue`, when the titles file gives it one.
    pub fn music_title(&self, cue: &str) -> Option<&str> {
        self.titles.get(cue).map(String::as_str)
    }

    /// Every music cue's title, by cue.
    pub fn music_titles(&self) -> &BTreeMap<String, String> {
        &self.titles
    }

    /// The part of the music cue `cue` that repeats, when `music/loops.ron` gives one (see
    /// [`super::music_loops`]); without one the whole track loops.
    pub fn music_loop(&self, cue: &str) -> Option<LoopRegion> {
        self.loops.get(cue).copied()
    }

    /// `Ok` when `name` is a known asset of `kind` (or that kind is not checked); otherwise
    /// the message saying what was expected, with the closest known name as its suggestion.
    pub fn check(&self, kind: AssetKind, name: &str) -> Result<(), Message> {
        let (known, what): (Option<Vec<&str>>, String) = match kind {
            AssetKind::Sprite => (
                self.sprites
                    .as_ref()
                    .map(|s| s.keys().map(String::as_str).collect()),
                format!("is not a sprite in assets/{ATLAS}"),
            ),
            AssetKind::Image => (
                self.images
                    .as_ref()
                    .map(|s| s.iter().map(String::as_str).collect()),
                format!("is not an image file: there is no assets/{name}"),
            ),
            AssetKind::Music => (
                self.music
                    .as_ref()
                    .map(|s| s.iter().map(String::as_str).collect()),
                format!("is not a music cue: there is no assets/music/{name}.ogg"),
            ),
        };
        let Some(known) = known else {
            return Ok(());
        };
        if known.contains(&name) {
            return Ok(());
        }
        let (hint, what) = match kind {
            AssetKind::Image => (suggest_path(name, &known), what),
            AssetKind::Sprite => (suggest(name, known.iter().copied()), what),
            // Few enough to list them all, and the nearest is worth proposing.
            AssetKind::Music => (
                nearest(name, known.iter().copied()),
                format!("{what} (the cues are {})", known.join(", ")),
            ),
        };
        Err(did_you_mean(format!("\"{name}\" {what}"), hint))
    }
}

/// The image path closest to `name`, judged on the file name so a shared folder prefix does
/// not make every path look close.
fn suggest_path<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let file = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let wanted = file(name);
    known
        .iter()
        .copied()
        .filter(|k| *k != name)
        .map(|k| (strsim::damerau_levenshtein(name, k), k))
        .filter(|(d, k)| *d <= (file(k).len().max(wanted.len()) / 2).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The sprites of the atlas description at `path`, or why it cannot be read.
pub fn read_atlas(path: &Path) -> Result<BTreeMap<String, SpriteInfo>, LevelError> {
    let name = path.display().to_string();
    let bytes = read_bounded(path, MAX_ATLAS_BYTES)
        .map_err(|e| LevelError::single(&name, 1, 1, format!("cannot read the atlas: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| LevelError::single(&name, 1, 1, "the atlas is not valid UTF-8 text"))?;
    ron::from_str::<AtlasFile>(&text)
        .map(|a| a.sprites)
        .map_err(|e| ron_file_error(&name, &text, &e, "atlas"))
}

/// Adds every `.png` under `dir` (the folder `rel` below the assets root) to `out`, as paths
/// relative to the root with `/` between folders.
fn find_images(
    root: &Path,
    rel: &str,
    depth: usize,
    seen: &mut usize,
    out: &mut BTreeSet<String>,
) -> std::io::Result<()> {
    for entry in std::fs::read_dir(root.join(rel))? {
        *seen += 1;
        if *seen > MAX_FILES {
            break;
        }
        let Ok(entry) = entry else { continue };
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        let path = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            // A folder that cannot be listed only hides its own images.
            if depth < MAX_DEPTH {
                let _ = find_images(root, &path, depth + 1, seen, out);
            }
        } else if name.ends_with(".png") && entry.path().is_file() {
            out.insert(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_built_catalogue_knows_only_what_was_added() {
        let c = Catalog::new()
            .with_sprite("air_drone", (16, 16), 2)
            .with_image("backgrounds/sea.png")
            .with_music("stage1");
        assert!(c.check(AssetKind::Sprite, "air_drone").is_ok());
        let m = c.check(AssetKind::Sprite, "air_dron").unwrap_err();
        assert_eq!(
            m.text,
            "\"air_dron\" is not a sprite in assets/sprites/atlas.ron; did you mean \"air_drone\"?"
        );
        assert_eq!(m.suggestion.as_deref(), Some("air_drone"));
        let m = c.check(AssetKind::Music, "stage9").unwrap_err();
        assert_eq!(m.suggestion.as_deref(), Some("stage1"));
        let m = c
            .check(AssetKind::Image, "backgrounds/see.png")
            .unwrap_err();
        assert_eq!(m.suggestion.as_deref(), Some("backgrounds/sea.png"));
        // A far-off file name in the same folder is no suggestion.
        let m = c
            .check(AssetKind::Image, "backgrounds/volcano_night.png")
            .unwrap_err();
        assert_eq!(m.suggestion, None);
    }

    #[test]
    fn an_unknown_music_cue_lists_the_cues_and_proposes_the_nearest_however_far() {
        let c = Catalog::new().with_music("stage1").with_music("boss");
        let m = c.check(AssetKind::Music, "storm").unwrap_err();
        assert_eq!(
            m.text,
            "\"storm\" is not a music cue: there is no assets/music/storm.ogg (the cues are \
             boss, stage1); did you mean \"boss\"?"
        );
        assert_eq!(m.suggestion.as_deref(), Some("boss"));
    }

    #[test]
    fn an_unchecked_catalogue_accepts_every_name() {
        let c = Catalog::unchecked();
        for kind in [AssetKind::Sprite, AssetKind::Image, AssetKind::Music] {
            assert!(c.check(kind, "anything").is_ok());
        }
    }

    #[test]
    fn the_shipped_assets_are_catalogued() {
        let c = Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
        assert!(c.problems().is_empty(), "{:?}", c.problems());
        let drone = c.sprite("air_drone").expect("air_drone in the atlas");
        assert_eq!(drone.size, (16, 16));
        assert!(c
            .check(AssetKind::Image, "backgrounds/stage1_ground.png")
            .is_ok());
        assert!(c.check(AssetKind::Music, "boss").is_ok());
        assert!(c.check(AssetKind::Music, "stage9").is_err());
        assert_eq!(c.music_title("stage1"), Some("Meadowvale Morning"));
    }

    /// A track added without its title, or a title left for a track taken away, fails here.
    #[test]
    fn every_shipped_track_has_a_title_and_every_title_a_track() {
        let c = Catalog::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets"));
        let cues: Vec<&str> = c.music_cues().collect();
        let titled: Vec<&str> = c.music_titles().keys().map(String::as_str).collect();
        assert_eq!(
            cues, titled,
            "assets/music/*.ogg and assets/music/titles.ron differ"
        );
        for cue in GAME_MUSIC {
            assert!(cues.contains(&cue), "{cue}");
        }
        for title in c.music_titles().values() {
            // The game's bitmap font has printable ASCII only.
            assert!(
                !title.is_empty() && title.chars().all(|ch| (' '..='~').contains(&ch)),
                "{title:?}"
            );
            assert!(
                title.len() <= 20,
                "{title:?} is too long for the music room"
            );
        }
    }

    #[test]
    fn a_missing_folder_is_a_problem_and_checks_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let c = Catalog::load(&dir.path().join("nope"));
        assert_eq!(c.problems().len(), 3, "{:?}", c.problems());
        assert!(c.check(AssetKind::Sprite, "x").is_ok());
    }

    #[test]
    fn a_broken_atlas_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("sprites")).unwrap();
        std::fs::write(
            dir.path().join(ATLAS),
            "Atlas(\n  image: \"a.png\",\n  sprites: { \"x\": Sprite(size: (1, 1)) },\n)",
        )
        .unwrap();
        let c = Catalog::load(dir.path());
        let d = &c.problems()[0];
        assert_eq!(d.line, 3, "{d}");
        assert!(d.message.contains("frames"), "{d}");
        assert_eq!(d.severity, crate::level::text::diag::Severity::Warning);
    }
}
