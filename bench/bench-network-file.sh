#!/usr/bin/env bash
# bench-network-file.sh: how long flitlab-cli topology takes on networks read from a file
# (docs/networks.md): random connected networks of N nodes and about 2N links (a random tree,
# then random extra links, at most 32 per node; seed 1), from 64 nodes to the largest a file
# may give (4096). The command builds the network, its all-pairs distances and both routings'
# tables, the bisection bound and both channel dependency graphs.
#
#   bench/bench-network-file.sh [CLI]
#
# CLI: a flitlab-cli (default build/src/cli/flitlab-cli). Prints, per N: wall seconds and peak
# resident memory (/usr/bin/time).
set -euo pipefail

cli=${1:-build/src/cli/flitlab-cli}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for n in 64 512 2048 4096; do
  python3 "$(dirname "$0")/random-network.py" "$n" "$dir/net$n.txt"
  /usr/bin/time -f "$n nodes: %e s, %M KiB" "$cli" topology "file:$dir/net$n.txt" > /dev/null
done
