//! `alea view`: a replay line played back as a static web page (HTML, CSS and JS in one file;
//! it opens from `file://`, with no server and no network). The page's data is the game's
//! events step by step — the setup, then each action's — and, for a seat's view, exactly the
//! events that seat is shown ([`Game::seen_by`]) and its own actions: what it did not see is
//! absent from the page, not merely not drawn.

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use super::replay::{self, SlotCollapse, apply_record};
use super::{CliError, ViewArgs};
use alea::kernel::{Game, Seat, Sim, Turn};
use alea_games::games::mahjong::riichi::Riichi;
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::games::mahjong::{LogKind, Ruleset};

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
    /// The record's rules (public: every seat knows them).
    pub rules: Value,
    /// The players by seat, as recorded.
    pub players: Vec<String>,
    /// The final scores by seat, as recorded.
    pub scores: Vec<i64>,
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
    let text = game_line(&args.file, args.game)?;
    let line = args.game + 1;
    let full = page_data(&text, line, None)?;
    let seats = full.players.len();
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
            Some(_) => page_data(&text, line, *viewer)?,
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
    let text = std::fs::read_to_string(path).map_err(|source| file_error(path, source))?;
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
    let viewer = viewer.map(Seat);
    let (steps, players, scores) = match header.game.as_str() {
        Riichi::RECORD => table::<Riichi>(text, line, viewer)?,
        Sichuan::RECORD => table::<Sichuan>(text, line, viewer)?,
        "pig" => {
            let (mut sim, r) = replay::open_pig(text, line, true)?;
            let steps = steps(&mut sim, (&r.actions, &[]), viewer, Hooks::none(), line)?;
            (steps, r.players, r.scores)
        }
        "sgs" => {
            let (mut sim, r) = replay::open_sgs(text, line, true)?;
            let steps = steps(&mut sim, (&r.actions, &[]), viewer, Hooks::none(), line)?;
            (steps, r.players, r.scores)
        }
        "duel" => {
            let (mut sim, r) = replay::open_duel(text, line, true)?;
            let steps = steps(&mut sim, (&r.actions, &[]), viewer, Hooks::none(), line)?;
            (steps, r.players, r.scores)
        }
        other => {
            return Err(CliError::Usage(format!(
                "line {line}: alea view shows mahjong, sichuan, pig, sgs and duel records, not \
                 {other:?}"
            )));
        }
    };
    Ok(PageData {
        game: header.game,
        rules: header.rules,
        viewer: viewer.map(|s| s.0),
        players,
        scores,
        steps,
    })
}

type Played = (Vec<Step>, Vec<String>, Vec<i64>);

fn table<R: Ruleset>(text: &str, line: usize, viewer: Option<Seat>) -> Result<Played, CliError>
where
    R::Event: Serialize,
{
    let (mut sim, r) = replay::open_table::<R>(text, line, true)?;
    let hooks = Hooks {
        opening: hand_opening::<R>,
        expand: |sim, event| match R::log_kind(&event) {
            LogKind::Deal => hand_opening(sim),
            _ => vec![event],
        },
    };
    let steps = steps(&mut sim, (&r.actions, &r.collapses), viewer, hooks, line)?;
    Ok((steps, r.players, r.scores))
}

/// What a game's log needs besides its events: the events that open it (a mahjong hand is
/// dealt at the build, without events) and the events the log shows for each (a mahjong deal
/// with its hands filled in and the dealer's first draw, from the game just after it).
struct Hooks<G: Game> {
    opening: fn(&Sim<G>) -> Vec<G::Event>,
    expand: fn(&Sim<G>, G::Event) -> Vec<G::Event>,
}

impl<G: Game> Hooks<G> {
    /// The events as they are.
    fn none() -> Hooks<G> {
        Hooks {
            opening: |_| Vec::new(),
            expand: |_, event| vec![event],
        }
    }
}

/// A mahjong hand's opening: its deal with the hands filled in, and the dealer's first draw.
fn hand_opening<R: Ruleset>(sim: &Sim<R>) -> Vec<R::Event> {
    std::iter::once(R::deal_event(sim))
        .chain(R::first_draw(sim))
        .collect()
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
    let mut next = 0;
    apply_record(sim, actions, collapses, |sim| {
        let own = viewer.is_none() || viewer.map(|s| s.0) == actor;
        let action = own.then(|| serde_json::to_value(actions[next]).unwrap_or(Value::Null));
        steps.push(Step {
            actor,
            action,
            events: shown(sim, viewer, &hooks),
        });
        actor = mover(sim);
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
    events
        .into_iter()
        .filter(|logged| !logged.cancelled)
        .flat_map(|logged| (hooks.expand)(sim, logged.event))
        .filter_map(|event| seen::<G>(event, viewer))
        .collect()
}

/// `event` as `viewer` is shown it (all: `None`), in JSON; `None` if it is not shown.
fn seen<G: Game>(event: G::Event, viewer: Option<Seat>) -> Option<Value>
where
    G::Event: Serialize,
{
    let event = match viewer {
        Some(seat) => G::seen_by(&event, seat)?,
        None => event,
    };
    Some(serde_json::to_value(event).unwrap_or(Value::Null))
}

/// The page of `data`: the frame with the style, the script and the data (as JSON, with `</`
/// escaped so no string can close the script element).
pub fn page(data: &PageData) -> Result<String, CliError> {
    let json = serde_json::to_string(data)?.replace("</", "<\\/");
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
