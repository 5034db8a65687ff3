#!/usr/bin/env bash
# `alea view` in a real browser: Debian's Chromium, headless (installed here if missing). For
# a game of every recorded kind it writes the pages of `--seat all`, opens each at
# `#selftest` (the page steps through every position and records on <body data-selftest>
# "ok N", or the errors thrown or logged to the console), and fails unless every page says ok.
# With SHOTS=DIR it also screenshots a few positions into DIR.
#
#   tests/browser/view.sh [ALEA]      (ALEA: the alea binary, default target/ci/alea)
set -euo pipefail
cd "$(dirname "$0")/../.."
alea=${1:-target/ci/alea}
if ! command -v chromium >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium >/dev/null; }
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
browser() { # URL, then chromium's own options
    local url=$1
    shift
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run --user-data-dir="$tmp/profile" \
        "$@" "$url" 2>/dev/null
}
failed=0
pages=0
for game in "mahjong --games 3" "mahjong --rules sichuan --games 1" "sgs --games 3" "duel --games 3" "pig --games 3"; do
    name=${game// /-}
    # shellcheck disable=SC2086
    "$alea" simulate $game --seed 5 --out "$tmp/$name.jsonl" >/dev/null
    "$alea" view "$tmp/$name.jsonl" --seat all --out "$tmp/$name" >/dev/null
    for page in "$tmp/$name"/*.html; do
        [ "$(basename "$page")" = index.html ] && continue
        said=$(browser "file://$page#selftest" --dump-dom | grep -o 'data-selftest="[^"]*"' || true)
        pages=$((pages + 1))
        if [[ "$said" != data-selftest=\"ok* ]]; then
            echo "view.sh: $name $(basename "$page"): ${said:-no result}" >&2
            failed=1
        fi
    done
    if [ -n "${SHOTS:-}" ]; then
        mkdir -p "$SHOTS"
        browser "file://$tmp/$name/seat-0.html#step=40" --screenshot="$SHOTS/view-$name.png" \
            --window-size=1200,760 >/dev/null
    fi
done
[ "$failed" = 0 ] || exit 1
echo "view.sh: $pages pages stepped through in Chromium, no errors"
