#!/usr/bin/env bash
# Side-by-side peer benchmark: alea vs the mahjong engines on PyPI, riichi, full hanchan,
# each side with its simplest bots, on one thread and one core (taskset -c 0 when present;
# RAYON_NUM_THREADS=1, OMP_NUM_THREADS=1), in ROUNDS interleaved rounds of the same run.
#
# What it measures (games are full hanchan: East and South, West extension while nobody
# has 30,000; one hanchan at a time; both peers' game rules run in Rust and their bots in
# Python, called once per decision):
#   1. libriichi arena (mjai 0.2.1 wheel: Mortal's libriichi game loop in Rust, exposed as
#      mjai.mlibriichi.arena.Match). Match().py_match(four engines, seed_start=(SEED+i, 0))
#      plays one hanchan; at each decision the arena calls the engines' react_batch from
#      Rust. Its simplest bot is tsumogiri (discard the drawn tile, never call or win),
#      measured twice:
#        lean  - a minimal "mjai-log" engine in mahjong.py (reads only the PlayerState);
#        stock - mjai's own mjai.engine.BaseMjaiLogEngine (same policy; also json.loads the
#                kyoku's event log at every call).
#   2. riichienv 0.4.11 (Rust core, Gym-style Python API): RiichiEnv(game_mode=2, i.e.
#      "4p-red-half", skip_mjai_logging=True, seed=SEED+i), reset(), then
#      step({seat: RandomAgent.act(obs)}) until done(), with riichienv's RandomAgent
#      (uniform choice among the legal actions) in every seat.
#   3. alea: `alea simulate mahjong --rules riichi --length hanchan --games ALEA_GAMES
#      --threads 1 --players random,random,random,random --seed SEED --json`. The script
#      reads `games_per_second` from that JSON (as every `alea simulate --json` prints),
#      and kyoku/s from `kyoku_per_second`, or from a kyoku total (`kyoku`, `hands`,
#      `rounds`) or a per-game mean (`mean_kyoku`, `kyoku_per_game`) with `games`, when
#      present. While `alea simulate mahjong` does not exist (or fails), its row and the
#      ratios print "n/a" and the peers still run.
#   Each round runs every side once, in the order above; the table gives each side's median
#   over the rounds and, per peer, the median of the rounds' own ratios (alea's rate in a
#   round over the peer's in the same round) with their range, so a slow spell of a shared
#   machine weighs on one round only.
#   Each peer first plays one untimed hanchan (one-off set-up costs), then
#   hanchan/s = hanchan / wall-clock seconds of the whole loop (env creation included);
#   kyoku/s is the fairer figure when the bots differ (tsumogiri and random bots never or
#   rarely win, so most of their hanchan run 12 exhaustive-draw kyoku).
#
# How to run (from anywhere):
#   benches/peers/mahjong.sh
#   MJAI_GAMES=20 RIICHIENV_GAMES=50 ALEA_GAMES=500 benches/peers/mahjong.sh
#   ALEA=/path/to/alea benches/peers/mahjong.sh     # use another alea build, skip cargo
#
# Environment variables (defaults in brackets):
#   ROUNDS           [3]    interleaved rounds (each runs every side once)
#   ALEA_GAMES       [2000] hanchan for alea
#   MJAI_GAMES       [50]   hanchan for the libriichi arena, lean tsumogiri engine
#   MJAI_STOCK_GAMES [10]   hanchan for the libriichi arena, mjai's BaseMjaiLogEngine (0: skip)
#   RIICHIENV_GAMES  [100]  hanchan for riichienv
#   SEED             [1]    base seed
#   PYTHON           [python3] interpreter for the venvs. PyPI has x86_64 manylinux wheels
#                    of mjai 0.2.1 for CPython 3.10-3.12 only and of riichienv 0.4.11 for
#                    3.10-3.13; the script installs wheels only (--only-binary=:all:) and
#                    never builds a peer from source.
#   VENV_MJAI        [target/peers/venv-mjai]      venv for mjai (created if missing)
#   VENV_RIICHIENV   [target/peers/venv-riichienv] venv for riichienv (created if missing)
#   ALEA             [target/release/alea, built with cargo build --release]
#   PEER_TIMEOUT     [900]  seconds before a peer's run is killed and reported as failed
#
# A peer that cannot be installed or run (no wheel for this Python or machine, import
# error, timeout) is reported with its error in the table's notes and in the JSON; the
# other peers still run. Outputs: a Markdown table on stdout, target/peers/mahjong.json
# (all figures, parameters, errors, machine), per-side raw files
# target/peers/mahjong-SIDE-ROUND.{json,err}.
#
# Not part of CI: it needs Python >= 3.10 with the venv module and access to PyPI. Numbers
# are only comparable on an otherwise idle machine: the load average is printed with them.

set -uo pipefail

cd "$(dirname "$0")/../.."
ROOT="$(pwd)"

ALEA_GAMES="${ALEA_GAMES:-2000}"
MJAI_GAMES="${MJAI_GAMES:-50}"
MJAI_STOCK_GAMES="${MJAI_STOCK_GAMES:-10}"
RIICHIENV_GAMES="${RIICHIENV_GAMES:-100}"
SEED="${SEED:-1}"
ROUNDS="${ROUNDS:-3}"
PYTHON="${PYTHON:-python3}"
PEER_TIMEOUT="${PEER_TIMEOUT:-900}"
MJAI_VERSION="0.2.1"
RIICHIENV_VERSION="0.4.11"

OUT="$ROOT/target/peers"
VENV_MJAI="${VENV_MJAI:-$OUT/venv-mjai}"
VENV_RIICHIENV="${VENV_RIICHIENV:-$OUT/venv-riichienv}"
HELPER="$ROOT/benches/peers/mahjong.py"
mkdir -p "$OUT"
LOAD_START="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"

log() { echo "[mahjong.sh] $*" >&2; }

if ! command -v "$PYTHON" >/dev/null 2>&1; then
    log "error: $PYTHON not found (set PYTHON to a CPython 3.10-3.12)"
    exit 1
fi

if ! [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]]; then
    log "error: ROUNDS must be a positive integer, not '$ROUNDS'"
    exit 1
fi

# One thread, one core for every side.
export RAYON_NUM_THREADS=1 OMP_NUM_THREADS=1
PIN=()
command -v taskset >/dev/null 2>&1 && PIN=(taskset -c 0)

# Raw outputs: NAME-ROUND.json is a side's JSON in a round, NAME-ROUND.err why it has none
# (empty when it ran); NAME.err says why a side did not run at all.
rm -f "$OUT"/mahjong-*.json "$OUT"/mahjong-*.err
for name in mjai mjai-stock riichienv alea; do
    : >"$OUT/mahjong-$name.err"
done

# --------------------------------------------------------------------------- #
# 1. One venv per peer (a failure is recorded in ERRFILE and skips that peer)
# --------------------------------------------------------------------------- #
# setup_venv VENV PACKAGE VERSION MODULE ERRFILE
setup_venv() {
    local venv="$1" pkg="$2" ver="$3" module="$4" errfile="$5"
    local pyv
    pyv="$("$PYTHON" --version 2>&1)"
    if [ ! -x "$venv/bin/python" ]; then
        log "creating venv $venv with $pyv"
        if ! "$PYTHON" -m venv "$venv" 2>"$errfile.tmp"; then
            rm -rf "$venv"
            {
                echo "'$PYTHON -m venv $venv' failed with $pyv: $(grep -v '^\s*$' "$errfile.tmp" | tail -n 1)" \
                    "(on Debian/Ubuntu install python3-venv)"
                cat "$errfile.tmp"
            } >"$errfile"
            rm -f "$errfile.tmp"
            return 1
        fi
    fi
    local installed
    installed="$("$venv/bin/python" -c "from importlib.metadata import version; print(version('$pkg'))" 2>/dev/null || true)"
    if [ "$installed" != "$ver" ]; then
        log "installing $pkg==$ver (wheels only) into $venv"
        if ! "$venv/bin/python" -m pip install -q --disable-pip-version-check \
                --only-binary=:all: "$pkg==$ver" 2>"$errfile.tmp" >&2; then
            {
                echo "no $pkg $ver wheel installs for $("$venv/bin/python" --version 2>&1) on $(uname -m):" \
                    "$(grep -m1 '^ERROR' "$errfile.tmp" || grep -v '^\s*$' "$errfile.tmp" | tail -n 1)"
                cat "$errfile.tmp"
            } >"$errfile"
            rm -f "$errfile.tmp"
            return 1
        fi
    fi
    rm -f "$errfile.tmp"
    if ! "$venv/bin/python" -c "import $module" 2>"$errfile.tmp"; then
        {
            echo "$pkg $ver is installed but 'import $module' fails: $(grep -v '^\s*$' "$errfile.tmp" | tail -n 1)"
            cat "$errfile.tmp"
        } >"$errfile"
        rm -f "$errfile.tmp"
        return 1
    fi
    rm -f "$errfile.tmp"
    : >"$errfile"
    return 0
}

mjai_ok=0
riichienv_ok=0
setup_venv "$VENV_MJAI" mjai "$MJAI_VERSION" mjai.mlibriichi.arena "$OUT/mahjong-mjai.err" && mjai_ok=1
[ "$mjai_ok" = 1 ] || { log "libriichi arena unavailable: $(head -n 1 "$OUT/mahjong-mjai.err")"; cp "$OUT/mahjong-mjai.err" "$OUT/mahjong-mjai-stock.err"; }
setup_venv "$VENV_RIICHIENV" riichienv "$RIICHIENV_VERSION" riichienv "$OUT/mahjong-riichienv.err" && riichienv_ok=1
[ "$riichienv_ok" = 1 ] || log "riichienv unavailable: $(head -n 1 "$OUT/mahjong-riichienv.err")"

# --------------------------------------------------------------------------- #
# 2. alea binary (built before any timing, so the build does not overlap a run)
# --------------------------------------------------------------------------- #
alea_ok=1
if [ -n "${ALEA:-}" ]; then
    [ -x "$ALEA" ] || { echo "ALEA=$ALEA is not an executable" >"$OUT/mahjong-alea.err"; alea_ok=0; }
else
    ALEA="$ROOT/target/release/alea"
    log "building alea (cargo build --release)"
    if ! cargo build --release --quiet --bin alea >&2; then
        echo "cargo build --release failed" >"$OUT/mahjong-alea.err"
        alea_ok=0
    fi
fi

# --------------------------------------------------------------------------- #
# 3. Runs (one side at a time; a failure records its stderr and the run goes on)
# --------------------------------------------------------------------------- #
# run_side NAME ROUND COMMAND...: stdout -> mahjong-NAME-ROUND.json, failure text ->
# mahjong-NAME-ROUND.err
run_side() {
    local name="$1" round="$2"; shift 2
    local json="$OUT/mahjong-$name-$round.json" err="$OUT/mahjong-$name-$round.err"
    if timeout "$PEER_TIMEOUT" "${PIN[@]}" "$@" >"$json" 2>"$err.tmp"; then
        : >"$err"
    else
        local rc=$? reason
        # The first line says why (a clap "error: ..." or a Python exception line), then
        # the command and the end of its stderr.
        reason="$(grep -m1 -i 'error' "$err.tmp" || grep -v '^\s*$' "$err.tmp" | tail -n 1)"
        [ "$rc" = 124 ] && reason="timed out after ${PEER_TIMEOUT}s (PEER_TIMEOUT)"
        {
            echo "${reason:-no error message} (exit status $rc)"
            echo "command: $(basename "$1") ${*:2}"
            grep -v '^\s*$' "$err.tmp" | tail -n 5
        } >"$err"
        : >"$json"
        log "warning: $name failed: $(head -n 1 "$err")"
    fi
    rm -f "$err.tmp"
}

[ "$MJAI_STOCK_GAMES" -gt 0 ] || echo "skipped (MJAI_STOCK_GAMES=0)" >"$OUT/mahjong-mjai-stock.err"
for ((round = 1; round <= ROUNDS; round++)); do
    if [ "$mjai_ok" = 1 ]; then
        log "round $round/$ROUNDS: libriichi arena, lean tsumogiri: $MJAI_GAMES hanchan"
        run_side mjai "$round" "$VENV_MJAI/bin/python" "$HELPER" mjai --games "$MJAI_GAMES" --seed "$SEED" --bot lean
        if [ "$MJAI_STOCK_GAMES" -gt 0 ]; then
            log "round $round/$ROUNDS: libriichi arena, mjai BaseMjaiLogEngine: $MJAI_STOCK_GAMES hanchan"
            run_side mjai-stock "$round" "$VENV_MJAI/bin/python" "$HELPER" mjai --games "$MJAI_STOCK_GAMES" --seed "$SEED" --bot stock
        fi
    fi
    if [ "$riichienv_ok" = 1 ]; then
        log "round $round/$ROUNDS: riichienv, RandomAgent: $RIICHIENV_GAMES hanchan"
        run_side riichienv "$round" "$VENV_RIICHIENV/bin/python" "$HELPER" riichienv --games "$RIICHIENV_GAMES" --seed "$SEED"
    fi
    if [ "$alea_ok" = 1 ]; then
        log "round $round/$ROUNDS: alea simulate mahjong: $ALEA_GAMES hanchan"
        run_side alea "$round" "$ALEA" simulate mahjong --rules riichi --length hanchan --games "$ALEA_GAMES" \
            --threads 1 --players random,random,random,random --seed "$SEED" --json
    fi
done

# --------------------------------------------------------------------------- #
# 4. Report (standard library only, so it runs with PYTHON itself)
# --------------------------------------------------------------------------- #
cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)"
load="start $LOAD_START, end $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
pinned="no (taskset not found)"
[ "${#PIN[@]}" -gt 0 ] && pinned="${PIN[*]}"
"$PYTHON" "$HELPER" report --dir "$OUT" --rounds "$ROUNDS" --pinned "$pinned" \
    --alea-games "$ALEA_GAMES" --mjai-games "$MJAI_GAMES" --mjai-stock-games "$MJAI_STOCK_GAMES" \
    --riichienv-games "$RIICHIENV_GAMES" --seed "$SEED" \
    --nproc "$(nproc --all)" --cpu "${cpu:-unknown}" --load "$load" \
    --json-out "$OUT/mahjong.json"
log "wrote $OUT/mahjong.json"
