"""The deadlock lab and the animation's legend (issue #15, items 2 and 3): a 4×4 torus with one
virtual channel, animated until the watchdog finds the deadlock; the animation says what its
colours mean, and the channel dependency graph draws the deadlock found."""
import time

from dogtail import rawinput

from gui import app_window, check, finish, find, label_starting, named, press, shot

app, window = app_window()
time.sleep(3)


rawinput.keyCombo("<Alt>2")
time.sleep(2)
# The fastest speed (Up, three times): the rings fill and lock within seconds.
for _ in range(3):
    rawinput.pressKey("Up")
time.sleep(1)
check("Up speeds the animation to 300 cycles/s", find(window, "label", "300 cycles/s", 3) is not None)
rawinput.pressKey("space")
legend = label_starting(window, "Cycle ", 10)
check(f"the animation says what its colours mean ({legend!r})",
      legend is not None and "Each colour is one message" in legend and "red dot" in legend)
text = label_starting(window, "Deadlock at cycle ", 120)
shot("deadlock")
check(f"the animation stops on the deadlock and names its cycle ({text!r})",
      text is not None and "each wait for a channel the next one holds" in text)

# The routing's channel dependency graph (Alt+4): one virtual channel on a torus has a cycle.
rawinput.keyCombo("<Alt>4")
time.sleep(3)
shot("dependencies")
graph = named(window, "Channel dependency graph", 5)
check(f"the dependency graph says the routing can deadlock ({graph.description if graph else None!r})",
      graph is not None and graph.description.startswith("The graph has a cycle"))
check("the dependency graph draws the animation's deadlock",
      graph is not None and "The deadlock the animation found is drawn in black" in graph.description)

# The lab has no model: the Flow view (Alt+3) says why it draws nothing, not a blank page.
rawinput.keyCombo("<Alt>3")
time.sleep(2)
shot("flow")
why = label_starting(window, "This study has no model", 5)
check(f"the Flow view says the study has no model to draw ({why!r})", why is not None)
finish()
