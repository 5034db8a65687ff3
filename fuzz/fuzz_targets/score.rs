//! `alea score` lines: any line gives a score or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    let _ = alea_cli::cli::score_line(line, &alea_games::scoring::riichi::RiichiRules::default());
});
