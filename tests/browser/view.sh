#!/usr/bin/env bash
# `alea view` in a real browser: Debian's Chromium, headless (installed here if missing). For
# a game of every recorded kind, a match with abilities and an mjai log of the fixtures it writes the pages of
# `--seat all`, opens each at
# `#selftest` (the page steps through every position and records on <body data-selftest>
# "ok N", or the errors thrown or logged to the console), and fails unless every page says ok
# and every seat's page holds none of another seat's concealed tiles or cards (hidden.py,
# against the full page). With SHOTS=DIR it also screenshots a few positions into DIR.
#
#   tests/browser/view.sh [ALEA]      (ALEA: the alea binary, default target/ci/alea)
set -euo pipefail
cd "$(dirname "$0")/../.."
alea=${1:-target/ci/alea}
if ! command -v chromium >/dev/null; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "view.sh: Chromium is missing; install Debian's chromium package (as root: apt-get install chromium)" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q chromium >/dev/null || { apt-get update -q && apt-get install -y -q chromium >/dev/null; }
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
browser() { # URL, then chromium's own options
    local url=$1
    shift
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --disable-background-networking --disable-component-update --disable-sync --no-first-run \
        --user-data-dir="$tmp/profile" "$@" "$url" 2>"$tmp/chromium.log"
}
failed=0
pages=0
check() { # NAME DIR: every page of DIR stepped through at #selftest
    local page said
    for page in "$2"/*.html; do
        [ "$(basename "$page")" = index.html ] && continue
        said=$(browser "file://$page#selftest" --dump-dom | grep -o 'data-selftest="[^"]*"' || true)
        pages=$((pages + 1))
        if [[ "$said" != data-selftest=\"ok* ]]; then
            echo "view.sh: $1 $(basename "$page"): ${said:-no result}" >&2
            tail -5 "$tmp/chromium.log" >&2
            failed=1
        fi
        if [[ "$(basename "$page")" =~ ^seat-([0-9]+)\.html$ ]]; then
            python3 tests/browser/hidden.py "$2/full.html" "$page" "${BASH_REMATCH[1]}" || failed=1
        fi
    done
}
# NAME|simulate's arguments|the page and step a screenshot shows
games=(
    "riichi|mahjong --games 1|seat-1.html#step=30"
    "sichuan|mahjong --rules sichuan --games 1|seat-1.html#step=30"
    "sgs|sgs --mode identity4 --games 1|seat-1.html#step=30"
    "duel|duel --games 1|seat-1.html#step=30"
    "pig|pig --games 1|seat-1.html#step=30"
    "abilities|mahjong --games 1 --abilities kuro@0,toki@1,awai@2,hatsumi@3|full.html#step=0"
)
for entry in "${games[@]}"; do
    IFS='|' read -r name game shot <<<"$entry"
    "$alea" simulate $game --seed 5 --out "$tmp/$name.jsonl" >/dev/null
    "$alea" view "$tmp/$name.jsonl" --seat all --out "$tmp/$name" >/dev/null
    check "$name" "$tmp/$name"
    if [ -n "${SHOTS:-}" ]; then
        mkdir -p "$SHOTS"
        browser "file://$tmp/$name/$shot" --screenshot="$SHOTS/view-$name-${shot%%.html*}.png" \
            --window-size=1200,760 >/dev/null
    fi
done
"$alea" view tests/fixtures/mjai/kan_seed218.json.gz --seat all --out "$tmp/mjai" >/dev/null
check mjai "$tmp/mjai"
[ "$failed" = 0 ] || exit 1
echo "view.sh: $pages pages stepped through in Chromium, no errors"
