//! Sichuan as a kernel [`Game`] and a mahjong [`Ruleset`](crate::games::mahjong::Ruleset):
//! setup, actions into events, the rules of each event, decisions, views and returns.

use super::*;

impl Sichuan {
    /// Starts a new match in `sim` exactly as if it had been built with `seed`.
    /// A first deal that a user's ability makes fail is an error and leaves `sim` as it was.
    pub fn restart(sim: &mut Sim<Sichuan>, seed: u64) -> Result<(), SimError> {
        let hands = sim.rules().game.config.hands;
        crate::games::mahjong::restart(sim, seed, |world, table| {
            *world.resource_mut::<Standings>() = Standings::default();
            first_hand(world, table, hands)
        })
    }
}

/// Deals a match's first hand and the dealer's first draw (at setup and restart).
fn first_hand(world: &mut World, table: &mut Table, hands: u32) -> Result<(), DealError> {
    rules::start_hand(world, table, hands)?;
    rules::first_draw(world, table);
    Ok(())
}

impl Game for Sichuan {
    crate::games::mahjong::game_items!();

    type Action = SichuanAction;
    type Event = SichuanEvent;
    type State = ();

    fn name(&self) -> &'static str {
        "sichuan"
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        if !crate::games::mahjong::setup_table(setup, DealConfig::sichuan(), &self.abilities) {
            return;
        }
        setup.insert_resource(Standings::default());
        setup.insert_resource(Battle::default());
        setup.snapshot_resource::<Standings>();
        setup.snapshot_resource::<Battle>();
        let hands = self.config.hands;
        if let Err(error) =
            setup.with_world_and_table(|world, table| first_hand(world, table, hands))
        {
            setup.fail(error);
        }
    }

    fn translate(
        _: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        action: SichuanAction,
        out: &mut RootEvents<'_, SichuanEvent>,
    ) {
        let battle = world.resource::<Battle>();
        let answer = |claim| SichuanEvent::Answer { seat, claim };
        out.push(match action {
            SichuanAction::Declare(suit) => SichuanEvent::Declare { seat, suit },
            SichuanAction::Discard(tile) => SichuanEvent::Discard { seat, tile },
            SichuanAction::Tsumo => SichuanEvent::Win {
                seat,
                from: None,
                tile: battle.drawn[seat.index()].unwrap_or(Tile::ALL[0]),
                robbing: false,
                after_kan: matches!(
                    battle.stage,
                    Stage::Turn {
                        after_kan: true,
                        ..
                    }
                ),
                fan: 0,
                per_payer: 0,
                points: 0,
                fans: String::new(),
            },
            SichuanAction::ClosedKan(tile) => SichuanEvent::Kan {
                seat,
                kind: MeldKind::ClosedKan,
                tile,
                paid: 0,
            },
            SichuanAction::AddedKan(tile) => SichuanEvent::Kan {
                seat,
                kind: MeldKind::AddedKan,
                tile,
                paid: 0,
            },
            SichuanAction::Ron => answer(Claim::Ron),
            SichuanAction::Pon => answer(Claim::Pon),
            SichuanAction::Kan => answer(Claim::Kan),
            SichuanAction::Pass => answer(Claim::Pass),
        });
    }

    fn next_decision(
        rules: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        decision: &mut Decision<SichuanAction>,
    ) {
        crate::games::mahjong::decide(decision, |choices| {
            legal::legal_actions(
                &rules.game,
                world.resource::<Battle>(),
                world.resource::<Mount>(),
                choices,
            )
        });
    }

    /// Everything `seat` has seen: its concealed tiles, its missing suit (the others' once all
    /// have declared), every meld, discard, win (a winner's tiles are shown), kan payment and
    /// score, the stage, its own claim options and answer, and how far the wall is drawn.
    fn observe(
        _: &Rules<Sichuan>,
        world: &World,
        _: &Table,
        _: &(),
        seat: Seat,
        mut h: &mut dyn Hasher,
    ) {
        let battle = world.resource::<Battle>();
        let s = seat.index();
        seat.hash(&mut h);
        battle.hands[s].hash(&mut h);
        battle.drawn[s].hash(&mut h);
        let declared = battle.missing.iter().all(Option::is_some);
        for (other, missing) in battle.missing.iter().enumerate() {
            (other == s || declared).then_some(missing).hash(&mut h);
        }
        battle.melds.hash(&mut h);
        battle.river.hash(&mut h);
        battle.won.hash(&mut h);
        for (other, won) in battle.won.iter().enumerate() {
            if won.is_some() {
                battle.hands[other].hash(&mut h);
            }
        }
        battle.kan_paid.hash(&mut h);
        battle.stage.hash(&mut h);
        (battle.can[s], battle.claims[s]).hash(&mut h);
        world.resource::<Standings>().hash(&mut h);
        let mount = world.resource::<Mount>();
        (mount.drawn_from(Exit::Pii), mount.drawn_from(Exit::Rinshan)).hash(&mut h);
    }

    fn returns(rules: &Rules<Sichuan>, world: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
        let unit = point_unit(&rules.game);
        out.clear();
        out.extend(scores(world).iter().map(|&s| f64::from(s) / unit));
    }
}

impl crate::games::mahjong::Ruleset for Sichuan {
    const RECORD: &'static str = "sichuan";
    type Config = SichuanConfig;
    type Hand = Battle;
    type Match = Standings;

    fn config(&self) -> &SichuanConfig {
        &self.config
    }

    /// A replay line's rules are checked: a base of 1 to 1 000 and a cap of at most 16 fan
    /// keep every payment far inside `i32`.
    fn build(config: SichuanConfig, abilities: &[SeatedAbility]) -> Result<Sichuan, String> {
        let scoring = &config.scoring;
        if !(1..=1000).contains(&scoring.base) || scoring.cap > 16 {
            return Err(format!(
                "base {} and cap {}: expected a base of 1 to 1000 and a cap of at most 16",
                scoring.base, scoring.cap
            ));
        }
        Sichuan {
            config,
            abilities: Vec::new(),
        }
        .with_abilities(abilities)
        .map_err(|e| e.to_string())
    }

    fn restart(sim: &mut Sim<Sichuan>, seed: u64) -> Result<(), SimError> {
        Sichuan::restart(sim, seed)
    }

    fn choose(
        sim: &mut Sim<Sichuan>,
        players: &[crate::games::mahjong::PlayerKind],
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> Option<SichuanAction> {
        choose(sim, players, rng)
    }

    fn deal_event(sim: &Sim<Sichuan>) -> SichuanEvent {
        let dealt = sim.world().resource::<Standings>().dealt;
        SichuanEvent::Deal {
            number: dealt.saturating_sub(1),
            hands: crate::games::mahjong::dealt_hands(sim.world()),
        }
    }

    fn first_draw(sim: &Sim<Sichuan>) -> Option<SichuanEvent> {
        let dealer = sim.world().resource::<Standings>().dealer();
        let tile = sim.world().resource::<Battle>().drawn[dealer.index()];
        Some(SichuanEvent::Draw {
            seat: dealer,
            exit: crate::mount::Exit::Pii,
            tile,
        })
    }

    fn reveals(event: &SichuanEvent) -> [bool; 4] {
        match *event {
            SichuanEvent::Win { seat, .. } => std::array::from_fn(|s| s == seat.index()),
            SichuanEvent::ExhaustiveDraw { .. } => [true; 4],
            _ => [false; 4],
        }
    }

    fn answering(sim: &Sim<Sichuan>) -> bool {
        matches!(sim.world().resource::<Battle>().stage, Stage::Claims { .. })
    }

    fn deal_header(_: &Sim<Sichuan>) -> String {
        "hands (the dealer has drawn):".to_string()
    }

    fn log_kind(event: &SichuanEvent) -> crate::games::mahjong::LogKind {
        use crate::games::mahjong::LogKind;
        match event {
            SichuanEvent::Answer { .. } => LogKind::Hidden,
            SichuanEvent::Deal { .. } => LogKind::Deal,
            SichuanEvent::HandEnd => LogKind::HandEnd,
            _ => LogKind::Line,
        }
    }

    fn describe(&self) -> String {
        format!("{} hands", self.config.hands)
    }

    fn length(&self) -> serde_json::Value {
        self.config.hands.into()
    }
}
