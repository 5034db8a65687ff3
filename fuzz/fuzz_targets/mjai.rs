//! mjai event lines: any line reads as an event or is refused, never a panic, and an event
//! that reads writes back to JSON that reads as the same event. Lines that read are also a
//! bot's requests and a log to replay: neither panics, whatever they say.
#![no_main]
use alea_games::games::mahjong::riichi::mjai::{MjaiBot, MjaiEvent, replay_events};
use alea_games::games::mahjong::riichi::{PlayerKind, Riichi};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut events = Vec::new();
    for line in text.lines() {
        if let Ok(event) = serde_json::from_str::<MjaiEvent>(line) {
            let written = serde_json::to_string(&event).expect("an event writes");
            let again: MjaiEvent = serde_json::from_str(&written).expect("what is written reads");
            assert_eq!(again, event, "{line}");
            events.push(event);
        }
    }
    let config = Riichi::preset("riichi").expect("the preset").config;
    let mut bot = MjaiBot::new(PlayerKind::Greedy, config.clone(), None, 0);
    for event in &events {
        let _ = bot.react(std::slice::from_ref(event));
    }
    let lines: Vec<(usize, MjaiEvent)> = events.into_iter().enumerate().collect();
    let _ = replay_events(&lines, &config);
});
