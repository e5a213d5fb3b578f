#!/usr/bin/env python3
# test-cli-classroom.py: issue 15's command-line contracts for the classroom: the textbook
# figures of `flitlab-cli topology SPEC --format csv` and the deadlock lab of
# `flitlab-cli simulate --allow-deadlock --deadlock-out FILE.csv`. Prints TAP.
import csv
import io
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

CLI = sys.argv[1]
EXAMPLES = os.path.join(os.environ.get("G_TEST_SRCDIR",
                                       os.path.join(os.path.dirname(__file__), "..", "..", "..")),
                        "data", "examples")
results = []

TOPOLOGY_COLUMNS = ["nodes", "channels", "diameter", "mean_distance", "bisection_channels",
                    "max_channel_load", "ideal_throughput"]


def run(*args):
    proc = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=240)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, condition, detail=""):
    results.append((name, bool(condition), detail))


def fails_with_one_line(name, *args, mentions=()):
    code, out, err = run(*args)
    lines = err.strip().splitlines()
    check(name, code != 0 and len(lines) == 1 and lines[0].startswith("flitlab-cli")
          and all(m in err for m in mentions), f"exit {code}, stderr {err!r}")


def topology_row(spec):
    code, out, err = run("topology", spec, "--format", "csv")
    lines = out.splitlines()
    if code != 0 or len(lines) != 2 or lines[0] != ",".join(TOPOLOGY_COLUMNS):
        return None, out + err
    return dict(zip(TOPOLOGY_COLUMNS, lines[1].split(","))), out


# ---- topology --format csv: the textbook figures, exact -------------------------------------

def closed_form(spec, nodes, channels, diameter, mean, bisection, gamma):
    row, detail = topology_row(spec)
    check(f"topology {spec} --format csv: header and one row", row is not None, detail)
    if row is None:
        return
    check(f"topology {spec}: counts",
          (int(row["nodes"]), int(row["channels"]), int(row["diameter"]),
          int(row["bisection_channels"])) == (nodes, channels, diameter, bisection), detail)
    # The printed numbers read back as the exact doubles of the closed forms.
    check(f"topology {spec}: mean distance {mean}", float(row["mean_distance"]) == float(mean),
          detail)
    check(f"topology {spec}: max channel load {gamma}",
          float(row["max_channel_load"]) == float(gamma), detail)
    check(f"topology {spec}: ideal throughput 1/{gamma}",
          float(row["ideal_throughput"]) == float(1 / gamma), detail)


def scale(n):
    return Fraction(n, n - 1)


# torus:8x8:bi, the figure: gamma = k/8 N/(N-1) = 64/63.
closed_form("torus:8x8:bi", 64, 256, 8, 4 * scale(64), 4 * 8, Fraction(64, 63))
# Uni-directional torus: gamma = (k-1)/2 N/(N-1); mean distance n (k-1)/2 N/(N-1).
closed_form("torus:8x8:uni", 64, 128, 14, 7 * scale(64), 2 * 8, Fraction(7, 2) * scale(64))
# Mesh k x k, even k: gamma = k/4 N/(N-1); mean distance 2 (k^2-1)/(3k) N/(N-1).
closed_form("mesh:8x8", 64, 224, 14, 2 * Fraction(63, 24) * scale(64), 2 * 8, 2 * scale(64))
# Hypercube n: mean distance n/2 N/(N-1), gamma 1/2 N/(N-1), 2^n bisection channels.
closed_form("hypercube:6", 64, 384, 6, 3 * scale(64), 64, Fraction(1, 2) * scale(64))
closed_form("hypercube:10", 1024, 10240, 10, 5 * scale(1024), 1024, Fraction(1, 2) * scale(1024))
# A 3D torus: gamma = k/8 N/(N-1), bisection 4 k^2.
closed_form("torus:4x4x4:bi", 64, 384, 6, 3 * scale(64), 4 * 16, Fraction(1, 2) * scale(64))

# Every kind the command accepts gives a row of finite numbers.
for spec in ("torus:5x3:bi", "torus:16x16x16:uni", "mesh:3x5x2", "necklace:3,4",
             "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3", "torus:2x2:bi"):
    row, detail = topology_row(spec)
    check(f"topology {spec} --format csv", row is not None
          and all(v not in ("", "nan", "inf") for v in row.values())
          and float(row["max_channel_load"]) * float(row["ideal_throughput"]) > 0.999999, detail)

# The default output is unchanged, the text format is its name.
code, out, err = run("topology", "torus:8x8:bi")
code2, out2, _ = run("topology", "torus:8x8:bi", "--format", "text")
check("topology's default output keeps its fields",
      code == 0 and out.startswith("topology: torus:8x8:bi\n")
      and "bisection width: 16\n" in out and "mean distance: " in out and out == out2, out + err)
fails_with_one_line("topology --format rejects an unknown format", "topology", "torus:8x8:bi",
                    "--format", "xml")
fails_with_one_line("topology --format csv of a necklace too large to route", "topology",
                    "necklace:8,2",
                    "--format", "csv")

# ---- simulate --allow-deadlock: the deadlock lab ---------------------------------------------

def network_channels(spec):
    """The network channels of spec, as (dim, direction) by id, from simulate --channels."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "channels.csv")
        code, out, err = run("simulate", "--topology", spec, "--rates", "0.001", "--cycles", "100",
                             "--warmup", "10", "--replications", "1", "--channels", path)
        if code != 0:
            return {}
        with open(path) as f:
            return {int(r["channel"]): (int(r["dim"]), int(r["direction"]))
                    for r in csv.DictReader(f) if r["kind"] == "network"}


LAB = ("simulate", "--topology", "torus:4x4:bi", "--vcs", "1", "--rates", "0.01,0.05", "--format",
       "csv",
       "--replications", "2", "--threads", "2")
fails_with_one_line("simulate refuses one VC on a torus without --allow-deadlock",
                    *LAB, mentions=("virtual channels", "--allow-deadlock"))
# --allow-deadlock is offered only where it would run (the sim's DEADLOCK_PRONE code, not the text):
# three VCs on a torus cannot be split into two dateline classes, deadlock lab or not.
code, out, err = run("simulate", "--topology", "torus:4x4:bi", "--vcs", "3", "--rates", "0.01")
check("three VCs on a torus are refused without offering --allow-deadlock",
      code != 0 and "dateline" in err and "--allow-deadlock" not in err,
      f"exit {code}, stderr {err!r}")
fails_with_one_line("--deadlock-out needs --allow-deadlock", *LAB, "--deadlock-out",
                    "/nonexistent/x.csv")

fails_with_one_line("--allow-deadlock does not apply to backtracking", "simulate", "--topology",
                    "hypercube:4",
                    "--routing", "backtrack", "--buffers", "4", "--rates", "0.01",
                    "--allow-deadlock")
with tempfile.TemporaryDirectory() as tmp:
    cycle_path = os.path.join(tmp, "cycle.csv")
    code, out, err = run(*LAB, "--allow-deadlock", "--deadlock-out", cycle_path)
    rows = list(csv.reader(io.StringIO(out)))
    check("the lab runs", code == 0 and len(rows) == 3, out + err)
    if code == 0 and len(rows) == 3:
        check("a light load is an ordinary point", float(rows[1][1]) > 0, out)
        check("the heavy load's latency reads deadlock, the rest of its latencies empty",
              rows[2][1] == "deadlock" and rows[2][2] == "" and rows[2][3] == "", out)
    text = open(cycle_path).read() if os.path.exists(cycle_path) else ""
    lines = text.splitlines()
    check("the cycle's header", lines[:1] == ["message,holds_channel,waits_for_channel"], text)
    cycle = [tuple(int(x) for x in line.split(",")) for line in lines[1:]]
    channels = network_channels("torus:4x4:bi")
    check("the cycle has two messages or more, each once", len(cycle) >= 2
          and len({m for m, _, _ in cycle}) == len(cycle), text)
    check("each row waits for the channel the next row holds, the last for the first's",
          cycle and all(cycle[i][2] == cycle[(i + 1) % len(cycle)][1] for i in range(len(cycle))),
          text)
    check("the cycle's channels are network channels of the torus", len(channels) == 64 and cycle
          and all(h in channels and w in channels for _, h, w in cycle), text)
    # DOR with one VC deadlocks around a ring: the waited-for channels all go one way in one
    # dimension.
    ways = {channels[w] for _, _, w in cycle if w in channels}
    check("the waited-for channels run one way round one ring", len(ways) == 1, (text, ways))

    # The same run again: the same cycle (the results do not depend on the threads).
    again = os.path.join(tmp, "again.csv")
    code, out2, err = run(*LAB[:-2], "--threads", "1", "--allow-deadlock", "--deadlock-out", again)
    check("the cycle does not depend on the threads", code == 0 and out2 == out
          and os.path.exists(again) and open(again).read() == text, err)

    # No load deadlocks: the file has the header only.
    quiet = os.path.join(tmp, "quiet.csv")
    code, out, err = run("simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--format",
                         "csv",
                         "--replications", "1", "--cycles", "2000", "--allow-deadlock",
                         "--deadlock-out", quiet)
    check("without a deadlock the cycle file has the header only",
          code == 0 and "deadlock" not in out
          and open(quiet).read() == "message,holds_channel,waits_for_channel\n", out + err)

    # The tour's deadlock lab, run and saved: the loads that deadlocked are marked so on its plot,
    # not as saturated ("deadlock" in the plot's CSV, as simulate's latency column; the legend says
    # what the mark means), and the lighter loads are ordinary points.
    tour = os.path.join(tmp, "tour.flitlab")
    lab = "Deadlock lab: 4×4 torus, one virtual channel"
    code, out, err = run("run", os.path.join(EXAMPLES, "flitlab-tour.flitlab"), "--study", lab,
                         "-o", tour)
    check("the tour's deadlock lab runs", code == 0, err)
    plot_csv, plot_pdf = os.path.join(tmp, "lab.csv"), os.path.join(tmp, "lab.pdf")
    code, out, err = run("export", tour, "--study", lab, "--figure", "plot", "-o", plot_csv)
    values = [r["value"] for r in csv.DictReader(open(plot_csv))] if code == 0 else []
    check("the lab's plot marks its deadlocked loads 'deadlock', its light ones with a latency",
          "deadlock" in values and "saturated" not in values and float(values[0]) > 0, values)
    code, out, err = run("export", tour, "--study", lab, "--figure", "plot", "--preset", "column",
                         "-o", plot_pdf)
    text = subprocess.run(["pdftotext", plot_pdf, "-"], capture_output=True,
                          text=True).stdout if code == 0 else ""
    check("the lab's plot legend says what the deadlock mark means",
          "deadlocked: no flit moves" in " ".join(text.split()), err + text[:300])

    # A network whose model gives every link one value says so beside its one colour (Horng and
    # Kleinrock's symmetric 6-cube); one with different values does not (Ciciani's 6x6x6 torus).
    for project, study, same in (("horng-kleinrock.flitlab",
                                  "Figs. 6-12: Boolean 6-cube, M = 6 buffers", True),
                                 ("ciciani-1998.flitlab", "Table 3: 6×6×6 bi-directional torus",
                                  False)):
        pdf = os.path.join(tmp, "network.pdf")
        code, out, err = run("export", os.path.join(EXAMPLES, project), "--study", study,
                             "--figure", "topology",
                             "--preset", "page", "-o", pdf)
        text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True,
                              text=True).stdout if code == 0 else ""
        check(f"{study}: the network figure {'says' if same else 'does not say'} every link has "
              f"the same value",
              code == 0 and ("every link the same value" in " ".join(text.split())) == same,
              err + text[:300])

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        for line in str(detail).splitlines()[:10]:
            print(f"# {line}")
sys.exit(0)
