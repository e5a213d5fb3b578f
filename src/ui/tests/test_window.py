#!/usr/bin/python3
"""The Flitlab window as a person uses it, through the accessibility tree (dogtail).

Run by run-gui-test.sh inside its own D-Bus session and X server. Exits 0 when every check
holds; prints one line per check.
"""
import os
import subprocess
import time

from dogtail import rawinput

from gui import app_window, check, find, finish, named, press, shot

app, window = app_window()

check("the window shows the project's title",
      find(window, "label", "A tour of Flitlab") is not None)
for study in ("16×16×16 uni torus (Ciciani Table 2)", "6×6×6 bi torus", "8×8 mesh vs torus"):
    check(f"the sidebar lists “{study}”", find(window, "label", study) is not None)

# Every control has a name for assistive technologies, except the items GTK 4.8 builds inside
# a combo row's list (the combo itself is named).
CONTROLS = {"push button", "toggle button", "list item", "check box", "combo box", "text", "slider",
            "spin button", "radio button", "page tab", "switch"}


def in_combo(node):
    for _ in range(5):
        node = node.parent
        if node is None:
            return False
        if node.roleName == "combo box":
            return True
    return False


unnamed = [n.roleName for n in window.findChildren(lambda n: n.roleName in CONTROLS, recursive=True)
           if not (n.name or "").strip() and not in_combo(n)]
check(f"every control has an accessible name ({unnamed})", unnamed == [])

row = find(window, "label", "6×6×6 bi torus")
if row is not None:
    row.click()
    time.sleep(1)
check("selecting a study shows its network in the editor",
      find(window, "label",
           "216 nodes, 1296 network channels; 4.521 hops on average, at most 9") is not None)
check("the plot has an accessible name",
      find(window, "image", "Latency against load", 3) is not None
      or window.findChildren(lambda n: n.name == "Latency against load", recursive=True) != [])
shot("study")

# A simulation on a background thread: the window keeps answering, a progress bar shows, and
# Stop ends it.
run = named(window, "Run Simulation")
check("the study page has a Run Simulation button", run is not None)
if run is not None:
    press(run)
    check("a progress bar shows while it runs",
          named(window, "Simulation progress", 10) is not None)
    stop = named(window, "Stop", 10)
    check("Run Simulation turns into Stop", stop is not None)
    if stop is not None:
        press(stop)
        check("Stop ends the simulation", named(window, "Run Simulation", 20) is not None)

# A short one runs to the end and its points reach the study; meanwhile another study runs
# too, and each has its own Stop.
row = find(window, "label", "8×8 mesh vs torus")
if row is not None:
    row.click()
    time.sleep(1)
run = named(window, "Run Simulation")
if run is not None:
    press(run)
    other = find(window, "label", "16×16×16 uni torus (Ciciani Table 2)")
    if other is not None:
        other.click()
        time.sleep(1)
        second = named(window, "Run Simulation", 5)
        if second is not None:
            press(second)
        check("a second study simulates at the same time", named(window, "Stop", 10) is not None)
        stop = named(window, "Stop", 5)
        if stop is not None:
            press(stop)
        check("stopping it leaves the first running",
              named(window, "Run Simulation", 10) is not None)
        row.click()
        time.sleep(1)
    done = find(window, "label", "19 loads simulated", 120)
    check("a finished simulation's points reach the study", done is not None)
    time.sleep(1)
shot("simulated")

# Editing: switching a model off takes its curve away; Ctrl+Z brings it back, Ctrl+Shift+Z
# takes it away again. The model's row shows its saturation load while it is in the study.
def model_row_saturates():
    return window.findChildren(lambda n: n.roleName == "label"
                               and n.name.startswith("flits = 20, k = 8")
                               and "saturates" in n.name, recursive=True) != []


mesh = window.findChildren(lambda n: n.roleName == "check box"
                           and n.name.startswith("Greenberg and Guan 1997: k×k mesh"),
                           recursive=True)
check("the editor lists the mesh model with a switch", mesh != [] and model_row_saturates())
if mesh:
    mesh[0].doActionNamed("toggle")
    time.sleep(1)
    check("switching the model off takes its curve away", not model_row_saturates())
    shot("model-off")
    rawinput.keyCombo("<Control>z")
    time.sleep(1)
    check("Ctrl+Z brings the model back", model_row_saturates())
    rawinput.keyCombo("<Control><Shift>z")
    time.sleep(1)
    check("Ctrl+Shift+Z takes it away again", not model_row_saturates())
    rawinput.keyCombo("<Control>z")
    time.sleep(1)

# Studies: duplicate the selected one, delete the copy, undo the deletion from the toast.
dup = named(window, "Duplicate the Study", 5)
check("the sidebar has a Duplicate button", dup is not None)
if dup is not None:
    press(dup)
    check("duplicating adds the copy to the sidebar",
          find(window, "label", "8×8 mesh vs torus (copy)", 5) is not None)
    delete = named(window, "Delete the Study", 5)
    if delete is not None:
        press(delete)
        time.sleep(1)
        gone = not window.findChildren(lambda n: n.roleName == "label"
                                       and n.name == "8×8 mesh vs torus (copy)",
                                       recursive=True)
        check("deleting removes it", gone)
        shot("deleted")
        # The toast's Undo button is on screen (gui-window-deleted.png) but GTK 4.8 does not
        # expose toasts to AT-SPI: undo with its key, Ctrl+Z.
        rawinput.keyCombo("<Control>z")
        check("Ctrl+Z brings it back",
              find(window, "label", "8×8 mesh vs torus (copy)", 5) is not None)

# Comparison mode: the plot overlays the selected studies and the editor steps aside.
compare = named(window, "Compare", 5)
check("the sidebar has a Compare button", compare is not None)
if compare is not None:
    press(compare)
    time.sleep(1)
    check("Compare shows the comparison", find(window, "label", "Comparing 1 study", 5) is not None)
    shot("compare")
    press(compare)
    time.sleep(1)
    check("leaving it brings the editor back", find(window, "label", "Comparing 1 study", 1) is None
          and window.findChildren(lambda n: n.roleName == "check box"
                                  and n.name.startswith("Greenberg"),
                                  recursive=True) != [])

# The value axis can be logarithmic; the plot redraws (a screenshot shows it).
log = named(window, "Logarithmic", 5)
check("the plot has a logarithmic-axis switch", log is not None)
if log is not None:
    press(log)
    time.sleep(1)
    shot("log")
    press(log)

# The results table below the plot: a row per simulated load, taking the focus; the arrows
# choose a row, and its load is the one the network view shows (and the plot marks).
table = named(window, "Table", 5)
check("the plot has a Table switch", table is not None)
if table is not None:
    press(table)
    check("the table lists the study's 19 loads", find(window, "label", "19 loads", 5) is not None)
    rawinput.pressKey("Down")
    time.sleep(0.5)
    rawinput.pressKey("Down")
    time.sleep(1)
    shot("table")
    tabs = window.findChildren(lambda n: n.roleName == "page tab"
                               and n.name in ("Network", "Plot"), recursive=True)
    tab = {n.name: n for n in tabs}
    if len(tab) == 2:
        press(tab["Network"])
        check("the row chosen is the network view's load",
              find(window, "label", "0.0015 (model)", 5) is not None)
        press(tab["Plot"])
        time.sleep(0.5)
    press(table)

# Export the shown figure as SVG through the Export dialog (Ctrl+E): a file that parses as XML.
# A first export goes to the project's folder (the settings are in memory: no folder is
# remembered yet); the next ones to the folder used last, the same.
export_folder = os.path.dirname(os.environ["FLITLAB_TEST_PROJECT"])
figure = os.path.join(export_folder, "flitlab-gui-test-figure.svg")
if os.path.exists(figure):
    os.unlink(figure)
rawinput.keyCombo("<Control>e")
time.sleep(2)
shot("export")
# The Name field has the focus with the proposed name selected up to its extension: typing
# replaces the name and keeps ".svg"; Enter exports.
rawinput.typeText("flitlab-gui-test-figure")
time.sleep(0.5)
rawinput.pressKey("Return")
time.sleep(2)
exported = False
if os.path.exists(figure):
    import xml.dom.minidom
    exported = len(xml.dom.minidom.parse(figure).getElementsByTagName("path")) > 10
    os.unlink(figure)
check("Ctrl+E exports the figure as a valid SVG", exported)
check("the toast names the file",
      find(window, "label", "Exported “flitlab-gui-test-figure.svg”", 5) is not None)
check("the toast has a button that opens the folder",
      window.findChildren(lambda n: n.roleName == "push button" and (n.name == "Open Folder" or
                          any(c.name == "Open Folder" for c in n.children)), recursive=True) != [])

# A known extension typed picks the format (the Format row follows): "NAME.pdf" over the
# selected name writes a PDF, not NAME.pdf.svg.
pdf = os.path.join(export_folder, "flitlab-gui-test-figure.pdf")
for leftover in (pdf, pdf + ".svg"):
    if os.path.exists(leftover):
        os.unlink(leftover)
rawinput.keyCombo("<Control>e")
time.sleep(2)
rawinput.typeText("flitlab-gui-test-figure.pdf")
time.sleep(0.5)
rawinput.pressKey("Return")
time.sleep(2)
is_pdf = os.path.exists(pdf) and open(pdf, "rb").read(5) == b"%PDF-"
check("typing NAME.pdf with SVG offered writes a PDF", is_pdf and not os.path.exists(pdf + ".svg"))
for leftover in (pdf, pdf + ".svg"):
    if os.path.exists(leftover):
        os.unlink(leftover)

# The name proposed is the study's, safe for LaTeX and shells ("8×8 mesh vs torus (copy)"),
# with the format used last (PDF).
proposed = os.path.join(export_folder, "8x8-mesh-vs-torus-copy.pdf")
if os.path.exists(proposed):
    os.unlink(proposed)
rawinput.keyCombo("<Control>e")
time.sleep(2)
rawinput.pressKey("Return")
time.sleep(2)
check("the export dialog proposes 8x8-mesh-vs-torus-copy.pdf", os.path.exists(proposed)
      and open(proposed, "rb").read(5) == b"%PDF-")
if os.path.exists(proposed):
    os.unlink(proposed)

# The network view: the study's 8×8 mesh with a heatmap; exported, each of its 224 network
# channels is one stroked path.
network = window.findChildren(lambda n: n.name == "Network" and n.roleName == "page tab",
                              recursive=True)
check("the figure switcher offers the network", network != [])
if network:
    press(network[0])
    time.sleep(1.5)
    check("the network view shows",
          find(window, "label", "Click two nodes to see the route between them.", 5) is not None)
    shot("network")
    # Hover: the pointer moved across the middle of the diagram, and a little above and below
    # it until a row of nodes is crossed (where the rows fall depends on the title's and the
    # colour bar's room); what it points at is the diagram's tooltip, which GTK gives as the
    # accessible description.
    area = named(window, "Network diagram", 5)
    seen_channel = seen_node = None
    nodes = []
    if area is not None:
        (x0, y0), (w, h) = area.position, area.size
        for dy in (0, h / 24, -h / 24, h / 12, -h / 12):
            for i in range(1, 40):
                x, y = int(x0 + w * i / 40), int(y0 + h / 2 + dy)
                rawinput.absoluteMotion(x, y)
                time.sleep(0.3)
                text = area.description or ""
                if text.startswith("Channel ") and "Model class: <" in text:
                    seen_channel = seen_channel or text
                if text.startswith("Node "):
                    seen_node = seen_node or text
                    nodes.append((x, y, text.split()[1]))
            if nodes and seen_channel:
                break
    check(f"hovering a link shows its values and model class ({seen_channel!r})",
          seen_channel is not None)
    check(f"hovering a node names it ({seen_node!r})", seen_node is not None)
    # Routes: a click on one node, then another, shows the dimension-ordered route.
    if len(nodes) >= 2:
        for x, y, _ in (nodes[0], nodes[-1]):
            rawinput.absoluteMotion(x, y)
            time.sleep(0.3)
            rawinput.click(x, y)
            time.sleep(0.7)
        expected = f"From node {nodes[0][2]} to node {nodes[-1][2]}: "
        check(f"clicking two nodes shows the route between them ({expected}…)",
              window.findChildren(lambda n: n.roleName == "label" and n.name.startswith(expected)
                                  and n.name.endswith("hops, dimension-ordered"),
                                  recursive=True) != [])
        shot("route")
    diagram = os.path.join(export_folder, "flitlab-gui-test-network.svg")
    if os.path.exists(diagram):
        os.unlink(diagram)
    rawinput.keyCombo("<Control>e")
    time.sleep(2)
    # The format last used (PDF) comes first; the extension typed chooses SVG.
    rawinput.typeText("flitlab-gui-test-network.svg")
    time.sleep(0.5)
    rawinput.pressKey("Return")
    time.sleep(2)
    strokes = 0
    if os.path.exists(diagram):
        import xml.dom.minidom
        strokes = sum(1 for p in xml.dom.minidom.parse(diagram).getElementsByTagName("path")
                      if "stroke:" in p.getAttribute("style")
                      and "stroke:none" not in p.getAttribute("style"))
        os.unlink(diagram)
    check(f"the network exports as SVG, one stroked path per channel ({strokes} of 224)",
          strokes == 224)
    # The classroom animation: a step shows the clock; Play runs on (the frame clock drives it).
    step = named(window, "One cycle forward", 5)
    check("the network view has a step button", step is not None)
    if step is not None:
        press(step)
        check("a step shows cycle 1",
              find(window, "label",
                   "Cycle 1: 0 messages in the network; red dots are blocked headers",
                   5) is not None
              or window.findChildren(lambda n: n.roleName == "label"
                                     and n.name.startswith("Cycle 1:"), recursive=True) != [])
    play = named(window, "Play the simulation", 5)
    if play is not None:
        press(play)
        time.sleep(3)
        later = window.findChildren(lambda n: n.roleName == "label" and n.name.startswith("Cycle ")
                                    and not n.name.startswith("Cycle 1:"), recursive=True)
        check("Play runs the animation on", later != [])
        shot("animation")
        press(play)
    plot_tab = window.findChildren(lambda n: n.name == "Plot" and n.roleName == "page tab",
                                   recursive=True)
    if plot_tab:
        press(plot_tab[0])
        time.sleep(1)

# The flow view: the study's model drawn as its paper's diagram.
flow_tab = window.findChildren(lambda n: n.name == "Flow" and n.roleName == "page tab",
                               recursive=True)
check("the figure switcher offers the flow diagram", flow_tab != [])
if flow_tab:
    press(flow_tab[0])
    time.sleep(1.5)
    flow_area = named(window, "Flow diagram of the model's channel classes", 5)
    check("the flow view shows the model's diagram", flow_area is not None)
    shot("flow")
    # Clicking a class's box shows its links in bold in the network view, and says so.
    if flow_area is not None:
        (ax, ay), (aw, ah) = flow_area.position, flow_area.size
        caption = []
        for fy in (0.45, 0.6, 0.75, 0.9):
            for fx in (0.1, 0.3, 0.5):
                if not caption:
                    rawinput.click(int(ax + fx * aw), int(ay + fy * ah))
                    time.sleep(1)
                    caption = window.findChildren(lambda n: n.roleName == "label"
                                                  and n.name.startswith("Class ")
                                                  and n.name.endswith("in bold."), recursive=True)
        check("clicking a class of the flow diagram shows its links in the network view",
              caption != [])
        shot("flow-class-clicked")
    plot_tab = window.findChildren(lambda n: n.name == "Plot" and n.roleName == "page tab",
                                   recursive=True)
    if plot_tab:
        press(plot_tab[0])
        time.sleep(1)

# Presentation mode: F5 leaves the figure alone, in large type; Escape brings the rest back.
def studies_showing():
    # GTK 4.8 takes hidden widgets out of the accessibility tree (its "showing" state is not
    # kept up to date), so the sidebar is there or not.
    return window.findChildren(lambda n: n.roleName == "list" and n.name == "Studies",
                               recursive=True) != []


rawinput.pressKey("F5")
time.sleep(1.5)
check("F5 shows the figure alone (presentation mode)", not studies_showing())
shot("presentation")
# The keyboard alone in the lecture hall: Alt+2 the network, Alt+3 the flow diagram, Alt+1 the
# plot; Ctrl+Page Up and Down step through the studies, also while the sidebar is hidden.
rawinput.keyCombo("<Alt>2")
time.sleep(1.5)
check("Alt+2 shows the network in presentation mode",
      named(window, "Network diagram", 5) is not None)
rawinput.keyCombo("<Alt>3")
time.sleep(1.5)
check("Alt+3 shows the flow diagram",
      named(window, "Flow diagram of the model's channel classes", 5) is not None)
rawinput.keyCombo("<Alt>1")
time.sleep(1)
rawinput.pressKey("Escape")
time.sleep(1.5)
check("Escape leaves presentation mode", studies_showing())


def selected_study():
    # The selected study's name shows twice: in the sidebar and as the page's heading.
    names = [n.name for n in window.findChildren(lambda n: n.roleName == "label", recursive=True)]
    twice = [name for name in set(names) if names.count(name) == 2 and name in sidebar_names]
    return twice[0] if len(twice) == 1 else None


sidebar_names = [n.name for n in window.findChildren(
    lambda n: n.roleName == "list" and n.name == "Studies", recursive=True)[0].findChildren(
    lambda n: n.roleName == "label", recursive=True)]
first = selected_study()
rawinput.keyCombo("<Control>Page_Up")
time.sleep(1.5)
second = selected_study()
rawinput.keyCombo("<Control>Page_Down")
time.sleep(1.5)
check(f"Ctrl+Page Up and Down step to the previous study and back ({first} → {second} → "
      f"{selected_study()})",
      first is not None and second is not None and second != first and selected_study() == first)

# Save with the keyboard: the file must still be a valid project.
before = os.path.getmtime(os.environ["FLITLAB_TEST_PROJECT"])
time.sleep(1.1)
rawinput.keyCombo("<Control>s")
time.sleep(2)
after = os.path.getmtime(os.environ["FLITLAB_TEST_PROJECT"])
check("Ctrl+S saves the project", after > before)
valid = subprocess.run([os.environ["FLITLAB_CLI"], "validate", os.environ["FLITLAB_TEST_PROJECT"]],
                       capture_output=True, text=True)
check("the saved project is valid", valid.returncode == 0)
check("the saved project holds the duplicated study", "5 studies" in valid.stdout)

# Reopen it through the Open dialog (Ctrl+O, the path typed): the studies come back from disk.
rawinput.keyCombo("<Control>o")
time.sleep(2)
rawinput.typeText(os.environ["FLITLAB_TEST_PROJECT"])
time.sleep(0.5)
rawinput.pressKey("Return")
time.sleep(2.5)
rows = window.findChildren(lambda n: n.roleName == "label" and n.name in
                           ("16×16×16 uni torus (Ciciani Table 2)", "6×6×6 bi torus",
                            "8×8 mesh vs torus",
                            "8×8 mesh vs torus (copy)",
                            "Deadlock lab: 4×4 torus, one virtual channel"), recursive=True)
check("reopening the saved project lists its five studies", len({r.name for r in rows}) == 5)
shot("reopened")

# The keyboard runs and stops the shown study's simulation (Ctrl+R), and opens a new project in
# a window of its own (Ctrl+N). On a study that runs long enough to be caught running (the
# first one, 19 loads of an 8x8 mesh, takes half a second).
row = find(window, "label", "6×6×6 bi torus")
if row is not None:
    row.click()
    time.sleep(1)
rawinput.keyCombo("<Control>r")
check("Ctrl+R runs the study's simulation", named(window, "Stop", 10) is not None)
rawinput.keyCombo("<Control>r")
check("Ctrl+R again stops it", named(window, "Run Simulation", 10) is not None)
frames = len([c for c in app.children if c.roleName in ("frame", "window")])
rawinput.keyCombo("<Control>n")
time.sleep(2)
check("Ctrl+N opens a window with a new project",
      len([c for c in app.children if c.roleName in ("frame", "window")]) == frames + 1)

menu = next(iter(window.findChildren(lambda n: n.name == "Main Menu" and n.roleName != "label",
                                      recursive=True)), None)
check("the primary menu button has an accessible name", menu is not None)
if menu is not None:
    menu.click()
    time.sleep(1)
    about = (find(app, "menu item", "About Flitlab", 5)
             or find(app, "push button", "About Flitlab", 3))
    if about is None:
        about = next(iter(app.findChildren(lambda n: "About Flitlab" in (n.name or ""),
                                           recursive=True)), None)
    check("the primary menu offers About Flitlab", about is not None)
    if about is not None:
        # Activate the item as assistive technology does (a pointer click can miss a popover).
        try:
            about.doActionNamed("click")
        except Exception:
            about.click()
        time.sleep(2)
        dialogs = app.findChildren(lambda n: n.roleName in ("frame", "dialog", "window")
                                   and n != window,
                                   recursive=False)
        check("the About window opens",
              any(d.findChildren(lambda n: n.name == "Flitlab", recursive=True)
                  for d in dialogs))
        shot("about")

finish()
