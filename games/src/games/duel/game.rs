//! The duel as a kernel [`Game`]: setup and the deal, actions into events, the rules of each
//! event, decisions, views, determinization and returns.

use super::*;
use alea::determinize::DeterminizeError;

/// The deal's draws, after the piles are gathered and shuffled: [`START_HAND`] cards each,
/// every card a chance point ([`pile::NextCard`](super::pile::NextCard)), so a game built at
/// its chance root meets them as chance nodes.
pub const DEAL: [DuelEvent; 2] = [
    DuelEvent::Drawn {
        seat: Seat(0),
        count: START_HAND,
        tag: None,
    },
    DuelEvent::Drawn {
        seat: Seat(1),
        count: START_HAND,
        tag: None,
    },
];

/// Gathers each seat's hand and pile into its pile and shuffles it from the deal stream, for
/// the [`DEAL`] (the mulligan comes next).
fn gather(rules: &Rules<Duel>, world: &mut World) {
    for s in 0..2u8 {
        let seat = Seat(s);
        let cards: Vec<Entity> = zones::live(rules, world, seat)
            .iter()
            .copied()
            .filter(|&e| matches!(zones::zone(world, e), Zone::Hand(_) | Zone::Pile(_)))
            .collect();
        for &e in &cards {
            if let Some(mut z) = world.get_mut::<Zone>(e) {
                *z = Zone::Pile(seat);
            }
        }
        zones::shuffle_pile(rules, world, seat);
    }
}

/// Deals a new game from the current position, which must be a start position (as built):
/// call it after [`Sim::reseed`](alea::kernel::Sim::reseed) on a restored start snapshot to
/// get the game a fresh build with that seed would give, without rebuilding the world. Errs
/// (the deal's draws refused) only on a world that is not at a start.
pub fn redeal(sim: &mut alea::kernel::Sim<Duel>) -> Result<(), alea::kernel::SimError> {
    let rules = sim.shared_rules();
    gather(&rules, sim.world_mut());
    let state = sim.state_mut();
    state.phase = Phase::Mulligan(Seat(0));
    for side in &mut state.sides {
        side.hand = evidence::HandEvidence::default();
    }
    sim.emit(DEAL)?;
    sim.refresh_decision();
    Ok(())
}

impl Game for Duel {
    type Action = DuelAction;
    type Event = DuelEvent;
    type State = DuelState;

    fn name(&self) -> &'static str {
        "duel"
    }

    fn seats(&self) -> u8 {
        2
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        for s in 0..2 {
            setup.spawn_player(Seat(s), ());
        }
        for s in 0..2u8 {
            let seat = Seat(s);
            let deck = &self.decks[usize::from(s)];
            for i in 0..CARD_SLOTS {
                let (card, zone) = match deck.cards.get(i) {
                    Some(&c) => (c, Zone::Pile(seat)),
                    None => (0, Zone::Pool),
                };
                setup.spawn_card(CardId(card), zone, (seat, PileOrder(i as u16), Attached(0)));
            }
        }
        for s in 0..2u8 {
            for _ in 0..MAX_DICE {
                setup.spawn_die(8, Zone::Pool, Seat(s));
            }
        }
        for (s, deck) in self.decks.iter().enumerate() {
            let seat = Seat(s as u8);
            setup.spawn_group(board::characters(seat), TEAM, |slot| {
                let c = deck.characters[slot];
                let fighter = Fighter {
                    character: c,
                    hp: self.catalog.characters[usize::from(c)].hp,
                    alive: true,
                    ..Fighter::default()
                };
                (seat, CharacterSlot(slot as u8), fighter)
            });
        }
        *setup.state() = DuelState::default();
        setup.insert_resource(DuelControl {
            card_slots: self
                .decks
                .clone()
                .map(|d| d.cards.len().min(CARD_SLOTS) as u8),
            ..DuelControl::default()
        });
        pieces::spawn(setup);
        setup.snapshot_component::<PileOrder>();
        setup.snapshot_component::<Attached>();
        setup.snapshot_component::<Fighter>();
        setup.snapshot_resource::<DuelControl>();
        setup.insert_resource(history::DiceHistory::default());
        setup.snapshot_resource::<history::DiceHistory>();
        let (first_card, first_die) = (setup.rules().cards()[0], setup.rules().dice()[0]);
        let first_fighter = setup.rules().group(board::characters(Seat(0)))[0];
        let query = zones::ZoneQueries::new(setup.world(), first_card, first_die, first_fighter);
        setup.insert_resource(query);
        // A cache of queries, rebuilt by nothing the rules decide: not game state.
        setup.not_game_state::<zones::ZoneQueries>();
        let (rules, world) = setup.rules_and_world();
        gather(rules, world);
        for event in DEAL {
            setup.emit(event);
        }
    }

    fn translate(
        _: &Rules<Duel>,
        _: &World,
        _: &Table,
        _: &DuelState,
        seat: Seat,
        action: DuelAction,
        out: &mut RootEvents<'_, DuelEvent>,
    ) {
        out.push(match action {
            DuelAction::Redraw(mask) => DuelEvent::Redrawn { seat, mask },
            DuelAction::Start(character) => DuelEvent::StartChosen { seat, character },
            DuelAction::Keep => DuelEvent::Rerolled {
                seat,
                reroll: false,
            },
            DuelAction::Reroll => DuelEvent::Rerolled { seat, reroll: true },
            DuelAction::Skill(skill) => DuelEvent::SkillUsed { seat, skill },
            DuelAction::Play(card) => DuelEvent::CardPlayed {
                seat,
                card: CardId(card),
            },
            DuelAction::Tune(card) => DuelEvent::CardTuned {
                seat,
                card: CardId(card),
            },
            DuelAction::Switch(to) => DuelEvent::Switched {
                seat,
                to,
                action: true,
            },
            DuelAction::Choose(to) => DuelEvent::Switched {
                seat,
                to,
                action: false,
            },
            DuelAction::EndRound => DuelEvent::RoundEnded { seat },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut DuelEvent) -> Flow {
        rules::apply(ctx, event)
    }

    fn next_decision(
        rules: &Rules<Duel>,
        world: &World,
        _: &Table,
        state: &DuelState,
        decision: &mut Decision<DuelAction>,
    ) {
        legal::decide(rules, world, state, decision);
    }

    fn returns(_: &Rules<Duel>, _: &World, _: &Table, state: &DuelState, out: &mut Vec<f64>) {
        out.clear();
        out.resize(2, 0.0);
        if let Some(w) = state.winner {
            out[w.index()] = 1.0;
            out[w.next(2).index()] = -1.0;
        }
    }

    const HIDDEN_INFORMATION: bool = true;

    /// Every event as it is, but another seat's mulligan: which of its cards it put back
    /// (bits over its sorted hand) is its own; the other seat sees how many, as that many
    /// low bits.
    fn seen_by(event: &DuelEvent, viewer: Seat) -> Option<DuelEvent> {
        Some(match *event {
            DuelEvent::Redrawn { seat, mask } if seat != viewer => DuelEvent::Redrawn {
                seat,
                mask: ((1u32 << mask.count_ones()) - 1) as u16,
            },
            other => other,
        })
    }

    /// What `seat` sees: the public state, the characters and the pieces in play, its own hand
    /// (as a sorted multiset), its own dice, the number of cards in each hand and pile and of
    /// dice of the opponent, every discard pile, equipment and support, and its own draw buffer. Not the opponent's hand or dice faces,
    /// nor any pile's order.
    fn observe(
        rules: &Rules<Duel>,
        world: &World,
        _: &Table,
        state: &DuelState,
        seat: Seat,
        mut h: &mut dyn Hasher,
    ) {
        use std::hash::Hash;
        board::view_of(rules, world, state).hash(&mut h);
        for s in [seat, seat.next(2)] {
            for (_, piece) in pieces::in_play(rules, world, s) {
                // A support's card by catalog index: which card entity holds it is not
                // information (determinization moves card ids between entities).
                let card = (piece.card != state::NONE).then(|| {
                    let entity = zones::cards(rules, s)[usize::from(piece.card)];
                    zones::card_id(world, entity)
                });
                (piece.kind, piece.character, piece.summon, piece.slot).hash(&mut h);
                (piece.value, piece.usages, card).hash(&mut h);
            }
            let mut seen: Vec<(u8, u16, u8)> = zones::live(rules, world, s)
                .iter()
                .filter_map(|&e| {
                    let z = zones::zone(world, e);
                    let c = zones::card_id(world, e);
                    let attached = world.get::<Attached>(e).map_or(0, |a| a.0);
                    match z {
                        Zone::Hand(_) if s == seat => Some((0, c, 0)),
                        Zone::Hand(_) => Some((0, u16::MAX, 0)),
                        Zone::Pile(_) => Some((1, u16::MAX, 0)),
                        Zone::Discard(_) => Some((2, c, 0)),
                        Zone::Equipment(_) => Some((3, c, attached)),
                        Zone::Meld(_) => Some((4, c, 0)),
                        _ => None,
                    }
                })
                .collect();
            seen.sort_unstable();
            seen.hash(&mut h);
            let faces = zones::faces(world, s);
            if s == seat {
                faces.hash(&mut h);
            } else {
                faces.iter().flatten().count().hash(&mut h);
            }
        }
        let control = world.resource::<DuelControl>();
        control.draw_buffer[seat.index()].hash(&mut h);
        // What the dice went through, which the determinization reads (no hidden face).
        world.get_resource::<history::DiceHistory>().hash(&mut h);
    }

    /// Re-deals what `viewer` cannot see: the opponent's hand and pile are shuffled together
    /// and dealt back in the same sizes (the hand's cards of known tags first:
    /// [`evidence::deal`]), the viewer's own pile is shuffled, and the opponent's
    /// dice are rolled again from their public history ([`history::determinize`]).
    /// No zone: the duel's cards are catalog slots per seat with a pile order of their own,
    /// so no two cards trade places (`Sim::place_cards` refuses); `Sim::set_zone` rewrites
    /// the slots ([`Game::set_zone`] below).
    fn concealed_zone(_: Zone) -> bool {
        false
    }

    /// A seat's hand or pile is exactly `cards` (catalog indices, `dummy` for an unknown
    /// card), written on its card slots: [`determinize::set_hand`], [`determinize::set_pile`].
    fn set_zone(
        rules: &Rules<Duel>,
        world: &mut World,
        state: &mut DuelState,
        zone: Zone,
        cards: &[CardId],
    ) -> Result<(), DeterminizeError> {
        determinize::set_zone(rules, world, state, zone, cards)
    }

    /// A seat's dice are exactly `faces` ([`Face`] discriminants), taken
    /// from or put back in its pool of dice: [`determinize::set_dice`].
    fn set_dice(
        _: &Rules<Duel>,
        world: &mut World,
        _: &mut DuelState,
        zone: Zone,
        faces: &[u8],
    ) -> Result<(), DeterminizeError> {
        determinize::set_dice_zone(world, zone, faces)
    }

    fn determinize(
        rules: &Rules<Duel>,
        world: &mut World,
        _: &Table,
        state: &mut DuelState,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
    ) {
        let other = viewer.next(2);
        let hand_len = zones::count(world, other, Zone::Hand(other));
        // The opponent's hand and pile, as a canonical multiset (sorted card ids on the
        // entities in card order), dealt out anew: only what the viewer knows matters.
        let unseen: Vec<Entity> = zones::live(rules, world, other)
            .iter()
            .copied()
            .filter(|&e| matches!(zones::zone(world, e), Zone::Hand(_) | Zone::Pile(_)))
            .collect();
        let known = state.sides[other.index()].hand.known;
        let tag_of = |id: u16| zones::tag(rules, id);
        let deal = |ids: &mut [u16], rng: &mut ChaCha8Rng| {
            evidence::deal(ids, hand_len, known, tag_of, rng);
        };
        redistribute(world, &unseen, rng, deal, |i| {
            if i < hand_len {
                Zone::Hand(other)
            } else {
                Zone::Pile(other)
            }
        });
        let own = zones::in_zone(rules, world, viewer, Zone::Pile(viewer));
        let shuffle = |ids: &mut [u16], rng: &mut ChaCha8Rng| ids.shuffle(rng);
        redistribute(world, &own, rng, shuffle, |_| Zone::Pile(viewer));
        // Both piles are in a random order again: their draws are chance points.
        world.resource_mut::<DuelControl>().pile_set = [false; 2];
        history::determinize(world, other, rng);
    }
}

/// Puts the card ids of `entities`, sorted then ordered by `deal` with `rng`, back on them in
/// order; entity `i` goes to `zone(i)` with pile position `i`.
fn redistribute(
    world: &mut World,
    entities: &[Entity],
    rng: &mut ChaCha8Rng,
    deal: impl FnOnce(&mut [u16], &mut ChaCha8Rng),
    zone: impl Fn(usize) -> Zone,
) {
    let mut ids: Vec<u16> = entities.iter().map(|&e| zones::card_id(world, e)).collect();
    ids.sort_unstable();
    deal(&mut ids, rng);
    for (i, (&e, id)) in entities.iter().zip(ids).enumerate() {
        if let Some(mut z) = world.get_mut::<Zone>(e) {
            *z = zone(i);
        }
        if let Some(mut c) = world.get_mut::<CardId>(e) {
            c.0 = id;
        }
        if let Some(mut o) = world.get_mut::<PileOrder>(e) {
            o.0 = i as u16;
        }
    }
}
