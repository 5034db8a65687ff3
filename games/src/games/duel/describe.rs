//! Actions and events in words, with the names of cards, skills, characters and summons.

use super::board::View;
use super::event::element_name;
use super::state::TEAM;
use super::{Duel, DuelAction, DuelEvent};
use alea::kernel::Seat;

impl Duel {
    fn card_name(&self, card: u16) -> &str {
        self.catalog
            .cards
            .get(usize::from(card))
            .map_or("?", |c| c.name.as_str())
    }

    fn fighter_name(&self, view: &View, seat: Seat, i: u8) -> &str {
        let c = view.fighters[seat.index()][usize::from(i % TEAM as u8)].character;
        self.catalog.characters[usize::from(c)].name.as_str()
    }

    /// `action` of `seat` in words, with the names of cards, skills and characters.
    pub fn describe_action(&self, view: &View, seat: Seat, action: DuelAction) -> String {
        match action {
            DuelAction::Redraw(0) => "keeps its starting hand".into(),
            DuelAction::Redraw(mask) => format!("redraws {} card(s)", mask.count_ones()),
            DuelAction::Start(i) => format!("starts with {}", self.fighter_name(view, seat, i)),
            DuelAction::Keep => "keeps the dice".into(),
            DuelAction::Reroll => "rerolls unusable dice".into(),
            DuelAction::Skill(k) => {
                let c = &self.catalog.characters[usize::from(view.active(seat).character)];
                format!("{} uses {}", c.name, c.skills[usize::from(k.min(2))].name)
            }
            DuelAction::Play(c) => format!("plays {}", self.card_name(c)),
            DuelAction::Tune(c) => format!("tunes {}", self.card_name(c)),
            DuelAction::Switch(i) => format!("switches to {}", self.fighter_name(view, seat, i)),
            DuelAction::Choose(i) => format!("chooses {}", self.fighter_name(view, seat, i)),
            DuelAction::EndRound => "ends the round".into(),
        }
    }

    /// The characters of both sides with their hit points (`*` marks the active one).
    pub fn status(&self, view: &View) -> String {
        let mut out = String::new();
        for s in 0..2u8 {
            out.push_str(if s == 0 { "P0" } else { " | P1" });
            let active = view.state.sides[usize::from(s)].active;
            for (i, f) in view.fighters[usize::from(s)].iter().enumerate() {
                let name = &self.catalog.characters[usize::from(f.character)].name;
                let mark = if i == usize::from(active) { "*" } else { "" };
                out.push_str(&format!(" {mark}{name} {}", f.hp));
            }
        }
        out
    }

    /// `event` in words (names instead of indices), in the position `view` it resolved in.
    pub fn describe(&self, view: &View, event: &DuelEvent) -> String {
        match *event {
            DuelEvent::Damage {
                seat,
                target,
                amount,
                element,
                piercing,
                ..
            } => format!(
                "{seat}'s {} takes {amount} {}{} damage",
                self.fighter_name(view, seat, target),
                if piercing { "piercing " } else { "" },
                element_name(element),
            ),
            DuelEvent::Hit {
                seat,
                target,
                amount,
                ..
            } => format!(
                "{seat}'s {} loses {amount} HP",
                self.fighter_name(view, seat, target)
            ),
            DuelEvent::Healed {
                seat,
                target,
                amount,
            } => format!(
                "{seat}'s {} heals {amount}",
                self.fighter_name(view, seat, target)
            ),
            DuelEvent::Defeated { seat, target } => format!(
                "{seat}'s {} is defeated",
                self.fighter_name(view, seat, target)
            ),
            DuelEvent::Summoned { seat, summon } => format!(
                "{seat} summons {}",
                self.catalog.summons[usize::from(summon)].name
            ),
            DuelEvent::SummonActed { seat, summon } => format!(
                "{seat}'s {} acts",
                self.catalog.summons[usize::from(summon)].name
            ),
            DuelEvent::CardPlayed { seat, card } => {
                format!("{seat} plays {}", self.card_name(card.0))
            }
            DuelEvent::CardTuned { seat, card } => {
                format!("{seat} tunes {}", self.card_name(card.0))
            }
            DuelEvent::Switched { seat, to, .. } => {
                format!("{seat} switches to {}", self.fighter_name(view, seat, to))
            }
            DuelEvent::StartChosen { seat, character } => format!(
                "{seat} starts with {}",
                self.fighter_name(view, seat, character)
            ),
            ref other => other.to_string(),
        }
    }
}
