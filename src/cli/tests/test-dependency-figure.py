#!/usr/bin/env python3
# test-dependency-figure.py: `flitlab-cli export --figure dependency` (issue #15 item 3): the
# channel dependency graph of a torus with one virtual channel says it can deadlock, with two
# that it cannot; every figure, exported as PDF at each preset (column, column-and-half, page,
# slide) and at the default 600 × 450 pt, has all its words on the page and none overlapping
# (pdftotext -bbox, poppler-utils; those checks are skipped without it); bad options fail with
# one line. Prints TAP.
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pdf_words import overlap, words  # noqa: E402

CLI = sys.argv[1]
SIZES = [["--preset", p] for p in ("column", "column-and-half", "page", "slide")] + [[]]
STUDIES = [("torus-1vc", "torus:4x4:bi", "dor", 1), ("torus", "torus:4x4:bi", "dor", 0),
           ("mesh", "mesh:4x4", "dor", 0), ("cube", "hypercube:3", "dor", 0),
           ("7-cube", "hypercube:7", "dor", 0),
           ("large", "torus:16x16:bi", "adaptive", 1), ("uni", "torus:8x8x8:uni", "dor", 0),
           ("necklace", "necklace:3,2", "necklace", 0),
           ("backtrack", "hypercube:3", "backtrack", 0)]
PDFTOTEXT = shutil.which("pdftotext") is not None

results = []


def check(name, ok, note=""):
    results.append((name, ok, note))


def run(*args):
    proc = subprocess.run([CLI, *args], capture_output=True, text=True)
    return proc.returncode, proc.stderr.strip().splitlines()


def problems(pdf):
    page_w, page_h, found = words(pdf)
    if not found:
        return ["no words"]
    wrong = [f"off the page: {w[4]}" for w in found
             if w[0] < -0.5 or w[1] < -0.5 or w[2] > page_w + 0.5 or w[3] > page_h + 0.5]
    for a, b in itertools.combinations(found, 2):
        if overlap(a, b, -0.5):
            wrong.append(f"overlapping: {a[4]} / {b[4]}")
    return wrong


def text(pdf):
    return " ".join(w[4] for w in words(pdf)[2])


tmp = tempfile.mkdtemp(prefix="flitlab-dependency-")
project = os.path.join(tmp, "graphs.flitlab")
with open(project, "w", encoding="utf-8") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<flitlab-project format="1" title="graphs">\n')
    for name, topology, routing, vcs in STUDIES:
        deadlock = ' allow-deadlock="true"' if vcs == 1 else ""
        f.write(f'  <study name="{name}">\n    <network topology="{topology}" '
                f'routing="{routing}"/>\n'
                '    <traffic pattern="uniform" hotspot-fraction="0.1" hotspot-node="0" '
                'length="fixed" flits="16" flit-width="32"/>\n'
                '    <load min="0.001" max="0.02" count="5"/>\n'
                f'    <simulation enabled="false" vcs="{vcs}" buffer="1" node-buffers="0" seed="1" '
                'replications="3" warmup="0" cycles="20000" threads="0" watchdog="0"'
                f'{deadlock}/>\n  </study>\n')
    f.write("</flitlab-project>\n")

for name, topology, routing, vcs in STUDIES:
    if routing in ("necklace", "backtrack"):
        code, err = run("export", project, "--study", name, "--figure", "dependency", "-o",
                        os.path.join(tmp, "x.pdf"))
        check(f"{routing} routing has no graph to draw: one line, non-zero exit",
              code != 0 and len(err) == 1 and err[0].startswith("flitlab-cli"), "; ".join(err))
        continue
    for size in SIZES:
        pdf = os.path.join(tmp, f"{name}-{size[1] if size else 'default'}.pdf")
        code, err = run("export", project, "--study", name, "--figure", "dependency", *size,
                        "-o", pdf)
        what = f"{name} ({topology}, {routing}) at {' '.join(size) or 'default size'}"
        if code != 0:
            check(what, False, "; ".join(err))
            continue
        if PDFTOTEXT:
            wrong = problems(pdf)
            check(f"{what}: all words on the page, none overlapping", not wrong,
                  "; ".join(wrong[:6]))

# The verdict, from the study's virtual channels and from --vcs.
for vcs, study, verdict in (([], "torus-1vc", "has a cycle"), ([], "torus", "acyclic"),
                            (["--vcs", "2"], "torus-1vc", "acyclic"),
                            (["--vcs", "1"], "torus", "has a cycle"),
                            ([], "mesh", "acyclic"), ([], "large", "has a cycle")):
    pdf = os.path.join(tmp, "verdict.pdf")
    code, err = run("export", project, "--study", study, "--figure", "dependency", *vcs, "-o", pdf)
    if PDFTOTEXT:
        check(f"{study} {' '.join(vcs)} says “{verdict}”", code == 0 and verdict in text(pdf),
              "; ".join(err))
    else:
        check(f"{study} {' '.join(vcs)} exports", code == 0, "; ".join(err))

# A hypercube's boxes, one ring per dimension and direction, are named where the names drawn fit
# (node 0's lines: 0→64, 64→0), not only where the longest name of the network would (127→63).
if PDFTOTEXT:
    pdf = os.path.join(tmp, "7-cube.pdf")
    code, err = run("export", project, "--study", "7-cube", "--figure", "dependency", "--preset",
                    "slide", "-o", pdf)
    named = text(pdf).split() if code == 0 else []
    check("7-cube at slide: its boxes say which channels they are",
          "0→64" in named and "64→0" in named,
          " ".join(named[:40]))

# The largest bundled network, Ciciani's 16×16×16 torus (4096 nodes), has its graph too.
examples = os.path.join(os.environ.get("G_TEST_SRCDIR",
                                       os.path.join(os.path.dirname(__file__), "..", "..", "..")),
                        "data", "examples")
pdf = os.path.join(tmp, "table2.pdf")
code, err = run("export", os.path.join(examples, "ciciani-1998.flitlab"), "--study",
                "Table 2: 16×16×16 uni-directional torus",
                "--figure", "dependency", "-o", pdf)
check("the 4096-node torus of Ciciani's Table 2 has its graph drawn",
      code == 0 and (not PDFTOTEXT or "acyclic" in text(pdf)), "; ".join(err))

# The dateline explained where it breaks the cycle, and only there.
if PDFTOTEXT:
    for study, vcs, expected in (("torus", [], True), ("torus-1vc", [], False),
                                 ("mesh", ["--vcs", "2"], False)):
        pdf = os.path.join(tmp, "dateline.pdf")
        code, err = run("export", project, "--study", study, "--figure", "dependency", *vcs,
                        "-o", pdf)
        check(f"{study} {' '.join(vcs)} {'explains' if expected else 'has no'} dateline",
              code == 0 and ("dateline" in text(pdf)) == expected, "; ".join(err))

for ext in ("svg", "png"):
    out = os.path.join(tmp, f"graph.{ext}")
    code, err = run("export", project, "--study", "torus-1vc", "--figure", "dependency", "-o", out)
    check(f"writes .{ext}", code == 0 and os.path.getsize(out) > 1000, "; ".join(err))

for args, what in ((["--vcs", "65"], "--vcs 65"), (["--vcs", "x"], "--vcs x"),
                   (["--figure", "plot", "--vcs", "2"], "--vcs with --figure plot"),
                   (["--metric", "latency"], "--metric with --figure dependency")):
    figure = [] if "--figure" in args else ["--figure", "dependency"]
    code, err = run("export", project, "--study", "torus", *figure, *args, "-o",
                    os.path.join(tmp, "x.pdf"))
    check(f"{what}: one line, non-zero exit",
          code != 0 and len(err) == 1 and err[0].startswith("flitlab-cli"),
          "; ".join(err))

if os.environ.get("FLITLAB_DEPENDENCY_KEEP"):
    print(f"# PDFs kept in {tmp}")
else:
    shutil.rmtree(tmp, ignore_errors=True)

print(f"1..{len(results)}")
for i, (name, ok, note) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} {name}")
    if not ok and note:
        print(f"# {note}")
