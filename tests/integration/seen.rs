//! `Game::seen_by` (and so `Resolved::seen_by`): a seat never sees another seat's hidden card.

use alea::kernel::playout::{random_action, random_player_rng};
use alea::kernel::{Game, Seat, SimBuilder};
use alea::pipeline::LoggedEvent;
use alea_games::games::mahjong::riichi::{Length, Riichi, RiichiEvent};
use alea_games::games::mahjong::sichuan::{Sichuan, SichuanEvent};
use alea_games::games::sgs::{Mode, Sgs, SgsEvent, UNKNOWN_CARD};
use proptest::prelude::*;

/// The events of a random game of `game` seeded `seed` (at most `actions` actions).
fn events<G: Game>(game: G, seed: u64, actions: usize) -> Vec<LoggedEvent<G::Event>> {
    let mut sim = SimBuilder::new(game).seed(seed).build();
    sim.record_events(true);
    let mut rng = random_player_rng(seed);
    for _ in 0..actions {
        let Some(action) = random_action(&sim, &mut rng) else {
            break;
        };
        sim.apply(action).unwrap();
    }
    sim.take_events()
}

/// Checks `check(event, viewer, seen)` for every event and seat, and that a seat sees what
/// only it may know as it is.
fn every_view<E: PartialEq + std::fmt::Debug>(
    events: &[LoggedEvent<E>],
    seats: u8,
    seen_by: fn(&E, Seat) -> Option<E>,
    mut check: impl FnMut(&E, Seat, Option<&E>),
) {
    for logged in events {
        for viewer in (0..seats).map(Seat) {
            check(
                &logged.event,
                viewer,
                seen_by(&logged.event, viewer).as_ref(),
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn riichi_draws_and_answers_stay_with_their_seat(seed in 0u64..1_000_000) {
        let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
        let log = events(game, seed, 400);
        let mut hidden = 0;
        every_view(&log, 4, Riichi::seen_by, |event, viewer, seen| match *event {
            RiichiEvent::Draw { seat, exit, tile } if seat != viewer => {
                assert_eq!(seen, Some(&RiichiEvent::Draw { seat, exit, tile: None }));
                hidden += usize::from(tile.is_some());
            }
            RiichiEvent::Answer { seat, .. } if seat != viewer => assert_eq!(seen, None),
            _ => assert_eq!(seen, Some(event)),
        });
        prop_assert!(hidden > 0, "some draw was hidden");
    }

    #[test]
    fn sichuan_draws_declarations_and_answers_stay_with_their_seat(seed in 0u64..1_000_000) {
        let log = events(Sichuan::preset("sichuan").unwrap().with_hands(1), seed, 300);
        every_view(&log, 4, Sichuan::seen_by, |event, viewer, seen| match *event {
            SichuanEvent::Draw { seat, exit, .. } if seat != viewer => {
                assert_eq!(seen, Some(&SichuanEvent::Draw { seat, exit, tile: None }));
            }
            SichuanEvent::Declare { seat, .. } | SichuanEvent::Answer { seat, .. }
                if seat != viewer => assert_eq!(seen, None),
            _ => assert_eq!(seen, Some(event)),
        });
    }
}

#[test]
fn sgs_snatched_cards_are_seen_by_the_two_seats_only() {
    let mut unknown = 0;
    for seed in 0..8 {
        let log = events(Sgs::new(Mode::Identity4), seed, 2_000);
        every_view(&log, 4, Sgs::seen_by, |event, viewer, seen| match *event {
            SgsEvent::Lost {
                from,
                card,
                to: Some(to),
            } => {
                let shown = if viewer == from || viewer == to {
                    card
                } else {
                    unknown += 1;
                    UNKNOWN_CARD
                };
                let expected = SgsEvent::Lost {
                    from,
                    card: shown,
                    to: Some(to),
                };
                assert_eq!(seen, Some(&expected));
            }
            _ => assert_eq!(seen, Some(event)),
        });
    }
    assert!(unknown > 0, "some snatch was hidden from a third seat");
}
