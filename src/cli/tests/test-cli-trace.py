#!/usr/bin/env python3
# test-cli-trace.py: flitlab-cli simulate --traffic trace (issue #31 item 2): a text trace
# whose every latency is known by hand, a Netrace trace written here (Python's bz2 module,
# libbz2) whose dependency shows in the makespan, scale factors, the utilisation file, the
# percentile and makespan columns of every simulate table, and every bad input refused with
# one line and nothing written. Prints TAP.
import bz2
import csv
import io
import os
import struct

from cli_tap import check, ran, refused, report, tmp, write


def rows(proc):
    return list(csv.DictReader(io.StringIO(proc.stdout)))


def netrace(packets, magic=0x484A5455):
    """Netrace 1.0: the 72-byte header (64 nodes, no notes, no regions), then the packets."""
    data = struct.pack("<If30sBBQQII8s", magic, 1.0, b"test", 64, 0, 1000, len(packets), 0, 0,
                       b"\0" * 8)
    for cycle, pid, ptype, src, dst, deps in packets:
        data += struct.pack("<QIIBBBBB", cycle, pid, 0, ptype, src, dst, 0, len(deps))
        data += b"".join(struct.pack("<I", d) for d in deps)
    return data


TRACE = ["simulate", "--topology", "mesh:4x4", "--traffic", "trace", "--format", "csv"]

# ---- a text trace: messages that never meet take D + L + 1 cycles ---------------------------
# Node x + 4y on the 4x4 mesh: 0->1 one hop, 0->15 six, 12->3 six.
text = write("hand.txt", "# cycle source destination flits\n"
                         "0 0 1 4\n100, 0, 15, 4\n\n300 12 3 10  # the longest\n")
proc = ran([*TRACE, "--trace", text])
r = rows(proc)
check("a text trace replays", proc.returncode == 0 and len(r) == 1, proc.stderr)
if r:
    row = r[0]
    check("each latency as by hand: 6, 11 and 17 cycles",
          row["latency"] == "11.33333333" and row["latency_p50"] == "11"
          and row["latency_p95"] == "17" and row["latency_p99"] == "17", row)
    check("makespan: the last delivery's cycle, 300 + 17 - 1, counted from 0",
          row["makespan"] == "317" and row["messages"] == "3" and row["rate"] == "1", row)
    check("one replay: no confidence intervals", row["ci95"] == "" and row["throughput_ci95"] == "",
          row)

util = os.path.join(tmp, "util.csv")
proc = ran([*TRACE, "--trace", text, "--rates", "1,2", "--trace-window", "100",
            "--utilisation-output", util])
r = rows(proc)
check("--rates with a trace: one row per scale factor",
      proc.returncode == 0 and [x["rate"] for x in r] == ["1", "2"]
      and r[1]["makespan"] == str(600 + 17), proc.stdout + proc.stderr)
if os.path.exists(util):
    u = list(csv.DictReader(open(util)))
    n_channels = 48 + 16 + 16
    check("--utilisation-output: every channel of every window of every scale",
          len(u) == n_channels * (4 + 7) and set(u[0]) == {"scale", "window", "start", "cycles",
                                                           "channel", "utilization"}, len(u))
    flits = sum(float(x["utilization"]) * int(x["cycles"]) for x in u if x["scale"] == "1")
    check("its windows count every flit's crossings (D + 2 channels per flit)",
          round(flits) == 4 * 3 + 4 * 8 + 10 * 8, flits)
else:
    check("--utilisation-output: every channel of every window of every scale", False,
          proc.stderr)

proc = ran([*TRACE, "--trace", text, "--trace-scale", "0.5"])
r = rows(proc)
check("--trace-scale compresses the trace", r and r[0]["makespan"] == str(150 + 17), proc.stderr)

# ---- Netrace: a dependant waits for its parent -----------------------------------------------
# Packet 1, a ReadResp (72 bytes: 5 flits) from 0 to 63 (14 hops on 8x8: 20 cycles); packet 2,
# a ReadReq (8 bytes: 1 flit) back, depends on it (1 lists 2): 16 cycles once released.
tra = write("two.tra.bz2", bz2.compress(netrace([(0, 1, 2, 0, 63, [2]), (0, 2, 1, 63, 0, [])])))
NET = ["simulate", "--topology", "mesh:8x8", "--traffic", "trace", "--trace", tra,
       "--format", "csv"]
proc = ran(NET)
r = rows(proc)
check("a Netrace trace: the dependant leaves when its parent has arrived",
      proc.returncode == 0 and r and r[0]["makespan"] == "36" and r[0]["latency_p50"] == "16",
      proc.stdout + proc.stderr)
proc = ran([*NET, "--trace-timestamps"])
r = rows(proc)
check("--trace-timestamps: both at their recorded cycle",
      proc.returncode == 0 and r and r[0]["makespan"] == "20", proc.stdout + proc.stderr)

# ---- every simulate table has the new columns, at the end -------------------------------------
proc = ran(["simulate", "--topology", "mesh:4x4", "--flits", "4", "--rates", "0.02",
            "--cycles", "1000", "--warmup", "100", "--replications", "1", "--format", "csv"])
header = proc.stdout.splitlines()[0].split(",") if proc.stdout else []
r = rows(proc)
check("a sweep's columns end with the percentiles and makespan",
      header[-4:] == ["latency_p50", "latency_p95", "latency_p99", "makespan"]
      and header[13] == "throughput_ci95", header)
check("a sweep's percentiles are filled, its makespan empty",
      r and float(r[0]["latency_p50"]) >= 6 and r[0]["makespan"] == "", r)

# ---- a trace study run from a project (flitlab-cli run): the example, copied with its trace ---
SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
example = os.path.join(SRCDIR, "data", "examples", "any-traffic.flitlab")
if os.path.exists(example):
    import shutil
    import xml.etree.ElementTree as ET

    study_dir = os.path.join(tmp, "study")
    os.mkdir(study_dir)
    for name in ("any-traffic.flitlab", "any-traffic.trace"):
        shutil.copy(os.path.join(SRCDIR, "data", "examples", name), study_dir)
    project = os.path.join(study_dir, "any-traffic.flitlab")
    saved = os.path.join(study_dir, "out.flitlab")
    study_name = "A stencil and a reduction (a trace)"
    proc = ran(["run", project, "--study", study_name, "--output", saved])
    check("run replays a trace study of a project", proc.returncode == 0, proc.stderr)
    if proc.returncode == 0:
        study = [s for s in ET.parse(saved).getroot().findall("study")
                 if s.get("name") == study_name][0]
        points = study.find("simulation").find("points")
        columns = points.find("columns").text.split()
        first = dict(zip(columns, points.findall("row")[0].text.split()))
        check("its points: a simulation's columns, then the replay's, a row per load",
              columns[:5] == ["rate", "latency", "ci95", "network_latency", "throughput"]
              and columns[-5:] == ["latency_p50", "latency_p95", "latency_p99", "makespan",
                                   "scale"]
              and len(points.findall("row")) == int(study.find("load").get("count"))
              and first["rate"] == "0.002" and first["ci95"] == "-", first)
        check("the trace kept by its path beside the project, with its summary",
              study.find("trace").get("file") == "any-traffic.trace"
              and study.find("trace").get("messages") == "2870", ET.tostring(study.find("trace")))
    # Changed since the project was saved: refused naming the file, the project untouched.
    with open(os.path.join(study_dir, "any-traffic.trace"), "a") as f:
        f.write("3840 1 2 2\n")
    refused("run refuses a trace changed since the project was saved",
            ["run", project, "--study", study_name, "--output", saved + ".2"], saved + ".2",
            "any-traffic.trace", "changed")
    os.remove(os.path.join(study_dir, "any-traffic.trace"))
    refused("run refuses a trace study whose file is missing",
            ["run", project, "--study", study_name, "--output", saved + ".3"], saved + ".3",
            "any-traffic.trace", "missing")

# ---- bad input: one line, nothing written -----------------------------------------------------
out = os.path.join(tmp, "out.csv")
U = ["--utilisation-output", out]
refused("a node the network does not have", [*TRACE, "--trace",
                                              write("n.txt", "0 0 1 1\n1 0 16 1\n"), *U], out,
        "n.txt:2", "node 16")
refused("a trace out of time order", [*TRACE, "--trace", write("o.txt", "5 0 1 1\n4 1 0 1\n"),
                                      *U], out, "o.txt:2", "time order")
refused("a text line that is not a message", [*TRACE, "--trace", write("b.txt", "0 1 2\n"), *U],
        out, "b.txt:1")
whole = bz2.compress(netrace([(0, 1, 1, 0, 1, [])]))
refused("a truncated .bz2", [*NET[:5], "--trace", write("cut.tra.bz2", whole[:len(whole) // 2]),
                             *U], out, "cut.tra.bz2")
refused("a .bz2 that is not Netrace", [*NET[:5], "--trace",
                                       write("other.bz2", bz2.compress(b"hello\n" * 20)), *U],
        out, "other.bz2", "Netrace")
refused("a Netrace trace on a network too small", [*TRACE, "--trace", tra, *U], out, "64 nodes")
refused("a missing trace", [*TRACE, "--trace", os.path.join(tmp, "none.txt"), *U], out,
        "none.txt")
refused("--traffic trace needs --trace", [*TRACE, *U], out, "--trace")
refused("--trace without --traffic trace", ["simulate", "--topology", "mesh:4x4", "--rates",
                                            "0.01", "--trace", text], None, "--traffic trace")
refused("--cycles does not apply to a trace", [*TRACE, "--trace", text, "--cycles", "10"], None,
        "--cycles")
refused("--trace-scale and --rates both", [*TRACE, "--trace", text, "--trace-scale", "2",
                                           "--rates", "1"], None, "--rates")
refused("a scale factor of 0", [*TRACE, "--trace", text, "--trace-scale", "0"], None, "0")

report()
