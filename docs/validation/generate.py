#!/usr/bin/env python3
"""Model against simulation, point by point, for every model of the papers.

Writes docs/validation/validation.flitlab (one study per comparison: the analytical model and
the simulation of the same network at the same loads), runs it with `flitlab-cli run`, then
from the saved results writes per study a CSV (rate, model, simulation, ci95, difference in %)
and a figure (`flitlab-cli export`, SVG and PNG), and the table docs/validation/summary.md.

Latencies: the simulator counts generation to tail arrival, injection and ejection cycles
included (zero load: mean hops + L + 1); each model's own convention is in docs/models/.

With --dally it instead re-runs, at length, the networks of 000 Tables 2 and 4 (Dally's
simulations of a 16x16x16 uni-directional torus and a 2^10 hypercube) and writes
docs/validation/dally-tables.md: minutes of simulation, so never part of CI.

Usage: docs/validation/generate.py [--cli build/src/cli/flitlab-cli] [--quick] [--dally] [--no-run]
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# name, notes, topology, routing, length, flits, rates (min, max, count), model id, params,
# simulation attributes
STUDIES = [
    ("ciciani-bi-torus 6x6x6", "000 Table 3 network: dimension order, 4 VCs, fixed 12 flits.",
     "torus:6x6x6:bi", "dor", "fixed", 12, (0.002, 0.04, 20),
     "ciciani-bi-torus", {"k": "6x6x6", "flits": "12"}, {"vcs": 4}),
    ("ciciani-uni-torus 8x8x8", "A uni-directional torus: dimension order with dateline VCs.",
     "torus:8x8x8:uni", "dor", "fixed", 25, (0.0002, 0.004, 20),
     "ciciani-uni-torus", {"k": "8x8x8", "flits": "25"}, {"vcs": 2}),
    ("ciciani-hypercube 8", "e-cube routing on 256 nodes.",
     "hypercube:8", "dor", "fixed", 32, (0.0005, 0.012, 20),
     "ciciani-hypercube", {"n": "8", "flits": "32"}, {"vcs": 1}),
    ("greenberg-mesh 8x8", "001: XY routing on the 8x8 mesh, 20-flit worms.",
     "mesh:8x8", "dor", "fixed", 20, (0.0005, 0.012, 20),
     "greenberg-mesh", {"k": "8", "flits": "20"}, {"vcs": 1}),
    ("greenberg-torus 8x8", "001 Appendix A: uni-directional 8x8 torus with dateline VCs.",
     "torus:8x8:uni", "dor", "fixed", 20, (0.0005, 0.008, 20),
     "greenberg-torus", {"k": "8", "flits": "20"}, {"vcs": 2}),
    ("quaglia-adaptive-torus 8x8", "002: adaptive routing, 4 VCs, exponential lengths of mean 12.",
     "torus:8x8:bi", "adaptive", "exponential", 12, (0.001, 0.022, 20),
     "quaglia-adaptive-torus", {"k": "8", "flits": "12"}, {"vcs": 4}),
    ("meraji-necklace (3,4) paper", "003 with the paper's reading of Eqs. 1 and 10.",
     "necklace:3,4", "necklace", "fixed", 16, (0.0005, 0.01, 20),
     "meraji-necklace", {"n": "3", "k": "4", "vcs": "4", "flits": "16", "variant": "paper"}, {"vcs": 4}),
    ("meraji-necklace (3,4) consistent", "003 with the physically consistent reading.",
     "necklace:3,4", "necklace", "fixed", 16, (0.0005, 0.01, 20),
     "meraji-necklace", {"n": "3", "k": "4", "vcs": "4", "flits": "16", "variant": "consistent"}, {"vcs": 4}),
] + [
    (f"horng-kleinrock 6-cube M={m}", f"004: the Boolean 6-cube with {m} buffers per node, backtracking.",
     "hypercube:6", "backtrack", "fixed", 1, (0.1, 3.0, 15),
     "horng-kleinrock", {"n": "6", "buffers": str(m)}, {"node-buffers": m})
    for m in (6, 8, 10, 15, 20)
]

BACKTRACK_METRICS = ["latency", "throughput", "acceptance", "utilization", "forward", "backtrack"]

# What each model's latency describes, so that it is compared with the matching simulated
# quantity: "network" models (zero load D + L - 1: no source queue, no injection and ejection
# cycles, like the papers' own simulators, docs/validation/simulators.md) are compared with
# the simulated network_latency - 2; "total" models (Greenberg and Guan: zero load D + L + 1,
# injection wait included) with the simulated latency; Horng and Kleinrock's delay with the
# simulated delay from acceptance to delivery; "queued" (Meraji et al.: the source wait of
# Eq. 21 included, zero load D + M - 1) with the simulated latency - 2.
CONVENTION = {
    "ciciani-bi-torus": "network", "ciciani-uni-torus": "network", "ciciani-hypercube": "network",
    "quaglia-adaptive-torus": "network", "meraji-necklace": "queued",
    "greenberg-mesh": "total", "greenberg-torus": "total", "horng-kleinrock": "total",
}


def write_project(path, cycles):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<flitlab-project format="1" title="Flitlab validation: models against simulation">']
    for name, notes, topology, routing, length, flits, (lo, hi, count), model, params, sim in STUDIES:
        lines.append(f"  <study name={quoteattr(name)}>")
        lines.append(f"    <notes>{notes}</notes>")
        lines.append(f'    <network topology="{topology}" routing="{routing}"/>')
        lines.append(f'    <traffic pattern="uniform" length="{length}" flits="{flits}"/>')
        lines.append(f'    <load min="{lo}" max="{hi}" count="{count}"/>')
        lines.append(f'    <model id="{model}">')
        for key, value in params.items():
            lines.append(f'      <param name="{key}" value="{value}"/>')
        lines.append("    </model>")
        attrs = " ".join(f'{k}="{v}"' for k, v in sim.items())
        lines.append(f'    <simulation enabled="true" {attrs} seed="2026" replications="3" cycles="{cycles}"/>')
        lines.append("  </study>")
    lines.append("</flitlab-project>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def table(element):
    columns = element.find("columns").text.split()
    rows = []
    for row in element.findall("row"):
        values = [math.nan if v == "-" else float(v) for v in row.text.split()]
        rows.append((dict(zip(columns, values)), row.get("saturated") == "true"))
    return rows


def pct(model, sim):
    if model is None or sim is None or math.isnan(model) or math.isnan(sim) or sim == 0:
        return ""
    return f"{100 * (model - sim) / sim:+.1f}"


def cell(value, saturated=False):
    if saturated:
        return "saturated"
    return "" if value is None or math.isnan(value) else f"{value:.6g}"


def run(args, *command):
    proc = subprocess.run([args.cli, *command], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"flitlab-cli {' '.join(command)}: {proc.stderr.strip()}")


# 000 Table 2 (16x16x16 uni torus, 25 flits) and Table 4 (2^10 hypercube, 200 flits): load in
# bit/cycle/node with 200-bit messages, Dally's simulated latency.
DALLY = [
    ("Table 2: 16x16x16 uni-directional torus, 25 flits",
     ["--topology", "torus:16x16x16:uni", "--vcs", "2", "--flits", "25"],
     [(0.05, 51), (0.10, 55), (0.15, 61), (0.20, 70), (0.25, 84), (0.29, 148)]),
    ("Table 4: 2^10 hypercube, 200 flits",
     ["--topology", "hypercube:10", "--vcs", "1", "--flits", "200"],
     [(0.05, 214), (0.10, 224), (0.20, 246), (0.30, 272), (0.35, 292), (0.40, 312), (0.45, 342)]),
]


def dally(args, cycles):
    lines = ["# Dally's simulations (000 Tables 2 and 4) against Flitlab's simulator",
             "", "Generated by `docs/validation/generate.py --dally`. Loads in bit/cycle/node as the",
             "paper gives them (messages of 200 bits); latencies in cycles. Ours: `latency` counts",
             "generation to tail arrival with injection and ejection; `network` leaves out the source",
             "queue. Dally's convention is not stated.", ""]
    for title, sim, rows in DALLY:
        rates = ",".join(str(b / 200) for b, _ in rows)
        proc = subprocess.run([args.cli, "simulate", *sim, "--rates", rates, "--cycles", str(cycles),
                               "--replications", "2", "--format", "csv"], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(proc.stderr.strip())
        lines += [f"## {title}", "", "| bit/cycle | Dally | ours: latency | ours: network | ci95 |", "|---|---|---|---|---|"]
        for (bits, theirs), row in zip(rows, csv.DictReader(proc.stdout.splitlines())):
            lines.append(f"| {bits} | {theirs} | {row['latency']} | {row['network_latency']} | {row['ci95']} |")
        lines.append("")
    with open(os.path.join(HERE, "dally-tables.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote docs/validation/dally-tables.md")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", default=os.path.join(ROOT, "build", "src", "cli", "flitlab-cli"))
    parser.add_argument("--quick", action="store_true", help="shorter simulations")
    parser.add_argument("--dally", action="store_true", help="000 Tables 2 and 4 at length (slow)")
    parser.add_argument("--no-run", action="store_true",
                        help="reuse the results saved in validation.flitlab: tables and figures only")
    args = parser.parse_args()
    if args.dally:
        dally(args, 2000 if args.quick else 10000)
        return

    project = os.path.join(HERE, "validation.flitlab")
    if not args.no_run:
        write_project(project, 4000 if args.quick else 30000)
        run(args, "run", project, "--progress")

    summary = ["| comparison | latency compared | points | max abs. difference below 80% of the model's saturation | figure |",
               "|---|---|---|---|---|"]
    root = ET.parse(project).getroot()
    for study in root.findall("study"):
        name = study.get("name")
        slug = name.replace(" ", "-").replace("(", "").replace(")", "").replace(",", "-").replace("=", "")
        model_el = study.find("model/curve")
        sim_el = study.find("simulation/points")
        saturation = float(model_el.get("saturation-rate", "nan"))
        model_rows, sim_rows = table(model_el), table(sim_el)
        backtrack = study.find("network").get("routing") == "backtrack"
        metrics = BACKTRACK_METRICS if backtrack else ["latency"]
        convention = CONVENTION[study.find("model").get("id")]
        for row, _ in sim_rows:
            if convention == "network":
                row["latency"] = row["network_latency"] - 2
            elif convention == "queued":
                row["latency"] = row["latency"] - 2

        with open(os.path.join(HERE, slug + ".csv"), "w", newline="") as f:
            out = csv.writer(f)
            header = ["rate"]
            for m in metrics:
                header += [f"{m}_model", f"{m}_simulation", f"{m}_difference_percent"]
            out.writerow(header + ["latency_ci95"])
            worst = 0.0
            for (m, msat), (s, ssat) in zip(model_rows, sim_rows):
                row = [cell(m["rate"])]
                for metric in metrics:
                    mv, sv = m.get(metric), s.get(metric)
                    row += [cell(mv, msat), cell(sv, ssat and metric == "latency"),
                            "" if msat or ssat else pct(mv, sv)]
                out.writerow(row + [cell(s.get("ci95"))])
                if not msat and not ssat and (math.isnan(saturation) or m["rate"] <= 0.8 * saturation):
                    d = pct(m.get("latency"), s.get("latency"))
                    if d:
                        worst = max(worst, abs(float(d)))

        for ext in ("svg", "png"):
            run(args, "export", project, "--study", name, "--figure", "plot",
                "--output", os.path.join(HERE, f"{slug}.{ext}"), "--scale", "1.5")
        summary.append(f"| {name} | {convention} | {len(model_rows)} | {worst:.1f}% | [{slug}.svg]({slug}.svg) |")
        print(f"{name}: worst latency difference {worst:.1f}%")

    with open(os.path.join(HERE, "summary.md"), "w") as f:
        f.write("# Models against simulation (generated by generate.py)\n\n"
                "Latency compared: *network* = the simulated network latency minus the injection and "
                "ejection cycles (these models, like the papers' simulators, leave out the source queue "
                "and those two cycles); *queued* = the simulated latency minus those two cycles (the model has the source wait); *total* = the simulated latency as measured. The CSV files hold "
                "every point; the figures plot the simulated latency as measured.\n\n")
        f.write("\n".join(summary) + "\n")


if __name__ == "__main__":
    main()
