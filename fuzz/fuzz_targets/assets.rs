//! RON assets and position files: the ability parameters, the duel catalog, the sgs deck and
//! sgs positions parse or are refused, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = alea_games::games::mahjong::abilities::parse_params(text);
    let _ = alea_games::games::duel::catalog::Catalog::from_ron(text);
    let _ = alea_games::games::sgs::Deck::from_ron(text);
    let deck = alea_games::games::sgs::Deck::embedded();
    let _ = alea_games::games::sgs::position::Position::from_json(text, &deck);
});
