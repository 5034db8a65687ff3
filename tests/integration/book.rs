//! The book (`docs/src`) hangs together: every chapter is in `SUMMARY.md`, every relative link of
//! the book and the README reaches a file (and a heading of it, with `#anchor`; a link to a
//! repository file reaches the same file from the rendered page), and every chapter with Rust
//! examples is run as doc tests.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::readme::{documents, fenced};

/// The Markdown outside fenced blocks and inline code.
fn prose(markdown: &str) -> String {
    let mut inside = HashSet::new();
    for block in fenced(markdown) {
        // The fence and the block's lines (1-based fence line, then its lines, then the close).
        inside.extend(block.line..=block.line + block.lines.len() + 1);
    }
    markdown
        .lines()
        .enumerate()
        .filter(|(i, _)| !inside.contains(&(i + 1)))
        .map(|(_, line)| {
            // Inline code spans hold no links.
            line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The targets of the inline links `[text](target)` of `markdown`'s prose.
fn links(markdown: &str) -> Vec<String> {
    let text = prose(markdown);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            found.push(rest[..end].to_string());
        }
    }
    found
}

/// The anchor mdBook and GitHub give a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces as `-`, the rest dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of `markdown`'s headings.
fn anchors(markdown: &str) -> HashSet<String> {
    prose_headings(markdown).map(|h| slug(&h)).collect()
}

fn prose_headings(markdown: &str) -> impl Iterator<Item = String> + '_ {
    let fences: HashSet<usize> = fenced(markdown)
        .iter()
        .flat_map(|b| b.line..=b.line + b.lines.len() + 1)
        .collect();
    markdown.lines().enumerate().filter_map(move |(i, line)| {
        let text = line.trim_start_matches('#');
        let level = line.len() - text.len();
        let heading =
            (1..=6).contains(&level) && text.starts_with(' ') && !fences.contains(&(i + 1));
        heading.then(|| text.to_string())
    })
}

/// Where a chapter's link to a file outside the book (an example, a script) leads from the
/// rendered page under the book's `build-dir`: the same file only if the rendered book sits as
/// deep as `docs/src`. `None` for the README and links within the book (chapters, images).
fn rendered_target(root: &Path, name: &str, path: &str) -> Option<PathBuf> {
    let chapter = name.strip_prefix("docs/src/")?;
    if path.is_empty() || path.ends_with(".md") || path.contains(".md#") {
        return None;
    }
    let book = std::fs::read_to_string(root.join("docs/book.toml")).unwrap();
    let build_dir = book
        .lines()
        .find_map(|line| line.trim().strip_prefix("build-dir = "))
        .expect("docs/book.toml sets build-dir")
        .trim_matches('"');
    let source = root.join(name).parent().unwrap().join(path);
    if normalize(&source).starts_with(root.join("docs/src")) {
        return None; // a file of the book: mdBook copies it beside the pages
    }
    let page = root.join("docs").join(build_dir).join(chapter);
    Some(page.parent().unwrap().join(path))
}

/// `path` with `.` and `..` resolved by name, not through the file system.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_link_of_the_readme_and_the_book_reaches_its_file_and_heading() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = documents();
    let mut checked = 0;
    let mut broken = Vec::new();
    for (name, text) in &documents {
        let dir = root.join(name).parent().unwrap().to_path_buf();
        for link in links(text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = match path {
                "" => root.join(name),
                path => dir.join(path),
            };
            checked += 1;
            if !target.exists() {
                broken.push(format!("{name}: {link}: no such file"));
                continue;
            }
            if let Some(rendered) = rendered_target(root, name, path)
                && normalize(&rendered) != normalize(&target)
            {
                broken.push(format!(
                    "{name}: {link}: leaves the rendered book for another file"
                ));
            }
            let markdown = target.extension().is_some_and(|e| e == "md");
            if !anchor.is_empty() && markdown {
                let heading = std::fs::read_to_string(&target).unwrap();
                if !anchors(&heading).contains(anchor) {
                    broken.push(format!("{name}: {link}: no heading #{anchor}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(checked >= 60, "{checked} links");
}

#[test]
fn every_chapter_is_in_the_summary_and_every_rust_example_runs() {
    let documents = documents();
    let summary = &documents
        .iter()
        .find(|(name, _)| name == "docs/src/SUMMARY.md")
        .expect("docs/src/SUMMARY.md")
        .1;
    let listed: HashSet<String> = links(summary).into_iter().collect();
    let doctests = include_str!("../../src/lib.rs");
    for (name, text) in &documents {
        let Some(chapter) = name.strip_prefix("docs/src/") else {
            continue;
        };
        if chapter == "SUMMARY.md" {
            continue;
        }
        assert!(listed.contains(chapter), "{name} is not in SUMMARY.md");
        let rust = fenced(text)
            .iter()
            .any(|b| b.language.split(',').next() == Some("rust"));
        let included = doctests.contains(&format!("include_str!(\"../docs/src/{chapter}\")"));
        // The tutorial's code is the example crate's (`the_guide_s_code_is_the_example_s`).
        if rust && chapter != "tutorial.md" {
            assert!(
                included,
                "{name} has Rust examples but src/lib.rs does not run them"
            );
        }
    }
}

#[test]
fn headings_become_the_anchors_links_use() {
    assert_eq!(
        slug(" Riichi mahjong: `play mahjong`, `simulate mahjong`, `replay`"),
        "riichi-mahjong-play-mahjong-simulate-mahjong-replay"
    );
    assert_eq!(
        slug(" mjai: libriichi's logs through alea's rules, a bot"),
        "mjai-libriichis-logs-through-aleas-rules-a-bot"
    );
    assert_eq!(links("a [b](c.md#d) `[e](f)` [g](h)"), ["c.md#d", "h"]);
}

/// `docs/src/cli-reference.md` is what clap-markdown makes of the command line's clap
/// definitions, so it cannot drift from `alea --help`. `ALEA_BLESS=1` rewrites it.
#[test]
fn the_cli_reference_is_the_clap_definitions() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/cli-reference.md");
    let generated = clap_markdown::help_markdown::<alea_cli::cli::Cli>();
    if std::env::var_os("ALEA_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == generated,
        "docs/src/cli-reference.md is not the clap definitions': run \
         `ALEA_BLESS=1 cargo test --profile ci --test integration book::the_cli_reference`"
    );
}

/// The book's tables of each game's observation and action ids, from the games' own
/// [`Encode`](alea::encode::Encode) layouts (as `alea games --json` and Python's help list them).
fn encodings_page() -> String {
    let mut page = String::from(
        "# Observations and action ids\n\n\
         Generated from each game's `Encode::observation_layout` and `Encode::action_layout` \
         (with its default options), the same source as `alea games --json`, \
         `alea.game_info(name)[\"encoding\"]` and `help(alea.load_game)`. Observation indices \
         are positions in the flattened (row-major) tensor, `start..end`; every index and \
         every action id is in exactly one row.\n",
    );
    let table = |page: &mut String, what: &str, parts: &[alea::encode::Part]| {
        page.push_str(&format!("\n| {what} | what it holds |\n|---|---|\n"));
        for part in parts {
            let range = match part.end - part.start {
                1 => part.start.to_string(),
                _ => format!("{}–{}", part.start, part.end - 1),
            };
            page.push_str(&format!("| {range} | {} |\n", part.meaning));
        }
    };
    for info in alea_games::games::REGISTRY {
        let listing = info.listing();
        page.push_str(&format!("\n## {}\n\n{}\n", info.name, info.description));
        let Some(encoding) = listing.encoding else {
            page.push_str("\n(It needs an option to be built.)\n");
            continue;
        };
        page.push_str(&format!(
            "\nObservation shape {:?}, {} action ids.\n",
            encoding.observation_shape, encoding.num_actions
        ));
        table(&mut page, "observation", &encoding.observation);
        table(&mut page, "action ids", &encoding.actions);
    }
    page
}

/// `docs/src/encodings.md` is [`encodings_page`]. `ALEA_BLESS=1` rewrites it.
#[test]
fn the_encodings_page_is_the_games_layouts() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/encodings.md");
    let generated = encodings_page();
    if std::env::var_os("ALEA_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == generated,
        "docs/src/encodings.md is not the games' layouts: run \
         `ALEA_BLESS=1 cargo test --profile ci --test integration book::the_encodings_page`"
    );
}
