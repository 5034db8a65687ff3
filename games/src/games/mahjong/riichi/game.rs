//! Riichi as a kernel [`Game`] and a mahjong [`Ruleset`](crate::games::mahjong::Ruleset):
//! setup, actions into events, the rules of each event, decisions, views and returns.

use super::*;

impl Riichi {
    /// Starts a new match in `sim` (built for riichi) exactly as if it had been built with
    /// `seed`: fresh scores, random streams re-seeded, the first hand dealt. Reusing one
    /// simulator this way skips rebuilding the World for every match.
    ///
    /// A first deal that a user's ability makes fail is an error
    /// ([`PipelineError::Failed`](alea::pipeline::PipelineError::Failed)) and leaves `sim`
    /// as it was.
    pub fn restart(sim: &mut Sim<Riichi>, seed: u64) -> Result<(), SimError> {
        let config = sim.rules().game.config.clone();
        crate::games::mahjong::restart(sim, seed, |world, table| {
            *world.resource_mut::<Match>() = Match {
                scores: [config.start_points; SEATS],
                ..Match::default()
            };
            first_hand(world, table, config.length)
        })
    }
}

/// Deals a match's first hand and the dealer's first draw (at setup and restart).
fn first_hand(world: &mut World, table: &mut Table, length: Length) -> Result<(), DealError> {
    rules::start_hand(world, table, length)?;
    rules::draw_into(world, table, Seat(0), Exit::Pii);
    Ok(())
}

impl Game for Riichi {
    type Action = RiichiAction;
    type Event = RiichiEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "riichi"
    }

    fn seats(&self) -> u8 {
        SEATS as u8
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        if !crate::games::mahjong::setup_table(setup, self.deal_config(), &self.abilities) {
            return;
        }
        setup.insert_resource(Match {
            scores: [self.config.start_points; SEATS],
            ..Match::default()
        });
        setup.insert_resource(Kyoku::default());
        setup.snapshot_resource::<Match>();
        setup.snapshot_resource::<Kyoku>();
        let length = self.config.length;
        if let Err(error) =
            setup.with_world_and_table(|world, table| first_hand(world, table, length))
        {
            setup.fail(error);
        }
    }

    fn translate(
        _: &Rules<Riichi>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        action: RiichiAction,
        out: &mut RootEvents<'_, RiichiEvent>,
    ) {
        let kyoku = world.resource::<Kyoku>();
        out.push(match action {
            RiichiAction::Discard(tile) => RiichiEvent::Discard {
                seat,
                tile,
                riichi: false,
            },
            RiichiAction::Riichi(tile) => RiichiEvent::Discard {
                seat,
                tile,
                riichi: true,
            },
            RiichiAction::Tsumo => RiichiEvent::Win {
                seat,
                from: None,
                tile: kyoku.drawn[seat.index()].unwrap_or(Tile::ALL[0]),
                chankan: false,
                rinshan: matches!(kyoku.phase, Phase::Turn { rinshan: true, .. }),
                han: 0,
                fu: 0,
                points: 0,
                yaku: String::new(),
                ura: Vec::new(),
                deltas: [0; SEATS],
            },
            RiichiAction::ClosedKan(tile) => RiichiEvent::Kan {
                seat,
                kind: MeldKind::ClosedKan,
                tile,
            },
            RiichiAction::AddedKan(tile) => RiichiEvent::Kan {
                seat,
                kind: MeldKind::AddedKan,
                tile,
            },
            RiichiAction::Ron => RiichiEvent::Answer {
                seat,
                answer: Answer::Ron,
            },
            RiichiAction::Pon(a, b) => RiichiEvent::Answer {
                seat,
                answer: Answer::Pon(a, b),
            },
            RiichiAction::Chi(a, b) => RiichiEvent::Answer {
                seat,
                answer: Answer::Chi(a, b),
            },
            RiichiAction::Kan => RiichiEvent::Answer {
                seat,
                answer: Answer::Kan,
            },
            RiichiAction::Pass => RiichiEvent::Answer {
                seat,
                answer: Answer::Pass,
            },
            RiichiAction::NineTerminals => RiichiEvent::AbortiveDraw {
                reason: Abort::NineTerminals(seat),
            },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut RiichiEvent) -> Flow {
        rules::apply(ctx, event);
        Flow::Continue
    }

    fn next_decision(
        rules: &Rules<Riichi>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<RiichiAction>,
    ) {
        let mut choices = std::mem::take(&mut decision.choices);
        let seat = legal::legal_actions(
            &rules.game,
            world.resource::<Kyoku>(),
            world.resource::<Match>(),
            world.resource::<Mount>(),
            &mut choices,
        );
        decision.choices = choices;
        match seat {
            Some(seat) => decision.turn = alea::kernel::Turn::Player(seat),
            None => decision.finish(),
        }
    }

    const HIDDEN_INFORMATION: bool = true;

    fn seen_by(event: &RiichiEvent, viewer: Seat) -> Option<RiichiEvent> {
        hidden::seen_by(event, viewer)
    }

    fn observe(
        _: &Rules<Riichi>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        hasher: &mut dyn std::hash::Hasher,
    ) {
        hidden::observe(world, seat, hasher);
    }

    /// [`fill_unknown`] from `rng`; a position it cannot work from stays as it is.
    fn determinize(
        rules: &Rules<Riichi>,
        world: &mut World,
        _: &Table,
        _: &mut (),
        viewer: Seat,
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        <Riichi as InferredFill>::fill(rules, world, viewer, rng, Inference::Constrained);
    }

    fn returns(rules: &Rules<Riichi>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        let start = rules.game.config.start_points;
        out.clear();
        out.extend(scores(world).iter().map(|&s| f64::from(s - start) / 1000.0));
    }
}

impl crate::games::mahjong::Ruleset for Riichi {
    const RECORD: &'static str = "mahjong";
    type Config = RiichiConfig;

    fn config(&self) -> &RiichiConfig {
        &self.config
    }

    fn abilities(&self) -> &[SeatedAbility] {
        &self.abilities
    }

    fn build(config: RiichiConfig, abilities: &[SeatedAbility]) -> Result<Riichi, String> {
        Riichi::new(config)
            .with_abilities(abilities)
            .map_err(|e| e.to_string())
    }

    fn restart(sim: &mut Sim<Riichi>, seed: u64) -> Result<(), SimError> {
        Riichi::restart(sim, seed)
    }

    fn choose(
        sim: &mut Sim<Riichi>,
        players: &[PlayerKind],
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<RiichiAction> {
        choose(sim, players, rng)
    }

    fn scores(world: &World) -> [i32; SEATS] {
        scores(world)
    }

    fn is_over(world: &World) -> bool {
        world.resource::<Match>().over
    }

    fn tally(world: &World) -> crate::games::mahjong::MatchTally {
        let t = world.resource::<Match>().tally;
        crate::games::mahjong::MatchTally {
            hands: t.hands,
            wins: t.wins,
            deal_ins: t.deal_ins,
            draws: t.draws,
        }
    }

    fn deal_event(sim: &Sim<Riichi>) -> RiichiEvent {
        let m = sim.world().resource::<Match>();
        RiichiEvent::Deal {
            wind: m.wind,
            number: m.number,
            honba: m.honba,
            sticks: m.sticks,
            hands: crate::games::mahjong::dealt_hands(sim.world()),
            indicator: sim
                .world()
                .resource::<Mount>()
                .dora_indicators()
                .first()
                .copied(),
        }
    }

    /// The dora indicators, then each seat's tiles and melds.
    fn deal_lines(sim: &Sim<Riichi>) -> Vec<String> {
        let world = sim.world();
        let kyoku = world.resource::<Kyoku>();
        let indicators = format_tiles(world.resource::<Mount>().dora_indicators());
        let mut lines = vec![format!(
            "dora indicator {indicators}; hands (the dealer has drawn):"
        )];
        lines.extend((0..SEATS as u8).map(|s| {
            let melds: Vec<_> = kyoku
                .melds_of(Seat(s))
                .map(|m| (m.meld.kind().to_string(), m.tiles().tiles().collect()))
                .collect();
            format!(
                "  {}",
                crate::games::mahjong::seat_line(Seat(s), &kyoku.hands[usize::from(s)], &melds)
            )
        }));
        lines
    }

    fn log_kind(event: &RiichiEvent) -> crate::games::mahjong::LogKind {
        use crate::games::mahjong::LogKind;
        match event {
            RiichiEvent::Answer { .. } => LogKind::Hidden,
            RiichiEvent::Deal { .. } => LogKind::Deal,
            RiichiEvent::HandEnd { .. } => LogKind::HandEnd,
            _ => LogKind::Line,
        }
    }

    fn describe(&self) -> String {
        format!("{:?}", self.config.length)
    }

    fn length(&self) -> serde_json::Value {
        serde_json::to_value(self.config.length).unwrap_or_default()
    }
}
