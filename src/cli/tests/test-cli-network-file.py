#!/usr/bin/env python3
# test-cli-network-file.py: networks read from a file (issue #32 item 1): flitlab-cli topology
# file:PATH describes an edge list and an anynet listing with hand-checked figures, simulate
# runs them with --routing updown (and shortest only in the deadlock lab), run keeps a
# project's network inline, and every bad network file is refused with one line and nothing
# written. Prints TAP.
import csv
import io
import os

from cli_tap import check, ran, refused, report, tmp, write


def listing(proc):
    return dict(line.split(": ", 1) for line in proc.stdout.splitlines())


# A ring of six with a chord 0-3: distances summed over ordered pairs 50, diameter 3, every
# balanced cut crosses three links.
ring = write("ring.txt", "# ring and chord\n6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n0 3\n")
# Five routers, one node each: router links 0-1 1-2 1-3 2-4 3-4, node n on router n.
anynet = write("anynet.txt", "router 0 node 0 router 1\nrouter 1 node 1 router 2 router 3\n"
                             "router 2 node 2 router 4\nrouter 3 node 3 router 4 1\n"
                             "router 4 node 4\n")

# ---- topology ---------------------------------------------------------------------------
proc = ran(["topology", "file:" + ring])
got = listing(proc) if proc.returncode == 0 else {}
check("topology describes an edge list", proc.returncode == 0 and
      got.get("topology") == "file:" + ring and got.get("nodes") == "6" and
      got.get("channels") == "26 (14 network, 6 injection, 6 ejection)" and
      got.get("diameter") == "3" and got.get("bisection width") == "3", proc.stdout + proc.stderr)
check("its mean distance is 50/30", abs(float(got.get("mean distance", "0")) - 50 / 30) < 1e-6,
      got)
check("its bisection width says it is exact",
      got.get("bisection method", "").startswith("exact"), got)
proc = ran(["topology", "file:" + anynet])
got = listing(proc) if proc.returncode == 0 else {}
check("topology describes an anynet listing", got.get("nodes") == "5" and
      got.get("diameter") == "3" and got.get("mean distance") == "1.6" and
      got.get("bisection width") == "2", proc.stdout + proc.stderr)
# A plain ring of six: up*/down* is acyclic; shortest paths (ties to the lower id) go round.
plain = write("plain.txt", "0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n")
proc = ran(["topology", "file:" + plain])
got = listing(proc) if proc.returncode == 0 else {}
check("topology: up*/down* dependencies are acyclic",
      got.get("updown dependencies", "").endswith("acyclic: free of deadlock"), proc.stdout)
check("topology: shortest-path dependencies go round the ring",
      got.get("shortest dependencies") ==
      "12, a cycle of 6 channels: 0>1 1>2 2>3 3>4 4>5 5>0: may deadlock", proc.stdout)
proc = ran(["topology", "--format", "csv", "file:" + ring])
rows = list(csv.DictReader(io.StringIO(proc.stdout)))
check("topology --format csv", proc.returncode == 0 and len(rows) == 1 and
      rows[0]["nodes"] == "6" and rows[0]["bisection_channels"] == "6", proc.stdout)

# ---- simulate -----------------------------------------------------------------------------
proc = ran(["simulate", "--topology", "file:" + anynet, "--routing", "updown", "--rates",
            "0.0005", "--flits", "4", "--cycles", "40000", "--format", "csv"])
rows = list(csv.DictReader(io.StringIO(proc.stdout)))
ok = proc.returncode == 0 and len(rows) == 1
if ok:
    hops, latency = float(rows[0]["mean_hops"]), float(rows[0]["latency"])
    # A lone message: its hops + L + 1 cycles; at this load contention adds hundredths.
    ok = 1.2 < hops < 2.0 and 0 <= latency - (hops + 4 + 1) < 0.1
check("simulate --routing updown: zero-load latency hops + L + 1", ok, proc.stdout + proc.stderr)
channels = os.path.join(tmp, "channels.csv")
refused("simulate --routing shortest needs the deadlock lab",
        ["simulate", "--topology", "file:" + ring, "--routing", "shortest", "--rates", "0.01",
         "--channels", channels], channels, "--allow-deadlock")
proc = ran(["simulate", "--topology", "file:" + ring, "--routing", "shortest", "--allow-deadlock",
            "--rates", "0.001", "--flits", "4", "--cycles", "5000", "--format", "csv"])
check("simulate --routing shortest --allow-deadlock runs", proc.returncode == 0 and
      proc.stdout.startswith("rate,latency"), proc.stderr)
refused("simulate --routing dor on a file network",
        ["simulate", "--topology", "file:" + ring, "--routing", "dor", "--rates", "0.01",
         "--channels", channels], channels, "updown")
refused("simulate --routing updown on a torus",
        ["simulate", "--topology", "torus:4x4:bi", "--routing", "updown", "--rates", "0.01",
         "--channels", channels], channels, "file")

# ---- run: the project keeps the network inline ----------------------------------------------
project = write("net.flitlab", """<flitlab-project format="1">
  <study name="irregular">
    <network topology="file:gone.txt" routing="updown">
      6
      0 1
      0 3
      0 5
      1 2
      2 3
      3 4
      4 5
    </network>
    <traffic pattern="uniform" length="fixed" flits="4"/>
    <load min="0.001" max="0.001" count="1"/>
    <simulation enabled="true" cycles="5000" replications="2"/>
  </study>
</flitlab-project>
""")
saved = os.path.join(tmp, "saved.flitlab")
proc = ran(["run", project, "--output", saved])
text = open(saved).read() if os.path.exists(saved) else ""
check("run simulates a project's inline network without its file",
      proc.returncode == 0 and "<points>" in text and
      '<network topology="file:gone.txt" routing="updown">\n      6\n      0 1\n' in text,
      proc.stderr + text[:400])

net_csv = os.path.join(tmp, "net.csv")
proc = ran(["export", saved, "--study", "irregular", "--figure", "topology", "-o", net_csv])
rows = list(csv.DictReader(open(net_csv))) if os.path.exists(net_csv) else []
check("export --figure topology to .csv: the 14 network channels, no dimension",
      proc.returncode == 0 and len(rows) == 14 and all(r["dim"] == "-1" for r in rows) and
      [(r["src"], r["dst"]) for r in rows[:3]] == [("0", "1"), ("0", "3"), ("0", "5")],
      proc.stderr + str(rows[:3]))
# Drawn as Graphviz laid it out: one stroked path per network channel (flitlab-render-topology.h).
svg = os.path.join(tmp, "net.svg")
proc = ran(["export", saved, "--study", "irregular", "--figure", "topology", "-o", svg])
text = open(svg).read() if os.path.exists(svg) else ""
check("export --figure topology draws a file network as SVG",
      proc.returncode == 0 and text.startswith("<?xml") and text.count("<path") >= 14,
      proc.stderr + text[:200])
png = os.path.join(tmp, "net.png")
proc = ran(["export", saved, "--study", "irregular", "--figure", "topology", "-o", png])
head = open(png, "rb").read(8) if os.path.exists(png) else b""
check("export --figure topology draws a file network as PNG",
      proc.returncode == 0 and head == b"\x89PNG\r\n\x1a\n", proc.stderr)
dep = os.path.join(tmp, "dep.svg")
proc = ran(["export", saved, "--study", "irregular", "--figure", "dependency", "-o", dep])
text = open(dep).read() if os.path.exists(dep) else ""
check("export --figure dependency draws a file network's up*/down* graph",
      proc.returncode == 0 and text.startswith("<?xml"), proc.stderr + text[:200])

# ---- bad network files: one line each, nothing written ------------------------------------
bad = {
    "an anynet router that links a node twice":
        ("router 0 node 0 node 0 router 1\nrouter 1 node 1\n", "line 1", "node 0 twice"),
    "a node on two routers":
        ("router 0 node 0 router 1\nrouter 1 node 0\n", "line 2", "node 0",
         "router 0 and to router 1"),
    "a router with two nodes (as BookSim's own example)":
        ("router 0 node 0 node 1 router 1\nrouter 1 node 2\n", "line 1", "second node"),
    "a disconnected network": ("6\n0 1\n1 2\n3 4\n4 5\n", "not connected"),
    "a malformed line": ("0 1\n1 2\n2 three\n", "line 3", "three"),
    "a link given twice": ("0 1\n1 2\n2 1\n", "line 3", "linked twice"),
    "an anynet link weight": ("router 0 node 0 router 1 3\nrouter 1 node 1\n", "line 1",
                              "weight 3"),
    "an empty file": ("# nothing\n", "no network"),
}
out = os.path.join(tmp, "out.csv")
for i, (name, (text, *words)) in enumerate(bad.items()):
    path = write(f"bad{i}.txt", text)
    refused(f"topology refuses {name}", ["topology", "file:" + path], None, path, *words)
    refused(f"simulate refuses {name}",
            ["simulate", "--topology", "file:" + path, "--routing", "updown", "--rates", "0.01",
             "--channels", out], out, *words)
refused("topology refuses a missing file", ["topology", "file:" + os.path.join(tmp, "no.txt")],
        None, "no.txt")
refused("topology refuses a directory", ["topology", "file:" + tmp], None, "not a regular file")

report()
