#!/usr/bin/env bash
# Builds the book (docs/) into target/book with mdBook, installed once under target/tools at a
# pinned version (a debug build: it compiles in about a minute and a half on 2 cores and builds
# this book in about a second). Extra arguments go to `mdbook build`.
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.4.52
tools="$PWD/target/tools"
mdbook="$tools/bin/mdbook"
if ! "$mdbook" --version 2>/dev/null | grep -qx "mdbook v$MDBOOK_VERSION"; then
    cargo install mdbook --version "$MDBOOK_VERSION" --locked --debug \
        --no-default-features --features search \
        --root "$tools" --target-dir "$tools/build" --quiet
fi
"$mdbook" build docs "$@"
echo "the book: target/book/index.html"
