//! `alea score`: scores riichi hands read as JSON lines, one result line per hand.

use std::io::{BufRead, Write};
use std::str::FromStr;

use super::{CliError, ScoreArgs};
use alea_games::scoring::riichi::{HandRequest, RiichiRules, Score, evaluate};

/// `--rules`: the rule options as JSON, fields left out taking their defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesArg(pub RiichiRules);

impl FromStr for RulesArg {
    type Err = serde_json::Error;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        serde_json::from_str(text).map(RulesArg)
    }
}

/// Scores one JSON line: the score, or why the line is no winning hand.
pub fn score_line(line: &str, rules: &RiichiRules) -> Result<Score, String> {
    let request: HandRequest = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let (hand, context) = request.parse().map_err(|e| e.to_string())?;
    evaluate(&hand, &context, rules).map_err(|e| e.to_string())
}

/// Reads hands from `input`, one JSON object a line (blank lines skipped), and writes one JSON
/// line each to `out`: the score, or `{"error": "..."}` (a line that is not UTF-8 too). Returns
/// how many lines were scored and how many were errors; only reading (`CliError::Read`) or
/// writing can fail.
pub fn score_lines(
    mut input: impl BufRead,
    out: &mut impl Write,
    rules: &RiichiRules,
) -> Result<(u64, u64), CliError> {
    let (mut scored, mut errors) = (0, 0);
    let mut bytes = Vec::new();
    for number in 1u64.. {
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|source| CliError::Read {
                what: "stdin",
                source,
            })?;
        if read == 0 {
            break;
        }
        let result = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => score_line(line.trim_end_matches(['\n', '\r']), rules),
            Err(_) => Err(format!("line {number} is not UTF-8")),
        };
        match result {
            Ok(score) => {
                scored += 1;
                serde_json::to_writer(&mut *out, &score)?;
            }
            Err(error) => {
                errors += 1;
                serde_json::to_writer(&mut *out, &serde_json::json!({ "error": error }))?;
            }
        }
        writeln!(out)?;
    }
    Ok((scored, errors))
}

pub(super) fn run(args: &ScoreArgs, out: &mut impl Write) -> Result<(), CliError> {
    score_lines(std::io::stdin().lock(), out, &args.rules.0)?;
    Ok(())
}
