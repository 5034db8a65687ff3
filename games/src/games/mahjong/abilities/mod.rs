//! The reference abilities (libsaki semantics): Kuro, Kasumi, Awai, Koromo, Toki,
//! and the dealer seed's own examples: Takami (the teacup), Hatsumi (the four winds) and Sawaya
//! (the clouds).
//!
//! Each is a `static` [`AbilityHooks`](crate::dealer::AbilityHooks) (plain `fn` pointers);
//! their parameters come from `assets/abilities.ron`, embedded in the binary and parsed once
//! ([`params`]).

mod awai;
mod hatsumi;
mod kasumi;
mod koromo;
mod kuro;
mod sawaya;
mod seated;
mod takami;
mod toki;

use std::sync::OnceLock;

use serde::Deserialize;

use crate::dealer::Claim;
use crate::mount::{Exit, Mount, MountZone};
use crate::tiles::{KindCounts, TileCounts, TileKind};

pub use awai::AWAI;
pub use hatsumi::HATSUMI;
pub use kasumi::{KASUMI, kept_from_rivals};
pub use koromo::KOROMO;
pub use kuro::KURO;
pub use sawaya::SAWAYA;
pub use seated::{ALL, SeatedAbility, SeatedAbilityError, by_name, names};
pub use takami::{TAKAMI, takami_choice, teacup_discard};
pub use toki::{Foresee, Sight, TOKI, future_sight, toki_choice, toki_to_move};

/// The parameters of every reference ability (`assets/abilities.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityParams {
    /// Kuro's.
    pub kuro: KuroParams,
    /// Kasumi's.
    pub kasumi: KasumiParams,
    /// Awai's.
    pub awai: AwaiParams,
    /// Koromo's.
    pub koromo: KoromoParams,
    /// Toki's.
    pub toki: TokiParams,
    /// Takami's.
    pub takami: TakamiParams,
    /// Hatsumi's.
    pub hatsumi: HatsumiParams,
    /// Sawaya's.
    pub sawaya: SawayaParams,
}

/// Kuro (dora hoarding). See the asset for each field's meaning.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct KuroParams {
    pub perseverance: u32,
    pub dora_at_start: (u8, u8),
    pub reds_at_start: (u8, u8),
    pub eject_mk: i32,
    pub monkey_dora_mk: i32,
    pub monkey_red_mk: i32,
    pub indicator_mk: i32,
    pub dora_expect: u8,
    pub dora_expect_late: u8,
    pub late_turn: u16,
    pub first_dora_mk: i32,
    pub other_dora_mk: i32,
    pub red_short_mk: i32,
    pub red_mk: i32,
}

/// Kasumi (one suit barred to the others). See the asset for each field's meaning.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct KasumiParams {
    pub perseverance: u32,
    pub relax_at: u32,
    pub max_honors: u8,
    pub min_shanten: i8,
    pub eject_mk: i32,
    pub own_honor_mk: i32,
    pub draw_turns: u16,
    pub other_suits_mk: i32,
    pub own_suit_mk: i32,
    pub rival_mk: i32,
}

/// Awai (double riichi, kan-ura; rivals start far from ready). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct AwaiParams {
    pub own_perseverance: u32,
    pub own_max_shanten: i8,
    pub perseverance: u32,
    pub relax_at: u32,
    pub rival_min_shanten: i8,
    pub relaxed_rival_min_shanten: i8,
    pub kanura_in_hand: u8,
    pub eject_mk: i32,
    pub indicator_mk: i32,
    pub accel_mk: i32,
}

/// Koromo (per-draw presence on effective tiles). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct KoromoParams {
    pub perseverance: u32,
    pub own_max_shanten: i8,
    pub own_effective_mk: i32,
    pub rival_stuck_shanten: i8,
    pub rival_effective_mk: i32,
    pub last_tile_mk: i32,
}

/// Toki (future sight). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct TokiParams {
    pub horizon_draws: u16,
    pub timelines: u16,
}

/// Takami (the teacup). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct TakamiParams {
    pub need_mk: i32,
}

/// Hatsumi (the four winds). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct HatsumiParams {
    pub perseverance: u32,
    pub rival_held_mk: i32,
    pub rival_free_mk: i32,
    pub rival_riichi_mk: i32,
    pub pull_mk: i32,
    pub push_mk: i32,
    pub kan_mk: i32,
}

/// Sawaya (the clouds). See the asset.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct SawayaParams {
    pub red_cloud: Option<String>,
    pub red_on_rivals: bool,
    pub white_cloud: Option<String>,
    pub perseverance: u32,
    pub white_min_souzu: u8,
    pub eject_mk: i32,
    pub monkey_honour_mk: i32,
    pub monkey_souzu_mk: i32,
    pub honour_mk: i32,
    pub ready_honour_mk: i32,
    pub souzu_mk: i32,
}

/// The embedded asset.
pub const ABILITIES_RON: &str = include_str!("../../../../assets/abilities.ron");

/// Parses ability parameters from RON text.
pub fn parse_params(text: &str) -> Result<AbilityParams, ron::error::SpannedError> {
    ron::from_str(text)
}

/// The embedded parameters, parsed once.
///
/// # Panics
/// If the embedded asset does not parse (a build bug, caught by the tests).
pub fn params() -> &'static AbilityParams {
    static PARAMS: OnceLock<AbilityParams> = OnceLock::new();
    PARAMS.get_or_init(|| parse_params(ABILITIES_RON).expect("assets/abilities.ron parses"))
}

/// Every kind of a suit index (0 = m, 1 = p, 2 = s).
fn suit_kinds(suit: u16) -> impl Iterator<Item = TileKind> {
    TileKind::all().filter(move |k| !k.is_honor() && k.index() / 9 == usize::from(suit))
}

/// The red fives of the riichi set.
fn reds() -> impl Iterator<Item = crate::tiles::Tile> {
    TileKind::all().filter_map(|k| k.red())
}

/// The kinds that lower the shanten of `hand`.
fn effective(hand: &KindCounts) -> Vec<TileKind> {
    crate::tiles::effective_kinds(hand)
}

/// A hand per kind.
fn kinds(hand: &TileCounts) -> KindCounts {
    hand.kinds()
}

/// Presence for `kind` on the next normal draw in zone A; abilities try, so a kind outside
/// the tile set is skipped.
fn light(mount: &mut Mount, kind: TileKind, mk: i32) {
    let _ = mount.light_a(kind.tile(), mk);
}

/// `inc_mk` that abilities try (a missing slot or tile is skipped).
fn try_inc(mount: &mut Mount, exit: Exit, pos: u16, kind: TileKind, mk: i32, zone: MountZone) {
    let _ = mount.inc_mk(exit, pos, kind.tile(), mk, zone);
}

/// The claim of a plan that wants every copy of `target` and one copy of its indicator left
/// (Kuro's dora, Awai's kan-ura): `Four` on it, `Any` on its indicator.
fn four_with_indicator(target: TileKind, kind: TileKind) -> Claim {
    if kind == target {
        Claim::Four
    } else if kind == target.indicator() {
        Claim::Any
    } else {
        Claim::None
    }
}

/// Loads one copy of `indicator` to B and makes the slot at `pos` of `exit` pull it out of B:
/// zone A −`mk` for every kind, zone B +`mk` for the indicator and −`mk` for the others.
fn pull_from_b(mount: &mut Mount, exit: Exit, pos: u16, indicator: TileKind, mk: i32) {
    load_one(mount, indicator);
    for kind in TileKind::all() {
        try_inc(mount, exit, pos, kind, -mk, MountZone::A);
        let b = if kind == indicator { mk } else { -mk };
        try_inc(mount, exit, pos, kind, b, MountZone::B);
    }
}

/// Loads one copy of `kind` to B: a black copy if A has one, else the red five.
fn load_one(mount: &mut Mount, kind: TileKind) {
    let tile = match kind.red() {
        Some(red) if mount.remain_a_exact(kind.tile()) == 0 => red,
        _ => kind.tile(),
    };
    let _ = mount.load_b(tile, 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_asset_parses() {
        let p = params();
        assert_eq!(p.kuro.perseverance, 100);
        assert_eq!(p.awai.perseverance, 500);
        for round in [&p.sawaya.red_cloud, &p.sawaya.white_cloud]
            .into_iter()
            .flatten()
        {
            assert!(round.parse::<crate::dealer::DealRound>().is_ok(), "{round}");
        }
        assert!(parse_params("(kuro: ())").is_err());
    }
}
