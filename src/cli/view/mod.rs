//! `alea view`: a replay line played back as a static web page (HTML, CSS and JS in one file;
//! it opens from `file://`, with no server and no network). The page's data is the game's
//! events step by step — the setup, then each action's — and, for a seat's view, exactly the
//! events that seat is shown ([`Game::seen_by`]) and its own actions: what it did not see is
//! absent from the page, not merely not drawn.

mod mjai;

pub use mjai::page_data as view_mjai;

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use super::replay::{self, SlotCollapse, apply_record};
use super::{CliError, ViewArgs};
use alea::kernel::{Game, Seat, Sim, Turn};
use alea_games::games::mahjong::riichi::Riichi;
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::games::mahjong::{LogKind, Ruleset};
use alea_games::games::sgs::{Question, Sgs};

/// The page's script, style and frame, embedded in every page written.
const FRAME: &str = include_str!("page.html");
const STYLE: &str = include_str!("view.css");
const SCRIPT: &str = include_str!("view.js");

/// What a page shows: the game step by step, from everyone's or one seat's view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PageData {
    /// The record's game (`mahjong`, `sichuan`, `pig`, `sgs`, `duel`).
    pub game: String,
    /// The seat whose view this is; `None`: full information.
    pub viewer: Option<u8>,
    /// The number of seats.
    pub seats: u8,
    /// The record's rules (what every seat knows of them: an sgs position only in the full
    /// view).
    pub rules: Value,
    /// The players by seat, as recorded.
    pub players: Vec<String>,
    /// The final scores by seat, as recorded.
    pub scores: Vec<i64>,
    /// What the viewer knows of the start besides the events (sgs: each seat's hit points,
    /// and the roles it can see); `null` where the events say everything.
    pub setup: Value,
    /// The setup (step 0), then one step per action.
    pub steps: Vec<Step>,
}

/// One step of a game: an action and the events it resolved.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The seat that acted (`None` for the setup).
    pub actor: Option<u8>,
    /// The action, in the replay file's JSON; in a seat's view only that seat's own.
    pub action: Option<Value>,
    /// The events it resolved, in order (as the viewer was shown them).
    pub events: Vec<Value>,
}

/// The views `--seat` asks for: full information, one seat's, or every seat's and the full one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Views {
    /// Full information.
    Full,
    /// One seat's.
    Seat(u8),
    /// A page per seat and the full one, with an index.
    All,
}

/// Reads `--seat`: a seat number or `all`.
pub fn parse_views(seat: Option<&str>) -> Result<Views, CliError> {
    match seat.map(str::trim) {
        None => Ok(Views::Full),
        Some("all") => Ok(Views::All),
        Some(text) => text.parse().map(Views::Seat).map_err(|_| {
            CliError::Usage(format!("--seat {text:?}: expected a seat number or all"))
        }),
    }
}

pub(super) fn run(args: &ViewArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let views = parse_views(args.seat.as_deref())?;
    let source = match mjai::is_mjai(&args.file) {
        true => None,
        false => Some(game_line(&args.file, args.game)?),
    };
    let line = args.game + 1;
    let page_of = |viewer: Option<u8>| match &source {
        Some(text) => page_data(text, line, viewer),
        None => mjai::page_data(&args.file, args.game, viewer),
    };
    let full = page_of(None)?;
    let seats = usize::from(full.seats);
    let wanted: Vec<(String, Option<u8>)> = match views {
        Views::Full => vec![("index.html".into(), None)],
        Views::Seat(s) if usize::from(s) >= seats => {
            return Err(CliError::Usage(format!(
                "--seat {s}: this {} game has seats 0 to {}",
                full.game,
                seats - 1
            )));
        }
        Views::Seat(s) => vec![("index.html".into(), Some(s))],
        Views::All => std::iter::once(("full.html".to_string(), None))
            .chain((0..seats as u8).map(|s| (format!("seat-{s}.html"), Some(s))))
            .collect(),
    };
    std::fs::create_dir_all(&args.out).map_err(|source| file_error(&args.out, source))?;
    for (name, viewer) in &wanted {
        let data = match viewer {
            None => full.clone(),
            Some(_) => page_of(*viewer)?,
        };
        write(&args.out.join(name), &page(&data)?)?;
    }
    if views == Views::All {
        write(&args.out.join("index.html"), &index(&full.game, &wanted))?;
    }
    writeln!(
        out,
        "{}: {} steps, {} written to {}",
        full.game,
        full.steps.len(),
        wanted
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        args.out.display()
    )?;
    Ok(())
}

/// Game `index` (counting from 0) of the replay file at `path`.
fn game_line(path: &Path, index: usize) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| {
        CliError::from(replay::ReplayError::Read {
            path: path.to_path_buf(),
            source,
        })
    })?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines.get(index).map(|l| l.to_string()).ok_or_else(|| {
        CliError::Usage(format!(
            "--game {index}: {} holds {} games (0 to {})",
            path.display(),
            lines.len(),
            lines.len().saturating_sub(1)
        ))
    })
}

fn file_error(path: &Path, source: std::io::Error) -> CliError {
    CliError::File {
        path: path.to_path_buf(),
        source,
    }
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text).map_err(|source| file_error(path, source))
}

/// The page data of replay line `text` (numbered `line` in errors) from `viewer`'s view.
pub fn page_data(text: &str, line: usize, viewer: Option<u8>) -> Result<PageData, CliError> {
    #[derive(serde::Deserialize)]
    struct Header {
        game: String,
        #[serde(default)]
        rules: Value,
    }
    let header: Header = serde_json::from_str(text)
        .map_err(|source| CliError::from(replay::ReplayError::Json { line, source }))?;
    let seat = viewer.map(Seat);
    let played = match header.game.as_str() {
        Riichi::RECORD => table::<Riichi>(text, line, seat)?,
        Sichuan::RECORD => table::<Sichuan>(text, line, seat)?,
        "pig" => {
            let (mut sim, r) = replay::open_pig(text, line, true)?;
            let steps = steps(&mut sim, (&r.actions, &[]), seat, Hooks::none(), line)?;
            Played::of(&sim, steps, (r.players, r.scores), Value::Null)
        }
        "sgs" => {
            let (mut sim, r) = replay::open_sgs(text, line, true)?;
            let setup = sgs_setup(&sim, seat);
            let hooks = Hooks {
                answering: |sim: &Sim<Sgs>| sim.state().question != Question::None,
                ..Hooks::none()
            };
            let steps = steps(&mut sim, (&r.actions, &[]), seat, hooks, line)?;
            Played::of(&sim, steps, (r.players, r.scores), setup)
        }
        "duel" => {
            let (mut sim, r) = replay::open_duel(text, line, true)?;
            let steps = steps(&mut sim, (&r.actions, &[]), seat, Hooks::none(), line)?;
            Played::of(&sim, steps, (r.players, r.scores), Value::Null)
        }
        other => {
            return Err(CliError::Usage(format!(
                "line {line}: alea view shows mahjong, sichuan, pig, sgs and duel records, not \
                 {other:?}"
            )));
        }
    };
    if played.players.len() != played.seats
        || viewer.is_some_and(|v| usize::from(v) >= played.seats)
    {
        return Err(CliError::Usage(format!(
            "line {line}: a {} game of {} seats, with {} players recorded{}",
            header.game,
            played.seats,
            played.players.len(),
            viewer
                .map(|v| format!(", has no seat {v}"))
                .unwrap_or_default()
        )));
    }
    Ok(PageData {
        rules: public_rules(&header.game, header.rules, viewer),
        game: header.game,
        seats: played.seats as u8,
        setup: played.setup,
        viewer,
        players: played.players,
        scores: played.scores,
        steps: played.steps,
    })
}

/// A record's rules as a page shows them: an sgs position (every hand, role and the draw
/// pile) only in the full view.
fn public_rules(game: &str, mut rules: Value, viewer: Option<u8>) -> Value {
    if let (Some(rules), "sgs", Some(_)) = (rules.as_object_mut(), game, viewer) {
        rules.remove("position");
    }
    rules
}

/// A game played back: its steps, the recorded players and scores, its seat count and what the
/// viewer knows of its start.
struct Played {
    steps: Vec<Step>,
    players: Vec<String>,
    scores: Vec<i64>,
    seats: usize,
    setup: Value,
}

impl Played {
    fn of<G: Game>(
        sim: &Sim<G>,
        steps: Vec<Step>,
        (players, scores): (Vec<String>, Vec<i64>),
        setup: Value,
    ) -> Played {
        Played {
            steps,
            players,
            scores,
            seats: sim.rules().players().len(),
            setup,
        }
    }
}

/// sgs's start as `viewer` knows it: each seat's hit points, and its role where the viewer
/// sees it (its own, the lord's; every role in the full view).
fn sgs_setup(sim: &Sim<Sgs>, viewer: Option<Seat>) -> Value {
    let seats = &sim.state().seats[..sim.rules().players().len()];
    let seats: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(s, seat)| {
            let known = viewer.is_none_or(|v| v.index() == s) || seat.revealed;
            serde_json::json!({
                "hp": seat.hp,
                "max_hp": seat.max_hp,
                "role": known.then_some(seat.role),
            })
        })
        .collect();
    serde_json::json!({ "seats": seats })
}

fn table<R: Ruleset>(text: &str, line: usize, viewer: Option<Seat>) -> Result<Played, CliError>
where
    R::Event: Serialize,
{
    let (mut sim, r) = replay::open_table::<R>(text, line, true)?;
    let hooks = Hooks {
        opening: hand_opening::<R>,
        expand: hand_deals::<R>,
        answering: R::answering,
    };
    let steps = steps(&mut sim, (&r.actions, &r.collapses), viewer, hooks, line)?;
    Ok(Played::of(&sim, steps, (r.players, r.scores), Value::Null))
}

/// What a game's log needs besides its events: the events that open it (a mahjong hand is
/// dealt at the build, without events), each step's events as the log shows them (a mahjong
/// deal with its hands filled in and the dealer's first draw, from the game just after it),
/// and which decisions answer a question (who is asked is hidden from the other seats).
struct Hooks<G: Game> {
    opening: fn(&Sim<G>) -> Vec<G::Event>,
    expand: Expand<G>,
    answering: fn(&Sim<G>) -> bool,
}

/// A step's events as the log shows them, from the game just after the step.
type Expand<G> = fn(&Sim<G>, Vec<<G as Game>::Event>) -> Vec<<G as Game>::Event>;

impl<G: Game> Hooks<G> {
    /// The events as they are; every decision a turn's.
    fn none() -> Hooks<G> {
        Hooks {
            opening: |_| Vec::new(),
            expand: |_, events| events,
            answering: |_| false,
        }
    }
}

/// A mahjong hand's opening: its deal with the hands filled in, and the dealer's first draw.
pub(super) fn hand_opening<R: Ruleset>(sim: &Sim<R>) -> Vec<R::Event> {
    std::iter::once(R::deal_event(sim))
        .chain(R::first_draw(sim))
        .collect()
}

/// `events` with each deal's hands filled in, and the dealer's first draw after it where the
/// rules emitted none.
fn hand_deals<R: Ruleset>(sim: &Sim<R>, events: Vec<R::Event>) -> Vec<R::Event>
where
    R::Event: Serialize,
{
    if !events.iter().any(|e| R::log_kind(e) == LogKind::Deal) {
        return events;
    }
    let json = |e: &R::Event| serde_json::to_value(e).unwrap_or(Value::Null);
    let drawn = R::first_draw(sim);
    let emitted = drawn
        .as_ref()
        .is_some_and(|d| events.iter().any(|e| json(e) == json(d)));
    let mut out = Vec::with_capacity(events.len() + 1);
    for event in events {
        match R::log_kind(&event) {
            LogKind::Deal => {
                out.push(R::deal_event(sim));
                out.extend(drawn.clone().filter(|_| !emitted));
            }
            _ => out.push(event),
        }
    }
    out
}

/// The setup's events, then each action's (`record`: the actions and wall collapses), as
/// `viewer` was shown them.
fn steps<G: Game>(
    sim: &mut Sim<G>,
    (actions, collapses): (&[G::Action], &[SlotCollapse]),
    viewer: Option<Seat>,
    hooks: Hooks<G>,
    line: usize,
) -> Result<Vec<Step>, CliError>
where
    G::Action: Serialize,
    G::Event: Serialize,
{
    let mut opening = shown(sim, viewer, &hooks);
    let opened = (hooks.opening)(sim)
        .into_iter()
        .filter_map(|e| seen::<G>(e, viewer));
    opening.extend(opened);
    let mut steps = vec![Step {
        actor: None,
        action: None,
        events: opening,
    }];
    let mut actor = mover(sim);
    let mut answer = (hooks.answering)(sim);
    let mut next = 0;
    apply_record(sim, actions, collapses, |sim| {
        let events = shown(sim, viewer, &hooks);
        add_step(&mut steps, viewer, (actor, &actions[next], answer), events);
        actor = mover(sim);
        answer = (hooks.answering)(sim);
        next += 1;
    })
    .map_err(|(index, reason)| {
        CliError::from(replay::ReplayError::Illegal {
            line,
            index,
            action: serde_json::to_string(&actions[index]).unwrap_or_default(),
            reason,
        })
    })?;
    Ok(steps)
}

/// Adds the step of `actor`'s `action` (an answer to a question if `answering`) with the
/// `events` the viewer was shown: the action only in full view or the viewer's own; another
/// seat's answer joins the step before (the viewer sees what it did, not that it was asked).
pub(super) fn add_step<A: Serialize>(
    steps: &mut Vec<Step>,
    viewer: Option<Seat>,
    (actor, action, answering): (Option<u8>, &A, bool),
    events: Vec<Value>,
) {
    let own = viewer.is_none_or(|v| Some(v.0) == actor);
    match steps.last_mut() {
        Some(last) if !own && answering => last.events.extend(events),
        _ => steps.push(Step {
            actor,
            action: own.then(|| serde_json::to_value(action).unwrap_or(Value::Null)),
            events,
        }),
    }
}

fn mover<G: Game>(sim: &Sim<G>) -> Option<u8> {
    match sim.turn() {
        Turn::Player(seat) => Some(seat.0),
        Turn::Terminal => None,
    }
}

/// The events resolved since the last call, as the log shows them to `viewer` (all: `None`).
fn shown<G: Game>(sim: &mut Sim<G>, viewer: Option<Seat>, hooks: &Hooks<G>) -> Vec<Value>
where
    G::Event: Serialize,
{
    let events = sim.take_events();
    let resolved = events
        .into_iter()
        .filter(|logged| !logged.cancelled)
        .map(|logged| logged.event)
        .collect();
    (hooks.expand)(sim, resolved)
        .into_iter()
        .filter_map(|event| seen::<G>(event, viewer))
        .collect()
}

/// `event` as `viewer` is shown it (all: `None`), in JSON; `None` if it is not shown.
pub(super) fn seen<G: Game>(event: G::Event, viewer: Option<Seat>) -> Option<Value>
where
    G::Event: Serialize,
{
    let event = match viewer {
        Some(seat) => G::seen_by(&event, seat)?,
        None => event,
    };
    Some(serde_json::to_value(event).unwrap_or(Value::Null))
}

/// The page of `data`: the frame with the style, the script and the data (as JSON with `<`,
/// `>` and `&` escaped, so no string can end or change the script element).
pub fn page(data: &PageData) -> Result<String, CliError> {
    let json = serde_json::to_string(data)?
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let title = match data.viewer {
        Some(seat) => format!("alea view: {}, seat {seat}'s view", data.game),
        None => format!("alea view: {}, full information", data.game),
    };
    Ok(FRAME
        .replace("{{TITLE}}", &title)
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{DATA}}", &json))
}

/// The index of `--seat all`: a link per page.
fn index(game: &str, pages: &[(String, Option<u8>)]) -> String {
    let links: String = pages
        .iter()
        .map(|(name, viewer)| {
            let label = match viewer {
                Some(seat) => format!("seat {seat}'s view"),
                None => "full information".to_string(),
            };
            format!("<li><a href=\"{name}\">{label}</a></li>\n")
        })
        .collect();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>alea view: \
         {game}</title></head>\n<body><h1>alea view: {game}</h1>\n<ul>\n{links}</ul></body></html>\n"
    )
}
