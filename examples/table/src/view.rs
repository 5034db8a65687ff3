//! What the window shows: the cards (client sprites on alea's card entities, tweened to where
//! the rules put them, face up only when the person may see them), the seats, the piles, whose
//! turn it is, and a log — redrawn when `Resolved` messages arrive.

use alea_games::games::sgs::{Outcome, Sgs, SgsState};
use alea::kernel::{CardId, GameRules, Seat, Turn, Zone};
use alea::pipeline::Resolution;
use alea::plugin::Resolved;
use bevy::prelude::*;
use bevy::sprite::Anchor;

use crate::check::public;
use crate::{Seating, TableSystems};

/// Draws the table.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Log>()
            .init_resource::<Redraw>()
            .add_systems(Startup, (spawn_table, dress_cards))
            .add_systems(
                Update,
                (read_messages, layout, hud, tween)
                    .chain()
                    .in_set(TableSystems::Show),
            );
    }
}

/// Card size (the person's hand and the piles).
pub const CARD: Vec2 = Vec2::new(64.0, 90.0);
const SMALL: f32 = 0.6;
const FACE: Color = Color::srgb(0.95, 0.92, 0.82);
const BACK: Color = Color::srgb(0.45, 0.12, 0.12);
const SELECTED: Color = Color::srgb(1.0, 0.85, 0.3);

/// A client component on each of alea's card entities: how it is shown.
#[derive(Component)]
pub struct CardFace {
    /// Shown face up.
    pub up: bool,
    /// Where the tween is taking it.
    pub target: Vec3,
    /// Its scale there.
    pub scale: f32,
    /// The label child.
    label: Entity,
    /// The zone it was last laid out in, when it arrived there (a redraw count) and its
    /// place among the cards that arrived with it.
    zone: Option<Zone>,
    arrived: u64,
    tie: u64,
}

/// A client marker: the card the person clicked (see `input`).
#[derive(Component)]
pub struct Selected;

/// The log's lines, as the person sees them.
#[derive(Resource, Default)]
pub struct Log(pub Vec<String>);

/// Set when messages arrived (or the selection changed): the layout is worked out again.
#[derive(Resource)]
pub struct Redraw(pub bool);

impl CardFace {
    /// The label child (its text is empty unless the card is shown).
    pub fn label(&self) -> Entity {
        self.label
    }
}

impl Default for Redraw {
    fn default() -> Self {
        Redraw(true)
    }
}

/// The text parts of the table.
#[derive(Component)]
enum Hud {
    Seat(Seat),
    Center,
    Log,
}

fn spawn_table(mut commands: Commands, seating: Res<Seating>) {
    commands.spawn(Camera2d);
    commands.insert_resource(ClearColor(Color::srgb(0.10, 0.28, 0.18)));
    let font = TextFont::from_font_size(16.0);
    for seat in (0..seating.seats).map(Seat) {
        let (x, y) = seat_anchor(&seating, seat);
        commands.spawn((
            Hud::Seat(seat),
            Text2d::new(""),
            font.clone(),
            TextLayout::justify(Justify::Left),
            Anchor::TOP_LEFT,
            Transform::from_xyz(x - 150.0, y + 75.0, 50.0),
        ));
    }
    commands.spawn((
        Hud::Center,
        Text2d::new(""),
        TextFont::from_font_size(18.0),
        Transform::from_xyz(-60.0, 150.0, 50.0),
    ));
    commands.spawn((
        Hud::Log,
        Text2d::new(""),
        TextFont::from_font_size(13.0),
        TextLayout::justify(Justify::Left),
        Anchor::TOP_LEFT,
        Transform::from_xyz(300.0, 390.0, 50.0),
    ));
}

/// Gives every card entity of the game its client components: a sprite, a transform, a label.
fn dress_cards(mut commands: Commands, rules: Res<GameRules<Sgs>>) {
    for &card in rules.cards() {
        let label = commands
            .spawn((
                Text2d::new(""),
                TextFont::from_font_size(11.0),
                TextColor(Color::BLACK),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        commands.entity(card).add_child(label).insert((
            Sprite::from_color(BACK, CARD),
            Pickable::default(),
            Transform::from_xyz(-150.0, 40.0, 1.0),
            Visibility::Hidden,
            CardFace {
                up: false,
                target: Vec3::new(-150.0, 40.0, 1.0),
                scale: 1.0,
                label,
                zone: None,
                arrived: 0,
                tie: 0,
            },
        ));
    }
}

/// The log from the messages, each seen by the person's seat; a redraw after any.
fn read_messages(
    mut messages: MessageReader<Resolved<Sgs>>,
    seating: Res<Seating>,
    rules: Res<GameRules<Sgs>>,
    mut log: ResMut<Log>,
    mut redraw: ResMut<Redraw>,
) {
    for message in messages.read() {
        redraw.0 = true;
        let Some(seen) = message.seen_by(seating.person) else {
            continue;
        };
        if let Some(line) = rules.game.describe(&seen.event) {
            let indent = "  ".repeat(usize::from(seen.depth.saturating_sub(1)));
            log.0.push(format!("{indent}{line}"));
        }
    }
}

/// Where a seat sits: the person at the bottom, the others clockwise from its left.
pub fn seat_anchor(seating: &Seating, seat: Seat) -> (f32, f32) {
    let offset = seat.distance_from(seating.person, seating.seats);
    match (seating.seats, offset) {
        (_, 0) => (-120.0, -190.0),
        (2, _) => (-120.0, 270.0),
        (_, 1) => (430.0, -150.0),
        (_, 2) => (-120.0, 270.0),
        _ => (-450.0, -30.0),
    }
}

/// Works out where each card goes and whether it shows its face. A card is face up only in
/// the person's hand or a public zone; within a zone cards sit in the order they arrived (a
/// random order among cards that arrived together), so the slots of a hidden hand or of the
/// pile say nothing the person may not know (the deck's order would); the person's own hand
/// is in deck order.
fn layout(
    mut redraw: ResMut<Redraw>,
    seating: Res<Seating>,
    rules: Res<GameRules<Sgs>>,
    mut arrivals: Local<Arrivals>,
    mut commands: Commands,
    mut cards: Query<(
        &Zone,
        &mut CardFace,
        &mut Sprite,
        &mut Visibility,
        Has<Selected>,
    )>,
    mut parts: CardParts,
) {
    let CardParts { ids, labels } = &mut parts;
    if !std::mem::take(&mut redraw.0) {
        return;
    }
    arrivals.frame += 1;
    let mut zones = std::collections::HashMap::<Zone, Vec<(u64, u64, Entity)>>::new();
    for &card in rules.cards() {
        let Ok((&zone, mut face, ..)) = cards.get_mut(card) else {
            continue;
        };
        if face.zone != Some(zone) {
            face.zone = Some(zone);
            face.arrived = arrivals.frame;
            face.tie = arrivals.shuffle();
        }
        // The person's own hand in deck order (the person knows those cards); elsewhere in
        // the order of arrival.
        let key = match ids.get(card) {
            Ok(id) if zone == Zone::Hand(seating.person) => (0, u64::from(id.0)),
            _ => (face.arrived, face.tie),
        };
        zones.entry(zone).or_default().push((key.0, key.1, card));
    }
    for (zone, mut members) in zones {
        members.sort_unstable();
        let total = members.len();
        for (index, &(_, _, card)) in members.iter().enumerate() {
            let Ok((_, mut face, mut sprite, mut visibility, selected)) = cards.get_mut(card)
            else {
                continue;
            };
            let (target, scale, shown) = place(&seating, zone, index as u32);
            face.up = shown && (public(zone) || zone == Zone::Hand(seating.person));
            face.target = target;
            face.scale = scale;
            if selected && zone != Zone::Hand(seating.person) {
                commands.entity(card).remove::<Selected>();
            }
            *visibility = if matches!(zone, Zone::Pool | Zone::Removed) {
                Visibility::Hidden
            } else {
                Visibility::Visible
            };
            sprite.color = match (face.up, selected) {
                (true, true) => SELECTED,
                (true, false) => FACE,
                (false, _) => BACK,
            };
            if let Ok(mut label) = labels.get_mut(face.label) {
                // A pile shows the label of its top card (the last to arrive) only; which card
                // it is is read only for a card the person sees.
                let covered = zone == Zone::DiscardPile && index + 1 < total;
                let id = ids.get(card).ok().filter(|_| face.up && !covered);
                label.0 = match id {
                    Some(id) => rules.game.card_name(id.0 as u8).replace('/', "\n"),
                    None => String::new(),
                };
            }
        }
    }
}

/// What `layout` reads of a card besides its zone: which card it is (for the cards the person
/// sees), and its label.
#[derive(bevy::ecs::system::SystemParam)]
struct CardParts<'w, 's> {
    ids: Query<'w, 's, &'static CardId>,
    labels: Query<'w, 's, &'static mut Text2d>,
}

/// When cards arrived in their zones: a redraw counter, and a generator for the order among
/// cards that arrived in the same redraw (seeded from the clock: nothing the game knows).
struct Arrivals {
    frame: u64,
    rng: u64,
}

impl Default for Arrivals {
    fn default() -> Self {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        Arrivals {
            frame: 0,
            rng: now | 1,
        }
    }
}

impl Arrivals {
    /// The next number of a xorshift sequence.
    fn shuffle(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }
}

/// The place of the `index`-th card of `zone`: position, scale, and whether that place shows
/// faces at all (hands of other seats and the draw pile do not).
fn place(seating: &Seating, zone: Zone, index: u32) -> (Vec3, f32, bool) {
    let i = index as f32;
    // Each card 0.2 above the one before: its label (0.1 above it) stays under the next card.
    let z = 1.0 + i * 0.2;
    match zone {
        Zone::Hand(seat) if seat == seating.person => {
            (Vec3::new(-300.0 + i * 70.0, -290.0, z), 1.0, true)
        }
        Zone::Hand(seat) => {
            let (x, y) = seat_anchor(seating, seat);
            (Vec3::new(x - 130.0 + i * 18.0, y - 40.0, z), SMALL, false)
        }
        Zone::Equipment(seat) | Zone::Judge(seat) => {
            let (x, y) = seat_anchor(seating, seat);
            (Vec3::new(x + 60.0 + i * 44.0, y - 40.0, z), SMALL, true)
        }
        Zone::DiscardPile | Zone::Table | Zone::Discard(_) => (Vec3::new(60.0, 40.0, z), 1.0, true),
        _ => (Vec3::new(-150.0 + (i % 20.0) * 0.5, 40.0, z), 1.0, false),
    }
}

/// Moves each card a step towards its place (a short tween).
fn tween(time: Res<Time>, mut cards: Query<(&CardFace, &mut Transform)>) {
    let step = (time.delta_secs() * 12.0).min(1.0);
    for (face, mut transform) in &mut cards {
        transform.translation = transform.translation.lerp(face.target, step);
        let scale = transform.scale.x + (face.scale - transform.scale.x) * step;
        transform.scale = Vec3::splat(scale);
    }
}

/// The seats' panels, whose turn it is, the piles, and the log.
fn hud(
    seating: Res<Seating>,
    resolution: Res<Resolution<Sgs>>,
    rules: Res<GameRules<Sgs>>,
    log: Res<Log>,
    zones: Query<&Zone>,
    mut texts: Query<(&Hud, &mut Text2d)>,
) {
    let state: &SgsState = &resolution.state;
    let count = |wanted: Zone| {
        rules
            .cards()
            .iter()
            .filter(|&&c| zones.get(c).is_ok_and(|&z| z == wanted))
            .count()
    };
    for (hud, mut text) in &mut texts {
        let shown = match *hud {
            Hud::Seat(seat) => seat_text(&seating, state, seat, count(Zone::Hand(seat))),
            Hud::Center => {
                center_text(&resolution, state, seating.person, count(Zone::DiscardPile))
            }
            Hud::Log => {
                let start = log.0.len().saturating_sub(26);
                log.0[start..].join("\n")
            }
        };
        // Only a changed text is laid out again.
        if text.0 != shown {
            text.0 = shown;
        }
    }
}

fn seat_text(seating: &Seating, state: &SgsState, seat: Seat, hand: usize) -> String {
    let s = &state.seats[seat.index()];
    // Roles: the person's own, and the public ones (the lord's, the dead's).
    let role = if s.revealed || seat == seating.person {
        format!(" | {}", s.role)
    } else {
        String::new()
    };
    let who = if seat == seating.person { " (you)" } else { "" };
    let alive = if s.alive { "" } else { " | dead" };
    format!(
        "{seat}{who}{role}{alive}\nhp {}/{} | hand {hand}",
        s.hp, s.max_hp
    )
}

fn center_text(
    resolution: &Resolution<Sgs>,
    state: &SgsState,
    person: Seat,
    discards: usize,
) -> String {
    // Only seats that hold an answer are asked: naming another seat would tell its cards.
    let turn: &str = match resolution.decision.turn {
        Turn::Player(seat) if seat == person => "your choice",
        Turn::Player(_) => "waiting for the other seats",
        Turn::Terminal => "game over",
    };
    let outcome = match state.outcome {
        Outcome::Playing => String::new(),
        other => format!("\n{other:?}"),
    };
    format!(
        "{}'s turn | {:?} phase | round {}\n{turn}\npile {} | discards {discards}{outcome}",
        state.current, state.phase, state.round, state.pile_len
    )
}
