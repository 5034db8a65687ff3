//! mjai logs: the libriichi arena's full-information logs of whole hanchan
//! (`tests/fixtures/mjai/`, written by `benches/peers/mjai_logs.sh`: RulebaseBot at every seat,
//! seeds 1–3, and `BOTS=kan` seeds 218 and 285, whose KanBots declare every kan and nine
//! terminals) read into events that write back to the same JSON, replay through alea's rules
//! with every event agreeing, and alea's own matches written as logs replay the same way.

use std::io::Read;
use std::path::{Path, PathBuf};

use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Seat, SimBuilder, Turn};
use alea_games::games::mahjong::riichi::mjai::{
    MjaiBot, MjaiError, MjaiEvent, MjaiTile, MjaiWriter, read_log, replay_events, replay_watching,
};
use alea_games::games::mahjong::riichi::{
    Kyoku, Length, Phase, PlayerKind, Riichi, RiichiAction, RiichiConfig,
};

fn riichi() -> RiichiConfig {
    Riichi::preset("riichi").unwrap().config
}

/// A temporary directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::scratch(&format!("mjai-{name}"))
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjai");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    logs.sort();
    assert_eq!(logs.len(), 5);
    logs
}

/// The raw lines of a gzip log.
fn lines(path: &Path) -> Vec<String> {
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_string(&mut text)
        .unwrap();
    text.lines().map(str::to_owned).collect()
}

#[test]
fn every_event_of_the_arena_logs_reads_and_writes_back_the_same_json() {
    for path in fixtures() {
        let events = read_log(&path).unwrap();
        let raw = lines(&path);
        assert_eq!(events.len(), raw.len());
        for ((line, event), text) in events.iter().zip(&raw) {
            let original: serde_json::Value = serde_json::from_str(text).unwrap();
            let mut written = serde_json::to_value(event).unwrap();
            // Fields alea does not read: the game's seed.
            if let (Some(o), Some(w)) = (original.get("seed"), written.as_object_mut()) {
                w.insert("seed".into(), o.clone());
            }
            assert_eq!(written, original, "{}: line {line}", path.display());
        }
    }
}

/// Scores move only by riichi sticks and the deltas of wins and draws, and the sticks on the
/// table are the ones declared since the last win: what every `start_kyoku` says.
#[test]
fn scores_and_sticks_follow_the_deltas_from_hand_to_hand() {
    let mut hands = 0;
    for path in fixtures() {
        let (mut scores, mut sticks) = ([25_000; 4], 0u8);
        for (line, event) in read_log(&path).unwrap() {
            let at = format!("{}: line {line}", path.display());
            match event {
                MjaiEvent::StartKyoku {
                    scores: given,
                    kyotaku,
                    tehais,
                    ..
                } => {
                    hands += 1;
                    assert_eq!((given, kyotaku), (scores, sticks), "{at}");
                    assert!(tehais.iter().all(|t| t.len() == 13), "{at}");
                }
                MjaiEvent::ReachAccepted { actor } => {
                    scores[usize::from(actor)] -= 1000;
                    sticks += 1;
                }
                MjaiEvent::Hora { deltas, .. } => {
                    let deltas = deltas.expect("a full log's wins carry deltas");
                    let paid: i32 = deltas.iter().sum();
                    assert_eq!(
                        paid,
                        1000 * i32::from(sticks),
                        "{at}: the sticks go to the winner"
                    );
                    (0..4).for_each(|s| scores[s] += deltas[s]);
                    sticks = 0;
                }
                MjaiEvent::Ryukyoku { deltas } => {
                    let deltas = deltas.expect("a full log's draws carry deltas");
                    assert_eq!(deltas.iter().sum::<i32>(), 0, "{at}");
                    (0..4).for_each(|s| scores[s] += deltas[s]);
                }
                _ => {}
            }
        }
    }
    assert_eq!(hands, 47);
}

#[test]
fn a_line_that_is_not_an_event_is_an_error_naming_it() {
    let dir = crate::scratch("mjai");
    let path = dir.join("bad.json");
    let text = "{\"type\":\"start_game\"}\n\n{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"5zr\"}\n";
    std::fs::write(&path, text).unwrap();
    match read_log(&path) {
        Err(MjaiError::Event { line, source, .. }) => {
            assert_eq!(line, 3);
            assert!(
                source.to_string().contains("not an mjai tile: \"5zr\""),
                "{source}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Plain text reads as well as gzip.
    std::fs::write(&path, "{\"type\":\"end_game\"}\n").unwrap();
    assert_eq!(read_log(&path).unwrap(), vec![(1, MjaiEvent::EndGame)]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Every hand of the arena's logs replays through alea's rules: the same legal moves, draws,
/// indicators, riichi sticks, wins and draws with the same deltas, the same next hand and the
/// same end. The kan logs hold closed, added and open kans, kan dora, a double ron and a
/// nine-terminals draw.
#[test]
fn the_arena_logs_replay_through_alea_and_agree_on_every_event() {
    let mut hands = Vec::new();
    for path in fixtures() {
        let replayed = replay_events(&read_log(&path).unwrap(), &riichi());
        assert_eq!(replayed.disagreement, None, "{}", path.display());
        assert_eq!(replayed.games, 1);
        hands.push(replayed.hands);
    }
    assert_eq!(hands, [11, 10, 9, 9, 8]);
    let events: Vec<MjaiEvent> = fixtures()[..2]
        .iter()
        .flat_map(|p| read_log(p).unwrap().into_iter().map(|(_, e)| e))
        .collect();
    let count = |kind: &str| {
        events
            .iter()
            .filter(|e| serde_json::to_value(e).unwrap()["type"] == kind)
            .count()
    };
    assert_eq!(
        (
            count("ankan"),
            count("kakan"),
            count("daiminkan"),
            count("dora")
        ),
        (3, 2, 3, 8)
    );
}

/// The log of one match of alea's riichi (random players, an East round), as `--out-mjai`
/// writes it.
fn alea_log(seed: u64) -> (Vec<MjaiEvent>, u32) {
    let game = Riichi::new(riichi()).with_length(Length::East);
    let mut sim = SimBuilder::new(game).seed(seed).build();
    let mut writer = MjaiWriter::new(25_000);
    let mut log = writer.open(&sim, &["a", "b", "c", "d"]);
    sim.record_events(true);
    random_playout(&mut sim, &mut random_player_rng(seed)).unwrap();
    for logged in sim.take_events() {
        writer.push(&logged.event, &mut log);
    }
    let hands = sim
        .world()
        .resource::<alea_games::games::mahjong::riichi::Match>()
        .tally
        .hands;
    (log, hands)
}

#[test]
fn alea_matches_written_as_mjai_logs_replay_and_agree() {
    let config = Riichi::new(riichi()).with_length(Length::East).config;
    for seed in 0..12 {
        let (log, hands) = alea_log(seed);
        let lines: Vec<(usize, MjaiEvent)> = log.into_iter().enumerate().collect();
        let replayed = replay_events(&lines, &config);
        assert_eq!(replayed.disagreement, None, "seed {seed}");
        assert_eq!((replayed.games, replayed.hands), (1, hands), "seed {seed}");
    }
}

/// A fixture's lines with `edit` applied, written as a plain log.
fn edited(name: &str, edit: impl FnOnce(&mut Vec<String>)) -> PathBuf {
    let mut raw = lines(&fixtures()[2]);
    edit(&mut raw);
    let path = scratch(name).join("edited.json");
    std::fs::write(&path, raw.join("\n") + "\n").unwrap();
    path
}

/// The first line of `raw` with `needle`, 1-based.
fn line_with(raw: &[String], needle: &str) -> usize {
    raw.iter().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_changed_delta_is_reported_at_its_win_with_alea_s_deltas() {
    let (mut at, mut before) = (0, 0);
    let path = edited("delta", |raw| {
        at = line_with(raw, "\"hora\"");
        before = raw[..at]
            .iter()
            .filter(|l| l.contains("start_kyoku"))
            .count()
            - 1;
        let mut hora: serde_json::Value = serde_json::from_str(&raw[at - 1]).unwrap();
        let winner = hora["actor"].as_u64().unwrap() as usize;
        let paid = hora["deltas"][winner].as_i64().unwrap();
        hora["deltas"][winner] = (paid + 100).into();
        raw[at - 1] = hora.to_string();
    });
    let replayed = replay_events(&read_log(&path).unwrap(), &riichi());
    let d = replayed.disagreement.unwrap();
    assert_eq!(d.line, at);
    assert!(d.log.contains("hora"), "{d}");
    assert!(d.alea.contains("deltas ["), "{d}");
    // Every hand before the changed one agreed.
    assert_eq!((replayed.games, replayed.hands), (0, before as u32));
}

#[test]
fn an_illegal_discard_is_reported_with_the_legal_moves() {
    let mut at = 0;
    let path = edited("illegal", |raw| {
        // P0's first discard becomes a tile P0 does not hold: a fifth copy of a kind.
        at = line_with(raw, "\"dahai\",\"actor\":0");
        let start: serde_json::Value = serde_json::from_str(&raw[1]).unwrap();
        let held: Vec<&str> = start["tehais"][0]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        let absent = [
            "1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C",
        ]
        .into_iter()
        .find(|t| !held.contains(t) && !raw[at - 2].contains(&format!("\"{t}\"")))
        .unwrap();
        raw[at - 1] =
            format!("{{\"type\":\"dahai\",\"actor\":0,\"pai\":\"{absent}\",\"tsumogiri\":false}}");
    });
    let d = replay_events(&read_log(&path).unwrap(), &riichi())
        .disagreement
        .unwrap();
    assert_eq!(d.line, at);
    assert!(d.alea.starts_with("does not allow P0 to discard"), "{d}");
    assert!(d.alea.contains("(legal: discard"), "{d}");
}

#[test]
fn the_cli_reports_each_log_and_fails_on_a_truncated_line() {
    let good = fixtures()[2].display().to_string();
    let out = crate::cli(&format!("alea replay --format mjai {good}")).unwrap();
    assert_eq!(
        out,
        format!("{good}: 1 game, 9 hands verified\n1 log, 1 game, 9 hands: all verified\n")
    );
    let mut at = 0;
    let cut = edited("truncated", |raw| {
        at = raw.len() / 2;
        let half = raw[at - 1].len() / 2;
        raw[at - 1].truncate(half);
    });
    let argv = [
        "alea",
        "replay",
        "--format",
        "mjai",
        &good,
        cut.to_str().unwrap(),
    ];
    let mut printed = Vec::new();
    use clap::Parser;
    let error = alea_cli::cli::run(
        alea_cli::cli::Cli::try_parse_from(argv).unwrap(),
        &mut printed,
    )
    .unwrap_err();
    assert_eq!(error.exit_code(), 1);
    let printed = String::from_utf8(printed).unwrap();
    assert!(
        printed.contains(&format!("{}: line {at}: ", cut.display())),
        "{printed}"
    );
    assert!(printed.contains("not an mjai event"), "{printed}");
    assert!(
        printed.ends_with("2 logs, 1 game, 9 hands: 1 log failed\n"),
        "{printed}"
    );
}

#[test]
fn simulate_out_mjai_writes_logs_that_replay() {
    let dir = scratch("out");
    let d = dir.display();
    crate::cli(&format!(
        "alea simulate mahjong --rules riichi-east --games 3 --players greedy,random,greedy,random --out-mjai {d}"
    ))
    .unwrap();
    let logs: Vec<String> = (0..3).map(|i| format!("{d}/{i}.json.gz")).collect();
    let out = crate::cli(&format!(
        "alea replay --format mjai --rules riichi-east {}",
        logs.join(" ")
    ))
    .unwrap();
    assert!(out.ends_with(": all verified\n"), "{out}");
    assert!(
        out.starts_with("3 logs, 3 games") || out.contains("3 logs, 3 games"),
        "{out}"
    );
    for (bad, why) in [
        (
            "alea simulate mahjong --rules sichuan --games 1 --out-mjai",
            "not sichuan",
        ),
        ("alea simulate pig --games 1 --out-mjai", "not pig"),
    ] {
        let error = crate::cli(&format!("{bad} {d}")).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{bad}");
        assert!(error.to_string().contains(why), "{error}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn options_replace_preset_fields_and_bad_ones_are_usage_errors() {
    let good = fixtures()[2].display().to_string();
    let off = r#"{"abortive":{"triple_ron":false},"kuikae":false}"#;
    let argv = [
        "alea",
        "replay",
        "--format",
        "mjai",
        "--options",
        off,
        &good,
    ];
    let out = crate::cli_argv(argv).unwrap();
    assert!(out.ends_with("9 hands: all verified\n"), "{out}");
    for (options, why) in [
        (
            r#"{"abortive":{"triple_rons":false}}"#,
            "unknown field `triple_rons`",
        ),
        ("[1]", "expected a JSON object"),
        (r#"{"kuikae":1}"#, "invalid type"),
    ] {
        let argv = [
            "alea",
            "replay",
            "--format",
            "mjai",
            "--options",
            options,
            &good,
        ];
        let error = crate::cli_argv(argv).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{options}");
        assert!(error.to_string().contains(why), "{error}");
    }
    let argv = ["alea", "replay", "--options", off, &good];
    assert_eq!(crate::cli_argv(argv).unwrap_err().exit_code(), 2);
    let argv = [
        "alea", "replay", "--format", "mjai", "--rules", "sichuan", &good,
    ];
    assert_eq!(crate::cli_argv(argv).unwrap_err().exit_code(), 2);
}

/// `event` as `seat` sees it at an mjai table: the other seats' draws and starting hands
/// hidden.
fn seen_by(event: &MjaiEvent, seat: u8) -> MjaiEvent {
    let mut event = event.clone();
    match &mut event {
        MjaiEvent::Tsumo { actor, pai } if *actor != seat => *pai = MjaiTile(None),
        MjaiEvent::StartKyoku { tehais, .. } => {
            for (s, hand) in tehais.iter_mut().enumerate() {
                if s != usize::from(seat) {
                    hand.iter_mut().for_each(|t| *t = MjaiTile(None));
                }
            }
        }
        _ => {}
    }
    event
}

/// True when the bot's `answer` is one of `legal` (alea's moves with full information).
fn is_legal(answer: &MjaiEvent, legal: &[RiichiAction], on_turn: bool) -> bool {
    let tile = |t: &MjaiTile| t.0.unwrap();
    let pair = |c: &[MjaiTile]| (tile(&c[0]), tile(&c[1]));
    legal.iter().any(|&action| match (answer, action) {
        (MjaiEvent::Dahai { pai, .. }, RiichiAction::Discard(t)) => tile(pai) == t,
        (MjaiEvent::Reach { .. }, RiichiAction::Riichi(_)) => true,
        (MjaiEvent::Hora { .. }, RiichiAction::Tsumo | RiichiAction::Ron) => true,
        (MjaiEvent::Ankan { consumed, .. }, RiichiAction::ClosedKan(t)) => {
            consumed.len() == 4 && consumed.iter().all(|c| tile(c).kind() == t.kind())
        }
        (MjaiEvent::Kakan { pai, .. }, RiichiAction::AddedKan(t)) => tile(pai).kind() == t.kind(),
        (MjaiEvent::Pon { consumed, .. }, RiichiAction::Pon(a, b))
        | (MjaiEvent::Chi { consumed, .. }, RiichiAction::Chi(a, b)) => {
            let (x, y) = pair(consumed);
            (x, y) == (a, b) || (y, x) == (a, b)
        }
        (MjaiEvent::Daiminkan { consumed, .. }, RiichiAction::Kan) => consumed.len() == 3,
        (MjaiEvent::Ryukyoku { .. }, RiichiAction::NineTerminals) => true,
        (MjaiEvent::None, RiichiAction::Pass) => !on_turn,
        _ => false,
    })
}

/// A bot at every seat follows each arena log, seeing what its seat sees, and at every
/// decision of its seat answers with one of alea's legal moves under full information (the
/// replay of the same log is the judge). The bots play greedy and random.
#[test]
fn the_mjai_bot_answers_every_decision_with_a_legal_move() {
    for path in fixtures() {
        let events = read_log(&path).unwrap();
        let mut bots: Vec<MjaiBot> = (0..4u8)
            .map(|s| {
                let player = [PlayerKind::Greedy, PlayerKind::Random][usize::from(s % 2)];
                MjaiBot::new(player, riichi(), None, u64::from(s))
            })
            .collect();
        let (mut fed, mut answered) = ([0usize; 4], 0);
        // Every bot learns its seat from start_game's id, as on mjai.app.
        for (s, bot) in bots.iter_mut().enumerate() {
            let start = MjaiEvent::StartGame {
                names: Vec::new(),
                id: Some(s as u8),
            };
            assert_eq!(bot.react(&[start]).unwrap(), MjaiEvent::None);
            fed[s] = 1;
        }
        let replayed = replay_watching(&events, &riichi(), &mut |sim, at| {
            let Turn::Player(Seat(seat)) = sim.turn() else {
                return;
            };
            let s = usize::from(seat);
            let view: Vec<MjaiEvent> = events[fed[s]..at]
                .iter()
                .map(|(_, e)| seen_by(e, seat))
                .collect();
            fed[s] = at;
            let answer = bots[s].react(&view).unwrap_or_else(|e| {
                panic!(
                    "{}: P{seat} before line {}: {e}",
                    path.display(),
                    events[at].0
                )
            });
            let on_turn = matches!(sim.world().resource::<Kyoku>().phase, Phase::Turn { .. });
            assert!(
                is_legal(&answer, sim.legal_actions(), on_turn),
                "{}: P{seat} before line {}: {answer:?} is not among {:?}",
                path.display(),
                events[at].0,
                sim.legal_actions()
            );
            answered += 1;
        });
        assert_eq!(replayed.disagreement, None);
        assert!(answered > 500, "{}: {answered} decisions", path.display());
    }
}

/// `alea mjai-bot` through its pipes, as an mjai table drives it: one answer a request line,
/// `none` when not asked, a discard from its hand on its draw, and a line that is not mjai
/// reported on stderr and answered with `none`.
#[test]
fn the_mjai_bot_command_answers_each_request_line() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let events = read_log(&fixtures()[2]).unwrap();
    let json = |e: &MjaiEvent| serde_json::to_string(&seen_by(e, 0)).unwrap();
    let start_kyoku = json(&events[1].1);
    let draw = json(&events[2].1);
    let requests = [
        r#"[{"type":"start_game","names":["a","b","c","d"],"id":0}]"#.to_string(),
        format!("[{start_kyoku},{draw}]"),
        "{not json".to_string(),
        r#"{"type":"end_kyoku"}"#.to_string(),
    ];
    let mut bot = Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(["mjai-bot", "--player", "greedy", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    bot.stdin
        .take()
        .unwrap()
        .write_all((requests.join("\n") + "\n").as_bytes())
        .unwrap();
    let output = bot.wait_with_output().unwrap();
    assert!(output.status.success());
    let answers: Vec<MjaiEvent> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 4);
    assert_eq!(answers[0], MjaiEvent::None);
    let MjaiEvent::StartKyoku { tehais, .. } = &events[1].1 else {
        panic!("a start_kyoku")
    };
    let MjaiEvent::Tsumo { pai: drawn, .. } = &events[2].1 else {
        panic!("a draw")
    };
    match &answers[1] {
        MjaiEvent::Dahai {
            actor: 0,
            pai,
            tsumogiri,
        } => {
            assert!(tehais[0].contains(pai) || pai == drawn, "{pai}");
            assert_eq!(*tsumogiri, pai == drawn);
        }
        other => panic!("the dealer's first answer is a discard, not {other:?}"),
    }
    assert_eq!(answers[2..], [MjaiEvent::None, MjaiEvent::None]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("line 3: not mjai events"), "{stderr}");
    let bad = Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(["mjai-bot", "--seat", "4"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// A kan fixture's lines with the first line holding `needle` passed through `edit`.
fn kan_edited(
    name: &str,
    needle: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (PathBuf, usize) {
    let mut raw = lines(&fixtures()[0]);
    let at = line_with(&raw, needle);
    let mut event: serde_json::Value = serde_json::from_str(&raw[at - 1]).unwrap();
    edit(&mut event);
    raw[at - 1] = event.to_string();
    let path = scratch(name).join("edited.json");
    std::fs::write(&path, raw.join("\n") + "\n").unwrap();
    (path, at)
}

/// What the action does not say is checked too: a discard's `tsumogiri`, a kan's tiles, the
/// order of alea's events, a draw's deltas; and a log without a game is no success.
#[test]
fn tsumogiri_kan_tiles_order_and_missing_deltas_are_checked() {
    let disagreement = |path: &Path| {
        replay_events(&read_log(path).unwrap(), &riichi())
            .disagreement
            .expect("the edit is found")
    };
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, &str, Edit); 5] = [
        ("tsumogiri", "\"tsumogiri\":true", |e| {
            e["tsumogiri"] = false.into()
        }),
        ("daiminkan", "\"daiminkan\"", |e| {
            e["consumed"][0] = "1m".into()
        }),
        ("ankan", "\"ankan\"", |e| {
            e["consumed"]
                .as_array_mut()
                .unwrap()
                .pop()
                .map(drop)
                .unwrap()
        }),
        ("kakan", "\"kakan\"", |e| {
            e["consumed"] = serde_json::json!(["1s", "1s", "1s"])
        }),
        ("ryukyoku", "\"ryukyoku\"", |e| {
            drop(e.as_object_mut().unwrap().remove("deltas"))
        }),
    ];
    for (name, needle, edit) in cases {
        let (path, at) = kan_edited(name, needle, edit);
        let d = disagreement(&path);
        // Each is reported at its own line (the fixture's first tsumogiri discard is of a
        // tile its seat holds once, so `false` cannot be right).
        assert_eq!(d.line, at, "{name}: {d}");
    }
    // alea's riichi stick comes before the next draw: the log may not show it after.
    let mut raw = lines(&fixtures()[2]);
    let at = line_with(&raw, "reach_accepted");
    raw.swap(at - 1, at);
    let path = scratch("order").join("edited.json");
    std::fs::write(&path, raw.join("\n") + "\n").unwrap();
    let d = disagreement(&path);
    assert_eq!(d.line, at, "{d}");
    assert!(d.alea.starts_with("has first: P"), "{d}");
    // No game at all.
    let empty = scratch("empty").join("empty.json");
    std::fs::write(&empty, "\n").unwrap();
    assert_eq!(disagreement(&empty).log, "no game");
}
