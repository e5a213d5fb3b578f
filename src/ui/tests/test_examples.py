#!/usr/bin/python3
"""Every bundled example opened in the window, its first study edited, the curve checked.

Run by run-gui-test.sh (its copies of the examples in FLITLAB_EXAMPLES). For each example:
open it with Ctrl+O, select its first study, double the message length in the editor (the
backtracking hypercube's messages are single packets: one dimension fewer instead), save with
Ctrl+S, and read the saved file: the study's first model follows the edit (its parameters say
so, the editor does not call it a model of another network) and its curve is re-evaluated,
every finite latency changed.
"""
import os
import time
import xml.etree.ElementTree as ET

from dogtail import rawinput

from gui import app_window, check, find, finish, label_starting, named, shot

app, window = app_window()
examples = os.environ["FLITLAB_EXAMPLES"]


def first_study(path):
    """(name, first model's id, its parameters, its curve as {rate: latency}, routing, flits)
    of the project's first study."""
    study = ET.parse(path).getroot().find("study")
    model = study.find("model")
    curve = {}
    rows = model.find("curve")
    columns = rows.find("columns").text.split()
    for row in rows.findall("row"):
        values = dict(zip(columns, row.text.split()))
        curve[values["rate"]] = values["latency"]
    params = {p.get("name"): p.get("value") for p in model.findall("param")}
    return (study.get("name"), model.get("id"), params, curve, study.find("network").get("routing"),
            float(study.find("traffic").get("flits")))


def open_project(path, first_name):
    rawinput.keyCombo("<Control>o")
    # Type only once the chooser is there (a large project can keep the window busy).
    end = time.time() + 20
    while time.time() < end and not app.findChildren(lambda n: n.name == "Open a Project",
                                                     recursive=False):
        time.sleep(0.5)
    time.sleep(1)
    rawinput.typeText(path)
    time.sleep(0.5)
    rawinput.pressKey("Return")
    return find(window, "label", first_name, 20)


def edit(entry_name, value):
    """Types VALUE into the editor's entry row of this title and applies it with Enter."""
    entry = find(window, "text", entry_name, 5)
    if entry is None:
        return False
    entry.click()   # GTK 4.8 does not take grabFocus() from AT-SPI
    time.sleep(0.5)
    rawinput.keyCombo("<Control>a")
    rawinput.typeText(value)
    rawinput.pressKey("Return")
    time.sleep(2)
    return True


shown = os.environ["FLITLAB_TEST_PROJECT"]
for name in sorted(n for n in os.listdir(examples) if n.endswith(".flitlab")):
    path = os.path.join(examples, name)
    study, model, params, curve, routing, flits = first_study(path)
    label = name.removesuffix(".flitlab")
    # The project the app started with is open already, until another is opened.
    row = (find(window, "label", study) if path == shown else open_project(path, study))
    shown = path
    check(f"{label}: opens with its first study “{study}”", row is not None)
    if row is None:
        continue
    row.click()
    time.sleep(1.5)
    backtrack = routing == "backtrack"
    entry, key, value = (("Dimensions n (2ⁿ nodes)", "n", str(int(params["n"]) - 1)) if backtrack
                         else ("Flits per message (mean)", "flits", f"{2 * flits:g}"))
    check(f"{label}: the editor takes {entry} = {value}", edit(entry, value))
    shot(label)
    # The editor's row of the model: its parameters with the new value, and its saturation.
    follows = window.findChildren(lambda n: n.roleName == "label" and f"{key} = {value}" in n.name
                                  and ("saturates at" in n.name or "capacity" in n.name)
                                  and not n.name.startswith("Another network"), recursive=True)
    check(f"{label}: the editor shows the model with {key} = {value} and its saturation",
          follows != [])
    rawinput.keyCombo("<Control>s")
    time.sleep(2.5)
    _, model_after, params_after, curve_after, *_ = first_study(path)
    check(f"{label}: the saved model follows the edit ({key} {params.get(key)} → "
          f"{params_after.get(key)})",
          model_after == model and params_after.get(key) == value)
    changed = [r for r, v in curve_after.items() if r in curve and v not in ("saturated", "-")
               and curve[r] not in ("saturated", "-")]
    check(f"{label}: its curve is re-evaluated ({len(changed)} loads compared, all changed)",
          len(changed) > 0 and all(curve_after[r] != curve[r] for r in changed))
    # The Network view of a model that gives every link the same value says so (issue #15).
    if backtrack:
        rawinput.keyCombo("<Alt>2")
        time.sleep(2)
        check(f"{label}: the network view says the model gives every link the same value",
              find(window, "label", "The model gives every link the same value: it treats the "
                   "network as symmetric, so it shows no difference between links.", 5) is not None)
        rawinput.keyCombo("<Alt>1")
        time.sleep(1)

# A trace study plays its replay window by window on the Network view (issue #31, item 4).
label = "any-traffic"
trace = (open_project(os.path.join(examples, f"{label}.flitlab"), "A stencil and a reduction "
                      "(a trace)"))
check(f"{label}: lists its trace study", trace is not None)
if trace is not None:
    trace.click()
    time.sleep(1.5)
    rawinput.keyCombo("<Alt>2")
    time.sleep(2)
    area = named(window, "Network diagram", 5)
    if area is not None:
        area.click()
        rawinput.pressKey("Escape")
    rawinput.pressKey("space")
    time.sleep(3)
    status = label_starting(window, "Cycles ", 5) or ""
    clock = label_starting(window, "Load ", 2) or ""
    shot(f"{label}-replay")
    check(f"{label}: Play replays the trace window by window ({status!r}, {clock!r})",
          "Each window is coloured by its own traffic" in status and ", cycles " in clock)

finish()
