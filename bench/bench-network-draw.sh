#!/usr/bin/env bash
# bench-network-draw.sh: how long drawing a network read from a file takes (docs/networks.md):
# Graphviz's layout (neato up to 200 nodes, sfdp above) and the figure, through
# flitlab-cli export --figure topology, on the random connected networks of
# bench/random-network.py (N nodes, about 2N links, seed 1); and the up*/down* channel dependency
# graph ranked by dot (--figure dependency) where it has at most 600 channels (N = 150).
#
#   bench/bench-network-draw.sh [CLI]
#
# CLI: a flitlab-cli (default build/src/cli/flitlab-cli). Prints, per N and figure: wall
# seconds and peak resident memory (/usr/bin/time).
set -euo pipefail

cli=${1:-build/src/cli/flitlab-cli}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for n in 64 150 512 4096; do
  python3 "$(dirname "$0")/random-network.py" "$n" "$dir/net$n.flitlab" --project
  /usr/bin/time -f "$n nodes, topology: %e s, %M KiB" \
    "$cli" export "$dir/net$n.flitlab" --study net --figure topology -o "$dir/net$n.png"
  if [ "$n" -le 150 ]; then
    /usr/bin/time -f "$n nodes, dependency: %e s, %M KiB" \
      "$cli" export "$dir/net$n.flitlab" --study net --figure dependency -o "$dir/dep$n.png"
  fi
done
