#!/usr/bin/env python3
"""general-wormhole against Flitlab's simulator: writes docs/validation/general-wormhole.md
and general-wormhole.csv (issue 31, item 3).

Six traffics (uniform, transpose, bit-complement, bit-reversal, hotspot 10% to node 0, and a
random sparse matrix) on four 64-node networks (8x8 mesh, 8x8 torus, 4x4x4 torus, 6-cube),
dimension-ordered routing, the simulator's defaults (one VC per dateline class, single-flit
buffers, balanced ties), 16-flit messages of fixed length, transit latency (the model's
default and the simulator's transit_latency column).

Simulated saturation S: `flitlab-cli simulate` flags a load saturated when it does not carry
it (accepted throughput short of the offered load beyond its interval, or a growing source
backlog). A coarse sweep around the model's saturation (0.3 to 1.9 times it, steps of 0.1),
then a finer one (steps of 0.02 of it) between the last carried load and the first flagged
one; S is the last carried load of the fine sweep (the table gives it to the fine step). Then
the model and the simulator at 25%, 50% and 75% of S; the error is |model - sim| / sim.

The sparse matrix: each node sends to 4 distinct other nodes drawn with random.Random(31)
with integer weights 1..9, written to general-sparse-64.csv (committed). Everything the
simulator does is seeded (--seed 2026), so a re-run gives the same numbers.

Usage: general.py [BUILD_DIR]  (default build); runs with nice -n 19.
"""
import csv
import io
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "build")
CLI = os.path.join(BUILD, "src", "cli", "flitlab-cli")
FLITS = 16
NETWORKS = [("8x8 mesh", "mesh:8x8"), ("8x8 torus", "torus:8x8:bi"),
            ("4x4x4 torus", "torus:4x4x4:bi"), ("6-cube", "hypercube:6")]
PATTERNS = ["uniform", "transpose", "bit-complement", "bit-reversal", "hotspot", "sparse"]
MATRIX = os.path.join(HERE, "general-sparse-64.csv")
TRANSPOSE = os.path.join(HERE, "general-transpose-64.csv")
SAT_CYCLES = os.environ.get("SAT_CYCLES", "20000")
LAT_CYCLES = os.environ.get("LAT_CYCLES", "100000")


def write_matrix():
    rng = random.Random(31)
    rows = []
    for s in range(64):
        row = [0] * 64
        for d in rng.sample([n for n in range(64) if n != s], 4):
            row[d] = rng.randint(1, 9)
        rows.append(row)
    with open(MATRIX, "w") as f:
        f.write("# general.py: 4 destinations per node, weights 1..9, random.Random(31)\n")
        for row in rows:
            f.write(",".join(str(w) for w in row) + "\n")


def write_transpose():
    """The 4x4x4 torus has no transpose pattern (it needs an even number of dimensions): the
    same permutation of the 64 node numbers as on the 8x8 mesh and the 6-cube, the address's
    low and high three bits swapped, as a matrix."""
    with open(TRANSPOSE, "w") as f:
        f.write("# general.py: node (a, b) -> (b, a), a and b the address's 3-bit halves\n")
        for s in range(64):
            d = (s >> 3) | ((s & 7) << 3)
            f.write(",".join("1" if n == d and d != s else "0" for n in range(64)) + "\n")


def traffic_args(pattern, model, spec=""):
    if pattern == "transpose" and spec == "torus:4x4x4:bi":
        return ["--param", f"matrix={TRANSPOSE}"] if model else ["--traffic", "matrix",
                                                                 "--matrix", TRANSPOSE]
    if pattern == "sparse":
        return ["--param", f"matrix={MATRIX}"] if model else ["--traffic", "matrix",
                                                              "--matrix", MATRIX]
    if pattern == "hotspot":
        return (["--param", "traffic=hotspot", "--param", "hotspot=0.1"] if model
                else ["--traffic", "hotspot", "--hotspot", "0.1"])
    return ["--param", f"traffic={pattern}"] if model else ["--traffic", pattern]


def run(args):
    proc = subprocess.run(["nice", "-n", "19", CLI, *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(" ".join(args) + ": " + proc.stderr)
    return proc


def model(spec, pattern, rates):
    args = ["model", "general-wormhole", "--param", f"topology={spec}", "--param",
            f"flits={FLITS}", *traffic_args(pattern, True, spec), "--format", "csv", "--saturation"]
    if rates:
        args += ["--rates", ",".join(repr(r) for r in rates)]
    proc = run(args)
    sat = float(proc.stderr.split("saturation rate:")[1].split()[0]) if rates else \
        float(proc.stdout.split("saturation rate:")[1].split()[0])
    lat = []
    if rates:
        for row in list(csv.DictReader(io.StringIO(proc.stdout))):
            lat.append(float("nan") if row["latency"] == "saturated" else float(row["latency"]))
    return sat, lat


def channel_bound(spec, pattern):
    """The load at which the busiest channel (network, ejection or a source's injection)
    carries one flit per cycle: from the model's per-channel flows (--channels)."""
    path = os.path.join(HERE, ".general-channels.csv")
    run(["model", "general-wormhole", "--param", f"topology={spec}", "--param", f"flits={FLITS}",
         *traffic_args(pattern, True, spec), "--rates", "1e-9", "--channels", path])
    with open(path) as f:
        busiest = max(float(r["flow"]) for r in csv.DictReader(f)) / 1e-9
    os.unlink(path)
    return 1 / (FLITS * busiest)


def simulate(spec, pattern, rates, cycles, replications):
    args = ["simulate", "--topology", spec, "--flits", str(FLITS),
            *traffic_args(pattern, False, spec),
            "--rates", ",".join(repr(r) for r in rates), "--cycles", cycles, "--replications",
            str(replications), "--seed", "2026", "--threads", "2", "--format", "csv"]
    rows = list(csv.DictReader(io.StringIO(run(args).stdout)))
    out = []
    for row in rows:
        saturated = row["latency"] == "saturated"
        out.append((saturated, float("nan") if saturated else float(row["transit_latency"])))
    return out


def saturation(spec, pattern, guess):
    coarse = [guess * f / 10 for f in range(3, 20)]
    flags = [s for s, _ in simulate(spec, pattern, coarse, SAT_CYCLES, 2)]
    if not any(flags):
        return coarse[-1], True
    first = flags.index(True)
    lo = coarse[first - 1] if first > 0 else coarse[0] / 2
    hi = coarse[first]
    fine = [lo + (hi - lo) * i / 5 for i in range(1, 5)]
    flags = [s for s, _ in simulate(spec, pattern, fine, SAT_CYCLES, 2)]
    for rate, flagged in zip(fine, flags):
        if flagged:
            break
        lo = rate
    return lo, False


def main():
    write_matrix()
    write_transpose()
    rows = []
    started = time.time()
    for name, spec in NETWORKS:
        for pattern in PATTERNS:
            t0 = time.time()
            model_sat, _ = model(spec, pattern, None)
            bound = channel_bound(spec, pattern)
            sim_sat, lower = saturation(spec, pattern, model_sat)
            rates = [sim_sat * f for f in (0.25, 0.5, 0.75)]
            _, lat = model(spec, pattern, rates)
            sims = simulate(spec, pattern, rates, LAT_CYCLES, 3)
            errors = [abs(m - s) / s if not flagged else float("nan")
                      for m, (flagged, s) in zip(lat, sims)]
            rows.append(dict(network=name, spec=spec, pattern=pattern, sim_sat=sim_sat,
                             lower=lower, model_sat=model_sat, channel_bound=bound, rates=rates,
                             model=lat, sim=[s for _, s in sims], errors=errors))
            print(f"{name:12} {pattern:15} sat sim {sim_sat:.5f} model {model_sat:.5f} "
                  f"err {' '.join(f'{e:.3f}' for e in errors)}  ({time.time() - t0:.0f} s)",
                  flush=True)
    write_outputs(rows, time.time() - started)


def pct(x):
    return "model saturated" if x == float("inf") else f"{100 * x:.1f}%"


def write_outputs(rows, seconds):
    with open(os.path.join(HERE, "general-wormhole.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["network", "traffic", "sim_saturation", "model_saturation", "channel_bound",
                    "rate_25",
                    "sim_25", "model_25", "rate_50", "sim_50", "model_50", "rate_75", "sim_75",
                    "model_75"])
        for r in rows:
            cells = [r["network"], r["pattern"], f"{r['sim_sat']:.6g}", f"{r['model_sat']:.6g}",
                     f"{r['channel_bound']:.6g}"]
            for i in range(3):
                cells += [f"{r['rates'][i]:.6g}", f"{r['sim'][i]:.4f}", f"{r['model'][i]:.4f}"]
            w.writerow(cells)
    lines = []
    for r in rows:
        e = r["errors"]
        # A load the model calls saturated is no error: it is said so.
        worst = [float("inf") if any(x != x for x in e[:i + 1]) else max(e[:i + 1])
                 for i in range(3)]
        sat_err = r["model_sat"] / r["sim_sat"] - 1
        lines.append(f"| {r['network']} | {r['pattern']} | {pct(worst[0])} | {pct(worst[1])} | "
                     f"{pct(worst[2])} | {'≥' if r['lower'] else ''}{r['sim_sat']:.5f} | "
                     f"{r['model_sat']:.5f} | {100 * sat_err:+.1f}% | "
                     f"{r['channel_bound']:.5f} |")
    table = ("| network | traffic | worst error ≤ 25% S | ≤ 50% S | ≤ 75% S | simulated "
             "saturation S | model saturation | model vs S | channel bound |\n"
             "|---|---|---|---|---|---|---|---|---|\n" +
             "\n".join(lines) + f"\n\n(The run took {seconds / 60:.1f} minutes.)\n")
    # The table between its markers; the text around it is the page's own.
    path = os.path.join(HERE, "general-wormhole.md")
    text = open(path).read() if os.path.exists(path) else \
        "# general-wormhole against the simulator\n\n<!-- table -->\n<!-- /table -->\n"
    head, rest = text.split("<!-- table -->\n", 1)
    tail = rest.split("<!-- /table -->", 1)[1]
    with open(path, "w") as f:
        f.write(head + "<!-- table -->\n" + table + "<!-- /table -->" + tail)


if __name__ == "__main__":
    main()
