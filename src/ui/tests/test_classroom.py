"""The deadlock lab and the animation's legend (issue #15, items 2 and 3): a 4×4 torus with one
virtual channel, animated until the watchdog finds the deadlock; the animation says what its
colours mean, and the channel dependency graph draws the deadlock found. Issue #28: a click on a
worm follows its message, drawn (it replaced the drawing with 'Route channel 72 is not a network
channel': the worm's tail was still in its source's injection channel); Space plays when
presenting too, where the playback row and its clock grow with the type; Skip to the Deadlock
shows the deadlock within seconds at the default speed."""
import time

from dogtail import rawinput

from gui import app_window, check, finish, find, grab, label_starting, named, press, shot

# The worms' colours (flitlab-network-page.c).
WORMS = {0x0072b2, 0x009e73, 0x882255, 0x999933, 0x332288, 0x8c564b,
         0x117733, 0x6a3d9a, 0xcc79a7, 0xb15928, 0x01665e, 0x543005}

app, window = app_window()
time.sleep(3)


def drawing():
    """The Network drawing's box on the screen and its pixels: a function of (x, y)."""
    area = named(window, "Network diagram", 5)
    (x0, y0), (w, h) = area.position, area.size
    pixels = grab(x0, y0, w, h)

    def at(x, y):
        i = 3 * (y * w + x)
        if i + 2 >= len(pixels):
            return 0
        return (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]
    return (x0, y0, w, h), at


def colours(box, at):
    """How many pixels of each worm's colour the drawing has (every other row and column)."""
    counts = {}
    for y in range(0, box[3], 2):
        for x in range(0, box[2], 2):
            c = at(x, y)
            if c in WORMS:
                counts[c] = counts.get(c, 0) + 1
    return counts


def tinted(box, at):
    """How many pixels have a colour, not white or a grey (every other row and column)."""
    count = 0
    for y in range(0, box[3], 2):
        for x in range(0, box[2], 2):
            c = at(x, y)
            rgb = (c >> 16, (c >> 8) & 0xff, c & 0xff)
            count += max(rgb) - min(rgb) > 24
    return count


def worm_spot(box, at):
    """A point inside a worm's line, its colour all round it, and that colour; or None."""
    spots = []
    for y in range(4, box[3] - 4, 2):
        for x in range(4, box[2] - 4, 2):
            c = at(x, y)
            around = ((3, 0), (-3, 0), (0, 3), (0, -3))
            if c in WORMS and all(at(x + dx, y + dy) == c for dx, dy in around):
                spots.append((x, y, c))
    return spots[len(spots) // 2] if spots else None


def status(prefix="Cycle ", timeout=5):
    return label_starting(window, prefix, timeout) or ""


rawinput.keyCombo("<Alt>2")
time.sleep(2)

# Follow a message (issue #28, item 3): a few seconds at the default speed, paused, a worm
# clicked. Early on nearly every worm still has its tail in its source's injection channel.
play = named(window, "Play the simulation", 5)
size_window = play.size if play is not None else (0, 0)
rawinput.pressKey("space")
time.sleep(3)
rawinput.pressKey("space")
time.sleep(1)
legend = status()
check(f"the animation says what its colours mean ({legend!r})",
      "Each colour is one message" in legend and "red dot" in legend)
box, at = drawing()
before = colours(box, at)
spot = worm_spot(box, at)
check(f"the animation draws worms ({sum(before.values())} pixels of their colours)",
      spot is not None)
if spot is not None:
    x, y, colour = spot
    rawinput.click(box[0] + x, box[1] + y)
    time.sleep(1.5)
    text = status()
    shot("follow")
    check(f"a click on a worm follows its message ({text!r})",
          ". Message " in text and "press Escape to let it go" in text)
    box, at = drawing()
    after = colours(box, at)
    others_before = sum(n for c, n in before.items() if c != colour)
    others_after = sum(n for c, n in after.items() if c != colour)
    check(f"the followed worm is drawn bold ({before.get(colour, 0)} → {after.get(colour, 0)} "
          "pixels of its colour)", after.get(colour, 0) > before.get(colour, 0) > 0)
    # The bug drew a message instead of the network: no colour was left.
    faded = tinted(box, at) - after.get(colour, 0)
    check(f"the other worms fade, still drawn ({others_before} → {others_after} pixels at full "
          f"colour, {faded} in paler ones)", others_after < others_before and faded > 200)
    rawinput.pressKey("Escape")
    time.sleep(1)
    text = status()
    check(f"Escape lets it go ({text!r})", "Click a worm to follow it" in text)
    rawinput.click(box[0] + x, box[1] + y)
    time.sleep(1)
    check("a click follows it again", ". Message " in status())
    rawinput.click(box[0] + x, box[1] + y)
    time.sleep(1)
    check("a second click lets it go", "Click a worm to follow it" in status())

# Presenting (issue #28, item 8): Space plays as outside, and the playback row with its clock
# grows with the type.
rawinput.pressKey("F5")
time.sleep(3)
clock = status("Load ", 3)
rawinput.pressKey("space")
time.sleep(2.5)
rawinput.pressKey("space")
time.sleep(1)
later = status("Load ", 3)
shot("presenting")
check(f"presenting, Space plays the animation ({clock!r} → {later!r})",
      clock != "" and later != "" and later != clock)
play = named(window, "Play the simulation", 5)
size_presenting = play.size if play is not None else (0, 0)
check(f"presenting, the Play button grows ({size_window} → {size_presenting})",
      size_presenting[1] > size_window[1] > 0)
rawinput.pressKey("Escape")
time.sleep(3)

# The fastest speed (Up, three times): the rings fill and lock within seconds.
for _ in range(3):
    rawinput.pressKey("Up")
time.sleep(1)
check("Up speeds the animation to 300 cycles/s",
      find(window, "label", "300 cycles/s", 3) is not None)
rawinput.pressKey("space")
text = label_starting(window, "Deadlock at cycle ", 120)
shot("deadlock")
check(f"the animation stops on the deadlock and names its cycle ({text!r})",
      text is not None and "each wait for a channel the next one holds" in text)

# Skip to the Deadlock at the default speed (Down, twice): it simulates ahead and plays the
# last seconds before the deadlock; a lesson cannot wait the half hour it may take.
for _ in range(2):
    rawinput.pressKey("Down")
time.sleep(1)
check("Down slows the animation to 10 cycles/s",
      find(window, "label", "10 cycles/s", 3) is not None)
skip = named(window, "Skip to the Deadlock", 5)
check("the deadlock lab has Skip to the Deadlock", skip is not None)
if skip is not None:
    start = time.time()
    press(skip)
    text = label_starting(window, "Deadlock at cycle ", 90)
    seconds = time.time() - start
    shot("skipped")
    print(f"# Skip to the Deadlock at 10 cycles/s: the deadlock shown after {seconds:.1f} s")
    check(f"Skip to the Deadlock shows the deadlock within a minute ({seconds:.1f} s: {text!r})",
          text is not None and seconds < 60)

# The routing's channel dependency graph (Alt+4): one virtual channel on a torus has a cycle.
rawinput.keyCombo("<Alt>4")
time.sleep(3)
shot("dependencies")
graph = named(window, "Channel dependency graph", 5)
check(f"the dependency graph says the routing can deadlock "
      f"({graph.description if graph else None!r})",
      graph is not None and graph.description.startswith("The graph has a cycle"))
check("the dependency graph draws the animation's deadlock",
      graph is not None
      and "The deadlock the animation found is drawn in black" in graph.description)

# The lab has no model: the Flow view (Alt+3) says why it draws nothing, not a blank page.
rawinput.keyCombo("<Alt>3")
time.sleep(2)
shot("flow")
why = label_starting(window, "This study has no model", 5)
check(f"the Flow view says the study has no model to draw ({why!r})", why is not None)
finish()
