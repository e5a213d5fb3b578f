"""What the figure-text tests share: a PDF's words and their boxes, from pdftotext -bbox
(poppler-utils), and how two boxes meet."""
import re
import subprocess


def words(pdf):
    """(page width, page height, [(x0, y0, x1, y1, word)])"""
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True).stdout
    page = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', out)
    found = re.findall(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" '
                       r'yMax="([\d.-]+)">([^<]*)</word>', out)
    return float(page.group(1)), float(page.group(2)), [(float(a), float(b), float(c), float(d), t)
                                                          for a, b, c, d, t in found]


def turned(word):
    """Whether a word is set turned, reading upwards: a word of three or more characters whose
    box is taller than wide (a value axis's label, a narrow flow box's name)."""
    return len(word[4]) >= 3 and word[3] - word[1] > word[2] - word[0]


def overlap(a, b, margin):
    """Whether two word boxes come within margin of each other (a negative margin: overlap by
    more than that)."""
    return (min(a[2], b[2]) - max(a[0], b[0]) > -margin and
            min(a[3], b[3]) - max(a[1], b[1]) > -margin)


def same_line(a, b):
    """Whether two words set across the page are on one line."""
    if turned(a) or turned(b):
        return False
    return min(a[3], b[3]) - max(a[1], b[1]) > 0.5 * min(a[3] - a[1], b[3] - b[1])
