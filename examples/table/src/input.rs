//! The person's decisions: click a card of the hand to select it, then a button for what to do
//! with it (its targets); buttons for the rest (answer a question, pass, end the phase).

use alea_games::games::sgs::{Sgs, SgsAction};
use alea::kernel::{GameRules, Inbox, Turn};
use alea::pipeline::Resolution;
use bevy::picking::events::PointerClick;
use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::view::{CardFace, Selected};
use crate::{Options, Seating, TableSystems};

/// The person's clicks.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Shown>()
            .add_systems(PostStartup, clickable_cards)
            .add_systems(Update, buttons.in_set(TableSystems::Decide));
    }
}

/// A button: the action it takes.
#[derive(Component)]
struct ActionButton(SgsAction);

/// What the buttons show now (rebuilt when it changes), and the button entities.
#[derive(Resource, Default)]
struct Shown {
    actions: Vec<SgsAction>,
    buttons: Vec<Entity>,
}

fn clickable_cards(mut commands: Commands, rules: Res<GameRules<Sgs>>) {
    for &card in rules.cards() {
        commands.entity(card).observe(select_card);
    }
}

/// Selects a card of the person's hand (another click on it unselects it).
fn select_card(
    click: On<PointerClick>,
    mut commands: Commands,
    selected: Query<Entity, With<Selected>>,
    faces: Query<&CardFace>,
    mut redraw: ResMut<crate::view::Redraw>,
) {
    let card = click.event_target();
    redraw.0 = true;
    if !faces.get(card).is_ok_and(|face| face.up) {
        return;
    }
    let again = selected.contains(card);
    for entity in &selected {
        commands.entity(entity).remove::<Selected>();
    }
    if !again {
        commands.entity(card).insert(Selected);
    }
}

/// The person's legal choices as buttons: those without a card (answer, pass, end the phase),
/// and the selected card's (its targets, discarding it).
fn buttons(
    mut commands: Commands,
    seating: Res<Seating>,
    options: Res<Options>,
    resolution: Res<Resolution<Sgs>>,
    rules: Res<GameRules<Sgs>>,
    selected: Query<&alea::kernel::CardId, With<Selected>>,
    mut shown: ResMut<Shown>,
) {
    let mine =
        resolution.decision.turn == Turn::Player(seating.person) && options.autoplay.is_none();
    let card = selected.iter().next().map(|id| id.0 as u8);
    let wanted: Vec<SgsAction> = if mine {
        resolution
            .decision
            .choices
            .iter()
            .copied()
            .filter(|&action| card_of(action).is_none() || card_of(action) == card)
            .collect()
    } else {
        Vec::new()
    };
    if shown.actions == wanted {
        return;
    }
    for entity in shown.buttons.drain(..) {
        commands.entity(entity).despawn();
    }
    for (i, &action) in wanted.iter().enumerate() {
        let label = rules.game.action_name(action);
        let x = -560.0 + (i % 6) as f32 * 190.0;
        let y = -370.0 + (i / 6) as f32 * 40.0;
        let button = commands
            .spawn((
                ActionButton(action),
                Sprite::from_color(Color::srgb(0.2, 0.2, 0.35), Vec2::new(180.0, 32.0)),
                Pickable::default(),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(x, y, 10.0),
                children![(
                    Text2d::new(label),
                    TextFont::from_font_size(13.0),
                    Transform::from_xyz(90.0, 0.0, 0.1),
                )],
            ))
            .observe(press)
            .id();
        shown.buttons.push(button);
    }
    shown.actions = wanted;
}

/// The card an action plays or discards (`None` for the rest).
fn card_of(action: SgsAction) -> Option<u8> {
    match action {
        SgsAction::Use { card, .. } | SgsAction::Discard { card } => Some(card),
        _ => None,
    }
}

fn press(
    click: On<PointerClick>,
    buttons: Query<&ActionButton>,
    seating: Res<Seating>,
    resolution: Res<Resolution<Sgs>>,
    mut inbox: ResMut<Inbox<Sgs>>,
    mut commands: Commands,
    selected: Query<Entity, With<Selected>>,
) {
    let Ok(button) = buttons.get(click.event_target()) else {
        return;
    };
    // A button left over from a decision that passed to another seat does nothing.
    let mine = resolution.decision.turn == Turn::Player(seating.person);
    if mine && resolution.decision.choices.contains(&button.0) {
        inbox.action = Some(button.0);
        for entity in &selected {
            commands.entity(entity).remove::<Selected>();
        }
    }
}
