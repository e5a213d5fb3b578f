#!/usr/bin/python3
"""The window explored as a curious person explores it (issue #28, item 2): no script of
expected outcomes, only that the application keeps answering.

A new study and the studies of every bundled example (FLITLAB_EXAMPLES, opened with Ctrl+O):
in each, controls of the study editor get every value a person can give them (every item of a
dropdown, both states of a switch; in an entry row a valid value, the same again, an invalid one,
then the one it showed, each applied with Enter); then every view (Alt+1 to Alt+4 and the
textbook figures), presentation mode (F5, Escape), and a comparison of 2 and then 5 studies. The
new study is swept (New Sweep, a list, a range or a slip typed) and its group run, stopped,
compared or deleted, then Undo.

After every action: the application answers on the session bus within 500 ms (a main loop that
hangs does not), it has printed no GLib warning or critical (its log, FLITLAB_APP_LOG), and its
memory (VmRSS) is under 1 GiB. A failure is one FAIL line naming the study, the control and the
value; after a hang the run stops at once.

Every value of every control of every study takes too long: each study gets a few controls (the
new study 12, the others 1), the ones visited least so far first, ties broken by the seed
(--seed N; meson gives a fixed one), so that every control is visited somewhere in the run. The
Routing dropdown (with "Fully adaptive (Duato)") is always visited, first, on the new study (an
8×8 torus) and on the first torus study of the examples.

Run by run-gui-test.sh: test_explore.py [--seed N]
"""
import argparse
import collections
import math
import os
import random
import re
import sys
import time
import xml.etree.ElementTree as ET

import gi

gi.require_version("Gdk", "3.0")   # as dogtail's own
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gio, GLib, Gtk  # noqa: E402

from dogtail import rawinput, tree  # noqa: E402
from dogtail.config import config  # noqa: E402

from gui import app_window, check, finish, shot  # noqa: E402

# dogtail sleeps after every event by default (half a second to a second); this test waits
# for the application itself, on D-Bus, after each action. X keeps the events in order.
config.actionDelay = 0
config.defaultDelay = 0.02
config.typingDelay = 0.005

ANSWER_MS = 500          # the application answers within this
HUNG_S = 5               # no answer this long after that: a hang, and the run stops
MEMORY_LIMIT = 1 << 30   # bytes of VmRSS
SETTLE = 0.1             # seconds for an X event to reach the application before it is asked
CONTROLS_PER_STUDY = 1   # controls visited in each example study
NEW_STUDY_CONTROLS = 12  # and in the new study
NEW_STUDY = "New study"  # the name the window gives a study it adds
ROWS_MOVE = 0.5          # seconds the simulation's rows take to open or close

parser = argparse.ArgumentParser()
parser.add_argument("--seed", type=int, default=1)
args, _ = parser.parse_known_args()
rng = random.Random(args.seed)
started = time.time()

# ---- the checks after every action ------------------------------------------------------------

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def bus_call(name, path, interface, method, parameters, reply, timeout_ms):
    return bus.call_sync(name, path, interface, method, parameters, GLib.VariantType(reply),
                         Gio.DBusCallFlags.NONE, timeout_ms, None).unpack()


def application_name():
    """The application's name on the session bus (io.github.flitlab.Flitlab, or its development
    build's), once it has taken it."""
    for _ in range(40):
        names = bus_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                         "ListNames", None, "(as)", 1000)[0]
        ours = sorted(n for n in names if n.startswith("io.github.flitlab.Flitlab"))
        if ours:
            return ours[0]
        time.sleep(0.5)
    return None


APP_NAME = application_name()
APP_PATH = "/" + APP_NAME.replace(".", "/") if APP_NAME else None
APP_PID = (bus_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", GLib.Variant("(s)", (APP_NAME,)), "(u)", 1000)[0]
           if APP_NAME else None)
LOG = os.environ.get("FLITLAB_APP_LOG")
log_offset = 0


def answer_seconds(timeout_ms):
    """How long the application took to list its actions (org.gtk.Actions), or None. The call
    is answered by the main loop: one that is stuck does not answer."""
    start = time.time()
    try:
        bus_call(APP_NAME, APP_PATH, "org.gtk.Actions", "List", None, "(as)", timeout_ms)
    except GLib.Error:
        return None
    return time.time() - start


def new_warnings():
    """GLib warnings and criticals the application printed since the last look. GTK 4.8's own
    when AT-SPI asks for screen coordinates (which it cannot give under X11) is not one of ours,
    as in run-gui-test.sh."""
    global log_offset
    if not LOG or not os.path.exists(LOG):
        return []
    with open(LOG, "rb") as log:
        log.seek(log_offset)
        text = log.read().decode("utf-8", "replace")
        log_offset = log.tell()
    return [line for line in text.splitlines() if re.search(r"CRITICAL|WARNING", line)
            and "Screen coordinates not supported" not in line]


def main_thread_times():
    """(ms run, ms waited for a CPU) of the application's main thread so far (schedstat; none
    from a kernel without it)."""
    try:
        with open(f"/proc/{APP_PID}/task/{APP_PID}/schedstat") as stat:
            run, wait, _ = stat.read().split()
    except OSError:
        return 0.0, 0.0
    return int(run) / 1e6, int(wait) / 1e6


def memory():
    with open(f"/proc/{APP_PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


coverage = {"controls": set(), "values": 0, "studies": set(), "projects": 0, "actions": 0,
            "views": collections.Counter()}
slowest = (0.0, "")
peak_memory = 0
visits = collections.Counter()   # control: studies it was visited in
torus_routing = False            # the Routing dropdown visited on a torus study of the examples


def fail(message):
    """One FAIL line, and a screenshot beside it (gui-explore-fail-N.png)."""
    check(message, False)
    shot(f"fail-{coverage['actions']}")


def report():
    print(f"coverage: {len(coverage['controls'])} controls visited "
          f"({', '.join(sorted(coverage['controls']))}); "
          f"{coverage['values']} values set; {len(coverage['studies'])} studies visited in "
          f"{coverage['projects']} projects; views: "
          f"{', '.join(f'{k} ×{v}' for k, v in sorted(coverage['views'].items()))}; "
          f"{coverage['actions']} actions checked, "
          f"slowest answer {slowest[0] * 1000:.0f} ms ({slowest[1]}; waits for a CPU aside), "
          f"memory at most {peak_memory >> 20} MiB; seed {args.seed}; "
          f"{time.time() - started:.0f} s",
          flush=True)


def after(study, control, value):
    """The three checks after an action: control set to value in study. A hang ends the run.
    The 500 ms are the application's own: on two cores shared with other builds its main thread
    can be kept waiting for a CPU while it is asked, which the kernel counts (schedstat) and is
    not held against it."""
    global slowest, peak_memory
    coverage["actions"] += 1
    what = f"study “{study}”: {control} = “{value}”"
    time.sleep(SETTLE)
    ran, waited = main_thread_times()
    seconds = answer_seconds(ANSWER_MS)
    if seconds is None:
        late = answer_seconds(HUNG_S * 1000)
        if late is None:
            fail(f"{what}: the window hangs (no answer on D-Bus in {ANSWER_MS} ms, nor {HUNG_S} s "
                 f"later)")
            report()
            sys.exit(1)
        seconds = ANSWER_MS / 1000 + late
    now_ran, now_waited = main_thread_times()
    kept_waiting = (now_waited - waited) / 1000
    if seconds - kept_waiting > ANSWER_MS / 1000:
        fail(f"{what}: the window answers only after {seconds:.1f} s (more than {ANSWER_MS} ms; "
             f"its main thread ran {now_ran - ran:.0f} ms and waited "
             f"{kept_waiting * 1000:.0f} ms for a CPU)")
    elif seconds > ANSWER_MS / 1000:
        progress(f"note: {what}: the window answers after {seconds:.1f} s, of which its main "
                 f"thread waited {kept_waiting:.1f} s for a CPU "
                 f"(load {open('/proc/loadavg').read().split()[0]})")
    if seconds - kept_waiting > slowest[0]:
        slowest = (seconds - kept_waiting, what)
    for line in new_warnings():
        fail(f"{what}: the application warns: {line.strip()[:300]}")
    peak_memory = max(peak_memory, memory())
    if peak_memory >= MEMORY_LIMIT:
        fail(f"{what}: the application takes {peak_memory >> 20} MiB (1 GiB at most)")
        report()
        sys.exit(1)


def progress(text):
    print(f"{time.time() - started:5.0f} s {text}", flush=True)


# ---- driving the window -----------------------------------------------------------------------

clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)


def walk(node, wanted, found):
    """The nodes of node's subtree with a role in wanted, not looking inside controls, labels or
    images: GTK 4.8 keeps no AT-SPI cache, each question is a D-Bus call."""
    for child in node.children:
        role = child.roleName
        if role in wanted:
            found.append(child)
        if role not in ("label", "image", "scroll bar", "text", "combo box", "check box"):
            walk(child, wanted, found)
    return found


def pane_of(node):
    """The scroll pane node is in (the editor's, the figure's, the sidebar's)."""
    while node is not None and node.roleName != "scroll pane":
        node = node.parent
    return node


def shown(node):
    try:
        return node is not None and node.size[1] > 0
    except Exception:
        return False


TOAST_ROOM = 80   # pixels at the bottom of a pane where a toast may lie
at_end = {}       # id(node): where it stays, its pane scrolled to the end


def into_view(node):
    """Scrolls node's pane with the wheel until node is on screen, above where toasts show if
    it can be; False if it is not shown."""
    pane = pane_of(node)
    if pane is None:
        return True   # not in a scroll pane: always on screen
    top, bottom = pane.position[1] + 4, pane.position[1] + pane.size[1] - 4
    x, y = pane.position[0] + pane.size[0] // 2, pane.position[1] + pane.size[1] // 2
    for _ in range(12):
        node_y, node_h = node.position[1], node.size[1]
        if node_h <= 0:
            return False
        below = node_y + node_h > bottom - TOAST_ROOM
        if node_y >= top and (not below or at_end.get(id(node)) == node_y):
            return True
        steps = math.ceil(abs((node_y + node_h - bottom + TOAST_ROOM) if below
                              else (top - node_y)) / 80)
        for _ in range(max(1, min(steps, 10))):   # about 80 pixels a step
            rawinput.click(x, y, button=5 if below else 4)
        if not moved(node, node_y):   # at the end of the pane: as far as it goes
            at_end[id(node)] = node_y
            return node_y >= top and node_y + node_h <= bottom
    return False


def moved(node, node_y, timeout=0.6):
    end = time.time() + timeout
    while time.time() < end:
        time.sleep(0.05)
        if node.position[1] != node_y:
            time.sleep(0.05)   # the rest of the steps
            return True
    return False


def covered(x, y):
    """Whether something dark lies over the screen around (x, y): a toast (GTK 4.8 does not put
    toasts on the accessibility bus) over the bottom of the window."""
    root = Gdk.get_default_root_window()
    for line in (y - 12, y, y + 12):
        pixbuf = Gdk.pixbuf_get_from_window(root, x - 40, line, 80, 1)
        pixels, step = pixbuf.get_pixels(), pixbuf.get_n_channels()
        dark = sum(1 for i in range(0, 80 * step, step) if sum(pixels[i:i + 3]) < 300)
        if dark > 48:
            return True
    return False


def wait_for_toasts(x, y):
    """Waits, the pointer away (a toast under it stays), until no toast covers (x, y); one may
    still be sliding in. A toast goes 8 seconds after it came."""
    rawinput.absoluteMotion(x, 60)
    time.sleep(0.3)
    end = time.time() + 12
    while covered(x, y) and time.time() < end:
        time.sleep(0.3)


def click(node):
    """A pointer click in the middle of node, scrolled into view first. Near the bottom of the
    window, once no toast covers it."""
    if not shown(node) or not into_view(node):
        return False
    (x, y), (w, h) = node.position, node.size
    pane = pane_of(node)
    x, y = x + w // 2, y + h // 2
    if pane is None or y > pane.position[1] + pane.size[1] - TOAST_ROOM:
        wait_for_toasts(x, y)
    rawinput.click(x, y)
    return True


def read_clipboard(timeout=2.0):
    """The clipboard's text, asked for without blocking on an application that does not answer."""
    result = []
    clipboard.request_text(lambda _clipboard, text: result.append(text))
    end = time.time() + timeout
    while not result and time.time() < end:
        Gtk.main_iteration_do(False)
        time.sleep(0.01)
    return result[0] if result else None


def type_into(entry, text):
    """Types text over entry's and applies it with Enter."""
    if not click(entry):
        return False
    rawinput.keyCombo("<Control>a")
    if text:
        rawinput.typeText(text)
    else:
        rawinput.pressKey("BackSpace")
    rawinput.pressKey("Return")
    return True


def entry_text(entry):
    """What entry shows: GTK 4.8 gives AT-SPI no text of an entry row, so it is copied. Three
    tries: on a loaded machine a key or the clipboard's answer can come too late for one."""
    if not click(entry):
        return None
    text = None
    # Clicked once only: a second click soon after would be a double click, selecting a word.
    for _ in range(3):
        clipboard.set_text("", -1)
        rawinput.keyCombo("<Control>a")
        rawinput.keyCombo("<Control>c")
        time.sleep(0.05)
        text = read_clipboard()
        if text:
            return text
    return text


# ---- dropdowns --------------------------------------------------------------------------------

def popover_of(combo):
    found = combo.findChildren(lambda n: n.name == "GtkPopover", recursive=True)
    return found[0] if found else None


def combo_shown(combo):
    """The item a dropdown shows: the label of its own list, not of its popover."""
    labels = []
    for child in combo.children:
        labels += [n.name for n in walk(child, ("label",), []) if n.name != combo.name]
    return labels[0] if labels else None


def can_open(combo):
    """Whether the dropdown offers a choice: it shows its arrow (one with a single item does
    not). The arrow is the combo's own image, not one in its list or popover."""
    def images(node):
        for child in node.children:
            if child.roleName == "image":
                yield child
            elif child.roleName not in ("list", "filler", "label"):
                yield from images(child)
    return any(shown(n) for n in images(combo))


def open_popover(combo):
    """Opens the dropdown; the names of its items in order ([] if it did not open)."""
    if not click(combo):
        return []
    # Open once an item has the keyboard: keys sent before go to the row.
    end = time.time() + 3
    while time.time() < end:
        time.sleep(0.1)
        popover = popover_of(combo)
        if shown(popover) and any(n.focused for n in walk(popover, ("list item",), [])):
            return [n.name for n in walk(popover, ("label",), []) if n.name]
    return []


def choose(combo, item):
    """Opens the dropdown and picks the item with the keyboard (GTK 4.8 places a popover's
    contents wrongly on the accessibility bus, so a click would miss); False if not offered."""
    names = open_popover(combo)
    if item not in names:
        rawinput.pressKey("Escape")
        return False
    rawinput.pressKey("Home")
    for _ in range(names.index(item)):
        rawinput.pressKey("Down")
    rawinput.pressKey("Return")
    return True


# ---- the study editor -------------------------------------------------------------------------

# Entry rows by title (the size's title follows the family) and the key they are counted by.
ENTRY_TITLES = {
    "Name": "name",
    "Nodes per dimension, as 8x8 or 16x16x16": "size",
    "Dimensions n (2ⁿ nodes)": "size",
    "Base dimensions n and necklace size k, as n,k": "size",
    "Share of messages to the hotspot node 0": "hotspot",
    "Flits per message (mean)": "flits",
    "Flit width (bits)": "flit width",
    "From (messages per cycle per node)": "rate from",
    "To (messages per cycle per node)": "rate to",
    "Loads": "loads",
    "Virtual channels (0: the fewest the routing needs)": "vcs",
    "Flit buffer depth": "buffer",
    "Message buffers per node (backtracking)": "node buffers",
    "Replications": "replications",
    "Measured cycles": "cycles",
    "Warm-up cycles (0: until the mean settles)": "warmup",
    "Seed": "seed",
}
SIMULATION_ENTRIES = ("vcs", "buffer", "node buffers", "replications", "cycles", "warmup", "seed")
COMBOS = ("Topology", "Links", "Routing", "Destinations half way round", "Destinations",
          "Message length")
SIMULATION = "Flit-level simulation"
DEADLOCK = "Deadlock lab"
MODEL = "model: "
# Values no entry can take (a name: none, or another study's).
INVALID = ["abc", "-1", "", "1e999", "0x", "1,5", "99999999999999999999999", "NaN"]
INVALID_SIZES = ["abc", "-1", "", "0x", "x4", "4xx4", "0"]


class Editor:
    """The study editor's controls in a window, {key: node}, found once and again only when
    one is missing (a walk of the editor costs a third of a second)."""

    def __init__(self, window):
        topology = window.findChildren(lambda n: n.roleName == "combo box" and n.name == "Topology",
                                       recursive=True)
        self.pane = pane_of(topology[0])
        self.refresh()

    def refresh(self):
        self.nodes, self.simulation_rows = {}, []
        for node in walk(self.pane, ("text", "combo box", "check box", "list item"), []):
            role, name = node.roleName, node.name
            if role == "list item" and name == SIMULATION:
                self.simulation_rows.append(node)   # the expander row, then its header
            if role == "text" and name in ENTRY_TITLES:
                self.nodes[ENTRY_TITLES[name]] = node
            elif role == "combo box" and name in COMBOS:
                self.nodes[name] = node
            elif role == "check box" and name.startswith(DEADLOCK):
                self.nodes[DEADLOCK] = node
            elif role == "check box" and name == "GtkSwitch":
                self.nodes[SIMULATION] = node   # the expander row's switch, which has no name
            elif role == "check box":
                self.nodes[MODEL + name] = node
        return self.nodes

    def get(self, key):
        """key's node if it is shown, else None. GTK 4.8 keeps the size a row had before its
        expander row closed: the simulation's rows are shown while that is open."""
        if key in SIMULATION_ENTRIES + (DEADLOCK,) and not self.simulation_open():
            return None
        node = self.nodes.get(key)
        if not shown(node):
            node = self.refresh().get(key)
        return node if shown(node) else None

    def simulation_open(self):
        """Whether the simulation's rows show: the expander row is taller than its header."""
        return self.simulation_rows[0].size[1] > self.simulation_rows[1].size[1] + 20


def valid_value(key, shown_text):
    """A value the study can take for entry key, other than the one shown."""
    def other(*choices):
        return next(c for c in choices if c != shown_text)
    if key == "name":
        return shown_text + " (explored)"
    if key == "size":
        if "," in shown_text:
            return other("2,3", "3,4")
        return other("4x4", "6x6") if "x" in shown_text else other("4", "5")
    try:
        number = float(shown_text)
    except ValueError:
        number = 1.0
    return {"hotspot": other("0.2", "0.3"), "flits": other("16", "8"),
            "flit width": other("16", "32"),
            "rate from": f"{number / 2:.6g}", "rate to": f"{number * 0.9:.6g}",
            "loads": other("5", "6"),
            "vcs": other("0", "2"), "buffer": other("2", "4"), "node buffers": other("8", "10"),
            "replications": other("1", "2"), "cycles": other("5000", "6000"),
            "warmup": other("1000", "0"), "seed": other("7", "8")}[key]


def invalid_value(key, study, studies):
    if key == "name":
        return rng.choice([""] + [s for s in studies if s != study][:1])
    return rng.choice(INVALID_SIZES if key == "size" else INVALID)


# ---- visiting a control: every value ----------------------------------------------------------

def visit_entry(editor, study, key, studies):
    """A valid value, the same again, an invalid one, the one shown before."""
    node = editor.get(key)
    before = entry_text(node) if node is not None else None
    if before is None:
        return False
    valid = valid_value(key, before)
    for value in (valid, valid, invalid_value(key, study, studies), before):
        if not type_into(editor.get(key), value):
            return False
        coverage["values"] += 1
        after(study, key, value)
    return True


def visit_combo(editor, study, name):
    """Every item in turn, then the one shown before."""
    combo = editor.get(name)
    if combo is None:
        return False
    before = combo_shown(combo)
    items = open_popover(combo)
    rawinput.pressKey("Escape")
    time.sleep(0.2)
    if not items:
        fail(f"study “{study}”: the dropdown {name} does not open")
        return False
    for item in items + [before]:
        combo = editor.get(name)     # Links and ties are hidden on some networks
        if combo is None:
            break
        shown = combo_shown(combo)
        if choose(combo, item):
            coverage["values"] += 1
            if item in FILE_ITEMS:
                cancel_file_chooser(study, combo, shown, item)
            after(study, name, item)
    return True


# The items that ask for a file first, and their choosers' titles: the chooser opens, and
# cancelled, the study keeps what it had. A study that keeps a matrix or a trace from before
# another pattern takes it back without asking.
FILE_ITEMS = {"Matrix from file…": "Traffic Matrix", "Trace from file…": "Trace",
              "Network from a file…": "Network File"}


def cancel_file_chooser(study, combo, last, item):
    """Cancelled, the dropdown shows what it showed before again."""
    end = time.time() + 5
    dialog = None
    while dialog is None and time.time() < end:
        time.sleep(0.2)
        dialog = next((c for c in tree.root.application("flitlab").children
                       if c.name == FILE_ITEMS[item]),
                      None)
    if dialog is None:
        if combo_shown(combo) != item:
            fail(f"study “{study}”: “{item}” opens no file chooser and takes no file kept")
        return
    rawinput.pressKey("Escape")
    time.sleep(0.5)
    if combo_shown(combo) != last:
        fail(f"study “{study}”: the chooser of “{item}” cancelled leaves “{combo_shown(combo)}”")


def visit_switch(editor, study, key):
    """Switched, and switched back (a model of another network, kept for comparison, cannot
    come back: its switch is greyed once it is off)."""
    for turn in (1, 2):
        node = editor.get(key)
        if node is None or not node.sensitive:
            return turn == 2
        state = "off" if node.checked else "on"
        if not click(node):
            return False
        coverage["values"] += 1
        after(study, key, state)
        if key == SIMULATION:
            time.sleep(ROWS_MOVE)
    return True


def reach_simulation(editor, study):
    """Shows the simulation's rows: switches it on if it is off, opens its row if it is closed
    (a window's first study with a simulation shows it closed). True if it switched it on (the
    caller switches it off again)."""
    switched = False
    if not editor.get(SIMULATION).checked and click(editor.get(SIMULATION)):
        coverage["values"] += 1
        after(study, SIMULATION, "on, to reach its rows")
        time.sleep(ROWS_MOVE)
        switched = True
    if not editor.simulation_open() and click(editor.simulation_rows[1]):
        after(study, SIMULATION, "opened")
        time.sleep(ROWS_MOVE)
    return switched


def leave_simulation(editor, study):
    if click(editor.get(SIMULATION)):
        coverage["values"] += 1
        after(study, SIMULATION, "off again")
        time.sleep(ROWS_MOVE)


def visit_hotspot(editor, study, studies):
    """The hotspot's share, shown for hotspot traffic only: that chosen first, then put back."""
    before = combo_shown(editor.get("Destinations"))
    if not choose(editor.get("Destinations"), "Hotspot"):
        return False
    after(study, "Destinations", "Hotspot")
    done = visit_entry(editor, study, "hotspot", studies)
    if choose(editor.get("Destinations"), before):
        after(study, "Destinations", before)
    return done


def visit(editor, study, key, studies):
    """Every value of one control; True if it was there to visit."""
    if key in COMBOS:
        done = visit_combo(editor, study, key)
    elif key == "hotspot":
        done = visit_hotspot(editor, study, studies)
    elif key in SIMULATION_ENTRIES or key == DEADLOCK:
        switched_on = reach_simulation(editor, study)
        done = (visit_switch(editor, study, key) if key == DEADLOCK
                else visit_entry(editor, study, key, studies))
        if switched_on:
            leave_simulation(editor, study)
    elif key == SIMULATION or key.startswith(MODEL):
        done = visit_switch(editor, study, key)
    else:
        done = visit_entry(editor, study, key, studies)
    if done:
        coverage["controls"].add(key)
        visits[key] += 1
    return done


def offered(editor):
    """The controls a person can reach in the study shown: the shown ones, the hotspot's share
    through the destinations, the simulation's rows through its switch; greyed switches not."""
    found = editor.refresh()
    keys = {k for k, node in found.items() if shown(node)
            and k not in SIMULATION_ENTRIES + (DEADLOCK,)
            and not (k.startswith(MODEL) and not node.sensitive)
            and not (k in COMBOS and not can_open(node))}
    if "Destinations" in keys:
        keys.add("hotspot")
    if SIMULATION in keys:
        # Backtracking has message buffers per node, no virtual channels, flit buffers or lab.
        backtracking = combo_shown(found["Routing"]).startswith("Backtracking")
        keys |= {"replications", "cycles", "warmup", "seed"}
        keys |= {"node buffers"} if backtracking else {"vcs", "buffer", DEADLOCK}
        # A trace's rows that do not apply to it are greyed (replayed once per load).
        keys -= {k for k in SIMULATION_ENTRIES if k in found and not found[k].sensitive}
    return sorted(keys)


def sample(keys, n, always=()):
    """n of keys: always first, then the ones visited least so far, ties in the seed's order."""
    keys = list(keys)
    rng.shuffle(keys)
    keys.sort(key=lambda k: visits[k])
    chosen = [k for k in always if k in keys]
    return chosen + [k for k in keys if k not in chosen][:max(0, n - len(chosen))]


def explore_study(editor, study, studies, n, always=()):
    coverage["studies"].add(study)
    chosen = sample(offered(editor), n, always)
    # The topology last: it replaces the network's size.
    chosen.sort(key=lambda k: k == "Topology")
    progress(f"{study}: {', '.join(chosen)}")
    for key in chosen:
        if not visit(editor, study, key, studies):
            fail(f"study “{study}”: {key} could not be visited")


# ---- studies, views, comparisons --------------------------------------------------------------

class Sidebar:
    """The list of studies of a window."""

    def __init__(self, window):
        self.list = window.findChildren(lambda n: n.roleName == "list" and n.name == "Studies",
                                        recursive=True)[0]

    def row(self, study):
        return next((n for n in self.list.children if n.name == study), None)


def select(sidebar, study):
    if not click(sidebar.row(study)):
        fail(f"study “{study}” is not in the sidebar")
        return False
    after(study, "the sidebar", "selected")
    return True


def press_keys(study, keys, what):
    rawinput.keyCombo(keys)
    coverage["views"][what] += 1
    after(study, "the window", f"{what} ({keys})")


VIEWS = ((1, "Plot"), (2, "Network"), (3, "Flow"), (4, "Dependencies"))


def visit_views(window, study):
    """Every figure (the plot last), the network's textbook figures opened and closed,
    presentation mode."""
    progress(f"the views of “{study}”")
    for number, view in VIEWS[1:] + VIEWS[:1]:
        press_keys(study, f"<Alt>{number}", f"the {view} view")
        if view == "Network":
            expander = window.findChildren(
                lambda n: n.roleName == "push button" and n.name == "GtkExpander"
                and n.findChildren(lambda c: c.name == "Textbook figures", recursive=True),
                recursive=True)
            for state in ("opened", "closed"):
                if expander and click(expander[0]):
                    coverage["views"]["the textbook figures"] += 1
                    after(study, "Textbook figures", state)
    press_keys(study, "F5", "presentation mode")
    press_keys(study, "<Alt>2", "the Network view presented")
    press_keys(study, "<Alt>1", "the Plot view presented")
    press_keys(study, "Escape", "leaving presentation mode")


def compare(window, sidebar, studies):
    """The first study selected, Compare on, 1 more Ctrl+clicked (2 compared), then 3 more (5,
    or as many as the project has), each in every view; Compare off again."""
    progress("comparing")
    button = window.findChildren(lambda n: n.roleName == "push button" and n.name == "Compare",
                                 recursive=True)
    if not button or not select(sidebar, studies[0]) or not click(button[0]):
        fail("the sidebar has no Compare button")
        return
    after(studies[0], "Compare", "on")
    most = min(5, len(studies))
    for count, added in ((2, studies[1:2]), (most, studies[2:most])):
        if count <= 2 and not added:
            continue
        compared = ", ".join(studies[:count])
        rawinput.holdKey("Control_L")
        for study in added:
            click(sidebar.row(study))
        rawinput.releaseKey("Control_L")
        after(compared, "the sidebar", f"Ctrl+click up to {count} studies")
        title = f"Comparing {count} studies"
        if not window.findChildren(lambda n: n.roleName == "label" and n.name == title,
                                   recursive=True):
            fail(f"Compare does not show “{title}”")
        coverage["views"][f"comparing {count} studies"] += 1
        for number, view in VIEWS:
            press_keys(compared, f"<Alt>{number}", f"the {view} view of {count} studies")
    press_keys(studies[0], "<Alt>1", "the Plot view")
    click(button[0])
    after(studies[0], "Compare", "off")


# Values a person may type in New Sweep's first row (the virtual channels): lists, ranges, slips.
SWEEP_VALUES = ("2, 3", "1..4", "2..8:2", "0..0.5:0.1", "abc", "", "4..2", "1..5000", "2 2")
GROUP_ACTIONS = ("Run Group", "Stop Group", "Compare Group", "Delete Group")


def sweep(app, window, sidebar, study):
    """New Sweep of the study: a value typed in its row, Create (or Cancel when it cannot make
    them); then an item of the group's menu and Undo."""
    progress(f"a sweep of “{study}”")
    if not select(sidebar, study):
        return
    button = window.findChildren(lambda n: n.roleName == "push button" and n.name == "New Sweep",
                                 recursive=True)
    if not button or not click(button[0]):
        fail("the sidebar has no New Sweep button")
        return
    after(study, "New Sweep", "opened")
    dialogs = [c for c in app.children if c.name.startswith("New Sweep of")]
    if not dialogs:
        fail("New Sweep opens no dialog")
        return
    value = rng.choice(SWEEP_VALUES)
    rawinput.pressKey("Tab")
    rawinput.pressKey("Tab")
    rawinput.keyCombo("<Control>a")
    if value:
        rawinput.typeText(value)
    else:
        rawinput.pressKey("BackSpace")
    time.sleep(0.4)   # the summary follows the typing after a pause
    after(study, "New Sweep: Virtual channels", value)
    create = dialogs[0].findChildren(lambda n: n.roleName == "push button" and n.name == "Create",
                                     recursive=True)
    made = create and create[0].sensitive
    coverage["views"]["New Sweep, " + ("created" if made else "cancelled")] += 1
    rawinput.pressKey("Return" if made else "Escape")
    after(study, "New Sweep", "created" if made else "closed")
    if not made:
        # Escape closes it; the Cancel button when it does not.
        cancel = [n for d in app.children if d.name.startswith("New Sweep of")
                  for n in d.findChildren(lambda n: n.roleName == "push button"
                                          and n.name == "Cancel", recursive=True)]
        if cancel:
            click(cancel[0])
            after(study, "New Sweep", "cancelled")
        return
    menu = []
    for _ in range(20):
        menu = window.findChildren(lambda n: n.roleName == "push button"
                                   and n.name == "Group Menu" and shown(n), recursive=True)
        if menu:
            break
        time.sleep(0.3)
    if not menu or not click(menu[0]):
        fail("a sweep makes no group with a menu in the sidebar")
        return
    action = rng.choice(GROUP_ACTIONS)
    time.sleep(0.3)
    items = app.findChildren(lambda n: n.roleName == "menu item" and n.name == action,
                             recursive=True)
    if not items:
        fail(f"the group's menu has no {action}")
        rawinput.pressKey("Escape")
        return
    # A popover's items have no screen coordinates under X11 (GTK 4.8): their action.
    items[0].doActionNamed("click")
    coverage["views"]["the group's " + action] += 1
    after(study, "the group's menu", action)
    rawinput.keyCombo("<Control>z")
    after(study, "the window", "Undo")


# ---- projects ---------------------------------------------------------------------------------

def project(path):
    """(title, study names) of a project file."""
    root = ET.parse(path).getroot()
    return root.get("title"), [s.get("name") for s in root.findall("study")]


def open_project(app, window, path, title):
    """Ctrl+O, the path typed: the project opens in a window of its own when this one has
    changes; that one is closed then, its changes discarded. The project's window, or None."""
    progress(f"opening {os.path.basename(path)}")
    rawinput.keyCombo("<Control>o")
    end = time.time() + 20
    while time.time() < end and not [c for c in app.children if c.name == "Open a Project"]:
        time.sleep(0.3)
    time.sleep(0.5)
    rawinput.typeText(path)
    rawinput.pressKey("Return")
    after(title, "Open a Project", os.path.basename(path))
    end = time.time() + 60
    found = None
    while time.time() < end and found is None:
        time.sleep(0.5)
        found = next((c for c in app.children if c.name == title), None)
    if found is None:
        return None
    after(title, "the window", "opened")
    if found != window:
        close_window(app, window, title)
    coverage["projects"] += 1
    return found


def close_window(app, window, title):
    """Its Close button, and Discard in the dialog that asks about its changes."""
    close = window.findChildren(lambda n: n.roleName == "push button" and n.name == "Close",
                                recursive=True)
    if not close:
        return
    close[0].doActionNamed("click")
    after(title, "the previous window", "closed")
    end = time.time() + 10
    while time.time() < end:
        discard = [n for d in app.children if d.roleName == "dialog"
                   for n in d.findChildren(lambda n: n.roleName == "push button"
                                           and "Discard" in n.name,
                                           recursive=True)]
        if discard:
            discard[0].doActionNamed("click")
            after(title, "Save Changes?", "Discard")
            return
        time.sleep(0.3)


def add_study(window, sidebar):
    # The sidebar's button (the empty project's page has one too, hidden).
    button = window.findChildren(lambda n: n.roleName == "push button" and n.name == "Add a Study"
                                 and shown(n), recursive=True)
    click(button[0])
    after(NEW_STUDY, "Add a Study", "clicked")
    for _ in range(20):
        if sidebar.row(NEW_STUDY) is not None:
            return NEW_STUDY
        time.sleep(0.3)
    fail(f"Add a Study adds no “{NEW_STUDY}” to the sidebar")
    return None


def attempt(what, step, *step_args):
    """step(*step_args), again once if an AT-SPI call got no answer while the application
    answers on D-Bus (a loaded machine); one that got none while it does not is a hang."""
    for again in (False, True):
        try:
            return step(*step_args)
        except GLib.Error as error:
            late = answer_seconds(HUNG_S * 1000)
            if late is None:
                fail(f"{what}: the window hangs (no answer on the accessibility bus, nor on D-Bus "
                     f"in {HUNG_S} s)")
                report()
                sys.exit(1)
            progress(f"{what}: no answer on the accessibility bus ({error.message[:60]}…), "
                     f"the application answers on D-Bus in {late * 1000:.0f} ms"
                     + ("" if again else "; again"))
    fail(f"{what}: the accessibility bus does not answer")
    return None


def explore_one(editor, sidebar, study, studies):
    global torus_routing
    if not select(sidebar, study):
        return
    always = ()
    if not torus_routing and combo_shown(editor.get("Topology")) == "Torus":
        always, torus_routing = ("Routing",), True
    explore_study(editor, study, studies, CONTROLS_PER_STUDY, always)


def explore_project(window, path):
    """Every study of the project; the views on one of them."""
    _, studies = project(path)
    editor, sidebar = Editor(window), Sidebar(window)
    for study in studies:
        attempt(f"study “{study}”", explore_one, editor, sidebar, study, studies)
    viewed = rng.choice(studies)
    attempt(f"the views of “{viewed}”", visit_views, window, viewed)


def main():
    check(f"the application is on the session bus ({APP_NAME}, pid {APP_PID})", APP_PID is not None)
    if APP_PID is None:
        sys.exit(1)
    app, window = app_window()
    examples = os.environ["FLITLAB_EXAMPLES"]
    started_with = os.environ["FLITLAB_TEST_PROJECT"]
    title, studies = project(started_with)
    sidebar = None
    for _ in range(60):
        sidebar = Sidebar(window)
        if sidebar.row(studies[0]) is not None:
            break
        time.sleep(0.5)
    after(title, "the window", "opened")
    coverage["projects"] += 1

    # A new study, the Routing dropdown first.
    new = add_study(window, sidebar)
    if new is not None:
        attempt(f"study “{new}”", explore_study, Editor(window), new, studies + [new],
                NEW_STUDY_CONTROLS,
                ("Routing",))
        attempt(f"a sweep of “{new}”", sweep, app, window, sidebar, new)
    # The project it started with: its studies, the views, 2 and then 5 studies compared.
    explore_project(window, started_with)
    attempt("comparing", compare, window, sidebar, studies + [new])
    # The other examples, each through Ctrl+O.
    for name in sorted(os.listdir(examples)):
        path = os.path.join(examples, name)
        if name.endswith(".flitlab") and path != started_with:
            title, _ = project(path)
            window = attempt(f"opening {name}", open_project, app, window, path, title)
            if window is None:
                fail(f"{name} does not open in a window")
                break
            explore_project(window, path)
    report()
    total = 1 + sum(len(project(os.path.join(examples, n))[1]) for n in os.listdir(examples)
                    if n.endswith(".flitlab"))
    check(f"every study of every example was visited ({len(coverage['studies'])} of {total})",
          len(coverage["studies"]) == total)


if __name__ == "__main__":
    main()
    finish()
