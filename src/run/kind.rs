//! The kinds of run the game plays, and what each kind may do: one table, [`RunKind::rules`].
//!
//! Every question of the form "does this run count for X" is answered here, from the kind
//! alone. What can still take a run out of the high-score table while it plays (invincibility,
//! a practice tool used) is the run's own doing, not its kind's: see
//! [`Rules::high_scores`].

/// What kind of run is playing. Each is one row of the rules table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunKind {
    /// The whole game from the title, one or two players: the only kind that is ranked.
    Arcade,
    /// The Extra stage, played alone once the game has been cleared.
    Extra,
    /// A stage or a part of one chosen to practise: from PRACTICE, or a start, power, loop
    /// or invincibility given on the command line.
    Practice,
    /// One boss's named phase played alone: PRACTICE > BOSS ATTACKS, or `--phase`.
    Attack,
    /// A stage file of the player's or an author's, played alone (CUSTOM STAGES, `--level`).
    Custom,
    /// A recording played back.
    Replay,
    /// A run for show or measurement, nobody's own: the built-in pilots fly (`--autoplay`,
    /// `--skill`), or the playfield is filled for a stress test (`--stress`).
    Demo,
    /// The title's demo (attract mode): the built-in pilot plays while no one is at the
    /// game, until someone presses a key.
    Attract,
}

/// Which practice tools a kind of run lets the player use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tools {
    /// Slow motion, freeze and frame step: they change only how often the world steps, so
    /// what plays (and a recording of it) stays true.
    pub timing: bool,
    /// Rewind and marker jumps: they change the world's past.
    pub past: bool,
}

/// What a kind of run adds to the player's record (EXTRAS > PLAYER DATA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// Time played, continues, best score per stage and pilot, clears and endings.
    Full,
    /// Time played alone: a practised stage's score is not a stage's best.
    TimeOnly,
    /// Nothing: nobody's own flying.
    Nothing,
}

/// A row of the pause menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseRow {
    Resume,
    Options,
    /// Play the stage in play again from its start.
    RestartStage,
    /// Play a replay again from one of its recorded stages, chosen with left and right: a
    /// later stage starts with what the ones before it carry, played out first.
    RestartReplay,
    /// How fast a replay plays, chosen with left and right: x1, x2, x4 (F5 while it plays).
    ReplaySpeed,
    /// Leave the run: to the title or a practice run's results; a replay goes back to
    /// REPLAYS, or quits the game when the command line opened it.
    Quit,
}

impl PauseRow {
    pub fn label(self) -> &'static str {
        match self {
            PauseRow::Resume => "RESUME",
            PauseRow::Options => "OPTIONS",
            PauseRow::RestartStage => "RESTART STAGE",
            PauseRow::RestartReplay => "RESTART AT",
            PauseRow::ReplaySpeed => "SPEED",
            PauseRow::Quit => "QUIT TO TITLE",
        }
    }
}

/// What one kind of run may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Its scores may enter HIGH SCORES (unless the run itself was invincible or used a
    /// practice tool).
    pub high_scores: bool,
    /// Its results may set a best in the practice record.
    pub practice_bests: bool,
    /// What it adds to the player's record.
    pub record: Record,
    /// It counts toward what the game unlocks: stages reached for PRACTICE, endings seen,
    /// clears, the Extra stage.
    pub unlocks: bool,
    /// Its recording is offered as a replay when it ends (`--record` writes one regardless).
    pub offers_replay: bool,
    /// The pause menu's rows, top to bottom.
    pub pause: &'static [PauseRow],
    /// The practice tools it allows.
    pub tools: Tools,
    /// The stage's timeline and the coming enemies show from its start, not only once a
    /// tool is used.
    pub shows_timeline: bool,
    /// A named boss phase it meets is listed in PRACTICE > BOSS ATTACKS from then on.
    pub meets_attacks: bool,
    /// Its tries at a boss attack, and their captures and best times, are kept in the
    /// practice record (mortal runs only).
    pub attack_record: bool,
    /// The command line's `--record` file may take it: a run someone asked for, not a
    /// replay played back nor the title's demo.
    pub takes_record_file: bool,
    /// No one plays it: any key or pad button ends it, and so does its own end (a time, the
    /// stage over), back to the title; it is labelled DEMO.
    pub ends_on_any_input: bool,
}

const PLAY_PAUSE: &[PauseRow] = &[
    PauseRow::Resume,
    PauseRow::Options,
    PauseRow::RestartStage,
    PauseRow::Quit,
];
/// A replay's own: no OPTIONS of the game in play, a stage to watch from and a speed.
const REPLAY_PAUSE: &[PauseRow] = &[
    PauseRow::Resume,
    PauseRow::RestartReplay,
    PauseRow::ReplaySpeed,
    PauseRow::Quit,
];
const ALL_TOOLS: Tools = Tools {
    timing: true,
    past: true,
};
const WATCHING: Tools = Tools {
    timing: true,
    past: false,
};

/// The whole game's rules: everything counts.
const ARCADE: Rules = Rules {
    high_scores: true,
    practice_bests: false,
    record: Record::Full,
    unlocks: true,
    offers_replay: true,
    pause: PLAY_PAUSE,
    // Allowed, but a run that used one leaves the table (see `high_scores`).
    tools: ALL_TOOLS,
    shows_timeline: false,
    meets_attacks: true,
    attack_record: false,
    takes_record_file: true,
    ends_on_any_input: false,
};

/// A part of the game played to learn it: every tool, and a best to beat.
const PRACTICE: Rules = Rules {
    high_scores: false,
    practice_bests: true,
    record: Record::TimeOnly,
    unlocks: false,
    offers_replay: true,
    pause: PLAY_PAUSE,
    tools: ALL_TOOLS,
    shows_timeline: true,
    meets_attacks: true,
    attack_record: false,
    takes_record_file: true,
    ends_on_any_input: false,
};

/// Nobody's own flying: nothing counts.
const WATCHING_RULES: Rules = Rules {
    high_scores: false,
    practice_bests: false,
    record: Record::Nothing,
    unlocks: false,
    offers_replay: false,
    pause: PLAY_PAUSE,
    tools: WATCHING,
    shows_timeline: false,
    meets_attacks: false,
    attack_record: false,
    takes_record_file: true,
    ends_on_any_input: false,
};

impl RunKind {
    pub const ALL: [RunKind; 8] = [
        RunKind::Arcade,
        RunKind::Extra,
        RunKind::Practice,
        RunKind::Attack,
        RunKind::Custom,
        RunKind::Replay,
        RunKind::Demo,
        RunKind::Attract,
    ];

    /// The rules table: what this kind of run may do. Each row after the first two says how
    /// it differs from the one it is most like.
    pub const fn rules(self) -> Rules {
        match self {
            RunKind::Arcade => ARCADE,
            // One stage is no whole game: its best goes to the player's record instead.
            RunKind::Extra => Rules {
                high_scores: false,
                unlocks: false,
                ..ARCADE
            },
            RunKind::Practice => PRACTICE,
            // Its tries are kept instead of a stage's best; a replay cannot start at a phase.
            RunKind::Attack => Rules {
                practice_bests: false,
                attack_record: true,
                offers_replay: false,
                ..PRACTICE
            },
            RunKind::Custom => Rules {
                practice_bests: false,
                ..PRACTICE
            },
            // Watching: pause, slow and step it, but its past is the recording's, and it is no
            // recording of its own.
            RunKind::Replay => Rules {
                pause: REPLAY_PAUSE,
                takes_record_file: false,
                ..WATCHING_RULES
            },
            RunKind::Demo => WATCHING_RULES,
            // The title's, not the command line's: someone coming to play ends it.
            RunKind::Attract => Rules {
                takes_record_file: false,
                ends_on_any_input: true,
                ..WATCHING_RULES
            },
        }
    }

    /// Why a run of this kind never enters HIGH SCORES, in words for the NOT RANKED notice;
    /// `None` for the kind that may.
    pub fn unranked_because(self) -> Option<&'static str> {
        match self {
            RunKind::Arcade => None,
            RunKind::Extra => Some("the Extra stage"),
            RunKind::Practice | RunKind::Attack | RunKind::Custom => Some("a practice run"),
            RunKind::Replay => Some("a replay"),
            RunKind::Demo | RunKind::Attract => Some("the autopilot played"),
        }
    }
}
