//! All integration tests, in one binary (each test binary re-links bevy_ecs).

mod alloc_count;
#[cfg(feature = "bevy")]
mod bevy;
mod chance;
mod dealer;
mod determinism;
mod dice;
mod duel;
mod mount;
mod pipeline;
mod probe;
mod riichi;
mod riichi_rules;
mod scoring;
mod search;
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
