#!/usr/bin/env bash
# Builds the table client, plays a few autoplayed turns under Xvfb with Mesa's software Vulkan,
# saves the window to OUT.png. The run must pass the client's own checks: the window's game
# equals a headless replay, no card hidden from the person is ever shown, and the saved PNG is a
# real rendering (the window's size, many colours).
#
#   examples/table/screenshot.sh OUT.png [client options...]
#
# Installs the system packages it needs when they are missing (Debian/Ubuntu, as root).
set -euo pipefail
out=$(realpath -m "${1:?usage: screenshot.sh OUT.png [client options...]}")
shift
cd "$(dirname "$0")"
packages=(pkg-config libwayland-dev libxkbcommon-dev libudev-dev libasound2-dev libx11-dev
  mesa-vulkan-drivers xvfb xauth)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing ${missing[*]}"
  apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >/dev/null
fi
cargo build --release --ignore-rust-version
args=("$@")
((${#args[@]})) || args=(--mode identity4 --seed 3 --autoplay 40)
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" \
  ./target/release/alea-table "${args[@]}" --check --screenshot "$out"
