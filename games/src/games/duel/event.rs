//! The duel's actions and events.

use serde::{Deserialize, Serialize};

use super::catalog::CardTag;
use crate::dice::Face;
use alea::kernel::{CardId, EventKind, GameEvent, Seat};

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuelAction {
    /// Mulligan: put back the starting cards whose bits are set (bit `i`: the `i`-th card of
    /// the hand sorted by catalog index) and draw as many; `Redraw(0)` keeps the hand.
    Redraw(u16),
    /// Choose the starting active character (team slot).
    Start(u8),
    /// Keep the rolled dice.
    Keep,
    /// Reroll the dice none of the living characters can use (not omni).
    Reroll,
    /// Use skill 0 (normal attack), 1 (elemental skill) or 2 (burst).
    Skill(u8),
    /// Play a card (catalog index) from the hand.
    Play(u16),
    /// Tune a card (catalog index) from the hand: discard it, turn one die into the active
    /// character's element.
    Tune(u16),
    /// Switch the active character (costs 1 die, passes the turn).
    Switch(u8),
    /// Choose the new active character after a defeat.
    Choose(u8),
    /// Declare the end of the round.
    EndRound,
}

/// What happens in a duel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum DuelEvent {
    /// `seat` puts back the starting cards of `mask` (see [`DuelAction::Redraw`]) and draws
    /// as many (the other seat is shown how many only: `Game::seen_by`).
    Redrawn {
        /// Who.
        seat: Seat,
        /// Which cards of the sorted hand.
        mask: u16,
    },
    /// `seat` chooses its starting character.
    StartChosen {
        /// Who.
        seat: Seat,
        /// The team slot.
        character: u8,
    },
    /// A round starts: dice are rolled (round-start supports act after it).
    RoundStarted {
        /// The round.
        round: u32,
    },
    /// `seat` keeps or rerolls its dice.
    Rerolled {
        /// Who.
        seat: Seat,
        /// Rerolled (true) or kept.
        reroll: bool,
    },
    /// `seat`'s active character uses a skill.
    SkillUsed {
        /// Who.
        seat: Seat,
        /// 0 normal attack, 1 elemental skill, 2 burst.
        skill: u8,
    },
    /// `seat` plays `card`.
    CardPlayed {
        /// Who.
        seat: Seat,
        /// The card (catalog index).
        card: CardId,
    },
    /// `seat` tunes `card`.
    CardTuned {
        /// Who.
        seat: Seat,
        /// The card (catalog index).
        card: CardId,
    },
    /// `seat` switches to character `to`.
    Switched {
        /// Who.
        seat: Seat,
        /// The new active character.
        to: u8,
        /// An action (paid, passes the turn), not a choice after a defeat.
        action: bool,
    },
    /// Damage dealt to character `target` of `seat`, before its element reacts (bonuses such
    /// as equipment and buffs change `amount` as *before* listeners).
    Damage {
        /// The target's owner.
        seat: Seat,
        /// The target.
        target: u8,
        /// Hit points (listeners may change them).
        amount: u8,
        /// The element (`None`: physical).
        element: Option<Face>,
        /// Piercing damage ignores shields, guards and auras.
        piercing: bool,
        /// The opposing character (team slot) whose skill deals it; `None` for summons,
        /// cards and reactions.
        attacker: Option<u8>,
    },
    /// The damage that reaches character `target` of `seat` after its reaction; guards and
    /// shields reduce `amount` as *before* listeners.
    Hit {
        /// The target's owner.
        seat: Seat,
        /// The target.
        target: u8,
        /// Hit points (listeners may change them).
        amount: u8,
        /// Piercing damage ignores shields and guards.
        piercing: bool,
        /// Overloaded: the target, if active and still standing, is switched out.
        overloaded: bool,
    },
    /// Character `target` of `seat` heals.
    Healed {
        /// The owner.
        seat: Seat,
        /// The character.
        target: u8,
        /// Hit points.
        amount: u8,
    },
    /// Character `target` of `seat` is defeated.
    Defeated {
        /// The owner.
        seat: Seat,
        /// The character.
        target: u8,
    },
    /// `seat` draws `count` cards (of `tag` when given).
    Drawn {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
        /// Only cards of this tag.
        tag: Option<CardTag>,
    },
    /// `seat` gets `count` dice from its black generator.
    DiceCreated {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// `seat` gets a summon.
    Summoned {
        /// Who.
        seat: Seat,
        /// The summon (catalog index).
        summon: u8,
    },
    /// `seat`'s summon (catalog index) acts in the end phase: its effect, then one usage
    /// less (emitted by the summon's end-phase listener, so each summon's effect resolves
    /// before the next one acts).
    SummonActed {
        /// Whose.
        seat: Seat,
        /// The summon (catalog index).
        summon: u8,
    },
    /// `seat` declares the end of the round.
    RoundEnded {
        /// Who.
        seat: Seat,
    },
    /// The end phase: summons, supports and statuses act as its *after* listeners.
    EndPhase,
    /// The round is over: dice are discarded, both draw 2, the next round starts.
    RoundFinished,
    /// The game is over.
    GameOver {
        /// The winner (`None`: a draw at the round limit).
        winner: Option<Seat>,
    },
}

impl DuelEvent {
    /// Kind of [`DuelEvent::RoundStarted`].
    pub const ROUND_STARTED: EventKind = 2;
    /// Kind of [`DuelEvent::SkillUsed`].
    pub const SKILL_USED: EventKind = 4;
    /// Kind of [`DuelEvent::Damage`] (listeners may change the amount).
    pub const DAMAGE: EventKind = 8;
    /// Kind of [`DuelEvent::Hit`] (listeners may change the amount).
    pub const HIT: EventKind = 9;
    /// Kind of [`DuelEvent::Drawn`].
    pub const DRAWN: EventKind = 12;
    /// Kind of [`DuelEvent::EndPhase`].
    pub const END_PHASE: EventKind = 16;
    /// Kind of [`DuelEvent::RoundFinished`].
    pub const ROUND_FINISHED: EventKind = 17;
}

impl GameEvent for DuelEvent {
    fn kind(&self) -> EventKind {
        match self {
            DuelEvent::Redrawn { .. } => 0,
            DuelEvent::StartChosen { .. } => 1,
            DuelEvent::RoundStarted { .. } => Self::ROUND_STARTED,
            DuelEvent::Rerolled { .. } => 3,
            DuelEvent::SkillUsed { .. } => Self::SKILL_USED,
            DuelEvent::CardPlayed { .. } => 5,
            DuelEvent::CardTuned { .. } => 6,
            DuelEvent::Switched { .. } => 7,
            DuelEvent::Damage { .. } => Self::DAMAGE,
            DuelEvent::Hit { .. } => Self::HIT,
            DuelEvent::Healed { .. } => 10,
            DuelEvent::Defeated { .. } => 11,
            DuelEvent::Drawn { .. } => Self::DRAWN,
            DuelEvent::DiceCreated { .. } => 13,
            DuelEvent::Summoned { .. } => 14,
            DuelEvent::RoundEnded { .. } => 15,
            DuelEvent::EndPhase => Self::END_PHASE,
            DuelEvent::RoundFinished => Self::ROUND_FINISHED,
            DuelEvent::GameOver { .. } => 18,
            DuelEvent::SummonActed { .. } => 19,
        }
    }
}

/// An element's name (`physical` for none).
pub fn element_name(e: Option<Face>) -> &'static str {
    e.map_or("physical", Face::name)
}

impl std::fmt::Display for DuelEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            DuelEvent::Redrawn { seat, mask } => {
                write!(f, "{seat} redraws {} card(s)", mask.count_ones())
            }
            DuelEvent::StartChosen { seat, character } => {
                write!(f, "{seat} starts with character {character}")
            }
            DuelEvent::RoundStarted { round } => write!(f, "round {round} starts"),
            DuelEvent::Rerolled { seat, reroll } => {
                write!(
                    f,
                    "{seat} {}",
                    if reroll { "rerolls" } else { "keeps its dice" }
                )
            }
            DuelEvent::SkillUsed { seat, skill } => write!(f, "{seat} uses skill {skill}"),
            DuelEvent::CardPlayed { seat, card } => write!(f, "{seat} plays card #{}", card.0),
            DuelEvent::CardTuned { seat, card } => write!(f, "{seat} tunes card #{}", card.0),
            DuelEvent::Switched { seat, to, .. } => write!(f, "{seat} switches to character {to}"),
            DuelEvent::Damage {
                seat,
                target,
                amount,
                element,
                ..
            } => write!(
                f,
                "{amount} {} damage to {seat}'s character {target}",
                element_name(element)
            ),
            DuelEvent::Hit {
                seat,
                target,
                amount,
                ..
            } => write!(f, "{seat}'s character {target} loses {amount} HP"),
            DuelEvent::Healed {
                seat,
                target,
                amount,
            } => write!(f, "{seat}'s character {target} heals {amount}"),
            DuelEvent::Defeated { seat, target } => {
                write!(f, "{seat}'s character {target} is defeated")
            }
            DuelEvent::Drawn { seat, count, tag } => match tag {
                Some(tag) => write!(f, "{seat} draws {count} {tag:?} card(s)"),
                None => write!(f, "{seat} draws {count}"),
            },
            DuelEvent::DiceCreated { seat, count } => write!(f, "{seat} creates {count} dice"),
            DuelEvent::Summoned { seat, summon } => write!(f, "{seat} summons #{summon}"),
            DuelEvent::SummonActed { seat, summon } => write!(f, "{seat}'s summon #{summon} acts"),
            DuelEvent::RoundEnded { seat } => write!(f, "{seat} ends the round"),
            DuelEvent::EndPhase => write!(f, "end phase"),
            DuelEvent::RoundFinished => write!(f, "the round is over"),
            DuelEvent::GameOver { winner: Some(w) } => write!(f, "{w} wins"),
            DuelEvent::GameOver { winner: None } => write!(f, "draw at the round limit"),
        }
    }
}
