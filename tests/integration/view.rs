//! `alea view`: a page for a game of every recorded kind; a seat's page holds only what that
//! seat was shown (no other seat's concealed tiles), and bad arguments are usage errors.

use std::path::PathBuf;

use alea_cli::cli::{CliError, PageData, ReplayError, page_data};
use serde_json::Value;

use crate::cli;

/// The lines `alea simulate ARGS --out FILE` writes.
fn simulated(args: &str, name: &str) -> (PathBuf, Vec<String>) {
    let path = crate::scratch(&format!("view-{name}")).join("games.jsonl");
    cli(&format!("alea simulate {args} --out {}", path.display())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text.lines().map(str::to_string).collect())
}

fn lines_of(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(str::to_string).collect()
}

fn events(page: &PageData) -> impl Iterator<Item = &Value> {
    page.steps.iter().flat_map(|s| &s.events)
}

/// Every tile of another seat's concealed hand the full page shows (its deals and draws), as
/// `(seat, tiles)`.
fn concealed(full: &PageData, viewer: usize) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for e in events(full) {
        match e["event"].as_str() {
            Some("deal") => {
                for (s, hand) in e["hands"].as_array().unwrap().iter().enumerate() {
                    if s != viewer {
                        found.push((s, hand.as_str().unwrap().to_string()));
                    }
                }
            }
            Some("draw") if e["seat"].as_u64() != Some(viewer as u64) => {
                found.push((e["seat"].as_u64().unwrap() as usize, e["tile"].to_string()));
            }
            _ => {}
        }
    }
    found
}

/// No other seat's dealt hand appears in the source of `seat`'s page `view` (`full`: the
/// full page of the same game).
fn assert_hides_other_hands(full: &PageData, view: &PageData, seat: u8) {
    let source = alea_cli::cli::page(view).unwrap();
    for (other, hand) in concealed(full, usize::from(seat)) {
        if hand.len() > 4 {
            assert!(
                !source.contains(&hand),
                "seat {seat} sees P{other}'s {hand}"
            );
        }
    }
}

/// The done-when's run: three riichi matches, each seat's page. Every deal shows the seat its
/// own hand and no other (`null`), every other seat's draw is hidden, other seats' actions are
/// absent, and no other seat's dealt hand appears anywhere in the page's source.
#[test]
fn a_seat_s_page_holds_no_other_seat_s_concealed_tiles() {
    let (_, lines) = simulated("mahjong --games 3", "riichi");
    for (index, line) in lines.iter().enumerate() {
        let full = page_data(line, index + 1, None).unwrap();
        assert!(full.problems.is_empty(), "{:?}", full.problems);
        assert!(
            concealed(&full, 0).len() > 100,
            "a match deals and draws many tiles"
        );
        for seat in 0..4u8 {
            let view = page_data(line, index + 1, Some(seat)).unwrap();
            // Another seat's claim answers join the step before: no step says who was asked.
            assert!(view.steps.len() < full.steps.len());
            for step in &view.steps[1..] {
                let other = step.actor != Some(seat);
                assert!(!other || !step.events.is_empty(), "seat {seat}: {step:?}");
            }
            let viewer = usize::from(seat);
            let mut deals = 0;
            for e in events(&view) {
                if e["event"] == "deal" {
                    deals += 1;
                    for (s, hand) in e["hands"].as_array().unwrap().iter().enumerate() {
                        assert_eq!(hand.is_null(), s != viewer, "{e}");
                    }
                }
                if e["event"] == "draw" && e["seat"].as_u64() != Some(seat.into()) {
                    assert!(e["tile"].is_null(), "{e}");
                }
            }
            assert!(deals >= 4, "a hanchan deals every hand");
            for step in &view.steps {
                assert_eq!(step.action.is_some(), step.actor == Some(seat), "{step:?}");
            }
            assert_hides_other_hands(&full, &view, seat);
        }
    }
}

/// `--seat all` writes the full page, one per seat and an index linking them, for a game of
/// every kind `simulate --out` records; each page carries its data and the player script.
#[test]
fn every_recorded_game_is_viewable_seat_by_seat() {
    for (args, seats) in [
        ("mahjong --length kyoku --games 2", 4),
        ("mahjong --rules sichuan --games 1", 4),
        ("sgs --games 2", 2),
        ("duel --games 2", 2),
        ("pig --games 2", 2),
    ] {
        let name = args.split(' ').take(3).collect::<Vec<_>>().join("-");
        let (path, _) = simulated(args, &name);
        let out = path.parent().unwrap().join("pages");
        let said = cli(&format!(
            "alea view {} --game 1 --seat all --out {}",
            path.display(),
            out.display()
        ));
        let said = match (args, said) {
            ("mahjong --rules sichuan --games 1", Err(CliError::Usage(m))) => {
                assert!(m.contains("holds 1 games (0 to 0)"), "{m}");
                cli(&format!(
                    "alea view {} --seat all --out {}",
                    path.display(),
                    out.display()
                ))
                .unwrap()
            }
            (_, said) => said.unwrap(),
        };
        let told = said.contains("full.html (") && said.contains(" steps), seat-0.html (");
        assert!(told && said.contains(", index.html written to "), "{said}");
        let index = std::fs::read_to_string(out.join("index.html")).unwrap();
        for seat in 0..seats {
            assert!(
                index.contains(&format!("href=\"seat-{seat}.html\"")),
                "{index}"
            );
            let page = std::fs::read_to_string(out.join(format!("seat-{seat}.html"))).unwrap();
            assert!(page.contains("<script id=\"data\" type=\"application/json\">"));
            assert!(page.contains("#selftest"), "the player script is embedded");
        }
        assert!(!out.join(format!("seat-{seats}.html")).exists());
    }
}

#[test]
fn bad_arguments_are_usage_errors_naming_them() {
    let (path, _) = simulated("pig --games 2", "errors");
    let out = path.parent().unwrap().join("pages");
    let view = |extra: &str| {
        cli(&format!(
            "alea view {} --out {} {extra}",
            path.display(),
            out.display()
        ))
    };
    let usage = |extra: &str| match view(extra) {
        Err(CliError::Usage(message)) => message,
        other => panic!("{extra}: {other:?}"),
    };
    assert!(usage("--game 2").contains("holds 2 games (0 to 1)"));
    assert!(usage("--seat 2").contains("seats 0 to 1"));
    assert!(usage("--seat west").contains("expected a seat number or all"));
    assert!(usage("--seat -1").contains("--seat \"-1\": expected a seat number or all"));
    let missing = cli(&format!(
        "alea view {} --out {}",
        out.join("none.jsonl").display(),
        out.display()
    ));
    assert!(
        matches!(missing, Err(CliError::Replay(ReplayError::Read { .. }))),
        "{missing:?}"
    );
    let (leduc, _) = simulated("leduc --games 1", "leduc");
    let refused = cli(&format!(
        "alea view {} --out {}",
        leduc.display(),
        out.display()
    ));
    assert!(
        matches!(&refused, Err(CliError::Usage(m)) if m.contains("not \"leduc\"")),
        "{refused:?}"
    );
    assert!(view("").unwrap().contains("pig: "));
}

/// The seats of sgs step `k`'s board.
fn sgs_seats(page: &PageData, k: usize) -> &Vec<Value> {
    page.steps[k].board["seats"].as_array().unwrap()
}

/// An identity4 page tells a seat its own role and the lord's at the start, a dead seat's
/// role from its death on, every role in the full page; every seat's hit points and hand
/// count; the cards of its own hand only.
#[test]
fn an_sgs_seat_s_page_names_only_the_roles_and_cards_it_knows() {
    let (_, lines) = simulated("sgs --mode identity4 --games 4 --seed 3", "sgs-roles");
    let mut deaths = 0;
    for (index, line) in lines.iter().enumerate() {
        let full = page_data(line, index + 1, None).unwrap();
        let roles = |page: &PageData, k: usize| -> Vec<Value> {
            sgs_seats(page, k)
                .iter()
                .map(|s| s["role"].clone())
                .collect()
        };
        let all = roles(&full, 0);
        assert!(all.iter().all(|r| r.is_string()), "{all:?}");
        let lord = all.iter().position(|r| r == "lord").unwrap();
        for seat in 0..4u8 {
            let view = page_data(line, index + 1, Some(seat)).unwrap();
            let mut dead = [false; 4];
            for (k, step) in view.steps.iter().enumerate() {
                for e in &step.events {
                    if e["event"] == "death" {
                        dead[e["seat"].as_u64().unwrap() as usize] = true;
                        deaths += 1;
                    }
                    let between_others = !e["to"].is_null() && e["from"] != seat && e["to"] != seat;
                    if e["event"] == "lost" && between_others {
                        assert_eq!(e["card"], 254, "seat {seat} sees a card change hands: {e}");
                    }
                }
                for (s, (role, board)) in
                    roles(&view, k).iter().zip(sgs_seats(&view, k)).enumerate()
                {
                    let known = s == usize::from(seat) || s == lord || dead[s];
                    let want = if known { &all[s] } else { &Value::Null };
                    assert_eq!(role, want, "seat {seat} sees {s} at step {k}");
                    assert_eq!(board["cards"].is_null(), s != usize::from(seat), "{board}");
                    if let Some(cards) = board["cards"].as_array() {
                        assert_eq!(cards.len() as u64, board["hand"].as_u64().unwrap());
                    }
                }
            }
            let (first, last) = (sgs_seats(&view, 0), sgs_seats(&view, view.steps.len() - 1));
            let full_last = sgs_seats(&full, full.steps.len() - 1);
            for s in 0..4 {
                assert_eq!(first[s]["hp"], sgs_seats(&full, 0)[s]["hp"]);
                for key in ["hp", "hand", "equipment", "alive"] {
                    assert_eq!(last[s][key], full_last[s][key], "seat {seat}, P{s}'s {key}");
                }
            }
        }
    }
    assert!(deaths > 0, "identity4 games see deaths");
}

/// A duel seat's page holds its own dice faces and cards and the other side's counts only;
/// everything else on the board is the full page's, step by step.
#[test]
fn a_duel_seat_s_board_hides_only_the_other_side_s_dice_and_cards() {
    let (_, lines) = simulated("duel --games 2 --seed 5", "duel-board");
    for (index, line) in lines.iter().enumerate() {
        let full = page_data(line, index + 1, None).unwrap();
        let last = &full.steps[full.steps.len() - 1].board;
        let winner = last["winner"].as_u64().map(|w| w as usize);
        if let Some(w) = winner {
            assert!(full.scores[w] > full.scores[1 - w], "{:?}", full.scores);
            let loser = &last["sides"][1 - w]["characters"];
            assert!(
                loser
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|c| c["alive"] == false)
            );
        }
        for seat in 0..2usize {
            let view = page_data(line, index + 1, Some(seat as u8)).unwrap();
            assert_eq!(view.steps.len(), full.steps.len());
            for (mine, all) in view.steps.iter().zip(&full.steps) {
                let mut expected = all.board.clone();
                let other = &mut expected["sides"][1 - seat];
                other["faces"] = Value::Null;
                other["cards"] = Value::Null;
                assert_eq!(mine.board, expected);
                let own = &mine.board["sides"][seat];
                assert_eq!(
                    own["faces"].as_array().unwrap().len() as u64,
                    own["dice"].as_u64().unwrap()
                );
                assert_eq!(
                    own["cards"].as_array().unwrap().len() as u64,
                    own["hand"].as_u64().unwrap()
                );
            }
        }
    }
}

/// The number of tiles in a hand string (`123m44z`).
fn tile_count(hand: &Value) -> usize {
    hand.as_str()
        .unwrap()
        .chars()
        .filter(char::is_ascii_digit)
        .count()
}

/// Each `revealed` event of `page` with the event that showed it: the one before it in the
/// same step (a win, or a drawn hand).
fn reveals(page: &PageData) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    for step in &page.steps {
        let mut cause = Value::Null;
        for e in &step.events {
            match e["event"].as_str() {
                Some("revealed") => out.push((e.clone(), cause.clone())),
                _ => cause = e.clone(),
            }
        }
    }
    out
}

/// The rules show a winner's hand to every seat (riichi: the ready hands at an exhaustive
/// draw too; sichuan: every hand at its exhaustive draw): each seat's page holds the same
/// reveals as the full page, right after the event that shows them, with the hand the seat
/// held (a ron's 13 − 3 per meld tiles, a self-draw's one more).
#[test]
fn the_rules_reveal_winning_and_ready_hands_to_every_seat() {
    for args in [
        "mahjong --games 2 --seed 3",
        "mahjong --rules sichuan --games 1 --seed 3",
    ] {
        let (_, lines) = simulated(args, &args.replace(' ', "-"));
        for (index, line) in lines.iter().enumerate() {
            let full = page_data(line, index + 1, None).unwrap();
            let shown = reveals(&full);
            let wins = events(&full).filter(|e| e["event"] == "win").count();
            assert!(
                wins > 0 && shown.len() >= wins,
                "{args}: {wins} wins, {} reveals",
                shown.len()
            );
            for (revealed, cause) in &shown {
                let seat = revealed["seat"].as_u64().unwrap() as usize;
                let count = tile_count(&revealed["hand"]);
                match cause["event"].as_str() {
                    Some("win") => {
                        assert_eq!(cause["seat"], seat, "{cause} {revealed}");
                        let ron = !cause["from"].is_null();
                        assert_eq!(count % 3, if ron { 1 } else { 2 }, "{cause} {revealed}");
                    }
                    Some("exhaustive_draw") if full.game == "mahjong" => {
                        assert_eq!(cause["tenpai"][seat], true, "{cause}");
                        assert_eq!(count % 3, 1, "{revealed}");
                    }
                    Some("exhaustive_draw") => {}
                    Some("abortive_draw") => assert_eq!(count % 3, 2, "{revealed}"),
                    _ => panic!("{revealed} after {cause}"),
                }
            }
            for seat in 0..4u8 {
                let view = page_data(line, index + 1, Some(seat)).unwrap();
                assert_eq!(reveals(&view), shown, "{args}: seat {seat}");
            }
        }
    }
}

/// Each mahjong step carries the scores after it: riichi's follow the events (wins, drawn
/// hands, riichi sticks), and the last step's are the recorded final scores.
#[test]
fn each_mahjong_step_carries_the_scores_after_it() {
    for args in [
        "mahjong --games 1 --seed 4",
        "mahjong --rules sichuan --games 1 --seed 4",
    ] {
        let (_, lines) = simulated(args, &args.replace(' ', "-"));
        let full = page_data(&lines[0], 1, None).unwrap();
        let scores = |k: usize| -> Vec<i64> {
            let board = &full.steps[k].board["scores"];
            board
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect()
        };
        assert_eq!(scores(full.steps.len() - 1), full.scores, "{args}");
        if full.game != "mahjong" {
            assert!(
                (1..full.steps.len()).any(|k| scores(k) != scores(k - 1)),
                "{args}"
            );
            continue;
        }
        let mut running = scores(0);
        for (k, step) in full.steps.iter().enumerate() {
            for e in &step.events {
                match e["event"].as_str() {
                    Some("win" | "exhaustive_draw") => {
                        for (s, d) in e["deltas"].as_array().unwrap().iter().enumerate() {
                            running[s] += d.as_i64().unwrap();
                        }
                    }
                    Some("riichi_stick") => running[e["seat"].as_u64().unwrap() as usize] -= 1000,
                    _ => {}
                }
            }
            assert_eq!(scores(k), running, "step {k}");
        }
    }
}

/// The full page of a match with abilities shows what they did — each deal's plans, raids
/// and begged tiles, the tiles lit before draws, Toki's collapsed wall slots — and deals
/// exactly as the record (the seat pages' own hands); a seat's page names the abilities
/// seated but not what they did (it is the wall's secret).
#[test]
fn a_full_page_shows_what_the_abilities_did() {
    let (_, lines) = simulated(
        "mahjong --games 1 --seed 7 --abilities kuro@0,toki@1,awai@2,hatsumi@3",
        "abilities",
    );
    let record: Value = serde_json::from_str(&lines[0]).unwrap();
    let full = page_data(&lines[0], 1, None).unwrap();
    let acts: Vec<&Value> = events(&full).filter(|e| e["event"] == "ability").collect();
    for act in ["planned", "raided", "begged", "lit"] {
        assert!(acts.iter().any(|a| a["act"] == act), "no {act}: {acts:?}");
    }
    let collapses = events(&full).filter(|e| e["event"] == "collapse").count();
    assert_eq!(collapses, record["collapses"].as_array().unwrap().len());
    for step in &full.steps {
        for (i, e) in step.events.iter().enumerate() {
            let later = |name: &str| {
                let mut rest = step.events[i..].iter();
                rest.any(|d| d["event"] == name && (name == "deal" || d["seat"] == e["drawer"]))
            };
            match e["act"].as_str() {
                Some("lit") => assert!(later("draw"), "a lit tile waits for the draw: {e}"),
                Some(_) => assert!(later("deal"), "an act at a deal is in the deal's step: {e}"),
                None => {}
            }
        }
    }
    let full_deal = events(&full)
        .find(|e| e["event"] == "deal")
        .unwrap()
        .clone();
    for seat in 0..4u8 {
        let view = page_data(&lines[0], 1, Some(seat)).unwrap();
        assert_eq!(view.abilities, full.abilities);
        assert!(events(&view).all(|e| e["event"] != "ability" && e["event"] != "collapse"));
        let deal = events(&view).find(|e| e["event"] == "deal").unwrap();
        assert_eq!(
            deal["hands"][usize::from(seat)],
            full_deal["hands"][usize::from(seat)]
        );
    }
    assert_eq!(full.abilities.len(), 4);
}

/// An mjai log (the fixtures: libriichi's RulebaseBot at every seat) is replayed through
/// alea's rules and shown like a record: a step per hand's deal, and a seat's page hides the
/// other hands and draws and names no other seat's dealt hand.
#[test]
fn mjai_logs_are_viewable_seat_by_seat() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjai");
    let log = dir.join("kan_seed218.json.gz");
    let out = crate::scratch("view-mjai").join("pages");
    let said = cli(&format!(
        "alea view {} --seat all --out {}",
        log.display(),
        out.display()
    ));
    assert!(said.unwrap().starts_with("mahjong: "));
    let full = alea_cli::cli::view_mjai(&log, 0, None).unwrap();
    let deals = |page: &PageData| events(page).filter(|e| e["event"] == "deal").count();
    assert_eq!(deals(&full), 11, "the log's 11 hands");
    assert_eq!(full.players, ["0", "1", "2", "3"]);
    for seat in 0..4u8 {
        let view = alea_cli::cli::view_mjai(&log, 0, Some(seat)).unwrap();
        assert_eq!(deals(&view), 11);
        for e in events(&view) {
            if e["event"] == "draw" && e["seat"].as_u64() != Some(seat.into()) {
                assert!(e["tile"].is_null(), "{e}");
            }
        }
        assert_hides_other_hands(&full, &view, seat);
    }
    let refused = cli(&format!(
        "alea view {} --game 1 --out {}",
        log.display(),
        out.display()
    ));
    assert!(
        matches!(&refused, Err(CliError::Usage(m)) if m.contains("holds 1 games")),
        "{refused:?}"
    );
}

/// A record is checked as `alea replay` checks it: one that verifies shows no problem (the
/// full page of a match with abilities too, whose first hand is dealt again to trace them);
/// one whose scores or checksum were changed is still shown, as the rules replay it, with a
/// warning on the page and in what `alea view` says.
#[test]
fn a_record_that_does_not_verify_is_shown_with_a_warning() {
    let (path, lines) = simulated("pig --games 1", "tampered");
    assert!(page_data(&lines[0], 1, None).unwrap().problems.is_empty());
    let (_, abilities) = simulated(
        "mahjong --games 1 --seed 3 --abilities kuro@0,toki@1",
        "traced",
    );
    assert!(
        page_data(&abilities[0], 1, None)
            .unwrap()
            .problems
            .is_empty()
    );
    let mut record: Value = serde_json::from_str(&lines[0]).unwrap();
    record["scores"][0] = (record["scores"][0].as_i64().unwrap() + 1).into();
    record["checksum"] = "0000000000000000".into();
    let tampered = path.with_file_name("tampered.jsonl");
    std::fs::write(&tampered, format!("{record}\n")).unwrap();
    let page = page_data(&record.to_string(), 1, Some(1)).unwrap();
    assert_eq!(page.problems.len(), 2, "{:?}", page.problems);
    assert!(
        page.problems[0].starts_with("scores ["),
        "{:?}",
        page.problems
    );
    assert!(page.problems[1].starts_with("checksum 0000000000000000 recorded"));
    let out = path.with_file_name("tampered-pages");
    let said = cli(&format!(
        "alea view {} --out {}",
        tampered.display(),
        out.display()
    ))
    .unwrap();
    assert_eq!(
        said.lines().filter(|l| l.starts_with("warning: ")).count(),
        2,
        "{said}"
    );
}

/// `alea view -` reads the file from stdin (a record or an mjai log, gzip too), and a file
/// that is neither is refused naming it and what `alea view` reads.
#[test]
fn view_reads_stdin_for_a_dash() {
    let (path, _) = simulated("pig --games 2 --seed 4", "stdin");
    let out = path.with_file_name("pages");
    let view = |input: &[u8]| {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_alea"))
            .args(["view", "-", "--game", "1", "--out"])
            .arg(&out)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let shown = view(&std::fs::read(&path).unwrap());
    assert!(shown.status.success(), "{shown:?}");
    let said = String::from_utf8(shown.stdout).unwrap();
    let steps = page_data(&lines_of(&path)[1], 2, None).unwrap().steps.len();
    assert_eq!(
        said.trim(),
        format!(
            "pig: index.html ({steps} steps) written to {}",
            out.display()
        )
    );
    let refused = view(b"{\"x\": 1}\n{\"x\": 2}\n");
    assert_eq!(refused.status.code(), Some(1));
    let error = String::from_utf8(refused.stderr).unwrap();
    assert!(error.contains("-: line 2: not a replay record"), "{error}");
    assert!(
        error.contains("reads the records of `simulate --out` and mjai logs"),
        "{error}"
    );
}
