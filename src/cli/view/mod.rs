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

use super::replay::{self, SlotCollapse, apply_record, mahjong_scores, pig_scores, return_scores};
use super::{CliError, ViewArgs};
use alea::kernel::Zone;
use alea::kernel::{Game, Seat, Sim, Turn};
use alea_games::dealer::{self, AbilityAct, AbilityTrace, Act};
use alea_games::games::duel::Duel;
use alea_games::games::duel::seen::seen_table;
use alea_games::games::mahjong::riichi::Riichi;
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::games::mahjong::{HandTable, LogKind, Ruleset};
use alea_games::games::sgs::{Board, Question, Sgs};
use alea_games::tiles::{Tile, TileCounts};

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
    /// The abilities seated, `NAME@SEAT` (mahjong; public). What they did is in the full
    /// view's events only: it is the wall's secret.
    pub abilities: Vec<String>,
    /// The final scores by seat, as recorded.
    pub scores: Vec<i64>,
    /// What the game replayed does not match in the record (the game not over, other final
    /// scores, another checksum); empty when the record verifies, as `alea replay` checks it.
    /// The page shows the game as alea's rules replay it.
    pub problems: Vec<String>,
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
    /// The events it resolved, in order (as the viewer was shown them), with the hands the
    /// rules show every seat (`{"event": "revealed", "seat", "hand"}`: a winner's, the ready
    /// hands at a drawn hand) after the event that shows them.
    pub events: Vec<Value>,
    /// The public table after the step as the viewer sees it: mahjong scores; sgs hit points,
    /// hand counts, equipment and the roles the viewer knows; the duel's board
    /// ([`seen_table`](alea_games::games::duel::seen::seen_table)); `null` for pig, whose
    /// events say everything.
    pub board: Value,
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
    let bytes = read_input(&args.file)?;
    let source = match mjai::is_mjai(&bytes) {
        true => None,
        false => Some(game_line(&bytes, &args.file, args.game)?),
    };
    let line = args.game + 1;
    let page_of = |viewer: Option<u8>| match &source {
        Some(text) => page_data(text, line, viewer).map_err(|e| in_file(&args.file, e)),
        None => mjai::page_data_from((&bytes, &args.file), args.game, viewer),
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
    let mut written = Vec::new();
    for (name, viewer) in &wanted {
        let data = match viewer {
            None => full.clone(),
            Some(_) => page_of(*viewer)?,
        };
        write(&args.out.join(name), &page(&data)?)?;
        written.push(format!("{name} ({} steps)", data.steps.len()));
    }
    if views == Views::All {
        write(&args.out.join("index.html"), &index(&full.game, &wanted))?;
        written.push("index.html".into());
    }
    let (game, dir) = (&full.game, args.out.display());
    writeln!(out, "{game}: {} written to {dir}", written.join(", "))?;
    for problem in &full.problems {
        writeln!(
            out,
            "warning: {problem} (the pages show the game as alea's rules replay it)"
        )?;
    }
    Ok(())
}

/// A record's error named with its file (`path`), and what `alea view` reads when the file is
/// not a record at all.
fn in_file(path: &Path, error: CliError) -> CliError {
    let name = path.display();
    match error {
        CliError::Replay(replay::ReplayError::Json { .. }) => CliError::View(format!(
            "{name}: {error} (alea view reads the records of `simulate --out` and mjai logs)"
        )),
        CliError::Replay(_) => CliError::View(format!("{name}: {error}")),
        other => other,
    }
}

/// The bytes of the file at `path` (`-`: stdin).
fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let read = match replay::is_dash(path) {
        true => std::io::stdin().lock().read_to_end(&mut bytes),
        false => std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes)),
    };
    read.map_err(|source| {
        CliError::from(replay::ReplayError::Read {
            path: path.to_path_buf(),
            source,
        })
    })?;
    Ok(bytes)
}

/// Game `index` (counting from 0) of the replay file `bytes` (read from `path`).
fn game_line(bytes: &[u8], path: &Path, index: usize) -> Result<String, CliError> {
    let text = String::from_utf8_lossy(bytes);
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
        #[serde(default)]
        abilities: Vec<String>,
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
            let problems = replay::end_problems(&mut sim, &r, (pig_scores, Sim::is_terminal));
            Played::of(&sim, steps, (r.players, r.scores), problems)
        }
        "sgs" => {
            let (mut sim, r) = replay::open_sgs(text, line, true)?;
            let hooks = Hooks {
                answering: |sim: &Sim<Sgs>| sim.state().question != Question::None,
                board: sgs_board,
                ..Hooks::none()
            };
            let steps = steps(&mut sim, (&r.actions, &[]), seat, hooks, line)?;
            let problems = replay::end_problems(&mut sim, &r, (return_scores, Sim::is_terminal));
            Played::of(&sim, steps, (r.players, r.scores), problems)
        }
        "duel" => {
            let (mut sim, r) = replay::open_duel(text, line, true)?;
            let hooks = Hooks {
                board: |sim: &Sim<Duel>, viewer| json(&seen_table(sim, viewer)),
                ..Hooks::none()
            };
            let steps = steps(&mut sim, (&r.actions, &[]), seat, hooks, line)?;
            let problems = replay::end_problems(&mut sim, &r, (return_scores, Sim::is_terminal));
            Played::of(&sim, steps, (r.players, r.scores), problems)
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
        abilities: header.abilities,
        seats: played.seats as u8,
        viewer,
        players: played.players,
        scores: played.scores,
        problems: played.problems,
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

/// A game played back: its steps, the recorded players and scores, its seat count and what
/// does not match the record.
struct Played {
    steps: Vec<Step>,
    players: Vec<String>,
    scores: Vec<i64>,
    seats: usize,
    problems: Vec<String>,
}

impl Played {
    fn of<G: Game>(
        sim: &Sim<G>,
        steps: Vec<Step>,
        (players, scores): (Vec<String>, Vec<i64>),
        problems: Vec<String>,
    ) -> Played {
        Played {
            steps,
            players,
            scores,
            seats: sim.rules().players().len(),
            problems,
        }
    }
}

/// `value` in JSON (`null` if it cannot be written, which the types here never are).
fn json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// sgs's table as `viewer` sees it: each seat's hit points, whether it lives, its hand count,
/// its equipment (card ids), its role where the viewer knows it (its own, the lord's, a dead
/// seat's; every role in the full view), and its hand's cards where they are the viewer's own
/// (every hand in the full view).
fn sgs_board(sim: &Sim<Sgs>, viewer: Option<Seat>) -> Value {
    let board = Board::read(sim.rules(), sim.world());
    let seats = &sim.state().seats[..sim.rules().players().len()];
    let seats: Vec<Value> = seats
        .iter()
        .enumerate()
        .map(|(s, seat)| {
            let at = Seat(s as u8);
            let own = viewer.is_none_or(|v| v == at);
            serde_json::json!({
                "hp": seat.hp,
                "max_hp": seat.max_hp,
                "alive": seat.alive,
                "role": (own || seat.revealed).then_some(seat.role),
                "hand": board.count(Zone::Hand(at)),
                "cards": own.then(|| board.hand(at).collect::<Vec<u8>>()),
                "equipment": board.in_zone(Zone::Equipment(at)).collect::<Vec<u8>>(),
            })
        })
        .collect();
    serde_json::json!({ "seats": seats })
}

/// A mahjong table's public state after a step: the scores.
pub(super) fn mahjong_board<R: Ruleset>(sim: &Sim<R>, _: Option<Seat>) -> Value {
    let seats = sim.rules().players().len();
    serde_json::json!({ "scores": &R::scores(sim.world())[..seats] })
}

/// `events` with what the abilities did since the last step (full view: an [`AbilityTrace`]
/// is kept) woven in as `{"event": "ability", ...}`: a deal's raids, plans and begged tiles
/// before the deal, each `on_draw`'s lit tiles before the drawer's next draw.
fn ability_acts<R: Ruleset>(
    sim: &mut Sim<R>,
    viewer: Option<Seat>,
    events: Vec<Value>,
) -> Vec<Value> {
    if viewer.is_some() || !sim.world().contains_resource::<AbilityTrace>() {
        return events;
    }
    let Some(mut trace) = sim.world_mut().get_resource_mut::<AbilityTrace>() else {
        return events;
    };
    let mut acts = trace.take().into_iter().peekable();
    let mut out = Vec::with_capacity(events.len() + acts.len());
    for event in events {
        let before_it = |act: &AbilityAct| match &act.act {
            Act::Lit { drawer, .. } => event["event"] == "draw" && event["seat"] == drawer.0,
            _ => event["event"] == "deal",
        };
        while let Some(act) = acts.next_if(before_it) {
            out.push(ability_event(&act));
        }
        out.push(event);
    }
    out.extend(acts.map(|act| ability_event(&act)));
    out
}

/// An ability's act as the page's `{"event": "ability", ...}`.
fn ability_event(act: &AbilityAct) -> Value {
    tagged("ability", act)
}

/// `value` in JSON as an event of the page's own: its fields and `"event": name`.
fn tagged(name: &str, value: &impl Serialize) -> Value {
    let mut event = json(value);
    if let Some(fields) = event.as_object_mut() {
        fields.insert("event".into(), name.into());
    }
    event
}

/// A mahjong discard taken out of the discarder's concealed tiles in `held` (a drawn hand's
/// reveal follows the last discard in the same step).
fn spend_discard(held: &mut [Value], event: &Value) {
    if event["event"] != "discard" {
        return;
    }
    let seat = event["seat"].as_u64().map_or(usize::MAX, |s| s as usize);
    let Some(hand) = held.get_mut(seat) else {
        return;
    };
    let parsed = hand.as_str().and_then(|h| h.parse::<TileCounts>().ok());
    let tile = event["tile"].as_str().and_then(|t| t.parse::<Tile>().ok());
    if let (Some(mut counts), Some(tile)) = (parsed, tile)
        && counts[tile] > 0
    {
        counts[tile] -= 1;
        *hand = json(&counts);
    }
}

/// Each seat's concealed tiles (what a hand shows when the rules reveal it).
pub(super) fn concealed<R: Ruleset>(sim: &Sim<R>) -> Vec<Value> {
    let hands = sim.world().resource::<R::Hand>().hands();
    hands.iter().map(json).collect()
}

fn table<R: Ruleset>(text: &str, line: usize, viewer: Option<Seat>) -> Result<Played, CliError>
where
    R::Event: Serialize,
{
    let (mut sim, r) = replay::open_table::<R>(text, line, true)?;
    if viewer.is_none() && dealer::has_abilities(sim.world()) {
        // The full view shows what the abilities did: traced from the first deal on (the
        // build's deal, dealt again as the build dealt it).
        sim.world_mut().insert_resource(AbilityTrace::default());
        R::restart(&mut sim, r.seed).map_err(|e| {
            CliError::from(replay::ReplayError::BadRules {
                line,
                reason: e.to_string(),
            })
        })?;
        sim.take_events();
    }
    let hooks = Hooks {
        opening: hand_opening::<R>,
        expand: hand_deals::<R>,
        answering: R::answering,
        board: mahjong_board::<R>,
        held: concealed::<R>,
        reveals: R::reveals,
        acts: ability_acts::<R>,
    };
    let steps = steps(&mut sim, (&r.actions, &r.collapses), viewer, hooks, line)?;
    let over = |sim: &Sim<R>| R::is_over(sim.world());
    let problems = replay::end_problems(&mut sim, &r, (mahjong_scores::<R>, over));
    Ok(Played::of(&sim, steps, (r.players, r.scores), problems))
}

/// What a game's log needs besides its events: the events that open it (a mahjong hand is
/// dealt at the build, without events), each step's events as the log shows them (a mahjong
/// deal with its hands filled in and the dealer's first draw, from the game just after it),
/// which decisions answer a question (who is asked is hidden from the other seats), the public
/// table after each step, and the hands the rules reveal (each seat's concealed tiles before a
/// step, and the seats an event shows them of).
struct Hooks<G: Game> {
    opening: fn(&Sim<G>) -> Vec<G::Event>,
    expand: Expand<G>,
    answering: fn(&Sim<G>) -> bool,
    board: fn(&Sim<G>, Option<Seat>) -> Value,
    held: fn(&Sim<G>) -> Vec<Value>,
    reveals: fn(&G::Event) -> [bool; 4],
    acts: Acts<G>,
}

/// A step's events with what the abilities did woven in (mahjong's full view).
type Acts<G> = fn(&mut Sim<G>, Option<Seat>, Vec<Value>) -> Vec<Value>;

/// A step's events as the log shows them, from the game just after the step.
type Expand<G> = fn(&Sim<G>, Vec<<G as Game>::Event>) -> Vec<<G as Game>::Event>;

impl<G: Game> Hooks<G> {
    /// The events as they are; every decision a turn's.
    fn none() -> Hooks<G> {
        Hooks {
            opening: |_| Vec::new(),
            expand: |_, events| events,
            answering: |_| false,
            board: |_, _| Value::Null,
            held: |_| Vec::new(),
            reveals: |_| [false; 4],
            acts: |_, _, events| events,
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
/// `viewer` was shown them, each step with the table after it.
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
    let mut held = (hooks.held)(sim);
    let mut opening = shown(sim, viewer, &hooks, &held);
    let opened = (hooks.opening)(sim)
        .into_iter()
        .filter_map(|e| seen::<G>(e, viewer));
    opening.extend(opened);
    let mut steps = vec![Step {
        actor: None,
        action: None,
        events: (hooks.acts)(sim, viewer, opening),
        board: (hooks.board)(sim, viewer),
    }];
    let mut actor = mover(sim);
    let mut answer = (hooks.answering)(sim);
    held = (hooks.held)(sim);
    let mut next = 0;
    apply_record(sim, actions, collapses, |sim| {
        let mut events = collapsed(collapses, next, viewer);
        events.extend(shown(sim, viewer, &hooks, &held));
        let events = (hooks.acts)(sim, viewer, events);
        let board = (hooks.board)(sim, viewer);
        add_step(
            &mut steps,
            viewer,
            (actor, &actions[next], answer),
            (events, board),
        );
        actor = mover(sim);
        answer = (hooks.answering)(sim);
        held = (hooks.held)(sim);
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

/// The wall slots collapsed before action `index` (Toki's future sight), as
/// `{"event": "collapse", ...}`: in the full view only (what the wall holds is hidden).
fn collapsed(collapses: &[SlotCollapse], index: usize, viewer: Option<Seat>) -> Vec<Value> {
    if viewer.is_some() {
        return Vec::new();
    }
    let before = collapses.iter().filter(|c| c.before as usize == index);
    before.map(|c| tagged("collapse", c)).collect()
}

/// Adds the step of `actor`'s `action` (an answer to a question if `answering`) with the
/// `events` the viewer was shown and the `board` after it: the action only in full view or the
/// viewer's own; another seat's answer joins the step before (the viewer sees what it did, not
/// that it was asked).
/// A new mahjong hand dealt after the action's events opens a step of its own
/// ([`split_deal`]).
pub(super) fn add_step<A: Serialize>(
    steps: &mut Vec<Step>,
    viewer: Option<Seat>,
    (actor, action, answering): (Option<u8>, &A, bool),
    (mut events, board): (Vec<Value>, Value),
) {
    let dealt = split_deal(&mut events).map(|events| Step {
        actor: None,
        action: None,
        events,
        board: board.clone(),
    });
    let own = viewer.is_none_or(|v| Some(v.0) == actor);
    match steps.last_mut() {
        Some(last) if !own && answering => {
            last.events.extend(events);
            last.board = board;
        }
        _ => steps.push(Step {
            actor,
            action: own.then(|| serde_json::to_value(action).unwrap_or(Value::Null)),
            events,
            board,
        }),
    }
    steps.extend(dealt);
}

/// The events of a new mahjong hand dealt after other events of a step, taken out of `events`
/// so the end of the hand before (the hands shown, the scores) keeps a position of its own:
/// from the deal, with the abilities' acts at the deal (plans, raids, begged tiles) before it.
fn split_deal(events: &mut Vec<Value>) -> Option<Vec<Value>> {
    let mut at = events.iter().position(|e| e["event"] == "deal")?;
    let at_deal = |e: &Value| e["event"] == "ability" && e["act"] != "lit";
    while at > 0 && at_deal(&events[at - 1]) {
        at -= 1;
    }
    (at > 0).then(|| events.split_off(at))
}

fn mover<G: Game>(sim: &Sim<G>) -> Option<u8> {
    match sim.turn() {
        Turn::Player(seat) => Some(seat.0),
        Turn::Terminal => None,
    }
}

/// The events resolved since the last call, as the log shows them to `viewer` (all: `None`),
/// with the hands they reveal (`held`: each seat's concealed tiles before the step).
fn shown<G: Game>(
    sim: &mut Sim<G>,
    viewer: Option<Seat>,
    hooks: &Hooks<G>,
    held: &[Value],
) -> Vec<Value>
where
    G::Event: Serialize,
{
    let events = sim.take_events();
    let resolved = events
        .into_iter()
        .filter(|logged| !logged.cancelled)
        .map(|logged| logged.event)
        .collect();
    with_reveals::<G>((hooks.expand)(sim, resolved), viewer, held, hooks.reveals)
}

/// `events` as `viewer` is shown them, each followed by the hands the rules reveal with it to
/// every seat (`reveals`: which seats; `held`: each seat's concealed tiles before the step).
pub(super) fn with_reveals<G: Game>(
    events: Vec<G::Event>,
    viewer: Option<Seat>,
    held: &[Value],
    reveals: fn(&G::Event) -> [bool; 4],
) -> Vec<Value>
where
    G::Event: Serialize,
{
    let mut held = held.to_vec();
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        let shows = reveals(&event);
        let Some(shown) = seen::<G>(event, viewer) else {
            continue;
        };
        // A discard is shown to every seat as it is: its JSON here is the event's.
        spend_discard(&mut held, &shown);
        out.push(shown);
        let revealed = shows.iter().enumerate().filter(|&(_, &shown)| shown);
        out.extend(revealed.filter_map(|(seat, _)| {
            let hand = held.get(seat)?;
            Some(serde_json::json!({ "event": "revealed", "seat": seat, "hand": hand }))
        }));
    }
    out
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
