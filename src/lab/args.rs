//! `skysweep lab`'s command line.

use std::path::PathBuf;

use clap::Args;

use super::control::{LabScene, MAX_BODIES, MIN_BODIES};
use super::phase::Method;

/// Options of `skysweep lab`; the window options work as the game's do.
#[derive(Debug, Args, Clone)]
pub struct LabArgs {
    /// Scene to start in: bullet-hell, rain, swarm, boss-burst or mass-clear (keys 1-5, Tab).
    #[arg(long, value_name = "NAME", default_value = "bullet-hell", value_parser = parse_scene)]
    pub scene: LabScene,
    /// Bodies in the scene, 100 to 50000 (Up doubles it, Down halves it).
    #[arg(long, value_name = "N", default_value_t = 1600, value_parser = parse_bodies)]
    pub bodies: usize,
    /// Broad phase to start with: sap (sweep and prune), tree, or brute (below 3000 bodies).
    #[arg(long, value_name = "NAME", default_value = "sap", value_parser = parse_phase)]
    pub phase: Method,
    /// Start with push-out resolution on (key R; below 3000 bodies): enemies push apart,
    /// ledges and walls hold.
    #[arg(long)]
    pub resolve: bool,
    /// Start with the mix of exact shapes (key S): round bullets, turned enemies and shots.
    #[arg(long)]
    pub shapes: bool,
    /// Run this many frames, then exit cleanly.
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Save the last frame as a PNG before exiting.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Start windowed at this size, WIDTHxHEIGHT.
    #[arg(long, value_name = "WxH", value_parser = crate::window::parse_size)]
    pub window: Option<(i32, i32)>,
}

fn parse_scene(s: &str) -> Result<LabScene, String> {
    LabScene::from_name(s).ok_or_else(|| {
        let names: Vec<_> = LabScene::ALL.iter().map(|k| k.name()).collect();
        format!("unknown scene `{s}`; choose {}", names.join(", "))
    })
}

fn parse_phase(s: &str) -> Result<Method, String> {
    Method::from_name(s)
        .ok_or_else(|| format!("unknown broad phase `{s}`; choose sap, tree or brute"))
}

fn parse_bodies(s: &str) -> Result<usize, String> {
    let n: usize = s
        .parse()
        .map_err(|_| format!("`{s}` is not a number of bodies"))?;
    if (MIN_BODIES..=MAX_BODIES).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{n} is not in {MIN_BODIES}..={MAX_BODIES}"))
    }
}

impl LabArgs {
    /// Refuses a start the keys could not reach: brute force or resolution with too many
    /// bodies.
    pub fn check(&self) -> Result<(), String> {
        if self.resolve && !super::push::offered(self.bodies) {
            return Err(format!(
                "--resolve is only offered below {} bodies (asked for {})",
                super::push::RESOLVE_LIMIT,
                self.bodies
            ));
        }
        if !self.phase.offered(self.bodies) {
            return Err(format!(
                "--phase brute is only offered below {} bodies (asked for {})",
                super::phase::BRUTE_LIMIT,
                self.bodies
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        lab: LabArgs,
    }

    fn parse(args: &[&str]) -> Result<LabArgs, String> {
        let cli = Cli::try_parse_from(std::iter::once("lab").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.lab.check()?;
        Ok(cli.lab)
    }

    #[test]
    fn every_switch_of_the_window_has_an_option() {
        let a = parse(&[
            "--scene",
            "swarm",
            "--bodies",
            "400",
            "--phase",
            "brute",
            "--resolve",
        ])
        .unwrap();
        assert_eq!(
            (a.scene, a.bodies, a.phase, a.resolve),
            (LabScene::Swarm, 400, Method::Brute, true)
        );
        let d = parse(&[]).unwrap();
        assert_eq!(
            (d.scene, d.bodies, d.phase, d.resolve, d.shapes),
            (LabScene::BulletHell, 1600, Method::Sap, false, false)
        );
    }

    #[test]
    fn starts_the_keys_could_not_reach_are_refused() {
        for bad in [
            &["--bodies", "99"][..],
            &["--bodies", "50001"],
            &["--bodies", "-5"],
            &["--scene", "snow"],
            &["--phase", "grid"],
            &["--phase", "brute", "--bodies", "3000"],
            &["--resolve", "--bodies", "3000"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        assert!(parse(&["--phase", "brute", "--bodies", "2999"]).is_ok());
        assert!(parse(&["--resolve", "--bodies", "2999"]).is_ok());
        assert!(parse(&["--bodies", "100"]).is_ok() && parse(&["--bodies", "50000"]).is_ok());
        assert!(parse(&["--shapes", "--resolve"]).is_ok_and(|a| a.shapes && a.resolve));
    }
}
