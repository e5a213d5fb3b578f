#!/usr/bin/env python3
# test-cli-booksim.py: flitlab-cli import-booksim, export-booksim and import-booksim-results
# (issue #32, items 2 and 3): a configuration with overrides into a project, a study out as a
# configuration that reads back the same, BookSim's printed results into the study's
# reference "BookSim 2", and bad input refused with one line and nothing written. The
# configurations and outputs are written here in BookSim's format: BookSim is not needed.
# Prints TAP.
import os
import shutil

from cli_tap import check, ran, refused, report, tmp, write


def path(name):
    return os.path.join(tmp, name)


# ---- import-booksim ----------------------------------------------------------------------------
cfg = write("mesh44", """// a 4x4 mesh
topology = mesh;
k = 4;
n = 2;
routing_function = dor;
num_vcs = 2;
vc_buf_size = 4;
traffic = uniform;
packet_size = 8;
injection_rate = 0.1;
credit_delay = 2;
colour = blue;
""")
project = path("mesh.flitlab")
proc = ran(["import-booksim", cfg, "injection_rate=0.02", "--output", project])
check("import-booksim writes the project", proc.returncode == 0 and os.path.exists(project),
      proc.stderr)
warnings = proc.stderr.strip().splitlines()
check("an unknown key is one warning line with its line",
      len(warnings) == 1 and "warning" in warnings[0] and "mesh44:12" in warnings[0]
      and "colour" in warnings[0], proc.stderr)
text = open(project).read() if os.path.exists(project) else ""
check("the study has BookSim's network, routing and message length",
      'topology="mesh:4x4"' in text and 'routing="dor"' in text and 'flits="8"' in text, text)
check("the override sets the load", '<load min="0.02" max="0.02" count="1"/>' in text, text)
check("credit_delay is in the notes with what it changes",
      "credit_delay = 2: " in text and "at least 2 cycles in each router" in text, text)
proc = ran(["validate", project])
check("the project is valid", proc.returncode == 0, proc.stderr)

# anynet: its network_file beside the configuration, BookSim's min routing as shortest paths.
write("ring.anynet", "".join(f"router {r} node {r} router {(r + 1) % 5}\n" for r in range(5)))
anynet = write("any", "topology = anynet;\nnetwork_file = ring.anynet;\n"
                      "routing_function = min;\ninjection_rate = 0.01;\n")
proc = ran(["import-booksim", anynet, "--output", path("any.flitlab")])
text = open(path("any.flitlab")).read() if os.path.exists(path("any.flitlab")) else ""
check("anynet: the network from its file, shortest paths in the deadlock lab",
      proc.returncode == 0 and 'routing="shortest"' in text and "ring.anynet" in text and
      'allow-deadlock="true"' in text, proc.stderr + text[:400])
# ... and back out: an anynet configuration and its listing, which read back as the network.
proc = ran(["export-booksim", path("any.flitlab"), "--output", path("any-out.cfg")])
cfg_text = open(path("any-out.cfg")).read() if os.path.exists(path("any-out.cfg")) else ""
listing = (open(path("any-out.cfg.anynet")).read()
           if os.path.exists(path("any-out.cfg.anynet")) else "")
check("export-booksim writes anynet and its listing beside it",
      proc.returncode == 0 and "topology = anynet;" in cfg_text and
      "network_file = any-out.cfg.anynet;" in cfg_text and "routing_function = min;" in cfg_text
      and listing.startswith("router 0 node 0 router 1 router 4\n"),
      proc.stderr + cfg_text[:300] + listing[:200])
proc = ran(["import-booksim", path("any-out.cfg"), "--output", path("any-back.flitlab")])
back = open(path("any-back.flitlab")).read() if os.path.exists(path("any-back.flitlab")) else ""
check("its listing reads back as the same network",
      proc.returncode == 0 and text[text.find("<network"):text.find("</network>")].split(">", 1)[1]
      == back[back.find("<network"):back.find("</network>")].split(">", 1)[1],
      proc.stderr + back[:300])
refused("anynet with a routing but min: one line, nothing written",
        ["import-booksim", anynet, "routing_function=dor", "--output", path("any2.flitlab")],
        path("any2.flitlab"), "min")
refused("anynet without its file: one line, nothing written",
        ["import-booksim", write("any3", "topology = anynet;\nnetwork_file = none;\n"
                                         "routing_function = min;\n"),
         "--output", path("any3.flitlab")], path("any3.flitlab"), "none")
refused("a routing Flitlab cannot run: one line, nothing written",
        ["import-booksim", cfg, "routing_function=valiant", "--output", path("v.flitlab")],
        path("v.flitlab"), "valiant")
refused("a topology Flitlab cannot run: one line, nothing written",
        ["import-booksim", cfg, "topology=fly", "--output", path("f.flitlab")],
        path("f.flitlab"), "fly")
refused("a malformed file: one line with its line, nothing written",
        ["import-booksim", write("bad", "k = 4;\nn = 2\n"), "--output", path("b.flitlab")],
        path("b.flitlab"), "bad:3")
refused("an override that is no KEY=VALUE", ["import-booksim", cfg, "k=", "--output",
                                             path("o.flitlab")], path("o.flitlab"))
refused("import-booksim without --output", ["import-booksim", cfg])

# ---- export-booksim ----------------------------------------------------------------------------
out_cfg = path("out.cfg")
proc = ran(["export-booksim", project, "--output", out_cfg])
check("export-booksim writes the configuration", proc.returncode == 0, proc.stderr)
exported = open(out_cfg).read() if os.path.exists(out_cfg) else ""
check("with the study's network, routing and load in BookSim's units",
      all(line in exported.splitlines() for line in
          ["topology = mesh;", "k = 4;", "n = 2;", "routing_function = dim_order;",
           "num_vcs = 2;", "vc_buf_size = 4;", "packet_size = 8;", "injection_rate = 0.02;",
           "injection_rate_uses_flits = 0;"]), exported)
check("with BookSim's fastest router and a comment saying so",
      "routing_delay = 0;" in exported and "credit_delay = 0;" in exported
      and "closest to" in exported, exported)
again = path("again.flitlab")
proc = ran(["import-booksim", out_cfg, "--output", again])
back = open(again).read() if os.path.exists(again) else ""
check("it reads back as the same study, without warnings",
      proc.returncode == 0 and proc.stderr == "" and 'topology="mesh:4x4"' in back
      and 'vcs="2" buffer="4"' in back and '<load min="0.02"' in back, proc.stderr + back)
refused("export-booksim of a study that is not there",
        ["export-booksim", project, "--study", "nope", "--output", path("n.cfg")],
        path("n.cfg"), "nope")
uni = path("uni.flitlab")
shutil.copy(project, uni)
with open(uni) as f:
    uni_text = f.read().replace("mesh:4x4", "torus:4x4:uni")
with open(uni, "w") as f:
    f.write(uni_text)
refused("export-booksim of a network BookSim has not",
        ["export-booksim", uni, "--output", path("u.cfg")], path("u.cfg"), "torus:4x4:uni")


# ---- import-booksim-results --------------------------------------------------------------------
def output(rate, k=4, unstable=False):
    """A BookSim run's output as it prints it, at one load."""
    text = ("BEGIN Configuration File: out.cfg\n" + exported + "END Configuration File: out.cfg\n"
            f"OVERRIDE Parameter: injection_rate={rate}\n"
            f"OVERRIDE Parameter: k={k}\n"
            "Packet latency average = 999\n")
    if unstable:
        return text + "Simulation unstable, ending ...\n"
    return text + ("====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\n"
                   "Packet latency average = 40.5 (1 samples)\n"
                   "Network latency average = 39.5 (1 samples)\n"
                   "Accepted flit rate average = 0.16 (1 samples)\n")


runs = [write("r1.txt", output("0.02")), write("r2.txt", output("0.05", unstable=True))]
proc = ran(["import-booksim-results", project, "--study", "BookSim: mesh44", *runs])
text = open(project).read()
check("import-booksim-results adds the reference in place",
      proc.returncode == 0 and '<reference title="BookSim 2">' in text
      and "<row>0.02 40.5 39.5 0.02</row>" in text
      and '<row saturated="true">0.05 - - -</row>' in text, proc.stderr + text)
check("and says the conversion in the notes", "Packet latency average" in text, text)
proc = ran(["validate", project])
check("the project with BookSim's points is valid", proc.returncode == 0, proc.stderr)
csv = path("plot.csv")
proc = ran(["export", project, "--study", "BookSim: mesh44", "--metric", "total",
            "--output", csv])
data = open(csv).read() if os.path.exists(csv) else ""
check("the plot's CSV has BookSim's points", proc.returncode == 0 and "BookSim 2" in data
      and "40.5" in data, proc.stderr + data)

before = open(project).read()
refused("an output of another network: one line, the project unchanged",
        ["import-booksim-results", project, write("r8.txt", output("0.01", k=8))], None,
        "mesh:8x8")
check("the project is unchanged", open(project).read() == before)
refused("a file that is no BookSim output",
        ["import-booksim-results", project, write("junk.txt", "hello\n")], None,
        "not BookSim's output")
refused("import-booksim-results without outputs", ["import-booksim-results", project])
refused("a folder is no output", ["import-booksim-results", project, tmp], None,
        "not a regular file")
refused("a configuration that is not there", ["import-booksim", path("none"), "--output",
                                              path("none.flitlab")], path("none.flitlab"),
        "Cannot read the BookSim configuration")

report()
