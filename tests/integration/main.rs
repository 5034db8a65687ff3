//! All integration tests, in one binary (each test binary re-links bevy_ecs).

mod alloc_count;
mod benefit;
#[cfg(feature = "bevy")]
mod bevy;
mod chance;
mod dealer;
mod dealer_examples;
mod determinism;
mod dice;
mod duel;
mod fill;
mod mount;
mod pipeline;
mod probe;
mod profile;
mod replay;
mod riichi;
mod riichi_rules;
mod scoring;
mod search;
mod seen;
mod sgs;
mod sichuan;
mod sichuan_hidden;
mod snapshot;

/// Runs the `alea` command line on `argv` (starting with "alea") and returns what it printed.
pub fn cli_argv<'a>(
    argv: impl IntoIterator<Item = &'a str>,
) -> Result<String, alea::cli::CliError> {
    use clap::Parser;
    let cli = alea::cli::Cli::try_parse_from(argv).expect("the arguments parse");
    let mut out = Vec::new();
    alea::cli::run(cli, &mut out)?;
    Ok(String::from_utf8(out).expect("the output is UTF-8"))
}

/// [`cli_argv`] on a whitespace-separated command line.
pub fn cli(args: &str) -> Result<String, alea::cli::CliError> {
    cli_argv(args.split_whitespace())
}

/// Runs the `$ alea ...` commands of the first text block after `marker` in the README and
/// compares what they print with what the README shows: a `...` line stands for any number of
/// lines, a timing line (`games/s`, `deals/s`) need only say so, a command ending in
/// `> /dev/null` is run unchecked, and `*.jsonl` files go to a scratch folder of this call. The
/// block must hold `commands` commands.
pub fn run_readme_block(marker: &str, commands: usize) {
    let readme = include_str!("../../README.md");
    let section = &readme[readme.find(marker).expect("the section")..];
    let start = section.find("```text\n").expect("its example block") + "```text\n".len();
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let mut found: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in block.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => found.push((command, Vec::new())),
            None => found.last_mut().expect("a command first").1.push(line),
        }
    }
    assert_eq!(found.len(), commands, "the block after {marker:?}");
    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("alea-readme-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (command, expected) in found {
        let (command, quiet) = match command.strip_suffix(" > /dev/null") {
            Some(c) => (c, true),
            None => (command, false),
        };
        let argv: Vec<String> = command
            .split_whitespace()
            .map(|t| match t.ends_with(".jsonl") {
                true => dir.join(t).to_string_lossy().into_owned(),
                false => t.to_string(),
            })
            .collect();
        let out =
            cli_argv(argv.iter().map(String::as_str)).unwrap_or_else(|e| format!("error: {e}\n"));
        if !quiet {
            compare_lines(command, &out, &expected);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `out` against the README's `expected` lines (see [`run_readme_block`]).
fn compare_lines(command: &str, out: &str, expected: &[&str]) {
    let got: Vec<&str> = out.lines().collect();
    let cut = expected.iter().position(|l| l.trim() == "...");
    let (head, tail) = match cut {
        Some(i) => (&expected[..i], &expected[i + 1..]),
        None => (expected, &expected[..0]),
    };
    match cut {
        Some(_) => assert!(got.len() >= head.len() + tail.len(), "{command}\n{out}"),
        None => assert_eq!(got.len(), expected.len(), "{command}\n{out}"),
    }
    let ends = got[..head.len()]
        .iter()
        .chain(&got[got.len() - tail.len()..]);
    for (g, e) in ends.zip(head.iter().chain(tail)) {
        match ["games/s", "deals/s"].into_iter().find(|t| e.contains(t)) {
            Some(timing) => assert!(g.contains(timing), "{command}: {g}"),
            None => assert_eq!(g, e, "{command}"),
        }
    }
}

/// Pearson's chi-square of observed counts against expected probabilities (`(observed, p)`
/// per cell; the probabilities sum to 1).
pub fn chi_square(cells: &[(u64, f64)]) -> f64 {
    let n: u64 = cells.iter().map(|c| c.0).sum();
    cells
        .iter()
        .map(|&(observed, p)| {
            let expected = n as f64 * p;
            (observed as f64 - expected).powi(2) / expected
        })
        .sum()
}

/// The chi-square critical value at the 0.1 % significance level for `df` degrees of freedom
/// (Wilson–Hilferty: within 1 % of the exact value from 3 degrees of freedom on).
pub fn chi_square_critical(df: usize) -> f64 {
    let k = df as f64;
    let z = 3.090_232; // the standard normal's 99.9 % quantile
    let c = 2.0 / (9.0 * k);
    k * (1.0 - c + z * c.sqrt()).powi(3)
}
