#!/usr/bin/env python3
"""Model against simulation, point by point, for every model of the papers.

Runs flitlab-cli model and flitlab-cli simulate on the same networks and loads and writes, per
comparison, a CSV (rate, model, simulation, ci95, % difference) into docs/validation/ and one
summary table, docs/validation/README.md. Simulated latencies count the injection and ejection
cycles (zero load D + L + 1); the models' zero-load values are stated in docs/models/.

Usage: docs/validation/generate.py [--cli build/src/cli/flitlab-cli] [--quick]
"""
import argparse
import csv
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# name, model id, model params, simulate args, rates
WORMHOLE = [
    ("ciciani-bi-torus-6x6x6", "ciciani-bi-torus", ["k=6x6x6", "flits=12"],
     ["--topology", "torus:6x6x6:bi", "--routing", "dor", "--vcs", "2", "--length", "exp", "--flits", "12"],
     [0.001, 0.002, 0.005, 0.01, 0.016, 0.02, 0.03, 0.04]),
    ("ciciani-uni-torus-8x8x8", "ciciani-uni-torus", ["k=8x8x8", "flits=25"],
     ["--topology", "torus:8x8x8:uni", "--routing", "dor", "--vcs", "2", "--flits", "25"],
     [0.0005, 0.001, 0.002, 0.003, 0.004, 0.005]),
    ("ciciani-hypercube-8", "ciciani-hypercube", ["n=8", "flits=32"],
     ["--topology", "hypercube:8", "--routing", "dor", "--flits", "32"],
     [0.001, 0.002, 0.004, 0.006, 0.008, 0.01]),
    ("greenberg-mesh-8x8", "greenberg-mesh", ["k=8", "flits=20"],
     ["--topology", "mesh:8x8", "--routing", "dor", "--flits", "20"],
     [0.001, 0.002, 0.004, 0.006, 0.008, 0.01]),
    ("greenberg-torus-8x8", "greenberg-torus", ["k=8", "flits=20"],
     ["--topology", "torus:8x8:uni", "--routing", "dor", "--vcs", "2", "--flits", "20"],
     [0.001, 0.002, 0.003, 0.004, 0.005, 0.006]),
    ("quaglia-adaptive-torus-8x8", "quaglia-adaptive-torus", ["k=8", "flits=12"],
     ["--topology", "torus:8x8:bi", "--routing", "adaptive", "--vcs", "4", "--length", "exp", "--flits", "12"],
     [0.001, 0.003, 0.005, 0.008, 0.011, 0.015, 0.02]),
    ("meraji-necklace-3-4-paper", "meraji-necklace", ["n=3", "k=4", "vcs=4", "flits=16", "variant=paper"],
     ["--topology", "necklace:3,4", "--routing", "necklace", "--vcs", "4", "--flits", "16"],
     [0.001, 0.002, 0.004, 0.006, 0.008]),
    ("meraji-necklace-3-4-consistent", "meraji-necklace", ["n=3", "k=4", "vcs=4", "flits=16", "variant=consistent"],
     ["--topology", "necklace:3,4", "--routing", "necklace", "--vcs", "4", "--flits", "16"],
     [0.001, 0.002, 0.004, 0.006, 0.008]),
]

BACKTRACK_BUFFERS = [6, 8, 10, 15, 20]
BACKTRACK_RATES = [0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0]
BACKTRACK_COLUMNS = ["latency", "throughput", "acceptance", "utilization", "forward", "backtrack"]


def cli(args, command):
    proc = subprocess.run([args.cli, *command], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(command)}: {proc.stderr.strip()}")
    return list(csv.DictReader(io.StringIO(proc.stdout)))


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def pct(model, sim):
    if model is None or sim is None or sim == 0:
        return ""
    return f"{100 * (model - sim) / sim:+.1f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "src", "cli", "flitlab-cli"))
    parser.add_argument("--quick", action="store_true", help="shorter simulations")
    args = parser.parse_args()
    cycles = "5000" if args.quick else "30000"
    summary = []

    for name, model, params, sim, rates in WORMHOLE:
        rate_text = ",".join(str(r) for r in rates)
        model_rows = cli(args, ["model", model, *sum((["--param", p] for p in params), []),
                                "--rates", rate_text, "--format", "csv"])
        sim_rows = cli(args, ["simulate", *sim, "--rates", rate_text, "--cycles", cycles,
                              "--replications", "3", "--format", "csv"])
        path = os.path.join(HERE, name + ".csv")
        with open(path, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["rate", "model", "simulation", "ci95", "difference_percent"])
            for m, s in zip(model_rows, sim_rows):
                lm, ls = number(m["latency"]), number(s["latency"])
                out.writerow([m["rate"], m["latency"], s["latency"], s["ci95"], pct(lm, ls)])
                summary.append((name, m["rate"], m["latency"], s["latency"], s["ci95"], pct(lm, ls)))
        print(f"wrote {os.path.relpath(path, ROOT)}")

    for buffers in BACKTRACK_BUFFERS:
        name = f"horng-kleinrock-6cube-M{buffers}"
        rate_text = ",".join(str(r) for r in BACKTRACK_RATES)
        model_rows = cli(args, ["model", "horng-kleinrock", "--param", "n=6", "--param", f"buffers={buffers}",
                                "--rates", rate_text, "--format", "csv"])
        sim_rows = cli(args, ["simulate", "--topology", "hypercube:6", "--routing", "backtrack",
                              "--buffers", str(buffers), "--rates", rate_text, "--cycles", cycles,
                              "--replications", "3", "--format", "csv"])
        path = os.path.join(HERE, name + ".csv")
        with open(path, "w", newline="") as f:
            out = csv.writer(f)
            header = ["rate"]
            for c in BACKTRACK_COLUMNS:
                header += [f"{c}_model", f"{c}_simulation", f"{c}_difference_percent"]
            out.writerow(header + ["latency_ci95"])
            for m, s in zip(model_rows, sim_rows):
                row = [m["rate"]]
                for c in BACKTRACK_COLUMNS:
                    row += [m[c], s[c], pct(number(m[c]), number(s[c]))]
                out.writerow(row + [s["ci95"]])
                summary.append((name, m["rate"], m["latency"], s["latency"], s["ci95"],
                                pct(number(m["latency"]), number(s["latency"]))))
        print(f"wrote {os.path.relpath(path, ROOT)}")

    with open(os.path.join(HERE, "summary.csv"), "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["comparison", "rate", "model_latency", "simulated_latency", "ci95", "difference_percent"])
        out.writerows(summary)
    print("wrote docs/validation/summary.csv")


if __name__ == "__main__":
    main()
