"""What the CLI's TAP scripts share: flitlab-cli (their first argument) run, checks, a refusal's
one line, a scratch folder, and the TAP report."""
import os
import shutil
import subprocess
import sys
import tempfile

CLI = sys.argv[1]
results = []
tmp = tempfile.mkdtemp(prefix="flitlab-cli-test-")


def ran(args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=120)


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def refused(name, args, output=None, *words):
    """One line on stderr naming the problem, a non-zero exit, nothing on stdout or in output."""
    proc = ran(args)
    lines = proc.stderr.strip().splitlines()
    ok = proc.returncode > 0 and len(lines) == 1 and lines[0].startswith("flitlab-cli")
    ok = ok and all(w in proc.stderr for w in words) and proc.stdout == ""
    if output is not None and os.path.exists(output):
        ok = False
    check(name, ok, f"exit {proc.returncode}, stderr {proc.stderr[:300]!r}")


def write(name, data):
    """A file of the scratch folder holding data (text or bytes); its path."""
    path = os.path.join(tmp, name)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return path


def report():
    """The scratch folder goes; the results as TAP."""
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"1..{len(results)}")
    for i, (name, ok, detail) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} {name}")
        if not ok:
            print(f"# {detail}")
    sys.exit(0)
