#!/usr/bin/env python3
# bench-trace.py: how fast flitlab-cli replays a trace, and that its memory does not grow with
# the trace (it is streamed). Writes a text trace and a Netrace trace (bzip2, every packet
# depending on the one before from the same source) of each size to a scratch folder, replays
# each on an 8x8 mesh and prints seconds and the peak resident memory.
# Run: python3 bench/bench-trace.py build/src/cli/flitlab-cli-full [N ...]  (default 1e5 1e6;
# needs GNU time, /usr/bin/time)
import bz2
import os
import struct
import subprocess
import sys
import tempfile
import time

cli = sys.argv[1]
sizes = [int(float(n)) for n in sys.argv[2:]] or [100000, 1000000]
tmp = tempfile.mkdtemp(prefix="flitlab-bench-trace-")


def text_trace(path, n):
    with open(path, "w") as f:
        for i in range(n):
            f.write(f"{i * 2} {i % 64} {(i * 7 + 1) % 64} 4\n")


def netrace_trace(path, n):
    header = struct.pack("<If30sBBQQII8s", 0x484A5455, 1.0, b"bench", 64, 0, 2 * n, n, 0, 0,
                         b"\0" * 8)
    with bz2.open(path, "wb") as f:
        f.write(header)
        chunk = []
        for i in range(n):
            # Packet i (id i + 1) lists the next packet of its source, 64 later, as dependant.
            deps = [i + 65] if i + 64 < n else []
            chunk.append(struct.pack("<QIIBBBBB", i * 2, i + 1, 0, 1 if i % 2 else 2, i % 64,
                                     (i * 7 + 1) % 64, 0, len(deps)))
            chunk.extend(struct.pack("<I", d) for d in deps)
            if len(chunk) > 100000:
                f.write(b"".join(chunk))
                chunk = []
        f.write(b"".join(chunk))


def replay(path):
    """Seconds, peak resident KiB (GNU time's, whose own fork is small: a fork of this Python
    would count its memory too), messages delivered and makespan."""
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", cli, "simulate", "--topology", "mesh:8x8",
                           "--traffic", "trace", "--trace", path, "--format", "csv"],
                          capture_output=True, text=True)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        sys.exit(proc.stderr)
    row = proc.stdout.splitlines()[1].split(",")
    return seconds, int(proc.stderr.split()[-1]), row[7], row[-1]


print("messages  format   seconds  peak_rss_kib  delivered  makespan")
for n in sizes:
    for name, write in (("text", text_trace), ("netrace", netrace_trace)):
        path = os.path.join(tmp, f"t-{n}.{'txt' if name == 'text' else 'tra.bz2'}")
        write(path, n)
        seconds, peak, delivered, makespan = replay(path)
        print(f"{n:>8}  {name:<7}  {seconds:7.2f}  {peak:12}  {delivered:>9}  {makespan}")
        os.remove(path)
os.rmdir(tmp)
