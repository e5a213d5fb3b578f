#!/usr/bin/env python3
# test-cli-export.py: flitlab-cli export's formats beyond the drawings: a plot as a pgfplots
# .tex and a matplotlib .py (chosen by the extension), a network's values as .csv, and the
# one-line error for a format a figure does not have. test-export (io suite) compiles the .tex
# and runs the .py; here the command line's part. Prints TAP.
import os
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLE = os.path.join(SRCDIR, "data", "examples", "ciciani-1998.flitlab")
STUDY = "Table 3: 6×6×6 bi-directional torus"
results = []


def run(*args):
    proc = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, condition, detail=""):
    results.append((name, bool(condition), detail))


with tempfile.TemporaryDirectory() as tmp:
    tex = os.path.join(tmp, "table-3.tex")
    # At page width its legend keeps its words whole (at a column they are cut short).
    code, out, err = run("export", EXAMPLE, "--study", STUDY, "--preset", "page", "--output", tex)
    text = open(tex, encoding="utf-8").read() if code == 0 else ""
    check("export to .tex writes a pgfplots document", code == 0 and "\\begin{axis}" in text
          and "\\documentclass" in text and "\\end{document}" in text, err)
    check("the .tex has the study's series and title, escaped for LaTeX",
          "\\addlegendentry{Simulation, transit latency, 95\\% CI}" in text
          and "6\\ensuremath{\\times}6\\ensuremath{\\times}6" in text, text[:400])
    check("the .tex has the 95% intervals as error bars",
          "y explicit" in text and ") +- (0," in text)

    py = os.path.join(tmp, "table-3.py")
    code, out, err = run("export", EXAMPLE, "--study", STUDY, "--output", py)
    text = open(py, encoding="utf-8").read() if code == 0 else ""
    check("export to .py writes a matplotlib script", code == 0 and "import matplotlib" in text
          and "fig.savefig(sys.argv[1])" in text, err)
    compile(text, py, "exec")
    check("the .py is valid Python with the study's series",
          'label="Simulation, transit latency, 95% CI", kind="points"' in text, text[:400])

    # At column width the renderer breaks a long title into lines, gives a long legend entry
    # in briefer words (without the phrases every model's has) and sets a comparison's legend
    # in four columns of four rows, within a quarter of the figure: the .tex and the .py do as
    # it does.
    tour = os.path.join(SRCDIR, "data", "examples", "flitlab-tour.flitlab")
    for name, project, chosen, tex_has, py_has in (
            ("a title in two lines", tour,
             ["--compare", "--study", "16×16×16 uni torus (Ciciani Table 2)",
              "--study", "6×6×6 bi torus", "--study", "8×8 mesh vs torus"],
             "(Ciciani Table 2) \\ensuremath{\\cdot}\\\\6\\ensuremath", '(Ciciani Table 2) ·\\n6'),
            ("a legend entry in briefer words", tour, ["--study", "8×8 mesh vs torus"],
             "\\addlegendentry{\\ldots{}8\\ensuremath{\\times}8 torus, uni, "
             "flits = 20, k = 8 (other network)}",
             '"…8×8 torus, uni, flits = 20, k = 8 (other network)"'),
            ("a legend in four columns, filled down", EXAMPLE, ["--compare"],
             "transpose legend, legend columns=4,", 'ncol=4,')):
        texts = []
        for ext in ("tex", "py"):
            target = os.path.join(tmp, f"broken.{ext}")
            code, out, err = run("export", project, *chosen, "--preset", "column", "--output",
                                 target)
            texts.append(open(target, encoding="utf-8").read() if code == 0 else err)
        check(f"the .tex has {name}", tex_has in texts[0], tex_has)
        check(f"the .py has {name}", py_has in texts[1], py_has)

    csv = os.path.join(tmp, "network.csv")
    code, out, err = run("export", EXAMPLE, "--study", STUDY, "--figure", "topology",
                         "--output", csv)
    rows = open(csv).read().splitlines() if code == 0 else []
    check("export --figure topology to .csv: one row per network channel of the 6x6x6 torus",
          code == 0 and rows[0] == "channel,src,dst,dim,direction,value"
          and len(rows) == 1 + 1296, err)

    for figure, ext in (("topology", "tex"), ("flow", "py"), ("flow", "csv")):
        target = os.path.join(tmp, f"x.{ext}")
        code, out, err = run("export", EXAMPLE, "--study", STUDY, "--figure", figure, "--output",
                             target)
        lines = err.strip().splitlines()
        check(f"--figure {figure} to .{ext} is refused in one line",
              code != 0 and len(lines) == 1 and not os.path.exists(target), err)

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and detail:
        for line in str(detail).splitlines()[:10]:
            print(f"# {line}")
sys.exit(0)
