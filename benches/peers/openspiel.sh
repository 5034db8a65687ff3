#!/usr/bin/env bash
# Side-by-side peer benchmark: alea vs OpenSpiel (open-spiel 2.0.2 from PyPI).
#
# What it measures (same machine, same parameters, one thread each side, both pinned to
# core 0 with taskset when it is present):
#   1. Pig random playouts/s   - OpenSpiel: pyspiel.load_game("pig") with its defaults
#                                (2 players, win score 100, horizon 1000, 6-sided die),
#                                C++ uniform random bots via pyspiel.evaluate_bots, one
#                                call per game; games/s = PIG_GAMES / elapsed.
#                                alea: `alea simulate pig --threads 1 --json`.
#   2. Pig MCTS simulations/s  - OpenSpiel: C++ MCTSBot (RandomRolloutEvaluator with 1
#                                rollout, uct_c 2.0, no solver), step() on the initial
#                                state MCTS_STEPS times with MCTS_SIMS simulations each.
#                                alea: `alea search pig --algo mcts` run MCTS_STEPS times;
#                                simulations and seconds summed over the runs.
#   3. Leduc ISMCTS sims/s     - OpenSpiel: C++ ISMCTSBot (random rollouts, uct_c 2.0,
#                                unlimited world samples, max-visit-count final policy)
#                                stepped at player 0's first decision after the deals
#                                (chance outcomes sampled with SEED) ISMCTS_STEPS times.
#                                alea: `alea search leduc --algo ismcts` run ISMCTS_STEPS
#                                times; simulations and seconds summed over the runs.
#   The OpenSpiel hot paths (game play, tree search, rollouts) run in C++; Python only
#   loops once per game or once per search. alea's search figures use the `seconds` the
#   CLI reports (search time), not process start-up.
#
# How to run (from anywhere):
#   benches/peers/openspiel.sh
#   PIG_GAMES=100000 MCTS_SIMS=2000 benches/peers/openspiel.sh
#
# Environment variables (defaults in brackets):
#   PIG_GAMES     [100000] random Pig games per side
#   MCTS_SIMS     [1000]  simulations per MCTS search
#   MCTS_STEPS    [100]   MCTS searches (total = MCTS_SIMS * MCTS_STEPS)
#   ISMCTS_SIMS   [1000]  simulations per ISMCTS search
#   ISMCTS_STEPS  [200]   ISMCTS searches (total = ISMCTS_SIMS * ISMCTS_STEPS)
#   SEED          [1]     base seed (alea's i-th search run uses SEED + i)
#   ROUNDS        [3]     rounds; each runs all of OpenSpiel's measurements, then all of
#                 alea's. The table shows medians over the rounds and, per benchmark,
#                 the median of the rounds' own ratios with their range, so a slow or
#                 fast spell of a shared machine weighs on one round's ratio only.
#   PYTHON        [python3] interpreter for the venv; open-spiel 2.0.2 needs >= 3.11
#                 (PyPI ships manylinux x86_64 wheels, e.g. cp311; the script installs
#                 wheels only, never builds OpenSpiel from source)
#   VENV          [target/peers/venv] the venv (created if missing, reused otherwise)
#
# Outputs: a Markdown table on stdout, and target/peers/openspiel.json (both sides'
# figures, parameters, machine). A failing alea command (e.g. a subcommand that does
# not exist yet) shows as "n/a" in its row instead of stopping the run.
#
# Requirements on a fresh machine: the repo, cargo, python3 >= 3.11 with the venv
# module (on Debian/Ubuntu the script apt-get installs python3-venv when it is missing
# and it runs as root), and access to PyPI.
#
# Numbers are only comparable when the machine is otherwise idle: the load average is
# printed with the results; rerun if other builds were running.

set -euo pipefail

cd "$(dirname "$0")/../.."
ROOT="$(pwd)"

PIG_GAMES="${PIG_GAMES:-100000}"
MCTS_SIMS="${MCTS_SIMS:-1000}"
MCTS_STEPS="${MCTS_STEPS:-100}"
ISMCTS_SIMS="${ISMCTS_SIMS:-1000}"
ISMCTS_STEPS="${ISMCTS_STEPS:-200}"
SEED="${SEED:-1}"
ROUNDS="${ROUNDS:-3}"
PYTHON="${PYTHON:-python3}"
OPEN_SPIEL_VERSION="2.0.2"

OUT="$ROOT/target/peers"
VENV="${VENV:-$OUT/venv}"
HELPER="$ROOT/benches/peers/openspiel.py"
ALEA="$ROOT/target/release/alea"
mkdir -p "$OUT"
for var in PIG_GAMES MCTS_SIMS MCTS_STEPS ISMCTS_SIMS ISMCTS_STEPS ROUNDS; do
    if ! [[ "${!var}" =~ ^[1-9][0-9]*$ ]]; then
        echo "[openspiel.sh] error: $var must be a positive integer, not '${!var}'" >&2
        exit 1
    fi
done
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

log() { echo "[openspiel.sh] $*" >&2; }

# --------------------------------------------------------------------------- #
# 1. Python venv with open-spiel
# --------------------------------------------------------------------------- #
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    log "error: $PYTHON not found (set PYTHON to a Python >= 3.11)"
    exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    log "error: open-spiel $OPEN_SPIEL_VERSION needs Python >= 3.11; $PYTHON is $("$PYTHON" --version 2>&1)."
    log "       Set PYTHON to a newer interpreter (e.g. PYTHON=python3.11)."
    exit 1
fi

if [ ! -x "$VENV/bin/python" ]; then
    log "creating venv $VENV with $("$PYTHON" --version 2>&1)"
    if ! "$PYTHON" -m venv "$VENV" 2>"$OUT/venv.err"; then
        rm -rf "$VENV"
        # Debian/Ubuntu split ensurepip into pythonX.Y-venv.
        if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
            pyver="$("$PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
            log "venv failed; installing python3-venv / python$pyver-venv with apt-get"
            apt-get update -qq >&2
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv "python$pyver-venv" >&2 \
                || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
            "$PYTHON" -m venv "$VENV"
        else
            cat "$OUT/venv.err" >&2
            log "error: '$PYTHON -m venv' failed; install your distribution's python3-venv package"
            exit 1
        fi
    fi
fi

installed="$("$VENV/bin/python" -c 'from importlib.metadata import version; print(version("open_spiel"))' 2>/dev/null || true)"
if [ "$installed" != "$OPEN_SPIEL_VERSION" ]; then
    log "installing open-spiel==$OPEN_SPIEL_VERSION into $VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    # Wheels only: building OpenSpiel from its sdist fetches third-party sources and
    # takes a long time; if no wheel fits this Python, fail with a clear message.
    if ! "$VENV/bin/python" -m pip install -q --only-binary=:all: "open-spiel==$OPEN_SPIEL_VERSION" >&2; then
        log "error: no open-spiel $OPEN_SPIEL_VERSION wheel for $("$VENV/bin/python" --version 2>&1) on $(uname -m)."
        log "       Use a CPython that PyPI has wheels for (e.g. PYTHON=python3.11) and remove $VENV."
        exit 1
    fi
fi
"$VENV/bin/python" -c 'import pyspiel' || { log "error: pyspiel does not import"; exit 1; }

# --------------------------------------------------------------------------- #
# 2. Build alea (before any timing, so the build does not overlap measurements)
# --------------------------------------------------------------------------- #
alea_ok=1
log "building alea (cargo build --release)"
if ! cargo build --release --quiet --bin alea >&2; then
    log "warning: cargo build --release failed; alea rows will be n/a"
    alea_ok=0
fi

# --------------------------------------------------------------------------- #
# 3. Rounds: OpenSpiel, then alea (a failing alea command leaves its file empty -> "n/a")
# --------------------------------------------------------------------------- #
params=(--pig-games "$PIG_GAMES" --mcts-sims "$MCTS_SIMS" --mcts-steps "$MCTS_STEPS"
        --ismcts-sims "$ISMCTS_SIMS" --ismcts-steps "$ISMCTS_STEPS" --seed "$SEED")

# Both sides on one core (taskset -c 0 when present) and one thread.
export OMP_NUM_THREADS=1 RAYON_NUM_THREADS=1
PIN=()
command -v taskset >/dev/null 2>&1 && PIN=(taskset -c 0)

# run_alea FILE ARGS...: append one CLI run's stdout to FILE; on failure empty FILE.
run_alea() {
    local file="$1"; shift
    local line
    if line="$("${PIN[@]}" "$ALEA" "$@" 2>"$OUT/alea.err")"; then
        printf '%s\n' "$line" >>"$file"
        return 0
    fi
    log "warning: 'alea $*' failed: $(head -n 1 "$OUT/alea.err")"
    : >"$file"
    return 1
}

rm -f "$OUT"/openspiel-side-*.json "$OUT"/alea-simulate-*.jsonl "$OUT"/alea-mcts-*.jsonl \
    "$OUT"/alea-ismcts-*.jsonl
for ((round = 1; round <= ROUNDS; round++)); do
    log "round $round/$ROUNDS: OpenSpiel (pig random, pig MCTS, leduc ISMCTS)"
    "${PIN[@]}" "$VENV/bin/python" "$HELPER" bench "${params[@]}" >"$OUT/openspiel-side-$round.json"

    SIM_OUT="$OUT/alea-simulate-$round.jsonl"
    MCTS_OUT="$OUT/alea-mcts-$round.jsonl"
    ISMCTS_OUT="$OUT/alea-ismcts-$round.jsonl"
    : >"$SIM_OUT"; : >"$MCTS_OUT"; : >"$ISMCTS_OUT"
    [ "$alea_ok" = 1 ] || continue

    log "round $round/$ROUNDS: alea simulate pig"
    run_alea "$SIM_OUT" simulate pig --games "$PIG_GAMES" --seed "$SEED" --threads 1 --json || true

    log "round $round/$ROUNDS: alea search pig --algo mcts ($MCTS_STEPS runs)"
    for ((i = 0; i < MCTS_STEPS; i++)); do
        run_alea "$MCTS_OUT" search pig --algo mcts --sims "$MCTS_SIMS" --seed "$((SEED + i))" --json || break
    done

    log "round $round/$ROUNDS: alea search leduc --algo ismcts ($ISMCTS_STEPS runs)"
    for ((i = 0; i < ISMCTS_STEPS; i++)); do
        run_alea "$ISMCTS_OUT" search leduc --algo ismcts --sims "$ISMCTS_SIMS" --seed "$((SEED + i))" --json || break
    done
done

# --------------------------------------------------------------------------- #
# 4. Report
# --------------------------------------------------------------------------- #
cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)"
load="start $LOAD_START, end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
"$VENV/bin/python" "$HELPER" report "${params[@]}" --dir "$OUT" --rounds "$ROUNDS" \
    --nproc "$(nproc --all)" --cpu "${cpu:-unknown}" --load "$load" \
    --json-out "$OUT/openspiel.json"
log "wrote $OUT/openspiel.json"
