//! mjai logs: the libriichi arena's full-information logs of whole hanchan played by mjai's
//! RulebaseBot (`tests/fixtures/mjai/`, written by `benches/peers/mjai_logs.sh`, seeds 1–3)
//! read into events that write back to the same JSON, with consistent score bookkeeping.

use std::io::Read;
use std::path::{Path, PathBuf};

use alea::games::mahjong::riichi::mjai::{MjaiError, MjaiEvent, read_log};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjai");
    let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    logs.sort();
    assert_eq!(logs.len(), 3);
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
    assert_eq!(hands, 26);
}

#[test]
fn a_line_that_is_not_an_event_is_an_error_naming_it() {
    let dir = std::env::temp_dir().join(format!("alea-mjai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
