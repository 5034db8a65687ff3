//! `alea dice`: generate dice from a dice generation expression.

use super::{CliError, DiceArgs};
use alea::chance::{Purpose, derive_stream};
use alea_games::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, Team};

/// `--json` output.
#[derive(serde::Serialize)]
struct DiceOut {
    dice: Vec<Face>,
}

/// The error of a refused expression: the message, then the expression with a caret under the
/// position.
fn located(expr: &str, error: alea_games::dice::DiceError) -> CliError {
    let position = match &error {
        alea_games::dice::DiceError::Expr(e) => Some(e.position),
        _ => None,
    };
    let mut message = format!("invalid dice expression: {error}");
    if let Some(p) = position {
        message.push_str(&format!("\n  {expr}\n  {:>width$}", "^", width = p + 1));
    }
    CliError::Dice(message)
}

pub(super) fn run(args: &DiceArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    if args.active >= args.team.len() {
        return Err(CliError::Dice(format!(
            "--active {} is not a character of a team of {}",
            args.active,
            args.team.len()
        )));
    }
    let expr: DiceExpr = args
        .expr
        .parse()
        .map_err(|e| located(&args.expr, alea_games::dice::DiceError::Expr(e)))?;
    let kind = match args.generator {
        super::GeneratorArg::Roll => GeneratorKind::Roll,
        super::GeneratorArg::Black => GeneratorKind::Black,
    };
    let team = Team::new(&args.team, args.active);
    let generator =
        DiceGenerator::new(&expr, args.n, kind, &team).map_err(|e| located(&args.expr, e))?;
    let dice = generator.sample(&mut derive_stream(args.seed, Purpose::Dice.key(), 0));
    if args.json {
        serde_json::to_writer(&mut *out, &DiceOut { dice })?;
        writeln!(out)?;
        return Ok(());
    }
    let names: Vec<&str> = dice.iter().map(|f| f.name()).collect();
    writeln!(out, "{}", names.join(" "))?;
    Ok(())
}
