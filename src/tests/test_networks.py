"""Every network readable (issue #15, item 2): the 6×6×6 torus stacked, a node clicked to draw
its column's links between the planes, hovering a plane's channel; the 10-cube's view."""
import time

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
finish()
