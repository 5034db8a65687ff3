//! Replay lines: any line replays, reports its problems or is refused, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    let _ = alea_cli::cli::replay_line(line, 1);
});
