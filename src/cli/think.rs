//! `alea think`: every legal action of the seat to move with its simulated benefit, and the
//! choice SmartAI makes.

use serde::Serialize;

use super::{CliError, ThinkArgs, json_line};
use alea::benefit::Answers;
use alea::kernel::SimBuilder;
use alea_games::games::sgs::{Sgs, SgsAction, Smart};

/// One action of the `--json` output.
#[derive(Serialize)]
struct Valued {
    action: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    targets: Vec<u8>,
    benefit: f64,
}

/// The `--json` output.
#[derive(Serialize)]
struct Thinking {
    seat: u8,
    choice: String,
    actions: Vec<Valued>,
}

/// How `--answers` and `--worlds` set the simulations' answers.
fn answers(args: &ThinkArgs) -> Result<Answers, CliError> {
    match (args.answers, args.worlds) {
        (super::AnswersArg::Optimistic, Some(_)) => Err(CliError::BadArgument(
            "--worlds goes with --answers sampled (optimistic simulates one world)".into(),
        )),
        (super::AnswersArg::Optimistic, None) => Ok(Answers::Optimistic),
        (super::AnswersArg::Sampled, worlds) => Ok(Answers::Sampled {
            worlds: worlds.unwrap_or(Answers::default().worlds()),
        }),
    }
}

/// The card an action names, in notation, and its target seats.
fn card_and_targets(game: &Sgs, action: SgsAction) -> (Option<String>, Vec<u8>) {
    match action {
        SgsAction::Use { card, target } => (
            Some(game.card_name(card)),
            target.map(|t| t.0).into_iter().collect(),
        ),
        SgsAction::Discard { card } | SgsAction::Take { card } => {
            (Some(game.card_name(card)), Vec::new())
        }
        _ => (None, Vec::new()),
    }
}

/// `alea think sgs`.
pub(super) fn run(args: &ThinkArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let answers = answers(args)?;
    let position = super::sgs::load_position(&args.position, &Sgs::default().deck)?;
    let game = Sgs::default().with_position(position);
    let mut sim = SimBuilder::new(game.clone())
        .seed(args.seed)
        .rollback(alea::kernel::Rollback::Caller)
        .build();
    let mut smart = Smart::new(answers);
    let Some(thought) = smart.think(&mut sim, args.seed)? else {
        return Err(CliError::BadArgument(format!(
            "--position {}: the game is over there (nobody to move)",
            args.position.display()
        )));
    };
    let valued: Vec<Valued> = thought
        .actions
        .iter()
        .map(|&(action, benefit)| {
            let (card, targets) = card_and_targets(&game, action);
            Valued {
                action: game.action_name(action),
                card,
                targets,
                benefit,
            }
        })
        .collect();
    if args.json {
        return json_line(
            out,
            &Thinking {
                seat: thought.seat.0,
                choice: game.action_name(thought.choice),
                actions: valued,
            },
        );
    }
    let seat = thought.seat;
    let st = sim.state();
    let how = match answers {
        Answers::Optimistic => "optimistic answers (nobody answers), one world".to_string(),
        Answers::Sampled { worlds } => format!("sampled answers (TrustAI), {worlds} worlds"),
    };
    writeln!(
        out,
        "{seat} ({}) to move, {} phase; {how}, seed {}",
        st.seat(seat).role,
        st.phase.as_str(),
        args.seed
    )?;
    writeln!(out, "  benefit  action")?;
    for v in &valued {
        writeln!(out, "  {:>7.1}  {}", v.benefit, v.action)?;
    }
    let bar = match thought.threshold {
        Some(t) => format!(" (a card must beat {t})"),
        None => String::new(),
    };
    writeln!(out, "SmartAI: {}{bar}", game.action_name(thought.choice))?;
    Ok(())
}
