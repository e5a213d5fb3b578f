#!/usr/bin/env python3
# test-cli.py: flitlab-cli's contract, as scripts outside the project call it: command
# names, options, CSV columns, exit codes and one-line errors. Prints TAP.
import csv
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

CLI = sys.argv[1]
SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
results = []


def run(*args):
    proc = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def run_limited(size, *args):
    """flitlab-cli as on a full disk: no file may grow past size bytes, so write() fails with
    EFBIG (SIGXFSZ ignored, which exec keeps). Works for root too."""
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    proc = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120,
                          preexec_fn=limit)
    return proc.returncode, proc.stdout, proc.stderr


def check(name, condition, detail=""):
    results.append((name, bool(condition), detail))


def fails_with_one_line(name, *args):
    code, out, err = run(*args)
    lines = err.strip().splitlines()
    check(name, code != 0 and len(lines) == 1 and lines[0].startswith("flitlab-cli"),
          f"exit {code}, stderr {err!r}")


def channel_strokes(path):
    """The stroke colours of an SVG's stroked path elements: one per drawn network channel
    (cairo writes style="fill:none;...;stroke:rgb(...)" or, in later versions, attributes)."""
    strokes = []
    for element in ET.parse(path).iter("{http://www.w3.org/2000/svg}path"):
        style = element.get("style", "")
        if "fill:none" in style or element.get("fill") == "none":
            properties = dict(p.split(":", 1) for p in style.split(";") if ":" in p)
            strokes.append(properties.get("stroke", element.get("stroke")))
    return strokes


def filled_paths(svg):
    """Paths cairo filled with a colour other than white: the flow diagram's boxes and bars."""
    import xml.dom.minidom
    doc = xml.dom.minidom.parse(svg)
    return sum(1 for p in doc.getElementsByTagName("path")
               if "fill:rgb" in p.getAttribute("style")
               and "fill:rgb(100%,100%,100%)" not in p.getAttribute("style"))


def channel_paths(path):
    return len(channel_strokes(path))


def field(text, key):
    for line in text.splitlines():
        if line.startswith(key + ":"):
            return line.split(":", 1)[1].strip()
    return None


# --help and unknown commands
code, out, _ = run("--help")
check("help lists the commands", code == 0 and all(c in out for c in
      ("topology", "models", "model", "simulate", "validate")), out)
fails_with_one_line("unknown command", "frobnicate")

# topology: counts for the specs
expected = {
    "torus:16x16x16:uni": (4096, 4096 * 3 + 2 * 4096, 45),
    "torus:6x6x6:bi": (216, 216 * 6 + 2 * 216, 9),
    "mesh:8x8": (64, 2 * 2 * 8 * 7 + 2 * 64, 14),
    "hypercube:10": (1024, 1024 * 10 + 2 * 1024, 10),
    "necklace:6,5": (2 ** 5 * (6 * 5 + 2), None, 11),
}
for spec, (nodes, channels, diameter) in expected.items():
    code, out, err = run("topology", spec)
    ok = code == 0 and field(out, "nodes") == str(nodes) and field(out, "diameter") == str(diameter)
    if channels is not None:
        ok = ok and field(out, "channels").split()[0] == str(channels)
    ok = ok and float(field(out, "mean distance")) > 0
    check(f"topology {spec}", ok, out + err)

code, out, _ = run("topology", "torus:16x16x16:uni")
check("uni torus mean distance is 3 x 15/2 x N/(N-1)",
      code == 0 and abs(float(field(out, "mean distance")) / (22.5 * 4096 / 4095) - 1) < 1e-9, out)
code, out, _ = run("topology", "necklace:3:4,4,2,0,1,3,2,5,1,1,2,3")
check("irregular necklace counts 2^n + sum k",
      code == 0 and field(out, "nodes") == str(8 + 28), out)

for bad in ("torus:", "torus:1x4:bi", "mesh:8x", "hypercube:0", "hypercube:40", "necklace:3:4,4",
            "ring:8", "torus:300x300:bi", ""):
    fails_with_one_line(f"topology rejects {bad!r}", "topology", bad)
fails_with_one_line("topology needs a spec", "topology")

# models and model
code, out, _ = run("models")
for model in ("ciciani-uni-torus", "ciciani-bi-torus", "ciciani-hypercube", "greenberg-mesh",
              "greenberg-torus", "quaglia-adaptive-torus", "meraji-necklace", "horng-kleinrock",
              "general-wormhole"):
    check(f"models lists {model}", code == 0 and model in out, out)
# Every model says which latency it predicts, a line of its own after its parameters, named
# as the simulation's columns and --metric name it (meraji-necklace: source-transit).
blocks = [b for b in out.strip().split("\n\n") if b]
check("models prints a latency line for every model",
      code == 0 and len(blocks) == 9 and
      all(sum(1 for l in b.splitlines()
              if l.strip() in ("latency: transit", "latency: network", "latency: total",
                               "latency: source-transit")) == 1
          for b in blocks), out)
check("models: greenberg-mesh predicts total latency, general-wormhole transit",
      "latency: total" in [b for b in blocks if b.startswith("greenberg-mesh")][0] and
      "latency: transit" in [b for b in blocks if b.startswith("general-wormhole")][0], out)
code, out, err = run("model", "general-wormhole", "--param", "topology=mesh:8x8",
                     "--param", "flits=16", "--rates", "0", "--format", "csv")
check("general-wormhole's zero-load transit latency is hops + L - 1",
      code == 0 and abs(float(out.strip().splitlines()[1].split(",")[1]) - (16 / 3 + 15)) < 1e-6,
      out + err)
with tempfile.TemporaryDirectory() as tmp:
    matrix = os.path.join(tmp, "m.csv")
    with open(matrix, "w") as f:
        for s in range(16):
            f.write(",".join("1" if d == (s + 5) % 16 else "0" for d in range(16)) + "\n")
    pairs, channels = os.path.join(tmp, "pairs.csv"), os.path.join(tmp, "channels.csv")
    code, out, err = run("model", "general-wormhole", "--param", "topology=torus:4x4:bi",
                         "--param", f"matrix={matrix}", "--rates", "0,0.01", "--format", "csv",
                         "--pairs", pairs, "--channels", channels)
    ok = code == 0 and os.path.exists(pairs) and os.path.exists(channels)
    prows = list(csv.DictReader(open(pairs))) if ok else []
    crows = list(csv.DictReader(open(channels))) if ok else []
    check("general-wormhole reads a matrix file and writes its pairs and channels",
          ok and len(prows) == 32 and len(crows) == 2 * (64 + 32), out + err)
    check("a pair's zero-load transit latency is its hops + L - 1",
          ok and all(float(r["latency"]) == 16 - 1 + 2 for r in prows
                     if r["rate"] == "0" and r["src"] == "0"), prows[:2])
fails_with_one_line("general-wormhole refuses a necklace", "model", "general-wormhole",
                    "--param", "topology=necklace:6,5", "--rates", "0.001")
fails_with_one_line("general-wormhole refuses a missing matrix file", "model",
                    "general-wormhole", "--param", "matrix=/nonexistent.csv", "--rates", "0.001")

code, out, err = run("model", "ciciani-bi-torus", "--param", "k=6x6x6", "--param", "flits=12",
                     "--rates", "0.001,0.002", "--format", "csv")
lines = out.strip().splitlines()
check("model csv header and rows",
      code == 0 and lines[0].startswith("rate,latency") and len(lines) == 3,
      out + err)
check("model csv latency is a number",
      code == 0 and all(float(l.split(",")[1]) > 0 for l in lines[1:]),
      out + err)

code, out, err = run("model", "ciciani-bi-torus", "--param", "k=6x6x6", "--param", "flits=12",
                     "--rates", "0.001,0.002", "--format", "csv", "--saturation")
check("--saturation keeps the csv as it is", code == 0 and out.strip().splitlines() == lines,
      out + err)
check("--saturation says the rate and what it is on stderr",
      "saturation rate:" in err and "utilization limit" in err, err)
code, out, err = run("model", "horng-kleinrock", "--param", "n=6", "--param", "buffers=10",
                     "--saturation")
check("horng-kleinrock's saturation is an asymptotic throughput",
      code == 0 and "saturation rate:" in out and "asymptotic throughput" in out, out + err)

code, out, err = run("model", "ciciani-bi-torus", "--param", "k=6x6x6", "--param", "flits=12",
                     "--rates", "0:0.2:5", "--format", "csv")
lines = out.strip().splitlines()
check("--rates A:B:N gives N rows", code == 0 and len(lines) == 6, out + err)
check("beyond saturation the latency is the word saturated",
      code == 0 and lines[-1].split(",")[1] == "saturated", out + err)
check("no nan or inf in model output", "nan" not in out.lower() and "inf" not in out.lower(), out)
# A quantity with no value is an empty cell (issue #18): a load of 0 and tornado traffic on
# mesh:2x2 deliver no message, so they have no latency.
for args in (("--topology", "torus:4x4:bi", "--rates", "0"),
             ("--topology", "mesh:2x2", "--traffic", "tornado", "--rates", "0.01")):
    code, out, err = run("simulate", *args, "--cycles", "1000", "--format", "csv")
    check(f"simulate {' '.join(args)} prints no nan or inf",
          code == 0 and len(out.splitlines()) == 2 and "nan" not in out.lower()
          and "inf" not in out.lower() and ",," in out, out + err)

code, out, err = run("model", "horng-kleinrock", "--param", "n=6", "--param", "buffers=10",
                     "--rates", "0.2,0.5,1.0", "--format", "csv")
check("horng-kleinrock columns",
      code == 0 and out.splitlines()[0].startswith(
          "rate,latency,throughput,acceptance,utilization,forward,backtrack,power"), out + err)

fails_with_one_line("unknown model", "model", "no-such-model", "--rates", "0.001")
fails_with_one_line("unsupported parameter", "model", "ciciani-hypercube", "--param", "k=8",
                    "--rates", "0.001")
fails_with_one_line("bad rate", "model", "ciciani-bi-torus", "--param", "k=6", "--rates", "-1")
fails_with_one_line("bad range", "model", "ciciani-bi-torus", "--param", "k=6", "--rates", "0:1:0")
fails_with_one_line("bad format", "model", "ciciani-bi-torus", "--param", "k=6", "--rates", "0.001",
                    "--format", "xml")

# simulate
with tempfile.TemporaryDirectory() as tmp:
    channels = os.path.join(tmp, "channels.csv")
    code, out, err = run("simulate", "--topology", "torus:4x4:bi", "--routing", "dor", "--flits",
                         "8",
                         "--rates", "0.005,0.3", "--cycles", "3000", "--replications", "2",
                         "--format", "csv", "--channels", channels)
    lines = out.strip().splitlines()
    check("simulate csv columns",
          code == 0 and lines[0].startswith("rate,latency,ci95,network_latency,throughput"),
          out + err)
    check("simulate rows", code == 0 and len(lines) == 3 and float(lines[1].split(",")[1]) > 8,
          out + err)
    check("simulate reports saturation", code == 0 and lines[-1].split(",")[1] == "saturated",
          out + err)
    header = lines[0].split(",")
    check("simulate adds the latencies and their intervals", header[8:14] == [
        "transit_latency", "transit_ci95", "network_ci95", "source_transit_latency",
        "source_transit_ci95", "throughput_ci95"], out + err)
    row = dict(zip(header, lines[1].split(",")))
    check("transit is the total less the source queue and two cycles",
          code == 0
          and 0 < float(row["transit_latency"]) < float(row["network_latency"]) - 1.9, out)
    saturated = dict(zip(header, lines[-1].split(",")))
    check("a saturated load keeps its throughput, no latency",
          0 < float(saturated["throughput"]) < 0.3 and saturated["transit_latency"] == "", out)
    if os.path.exists(channels):
        rows = open(channels).read().strip().splitlines()
        check("--channels writes every channel of every rate",
              rows[0].startswith("rate,channel") and len(rows) == 1 + 2 * (16 * 4 + 32), rows[:2])
    else:
        check("--channels writes every channel of every rate", False, err)
code, out, err = run("simulate", "--topology", "hypercube:4", "--routing", "backtrack", "--buffers",
                     "6",
                     "--rates", "0.2,1.0", "--cycles", "2000", "--replications", "2", "--format",
                     "csv")
lines = out.strip().splitlines()
check("simulate backtrack columns", code == 0 and lines[0].startswith(
    "rate,latency,ci95,throughput,acceptance,utilization,forward,backtrack")
      and len(lines) == 3, out + err)
fails_with_one_line("backtrack needs a hypercube", "simulate", "--topology", "mesh:4x4",
                    "--routing",
                    "backtrack", "--buffers", "6", "--rates", "0.1")
fails_with_one_line("backtrack needs M >= n", "simulate", "--topology", "hypercube:6", "--routing",
                    "backtrack", "--buffers", "3", "--rates", "0.1")
fails_with_one_line("simulate needs a topology", "simulate", "--rates", "0.01")
fails_with_one_line("simulate bad ties", "simulate", "--topology", "torus:4x4:bi", "--rates",
                    "0.01",
                    "--ties", "sideways")
code, out, err = run("simulate", "--topology", "torus:4x4:bi", "--flits", "8", "--rates", "0.01",
                     "--cycles", "2000", "--replications", "1", "--ties", "positive", "--format",
                     "csv")
check("simulate --ties positive", code == 0 and len(out.strip().splitlines()) == 2, out + err)
fails_with_one_line("simulate bad routing", "simulate", "--topology", "mesh:4x4", "--rates", "0.01",
                    "--routing", "zigzag")
fails_with_one_line("simulate too few vcs", "simulate", "--topology", "torus:4x4:bi", "--rates",
                    "0.01",
                    "--vcs", "1")

# run and export
PROJECT = """<?xml version="1.0" encoding="UTF-8"?>
<flitlab-project format="1" title="cli test">
  <study name="small torus">
    <network topology="torus:4x4:bi" routing="dor"/>
    <traffic pattern="uniform" length="fixed" flits="8"/>
    <load min="0.002" max="0.2" count="6"/>
    <model id="ciciani-bi-torus"><param name="k" value="4x4"/>
      <param name="flits" value="8"/></model>
    <simulation enabled="true" vcs="2" cycles="2000" replications="2"/>
  </study>
  <study name="model only">
    <network topology="torus:4x4x4:bi" routing="dor"/>
    <traffic pattern="uniform" length="fixed" flits="8"/>
    <load min="0.002" max="0.01" count="3"/>
    <model id="ciciani-bi-torus"><param name="k" value="4x4x4"/>
      <param name="flits" value="8"/></model>
  </study>
</flitlab-project>
"""
with tempfile.TemporaryDirectory() as tmp:
    project = os.path.join(tmp, "p.flitlab")
    with open(project, "w") as f:
        f.write(PROJECT)
    code, out, err = run("run", project)
    check("run saves the results into the project", code == 0 and "<curve" in open(project).read()
          and "<points" in open(project).read(), err)
    code, out, err = run("validate", project)
    check("the saved project validates", code == 0, err)
    for ext in ("svg", "pdf", "png", "csv"):
        figure = os.path.join(tmp, "plot." + ext)
        code, out, err = run("export", project, "--study", "small torus", "--figure", "plot",
                             "--output", figure)
        check(f"export {ext}", code == 0 and os.path.getsize(figure) > 200, err)
    svg = open(os.path.join(tmp, "plot.svg")).read()
    check("the SVG is XML with drawn paths", svg.startswith("<?xml") and svg.count("<path") > 10,
          svg[:200])
    csv_text = open(os.path.join(tmp, "plot.csv")).read().splitlines()
    check("the CSV has the model and the simulation",
          csv_text[0] == "series,kind,rate,value,ci95" and any(",model," in l for l in csv_text)
          and any(",points," in l for l in csv_text), csv_text[:3])
    # Like for like: the bi-directional torus model predicts transit latency, so the default
    # shows the simulation's transit latency; --metric total shows the total one.
    for metric, column in ((None, "transit"), ("transit", "transit"), ("total", "total"),
                           ("network", "network"), ("source-transit", "source and transit")):
        figure = os.path.join(tmp, "like.csv")
        code, out, err = run("export", project, "--study", "small torus", "--output", figure,
                             *(("--metric", metric) if metric else ()))
        rows = open(figure).read().splitlines() if code == 0 else []
        check(f"export --metric {metric} shows the simulation's {column} latency",
              any(l.startswith(f"\"Simulation, {column} latency, 95% CI\",points,") for l in rows),
              err + "\n".join(rows[:3]))
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm:
        proc = subprocess.run([pdftoppm, "-png", "-r", "50", os.path.join(tmp, "plot.pdf"),
                               os.path.join(tmp, "page")], capture_output=True)
        check("pdftoppm renders the exported PDF", proc.returncode == 0
              and any(n.startswith("page") for n in os.listdir(tmp)), proc.stderr)
    # Sizes papers use (issue #14): a preset sets the page size and the type; the title and the
    # legend can be left out; options meant for the plot are refused for the other figures.
    pdfinfo = shutil.which("pdfinfo")
    # A preset's page is its size whatever its legend (issue #34: a crowded legend is cut
    # short within a quarter of the figure, docs/plots.md).
    for preset, legend, size in (("column", "none", "252 x 180"),
                                 ("column", "below", "252 x 180"),
                                 ("page", "below", "504 x 300"), ("slide", "below", "720 x 405")):
        figure = os.path.join(tmp, f"{preset}.pdf")
        code, out, err = run("export", project, "--study", "small torus", "--preset", preset,
                             "--no-title", "--legend", legend, "--output", figure)
        info = subprocess.run([pdfinfo, figure], capture_output=True,
                              text=True).stdout if pdfinfo and code == 0 else ""
        check(f"export --preset {preset} --legend {legend} is {size} pt",
              code == 0 and (not pdfinfo or re.search(rf"Page size: +{size} pts", info)),
              err + "\n".join(l for l in info.splitlines() if l.startswith("Page size")))
    fails_with_one_line("--preset of an unknown size", "export", project, "--study", "small torus",
                        "--preset", "poster", "--output", os.path.join(tmp, "x.pdf"))
    fails_with_one_line("--legend of an unknown place", "export", project, "--study", "small torus",
                        "--legend", "up", "--output", os.path.join(tmp, "x.pdf"))
    fails_with_one_line("--font-size of 1 pt", "export", project, "--study", "small torus",
                        "--font-size", "1", "--output", os.path.join(tmp, "x.pdf"))
    fails_with_one_line("--no-title for the topology", "export", project, "--study", "small torus",
                        "--figure", "topology", "--no-title", "--output",
                        os.path.join(tmp, "x.pdf"))
    # --preset applies to the network and flow diagrams too: the preset's page size
    for figure in ("topology", "flow"):
        preset_pdf = os.path.join(tmp, f"{figure}-column.pdf")
        code, out, err = run("export", project, "--study", "small torus", "--figure", figure,
                             "--preset", "column", "--output", preset_pdf)
        with open(preset_pdf, "rb") if code == 0 else open(os.devnull, "rb") as f:
            box = re.search(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", f.read())
        check(f"--preset column for the {figure}: a 252 × 180 pt page",
              code == 0 and box is not None
              and (float(box.group(1)), float(box.group(2))) == (252, 180),
              f"exit {code}, stderr {err!r}, box {box.groups() if box else None}")
    # export --figure topology: one stroked SVG path per drawn channel, coloured by utilization
    diagram = os.path.join(tmp, "topology.svg")
    code, out, err = run("export", project, "--study", "small torus", "--figure", "topology",
                         "--output", diagram)
    check("export topology svg", code == 0 and os.path.getsize(diagram) > 1000, err)
    if code == 0:
        check("the topology SVG has one path per channel of the 4x4 torus",
              channel_paths(diagram) == 64, channel_paths(diagram))
        check("the topology SVG is coloured by utilization, with a colour bar",
              len(set(channel_strokes(diagram))) > 1 and "linearGradient" in open(diagram).read(),
              set(channel_strokes(diagram)))
    for ext in ("pdf", "png"):
        figure = os.path.join(tmp, "topology." + ext)
        code, out, err = run("export", project, "--study", "small torus", "--figure", "topology",
                             "--output", figure)
        check(f"export topology {ext}", code == 0 and os.path.getsize(figure) > 1000, err)
    code, out, err = run("export", project, "--study", "model only", "--figure", "topology",
                         "--plane", "2", "--width", "500", "--height", "400", "--output", diagram)
    # The plane's 64 channels and, at each of its 16 nodes, two to the planes above and below
    # and two from them.
    check("export topology of a model's 3D torus, one plane, with the links to the next planes",
          code == 0 and channel_paths(diagram) == 64 + 16 * 4, err)
    fails_with_one_line("export topology of a plane that does not exist", "export", project,
                        "--study", "model only", "--figure", "topology", "--plane", "4",
                        "--output", diagram)
    code, out, err = run("export", project, "--study", "model only", "--figure", "topology",
                         "--stack", "--output", diagram)
    # Between the planes, the links of the two corner columns: 3 each way in each, and the
    # wrap-around from the top plane to the bottom one round the side, each way.
    check("export topology --stack draws the four planes of the 3D torus (4 x 64 paths) and "
          "the links of two columns between them with their wrap-around (2 x 4 x 2)",
          code == 0 and channel_paths(diagram) == 4 * 64 + 2 * 4 * 2,
          (err, channel_paths(diagram) if code == 0 else None))
    fails_with_one_line("--stack of a network with one plane", "export", project, "--study",
                        "small torus", "--figure", "topology", "--stack", "--output", diagram)
    fails_with_one_line("--stack and --plane together", "export", project, "--study", "model only",
                        "--figure", "topology", "--stack", "--plane", "1", "--output", diagram)
    # export --figure flow: the model's channel classes as its paper draws them
    for ext in ("svg", "pdf", "png"):
        figure = os.path.join(tmp, "flow." + ext)
        code, out, err = run("export", project, "--study", "model only", "--figure", "flow",
                             "--output", figure)
        check(f"export flow {ext}", code == 0 and os.path.getsize(figure) > 1000, err)
    flow_svg = os.path.join(tmp, "flow.svg")
    check("the flow SVG parses and fills a box per class (6 c classes, injection, ejection)",
          filled_paths(flow_svg) >= 8, filled_paths(flow_svg))
    code, out, err = run("export", project, "--study", "model only", "--figure", "flow",
                         "--rate", "5", "--output", flow_svg)
    check("export flow beyond saturation draws the diagram's message", code == 0, err)
    fails_with_one_line("export flow with a bad rate", "export", project, "--study", "model only",
                        "--figure", "flow", "--rate", "fast", "--output", flow_svg)
    fails_with_one_line("--rate belongs to the flow figure", "export", project, "--study",
                        "small torus", "--figure", "plot", "--rate", "0.01", "--output", flow_svg)
    fails_with_one_line("export an unknown figure", "export", project, "--study", "small torus",
                        "--figure", "pie", "--output", diagram)
    code, out, err = run("export", project, "--study", "small torus", "--figure", "pie",
                         "--output", diagram)
    check("an unknown figure names the figures", "plot, topology, flow or dependency" in err, err)
    fails_with_one_line("--plane needs --figure topology", "export", project, "--study",
                        "small torus", "--plane", "1", "--output", diagram)
    fails_with_one_line("export topology to an unknown format", "export", project, "--study",
                        "small torus", "--figure", "topology", "--output",
                        os.path.join(tmp, "x.bmp"))
    fails_with_one_line("export of an unknown study", "export", project, "--study", "nope",
                        "--output",
                        os.path.join(tmp, "x.svg"))
    fails_with_one_line("export to an unknown format", "export", project, "--study", "small torus",
                        "--output", os.path.join(tmp, "x.bmp"))
    fails_with_one_line("run a missing file", "run", os.path.join(tmp, "missing.flitlab"))

    # Output files are replaced whole or not at all: a write that fails half-way exits 1 with
    # one line and leaves the old file byte for byte, and no temporary beside it.
    full = os.path.join(tmp, "full")
    os.mkdir(full)
    for ext in ("png", "svg", "pdf", "csv"):
        figure = os.path.join(full, "fig." + ext)
        code, out, err = run("export", project, "--study", "small torus", "--output", figure)
        old = open(figure, "rb").read()
        code, out, err = run_limited(100, "export", project, "--study", "small torus",
                                     "--width", "500", "--output", figure)
        check(f"an export to {ext} that fails leaves the old file",
              code == 1 and len(err.strip().splitlines()) == 1 and open(figure, "rb").read() == old
              and os.listdir(full) == ["fig." + ext], (code, err, os.listdir(full)))
        os.unlink(figure)
    saved = os.path.join(full, "p.flitlab")
    shutil.copy(project, saved)
    old = open(saved, "rb").read()
    code, out, err = run_limited(1024, "run", saved)
    check("a run whose save fails leaves the old project",
          code == 1 and open(saved, "rb").read() == old and os.listdir(full) == ["p.flitlab"],
          (code, err, os.listdir(full)))
    channels = os.path.join(full, "channels.csv")
    with open(channels, "w") as f:
        f.write("the old channels\n")
    code, out, err = run_limited(1024, "simulate", "--topology", "torus:4x4:bi", "--flits", "8",
                                 "--rates", "0.005", "--cycles", "2000", "--replications", "1",
                                 "--channels", channels)
    check("a simulate whose --channels fails leaves the old file",
          code == 1 and open(channels).read() == "the old channels\n"
          and sorted(os.listdir(full)) == ["channels.csv", "p.flitlab"],
          (code, err, os.listdir(full)))
    # A private project stays private, and a link to it stays a link.
    os.chmod(saved, 0o600)
    inode = os.stat(saved).st_ino
    link = os.path.join(tmp, "link.flitlab")
    os.symlink(os.path.join("full", "p.flitlab"), link)
    code, out, err = run("run", link)
    check("run through a link keeps the link and the project's mode",
          code == 0 and os.path.islink(link)
          and os.readlink(link) == os.path.join("full", "p.flitlab")
          and (os.stat(saved).st_mode & 0o777) == 0o600 and os.stat(saved).st_ino != inode
          and sorted(os.listdir(full)) == ["channels.csv", "p.flitlab"],
          (code, err, os.listdir(full)))

# run puts every study's jobs on one pool: each study saves what it saves run alone (--study),
# one progress over the project never goes back, and a study that cannot start names itself
# and leaves the project as it was.
MIXED = """<?xml version="1.0" encoding="UTF-8"?>
<flitlab-project format="1" title="mixed">
  <study name="torus">
    <network topology="torus:4x4:bi" routing="dor"/>
    <traffic pattern="uniform" length="fixed" flits="8"/>
    <load min="0.002" max="0.05" count="4"/>
    <model id="ciciani-bi-torus"><param name="k" value="4x4"/>
      <param name="flits" value="8"/></model>
    <simulation enabled="true" vcs="2" cycles="2000" replications="2"/>
  </study>
  <study name="cube">
    <network topology="hypercube:4" routing="backtrack"/>
    <traffic pattern="uniform" length="fixed" flits="1"/>
    <load min="0.05" max="0.3" count="3"/>
    <simulation enabled="true" node-buffers="6" cycles="2000" replications="2"/>
  </study>
  <study name="mesh">
    <network topology="mesh:5x5" routing="dor"/>
    <traffic pattern="uniform" length="fixed" flits="8"/>
    <load min="0.002" max="0.02" count="3"/>
    <simulation enabled="true" cycles="2000" replications="3"/>
  </study>
</flitlab-project>
"""
with tempfile.TemporaryDirectory() as tmp:
    project = os.path.join(tmp, "mixed.flitlab")
    with open(project, "w") as f:
        f.write(MIXED)
    together = os.path.join(tmp, "together.flitlab")
    code, out, err = run("run", project, "--progress", "--output", together)
    shares = [float(m) for m in re.findall(r"(\d+)%", err)]
    check("run --progress over the whole project never goes back",
          code == 0 and shares and shares == sorted(shares) and shares[-1] == 100
          and all(name in err for name in ("torus", "cube", "mesh")), err[-300:])
    alone = project
    for name in ("torus", "cube", "mesh"):
        code, out, err = run("run", alone, "--study", name, "--output",
                             os.path.join(tmp, "alone.flitlab"))
        alone = os.path.join(tmp, "alone.flitlab")
    check("run saves what running the studies one by one saves",
          code == 0 and open(together, "rb").read() == open(alone, "rb").read(), err)
    refused = MIXED.replace('topology="mesh:5x5" routing="dor"',
                            'topology="mesh:5x5" routing="backtrack"')
    with open(project, "w") as f:
        f.write(refused)
    code, out, err = run("run", project)
    check("a study that cannot start names itself, once",
          code != 0 and len(err.strip().splitlines()) == 1 and "“mesh”" in err, err)
    check("and the project is left as it was", open(project).read() == refused)

# validate
example = os.path.join(SRCDIR, "data", "examples", "flitlab-tour.flitlab")
code, out, err = run("validate", example)
check("validate the bundled example", code == 0 and "valid" in out, out + err)
with tempfile.NamedTemporaryFile("w", suffix=".flitlab", delete=False) as bad:
    bad.write("<flitlab-project format='1'><study")
code, out, err = run("validate", bad.name)
check("validate names the broken file", code != 0 and os.path.basename(bad.name) in err
      and len(err.strip().splitlines()) == 1, err)
os.unlink(bad.name)

# grid: one study per combination, named by its values, the last --vary fastest, models
# refitted to each network; bad settings give one line and write nothing.
with tempfile.TemporaryDirectory() as tmp:
    project = os.path.join(tmp, "p.flitlab")
    with open(project, "w") as f:
        f.write(PROJECT)
    grid = os.path.join(tmp, "grid.flitlab")
    code, out, err = run("grid", project, "--study", "small torus", "--vary", "vcs=2,4",
                         "--vary", "flits=8,16", "--vary", "topology=torus:4x4:bi,torus:6x6:bi",
                         "--output", grid)
    studies = ET.parse(grid).getroot().findall("study") if code == 0 else []
    names = [s.get("name") for s in studies]
    check("grid writes one study per combination, named by its values",
          names[:3] == ["vcs=2, flits=8, topology=torus:4x4:bi",
                        "vcs=2, flits=8, topology=torus:6x6:bi",
                        "vcs=2, flits=16, topology=torus:4x4:bi"] and len(names) == 8, (err, names))
    last = studies[-1] if studies else None
    check("a grid study has its values and its model follows its network",
          last is not None and last.find("network").get("topology") == "torus:6x6:bi"
          and last.find("simulation").get("vcs") == "4"
          and last.find("traffic").get("flits") == "16"
          and {p.get("name"): p.get("value")
               for p in last.find("model").findall("param")}.get("k") == "6x6"
          and last.find("simulation").find("points") is None, err)
    code, out, err = run("validate", grid)
    check("the grid project validates", code == 0, err)
    fails_with_one_line("grid with an unknown setting", "grid", project, "--study", "small torus",
                        "--vary", "colour=1,2", "--output", grid + "2")
    fails_with_one_line("grid with a combination that cannot run", "grid", project, "--study",
                        "small torus", "--vary", "vcs=1,2", "--output", grid + "2")
    fails_with_one_line("grid of a missing study", "grid", project, "--study", "nope",
                        "--vary", "vcs=2", "--output", grid + "2")
    fails_with_one_line("grid without --output", "grid", project, "--study", "small torus",
                        "--vary", "vcs=2")
    check("a failed grid writes nothing", not os.path.exists(grid + "2"))

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        for line in str(detail).splitlines()[:10]:
            print(f"# {line}")
sys.exit(0)
