# Sourced by the strength scripts (from the repository root): `alea` is $ALEA or
# this checkout's release build, `seed` is $SEED (default 26), `tmp` a folder removed on exit.
alea=${ALEA:-}
seed=${SEED:-26}
[[ "$seed" =~ ^[0-9]+$ ]] || { echo "SEED must be a number" >&2; exit 2; }
if [ -z "$alea" ]; then
  cargo build --release --quiet
  alea=target/release/alea
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
