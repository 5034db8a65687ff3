//! Tile notation: parsing never panics, and what parses prints back to the same tiles.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(tiles) = alea_games::tiles::parse_tiles(text) {
        let printed = alea_games::tiles::format_tiles(&tiles);
        let again = alea_games::tiles::parse_tiles(&printed).expect("printed notation parses");
        let (mut a, mut b) = (tiles, again);
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }
    let _ = text.parse::<alea_games::tiles::TileCounts>();
});
