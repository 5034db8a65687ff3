//! Replaying a full-information mjai log through alea's riichi rules.
//!
//! The log decides every move and the wall: each hand starts from the log's hands, and the
//! mount's slots are fixed to the tiles the log draws (normal and replacement draws, dora and
//! ura indicators). alea plays the log's moves, each checked legal, and everything its rules
//! produce is compared with the log, event by event: draws, discards, calls, kans, indicators,
//! riichi sticks, wins with their deltas, draws with theirs, the end of each hand, the next
//! hand's round, counters and scores, and the end of the match.

use crate::games::mahjong::HandTable;
use std::collections::VecDeque;

use rand::SeedableRng;
use serde::Serialize;

use super::{MjaiEvent, MjaiTile};
use crate::games::mahjong::riichi::{
    Abort, Kyoku, Match, Phase, Riichi, RiichiAction, RiichiConfig, RiichiEvent, SEATS, first_place,
};
use crate::mount::{Exit, Mount, WallLayout};
use crate::scoring::riichi::MeldKind;
use crate::tiles::{Tile, TileCounts, format_tiles};
use alea::kernel::{EventKind, GameEvent, Seat, Sim, Turn};

/// What a replayed log showed: the games and hands that agreed with alea, and the first
/// disagreement, if any (nothing after it is replayed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replayed {
    /// Games replayed to their `end_game` without a disagreement.
    pub games: u32,
    /// Hands whose every event, and the scores after them, agreed.
    pub hands: u32,
    /// Where the log and alea first differ.
    pub disagreement: Option<Disagreement>,
}

/// The first event where a log and alea differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("line {line}: the log has {log}; alea {alea}")]
pub struct Disagreement {
    /// The log's 1-based line.
    pub line: usize,
    /// The log's event there, as JSON.
    pub log: String,
    /// What alea has instead.
    pub alea: String,
}

/// Replays `events` (from [`read_log`](super::read_log)) under `config`: one or more games,
/// each from `start_game` to `end_game`.
pub fn replay_events(events: &[(usize, MjaiEvent)], config: &RiichiConfig) -> Replayed {
    replay_watching(events, config, &mut |_, _| {})
}

/// [`replay_events`], showing `watch` every decision before the log's move is played: the
/// game (its turn says who decides; the legal moves are alea's) and the index in `events` of
/// the log's next event (everything before it has been played).
pub fn replay_watching(
    events: &[(usize, MjaiEvent)],
    config: &RiichiConfig,
    watch: &mut dyn FnMut(&Sim<Riichi>, usize),
) -> Replayed {
    replay_with(events, config, watch, &mut |_| {})
}

fn replay_with(
    events: &[(usize, MjaiEvent)],
    config: &RiichiConfig,
    watch: &mut dyn FnMut(&Sim<Riichi>, usize),
    record: &mut dyn FnMut(Moment<'_>),
) -> Replayed {
    let mut replay = Replay {
        watch,
        record,
        events,
        at: 0,
        config: config.clone(),
        sim: None,
        first_deal: false,
        queue: VecDeque::new(),
        table: LogTable::default(),
        hand_open: false,
        extra_draw: false,
        games: 0,
        hands: 0,
    };
    let disagreement = replay.run().err();
    Replayed {
        games: replay.games,
        hands: replay.hands,
        disagreement,
    }
}

/// What [`replay_recording`] shows as a log is replayed.
pub enum Moment<'s> {
    /// `start_game`: a game is built.
    Game(&'s Sim<Riichi>),
    /// `start_kyoku`: the log's hands and wall are in place, the dealer has drawn.
    Hand(&'s Sim<Riichi>),
    /// A move played: who, what, whether it answered a claim window, and the events it
    /// resolved (claim answers included).
    Move {
        /// The game after the move.
        sim: &'s Sim<Riichi>,
        /// Who moved.
        seat: Seat,
        /// The move.
        action: RiichiAction,
        /// It answered a claim window.
        answering: bool,
        /// What it resolved.
        events: &'s [RiichiEvent],
    },
}

/// [`replay_events`], showing `record` every game, hand and move as it is replayed (a
/// replay viewer's steps).
pub fn replay_recording(
    events: &[(usize, MjaiEvent)],
    config: &RiichiConfig,
    record: &mut dyn FnMut(Moment<'_>),
) -> Replayed {
    replay_with(events, config, &mut |_, _| {}, record)
}

/// The scores and sticks the log's own deltas give within a hand (for the end of the
/// match, whose `end_game` carries no scores).
#[derive(Clone, Copy, Debug, Default)]
struct LogTable {
    scores: [i32; SEATS],
    sticks: u8,
}

impl LogTable {
    /// `seat`'s riichi stick goes on the table.
    fn riichi(&mut self, seat: u8) {
        self.scores[usize::from(seat)] -= 1000;
        self.sticks = self.sticks.saturating_add(1);
    }

    /// A win's or draw's deltas (the caller clears the sticks a win takes).
    fn add(&mut self, deltas: [i32; SEATS]) {
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score = score.saturating_add(delta);
        }
    }
}

struct Replay<'a> {
    /// Sees every decision.
    watch: &'a mut dyn FnMut(&Sim<Riichi>, usize),
    /// Sees every game, hand and move.
    record: &'a mut dyn FnMut(Moment<'_>),
    events: &'a [(usize, MjaiEvent)],
    /// The next log event.
    at: usize,
    config: RiichiConfig,
    /// The game in play (between `start_game` and `end_game`).
    sim: Option<Sim<Riichi>>,
    /// The first hand was dealt at build (no Deal event to match).
    first_deal: bool,
    /// alea's events not matched to the log yet.
    queue: VecDeque<RiichiEvent>,
    table: LogTable,
    /// A hand has started and not been counted yet.
    hand_open: bool,
    /// libriichi's draw before its four-riichi abort was skipped this hand.
    extra_draw: bool,
    games: u32,
    hands: u32,
}

type Step = Result<bool, Disagreement>;

impl Replay<'_> {
    fn run(&mut self) -> Result<(), Disagreement> {
        while self.at < self.events.len() {
            if !self.outcome()? {
                self.decide()?;
            }
        }
        match (&self.sim, self.events.last()) {
            (None, _) if self.games == 0 => Err(Disagreement {
                line: self.events.last().map_or(0, |(line, _)| *line),
                log: "no game".to_string(),
                alea: "needs a game: start_game, its hands, end_game".to_string(),
            }),
            (None, _) => Ok(()),
            (Some(_), last) => Err(Disagreement {
                line: last.map_or(0, |(line, _)| *line),
                log: "no more events".to_string(),
                alea: format!("goes on: {}", self.state()),
            }),
        }
    }

    fn event(&self) -> &MjaiEvent {
        &self.events[self.at].1
    }

    /// A disagreement at the current event.
    fn differ(&self, alea: impl Into<String>) -> Disagreement {
        self.differ_at(self.at, alea)
    }

    /// A disagreement at `events[at]`.
    fn differ_at(&self, at: usize, alea: impl Into<String>) -> Disagreement {
        let (line, event) = &self.events[at];
        Disagreement {
            line: *line,
            log: serde_json::to_string(event).unwrap_or_default(),
            alea: alea.into(),
        }
    }

    fn sim(&self) -> &Sim<Riichi> {
        self.sim.as_ref().expect("a game is in play")
    }

    fn sim_mut(&mut self) -> &mut Sim<Riichi> {
        self.sim.as_mut().expect("a game is in play")
    }

    /// What alea waits for, for messages.
    fn state(&self) -> String {
        if let Some(event) = self.queue.front() {
            return event.to_string();
        }
        let Some(sim) = &self.sim else {
            return "has no game in play".to_string();
        };
        match sim.turn() {
            Turn::Terminal => "has ended the match".to_string(),
            Turn::Player(seat) => {
                let kyoku = sim.world().resource::<Kyoku>();
                let hand: Vec<Tile> = kyoku.hands[seat.index()].tiles().collect();
                match kyoku.phase {
                    Phase::Claims { from, tile, .. } => format!(
                        "asks {seat} (holding {}) to answer {from}'s {tile}",
                        format_tiles(&hand)
                    ),
                    _ => format!("waits for {seat} to act (holding {})", format_tiles(&hand)),
                }
            }
        }
    }

    /// Matches the log's event with alea's next queued event of its kind (see
    /// [`Replay::take_queued`]): true when it was matched (and agrees), false when alea has
    /// not produced one.
    fn outcome(&mut self) -> Step {
        let event = self.event().clone();
        if let MjaiEvent::StartGame { .. } = event {
            return self.start_game();
        }
        if self.sim.is_none() {
            return Err(self.differ("has no game in play: a game starts with start_game"));
        }
        match event {
            MjaiEvent::StartKyoku { .. } => self.start_kyoku(),
            MjaiEvent::Tsumo { .. } if self.four_riichi_pending() && !self.extra_draw => {
                // libriichi draws the next tile before it aborts on four riichi: one draw.
                self.extra_draw = true;
                self.at += 1;
                Ok(true)
            }
            MjaiEvent::Tsumo { actor, pai } => self.check(RiichiEvent::DRAW, |e| match e {
                RiichiEvent::Draw { seat, tile, .. } => seat.0 == actor && *tile == pai.0,
                _ => false,
            }),
            MjaiEvent::Dahai { actor, pai, .. } => {
                self.check(RiichiEvent::DISCARD, |e| *e == discard(actor, pai, false))
            }
            MjaiEvent::Reach { actor } => self.reach(actor),
            MjaiEvent::Chi {
                actor, target, pai, ..
            }
            | MjaiEvent::Pon {
                actor, target, pai, ..
            }
            | MjaiEvent::Daiminkan {
                actor, target, pai, ..
            } => {
                let kind = call_kind(&event);
                self.check(RiichiEvent::CALL, |e| {
                    matches!(e, RiichiEvent::Call { seat, from, kind: k, tile, .. }
                        if seat.0 == actor && from.0 == target && *k == kind && Some(*tile) == pai.0)
                })
            }
            MjaiEvent::Ankan {
                actor,
                ref consumed,
            } => {
                let kind = consumed.first().and_then(|t| t.0).map(Tile::black);
                self.check(RiichiEvent::KAN, |e| {
                    matches!(e, RiichiEvent::Kan { seat, kind: MeldKind::ClosedKan, tile }
                        if seat.0 == actor && Some(*tile) == kind)
                })
            }
            MjaiEvent::Kakan { actor, pai, .. } => self.check(RiichiEvent::KAN, |e| {
                matches!(e, RiichiEvent::Kan { seat, kind: MeldKind::AddedKan, tile }
                    if seat.0 == actor && Some(*tile) == pai.0.map(Tile::black))
            }),
            MjaiEvent::ReachAccepted { actor } => {
                let matched = self.check(
                    RiichiEvent::RIICHI_STICK,
                    |e| matches!(e, RiichiEvent::RiichiStick { seat } if seat.0 == actor),
                )?;
                if matched {
                    self.table.riichi(actor);
                }
                Ok(matched)
            }
            MjaiEvent::Dora { dora_marker } => self.check(
                RiichiEvent::INDICATOR,
                |e| matches!(e, RiichiEvent::Indicator { tile } if *tile == dora_marker.0),
            ),
            MjaiEvent::Hora { actor, deltas, .. } => self.hora(actor, deltas),
            MjaiEvent::Ryukyoku { deltas } => self.ryukyoku(deltas),
            MjaiEvent::EndKyoku => self.check(RiichiEvent::HAND_END, |_| true),
            MjaiEvent::EndGame => self.end_game(),
            MjaiEvent::StartGame { .. } | MjaiEvent::None => Ok(false),
        }
    }

    /// alea has aborted the hand on four riichi and the log has not shown it yet.
    fn four_riichi_pending(&self) -> bool {
        self.queue.iter().any(|e| {
            matches!(
                e,
                RiichiEvent::AbortiveDraw {
                    reason: Abort::FourRiichi
                }
            )
        })
    }

    /// Takes the first queued event of `kind`: an error when it does not `agree` with the
    /// log's, false when there is none.
    fn check(&mut self, kind: EventKind, agree: impl FnOnce(&RiichiEvent) -> bool) -> Step {
        let Some(event) = self.take_queued(|e| e.kind() == kind)? else {
            return Ok(false);
        };
        if !agree(&event) {
            return Err(self.differ(format!("has: {event}")));
        }
        self.at += 1;
        Ok(true)
    }

    /// Takes the first queued alea event that `is` the log's: none when alea has not produced
    /// one; an error when alea produced another event before it, except where libriichi's
    /// order differs in form only (a kan's indicator before the discard that flips it, wins
    /// on one discard in any order).
    fn take_queued(
        &mut self,
        is: impl Fn(&RiichiEvent) -> bool,
    ) -> Result<Option<RiichiEvent>, Disagreement> {
        let Some(at) = self.queue.iter().position(is) else {
            return Ok(None);
        };
        let event = &self.queue[at];
        let may_wait = |earlier: &RiichiEvent| {
            matches!(
                (event.kind(), earlier.kind()),
                (RiichiEvent::INDICATOR, RiichiEvent::DISCARD)
                    | (RiichiEvent::WIN, RiichiEvent::WIN)
            )
        };
        if let Some(first) = self.queue.iter().take(at).find(|e| !may_wait(e)) {
            return Err(self.differ(format!("has first: {first}")));
        }
        Ok(self.queue.remove(at))
    }

    fn start_game(&mut self) -> Step {
        if self.sim.is_some() {
            return Err(self.differ(format!("has a game in play: {}", self.state())));
        }
        let sim = super::caller_sim(Riichi::new(self.config.clone()))
            .map_err(|e| self.differ(format!("cannot build the game: {e}")))?;
        self.sim = Some(sim);
        self.sim_mut().record_events(true);
        if let Some(sim) = &self.sim {
            (self.record)(Moment::Game(sim));
        }
        self.first_deal = true;
        self.queue.clear();
        self.at += 1;
        Ok(true)
    }

    /// The hand alea deals must be the log's (round, dealer, counters, scores); then the
    /// log's hands and wall replace alea's.
    fn start_kyoku(&mut self) -> Step {
        if !std::mem::take(&mut self.first_deal) && !self.check_deal()? {
            return Ok(false);
        }
        let MjaiEvent::StartKyoku {
            bakaze,
            kyoku,
            honba,
            kyotaku,
            oya,
            scores,
            ..
        } = self.event().clone()
        else {
            unreachable!("start_kyoku is the current event")
        };
        let m = *self.sim().world().resource::<Match>();
        let agrees = bakaze.wind_index() == Some(m.wind)
            && usize::from(kyoku) == usize::from(m.number) + 1
            && oya == m.number
            && honba == m.honba
            && kyotaku == m.sticks
            && scores == m.scores;
        if !agrees {
            return Err(self.differ(format!(
                "deals round {} hand {} (dealer P{}, {} honba, {} sticks) with scores {:?}",
                m.wind,
                m.number + 1,
                m.number,
                m.honba,
                m.sticks,
                m.scores
            )));
        }
        if std::mem::replace(&mut self.hand_open, true) {
            // The previous hand's events and the scores after it all agreed.
            self.hands += 1;
        }
        self.table = LogTable {
            scores,
            sticks: kyotaku,
        };
        self.extra_draw = false;
        let wall = Wall::read(self.events, self.at).map_err(|(at, e)| self.differ_at(at, e))?;
        self.force(&wall, m.dealer())
            .map_err(|(at, e)| self.differ_at(at, e))?;
        if let Some(sim) = &self.sim {
            (self.record)(Moment::Hand(sim));
        }
        self.at += 1;
        Ok(true)
    }

    /// alea's Deal for the log's `start_kyoku` (its random dealer draw is dropped).
    fn check_deal(&mut self) -> Step {
        if self
            .take_queued(|e| e.kind() == RiichiEvent::DEAL)?
            .is_none()
        {
            return Ok(false);
        }
        if let Some(draw) = self
            .queue
            .iter()
            .position(|e| e.kind() == RiichiEvent::DRAW)
        {
            self.queue.remove(draw);
        }
        Ok(true)
    }

    /// Puts the log's hands and wall in alea's World: the dealer has drawn the first tile.
    /// An error names the index of the event whose tile does not fit.
    fn force(&mut self, wall: &Wall, dealer: Seat) -> Result<(), (usize, String)> {
        let set = self.sim().rules().game.tile_set();
        let mut mount = Mount::new(set, WallLayout::riichi());
        let mut hands = [TileCounts::new(); SEATS];
        for (seat, tiles) in wall.hands.iter().enumerate() {
            for &tile in tiles {
                if !mount.deal_tile(tile) {
                    return Err((
                        self.at,
                        format!("cannot deal the log's hands: no {tile} left in the set"),
                    ));
                }
                hands[seat][tile] += 1;
            }
        }
        let exits = [
            (Exit::Dorahyou, &wall.dora),
            (Exit::Pii, &wall.live),
            (Exit::Rinshan, &wall.rinshan),
            (Exit::Urahyou, &wall.ura),
        ];
        for (exit, tiles) in exits {
            for (pos, &(at, tile)) in tiles.iter().enumerate() {
                let pos = u16::try_from(pos).unwrap_or(u16::MAX);
                if !fix_slot(&mut mount, exit, pos, tile) {
                    return Err((
                        at,
                        format!(
                            "cannot put the log's {tile} at {exit} slot {pos}: the wall has no slot or copy left"
                        ),
                    ));
                }
            }
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let first = install_hand(self.sim_mut(), hands, mount, dealer, &mut rng)
            .map_err(|e| (self.at, e))?;
        self.queue.push_front(RiichiEvent::Draw {
            seat: dealer,
            exit: Exit::Pii,
            tile: Some(first),
        });
        Ok(())
    }

    /// `reach` and its discard are alea's riichi discard.
    fn reach(&mut self, actor: u8) -> Step {
        let Some((_, MjaiEvent::Dahai { actor: by, pai, .. })) = self.events.get(self.at + 1)
        else {
            return Err(self.differ("expects the riichi discard on the next line"));
        };
        if *by != actor {
            return Err(self.differ("expects the riichi discard on the next line"));
        }
        let riichi = discard(actor, *pai, true);
        let matched = self.check(RiichiEvent::DISCARD, |e| *e == riichi)?;
        self.at += usize::from(matched);
        Ok(matched)
    }

    fn hora(&mut self, actor: u8, deltas: Option<[i32; SEATS]>) -> Step {
        let Some(win) =
            self.take_queued(|e| matches!(e, RiichiEvent::Win { seat, .. } if seat.0 == actor))?
        else {
            return Ok(false);
        };
        let Some(deltas) = deltas else {
            return Err(self.differ("needs the deltas of every win (a full log has them)"));
        };
        let RiichiEvent::Win {
            from, deltas: alea, ..
        } = &win
        else {
            unreachable!("a win was found")
        };
        let MjaiEvent::Hora { target, .. } = *self.event() else {
            unreachable!("hora is the current event")
        };
        let from_agrees = from.map_or(target == actor, |from| from.0 == target);
        if !from_agrees || deltas != *alea {
            return Err(self.differ(format!("has: {win}, deltas {alea:?}")));
        }
        self.table.add(deltas);
        self.table.sticks = 0;
        self.at += 1;
        Ok(true)
    }

    fn ryukyoku(&mut self, deltas: Option<[i32; SEATS]>) -> Step {
        let Some(draw) = self.take_queued(|e| {
            matches!(
                e,
                RiichiEvent::ExhaustiveDraw { .. } | RiichiEvent::AbortiveDraw { .. }
            )
        })?
        else {
            return Ok(false);
        };
        let Some(deltas) = deltas else {
            return Err(self.differ("needs the deltas of every draw (a full log has them)"));
        };
        let alea = match &draw {
            RiichiEvent::ExhaustiveDraw { deltas, .. } => *deltas,
            _ => [0; SEATS],
        };
        if deltas != alea {
            return Err(self.differ(format!("has: {draw}, deltas {alea:?}")));
        }
        self.table.add(deltas);
        self.at += 1;
        Ok(true)
    }

    /// alea's match ends here too, with the scores the log's deltas give (the sticks left on
    /// the table go to the first place, as libriichi's arena does: `end_game` carries no
    /// scores).
    fn end_game(&mut self) -> Step {
        let Some(end) = self.take_queued(|e| e.kind() == RiichiEvent::MATCH_END)? else {
            return Ok(false);
        };
        let RiichiEvent::MatchEnd { scores } = end else {
            unreachable!("a match end was found")
        };
        let mut expected = self.table.scores;
        expected[first_place(&expected).index()] += 1000 * i32::from(self.table.sticks);
        if scores != expected || !self.queue.is_empty() {
            return Err(self.differ(format!(
                "ends the match with scores {scores:?} (the log's hands give {expected:?}){}",
                self.queue
                    .front()
                    .map(|e| format!(" and has {e} left"))
                    .unwrap_or_default()
            )));
        }
        self.hands += u32::from(std::mem::take(&mut self.hand_open));
        self.games += 1;
        self.table = LogTable::default();
        self.sim = None;
        self.at += 1;
        Ok(true)
    }

    /// The log's event is a move alea waits for: play it.
    fn decide(&mut self) -> Result<(), Disagreement> {
        let Turn::Player(seat) = self.sim().turn() else {
            return Err(self.differ(self.state()));
        };
        (self.watch)(self.sim.as_ref().expect("a game is in play"), self.at);
        let (action, answering) = match self.sim().world().resource::<Kyoku>().phase {
            Phase::Turn { .. } if self.queue.is_empty() => (self.turn_action(seat)?, false),
            Phase::Claims { from, .. } => (self.claim_answer(seat, from), true),
            _ => return Err(self.differ(self.state())),
        };
        self.check_tiles(seat, action)?;
        let sim = self.sim();
        if !sim.legal_actions().contains(&action) {
            let legal: Vec<String> = sim.legal_actions().iter().map(|a| a.to_string()).collect();
            return Err(self.differ(format!(
                "does not allow {seat} to {action} (legal: {})",
                legal.join(", ")
            )));
        }
        let sim = self.sim_mut();
        if let Err(error) = sim.apply(action) {
            return Err(self.differ(format!("cannot play {seat}'s {action}: {error}")));
        }
        let produced: Vec<RiichiEvent> = sim.take_events().into_iter().map(|e| e.event).collect();
        let Some(sim) = &self.sim else {
            return Err(self.differ(self.state()));
        };
        (self.record)(Moment::Move {
            sim,
            seat,
            action,
            answering,
            events: &produced,
        });
        self.queue.extend(
            produced
                .into_iter()
                .filter(|e| e.kind() != RiichiEvent::ANSWER),
        );
        Ok(())
    }

    /// The tiles the log's move names beyond the action: a discard's `tsumogiri` (the tile
    /// just drawn, or not), a kan's `consumed` (and an added kan's `pai`), all as alea's hand
    /// and melds hold them.
    fn check_tiles(&self, seat: Seat, action: RiichiAction) -> Result<(), Disagreement> {
        let kyoku = self.sim().world().resource::<Kyoku>();
        let hand = kyoku.hands[seat.index()];
        let skip = |e: &MjaiEvent| {
            matches!(
                e,
                MjaiEvent::Dora { .. } | MjaiEvent::ReachAccepted { .. } | MjaiEvent::Reach { .. }
            )
        };
        let Some((_, event)) = self.events.get(self.next_move(skip)) else {
            return Ok(());
        };
        let tiles = |list: &[MjaiTile]| list.iter().filter_map(|t| t.0).collect::<TileCounts>();
        let of_kind = |tile: Tile| {
            hand.tiles()
                .filter(|t| t.kind() == tile.kind())
                .collect::<TileCounts>()
        };
        let agrees = match (event, action) {
            (
                MjaiEvent::Dahai { pai, tsumogiri, .. },
                RiichiAction::Discard(tile) | RiichiAction::Riichi(tile),
            ) => {
                let drawn = kyoku.drawn[seat.index()] == Some(tile);
                let called = matches!(kyoku.phase, Phase::Turn { called: true, .. });
                pai.0 == Some(tile)
                    && match tsumogiri {
                        true => drawn && !called,
                        false => !drawn || hand[tile] > 1,
                    }
            }
            (MjaiEvent::Ankan { consumed, .. }, RiichiAction::ClosedKan(tile)) => {
                consumed.len() == 4 && tiles(consumed) == of_kind(tile)
            }
            (MjaiEvent::Kakan { pai, consumed, .. }, RiichiAction::AddedKan(tile)) => {
                let pon = kyoku
                    .melds_of(seat)
                    .find(|m| m.meld.kind() == MeldKind::Pon && m.called.kind() == tile.kind());
                consumed.len() == 3
                    && pai.0.map(|p| of_kind(tile) == [p].into_iter().collect()) == Some(true)
                    && pon.map(|m| m.tiles()) == Some(tiles(consumed))
            }
            (MjaiEvent::Daiminkan { consumed, .. }, RiichiAction::Kan) => {
                let called = match kyoku.phase {
                    Phase::Claims { tile, .. } => tile,
                    _ => Tile::ALL[0],
                };
                consumed.len() == 3 && tiles(consumed) == of_kind(called)
            }
            _ => true,
        };
        match agrees {
            true => Ok(()),
            false => Err(self.differ(format!(
                "has {seat} holding {} for its {action}",
                crate::tiles::format_tiles(&hand.tiles().collect::<Vec<_>>())
            ))),
        }
    }

    /// The index of the log's next move from the current event on, past the events alea
    /// produces with the move (`skip`: the kan indicator libriichi flips before the discard
    /// that flips it; the riichi stick and the indicator before a call).
    fn next_move(&self, skip: fn(&MjaiEvent) -> bool) -> usize {
        let mut at = self.at;
        while self.events.get(at).is_some_and(|(_, e)| skip(e)) {
            at += 1;
        }
        at
    }

    /// The move of the seat on turn, from the log's event.
    fn turn_action(&self, seat: Seat) -> Result<RiichiAction, Disagreement> {
        let at = self.next_move(|e| matches!(e, MjaiEvent::Dora { .. }));
        let Some((_, event)) = self.events.get(at) else {
            return Err(self.differ(self.state()));
        };
        let next = self.events.get(at + 1).map(|(_, e)| e);
        match turn_move(event, next, seat) {
            Ok(Some(action)) => Ok(action),
            Ok(None) => Err(self.differ(self.state())),
            Err(why) => Err(self.differ(why)),
        }
    }

    /// `seat`'s answer to `from`'s discard: the log's win or call by `seat` right after it
    /// (past riichi sticks and indicators), else a pass.
    fn claim_answer(&self, seat: Seat, from: Seat) -> RiichiAction {
        let mut at = self
            .next_move(|e| matches!(e, MjaiEvent::ReachAccepted { .. } | MjaiEvent::Dora { .. }));
        let mut wins = false;
        while let Some((_, MjaiEvent::Hora { actor, target, .. })) = self.events.get(at) {
            if *target != from.0 || *actor == from.0 {
                break;
            }
            if *actor == seat.0 {
                return RiichiAction::Ron;
            }
            wins = true;
            at += 1;
        }
        match self.events.get(at) {
            Some((_, call)) if !wins => call_action(self.sim().legal_actions(), seat, from, call),
            _ => RiichiAction::Pass,
        }
    }
}

/// The log's `event` as the move of `seat` on turn (`next`: the event after it, a riichi's
/// discard): none when it is not a move of that seat; an error when a tile is hidden or a
/// riichi has no discard.
pub(super) fn turn_move(
    event: &MjaiEvent,
    next: Option<&MjaiEvent>,
    seat: Seat,
) -> Result<Option<RiichiAction>, &'static str> {
    let by = |actor: u8| actor == seat.0;
    let tile = |pai: MjaiTile| pai.0.ok_or("needs every tile of a move shown");
    Ok(Some(match *event {
        MjaiEvent::Dahai { actor, pai, .. } if by(actor) => RiichiAction::Discard(tile(pai)?),
        MjaiEvent::Reach { actor } if by(actor) => match next {
            Some(MjaiEvent::Dahai { actor, pai, .. }) if by(*actor) => {
                RiichiAction::Riichi(tile(*pai)?)
            }
            _ => return Err("expects the riichi discard on the next line"),
        },
        MjaiEvent::Hora { actor, target, .. } if by(actor) && target == actor => {
            RiichiAction::Tsumo
        }
        MjaiEvent::Ankan {
            actor,
            ref consumed,
        } if by(actor) => {
            let first = consumed.first().copied().unwrap_or(MjaiTile(None));
            RiichiAction::ClosedKan(tile(first)?.black())
        }
        MjaiEvent::Kakan { actor, pai, .. } if by(actor) => {
            RiichiAction::AddedKan(tile(pai)?.black())
        }
        MjaiEvent::Ryukyoku { .. } => RiichiAction::NineTerminals,
        _ => return Ok(None),
    }))
}

/// The chi, pon or kan among `legal` that is the log's `call` by `seat` on `from`'s discard
/// (or the call as the log writes it, to be refused as illegal); a pass for other events.
pub(super) fn call_action(
    legal: &[RiichiAction],
    seat: Seat,
    from: Seat,
    call: &MjaiEvent,
) -> RiichiAction {
    let (MjaiEvent::Chi {
        actor,
        target,
        consumed,
        ..
    }
    | MjaiEvent::Pon {
        actor,
        target,
        consumed,
        ..
    }
    | MjaiEvent::Daiminkan {
        actor,
        target,
        consumed,
        ..
    }) = call
    else {
        return RiichiAction::Pass;
    };
    if *actor != seat.0 || *target != from.0 {
        return RiichiAction::Pass;
    }
    let kind = call_kind(call);
    let with: Vec<Tile> = consumed.iter().filter_map(|t| t.0).collect();
    let same = |a: Tile, b: Tile| {
        with.len() == 2 && ((a, b) == (with[0], with[1]) || (b, a) == (with[0], with[1]))
    };
    let found = legal.iter().find(|a| match (kind, **a) {
        (MeldKind::Pon, RiichiAction::Pon(a, b)) | (MeldKind::Chi, RiichiAction::Chi(a, b)) => {
            same(a, b)
        }
        (MeldKind::OpenKan, RiichiAction::Kan) => true,
        _ => false,
    });
    match (found, kind, with.as_slice()) {
        (Some(action), ..) => *action,
        (None, MeldKind::Chi, [a, b]) => RiichiAction::Chi(*a, *b),
        (None, MeldKind::Pon, [a, b]) => RiichiAction::Pon(*a, *b),
        _ => RiichiAction::Kan,
    }
}

/// Fixes the slot at `pos` of `exit` to `tile`: false when the mount has no such slot, or no
/// copy left (the collapse would leave the slot free).
pub(super) fn fix_slot(mount: &mut Mount, exit: Exit, pos: u16, tile: Tile) -> bool {
    mount.early_collapse(exit, pos, tile).is_ok() && mount.collapsed(exit, pos) == Some(tile)
}

/// Puts a dealt hand into `sim`'s World: the starting `hands`, and `mount` (the hands dealt
/// out of it) with its first indicator flipped and the dealer's first tile drawn (from the
/// next normal slot: collapsed, or by `rng`). Returns that tile.
pub(super) fn install_hand(
    sim: &mut Sim<Riichi>,
    mut hands: [TileCounts; SEATS],
    mut mount: Mount,
    dealer: Seat,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<Tile, String> {
    let flipped = mount.draw(Exit::Dorahyou, rng);
    let first = mount.draw(Exit::Pii, rng);
    let (Ok(_), Ok(first)) = (flipped, first) else {
        return Err("the log shows no dora indicator or no first draw".to_string());
    };
    hands[dealer.index()][first] += 1;
    sim.with_world_and_table(|world, table| {
        *world.resource_mut::<Mount>() = mount;
        let mut kyoku = world.resource_mut::<Kyoku>();
        kyoku.hands = hands;
        kyoku.drawn = [None; SEATS];
        kyoku.drawn[dealer.index()] = Some(first);
        kyoku.phase = Phase::Turn {
            seat: dealer,
            called: false,
            rinshan: false,
        };
        table.active = dealer;
    });
    sim.refresh_decision();
    Ok(first)
}

/// alea's discard event for the log's `dahai`.
fn discard(actor: u8, pai: MjaiTile, riichi: bool) -> RiichiEvent {
    RiichiEvent::Discard {
        seat: Seat(actor),
        tile: pai.0.unwrap_or(Tile::ALL[0]),
        riichi,
    }
}

/// The meld a chi, pon or daiminkan makes.
fn call_kind(event: &MjaiEvent) -> MeldKind {
    match event {
        MjaiEvent::Chi { .. } => MeldKind::Chi,
        MjaiEvent::Pon { .. } => MeldKind::Pon,
        _ => MeldKind::OpenKan,
    }
}

/// A hand's tiles as the log shows them: the starting hands, then the tiles drawn through each
/// exit in order (a draw right after a kan is a replacement draw), each with the index of the
/// event that shows it.
#[derive(Debug, Default)]
struct Wall {
    hands: [Vec<Tile>; SEATS],
    live: Vec<(usize, Tile)>,
    rinshan: Vec<(usize, Tile)>,
    dora: Vec<(usize, Tile)>,
    ura: Vec<(usize, Tile)>,
}

impl Wall {
    /// The wall of the hand whose `start_kyoku` is `events[at]`; an error names the index of
    /// the event it is about.
    fn read(events: &[(usize, MjaiEvent)], at: usize) -> Result<Wall, (usize, String)> {
        let shown = |tile: MjaiTile, at: usize| {
            tile.0
                .ok_or_else(|| (at, "needs every tile shown (the log has ?)".to_string()))
        };
        let mut wall = Wall::default();
        let MjaiEvent::StartKyoku {
            dora_marker,
            tehais,
            ..
        } = &events[at].1
        else {
            unreachable!("the hand starts at start_kyoku")
        };
        wall.dora.push((at, shown(*dora_marker, at)?));
        for (hand, tehai) in wall.hands.iter_mut().zip(tehais) {
            if tehai.len() != 13 {
                let why = format!("needs 13 tiles a hand (the log has {})", tehai.len());
                return Err((at, why));
            }
            *hand = tehai
                .iter()
                .map(|&t| shown(t, at))
                .collect::<Result<_, _>>()?;
        }
        let mut after_kan = false;
        for (i, (_, event)) in events.iter().enumerate().skip(at + 1) {
            match event {
                MjaiEvent::Tsumo { pai, .. } => {
                    let exit = if after_kan {
                        &mut wall.rinshan
                    } else {
                        &mut wall.live
                    };
                    exit.push((i, shown(*pai, i)?));
                    after_kan = false;
                }
                MjaiEvent::Ankan { .. } | MjaiEvent::Kakan { .. } | MjaiEvent::Daiminkan { .. } => {
                    after_kan = true;
                }
                MjaiEvent::Dora { dora_marker } => wall.dora.push((i, shown(*dora_marker, i)?)),
                MjaiEvent::Hora {
                    ura_markers: Some(ura),
                    ..
                } if wall.ura.is_empty() => {
                    for &tile in ura {
                        wall.ura.push((i, shown(tile, i)?));
                    }
                }
                MjaiEvent::EndKyoku | MjaiEvent::StartKyoku { .. } | MjaiEvent::EndGame => break,
                _ => {}
            }
        }
        if wall.live.is_empty() {
            return Err((at, "expects the dealer's first draw".to_string()));
        }
        Ok(wall)
    }
}
