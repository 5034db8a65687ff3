//! `alea arena` and `alea::arena`: duplicate evaluation through the registry, the same for any
//! thread count and any sharding, with intervals paired by deal.

use std::sync::Arc;

use alea::arena::{Arena, ArenaError, estimate};
use alea::registry::{DynGame, OptionValue, find};
use alea_games::games::REGISTRY;

use super::cli;

fn names(list: &str) -> Vec<String> {
    list.split(',').map(str::to_string).collect()
}

/// Registered game `name` with `options`.
fn game(name: &str, options: &[(&str, &str)]) -> Arc<dyn DynGame> {
    let given = options
        .iter()
        .map(|(k, v)| (k.to_string(), OptionValue::Text(v.to_string())));
    find(REGISTRY, name).unwrap().load(given).unwrap().1
}

/// A JSON report without what depends on the machine.
fn comparable(text: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    for field in ["threads", "seconds"] {
        value.as_object_mut().unwrap().remove(field);
    }
    value
}

/// The JSON report `line` prints, timing fields and all.
fn report_of(line: &str) -> serde_json::Value {
    serde_json::from_str(&cli(line).unwrap()).unwrap()
}

#[test]
fn every_registered_game_plays_an_arena_the_same_on_one_and_two_threads() {
    for info in REGISTRY {
        // The first two player kinds the game lists (`ismcts[:N]` named plainly); mahjong one
        // hand a deal.
        let players: Vec<String> = info
            .players
            .iter()
            .take(2)
            .map(|p| p.name.split('[').next().unwrap().to_string())
            .collect();
        let options: &[(&str, &str)] = match info.options.iter().any(|o| o.name == "length") {
            true => &[("length", "kyoku")],
            false => &[],
        };
        let arena = Arena::new(game(info.name, options), &players).unwrap();
        let one = arena.play(0..6, 11, 1, &|_| {}).unwrap();
        let two = arena.play(0..6, 11, 2, &|_| {}).unwrap();
        assert_eq!(one, two, "{}", info.name);
        let report = one.report().unwrap();
        assert_eq!(report.deals, 6);
        assert_eq!(
            report.players.len(),
            arena.seating().kinds.len(),
            "{}",
            info.name
        );
        let bounds = game(info.name, options).bounds();
        for p in &report.players {
            let [lo, hi] = p.estimate.interval.unwrap();
            assert!(
                lo <= p.estimate.mean && p.estimate.mean <= hi,
                "{}",
                info.name
            );
            assert!(
                (bounds.min_utility..=bounds.max_utility).contains(&p.estimate.mean),
                "{}: {} outside the game's bounds",
                info.name,
                p.estimate.mean
            );
        }
    }
}

#[test]
fn a_deal_is_one_seeded_game_played_in_every_rotation_and_averaged_by_player() {
    let sgs = game("sgs", &[]);
    let arena = Arena::new(sgs.clone(), &names("smart,random")).unwrap();
    let seed = 5;
    for index in 0..4 {
        let deal = arena.play_deal(seed, index).unwrap();
        let deal_seed = alea::chance::sub_seed(seed, index);
        // Rotation 0: smart at seat 0; rotation 1: smart at seat 1.
        let first = sgs
            .play_seated(deal_seed, &names("smart,random"), deal_seed)
            .unwrap();
        let second = sgs
            .play_seated(deal_seed, &names("random,smart"), deal_seed)
            .unwrap();
        let smart = (first.returns[0] + second.returns[1]) / 2.0;
        let random = (first.returns[1] + second.returns[0]) / 2.0;
        assert_eq!(deal.returns, vec![smart, random], "deal {index}");
        assert_eq!(deal.moves, u64::from(first.moves + second.moves));
        // The same seating again is the same game.
        let again = sgs
            .play_seated(deal_seed, &names("smart,random"), deal_seed)
            .unwrap();
        assert_eq!(again, first);
    }
}

#[test]
fn intervals_are_paired_by_deal_and_a_zero_sum_pair_mirrors() {
    let arena = Arena::new(game("sgs", &[]), &names("smart,random")).unwrap();
    let run = arena.play(0..40, 3, 2, &|_| {}).unwrap();
    let report = run.report().unwrap();
    let smart: Vec<f64> = run.deals.iter().map(|d| d.returns[0]).collect();
    let paired: Vec<f64> = run
        .deals
        .iter()
        .map(|d| d.returns[0] - d.returns[1])
        .collect();
    assert_eq!(report.players[0].estimate, estimate(&smart));
    assert_eq!(report.differences[0].estimate, estimate(&paired));
    assert_eq!(
        (
            report.differences[0].a.as_str(),
            report.differences[0].b.as_str()
        ),
        ("smart", "random")
    );
    // 1v1 sgs is zero-sum: per deal random's mean is smart's negated, so the difference is
    // twice smart's and its interval twice as wide.
    let (s, r) = (&report.players[0].estimate, &report.players[1].estimate);
    assert!((s.mean + r.mean).abs() < 1e-12);
    let d = report.differences[0].estimate;
    assert!((d.mean - 2.0 * s.mean).abs() < 1e-12);
    let width = |e: &alea::arena::Estimate| e.interval.map(|[lo, hi]| hi - lo).unwrap();
    assert!((width(&d) - 2.0 * width(s)).abs() < 1e-9);
    // SmartAI beats random players clearly.
    assert!(d.interval.unwrap()[0] > 0.0, "{d:?}");
}

#[test]
fn shards_merge_into_the_whole_run_and_bad_merges_are_refused() {
    let arena = Arena::new(game("duel", &[]), &names("greedy,random")).unwrap();
    let whole = arena.play(0..8, 9, 2, &|_| {}).unwrap();
    let mut merged = arena.play(3..8, 9, 1, &|_| {}).unwrap();
    merged
        .merge(arena.play(0..3, 9, 2, &|_| {}).unwrap())
        .unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.report().unwrap(), whole.report().unwrap());

    let before = merged.clone();
    let overlap = arena.play(2..4, 9, 1, &|_| {}).unwrap();
    assert!(
        matches!(merged.merge(overlap), Err(ArenaError::Usage(m)) if m.contains("deal 2 is in two shards"))
    );
    let other_seed = arena.play(8..9, 10, 1, &|_| {}).unwrap();
    assert!(
        matches!(merged.merge(other_seed), Err(ArenaError::Usage(m)) if m.contains("another run"))
    );
    assert_eq!(merged, before, "a refused merge changes nothing");
    let gap = arena.play(1..3, 9, 1, &|_| {}).unwrap();
    assert!(matches!(gap.report(), Err(ArenaError::Usage(m)) if m.contains("deal 0 is missing")));
}

#[test]
fn bad_players_are_refused_with_the_games_list() {
    let error = Arena::new(game("sgs", &[]), &names("smart,wizard"))
        .err()
        .unwrap();
    assert!(
        matches!(&error, ArenaError::Usage(m) if m.contains("wizard") && m.contains("trust")),
        "{error}"
    );
    let error = Arena::new(game("leduc", &[]), &names("random,random,random"))
        .err()
        .unwrap();
    assert!(
        matches!(&error, ArenaError::Usage(m) if m.contains("3 players") && m.contains("2 seats")),
        "{error}"
    );
    let error = cli("alea arena pig --players random --deals 3 --decks a.ron").unwrap_err();
    assert_eq!(error.exit_code(), 2);
    let error = cli("alea arena duel --players wizard --deals 3").unwrap_err();
    assert_eq!(error.exit_code(), 2, "{error}");
    let error = cli("alea arena sgs --players smart --deals 3 --rules riichi").unwrap_err();
    assert_eq!(error.exit_code(), 2, "{error}");
    let error = cli("alea arena pig --players random --deals 3 --seats 11").unwrap_err();
    assert!(
        error.to_string().starts_with("--seats 11: expected"),
        "{error}"
    );
    // A plot that could not be written is refused before any deal is played.
    let error =
        cli("alea arena sgs --players smart --deals 3 --plot /no/such/folder/a.svg").unwrap_err();
    assert_eq!(error.exit_code(), 2, "{error}");
    let error = cli("alea deal --rules riichi --deals 3 --plot /no/such/folder/d.svg").unwrap_err();
    assert_eq!(error.exit_code(), 2, "{error}");
}

#[test]
fn the_command_line_reports_the_same_for_one_and_two_threads() {
    let line = "alea arena sgs --players smart,random --deals 300 --json --threads";
    let one = cli(&format!("{line} 1")).unwrap();
    let two = cli(&format!("{line} 2")).unwrap();
    assert_eq!(comparable(&one), comparable(&two));
    let report = comparable(&one);
    assert_eq!(report["game"], "sgs");
    assert_eq!(report["deals"], 300);
    assert_eq!(report["rotations"], 2);
    assert_eq!(report["players"][0]["player"], "smart");
    assert_eq!(report["differences"][0]["a"], "smart");
    assert_eq!(report["options"]["max_rounds"], 100);
    let [lo, hi] = [0, 1].map(|i| report["players"][0]["interval"][i].as_f64().unwrap());
    assert!(lo < hi);

    let mahjong = "alea arena mahjong --rules riichi --length kyoku --players ismcts:8,greedy --deals 3 --json --threads";
    let one = comparable(&cli(&format!("{mahjong} 1")).unwrap());
    let two = comparable(&cli(&format!("{mahjong} 2")).unwrap());
    assert_eq!(one, two);
    assert_eq!(one["rotations"], 4);
    assert_eq!(
        one["seating"],
        serde_json::json!(["ismcts:8", "greedy", "greedy", "greedy"])
    );
    let measures = &one["players"][0]["measures"];
    for measure in ["points", "win_rate", "deal_in_rate"] {
        assert!(measures[measure]["mean"].is_number(), "{measure}");
    }
    // Riichi's return is the points in thousands.
    let (points, mean) = (
        measures["points"]["mean"].as_f64().unwrap(),
        one["players"][0]["mean"].as_f64().unwrap(),
    );
    assert!((points / 1000.0 - mean).abs() < 1e-9);

    let text = cli("alea arena sgs --players smart,random --deals 20").unwrap();
    assert!(text.contains("smart - random: +"), "{text}");
    // No more threads than deals.
    let one_deal = report_of("alea arena leduc --players random --deals 1 --threads 4 --json");
    assert_eq!(one_deal["threads"], 1);
    assert_eq!(one_deal["players"][0]["interval"], serde_json::Value::Null);
}

/// The texts of the SVG file at `path`, which must parse as XML with an `svg` root, and how
/// many elements called `tag` it has.
fn svg_texts(path: &std::path::Path, tag: &str) -> (Vec<String>, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let svg = roxmltree::Document::parse(&text).expect("the plot parses as XML");
    assert_eq!(svg.root_element().tag_name().name(), "svg");
    let texts = svg
        .descendants()
        .filter_map(|n| n.text())
        .map(str::to_string)
        .collect();
    let count = svg
        .descendants()
        .filter(|n| n.tag_name().name() == tag)
        .count();
    (texts, count)
}

#[test]
fn the_arena_plot_is_an_svg_with_each_player_and_its_running_mean() {
    let dir = crate::scratch("arena-plot");
    let path = dir.join("arena.svg");
    cli(&format!(
        "alea arena duel --players greedy,random --deals 12 --plot {}",
        path.display()
    ))
    .unwrap();
    let (texts, lines) = svg_texts(&path, "polyline");
    for label in [
        "greedy",
        "random",
        "running mean over deals",
        "duel: mean return, 95% interval",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(label)),
            "{label} in {texts:?}"
        );
    }
    // One running-mean line per player.
    assert!(lines >= 2, "{lines} polylines");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_deal_plot_is_an_svg_of_each_seats_histograms() {
    let dir = crate::scratch("deal-plot");
    let path = dir.join("deal.svg");
    let text = cli(&format!(
        "alea deal --rules riichi --abilities kuro@0,sawaya@2 --deals 200 --plot {}",
        path.display()
    ))
    .unwrap();
    assert!(
        text.contains("kuro@0"),
        "the statistics are still printed: {text}"
    );
    let (texts, rects) = svg_texts(&path, "rect");
    for label in [
        "starting shanten",
        "dora tiles in the starting hand",
        "honor tiles in the starting hand",
        "P0 kuro",
        "P2 sawaya",
        "P1",
    ] {
        assert!(
            texts.iter().any(|t| t.contains(label)),
            "{label} in {texts:?}"
        );
    }
    // Bars: 4 seats × (9 shanten + 5 dora + 15 honor values), plus the legends' swatches.
    assert!(rects >= 4 * (9 + 5 + 15), "{rects} rects");
    // Sichuan has no dora indicator: no dora panel.
    cli(&format!(
        "alea deal --rules sichuan --deals 50 --plot {}",
        path.display()
    ))
    .unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(!svg.contains("dora tiles") && svg.contains("honor tiles"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_shard_of_the_wrong_shape_is_refused_not_a_panic() {
    let arena = Arena::new(game("leduc", &[]), &names("random")).unwrap();
    let mut run = arena.play(0..2, 1, 1, &|_| {}).unwrap();
    let mut bad = arena.play(2..3, 1, 1, &|_| {}).unwrap();
    bad.deals[0].returns.push(1.0);
    assert!(matches!(run.merge(bad.clone()), Err(ArenaError::Usage(m)) if m.contains("deal 2")));
    bad.deals[0].returns.clear();
    assert!(run.merge(bad).is_err());
    run.deals[1].returns.clear();
    assert!(run.report().is_err());
}

/// The first difference of an arena of `players` at registered game `name` (no options) over
/// `deals` deals from seed 0: its mean and interval.
fn difference(name: &str, players: &str, deals: u64) -> (f64, [f64; 2]) {
    let arena = Arena::new(game(name, &[]), &names(players)).unwrap();
    let report = arena
        .play(0..deals, 0, 2, &|_| {})
        .unwrap()
        .report()
        .unwrap();
    let d = &report.differences[0].estimate;
    (d.mean, d.interval.unwrap())
}

/// Seed 0, each against random play: Pig's `hold` (roll to a turn total of 20, then bank)
/// wins nearly every game (about 99 %, a paired difference near 2; `hold:25` against `hold` is
/// in the strength tables, its edge too small for a test to pin), and Leduc's `ismcts` (500
/// iterations, random rollouts) is ahead by more than two chips a game (+2.6 over 2 000 deals
/// in the tables).
#[test]
fn the_small_games_players_beat_random_play() {
    for (name, players, deals, above, lowest) in [
        ("pig", "hold,random", 2000, 1.95, 1.9),
        ("leduc", "ismcts,random", 300, 2.0, 1.0),
    ] {
        let (mean, [lo, hi]) = difference(name, players, deals);
        assert!(
            mean > above && lo > lowest,
            "{name} {players}: {mean} [{lo}, {hi}]"
        );
    }
}

/// Pig's exact players in play agree with their solution: over 4 000 deals (seed 0, both
/// seat orders) the arena's difference between `best-response:hold` and `hold` holds the
/// exact value the solver gives (the mean of its first- and second-mover values, twice: the
/// difference of two zero-sum returns) within its 95 % interval widened to 99.99 % (× 1.99),
/// and `optimal` beats `hold` by less than the best response to `hold` does.
#[test]
fn pig_s_exact_players_play_their_solution() {
    use alea_games::games::pig::{Exact, Pig};
    let exact = Exact::named(&Pig::default(), "best-response:hold")
        .unwrap()
        .unwrap();
    let s = exact.solution();
    let value = s.first_mover_value() + s.second_mover_value();
    let (mean, [lo, hi]) = difference("pig", "best-response:hold,hold", 4000);
    let widen = 1.99 * (hi - lo) / 2.0;
    assert!(
        (mean - value).abs() < widen,
        "{mean} [{lo}, {hi}] against {value}"
    );
    let (optimal, _) = difference("pig", "optimal,hold", 4000);
    assert!(
        optimal > 0.0 && optimal < value,
        "{optimal} against {value}"
    );
}
