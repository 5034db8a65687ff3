#!/usr/bin/env bash
# Writes full-information mjai logs of GAMES riichi hanchan played by mjai's RulebaseBot in
# the libriichi arena (mjai 0.2.1), hanchan i seeded (SEED + i, 0): the independent ground
# truth for alea's riichi rules (issue 24). Creates its own venv.
#
# Usage: benches/peers/mjai_logs.sh OUT [GAMES=10] [SEED=1] [BOTS=rulebase|kan]
#   (kan: seats 0 and 2 also declare every kan and nine terminals; see mjai_logs.py)
#   VENV_MJAI [target/peers/venv-mjai]  the venv (shared with mahjong.sh; created if missing)
#   PYTHON    [python3]                 the interpreter for the venv (3.10 or later)
# Not part of CI: it needs PyPI.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: mjai_logs.sh OUT [GAMES] [SEED]}
games=${2:-10}
seed=${3:-1}
bots=${4:-rulebase}
venv=${VENV_MJAI:-$root/target/peers/venv-mjai}
if [[ ! -x "$venv/bin/python" ]]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import mjai" 2>/dev/null; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --only-binary=:all: mjai==0.2.1
fi
mkdir -p "$out"
"$venv/bin/python" "$here/mjai_logs.py" "$out" "$games" "$seed" "$bots"
