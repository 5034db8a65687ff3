//! `alea score` lines: any line gives a score or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    let _ = alea::cli::score_line(line, &alea::scoring::riichi::RiichiRules::default());
});
