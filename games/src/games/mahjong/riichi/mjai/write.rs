//! alea's riichi events as mjai events: a full-information log of a match.

use super::{MjaiEvent, MjaiTile};
use crate::games::mahjong::Ruleset;
use crate::games::mahjong::riichi::{Riichi, RiichiEvent, SEATS};
use crate::scoring::riichi::MeldKind;
use crate::tiles::{Tile, TileCounts, TileKind};
use alea::kernel::{Seat, Sim};

/// Turns a match's [`RiichiEvent`]s, with full information, into mjai events. It keeps each
/// seat's tiles, for the tiles mjai names in kans, and the scores, which mjai states at every
/// `start_kyoku`.
///
/// ```
/// use alea_games::games::mahjong::riichi::mjai::{MjaiEvent, MjaiWriter};
/// use alea_games::games::mahjong::riichi::{Length, Riichi};
/// use alea::kernel::SimBuilder;
/// use alea::kernel::playout::{random_player_rng, random_playout};
///
/// let mut sim = SimBuilder::new(Riichi::preset("riichi")?.with_length(Length::Kyoku)).build();
/// let mut writer = MjaiWriter::new(25_000);
/// let mut log = writer.open(&sim, &["a", "b", "c", "d"]);
/// sim.record_events(true);
/// random_playout(&mut sim, &mut random_player_rng(1))?;
/// for logged in sim.take_events() {
///     writer.push(&logged.event, &mut log);
/// }
/// assert!(matches!(log[1], MjaiEvent::StartKyoku { .. }));
/// assert_eq!(log.last(), Some(&MjaiEvent::EndGame));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct MjaiWriter {
    scores: [i32; SEATS],
    hands: [TileCounts; SEATS],
    drawn: [Option<Tile>; SEATS],
    /// Each seat's pons, as mjai wrote them (the called tile first).
    pons: [Vec<[Tile; 3]>; SEATS],
}

impl MjaiWriter {
    /// A writer for a match whose seats start with `start_points`.
    pub fn new(start_points: i32) -> MjaiWriter {
        MjaiWriter {
            scores: [start_points; SEATS],
            ..MjaiWriter::default()
        }
    }

    /// The log's opening for a match `sim` has just dealt (its first hand is dealt at build
    /// or restart, without events): `start_game`, the first `start_kyoku` and the dealer's
    /// first draw.
    pub fn open(&mut self, sim: &Sim<Riichi>, names: &[&str]) -> Vec<MjaiEvent> {
        let mut log = vec![MjaiEvent::StartGame {
            names: names.iter().map(|n| n.to_string()).collect(),
            id: None,
        }];
        self.push(&Riichi::deal_event(sim), &mut log);
        if let Some(draw) = Riichi::first_draw(sim) {
            self.push(&draw, &mut log);
        }
        log
    }

    /// Appends the mjai events of `event` to `out` (none for a claim answer).
    pub fn push(&mut self, event: &RiichiEvent, out: &mut Vec<MjaiEvent>) {
        let shown = |tile: Tile| MjaiTile(Some(tile));
        match *event {
            RiichiEvent::Deal { .. } => out.push(self.start_kyoku(event)),
            RiichiEvent::Draw { seat, tile, .. } => {
                if let Some(tile) = tile {
                    self.hands[seat.index()][tile] += 1;
                }
                self.drawn[seat.index()] = tile;
                out.push(MjaiEvent::Tsumo {
                    actor: seat.0,
                    pai: MjaiTile(tile),
                });
            }
            RiichiEvent::Discard { seat, tile, riichi } => {
                if riichi {
                    out.push(MjaiEvent::Reach { actor: seat.0 });
                }
                let s = seat.index();
                self.hands[s][tile] = self.hands[s][tile].saturating_sub(1);
                out.push(MjaiEvent::Dahai {
                    actor: seat.0,
                    pai: shown(tile),
                    tsumogiri: self.drawn[s].take() == Some(tile),
                });
            }
            RiichiEvent::RiichiStick { seat } => {
                self.scores[seat.index()] -= 1000;
                out.push(MjaiEvent::ReachAccepted { actor: seat.0 });
            }
            RiichiEvent::Call {
                seat,
                from,
                kind,
                tile,
                with,
            } => out.push(self.call(seat, from, kind, tile, with)),
            RiichiEvent::Kan { seat, kind, tile } => out.push(self.kan(seat, kind, tile)),
            RiichiEvent::Indicator { tile } => out.push(MjaiEvent::Dora {
                dora_marker: MjaiTile(tile),
            }),
            RiichiEvent::Win {
                seat,
                from,
                ref ura,
                deltas,
                ..
            } => {
                self.add(deltas);
                out.push(MjaiEvent::Hora {
                    actor: seat.0,
                    target: from.unwrap_or(seat).0,
                    pai: None,
                    deltas: Some(deltas),
                    ura_markers: Some(ura.iter().map(|&t| shown(t)).collect()),
                });
            }
            RiichiEvent::ExhaustiveDraw { deltas, .. } => {
                self.add(deltas);
                out.push(MjaiEvent::Ryukyoku {
                    deltas: Some(deltas),
                });
            }
            RiichiEvent::AbortiveDraw { .. } => out.push(MjaiEvent::Ryukyoku {
                deltas: Some([0; SEATS]),
            }),
            RiichiEvent::HandEnd { .. } => out.push(MjaiEvent::EndKyoku),
            RiichiEvent::MatchEnd { .. } => out.push(MjaiEvent::EndGame),
            RiichiEvent::Answer { .. } => {}
        }
    }

    fn add(&mut self, deltas: [i32; SEATS]) {
        for (score, delta) in self.scores.iter_mut().zip(deltas) {
            *score += delta;
        }
    }

    fn start_kyoku(&mut self, deal: &RiichiEvent) -> MjaiEvent {
        let RiichiEvent::Deal {
            wind,
            number,
            honba,
            sticks,
            ref hands,
            indicator,
        } = *deal
        else {
            unreachable!("a deal")
        };
        for (s, hand) in self.hands.iter_mut().enumerate() {
            *hand = hands.get(s).copied().flatten().unwrap_or_default();
        }
        self.drawn = [None; SEATS];
        self.pons = Default::default();
        MjaiEvent::StartKyoku {
            bakaze: MjaiTile(Some(TileKind::wind(wind % 4).tile())),
            dora_marker: MjaiTile(indicator),
            kyoku: number + 1,
            honba,
            kyotaku: sticks,
            oya: number,
            scores: self.scores,
            tehais: std::array::from_fn(|s| {
                self.hands[s].tiles().map(|t| MjaiTile(Some(t))).collect()
            }),
        }
    }

    /// Takes every copy of `kind` out of `seat`'s hand.
    fn take_kind(&mut self, seat: Seat, kind: TileKind) -> Vec<Tile> {
        let hand = &mut self.hands[seat.index()];
        let tiles: Vec<Tile> = hand.tiles().filter(|t| t.kind() == kind).collect();
        for &tile in &tiles {
            hand[tile] -= 1;
        }
        tiles
    }

    fn call(
        &mut self,
        seat: Seat,
        from: Seat,
        kind: MeldKind,
        tile: Tile,
        with: [Tile; 2],
    ) -> MjaiEvent {
        let s = seat.index();
        self.drawn[s] = None;
        let consumed = if kind == MeldKind::OpenKan {
            self.take_kind(seat, tile.kind())
        } else {
            for t in with {
                self.hands[s][t] = self.hands[s][t].saturating_sub(1);
            }
            with.to_vec()
        };
        let (actor, target, pai) = (seat.0, from.0, MjaiTile(Some(tile)));
        let consumed = consumed.into_iter().map(|t| MjaiTile(Some(t))).collect();
        match kind {
            MeldKind::Chi => MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            },
            MeldKind::Pon => {
                self.pons[s].push([tile, with[0], with[1]]);
                MjaiEvent::Pon {
                    actor,
                    target,
                    pai,
                    consumed,
                }
            }
            _ => MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            },
        }
    }

    fn kan(&mut self, seat: Seat, kind: MeldKind, tile: Tile) -> MjaiEvent {
        let taken = self.take_kind(seat, tile.kind());
        let shown = |tiles: &[Tile]| tiles.iter().map(|&t| MjaiTile(Some(t))).collect();
        if kind == MeldKind::ClosedKan {
            return MjaiEvent::Ankan {
                actor: seat.0,
                consumed: shown(&taken),
            };
        }
        let pons = &mut self.pons[seat.index()];
        let pon = pons
            .iter()
            .position(|p| p[0].kind() == tile.kind())
            .map(|at| pons.swap_remove(at))
            .unwrap_or([tile; 3]);
        MjaiEvent::Kakan {
            actor: seat.0,
            pai: MjaiTile(taken.first().copied()),
            consumed: shown(&pon),
        }
    }
}
