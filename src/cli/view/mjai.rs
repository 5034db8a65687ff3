//! mjai logs as pages: a log is replayed through alea's riichi rules (the `riichi` preset, as
//! `alea replay --format mjai` checks it) and its moves become the steps, so a seat's page is
//! filtered by the same `seen_by` as a record's.

use std::path::Path;

use serde_json::Value;

use super::{PageData, Step, add_step, concealed, hand_opening, mahjong_board, seen, with_reveals};
use crate::cli::CliError;
use alea::kernel::{Seat, Sim};
use alea_games::games::mahjong::Ruleset;
use alea_games::games::mahjong::riichi::mjai::{
    MjaiError, MjaiEvent, Moment, read_log_from, replay_recording,
};
use alea_games::games::mahjong::riichi::{Riichi, RiichiEvent};

/// An mjai log: gzip, or a first line that is an object with a `type`.
pub fn is_mjai(bytes: &[u8]) -> bool {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return true;
    }
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.trim_ascii().is_empty());
    first
        .and_then(|l| serde_json::from_slice::<Value>(l).ok())
        .is_some_and(|v| v.get("type").is_some())
}

/// Game `game` (counting from 0) of the mjai log at `path`, from `viewer`'s view.
pub fn page_data(path: &Path, game: usize, viewer: Option<u8>) -> Result<PageData, CliError> {
    let bytes = std::fs::read(path).map_err(|source| MjaiError::Read {
        path: path.to_path_buf(),
        source,
    });
    let bytes = bytes.map_err(|e| CliError::View(format!("{}: {e}", path.display())))?;
    page_data_from((&bytes, path), game, viewer)
}

/// [`page_data`] of the mjai log `bytes` (read from `path`: `-` for stdin).
pub(super) fn page_data_from(
    (bytes, path): (&[u8], &Path),
    game: usize,
    viewer: Option<u8>,
) -> Result<PageData, CliError> {
    let events = read_log_from(bytes, path)
        .map_err(|e| CliError::View(format!("{}: {e}", path.display())))?;
    let config = Riichi::preset("riichi")
        .map_err(|e| CliError::Usage(e.to_string()))?
        .config;
    let names: Vec<Vec<String>> = events
        .iter()
        .filter_map(|(_, e)| match e {
            MjaiEvent::StartGame { names, .. } => Some(names.clone()),
            _ => None,
        })
        .collect();
    let viewer_seat = viewer.map(Seat);
    let mut games: Vec<Game> = Vec::new();
    let replayed = replay_recording(&events, &config, &mut |moment| match moment {
        Moment::Game(_) => games.push(Game::default()),
        Moment::Hand(sim) => {
            if let Some(g) = games.last_mut() {
                g.hand(sim, viewer_seat);
            }
        }
        Moment::Move {
            sim,
            seat,
            action,
            answering,
            events,
        } => {
            if let Some(g) = games.last_mut() {
                g.moved(sim, (seat, action, answering), events, viewer_seat);
            }
        }
    });
    if let Some(disagreement) = replayed.disagreement {
        return Err(CliError::View(format!(
            "{}: alea's riichi rules do not replay it ({disagreement})",
            path.display()
        )));
    }
    let count = games.len();
    let Some(played) = games.into_iter().nth(game) else {
        return Err(CliError::Usage(format!(
            "--game {game}: {} holds {count} games",
            path.display()
        )));
    };
    let players = names
        .get(game)
        .filter(|n| n.len() == 4)
        .cloned()
        .unwrap_or_else(|| (0..4).map(|s| format!("P{s}")).collect());
    Ok(PageData {
        game: "mahjong".into(),
        seats: 4,
        viewer,
        rules: serde_json::to_value(&config)?,
        players,
        abilities: Vec::new(),
        scores: played.scores,
        problems: Vec::new(),
        steps: played.steps,
    })
}

/// One game's steps as the log is replayed.
#[derive(Default)]
struct Game {
    steps: Vec<Step>,
    scores: Vec<i64>,
    /// Each seat's concealed tiles before the next move (what a win or a drawn hand reveals).
    held: Vec<Value>,
}

impl Game {
    /// A hand dealt from the log: alea's own deal (a step of its own after the last move's)
    /// gives way to the log's.
    fn hand(&mut self, sim: &Sim<Riichi>, viewer: Option<Seat>) {
        if let Some(last) = self.steps.last_mut()
            && let Some(deal) = last.events.iter().position(|e| e["event"] == "deal")
        {
            last.events.truncate(deal);
            if last.events.is_empty() && last.actor.is_none() {
                self.steps.pop();
            }
        }
        let opening = hand_opening::<Riichi>(sim).into_iter();
        self.steps.push(Step {
            actor: None,
            action: None,
            events: opening.filter_map(|e| seen::<Riichi>(e, viewer)).collect(),
            board: mahjong_board(sim, viewer),
        });
        self.held = concealed(sim);
    }

    /// A move: another seat's answer joins the step before (see the record pages).
    fn moved(
        &mut self,
        sim: &Sim<Riichi>,
        (seat, action, answering): (Seat, alea_games::games::mahjong::riichi::RiichiAction, bool),
        events: &[RiichiEvent],
        viewer: Option<Seat>,
    ) {
        let shown = with_reveals::<Riichi>(events.to_vec(), viewer, &self.held, Riichi::reveals);
        add_step(
            &mut self.steps,
            viewer,
            (Some(seat.0), &action, answering),
            (shown, mahjong_board(sim, viewer)),
        );
        self.held = concealed(sim);
        self.scores = Riichi::scores(sim.world())
            .iter()
            .map(|&s| i64::from(s))
            .collect();
    }
}
