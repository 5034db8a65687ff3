//! The `alea` command line (see `alea --help`).

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = alea_cli::cli::Cli::parse();
    let mut out = std::io::stdout().lock();
    match alea_cli::cli::run(cli, &mut out) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // The reader of the output went away (`| head`): nothing to say.
        Err(error) if error.is_broken_pipe() => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            std::process::ExitCode::from(error.exit_code())
        }
    }
}
