//! Dice generation expressions: parsing never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = text.parse::<alea_games::dice::DiceExpr>();
});
