#!/usr/bin/env python3
# bench-mpi-faults.py: flitlab-mpi with a rank stopped and with rank 0 killed (docs/mpi.md)
#
#   bench/bench-mpi-faults.py [BUILD] [RUNS]   BUILD: a -Dmpi=enabled build (default build-mpi)
#
# The 36-job sweep of src/mpi/tests/test-mpi.py's checkpoint test (torus:8x8:bi, 18 loads x 2
# replications of 200000 cycles). Prints, each against the bytes of flitlab-cli run:
# - rank 1 stopped with SIGSTOP once 2 jobs are done, on 3 and on 2 ranks with --stall-floor 2
#   (RUNS times each, default 3): seconds from the stop to mpirun's exit, its exit status, and
#   what rank 0 said; "hangs" when mpirun has not exited 90 s after the stop;
# - the same on 3 ranks with the defaults, and on 2 ranks continued (SIGCONT) once given up on;
# - rank 0 killed with SIGKILL after 10 jobs on 2 ranks with --checkpoint, by default and with
#   --checkpoint-every 1, then the same command run again: whether a checkpoint was left, the
#   job the second run started from, its seconds.
# Given a build of a flitlab-mpi without --stall-factor (main before issue #33, item 7), it
# runs the same cases without the options it lacks: the stopped rank hangs those runs.
# Takes three to five minutes on two cores.
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build-mpi")
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
MPI = os.path.join(BUILD, "src", "mpi", "flitlab-mpi")
CLI = os.path.join(BUILD, "src", "cli", "flitlab-cli")
for key, value in (("OMPI_ALLOW_RUN_AS_ROOT", "1"), ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                   ("OMPI_MCA_rmaps_base_oversubscribe", "1"),
                   ("OMPI_MCA_btl_vader_single_copy_mechanism", "none")):
    os.environ.setdefault(key, value)

with open(os.path.join(ROOT, "src", "mpi", "tests", "test-mpi.py")) as f:
    MEDIUM = re.search(r'MEDIUM = """(.*?)"""', f.read(), re.S).group(1)
JOBS = 36
LIMIT = 90
HELP = subprocess.run(["mpirun", "-q", "-n", "1", MPI, "--help"], capture_output=True,
                      text=True).stdout
STALL = "--stall-factor" in HELP


def options(*args):
    """args, or none if this flitlab-mpi does not know them."""
    return list(args) if STALL else []


def start(n, args):
    mark = uuid.uuid4().hex
    env = dict(os.environ, BENCH_MPI_FAULTS=mark)
    proc = subprocess.Popen(["mpirun", "-q", "-n", str(n), "-x", "BENCH_MPI_FAULTS", MPI, "run",
                             *args, "--progress"], stderr=subprocess.PIPE, env=env)
    return proc, mark


def read_until(proc, pattern, seen=b""):
    while not re.search(pattern, seen):
        byte = proc.stderr.read(1)
        if not byte:
            break
        seen += byte
    return seen


def jobs_done(seen, count):
    done = re.findall(rb"(\d+) of \d+ jobs done", seen)
    return bool(done) and int(done[-1]) >= count


def rank_pid(mark, rank):
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
            with open(f"/proc/{pid}/comm") as f:
                comm = f.read().strip()
        except OSError:
            continue
        if comm == "flitlab-mpi" and f"BENCH_MPI_FAULTS={mark}".encode() in env and \
                f"OMPI_COMM_WORLD_RANK={rank}".encode() in env:
            return int(pid)
    return None


def said(seen):
    lines = seen.decode(errors="replace").replace("\r", "\n").splitlines()
    return [line for line in lines if line.startswith("flitlab-mpi run:")]


def stopped(tmp, n, extra, comes_back=False):
    out = os.path.join(tmp, "out.flitlab")
    if os.path.exists(out):
        os.unlink(out)
    proc, mark = start(n, [os.path.join(tmp, "medium.flitlab"), "--output", out, *extra])
    seen = b""
    while not jobs_done(seen, 2):
        byte = proc.stderr.read(1)
        if not byte:
            break
        seen += byte
    pid = rank_pid(mark, 1)
    os.kill(pid, signal.SIGSTOP)
    began = time.monotonic()
    if comes_back:
        seen = read_until(proc, rb"given up on", seen)
        os.kill(pid, signal.SIGCONT)
    # Longer than the default floor, 60 s. (communicate () would drop what stderr's buffer
    # holds.)
    try:
        proc.wait(timeout=LIMIT)
        seen += proc.stderr.read()
        result = f"exit {proc.returncode} at {time.monotonic() - began:.1f} s"
    except subprocess.TimeoutExpired:
        result = f"hangs (still running {LIMIT} s after the stop)"
        os.kill(pid, signal.SIGCONT)
        proc.kill()
        proc.wait()
        for rank in range(n):
            left = rank_pid(mark, rank)
            if left is not None:
                os.kill(left, signal.SIGKILL)
    same = subprocess.run(["cmp", "-s", out, os.path.join(tmp, "cli.flitlab")]).returncode == 0
    print(f"  {result}, same bytes: {same}")
    for line in said(seen):
        print(f"    {line}")


def killed(tmp, extra):
    out, checkpoint = os.path.join(tmp, "out.flitlab"), os.path.join(tmp, "run.checkpoint")
    for path in (out, checkpoint):
        if os.path.exists(path):
            os.unlink(path)
    args = [os.path.join(tmp, "medium.flitlab"), "--output", out, "--checkpoint", checkpoint,
            *extra]
    began = time.monotonic()
    proc, mark = start(2, args)
    seen = b""
    while not jobs_done(seen, 10):
        byte = proc.stderr.read(1)
        if not byte:
            break
        seen += byte
    os.kill(rank_pid(mark, 0), signal.SIGKILL)
    at = time.monotonic() - began
    proc.wait(timeout=60)
    print(f"  killed at {at:.1f} s, mpirun exit {proc.returncode}, "
          f"said {said(proc.stderr.read())}, "
          f"checkpoint left: {os.path.exists(checkpoint)}")
    began = time.monotonic()
    again = subprocess.run(["mpirun", "-q", "-n", "2", MPI, "run", *args, "--progress"],
                           capture_output=True, text=True)
    done = [int(d) for d in re.findall(rf"(\d+) of {JOBS} jobs done", again.stderr)]
    same = subprocess.run(["cmp", "-s", out, os.path.join(tmp, "cli.flitlab")]).returncode == 0
    print(f"  run again: exit {again.returncode} in {time.monotonic() - began:.1f} s, "
          f"first progress line {done[0] if done else None} of {JOBS}, same bytes: {same}")


with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, "medium.flitlab"), "w") as f:
        f.write(MEDIUM)
    shutil.copyfile(os.path.join(tmp, "medium.flitlab"), os.path.join(tmp, "in.flitlab"))
    subprocess.run([CLI, "run", os.path.join(tmp, "in.flitlab"), "--output",
                    os.path.join(tmp, "cli.flitlab")], check=True)
    print(f"{MPI}: {'with' if STALL else 'without'} --stall-factor; cores: {os.cpu_count()}, "
          f"load average: {os.getloadavg()}")
    floor = options("--stall-floor", "2")
    for n in (3, 2):
        for run in range(RUNS):
            print(f"{n} ranks, rank 1 stopped, options {floor}, run {run + 1}:")
            stopped(tmp, n, floor)
    print("3 ranks, rank 1 stopped, no options:")
    stopped(tmp, 3, [])
    if STALL:
        print("2 ranks, rank 1 stopped, --stall-floor 2, continued once given up on:")
        stopped(tmp, 2, options("--stall-floor", "2"), comes_back=True)
    print("rank 0 killed after 10 jobs, 2 ranks, --checkpoint:")
    killed(tmp, [])
    if STALL:
        print("rank 0 killed after 10 jobs, 2 ranks, --checkpoint --checkpoint-every 1:")
        killed(tmp, options("--checkpoint-every", "1"))
    print(f"load average: {os.getloadavg()}")
