#!/usr/bin/env python3
# test-cli-traffic.py: flitlab-cli traffic and simulate --traffic matrix (issue #31 item 1):
# a pattern's matrix, the same results from the pattern and its matrix, a project's matrix
# file missing or changed, and every bad input refused with one line and nothing written.
# Prints TAP.
import csv
import hashlib
import io
import os

from cli_tap import check, ran, refused, report, tmp, write


def read_matrix(text):
    rows = list(csv.reader(io.StringIO(text)))
    return [[float(x) for x in row[1:]] for row in rows[1:]]


# ---- traffic: any pattern's matrix ----------------------------------------------------------
t_csv = os.path.join(tmp, "transpose.csv")
proc = ran(["traffic", "--topology", "torus:4x4:bi", "--traffic", "transpose", "--output", t_csv])
check("traffic writes the transpose's matrix", proc.returncode == 0 and os.path.exists(t_csv),
      proc.stderr)
with open(t_csv) as f:
    text = f.read()
m = read_matrix(text)
check("its header row and column number the nodes", text.startswith(",0,1,2,3,4,"), text[:40])
check("(1, 0) sends to (0, 1) only", m[1][4] == 1 and sum(m[1]) == 1, m[1])
check("a diagonal node sends nothing", sum(m[5]) == 0, m[5])

proc = ran(["traffic", "--topology", "mesh:3x3", "--traffic", "uniform", "--output", "-"])
m = read_matrix(proc.stdout)
check("uniform is 1/(N-1) off the diagonal, to standard output",
      proc.returncode == 0 and all(abs(m[s][d] - (0 if s == d else 1 / 8)) < 1e-15
                                   for s in range(9) for d in range(9)), proc.stdout[:200])

proc = ran(["traffic", "--topology", "mesh:3x3", "--traffic", "hotspot", "--hotspot", "0.5",
            "--hotspot-node", "4", "--output", "-"])
m = read_matrix(proc.stdout)
check("hotspot: its fraction more to the hotspot node",
      proc.returncode == 0 and abs(m[0][4] - (0.5 + 0.5 / 8)) < 1e-15
      and abs(m[4][0] - 1 / 8) < 1e-15, proc.stdout[:200])

# ---- the pattern and its matrix simulate alike ----------------------------------------------
common = ["--topology", "torus:4x4:bi", "--flits", "8", "--rates", "0.02,0.04",
          "--replications", "4", "--format", "csv"]
a = ran(["simulate", *common, "--traffic", "transpose"])
b = ran(["simulate", *common, "--traffic", "matrix", "--matrix", t_csv])
check("simulate --traffic matrix --matrix runs", a.returncode == 0 and b.returncode == 0,
      a.stderr + b.stderr)
rows_a = list(csv.DictReader(io.StringIO(a.stdout)))
rows_b = list(csv.DictReader(io.StringIO(b.stdout)))
for ra, rb in zip(rows_a, rows_b):
    load = ra["rate"]
    lat = abs(float(ra["latency"]) - float(rb["latency"]))
    check(f"transpose and its matrix: latency at {load} within the intervals",
          lat < float(ra["ci95"]) + float(rb["ci95"]), (ra["latency"], rb["latency"]))
    thr = abs(float(ra["throughput"]) - float(rb["throughput"]))
    check(f"transpose and its matrix: throughput at {load} within the intervals",
          thr < float(ra["throughput_ci95"]) + float(rb["throughput_ci95"]),
          (ra["throughput"], rb["throughput"]))

# ---- bad input ---------------------------------------------------------------------------
bad = {
    "the wrong size": ("0,1\n1,0\n", "2×2 but the network has 16 nodes"),
    "a negative entry": ("0,1,1\n-1,0,1\n1,1,0\n", "line 2"),
    "a non-numeric entry": ("0,1,1\n1,0,x\n1,1,0\n", "“x”"),
    "a non-zero diagonal": ("1,1,1\n1,0,1\n1,1,0\n", "diagonal"),
    "an all-zero matrix": ("0,0,0\n0,0,0\n0,0,0\n", "zero"),
    "ragged rows": ("0,1,1\n1,0\n1,1,0\n", "ragged"),
    "an empty file": ("", "empty"),
}
channels = os.path.join(tmp, "out", "channels.csv")
os.makedirs(os.path.dirname(channels))
for what, (text, words) in bad.items():
    path = write(what.replace(" ", "-") + ".csv", text)
    refused(f"simulate refuses {what}",
            ["simulate", "--topology", "torus:4x4:bi" if what == "the wrong size" else "torus:3:bi",
             "--traffic", "matrix", "--matrix", path, "--rates", "0.01", "--channels", channels],
            channels, os.path.basename(path), words)
refused("simulate refuses a missing matrix file",
        ["simulate", "--topology", "torus:3:bi", "--traffic", "matrix", "--matrix",
         os.path.join(tmp, "missing.csv"), "--rates", "0.01"], None, "missing.csv")
refused("simulate refuses a directory as a matrix",
        ["simulate", "--topology", "torus:3:bi", "--traffic", "matrix", "--matrix", tmp,
         "--rates", "0.01"])
refused("--traffic matrix needs --matrix",
        ["simulate", "--topology", "torus:3:bi", "--traffic", "matrix", "--rates", "0.01"],
        None, "--matrix")
refused("--matrix needs --traffic matrix",
        ["simulate", "--topology", "torus:4x4:bi", "--matrix", t_csv, "--rates", "0.01"],
        None, "--matrix")
out = os.path.join(tmp, "out", "m.csv")
refused("traffic refuses --traffic matrix",
        ["traffic", "--topology", "torus:4x4:bi", "--traffic", "matrix", "--output", out], out)
refused("traffic refuses a pattern the network cannot have",
        ["traffic", "--topology", "torus:5:bi", "--traffic", "transpose", "--output", out], out,
        "transpose")
refused("traffic refuses --hotspot without hotspot",
        ["traffic", "--topology", "torus:4x4:bi", "--traffic", "uniform", "--hotspot", "0.2",
         "--output", out], out, "--hotspot")
refused("traffic refuses a hotspot node out of the network",
        ["traffic", "--topology", "torus:4x4:bi", "--traffic", "hotspot", "--hotspot-node",
         "16", "--output", out], out, "16")
refused("traffic needs --output", ["traffic", "--topology", "torus:4x4:bi", "--traffic",
                                   "uniform"], None, "--output")
refused("traffic refuses more nodes than a matrix has",
        ["traffic", "--topology", "torus:65x65:bi", "--traffic", "uniform", "--output", out],
        out, "4096")

# ---- a project's matrix file, missing or changed -------------------------------------------
big = os.path.join(tmp, "big.csv")
proc = ran(["traffic", "--topology", "torus:9x9:bi", "--traffic", "tornado", "--output", big])
with open(big, "rb") as f:
    digest = hashlib.sha256(f.read()).hexdigest()
os.makedirs(os.path.join(tmp, "p"))
project = write(os.path.join("p", "p.flitlab"), f"""<?xml version="1.0" encoding="UTF-8"?>
<flitlab-project format="1">
  <study name="Big">
    <network topology="torus:9x9:bi" routing="dor"/>
    <traffic pattern="matrix" length="fixed" flits="4"/>
    <matrix file="../big.csv" sha256="{digest}"/>
    <load min="0.005" max="0.005" count="1"/>
    <simulation enabled="true" cycles="500" replications="1"/>
  </study>
</flitlab-project>
""")
saved = os.path.join(tmp, "p", "saved.flitlab")
proc = ran(["run", project, "--output", saved])
check("run simulates a project's matrix file", proc.returncode == 0 and os.path.exists(saved),
      proc.stderr)
with open(saved) as f:
    check("the saved project names the file relative to itself, with its SHA-256",
          f'<matrix file="../big.csv" sha256="{digest}"/>' in f.read())
os.remove(saved)
proc = ran(["traffic", "--topology", "torus:9x9:bi", "--traffic", "neighbour", "--output", big])
refused("run refuses a changed matrix file, naming it", ["run", project, "--output", saved],
        saved, "big.csv", "changed")
refused("validate says the matrix file changed", ["validate", project], None, "big.csv",
        "changed", "Big")
os.remove(big)
refused("run refuses a missing matrix file, naming it", ["run", project, "--output", saved],
        saved, "big.csv")

report()
