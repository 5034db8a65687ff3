//! Same seed, same game: checksums, logs, CLI output and thread counts.

use alea::kernel::playout::{random_action, random_player_rng, random_playout};
use alea::kernel::{Rollback, RunMode, SimBuilder, SimError};
use alea_cli::cli::{Cli, simulate_pig};
use alea_games::games::pig::{Pig, PigAction};
use clap::Parser;

fn playout_checksum(seed: u64) -> (u64, u32) {
    let mut sim = SimBuilder::new(Pig::default()).seed(seed).build();
    let mut rng = random_player_rng(seed);
    let moves = random_playout(&mut sim, &mut rng).unwrap();
    (sim.checksum(), moves)
}

#[test]
fn same_seed_same_checksum_and_stored_value() {
    assert_eq!(playout_checksum(42), playout_checksum(42));
    assert_ne!(playout_checksum(42).0, playout_checksum(43).0);
    // Stored on purpose: changes only when the rules, the streams or the checksum change.
    assert_eq!(
        playout_checksum(42),
        (STORED_CHECKSUM_SEED_42, STORED_MOVES_SEED_42)
    );
}

const STORED_CHECKSUM_SEED_42: u64 = 0x30bd_5161_a92e_dfe4;
const STORED_MOVES_SEED_42: u32 = 103;

/// `Sim::play` (the playout fast path) gives the same games as `Sim::apply` in a loop, under
/// every rollback and run mode.
#[test]
fn play_gives_the_same_games_as_apply_in_a_loop() {
    for (rollback, mode) in [
        (Rollback::Caller, RunMode::Direct),
        (Rollback::PerAction, RunMode::Direct),
        (Rollback::Caller, RunMode::Schedule),
    ] {
        for seed in 0..12 {
            let builder = SimBuilder::new(Pig::default())
                .seed(seed)
                .rollback(rollback)
                .run_mode(mode);
            let mut looped = builder.build();
            let mut rng = random_player_rng(seed);
            let mut moves = 0;
            while let Some(action) = random_action(&looped, &mut rng) {
                looped.apply(action).unwrap();
                moves += 1;
            }
            let mut played = builder.build();
            let played_moves = random_playout(&mut played, &mut random_player_rng(seed)).unwrap();
            assert_eq!(
                (played_moves, played.checksum(), played.returns()),
                (moves, looped.checksum(), looped.returns()),
                "{rollback:?} {mode:?} seed {seed}"
            );
        }
    }
}

/// `Sim::play` stops at the first refused action and returns its error; the actions before
/// it stay applied, the refused one changes nothing.
#[test]
fn play_stops_at_an_illegal_choice() {
    let builder = SimBuilder::new(Pig::to(6)).rollback(Rollback::Caller);
    let mut expected = builder.build();
    expected.set_case(Some(5));
    expected.apply(PigAction::Roll).unwrap();
    let mut sim = builder.build();
    sim.set_case(Some(5));
    let mut script = [PigAction::Roll, PigAction::Roll, PigAction::Stop].into_iter();
    let error = sim.play(|_| script.next()).unwrap_err();
    assert!(matches!(error, SimError::Illegal { .. }), "{error}");
    assert_eq!(sim.checksum(), expected.checksum());
    assert_eq!(sim.legal_actions(), &[PigAction::Stop]);
    assert_eq!(sim.play(|_| script.next()), Ok(1));
    assert!(sim.is_terminal());
    assert_eq!(sim.play(|_| Some(PigAction::Roll)), Err(SimError::GameOver));
}

fn cli_output(args: &str) -> String {
    crate::cli(args).unwrap()
}

#[test]
fn play_log_is_identical_for_the_same_seed() {
    let a = cli_output("alea play pig --seed 9");
    assert_eq!(a, cli_output("alea play pig --seed 9"));
    assert_ne!(a, cli_output("alea play pig --seed 10"));
    let json: serde_json::Value =
        serde_json::from_str(&cli_output("alea play pig --seed 9 --json")).unwrap();
    assert_eq!(json["game"], "pig");
    let last = a.lines().last().unwrap();
    assert!(last.ends_with(json["checksum"].as_str().unwrap()), "{last}");
}

#[test]
fn thread_count_does_not_change_results() {
    let pig = Pig::default();
    let one = simulate_pig(&pig, 400, 5, 1, true, &|_| {}).unwrap();
    let two = simulate_pig(&pig, 400, 5, 2, true, &|_| {}).unwrap();
    let three = simulate_pig(&pig, 400, 5, 3, true, &|_| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, three);
    assert_eq!(one.len(), 400);
    let json: serde_json::Value = serde_json::from_str(&cli_output(
        "alea simulate pig --games 300 --seed 5 --threads 2 --json",
    ))
    .unwrap();
    let json1: serde_json::Value = serde_json::from_str(&cli_output(
        "alea simulate pig --games 300 --seed 5 --threads 1 --json",
    ))
    .unwrap();
    assert_eq!(json["wins"], json1["wins"]);
    assert_eq!(json["mean_moves"], json1["mean_moves"]);
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        "alea simulate chess",
        "alea simulate pig --games 0",
        "alea simulate pig --threads 0",
        "alea play pig --players 300",
        "alea search pig --algo mcts --sims 9 --max-seconds 1e20",
        "alea simulate pig --max-seconds inf",
        "alea play pig --seed -3",
    ] {
        assert!(
            Cli::try_parse_from(args.split_whitespace()).is_err(),
            "{args}"
        );
    }
    // Options that do not fit the game are usage errors (status 2) naming the option, not
    // ignored.
    for (args, names) in [
        ("alea play pig --players greedy", "--players"),
        ("alea play pig --rules sichuan", "--rules"),
        ("alea simulate pig --rules riichi", "--rules"),
        ("alea play duel --players greedy", "--players"),
        ("alea simulate duel --players greedy,random", "--players"),
        ("alea play mahjong --target 5", "--target"),
        ("alea simulate pig --decks a.ron,b.ron", "--decks"),
        (
            "alea search pig --algo mc --sims 10 --threads 2",
            "--threads",
        ),
        ("alea play pig --players 1", "2 to 10, not 1"),
        (
            "alea search leduc --algo mcts --sims 9 --target 5",
            "--target",
        ),
        (
            "alea search leduc --algo mcts --sims 9 --players 3",
            "--players",
        ),
        // Each game names its own players.
        (
            "alea play duel --players greedy,smart",
            "(random, greedy, expectimax)",
        ),
        (
            "alea play mahjong --players random,trust",
            "random, greedy, cautious, ismcts",
        ),
        (
            "alea simulate mahjong --rules sichuan --games 1 --players cautious,greedy",
            "cautious plays riichi only",
        ),
        (
            "alea simulate sgs --games 1 --players random,greedy",
            "unknown sgs player",
        ),
        (
            "alea play mahjong --players 3",
            "--players: a mahjong table has 4 seats",
        ),
    ] {
        let error = crate::cli(args).expect_err(args);
        assert_eq!(error.exit_code(), 2, "{args}: {error}");
        assert!(error.to_string().contains(names), "{args}: {error}");
    }
}

/// The game's state and the table are game state: edits by hand change the checksum and,
/// after `refresh_decision`, the decision; restoring a snapshot undoes them.
#[test]
fn state_and_table_edits_are_part_of_the_game() {
    use alea::kernel::{Seat, Turn};
    let mut sim = SimBuilder::new(Pig::default())
        .rollback(Rollback::Caller)
        .build();
    let start = sim.snapshot();
    let before = sim.checksum();
    sim.state_mut().banked[1] = 95;
    sim.state_mut().turn_total = 7;
    sim.table_mut().active = Seat(1);
    sim.refresh_decision();
    assert_eq!(sim.turn(), Turn::Player(Seat(1)));
    assert_eq!(
        sim.legal_actions(),
        &[PigAction::Stop],
        "95 + 7 reaches 100"
    );
    assert_ne!(sim.checksum(), before);
    sim.apply(PigAction::Stop).unwrap();
    assert!(sim.is_terminal());
    assert_eq!(sim.returns(), vec![-1.0, 1.0]);
    sim.restore(&start).unwrap();
    assert_eq!(sim.checksum(), before);
    assert_eq!((sim.table().active, sim.state().banked[1]), (Seat(0), 0));
    assert_eq!(sim.legal_actions(), &[PigAction::Roll, PigAction::Stop]);
}

/// A chooser that panics inside `Sim::play` leaves a usable `Sim`: the pipeline's state is
/// back in the world when the panic reaches the caller.
#[test]
fn a_panicking_chooser_leaves_a_usable_sim() {
    let mut sim = SimBuilder::new(Pig::default())
        .rollback(Rollback::Caller)
        .build();
    let before = sim.checksum();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        sim.play(|_| panic!("a buggy player"))
    }));
    assert!(caught.is_err());
    assert_eq!(sim.checksum(), before);
    assert_eq!(sim.legal_actions(), &[PigAction::Roll, PigAction::Stop]);
    sim.apply(PigAction::Roll).unwrap();
}

/// `simulate` streams: any u64 of games is accepted, `--max-seconds` reports the games finished
/// by then (`truncated`), and `--out` holds exactly those games, in order, each replaying.
#[test]
fn simulate_streams_and_stops_on_time() {
    let dir = crate::scratch("stream");
    let out = dir.join("pig.jsonl");
    let summary: serde_json::Value = serde_json::from_str(&cli_output(&format!(
        "alea simulate pig --games {} --max-seconds 0.3 --threads 2 --json --out {}",
        u64::MAX,
        out.display()
    )))
    .unwrap();
    assert_eq!(summary["truncated"], true);
    let games = summary["games"].as_u64().unwrap();
    assert!(games > 0);
    let text = std::fs::read_to_string(&out).unwrap();
    let indices: Vec<u64> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(indices, (0..games).collect::<Vec<_>>());
    let replayed = cli_output(&format!("alea replay {}", out.display()));
    assert_eq!(replayed.trim(), format!("{games} games, all verified"));
    // Without a limit nothing is truncated, and the totals do not depend on the threads.
    let run = |threads: u16| -> serde_json::Value {
        serde_json::from_str(&cli_output(&format!(
            "alea simulate mahjong --games 6 --players random --threads {threads} --json"
        )))
        .unwrap()
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one["truncated"], false);
    for field in ["games", "hands", "draws", "seats"] {
        assert_eq!(one[field], two[field], "{field}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
