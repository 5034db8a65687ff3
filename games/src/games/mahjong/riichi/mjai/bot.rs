//! An mjai bot: alea's riichi players answering the protocol's requests from one seat.
//!
//! The bot keeps an alea game of the table as its seat sees it. What the seat cannot see (the
//! other hands, their draws, the wall) is filled with random tiles, and revised when the table
//! shows more: a hand's discard, call or kan takes its tiles from the wall or another hidden
//! hand; the bot's own draws and every indicator replace the random ones. A discard waits for
//! the event after it (which says who called); to answer a discard, the bot plays it on a copy
//! and lets the seats asked before it pass. After a win or a draw the hand waits for the next
//! `start_kyoku`, which sets the round, counters and scores.

use crate::games::mahjong::HandTable;
use std::collections::VecDeque;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::replay::{call_action, fix_slot, install_hand, turn_move};
use super::{MjaiEvent, MjaiTile};
use crate::games::mahjong::riichi::{
    Kyoku, Match, Phase, PlayerKind, Riichi, RiichiAction, RiichiConfig, SEATS, choose, rules,
};
use crate::mount::{Exit, Mount, WallLayout};
use crate::scoring::riichi::MeldKind;
use crate::tiles::{Tile, TileCounts};
use alea::kernel::{Seat, Sim, Turn};
use alea::snapshot::Snapshot;

/// Why the bot cannot follow the table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotError {
    /// Neither `start_game`'s `id` nor the caller said which seat the bot plays.
    #[error("the bot's seat is unknown: start_game has no id (give the seat)")]
    NoSeat,
    /// The events do not fit alea's rules or the tiles there are (the bot sits out the rest of
    /// the hand).
    #[error("{0}")]
    Inconsistent(String),
}

/// alea's riichi player at one seat of an mjai table: [`MjaiBot::react`] reads a request's
/// events and answers with one action, `none` when it passes or is not asked.
pub struct MjaiBot {
    player: PlayerKind,
    config: RiichiConfig,
    /// The seat the caller gave, if any.
    fixed: Option<Seat>,
    /// The seat of the game in play: the caller's, else `start_game`'s `id`.
    seat: Option<Seat>,
    rng: ChaCha8Rng,
    sim: Option<Sim<Riichi>>,
    /// The hand's events not applied yet: a discard (or added kan) waits for the event after
    /// it, a riichi for its discard.
    pending: VecDeque<MjaiEvent>,
    /// The hand has ended for the bot (a win or draw was shown, or it lost track).
    idle: bool,
    /// The indicators the table has shown this hand.
    dora: Vec<Tile>,
    /// The discard of the bot's riichi declaration.
    riichi: Option<Tile>,
    /// Where a probe saves the game (reused request to request).
    saved: Option<Snapshot>,
}

impl MjaiBot {
    /// A bot playing `player` under `config`, at `seat` (else the seat `start_game` names),
    /// its choices and hidden tiles drawn from `seed`.
    pub fn new(player: PlayerKind, config: RiichiConfig, seat: Option<Seat>, seed: u64) -> Self {
        MjaiBot {
            player,
            config,
            fixed: seat,
            seat,
            rng: ChaCha8Rng::seed_from_u64(seed),
            sim: None,
            pending: VecDeque::new(),
            idle: true,
            dora: Vec::new(),
            riichi: None,
            saved: None,
        }
    }

    /// Reads one request's events and answers it: an action when the last event asks the
    /// bot for one (its draw, its call, its riichi, another seat's discard or added kan),
    /// otherwise `none`. On an error the bot sits out the rest of the hand.
    pub fn react(&mut self, events: &[MjaiEvent]) -> Result<MjaiEvent, BotError> {
        for event in events {
            if let Err(error) = self.observe(event) {
                self.idle = true;
                self.pending.clear();
                return Err(error);
            }
        }
        self.answer(events.last())
    }

    fn me(&self) -> Result<Seat, BotError> {
        self.seat.ok_or(BotError::NoSeat)
    }

    fn sim_mut(&mut self) -> &mut Sim<Riichi> {
        self.sim.as_mut().expect("a game is in play")
    }

    fn build(&self) -> Result<Sim<Riichi>, BotError> {
        super::caller_sim(Riichi::new(self.config.clone()))
            .map_err(|e| BotError::Inconsistent(format!("cannot build the game: {e}")))
    }

    fn observe(&mut self, event: &MjaiEvent) -> Result<(), BotError> {
        if let Some(seat) = event.seats().find(|&s| usize::from(s) >= SEATS) {
            return Err(BotError::Inconsistent(format!(
                "seat {seat} in {}: seats are 0 to 3",
                serde_json::to_string(event).unwrap_or_default()
            )));
        }
        match event {
            MjaiEvent::StartGame { id, .. } => {
                self.seat = self.fixed.or(id.map(Seat));
                self.sim = Some(self.build()?);
                // A probe's saved game belongs to the game it was made from.
                self.saved = None;
                self.idle = true;
            }
            MjaiEvent::StartKyoku { .. } => self.start_kyoku(event)?,
            MjaiEvent::EndGame => {
                self.sim = None;
                self.idle = true;
            }
            MjaiEvent::EndKyoku | MjaiEvent::Hora { .. } | MjaiEvent::Ryukyoku { .. } => {
                self.idle = true;
                self.pending.clear();
            }
            _ if self.idle || self.sim.is_none() => {}
            _ => {
                self.pending.push_back(event.clone());
                self.advance()?;
            }
        }
        Ok(())
    }

    /// Sets the round, counters and scores, deals the bot's hand and random others, flips the
    /// indicator and lets the dealer draw.
    fn start_kyoku(&mut self, event: &MjaiEvent) -> Result<(), BotError> {
        let MjaiEvent::StartKyoku {
            bakaze,
            dora_marker,
            kyoku,
            honba,
            kyotaku,
            oya,
            scores,
            tehais,
        } = event
        else {
            unreachable!("a start_kyoku")
        };
        let me = self.me()?;
        if self.sim.is_none() {
            self.sim = Some(self.build()?);
        }
        let bad = |what: &str| BotError::Inconsistent(format!("start_kyoku: {what}"));
        let wind = bakaze.wind_index();
        let (Some(wind @ 0..=3), Some(marker), 1..=4) = (wind, dora_marker.0, *kyoku) else {
            return Err(bad(
                "expects a wind, a dora indicator and a hand from 1 to 4",
            ));
        };
        if *oya != kyoku - 1 || tehais[me.index()].len() != 13 {
            return Err(bad(
                "expects hand N dealt by seat N-1 and 13 tiles in the bot's hand",
            ));
        }
        let length = self.config.length;
        let sim = self.sim_mut();
        {
            let mut m = sim.world_mut().resource_mut::<Match>();
            (m.wind, m.number, m.honba, m.sticks) = (wind, kyoku - 1, *honba, *kyotaku);
            m.scores = *scores;
            m.over = false;
        }
        sim.with_world_and_table(|world, table| rules::start_hand(world, table, length))
            .map_err(|e| bad(&e.to_string()))?;
        let mut mount = Mount::new(sim.rules().game.tile_set(), WallLayout::riichi());
        let mut hands = [TileCounts::new(); SEATS];
        for tile in &tehais[me.index()] {
            let tile = tile.0.ok_or_else(|| bad("the bot's own hand is hidden"))?;
            if !mount.deal_tile(tile) {
                return Err(bad(&format!("no {tile} left for the bot's hand")));
            }
            hands[me.index()][tile] += 1;
        }
        if !fix_slot(&mut mount, Exit::Dorahyou, 0, marker) {
            return Err(bad(&format!("no {marker} left for the indicator")));
        }
        for (seat, hand) in hands.iter_mut().enumerate() {
            if seat == me.index() {
                continue;
            }
            for _ in 0..13 {
                let tile = mount
                    .sample(Exit::Pii, &mut self.rng)
                    .map_err(|e| bad(&e.to_string()))?;
                mount.deal_tile(tile);
                hand[tile] += 1;
            }
        }
        let dealer = Seat(kyoku - 1);
        let sim = self.sim.as_mut().expect("built above");
        install_hand(sim, hands, mount, dealer, &mut self.rng).map_err(|e| bad(&e))?;
        self.dora = vec![marker];
        self.pending.clear();
        self.idle = false;
        self.riichi = None;
        Ok(())
    }

    /// The pending events whose outcome is known, applied in order.
    fn advance(&mut self) -> Result<(), BotError> {
        while let Some(event) = self.pending.front() {
            let waits = match event {
                MjaiEvent::Dahai { .. } | MjaiEvent::Kakan { .. } => self.next_move(1).is_none(),
                MjaiEvent::Reach { .. } => self.next_move(2).is_none(),
                _ => false,
            };
            if waits {
                break;
            }
            let event = self.pending.pop_front().expect("a front event");
            self.apply(event)?;
            self.reconcile_indicators()?;
        }
        Ok(())
    }

    /// The first pending event from `from` on that is a move (not a riichi stick or an
    /// indicator, which libriichi shows between a discard and the call on it).
    fn next_move(&self, from: usize) -> Option<&MjaiEvent> {
        self.pending
            .iter()
            .skip(from)
            .find(|e| !matches!(e, MjaiEvent::ReachAccepted { .. } | MjaiEvent::Dora { .. }))
    }

    fn apply(&mut self, event: MjaiEvent) -> Result<(), BotError> {
        let me = self.me()?;
        match event {
            MjaiEvent::Tsumo { actor, pai } if actor == me.0 => match pai.0 {
                Some(tile) => self.drew(me, tile),
                None => Err(BotError::Inconsistent(
                    "the bot's own draw is hidden".into(),
                )),
            },
            MjaiEvent::Dora { dora_marker } => {
                self.dora.extend(dora_marker.0);
                Ok(())
            }
            MjaiEvent::Reach { actor } => {
                let Some(MjaiEvent::Dahai { pai, tsumogiri, .. }) = self.pending.pop_front() else {
                    return Err(BotError::Inconsistent(
                        "a riichi without its discard".into(),
                    ));
                };
                self.discard(Seat(actor), pai, tsumogiri, true)
            }
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            } => self.discard(Seat(actor), pai, tsumogiri, false),
            MjaiEvent::Ankan {
                actor,
                ref consumed,
            } => {
                let tiles: Vec<Tile> = consumed.iter().filter_map(|t| t.0).collect();
                self.hold(Seat(actor), &tiles, &[])?;
                self.play_move(Seat(actor), &event)
            }
            MjaiEvent::Kakan { actor, pai, .. } => {
                self.hold(Seat(actor), &pai.0.into_iter().collect::<Vec<_>>(), &[])?;
                self.play_move(Seat(actor), &event)?;
                self.answer_claims()
            }
            _ => Ok(()),
        }
    }

    /// `seat` discards `pai` (the tile it drew when `tsumogiri`; declaring riichi), then every
    /// seat asked answers as the next move shows (the caller's call, else a pass).
    fn discard(
        &mut self,
        seat: Seat,
        pai: MjaiTile,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), BotError> {
        self.play_discard(seat, pai, tsumogiri, riichi)?;
        self.answer_claims()
    }

    /// `seat` discards `pai`, its hidden hand holding it first (and the caller's, when the
    /// next move is a call, the tiles it calls with); the claim window opens.
    fn play_discard(
        &mut self,
        seat: Seat,
        pai: MjaiTile,
        tsumogiri: bool,
        riichi: bool,
    ) -> Result<(), BotError> {
        let tile = pai
            .0
            .ok_or_else(|| BotError::Inconsistent("a hidden discard".into()))?;
        let caller = match self.next_move(0) {
            Some(
                MjaiEvent::Chi {
                    actor, consumed, ..
                }
                | MjaiEvent::Pon {
                    actor, consumed, ..
                }
                | MjaiEvent::Daiminkan {
                    actor, consumed, ..
                },
            ) => Some((
                Seat(*actor),
                consumed.iter().filter_map(|t| t.0).collect::<Vec<_>>(),
            )),
            _ => None,
        };
        if tsumogiri {
            self.drew(seat, tile)?;
        }
        self.hold(seat, &[tile], &[])?;
        if let Some((caller, tiles)) = caller {
            self.hold(caller, &tiles, &[(seat, tile)])?;
        }
        let action = match riichi {
            true => RiichiAction::Riichi(tile),
            false => RiichiAction::Discard(tile),
        };
        self.play_turn(seat, action)
    }

    /// Plays the log's turn move `event` for `seat`.
    fn play_move(&mut self, seat: Seat, event: &MjaiEvent) -> Result<(), BotError> {
        match turn_move(event, None, seat) {
            Ok(Some(action)) => self.play_turn(seat, action),
            _ => Err(BotError::Inconsistent(format!(
                "not a move of {seat}: {}",
                serde_json::to_string(event).unwrap_or_default()
            ))),
        }
    }

    /// Plays `seat`'s turn move. A riichi or kan that another seat's random hidden hand does
    /// not allow (its hand is not tenpai, or a riichi kan would change waits it does not
    /// have) is resolved as the event it makes, unchecked: the table has shown it is legal.
    fn play_turn(&mut self, seat: Seat, action: RiichiAction) -> Result<(), BotError> {
        let imagined_hand_may_refuse = matches!(
            action,
            RiichiAction::Riichi(_) | RiichiAction::ClosedKan(_) | RiichiAction::AddedKan(_)
        );
        let hidden = seat != self.me()?;
        let sim = self.sim_mut();
        if !imagined_hand_may_refuse || !hidden || sim.legal_actions().contains(&action) {
            return self.play(seat, action);
        }
        let on_turn = matches!(
            sim.world().resource::<Kyoku>().phase,
            Phase::Turn { seat: s, called: false, .. } if s == seat
        );
        if sim.turn() != Turn::Player(seat) || !on_turn {
            return Err(BotError::Inconsistent(format!(
                "{seat}'s {action} out of turn"
            )));
        }
        // The events the action makes, as the rules translate it.
        let rules = sim.shared_rules();
        let events = sim.with_world_and_table(|world, table| {
            alea::pipeline::translate(&rules, world, table, &(), seat, action)
        });
        sim.emit(events)
            .map_err(|e| BotError::Inconsistent(format!("{seat}'s {action}: {e}")))
    }

    /// Answers the claim window: the next move's call by its caller, a pass from the others.
    fn answer_claims(&mut self) -> Result<(), BotError> {
        let call = self.next_move(0).cloned();
        loop {
            let sim = self.sim_mut();
            let (Turn::Player(seat), Phase::Claims { from, .. }) =
                (sim.turn(), sim.world().resource::<Kyoku>().phase)
            else {
                return Ok(());
            };
            let action = match &call {
                Some(call) => call_action(sim.legal_actions(), seat, from, call),
                None => RiichiAction::Pass,
            };
            self.play(seat, action)?;
        }
    }

    fn play(&mut self, seat: Seat, action: RiichiAction) -> Result<(), BotError> {
        let sim = self.sim_mut();
        if sim.turn() != Turn::Player(seat) || !sim.legal_actions().contains(&action) {
            let legal: Vec<String> = sim.legal_actions().iter().map(|a| a.to_string()).collect();
            return Err(BotError::Inconsistent(format!(
                "alea does not allow {seat} to {action} here (it waits for {:?}: {})",
                sim.turn(),
                legal.join(", ")
            )));
        }
        sim.apply(action)
            .map_err(|e| BotError::Inconsistent(format!("{seat}'s {action}: {e}")))
    }

    /// Makes `seat`'s hidden hand hold `tiles`, trading others of its tiles with the wall or
    /// another hidden hand (which keeps the copies `keep` reserves for it: the same move
    /// shows them). The bot's own hand is known: it is left alone.
    fn hold(&mut self, seat: Seat, tiles: &[Tile], keep: &[(Seat, Tile)]) -> Result<(), BotError> {
        if seat == self.me()? {
            return Ok(());
        }
        let need: TileCounts = tiles.iter().copied().collect();
        for &tile in tiles {
            while self.hand(seat)[tile] < need[tile] {
                let hand = self.hand(seat);
                let spare: Vec<Tile> = hand.tiles().filter(|&t| hand[t] > need[t]).collect();
                let Some(&give) = spare.choose(&mut self.rng) else {
                    return Err(BotError::Inconsistent(format!("{seat} cannot hold {tile}")));
                };
                self.trade(seat, give, tile, keep)?;
            }
        }
        Ok(())
    }

    fn hand(&self, seat: Seat) -> TileCounts {
        let sim = self.sim.as_ref().expect("a game is in play");
        sim.world().resource::<Kyoku>().hands[seat.index()]
    }

    /// `seat`'s `give` becomes `take`, which comes from the wall or another hidden hand
    /// (which gets `give` instead), beyond the copies `keep` reserves for it.
    fn trade(
        &mut self,
        seat: Seat,
        give: Tile,
        take: Tile,
        keep: &[(Seat, Tile)],
    ) -> Result<(), BotError> {
        let me = self.me()?;
        let world = self.sim_mut().world_mut();
        let from_wall = world.resource_mut::<Mount>().exchange(give, take).is_ok();
        let mut kyoku = world.resource_mut::<Kyoku>();
        if !from_wall {
            let other = (0..SEATS)
                .find(|&k| {
                    let reserved = keep.iter().filter(|&&r| r == (Seat(k as u8), take)).count();
                    k != seat.index()
                        && k != me.index()
                        && usize::from(kyoku.hands[k][take]) > reserved
                })
                .ok_or_else(|| {
                    let held: Vec<u8> = kyoku.hands.iter().map(|h| h[take]).collect();
                    BotError::Inconsistent(format!(
                        "no {take} is left for {seat} (the hands hold {held:?}, and {:?} are kept)",
                        keep
                    ))
                })?;
            kyoku.hands[other][take] -= 1;
            kyoku.hands[other][give] += 1;
        }
        kyoku.hands[seat.index()][give] -= 1;
        kyoku.hands[seat.index()][take] += 1;
        // The legal moves are computed from the hands.
        self.sim_mut().refresh_decision();
        Ok(())
    }

    /// `seat` drew `tile` (the table showed it, or discarded it as the tile drawn): it
    /// replaces the tile alea drew for the seat.
    fn drew(&mut self, seat: Seat, tile: Tile) -> Result<(), BotError> {
        let drawn = self.sim_mut().world().resource::<Kyoku>().drawn[seat.index()];
        let Some(drawn) = drawn else {
            return Err(BotError::Inconsistent(format!(
                "the table says {seat} drew; alea did not"
            )));
        };
        // A hidden hand that holds the tile drew it: the tile alea drew was held before.
        let hidden = seat != self.me()?;
        if drawn != tile && !(hidden && self.hand(seat)[tile] > 0) {
            self.trade(seat, drawn, tile, &[])?;
        }
        self.sim_mut().world_mut().resource_mut::<Kyoku>().drawn[seat.index()] = Some(tile);
        self.sim_mut().refresh_decision();
        Ok(())
    }

    /// The indicators alea flipped become the table's.
    fn reconcile_indicators(&mut self) -> Result<(), BotError> {
        let me = self.me()?;
        let flipped = self.mount().dora_indicators();
        if flipped
            .iter()
            .zip(&self.dora)
            .all(|(alea, shown)| alea == shown)
        {
            return Ok(());
        }
        let table = self.dora.clone();
        let flipped = flipped.to_vec();
        for (index, (&alea, &shown)) in flipped.iter().zip(&table).enumerate() {
            if alea == shown {
                continue;
            }
            if self.mount().stock_a()[shown] == 0 {
                // A hidden hand holds it: it takes a tile of the wall instead.
                let stock = *self.mount().stock_a();
                let spares: Vec<Tile> = stock.tiles().filter(|&t| t != shown).collect();
                let spare = spares.choose(&mut self.rng).copied();
                let world = self.sim_mut().world_mut();
                let mut kyoku = world.resource_mut::<Kyoku>();
                let holder = (0..SEATS).find(|&k| k != me.index() && kyoku.hands[k][shown] > 0);
                let (Some(holder), Some(spare)) = (holder, spare) else {
                    return Err(BotError::Inconsistent(format!("no {shown} left to flip")));
                };
                kyoku.hands[holder][shown] -= 1;
                kyoku.hands[holder][spare] += 1;
                let mut mount = world.resource_mut::<Mount>();
                mount
                    .exchange(shown, spare)
                    .map_err(|e| BotError::Inconsistent(e.to_string()))?;
            }
            let world = self.sim_mut().world_mut();
            world
                .resource_mut::<Mount>()
                .replace_indicator(index, shown)
                .map_err(|e| BotError::Inconsistent(e.to_string()))?;
        }
        Ok(())
    }

    fn mount(&self) -> &Mount {
        let sim = self.sim.as_ref().expect("a game is in play");
        sim.world().resource::<Mount>()
    }

    /// The bot's answer to a request ending with `last`.
    fn answer(&mut self, last: Option<&MjaiEvent>) -> Result<MjaiEvent, BotError> {
        let me = self.me()?;
        let asks = match last {
            Some(MjaiEvent::Tsumo { actor, .. })
            | Some(MjaiEvent::Chi { actor, .. })
            | Some(MjaiEvent::Pon { actor, .. })
            | Some(MjaiEvent::Reach { actor }) => *actor == me.0,
            Some(MjaiEvent::Dahai { actor, .. }) | Some(MjaiEvent::Kakan { actor, .. }) => {
                *actor != me.0
            }
            _ => false,
        };
        if !asks || self.idle || self.sim.is_none() {
            return Ok(MjaiEvent::None);
        }
        if let (Some(MjaiEvent::Reach { .. }), Some(tile)) = (last, self.riichi) {
            return Ok(self.dahai(me, tile));
        }
        // Another seat's discard or added kan asks for a claim only.
        let claim = matches!(
            last,
            Some(MjaiEvent::Dahai { .. }) | Some(MjaiEvent::Kakan { .. })
        );
        let sim = self.sim.as_mut().expect("a game is in play");
        let snapshot = match self.saved.take() {
            Some(mut saved) => {
                sim.snapshot_into(&mut saved);
                saved
            }
            None => sim.snapshot(),
        };
        let answer = self.probe(me, claim);
        let restored = self.sim_mut().restore(&snapshot);
        self.saved = Some(snapshot);
        restored.map_err(|e| BotError::Inconsistent(e.to_string()))?;
        answer
    }

    /// Plays the discard (or added kan) waiting for its answers, passes for the seats asked
    /// before the bot, and lets the bot's player choose.
    fn probe(&mut self, me: Seat, claim: bool) -> Result<MjaiEvent, BotError> {
        let front: Vec<MjaiEvent> = self.pending.iter().take(2).cloned().collect();
        match front.as_slice() {
            [
                MjaiEvent::Reach { actor },
                MjaiEvent::Dahai { pai, tsumogiri, .. },
            ] => self.play_discard(Seat(*actor), *pai, *tsumogiri, true)?,
            [
                MjaiEvent::Dahai {
                    actor,
                    pai,
                    tsumogiri,
                },
                ..,
            ] => self.play_discard(Seat(*actor), *pai, *tsumogiri, false)?,
            [event @ MjaiEvent::Kakan { actor, pai, .. }, ..] => {
                self.hold(Seat(*actor), &pai.0.into_iter().collect::<Vec<_>>(), &[])?;
                self.play_move(Seat(*actor), event)?;
            }
            _ => {}
        }
        loop {
            let sim = self.sim_mut();
            match (sim.turn(), sim.world().resource::<Kyoku>().phase) {
                (Turn::Player(seat), Phase::Claims { .. }) if seat == me => break,
                (Turn::Player(seat), _) if seat == me && !claim => break,
                (Turn::Player(seat), Phase::Claims { .. }) => {
                    self.play(seat, RiichiAction::Pass)?
                }
                _ => return Ok(MjaiEvent::None),
            }
        }
        let players = [self.player; SEATS];
        let sim = self.sim.as_mut().expect("a game is in play");
        let action = choose(sim, &players, &mut self.rng).unwrap_or(RiichiAction::Pass);
        Ok(self.reaction(me, action))
    }

    fn dahai(&self, me: Seat, tile: Tile) -> MjaiEvent {
        let sim = self.sim.as_ref().expect("a game is in play");
        let drawn = sim.world().resource::<Kyoku>().drawn[me.index()];
        MjaiEvent::Dahai {
            actor: me.0,
            pai: MjaiTile(Some(tile)),
            tsumogiri: drawn == Some(tile),
        }
    }

    /// `action` as the protocol writes it.
    fn reaction(&mut self, me: Seat, action: RiichiAction) -> MjaiEvent {
        let sim = self.sim.as_ref().expect("a game is in play");
        let kyoku = sim.world().resource::<Kyoku>();
        let shown = |tiles: Vec<Tile>| tiles.into_iter().map(|t| MjaiTile(Some(t))).collect();
        let hand = kyoku.hands[me.index()];
        let of_kind = |tile: Tile| hand.tiles().filter(|t| t.kind() == tile.kind()).collect();
        let (from, called) = match kyoku.phase {
            Phase::Claims { from, tile, .. } => (from.0, tile),
            _ => (me.0, Tile::ALL[0]),
        };
        let (actor, pai) = (me.0, MjaiTile(Some(called)));
        match action {
            RiichiAction::Discard(tile) => self.dahai(me, tile),
            RiichiAction::Riichi(tile) => {
                self.riichi = Some(tile);
                MjaiEvent::Reach { actor }
            }
            RiichiAction::Tsumo => MjaiEvent::Hora {
                actor,
                target: actor,
                pai: Some(MjaiTile(kyoku.drawn[me.index()])),
                deltas: None,
                ura_markers: None,
            },
            RiichiAction::Ron => MjaiEvent::Hora {
                actor,
                target: from,
                pai: Some(pai),
                deltas: None,
                ura_markers: None,
            },
            RiichiAction::ClosedKan(tile) => MjaiEvent::Ankan {
                actor,
                consumed: shown(of_kind(tile)),
            },
            RiichiAction::AddedKan(tile) => {
                let pon = kyoku
                    .melds_of(me)
                    .find(|m| m.meld.kind() == MeldKind::Pon && m.called.kind() == tile.kind());
                MjaiEvent::Kakan {
                    actor,
                    pai: MjaiTile(of_kind(tile).first().copied()),
                    consumed: shown(pon.map_or_else(Vec::new, |m| m.tiles().tiles().collect())),
                }
            }
            RiichiAction::Pon(a, b) => MjaiEvent::Pon {
                actor,
                target: from,
                pai,
                consumed: shown(vec![a, b]),
            },
            RiichiAction::Chi(a, b) => MjaiEvent::Chi {
                actor,
                target: from,
                pai,
                consumed: shown(vec![a, b]),
            },
            RiichiAction::Kan => MjaiEvent::Daiminkan {
                actor,
                target: from,
                pai,
                consumed: shown(of_kind(called)),
            },
            RiichiAction::Pass => MjaiEvent::None,
            RiichiAction::NineTerminals => MjaiEvent::Ryukyoku { deltas: None },
        }
    }
}
