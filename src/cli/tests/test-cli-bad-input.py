#!/usr/bin/env python3
# test-cli-bad-input.py: every command of flitlab-cli given the classes of bad input of issue
# #18 (special files, huge and tiny numbers, NaN, inf, hex, empty lists, duplicates, options
# that do not apply, long inputs, read-only and full destinations). Each must end with one
# line on stderr that starts with "flitlab-cli", a non-zero exit (not a signal), within its
# timeout, without creating or changing its output file, and all of them together under
# 1 GiB of memory. Prints TAP.
import os
import resource
import shutil
import signal
import subprocess

from cli_tap import CLI, check, report, results, tmp

SRCDIR = os.environ.get("G_TEST_SRCDIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TOUR = os.path.join(SRCDIR, "data", "examples", "flitlab-tour.flitlab")
STUDY = "6×6×6 bi torus"


def full_disk():
    """In the child: files stop growing at 4 KiB, as on a full disk (write fails with EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def refused(name, args, output=None, disk_full=False, timeout=20):
    """The command fails cleanly; output, if given, is a path that must stay as it was."""
    before = open(output, "rb").read() if output and os.path.exists(output) else None
    try:
        proc = subprocess.run([CLI, *args], capture_output=True, timeout=timeout,
                              preexec_fn=full_disk if disk_full else None)
    except subprocess.TimeoutExpired:
        results.append((name, False, f"no answer within {timeout} s"))
        return
    err = proc.stderr.decode("utf-8", "replace")
    lines = err.strip().splitlines()
    ok = proc.returncode > 0 and len(lines) == 1 and lines[0].startswith("flitlab-cli") \
        and len(lines[0]) < 400
    detail = f"exit {proc.returncode}, stderr {err[:300]!r}"
    if output:
        after = open(output, "rb").read() if os.path.exists(output) else None
        leftovers = [f for f in os.listdir(os.path.dirname(output))
                     if f not in ("keep.svg", "keep.csv", "keep.png", "keep.flitlab", "file")]
        if after != before or leftovers:
            ok = False
            detail += f"; output changed or left behind: {leftovers}"
    results.append((name, ok, detail))


# ---- inputs ---------------------------------------------------------------------------
fifo = os.path.join(tmp, "fifo.flitlab")
os.mkfifo(fifo)
sparse = os.path.join(tmp, "sparse.flitlab")
with open(sparse, "wb") as f:
    f.truncate(3 * 1024 ** 3)
empty = os.path.join(tmp, "empty.flitlab")
open(empty, "w").close()
long_text = "x" * 100_000  # one argument holds at most 128 KiB (Linux MAX_ARG_STRLEN)
long_spec = os.path.join(tmp, "long-spec.flitlab")
with open(long_spec, "w") as f:
    f.write('<flitlab-project format="1"><study name="s"><network '
            'topology="torus:' + "4" * 4_000_000
            + '" routing="dor"/></study></flitlab-project>\n')
bad_projects = {"a FIFO": fifo, "/dev/zero": "/dev/zero", "a 3 GB sparse file": sparse,
                "an empty file": empty, "a directory": tmp}

for what, path in bad_projects.items():
    refused(f"validate refuses {what}", ["validate", path])
    refused(f"run refuses {what}", ["run", path])
    refused(f"export refuses {what}", ["export", path, "--study", "s", "--output",
                                       os.path.join(tmp, "out", "x.svg")])

numbers = ["nan", "inf", "-inf", "0x10", "1e999", "-1", "", "1,5", " 1", "1e-400000", long_text]
for n in numbers:
    short = n[:12]
    # In --rates, "1,5" is a list, " 1" a spaced list item and 1e-400000 rounds to 0: all loads.
    if n not in ("1,5", " 1", "1e-400000"):
        refused(f"simulate refuses the load {short!r}",
                ["simulate", "--topology", "torus:4x4:bi", "--rates", n])
        refused(f"model refuses the load {short!r}", ["model", "greenberg-mesh", "--rates", n])
    refused(f"simulate refuses --flits {short!r}",
            ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--flits", n])
    refused(f"model refuses the parameter flits={short!r}", ["model", "greenberg-mesh", "--param",
                                                             f"flits={n}", "--rates", "0.001"])
for option, value in [("--cycles", "18446744073709551615"), ("--cycles", "99"),
                      ("--warmup", "18446744073709551615"),
                      ("--replications", "0"), ("--replications", "1001"), ("--vcs", "65"),
                      ("--buffer", "0"),
                      ("--threads", "1025"), ("--seed", "-1"), ("--hotspot-node", "99999999999")]:
    refused(f"simulate refuses {option} {value}",
            ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", option, value])
refused("simulate refuses a load of 1e308 in a range",
        ["simulate", "--topology", "torus:4x4:bi", "--rates", "0:1e308:3"])
refused("model refuses a range to 1e308", ["model", "greenberg-mesh", "--rates", "0:1e308:3"])
refused("simulate refuses an empty list",
        ["simulate", "--topology", "torus:4x4:bi", "--rates", ","])
refused("simulate refuses a range of no load",
        ["simulate", "--topology", "torus:4x4:bi", "--rates", "0:1:0"])
refused("model refuses a parameter given twice", ["model", "greenberg-mesh", "--param", "flits=5",
                                                  "--param", "flits=600", "--rates", "0.001"])
refused("simulate refuses --flits with --routing backtrack",
        ["simulate", "--topology", "hypercube:4", "--routing", "backtrack", "--buffers", "6",
         "--flits", "8",
         "--rates", "0.1"])
refused("simulate refuses --hotspot without hotspot traffic",
        ["simulate", "--topology", "torus:4x4:bi", "--hotspot", "0.2", "--rates", "0.01"])
refused("simulate refuses --buffers without backtracking",
        ["simulate", "--topology", "torus:4x4:bi", "--buffers", "3", "--rates", "0.01"])
for command in ("models", "topology", "model", "simulate", "run", "export", "validate"):
    refused(f"{command} refuses an unknown option", [command, "--no-such-option"])
refused("models takes no argument", ["models", "extra"])
for spec in ("torus:nanxnan:bi", "torus:0x10:bi", "hypercube:inf", "hypercube:99999999999", "mesh:",
             "necklace:,"):
    refused(f"topology refuses {spec}", ["topology", spec])
refused("topology refuses a 100 kB spec with a short message", ["topology", long_text])
refused("validate refuses a 4 MB spec with a short message", ["validate", long_spec])
refused("topology refuses a spec of a control character", ["topology", "torus:\n4x4"])
refused("export refuses --width nan",
        ["export", TOUR, "--study", STUDY, "--width", "nan", "--output",
         os.path.join(tmp, "out", "x.svg")])
refused("export refuses --scale 0x2",
        ["export", TOUR, "--study", STUDY, "--scale", "0x2", "--output",
         os.path.join(tmp, "out", "x.png")])
refused("export refuses a width of 1e9",
        ["export", TOUR, "--study", STUDY, "--width", "1e9", "--output",
         os.path.join(tmp, "out", "x.svg")])

# ---- destinations -----------------------------------------------------------------------
dest = os.path.join(tmp, "dest")
os.mkdir(dest)
for name in ("keep.svg", "keep.png", "keep.csv"):
    with open(os.path.join(dest, name), "w") as f:
        f.write("an older figure\n" * 1000)
shutil.copy(TOUR, os.path.join(dest, "keep.flitlab"))
with open(os.path.join(dest, "file"), "w") as f:
    f.write("a file, not a directory\n")
for ext in ("svg", "png", "csv"):
    target = os.path.join(dest, f"keep.{ext}")
    refused(f"export to a full disk keeps the old .{ext}",
            ["export", TOUR, "--study", STUDY, "--output", target], output=target, disk_full=True)
    refused(f"export into a path under a file ({ext})",
            ["export", TOUR, "--study", STUDY, "--output", os.path.join(dest, "file", f"x.{ext}")])
    refused(f"export into /proc ({ext})",
            ["export", TOUR, "--study", STUDY, "--output", f"/proc/flitlab-x.{ext}"])
refused("export of the network to a full disk keeps the old .svg",
        ["export", TOUR, "--study", STUDY, "--figure", "topology", "--output",
         os.path.join(dest, "keep.svg")],
        output=os.path.join(dest, "keep.svg"), disk_full=True)
project = os.path.join(dest, "keep.flitlab")
refused("run --no-simulation to a full disk keeps the project",
        ["run", project, "--no-simulation"], output=project, disk_full=True)
refused("run into /proc", ["run", TOUR, "--no-simulation", "--output", "/proc/flitlab-x.flitlab"])
refused("simulate --channels into /proc",
        ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--cycles", "200",
         "--channels", "/proc/flitlab-x.csv"])

# ---- issue #33 ------------------------------------------------------------------------------
import socket
import stat
import threading


def ran(args, **kwargs):
    return subprocess.run([CLI, *args], capture_output=True, timeout=60, **kwargs)


def one_line(proc):
    lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    return proc.returncode > 0 and len(lines) == 1 and lines[0].startswith("flitlab-cli")


out33 = os.path.join(tmp, "issue33")
os.mkdir(out33)
plain = ran(["run", TOUR, "--no-simulation", "--output", os.path.join(out33, "plain.flitlab")])
plain_bytes = open(os.path.join(out33, "plain.flitlab"), "rb").read()

# Item 1: a character device or a FIFO is written into, never replaced; "-" is stdout.
device = os.path.join(out33, "null")
try:
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
except PermissionError:
    os.symlink("/dev/null", device)  # not root: a link to /dev/null, which must stay a device
for args in (["run", TOUR, "--no-simulation", "--output", device],
             ["grid", TOUR, "--study", STUDY, "--vary", "vcs=2,4", "--output", device],
             ["export", TOUR, "--study", STUDY, "--output", device + ".svg"],
             ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--cycles", "200",
              "--channels", device]):
    if args[0] == "export":
        os.symlink(device, device + ".svg")  # the extension names the format
    proc = ran(args)
    check(f"{args[0]} writes into a character device and leaves it one",
          proc.returncode == 0 and stat.S_ISCHR(os.stat(device).st_mode), proc.stderr[:200])
fifo_out = os.path.join(out33, "fifo")
os.mkfifo(fifo_out)
received = []
# A daemon: if the FIFO was replaced by a file, the reader waits for ever and must not hold the
# test.
reader = threading.Thread(target=lambda: received.append(open(fifo_out, "rb").read()),
                          daemon=True)
reader.start()
proc = ran(["run", TOUR, "--no-simulation", "--output", fifo_out])
reader.join(60)
is_fifo = stat.S_ISFIFO(os.stat(fifo_out).st_mode)
check("run writes a project into a FIFO, whose reader gets it whole",
      proc.returncode == 0 and received == [plain_bytes] and is_fifo, proc.stderr[:200])
if not is_fifo:
    os.unlink(fifo_out)
proc = ran(["run", TOUR, "--no-simulation", "--output", "-"])
check("run --output - writes the project on standard output",
      proc.returncode == 0 and proc.stdout == plain_bytes)
proc = ran(["grid", TOUR, "--study", STUDY, "--vary", "vcs=2,4", "--output", "-"])
check("grid --output - writes the grid on standard output",
      proc.returncode == 0 and proc.stdout.startswith(b"<?xml")
      and proc.stdout.count(b"<study ") == 2)
refused("simulate --channels - is refused (the table is on stdout)",
        ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--channels", "-"])
sock = socket.socket(socket.AF_UNIX)
sock.bind(os.path.join(out33, "socket"))
for what, target in (("a directory", out33), ("a socket", os.path.join(out33, "socket"))):
    os.symlink(target, target + "-link.svg")
    refused(f"run --output {what} is one line",
            ["run", TOUR, "--no-simulation", "--output", target])
    refused(f"export --output {what} (through a link named .svg) is one line",
            ["export", TOUR, "--study", STUDY, "--output", target + "-link.svg"])
sock.close()
check("the directory and the socket are what they were",
      os.path.isdir(out33) and stat.S_ISSOCK(os.lstat(os.path.join(out33, "socket")).st_mode))
kept = os.path.join(out33, "kept.flitlab")
shutil.copy(TOUR, kept)
os.chmod(kept, 0o640)
os.symlink("kept.flitlab", os.path.join(out33, "link.flitlab"))
proc = ran(["run", os.path.join(out33, "link.flitlab"), "--no-simulation"])
check("a regular file keeps its mode and its link, replaced atomically",
      proc.returncode == 0 and os.path.islink(os.path.join(out33, "link.flitlab"))
      and stat.S_IMODE(os.stat(kept).st_mode) == 0o640 and open(kept, "rb").read() == plain_bytes)

# Item 5: each output is checked before the simulation: nothing on stdout, no progress.
for option in ("--channels", "--deadlock-out"):
    extra = ["--vcs", "1", "--allow-deadlock"] if option == "--deadlock-out" else []
    for where in ("/proc/flitlab-x.csv", os.path.join(out33, "no-such-dir", "x.csv"),
                  os.path.join(dest, "file", "x.csv")):
        proc = ran(["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--cycles", "200",
                    *extra, option, where])
        check(f"simulate {option} {where[-18:]} is refused before simulating",
              one_line(proc) and proc.stdout == b"" and option in proc.stderr.decode(),
              proc.stderr[:200])
for command in (["run", TOUR, "--progress"], ["grid", TOUR, "--study", STUDY, "--vary", "vcs=2,4"],
                ["export", TOUR, "--study", STUDY]):
    proc = ran([*command, "--output", os.path.join(out33, "no-such-dir", "x.svg")])
    check(f"{command[0]} --output into a missing folder is refused before any work", one_line(proc),
          proc.stderr[:300])

# Item 6: a file-size limit is a write error: one line, no temporary, the old file intact.
def size_limit():
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))  # ulimit -f 8; SIGXFSZ as it comes


limited = os.path.join(out33, "limited.svg")
with open(limited, "w") as f:
    f.write("an older figure\n")
proc = ran(["export", TOUR, "--study", STUDY, "--output", limited], preexec_fn=size_limit)
check("export under ulimit -f 8 fails with a message, keeps the old file, leaves no temporary",
      one_line(proc) and open(limited).read() == "an older figure\n"
      and not os.path.exists(os.path.join(out33, ".limited.svg.flitlab-tmp")),
      f"exit {proc.returncode} {proc.stderr[:200]}")
stale = os.path.join(out33, ".stale.svg.flitlab-tmp")
with open(stale, "w") as f:
    f.write("left by a kill -9\n")
proc = ran(["export", TOUR, "--study", "no such study", "--output",
            os.path.join(out33, "stale.svg")])
check("a killed write's temporary is removed before the work, even when the work fails",
      proc.returncode == 1 and not os.path.exists(stale))
import fcntl
live = os.path.join(out33, ".live.svg.flitlab-tmp")
with open(live, "w") as held:
    fcntl.flock(held, fcntl.LOCK_EX)
    proc = ran(["export", TOUR, "--study", STUDY, "--output", os.path.join(out33, "live.svg")])
    check("a live write's temporary is left alone and named",
          one_line(proc) and os.path.exists(live)
          and b"in progress" in proc.stderr, proc.stderr[:200])
os.unlink(live)

# Item 8: every refusal names the value, why, and what would be accepted.
def says(name, args, *words):
    proc = ran(args)
    err = proc.stderr.decode("utf-8", "replace")
    check(name, one_line(proc) and all(w in err for w in words), err[:300])


says("--warmup 0 is refused, naming the automatic warm-up's option",
     ["simulate", "--topology", "torus:4x4:bi", "--rates", "0.01", "--warmup", "0"],
     "--warmup “0”", "automatic", "leaving out --warmup", "1 to")
says("validate /proc/self/status says why a /proc file is no project",
     ["validate", "/proc/self/status"], "/proc/self/status", "0 bytes", "/proc")
says("--metric x names the value and the metrics",
     ["export", TOUR, "--study", STUDY, "--metric", "x", "--output", os.path.join(out33, "m.svg")],
     "“x”", "latency", "throughput")
says("--compare --width 10 names the option, the value and the range",
     ["export", TOUR, "--compare", "--width", "10", "--output", os.path.join(out33, "c.svg")],
     "--width", "“10”", "50 to 10000")
says("--height 1e9 names the option, the value and the range",
     ["export", TOUR, "--study", STUDY, "--height", "1e9", "--output",
      os.path.join(out33, "c.svg")],
     "--height", "“1e9”", "50 to 10000")
says("--scale 9 names the option, the value and the range",
     ["export", TOUR, "--study", STUDY, "--scale", "9", "--output", os.path.join(out33, "c.png")],
     "--scale", "“9”", "at most 8")
says("an unknown extension names the file and the formats",
     ["export", TOUR, "--study", STUDY, "--output", os.path.join(out33, "x.txt")], "x.txt", ".svg",
     ".py")
for upper in ("X.SVG", "X.PDF", "X.PNG", "X.CSV"):
    proc = ran(["export", TOUR, "--study", STUDY, "--output", os.path.join(out33, upper)])
    head = open(os.path.join(out33, upper), "rb").read(8) if proc.returncode == 0 else b""
    magic = {"SVG": b"<?xml", "PDF": b"%PDF", "PNG": b"\x89PNG", "CSV": b"series"}[upper[2:]]
    check(f"export --output {upper}: the extension in any case", head.startswith(magic),
          f"{proc.stderr[:200]} {head!r}")

# Item 3: grid limits, distinct values, unique names, its own input kept.
grid_in = os.path.join(out33, "grid-in.flitlab")
shutil.copy(TOUR, grid_in)
os.mkdir(os.path.join(out33, "grid"))  # refused () finds anything left in the output's folder
grid_out = os.path.join(out33, "grid", "grid-out.flitlab")
forty = ",".join(str(i) for i in range(1, 41))
refused("grid of 64000 combinations is refused before any is made",
        ["grid", grid_in, "--study", STUDY, "--vary", f"seed={forty}", "--vary",
         f"replications={forty}",
         "--vary", "cycles=" + ",".join(str(1000 + i) for i in range(40)), "--output",
         grid_out], output=grid_out)
says("the refusal says how many and names --max-studies",
     ["grid", grid_in, "--study", STUDY, "--vary", f"seed={forty}", "--vary",
      f"replications={forty}",
      "--vary", "cycles=" + ",".join(str(1000 + i) for i in range(40)), "--output", grid_out],
     "64000", "40 × 40 × 40", "10000", "--max-studies")
says("--max-studies 2 refuses 3", ["grid", grid_in, "--study", STUDY, "--vary", "seed=1,2,3",
                                   "--max-studies", "2", "--output",
                                   grid_out], "3 studies", "more than 2")
proc = ran(["grid", grid_in, "--study", STUDY, "--vary", "seed=1,2,3", "--max-studies", "3",
            "--output", grid_out])
check("--max-studies 3 makes 3",
      proc.returncode == 0 and open(grid_out).read().count("<study ") == 3)
os.unlink(grid_out)
says("--vary vcs=2,2 is refused, naming the value",
     ["grid", grid_in, "--study", STUDY, "--vary", "vcs=2,2", "--output", grid_out],
     "vcs", "“2” twice")
before = open(grid_in, "rb").read()
says("grid --output onto its own input is refused without --force",
     ["grid", grid_in, "--study", STUDY, "--vary", "vcs=2,4", "--output", grid_in], "--force")
os.symlink(grid_in, os.path.join(out33, "grid-link.flitlab"))
says("... also through a link", ["grid", grid_in, "--study", STUDY, "--vary", "vcs=2,4", "--output",
                                 os.path.join(out33, "grid-link.flitlab")], "--force")
check("the input is as it was", open(grid_in, "rb").read() == before)
proc = ran(["grid", grid_in, "--study", STUDY, "--vary", "vcs=2,4", "--output", grid_in, "--force"])
check("with --force the grid replaces it",
      proc.returncode == 0 and open(grid_in).read().count("<study ") == 2)
text = open(TOUR).read()
first, end = text.index("<study "), text.index("</study>") + len("</study>")
duplicate = os.path.join(out33, "duplicate.flitlab")
with open(duplicate, "w") as f:
    f.write(text[:end] + "\n  " + text[first:end] + text[end:])
says("validate refuses two studies of one name, giving both lines", ["validate", duplicate],
     "duplicate.flitlab:", "already on line 3")

# Item 4: names that once broke an export. XML 1.0 carries only tab, LF and CR of the control
# characters (test-export, io suite, gives the .py, .tex and .csv every one).
import csv
hostile = "\t=tab\rCR\nLF \"dq\" 'sq' \\back $x$ % { } # & _ ^ ~ \U0001F600 " + "n" * 10000
escaped = (hostile.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
           .replace("\t", "&#9;").replace("\r", "&#13;").replace("\n", "&#10;"))
hostile_project = os.path.join(out33, "hostile.flitlab")
with open(hostile_project, "w", encoding="utf-8") as f:
    f.write(text.replace(f'name="{STUDY}"', f'name="{escaped}"', 1))
exports = {}
for ext in ("csv", "py", "tex"):
    exports[ext] = os.path.join(out33, f"hostile.{ext}")
    proc = ran(["export", hostile_project, "--compare", "--output", exports[ext]])
    check(f"export of a hostile name to .{ext}", proc.returncode == 0, proc.stderr[:200])
with open(exports["csv"], newline="", encoding="utf-8") as f:
    labels = {row[0] for row in csv.reader(f)}
check("the CSV keeps every character of the name (RFC 4180), led by an apostrophe",
      any(label.startswith("'" + hostile) for label in labels), sorted(labels)[:3])
# As test-export: pdflatex and Debian's python3-matplotlib (README: the exports' test packages).
proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "hostile.tex"],
                      cwd=out33, capture_output=True, timeout=120)
check("pdflatex compiles the .tex", proc.returncode == 0, proc.stdout[-300:])
proc = subprocess.run(["/usr/bin/python3", "hostile.py", "hostile-py.pdf"], cwd=out33,
                      capture_output=True, timeout=120)
check("Debian's python3 with matplotlib runs the .py", proc.returncode == 0, proc.stderr[-300:])

peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
results.append((f"every run stayed under 1 GiB (peak {peak_kib // 1024} MiB)",
                peak_kib < 1024 * 1024, ""))

report()
