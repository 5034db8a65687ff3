#!/usr/bin/env bash
# Soak test: long single-threaded `alea simulate --out` runs and their `alea replay`,
# measuring wall time and peak RSS, and checking that every game replays and that
# peak RSS does not grow with --games.
#
# Usage: benches/soak.sh                      (builds with `cargo build --release`)
#        ALEA=/path/to/alea benches/soak.sh   (uses that binary, no build)
# Tunables (env): PIG_GAMES (1000000), PIG_SMALL_GAMES (10000), MJ_GAMES (2000), SEED (7).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/.." && pwd)

PIG_GAMES=${PIG_GAMES:-1000000}
PIG_SMALL_GAMES=${PIG_SMALL_GAMES:-10000}
MJ_GAMES=${MJ_GAMES:-2000}
SEED=${SEED:-7}

if [[ -n "${ALEA:-}" ]]; then
    alea=$ALEA
else
    echo "building: cargo build --release (in $repo_root)" >&2
    (cd "$repo_root" && cargo build --release)
    alea=$repo_root/target/release/alea
fi
[[ -x "$alea" ]] || { echo "error: alea binary not found or not executable: $alea" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/alea-soak.XXXXXX")
cleanup() { rm -rf -- "$work"; }
trap cleanup EXIT

if [[ -x /usr/bin/time ]]; then
    have_time=1
else
    have_time=0
    echo "note: /usr/bin/time missing, peak RSS read from /proc/PID/status VmHWM by polling" >&2
fi

# measure NAME CMD...: runs CMD with stdout to $work/NAME.out and stderr to $work/NAME.err;
# sets m_rc (exit status), m_wall (seconds), m_rss_kib (peak RSS, KiB).
measure() {
    local name=$1; shift
    local out=$work/$name.out err=$work/$name.err tv=$work/$name.time
    local t0 t1
    echo "running: $*" >&2
    t0=$(date +%s.%N)
    if (( have_time )); then
        m_rc=0
        /usr/bin/time -v -o "$tv" "$@" >"$out" 2>"$err" || m_rc=$?
        m_rss_kib=$(awk -F': *' '/Maximum resident set size/ {print $2}' "$tv")
    else
        "$@" >"$out" 2>"$err" &
        local pid=$! hwm=0 v
        while kill -0 "$pid" 2>/dev/null; do
            v=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
            [[ -n "$v" ]] && (( v > hwm )) && hwm=$v
            sleep 0.01
        done
        m_rc=0
        wait "$pid" || m_rc=$?
        m_rss_kib=$hwm
    fi
    t1=$(date +%s.%N)
    m_wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}')
    if (( m_rc != 0 )); then
        echo "FAIL: exit status $m_rc: $*" >&2
        sed 's/^/  stderr: /' "$err" | tail -n 20 >&2
    fi
}

mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
file_mib() { awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.1f", b / 1048576}'; }

failures=0
rows=()
statuses=()
# row CMD GAMES OUTFILE|-
row() {
    local size="—"
    [[ "$3" != "-" && -f "$3" ]] && size=$(file_mib "$3")
    rows+=("| \`$1\` | $2 | $m_wall | $(mib "$m_rss_kib") | $size |")
    statuses+=("$1: exit $m_rc")
}

# check_sim NAME GAMES: the simulate JSON summary reports GAMES games, not truncated.
check_sim() {
    if ! grep -q "\"games\":$2," "$work/$1.out"; then
        echo "FAIL: $1: summary does not report $2 games: $(head -c 300 "$work/$1.out")" >&2
        failures=$((failures + 1))
    fi
    if grep -q '"truncated":true' "$work/$1.out"; then
        echo "FAIL: $1: run truncated" >&2
        failures=$((failures + 1))
    fi
}

# check_replay NAME GAMES: exit 0 and "GAMES games, all verified".
check_replay() {
    if (( m_rc != 0 )); then
        failures=$((failures + 1))
    fi
    if ! grep -qx "$2 games, all verified" "$work/$1.out"; then
        echo "FAIL: $1: replay does not report all $2 games verified:" >&2
        head -n 20 "$work/$1.out" | sed 's/^/  /' >&2
        failures=$((failures + 1))
    fi
}

sim_fail() { (( m_rc == 0 )) || failures=$((failures + 1)); }

# 1. pig, small (RSS baseline)
pig_small=$work/pig-small.jsonl
measure pig-small "$alea" simulate pig --games "$PIG_SMALL_GAMES" --threads 1 --seed "$SEED" --out "$pig_small" --json
sim_fail; check_sim pig-small "$PIG_SMALL_GAMES"
row "simulate pig" "$PIG_SMALL_GAMES" "$pig_small"
rss_small=$m_rss_kib

# 2. pig, large
pig=$work/pig.jsonl
measure pig "$alea" simulate pig --games "$PIG_GAMES" --threads 1 --seed "$SEED" --out "$pig" --json
sim_fail; check_sim pig "$PIG_GAMES"
row "simulate pig" "$PIG_GAMES" "$pig"
rss_large=$m_rss_kib

measure pig-replay "$alea" replay "$pig"
check_replay pig-replay "$PIG_GAMES"
row "replay pig.jsonl" "$PIG_GAMES" -

# 3. riichi mahjong, hanchan, random players (the default is four greedy)
mj=$work/riichi.jsonl
measure riichi "$alea" simulate mahjong --rules riichi --length hanchan --players random \
    --games "$MJ_GAMES" --threads 1 --seed "$SEED" --out "$mj" --json
sim_fail; check_sim riichi "$MJ_GAMES"
row "simulate mahjong riichi hanchan" "$MJ_GAMES" "$mj"

measure riichi-replay "$alea" replay "$mj"
check_replay riichi-replay "$MJ_GAMES"
row "replay riichi.jsonl" "$MJ_GAMES" -

# RSS must not grow with --games: allow 25% + 4 MiB over the small run.
rss_limit=$(( rss_small * 5 / 4 + 4096 ))
if (( rss_large > rss_limit )); then
    if (( have_time )); then
        echo "FAIL: pig peak RSS grows with --games: $(mib "$rss_small") MiB at $PIG_SMALL_GAMES games," \
            "$(mib "$rss_large") MiB at $PIG_GAMES games" >&2
        failures=$((failures + 1))
    else
        # polling misses the peak of short runs, so the small reading is only a lower bound
        echo "warning: pig peak RSS $(mib "$rss_small") MiB at $PIG_SMALL_GAMES games vs" \
            "$(mib "$rss_large") MiB at $PIG_GAMES games (polled VmHWM, a lower bound for short runs)" >&2
    fi
fi

echo
echo "alea: $alea ($("$alea" --version 2>/dev/null || echo '?')), threads 1, seed $SEED," \
    "peak RSS from $( (( have_time )) && echo '/usr/bin/time -v' || echo 'polled /proc/PID/status VmHWM')"
echo
echo "| command | games | wall s | peak RSS MiB | out file MiB |"
echo "|---|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
echo
printf '%s\n' "${statuses[@]}"
echo "pig peak RSS: $(mib "$rss_small") MiB at $PIG_SMALL_GAMES games, $(mib "$rss_large") MiB at $PIG_GAMES games"

if (( failures > 0 )); then
    echo "soak: $failures failure(s)" >&2
    exit 1
fi
echo "soak: ok"
