"""Every network readable (issue #15, item 2): the 6×6×6 torus stacked, a node clicked to draw
its column's links between the planes, hovering a plane's channel; the 10-cube's view, zoomed
in, hovered and panned by drags that start on the hover text (run-gui-test.sh fails on any
warning of the app's: GTK 4.8's tooltip window took such presses and lost count of its active
widgets)."""
import time

import pyatspi
from dogtail import rawinput

from gui import app_window, check, finish, find, label_starting, named, press, shot

app, window = app_window()
time.sleep(3)


row = find(window, "label", "6×6×6 torus")
if row is not None:
    row.click()
rawinput.keyCombo("<Alt>2")
time.sleep(2)
stack = named(window, "Stack", 5)
check("a 3D torus has the Stack switch", stack is not None)
if stack is not None:
    press(stack)
time.sleep(2)
check("the stack says a click chooses a column",
      label_starting(window, "All 6 planes of the third dimension", 5) is not None)
area = named(window, "Network diagram", 5)
column = None
if area is not None:
    (x0, y0), (w, h) = area.position, area.size
    # The lowest plane's nodes lie near the bottom of the drawing, across its middle third.
    for fy in (0.9, 0.88, 0.92, 0.86, 0.94, 0.84):
        for fx in [0.40 + 0.01 * i for i in range(21)]:
            rawinput.click(int(x0 + fx * w), int(y0 + fy * h))
            column = label_starting(window, "Column (", 0.4)
            if column is not None:
                break
        if column is not None:
            break
check(f"clicking a node of the stack chooses its column ({column!r})", column is not None)
time.sleep(1)
shot("stack-column")
if column is not None:
    # Hovering the node just clicked shows its tooltip (looked at in the screenshot).
    rawinput.absoluteMotion(int(x0 + fx * w) + 1, int(y0 + fy * h))
    time.sleep(2)
    shot("stack-hover")

row = find(window, "label", "10-cube")
if row is not None:
    row.click()
time.sleep(3)
shot("hypercube-10")


def fit_button_shown():
    """Whether the button back to the whole network shows (GTK 4.8 may leave a hidden widget
    off the accessibility tree, or on it without its "visible" state)."""
    return any(n.getState().contains(pyatspi.STATE_VISIBLE) for n in window.findChildren(
        lambda n: n.name == "Show the whole network" and n.roleName != "label", recursive=True))


def hover_text(x, y):
    """The hover text at (x, y) of the screen: the drawing's accessible description."""
    rawinput.absoluteMotion(x, y)
    time.sleep(0.4)
    return area.description or ""


# Zoomed by Ctrl+scroll about the pointer, the fit button shows.
area = named(window, "Network diagram", 5)
check("the whole 10-cube shows: no fit button", not fit_button_shown())
if area is not None:
    (x0, y0), (w, h) = area.position, area.size
    middle = (int(x0 + 0.4 * w), int(y0 + 0.6 * h))
    rawinput.absoluteMotion(*middle)
    rawinput.holdKey("Control_L")
    for _ in range(4):
        rawinput.click(*middle, button=4)
    rawinput.releaseKey("Control_L")
    time.sleep(1)
    check("zoomed in, the fit button shows", fit_button_shown())
    shot("hypercube-10-zoomed")
    # Hover along a line till the text names a node or channels.
    text, at = "", None
    for i in range(40):
        x, y = int(x0 + w * (0.1 + 0.6 * i / 40)), int(y0 + 0.55 * h)
        text = hover_text(x, y)
        if text.startswith(("Node ", "Channel ", "16 channels ")):
            at = (x, y)
            break
    check(f"hovering the zoomed 10-cube names a node or channels ({text!r})", at is not None)
    if at is not None:
        shot("hypercube-10-hover")
        # A drag from where the hover text lies (below the pointer) pans: what is at the
        # pointer's place afterwards is another thing; a drag shows no hover text.
        x, y = at
        rawinput.press(x, y + 30)
        rawinput.absoluteMotion(x + 40, y + 70)
        rawinput.absoluteMotion(x + 80, y + 110)
        check("no hover text during a drag", (area.description or "") == "")
        rawinput.release(x + 80, y + 110)
        time.sleep(0.5)
        check("a drag from the hover text pans the network", hover_text(x, y) != text)
        # Again, quickly, many times: hover, press where the text is, drag, release.
        for i in range(12):
            hx, hy = int(x0 + w * (0.15 + 0.05 * i)), int(y0 + h * (0.3 + 0.03 * i))
            hover_text(hx, hy)
            rawinput.press(hx, hy + 25)
            rawinput.absoluteMotion(hx + 30 - 5 * i, hy + 40)
            rawinput.release(hx + 30 - 5 * i, hy + 40)
        # The wheel pans too while zoomed. The presses gave the drawing the keyboard (the row of
        # the study clicked had it): Ctrl+0 shows the whole network again.
        for _ in range(3):
            rawinput.click(*middle, button=5)
        rawinput.keyCombo("<Control>0")
        time.sleep(1)
        shot("hypercube-10-whole")
        check("Ctrl+0 shows the whole network: no fit button", not fit_button_shown())

# Routes: the study's traffic along its routes, worked out beside the textbook figures, colours
# the network at any load, with the busiest channel's utilization in the load's caption.
source = named(window, "Source of the values", 5)
check("the network view has a source dropdown", source is not None)
if source is not None:
    source.click()
    time.sleep(1)
    rawinput.pressKey("End")
    rawinput.pressKey("Return")
    end = time.time() + 10
    caption = None
    while caption is None and time.time() < end:
        time.sleep(0.5)
        caption = next((n.name for n in window.findChildren(
            lambda n: n.roleName == "label" and "(routes; busiest channel" in (n.name or ""),
            recursive=True)), None)
    shot("routes")
    check(f"Routes colours the network ({caption!r})", caption is not None)
finish()
