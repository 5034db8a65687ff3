//! mjai event lines: any line reads as an event or is refused, never a panic, and an event
//! that reads writes back to JSON that reads as the same event.
#![no_main]
use alea::games::mahjong::riichi::mjai::MjaiEvent;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|line: &str| {
    if let Ok(event) = serde_json::from_str::<MjaiEvent>(line) {
        let written = serde_json::to_string(&event).expect("an event writes");
        let again: MjaiEvent = serde_json::from_str(&written).expect("what is written reads");
        assert_eq!(again, event, "{line}");
    }
});
