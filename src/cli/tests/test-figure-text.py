#!/usr/bin/env python3
# test-figure-text.py: the plot of every bundled example's first study, and the comparison of all
# its studies (export --compare), exported as PDF at each preset (column, column-and-half, page,
# slide) and at the sizes papers use (252 × 180, 345 × 230, 360 × 240, 504 × 300 and
# 640 × 420 pt), and every other study's plot at each preset, is that size (issue #34), has
# all its words on the page, no two words overlapping and none set smaller than the figure's
# type (words too wide are broken into lines), labels its value axis with at least three ticks,
# names its saturated loads' mark in the legend when it has some (issue #14), and cuts no word
# of a legend entry it shortens (issue #34 item 4).
# Words and their boxes come from pdftotext -bbox (poppler-utils); without it the test is
# skipped. Prints TAP.
import itertools
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_tap import CLI, report, results, tmp  # noqa: E402
from pdf_words import turned, words  # noqa: E402

SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLES = os.path.join(SRCDIR, "data", "examples")
SIZES = [["--preset", p] for p in ("column", "column-and-half", "page", "slide")] + \
        [["--width", str(w), "--height", str(h)]
         for w, h in ((252, 180), (345, 230), (360, 240), (504, 300), (640, 420))]
# The presets' sizes in points (flitlab_plot_presets ()): a figure's page is its size exactly.
PRESETS = {"column": (252, 180), "column-and-half": (360, 240), "page": (504, 300),
           "slide": (720, 405)}
NUMBER = re.compile(r"^[−-]?\d+(\.\d+)?$")
# What parts a name's words: spaces, punctuation, hyphens ("uni-directional": "uni").
TOKEN = re.compile(r"[\s,;:()\-—=\"]+")

if shutil.which("pdftotext") is None:
    shutil.rmtree(tmp, ignore_errors=True)
    print("1..0 # SKIP no pdftotext")
    sys.exit(0)


def cut_inside(word, whole):
    """Whether word is no word of whole but the beginning of one ("tabl" of "table")."""
    return word != "" and word not in whole and any(o.startswith(word) for o in whole)


def figures(project):
    """(figure, its export options, size) of each figure checked."""
    studies = [s.get("name") for s in ET.parse(project).getroot().findall("study")]
    for size, (figure, chosen) in itertools.product(SIZES, [("plot", ["--study", studies[0]]),
                                                            ("comparison", ["--compare"])]):
        yield figure, chosen, size
    for study, size in itertools.product(studies[1:], SIZES[:4]):
        yield f"plot of {study}", ["--study", study], size


for name in sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".flitlab")):
    project = os.path.join(EXAMPLES, name)
    for n, (figure, chosen, size) in enumerate(figures(project)):
        at = " ".join(size[1:])
        pdf = os.path.join(tmp, f"{name}-{n}.pdf")
        proc = subprocess.run([CLI, "export", project, *chosen, *size, "--output", pdf],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            results.append((f"{name} {figure} at {at} exports", False, proc.stderr))
            continue
        page_w, page_h, found = words(pdf)
        want = PRESETS[size[1]] if size[0] == "--preset" else (float(size[1]), float(size[3]))
        results.append((f"{name} {figure} at {at}: a page of {want[0]} x {want[1]} pt",
                        abs(page_w - want[0]) <= 0.5 and abs(page_h - want[1]) <= 0.5,
                        f"{page_w} x {page_h}"))
        # The value axis's tick labels: numbers right-aligned in one column, one above another.
        columns = {}
        for w in found:
            if NUMBER.match(w[4]):
                columns.setdefault(round(w[2]), set()).add(round(w[1]))
        axis = max(columns, key=lambda x: len(columns[x]), default=None)
        ticks = len(columns[axis]) if axis is not None else 0
        results.append((f"{name} {figure} at {at}: {ticks} value-axis tick labels, at least 3",
                        ticks >= 3,
                        f"columns of numbers {columns}"))
        # A saturated simulated load is drawn as a cross, which the legend explains.
        csv = pdf[:-4] + ".csv"
        subprocess.run([CLI, "export", project, *chosen, "--output", csv], capture_output=True)
        with open(csv) as f:
            lines = f.read().splitlines()
        saturated = any(",points," in line and ",saturated," in line for line in lines)
        # A legend entry shortened to fit ends in "…" after a whole word, never inside one
        # ("…uni-directio…", "Tabl…"): its last word is no mere beginning of a word of the
        # series' names.
        whole = {t for line in lines for t in TOKEN.split(line.split('",')[0].lower()) if t}
        cut = [w[4] for w in found if w[4].endswith("…") and len(w[4]) > 1
               and cut_inside(([""] + [t for t in TOKEN.split(w[4].strip("…").lower()) if t])[-1],
                              whole)]
        results.append((f"{name} {figure} at {at}: no word cut inside", not cut, f"cut: {cut}"))
        if saturated:
            results.append((f"{name} {figure} at {at}: its saturated loads are in the legend",
                            "carried" in [w[4] for w in found],
                            "no “saturated: load not carried”"))
        # Every word at the type: the smallest, a saturation line's label, is 8/9 of the tick
        # labels' (pdftotext's box: the font's height); a word set smaller to fit is shorter.
        tick_h = max((w[3] - w[1] for w in found if NUMBER.match(w[4]) and round(w[2]) == axis),
                     default=0)
        small = [(w[4], round(w[3] - w[1], 2))
                 for w in found if not turned(w) and w[3] - w[1] < 0.85 * tick_h]
        # The value axis's label, turned (its box's width is its height), is set at 10/9 of the
        # ticks.
        small += [(w[4], round(w[2] - w[0], 2))
                  for w in found if turned(w) and w[2] - w[0] < 0.95 * tick_h]
        results.append((f"{name} {figure} at {at}: no word smaller than 0.85 of a tick label's "
                        f"{tick_h:.2f} pt",
                        tick_h > 0 and not small, f"smaller: {small[:8]}"))
        off = [w[4] for w in found if w[0] < -0.5 or w[1] < -0.5 or w[2] > page_w + 0.5
               or w[3] > page_h + 0.5]
        over = [(a[4], b[4]) for a, b in itertools.combinations(found, 2)
                if min(a[2],
                       b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5]
        results.append((f"{name} {figure} at {at}: {len(found)} words on the page, none "
                        f"overlapping",
                        found != [] and not off and not over,
                        f"off the page {off[:5]}, overlapping {over[:5]}"))
report()
