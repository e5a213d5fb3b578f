#!/usr/bin/env python3
"""random-network.py N PATH [--project]: a random connected network of N nodes and about 2N
links (a random tree, then random extra links, at most 32 per node; seed 1) for the network
benchmarks: an edge list (docs/networks.md), or with --project a project whose one study,
"net", keeps it inline."""
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
with open(path, "w") as f:
    if "--project" not in sys.argv:
        f.write(f"{n}\n" + "".join(f"{a} {b}\n" for a, b in sorted(links)))
    else:
        edges = "".join(f"      {a} {b}\n" for a, b in sorted(links))
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
