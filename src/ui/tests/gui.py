"""What the GUI tests share: checks, finding nodes in the accessibility tree (dogtail), the
window of the running app, screenshots."""
import os
import subprocess
import sys
import time

from dogtail.config import config

config.searchCutoffCount = 20
config.defaultDelay = 0.5
from dogtail import tree  # noqa: E402

failures = []


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name, flush=True)
    if not condition:
        failures.append(name)


def find(root, role, name, timeout=15):
    end = time.time() + timeout
    while time.time() < end:
        found = root.findChildren(lambda n: n.roleName == role and n.name == name, recursive=True)
        if found:
            return found[0]
        time.sleep(0.5)
    return None


def named(root, name, timeout=10):
    """The first node of this name that is not a label (a button, an entry, a drawing)."""
    end = time.time() + timeout
    while time.time() < end:
        found = root.findChildren(lambda n: n.name == name and n.roleName != "label",
                                  recursive=True)
        if found:
            return found[0]
        time.sleep(0.5)
    return None


def label_starting(root, prefix, timeout):
    """The text of the first label that starts with prefix (a status line), or None."""
    end = time.time() + timeout
    while time.time() < end:
        found = root.findChildren(lambda n: n.roleName == "label" and n.name.startswith(prefix),
                                  recursive=True)
        if found:
            return found[0].name
        time.sleep(0.3)
    return None


def press(node):
    try:
        node.doActionNamed("click")
    except Exception:
        node.click()


def shot(name):
    """A screenshot beside FLITLAB_SHOT, for people to look at: gui-window-NAME.png."""
    path = os.environ["FLITLAB_SHOT"].replace(".png", f"-{name}.png")
    subprocess.run(["import", "-window", "root", path], check=False)


def grab(x, y, w, h):
    """The screen's pixels in the box at (x, y), w by h: a bytes of r, g, b, row by row."""
    png = subprocess.run(["import", "-window", "root", "png:-"], capture_output=True,
                         check=False).stdout
    return subprocess.run(["convert", "png:-", "-crop", f"{w}x{h}+{x}+{y}", "+repage",
                           "-depth", "8", "rgb:-"], input=png, capture_output=True,
                          check=False).stdout


def app_window():
    """(application, its main window) once both are on the accessibility bus; exits if not."""
    app = None
    for _ in range(40):
        try:
            app = tree.root.application("flitlab")
            break
        except Exception:
            time.sleep(0.5)
    check("the application is on the accessibility bus", app is not None)
    if app is None:
        sys.exit(1)
    window = None
    for _ in range(30):
        windows = [c for c in app.children if c.roleName in ("frame", "window")]
        if windows:
            window = windows[0]
            break
        time.sleep(0.5)
    check("a window opens", window is not None)
    if window is None:
        sys.exit(1)
    return app, window


def finish():
    print(f"{len(failures)} failed")
    sys.exit(1 if failures else 0)
