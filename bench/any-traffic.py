#!/usr/bin/python3
"""Writes the data of data/examples/any-traffic.flitlab: its traffic matrix and its trace.

    python3 bench/any-traffic.py data/examples

any-traffic-matrix.csv: 64 x 64 weights on an 8x8 mesh (node = x + 8 y): each node sends 3
parts to its transpose (y, x) and 1 part to the hotspot, node 36 = (4, 4); the diagonal's
nodes, their own transposes, send to the hotspot only, and the hotspot to nobody.

any-traffic.trace: a text trace (docs/traffic.md: "cycle source destination flits") of an
iterative stencil code on the same mesh, 10 iterations of 400 cycles each:
  - a halo exchange at the start of the iteration: every node sends an 8-flit message to each
    of its 2 to 4 neighbours, within the first 40 cycles (224 messages);
  - an all-to-one reduction at cycle 200 of the iteration: every node sends a 2-flit partial
    result to node 0, within 40 cycles (63 messages).
2870 messages in all, the last near cycle 3840. The offsets inside each phase come from a fixed
seed, so the file is the same at every run.

any-traffic.flitlab: the two studies without results; then
    flitlab-cli run data/examples/any-traffic.flitlab
computes them (docs/traffic.md).
"""
import hashlib
import os
import random
import sys

K = 8
N = K * K
HOTSPOT = 4 + 4 * K
ITERATIONS = 10
PERIOD = 400
SPREAD = 40


def matrix():
    rows = []
    for src in range(N):
        x, y = src % K, src // K
        row = [0] * N
        transpose = y + K * x
        if transpose != src:
            row[transpose] += 3
        if src != HOTSPOT:
            row[HOTSPOT] += 1
        rows.append(",".join(str(w) for w in row))
    return "\n".join(rows) + "\n"


def trace():
    rng = random.Random(31)
    messages = []
    for it in range(ITERATIONS):
        start = it * PERIOD
        for src in range(N):
            x, y = src % K, src // K
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx < K and 0 <= y + dy < K:
                    dst = (x + dx) + K * (y + dy)
                    messages.append((start + rng.randrange(SPREAD), src, dst, 8))
        for src in range(1, N):
            messages.append((start + PERIOD // 2 + rng.randrange(SPREAD), src, 0, 2))
    messages.sort()
    lines = ["# An iterative stencil on an 8x8 mesh (bench/any-traffic.py): per iteration a",
             "# halo exchange (8 flits to each neighbour) and an all-to-one reduction to node 0",
             "# (2 flits). cycle source destination flits"]
    lines += ["%d %d %d %d" % m for m in messages]
    return "\n".join(lines) + "\n"


def counts(text):
    """The trace's messages per pair as the CSV general-wormhole takes, and its mean flits."""
    c = [[0] * N for _ in range(N)]
    flits = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        _, src, dst, f = map(int, line.split())
        c[src][dst] += 1
        flits.append(f)
    return "\n".join(",".join(map(str, row)) for row in c) + "\n", sum(flits) / len(flits)


def model(params):
    lines = ['    <model id="general-wormhole">']
    for name, value in params:
        lines.append('      <param name="%s" value="%s"/>' % (name, escape(value)))
    lines.append("    </model>")
    return "\n".join(lines)


def escape(text):
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(
        "\n", "&#10;")


def project(matrix_csv, trace_text):
    """The project without results (flitlab-cli run computes them), its models' parameters
    those the window fits to each study (flitlab_study_run_fit_model())."""
    sha = hashlib.sha256(trace_text.encode()).hexdigest()
    trace_csv, mean_flits = counts(trace_text)
    common = [("topology", "mesh:8x8"), ("network", ""), ("hotspot", "0.1"),
              ("hotspot-node", "0"), ("ties", "balanced")]
    return PROJECT % {
        "matrix": matrix_csv,
        "matrix_model": model(common + [("flits", "4"), ("length", "fixed"),
                                        ("traffic", "matrix"), ("matrix", matrix_csv)]),
        "sha": sha,
        "trace_model": model(common + [("flits", repr(mean_flits)), ("length", "fixed"),
                                       ("traffic", "matrix"), ("matrix", trace_csv)]),
    }


PROJECT = """<?xml version="1.0" encoding="UTF-8"?>
<flitlab-project format="1" title="Any traffic: a traffic matrix and a trace on an 8×8 mesh">
  <study name="Transpose plus hotspot (a traffic matrix)">
    <notes>A traffic matrix says who sends how much to whom: any-traffic-matrix.csv, beside this project, is 64 rows of 64 weights. Each node of the 8×8 mesh (node = x + 8y) sends 3 parts of its messages to its transpose (y, x) and 1 part to node 36, the hotspot at (4, 4); the nodes on the diagonal, their own transposes, send to the hotspot only. Open Network ▸ heat map: with dimension-order routing the transpose's messages turn at the diagonal, and the busiest channels are the links into node 36 and its ejection channel, which saturate the network long before the average channel is busy. general-wormhole (Greenberg and Guan's channel-by-channel model) takes the matrix as it is, and its curve ends where the busiest channel is full; the simulation draws sources and destinations by the same weights.</notes>
    <network topology="mesh:8x8" routing="dor"/>
    <traffic pattern="matrix" hotspot-fraction="0.1" hotspot-node="0" length="fixed" flits="4" flit-width="32"/>
    <matrix>
%(matrix)s    </matrix>
    <load min="0.001" max="0.014" count="14"/>
%(matrix_model)s
    <simulation enabled="true" vcs="0" buffer="2" node-buffers="0" seed="1" replications="2" warmup="2000" cycles="8000" threads="0" watchdog="0"/>
  </study>
  <study name="A stencil and a reduction (a trace)">
    <notes>A trace lists messages with the cycle each was sent. any-traffic.trace, beside this project (bench/any-traffic.py made it), holds 10 iterations of a stencil code on the 8×8 mesh: a halo exchange, every node sending 8 flits to each neighbour, then an all-to-one reduction of 2-flit messages to node 0. Each load of the plot replays the whole trace, its cycles stretched or squeezed to give that mean load (the table's scale column). On the Network page press Play: each window of the replay is coloured by its own traffic, the halo lighting every link, the reduction only the links that lead to node 0. general-wormhole gets the trace's counts per pair and its mean length but assumes steady Poisson arrivals: it misses the bursts, so the replay's latency lies above the model's, and its 95th percentile (latency_p95 in the table) far above its mean. A replay is one deterministic run: no confidence intervals.</notes>
    <network topology="mesh:8x8" routing="dor"/>
    <traffic pattern="trace" hotspot-fraction="0.1" hotspot-node="0" length="fixed" flits="16" flit-width="32"/>
    <trace file="any-traffic.trace" sha256="%(sha)s"/>
    <load min="0.002" max="0.02" count="10"/>
%(trace_model)s
    <simulation enabled="true" vcs="0" buffer="2" node-buffers="0" seed="1" replications="1" warmup="0" cycles="20000" threads="0" watchdog="0"/>
  </study>
</flitlab-project>
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "data/examples"
    matrix_csv, trace_text = matrix(), trace()
    with open(os.path.join(out, "any-traffic-matrix.csv"), "w") as f:
        f.write(matrix_csv)
    with open(os.path.join(out, "any-traffic.trace"), "w") as f:
        f.write(trace_text)
    # The project without results: flitlab-cli run any-traffic.flitlab fills them.
    with open(os.path.join(out, "any-traffic.flitlab"), "w") as f:
        f.write(project(matrix_csv, trace_text))


if __name__ == "__main__":
    main()
