//! Every example of the README and the book (`docs/src`) whose output they show: each `$ ...`
//! command of a text block runs in a shell (the `alea` binary first in `PATH`, in a scratch folder holding the
//! repository's `assets` and `tests/fixtures`), and prints what the README shows after it. A `...` line stands for
//! any number of lines; a timing line (`games/s`, `matches/s`, ...) need only say so; a
//! command ending in `> /dev/null` must only succeed; `$ cat FILE` shows a file the example
//! uses, which is written from the lines shown; an example whose output starts with `error:`
//! must fail (status 1 or 2), any other must succeed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A text block's commands, each with the lines shown after it.
struct Example {
    /// The document (`README.md`, `docs/src/...`) the block is in.
    document: String,
    /// The line of the block's fence.
    line: usize,
    commands: Vec<(String, Vec<String>)>,
}

/// A fenced block of a Markdown text: the line of its opening fence, the fence's language
/// (`rust`, or empty) and its lines with the fence's indentation removed.
pub(crate) struct Fenced<'a> {
    pub(crate) line: usize,
    pub(crate) language: &'a str,
    pub(crate) lines: Vec<&'a str>,
}

/// Every fenced block of `markdown`.
pub(crate) fn fenced(markdown: &str) -> Vec<Fenced<'_>> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, &str, &str, Vec<&str>)> = None;
    for (number, line) in markdown.lines().enumerate() {
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(language)) => {
                let indent = &line[..line.len() - trimmed.len()];
                open = Some((number + 1, language.trim(), indent, Vec::new()));
            }
            (Some(_), Some(_)) => {
                let (line, language, _, lines) = open.take().unwrap();
                blocks.push(Fenced {
                    line,
                    language,
                    lines,
                });
            }
            (Some((_, _, indent, lines)), None) => {
                lines.push(line.strip_prefix(*indent).unwrap_or(line));
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The text blocks of `readme` that hold `$ ` commands.
fn examples(readme: &str) -> Vec<Example> {
    let mut found = Vec::new();
    for block in fenced(readme) {
        let mut commands: Vec<(String, Vec<String>)> = Vec::new();
        for text in block.lines {
            match text.strip_prefix("$ ") {
                Some(command) => commands.push((command.to_string(), Vec::new())),
                None => match commands.last_mut() {
                    Some((_, shown)) => shown.push(text.to_string()),
                    None => break,
                },
            }
        }
        if !commands.is_empty() {
            found.push(Example {
                document: String::new(),
                line: block.line,
                commands,
            });
        }
    }
    found
}

/// A line of timing, which changes from run to run: only its unit is compared.
fn timing(expected: &str) -> Option<&'static str> {
    [
        "games/s",
        "matches/s",
        "deals/s",
        "simulations/s",
        "hands/s",
    ]
    .into_iter()
    .find(|unit| expected.contains(unit))
}

/// `got` against the lines `shown`, `...` standing for any number of lines.
fn compare(what: &str, got: &str, shown: &[String]) {
    let got: Vec<&str> = got.lines().collect();
    let cut = shown.iter().position(|l| l.trim() == "...");
    let (head, tail) = match cut {
        Some(i) => (&shown[..i], &shown[i + 1..]),
        None => (shown, &shown[..0]),
    };
    let fits = match cut {
        Some(_) => got.len() >= head.len() + tail.len(),
        None => got.len() == shown.len(),
    };
    assert!(
        fits,
        "{what}: {} lines, the README shows\n{}\ngot\n{}",
        got.len(),
        shown.join("\n"),
        got.join("\n")
    );
    let ends = got[..head.len()]
        .iter()
        .chain(&got[got.len() - tail.len()..]);
    for (g, e) in ends.zip(head.iter().chain(tail)) {
        match timing(e) {
            Some(unit) => assert!(g.contains(unit), "{what}: {g:?} is not a {unit} line"),
            None => assert_eq!(*g, e.as_str(), "{what}"),
        }
    }
}

/// A scratch folder with the repository's assets and test fixtures.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("readme-{name}"));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::os::unix::fs::symlink(root.join("assets"), dir.join("assets")).unwrap();
    std::os::unix::fs::symlink(root.join("tests/fixtures"), dir.join("tests/fixtures")).unwrap();
    dir
}

fn run(example: &Example) {
    let dir = scratch(&format!(
        "{}-{}",
        example.document.replace('/', "-"),
        example.line
    ));
    let bin = Path::new(env!("CARGO_BIN_EXE_alea")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for (command, shown) in &example.commands {
        let what = format!("{} line {}: $ {command}", example.document, example.line);
        if let Some(file) = command.strip_prefix("cat ") {
            std::fs::write(dir.join(file), shown.join("\n") + "\n").unwrap();
            continue;
        }
        let output = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {{ {command}; }} 2>&1"))
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let failing = shown.first().is_some_and(|l| l.starts_with("error:"));
        match failing {
            true => assert!(
                matches!(output.status.code(), Some(1 | 2)),
                "{what}: {}",
                output.status
            ),
            false => assert!(output.status.success(), "{what}: {}\n{text}", output.status),
        }
        if !command.ends_with("> /dev/null") {
            compare(&what, &text, shown);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The README and every chapter of the book, by path from the repository's root.
pub(crate) fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = vec![("README.md".to_string(), read(&root.join("README.md")))];
    let mut pending = vec![root.join("docs/src")];
    while let Some(dir) = pending.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                let name = path.strip_prefix(root).unwrap().display().to_string();
                found.push((name, read(&path)));
            }
        }
    }
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_readme_and_book_example_prints_what_it_shows() {
    let mut blocks = 0;
    let mut commands = 0;
    for (name, text) in documents() {
        for mut example in examples(&text) {
            example.document = name.clone();
            blocks += 1;
            commands += example.commands.len();
            run(&example);
        }
    }
    assert!(
        blocks >= 11 && commands >= 38,
        "{blocks} blocks, {commands} commands"
    );
}

/// "Writing your own game" shows excerpts of its worked example: each Rust block is still in
/// `examples/liars_dice.rs` or its Python module (`examples/liars_dice_python`), word for word.
#[test]
fn the_guide_s_code_is_the_example_s() {
    let guide = include_str!("../../docs/src/tutorial.md");
    let example = [
        include_str!("../../examples/liars_dice.rs"),
        include_str!("../../examples/liars_dice_python/src/lib.rs"),
    ]
    .concat();
    let blocks: Vec<(usize, String)> = fenced(guide)
        .into_iter()
        .filter(|block| block.language == "rust")
        .map(|block| (block.line, block.lines.join("\n")))
        .collect();
    assert!(blocks.len() >= 10, "{} blocks", blocks.len());
    for (line, block) in blocks {
        assert!(
            example.contains(&block),
            "docs/src/tutorial.md line {line}: not in the example:\n{block}"
        );
    }
}
