#!/usr/bin/env bash
# bench-network-draw.sh: how long drawing a network read from a file takes (docs/networks.md):
# Graphviz's layout (neato up to 200 nodes, sfdp above) and the figure, through
# flitlab-cli export --figure topology, on the random connected networks of
# bench-network-file.sh (N nodes, about 2N links, seed 1); and the up*/down* channel dependency
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
  python3 - "$n" "$dir/net$n.flitlab" <<'EOF'
import random
import sys

n, path = int(sys.argv[1]), sys.argv[2]
random.seed(1)
links, degree = set(), [0] * n
for i in range(1, n):
    j = random.randrange(i)
    links.add((j, i))
    degree[i] += 1
    degree[j] += 1
while len(links) < 2 * n:
    a, b = sorted(random.sample(range(n), 2))
    if (a, b) not in links and degree[a] < 32 and degree[b] < 32:
        links.add((a, b))
        degree[a] += 1
        degree[b] += 1
edges = "".join(f"      {a} {b}\n" for a, b in sorted(links))
with open(path, "w") as f:
    f.write(f"""<flitlab-project format="1">
  <study name="net">
    <network topology="file:net{n}.txt" routing="updown">
      {n}
{edges}    </network>
    <traffic pattern="uniform" length="fixed" flits="4"/>
    <load min="0.001" max="0.01" count="2"/>
    <simulation enabled="false"/>
  </study>
</flitlab-project>
""")
EOF
  /usr/bin/time -f "$n nodes, topology: %e s, %M KiB" \
    "$cli" export "$dir/net$n.flitlab" --study net --figure topology -o "$dir/net$n.png"
  if [ "$n" -le 150 ]; then
    /usr/bin/time -f "$n nodes, dependency: %e s, %M KiB" \
      "$cli" export "$dir/net$n.flitlab" --study net --figure dependency -o "$dir/dep$n.png"
  fi
done
