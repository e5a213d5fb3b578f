#!/usr/bin/env python3
# test-diagram-text.py: every bundled example's flow diagram and network diagram, for every
# study that has one, exported as PDF at each preset (column, column-and-half, page, slide)
# and at the default 640 × 420 pt, has all its words on the page, no two words overlapping,
# and no number running into another (issue #14 item 8); a grid of Quaglia et al.'s names its
# X and Y boxes at every size, a column's too (issue #34 item 4). Words and their boxes come from
# pdftotext -bbox (poppler-utils); without it the test is skipped. Prints TAP.
#
# FLITLAB_DIAGRAM_TEXT_SIZES=WxH,WxH (no presets) measures other sizes by --width/--height.
import itertools
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pdf_words import words, overlap, same_line  # noqa: E402

CLI = sys.argv[1]
SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLES = os.path.join(SRCDIR, "data", "examples")
SIZES = [["--preset", p] for p in ("column", "column-and-half", "page", "slide")] + \
        [["--width", "640", "--height", "420"]]
if os.environ.get("FLITLAB_DIAGRAM_TEXT_SIZES"):
    SIZES = [["--width", s.split("x")[0], "--height", s.split("x")[1]]
             for s in os.environ["FLITLAB_DIAGRAM_TEXT_SIZES"].split(",")]
# A number: a tick label, a colour bar's end, a value in a box.
NUMBER = re.compile(r"^[−-]?\d+(\.\d+)?(e[−-]?\d+)?%?$")
# A box's name in Quaglia et al.'s grid: "X₁,₂", "bY₁".
GRID_NAME = re.compile(r"^b?[XY][₀-₉]")
TOO_SHORT = {("quaglia-2002.flitlab", "Table 2: 16×16 torus, adaptive", "--preset column")}
# Two numbers run together, as "0.000.01" or "0.40.433".
RUN_TOGETHER = re.compile(r"\d\.\d+\.\d")

if shutil.which("pdftotext") is None:
    print("1..0 # SKIP no pdftotext")
    sys.exit(0)


def problems(pdf):
    """What is wrong with the PDF's words: [] when every word is on the page, none overlap, and
    no number comes within a space of another word on its line."""
    page_w, page_h, found = words(pdf)
    if not found:
        return ["no words"]
    wrong = [f"off the page: {w[4]}" for w in found
             if w[0] < -0.5 or w[1] < -0.5 or w[2] > page_w + 0.5 or w[3] > page_h + 0.5]
    wrong += [f"run together: {w[4]}" for w in found if RUN_TOGETHER.search(w[4])]
    for a, b in itertools.combinations(found, 2):
        if overlap(a, b, -0.5):
            wrong.append(f"overlapping: {a[4]} / {b[4]}")
        elif (NUMBER.match(a[4]) or NUMBER.match(b[4])) and same_line(a, b) and \
                max(a[0], b[0]) - min(a[2], b[2]) < 0.15 * min(a[3] - a[1], b[3] - b[1]):
            # A number closer than a sixth of its height to the next word on its line reads
            # as one with it.
            wrong.append(f"touching: {a[4]} / {b[4]}")
    return wrong


def studies(project):
    """(name, has a model) of each study."""
    return [(s.get("name"), s.find("model") is not None)
            for s in ET.parse(project).getroot().iter("study")]


results = []
tmp = tempfile.mkdtemp(prefix="flitlab-diagram-text-")
for name in sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".flitlab")):
    project = os.path.join(EXAMPLES, name)
    for s, (study, with_model) in enumerate(studies(project)):
        for figure in ("flow", "topology"):
            if figure == "flow" and not with_model:
                continue
            named = {}
            for size in SIZES:
                pdf = os.path.join(tmp, f"{name}-{s}-{figure}-{size[1]}.pdf")
                what = f"{name} “{study}” {figure} at {' '.join(size)}"
                proc = subprocess.run([CLI, "export", project, "--study", study, "--figure", figure,
                                       *size,
                                       "--output", pdf], capture_output=True, text=True)
                if proc.returncode != 0:
                    results.append((what, [proc.stderr.strip()]))
                    continue
                results.append((what, problems(pdf)))
                named[" ".join(size)] = len([w for w in words(pdf)[2] if GRID_NAME.match(w[4])])
            # A grid's boxes carry their names at every size, in smaller type at a column;
            # but a column's 16×16 grid, twelve rows in 60 pt, has boxes too short for any.
            if figure == "flow" and max(named.values(), default=0) > 0:
                short = {k: v for k, v in named.items()
                         if v != max(named.values()) and (name, study, k) not in TOO_SHORT}
                results.append((f"{name} “{study}” flow: as many X and Y boxes named at every "
                                f"size", [f"named: {named}"] if short else []))
if os.environ.get("FLITLAB_DIAGRAM_TEXT_KEEP"):
    print(f"# PDFs kept in {tmp}")
else:
    shutil.rmtree(tmp, ignore_errors=True)

print(f"1..{len(results)}")
for i, (what, wrong) in enumerate(results, 1):
    print(f"{'ok' if not wrong else 'not ok'} {i} {what}: all words on the page, none overlapping")
    if wrong:
        print(f"# {len(wrong)}: {'; '.join(wrong[:6])}")
