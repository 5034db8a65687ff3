#!/usr/bin/env bash
# Vector environments side by side (benches/peers/vector.py says what is measured): makes the
# venv target/peers/venv-vector with the peers from PyPI (jax on the CPU, pgx, mahjax,
# riichienv, pettingzoo, open_spiel) and this checkout's package built with the release
# profile (`pip install ./python`, about 8 minutes the first time), then runs the rounds.
#
#   benches/peers/vector.sh [vector.py arguments: --rounds N --seconds S --batches 1,64,1024]
#
# Numbers are comparable only on an otherwise idle machine (the load is in the JSON).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/peers/venv-vector
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check \
    "jax[cpu]" "pgx>=2.6,<3" "mahjax==0.1.6" "riichienv==0.4.11" "pettingzoo[classic]>=1.25" \
    "open_spiel==2.0.2" numpy
"$venv/bin/pip" install --quiet --disable-pip-version-check ./python
cd benches/peers
exec ../../"$venv/bin/python" vector.py --out ../../target/peers/vector.json "$@"
