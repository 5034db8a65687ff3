//! All integration tests, in one binary (each test binary re-links bevy_ecs).

mod alloc_count;
mod arena;
mod benefit;
mod bevy;
#[cfg(unix)]
mod book;
mod chance;
mod chance_nodes;
mod conformance;
mod dealer;
mod dealer_examples;
mod determinism;
mod dice;
mod duel;
mod duel_inference;
mod encode;
mod fill;
mod inference;
mod mjai;
mod mount;
mod pipeline;
mod probe;
mod profile;
#[cfg(unix)]
mod readme;
mod registry;
mod replay;
mod reshape;
mod riichi;
mod riichi_rules;
mod scoring;
mod search;
mod seen;
mod sgs;
mod shard;
mod sichuan;
mod sichuan_hidden;
mod snapshot;
mod vector;
mod view;

/// A fresh folder for test `name`'s files, in the test binary's temporary folder
/// (`target/…/tmp`, which `cargo clean` empties; nothing is left in the system's).
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the `alea` command line on `argv` (starting with "alea") and returns what it printed.
pub fn cli_argv<'a>(
    argv: impl IntoIterator<Item = &'a str>,
) -> Result<String, alea_cli::cli::CliError> {
    use clap::Parser;
    let cli = alea_cli::cli::Cli::try_parse_from(argv).expect("the arguments parse");
    let mut out = Vec::new();
    alea_cli::cli::run(cli, &mut out)?;
    Ok(String::from_utf8(out).expect("the output is UTF-8"))
}

/// [`cli_argv`] on a whitespace-separated command line.
pub fn cli(args: &str) -> Result<String, alea_cli::cli::CliError> {
    cli_argv(args.split_whitespace())
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
/// (Wilson–Hilferty). It overestimates the exact value — by 2.3 % at 2 degrees of freedom,
/// 1.75 % at 3, 1.15 % at 5, under 1 % from 6 on — so a test is a little weaker, never flaky.
pub fn chi_square_critical(df: usize) -> f64 {
    let k = df as f64;
    let z = 3.090_232; // the standard normal's 99.9 % quantile
    let c = 2.0 / (9.0 * k);
    k * (1.0 - c + z * c.sqrt()).powi(3)
}

/// Asserts that the observed counts fit the expected probabilities (`(observed, p)` per cell):
/// Pearson's chi-square below its 0.1 % critical value, `cells.len() - 1` degrees of freedom.
pub fn assert_fits(cells: &[(u64, f64)], what: &str) {
    assert!(cells.len() >= 2, "a fit needs two cells or more: {what}");
    let total: f64 = cells.iter().map(|c| c.1).sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "the probabilities sum to {total}: {what}"
    );
    let chi = chi_square(cells);
    let critical = chi_square_critical(cells.len() - 1);
    assert!(
        chi < critical,
        "chi-square {chi:.1} >= {critical:.1} over {} cells: {what}",
        cells.len()
    );
}

#[test]
fn a_fair_count_fits_and_a_skewed_one_does_not() {
    // 600 rolls of a die: 100 a face fits; 130 ones and 70 sixes (chi-square 18) is below the
    // critical value (20.75 here, 20.52 exactly), 150 and 50 (chi-square 50) far above it.
    let die = |one: u64, six: u64| [one, 100, 100, 100, 100, six].map(|o| (o, 1.0 / 6.0));
    assert_fits(&die(100, 100), "fair");
    assert_fits(&die(130, 70), "mildly skewed");
    let skewed = std::panic::catch_unwind(|| assert_fits(&die(150, 50), "skewed"));
    assert!(skewed.is_err(), "a skewed count is refused");
}
