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
    crate::games::mahjong::draw_into::<Kyoku>(world, table, Seat(0), Exit::Pii);
    Ok(())
}

impl Game for Riichi {
    crate::games::mahjong::game_items!();

    type Action = RiichiAction;
    type Event = RiichiEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "riichi"
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
            RiichiAction::Tsumo => RiichiEvent::unscored_win(
                seat,
                None,
                kyoku.drawn[seat.index()].unwrap_or(Tile::ALL[0]),
                false,
                matches!(kyoku.phase, Phase::Turn { rinshan: true, .. }),
            ),
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

    fn next_decision(
        rules: &Rules<Riichi>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<RiichiAction>,
    ) {
        crate::games::mahjong::decide(decision, |choices| {
            legal::legal_actions(
                &rules.game,
                world.resource::<Kyoku>(),
                world.resource::<Match>(),
                world.resource::<Mount>(),
                choices,
            )
        });
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

    fn returns(rules: &Rules<Riichi>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        let start = rules.game.config.start_points;
        out.clear();
        out.extend(scores(world).iter().map(|&s| f64::from(s - start) / 1000.0));
    }
}

impl crate::games::mahjong::Ruleset for Riichi {
    const RECORD: &'static str = "mahjong";
    type Config = RiichiConfig;
    type Hand = Kyoku;
    type Match = Match;

    fn config(&self) -> &RiichiConfig {
        &self.config
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

    fn answering(sim: &Sim<Riichi>) -> bool {
        matches!(sim.world().resource::<Kyoku>().phase, Phase::Claims { .. })
    }

    fn reveals(event: &RiichiEvent) -> [bool; 4] {
        let only = |seat: Seat| std::array::from_fn(|s| s == seat.index());
        match *event {
            RiichiEvent::Win { seat, .. } => only(seat),
            RiichiEvent::ExhaustiveDraw { tenpai, .. } => tenpai,
            RiichiEvent::AbortiveDraw {
                reason: Abort::NineTerminals(seat),
            } => only(seat),
            _ => [false; 4],
        }
    }

    fn first_draw(sim: &Sim<Riichi>) -> Option<RiichiEvent> {
        let dealer = Seat(sim.world().resource::<Match>().number);
        let tile = sim.world().resource::<Kyoku>().drawn[dealer.index()];
        Some(RiichiEvent::Draw {
            seat: dealer,
            exit: crate::mount::Exit::Pii,
            tile,
        })
    }

    /// The dora indicators.
    fn deal_header(sim: &Sim<Riichi>) -> String {
        let indicators = format_tiles(sim.world().resource::<Mount>().dora_indicators());
        format!("dora indicator {indicators}; hands (the dealer has drawn):")
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
