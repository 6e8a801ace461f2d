#!/usr/bin/env python3
"""A stackcheck engine adapter template in Python 3 (standard library only).

Run it under the suite with:

    stackcheck run --engine-command "python3 Examples/adapters/python/engine.py"

The file has two halves:

  * YOUR LAYOUT CODE (the top half): `FEATURES` and `layout(scenario)`. Replace them with a call into your engine.
    The small engine here is honest for what it declares: a flat stack with distribution fillEqually or
    equalSpacing, the four edge alignments (fill, leading, center, trailing), hidden views, custom/system/negative
    spacing, margins, right-to-left, views without an intrinsic size, overflow and pixel rounding. Anything else is
    answered `unsupported` (the suite skips the case) rather than guessed.
  * PROTOCOL PLUMBING (the bottom half): the JSON line conversation of Spec/ENGINE-PROTOCOL.md. Keep it as it is.

Rules that matter: standard output carries protocol lines and nothing else (a stray print() breaks the run), so
logging goes to standard error; every request gets exactly one answer line with its id, flushed at once; an
exception in the layout code becomes an `error` answer, never a crash.

This engine does not compute baselines: it omits `firstBaseline`/`lastBaseline` from its layout documents, which
tells the suite "not computed" (the baseline properties then skip), and it declares neither baseline alignment.
"""

import json
import math
import sys

ENGINE_NAME = "python-template"
ENGINE_VERSION = "1.0"
PROTOCOL = "stackcheck.engine/1"

# =====================================================================================================================
# YOUR LAYOUT CODE GOES HERE
# =====================================================================================================================

# The exact set of features implemented below (ENGINE-PROTOCOL.md, "Features"). The suite generates only scenarios
# inside this set and reports properties that need anything else as SKIP. Declare only what you implement exactly:
# `fill` is missing on purpose, because fill without hugging and compression-resistance priorities is not fill.
FEATURES = [
    "fillEqually", "equalSpacing",
    "alignFill", "leading", "center", "trailing",
    "hidden",
    "customSpacing", "systemSpacing", "negativeSpacing",
    "margins",
    "rightToLeft",
    "noIntrinsicSize",
    "overflow",
    "pixelRounding",
]

SYSTEM_SPACING = 8.0          # R-SP-5
USE_DEFAULT = 3.4e38          # Float.greatestFiniteMagnitude, spacingUseDefault (R-SP-4)
CLAMP = 2_777_777.0           # R-SOLVE-6


class Unsupported(Exception):
    """The scenario uses something this engine knowingly does not implement: the suite skips the case."""


def clamp(value):
    return max(-CLAMP, min(CLAMP, value))


def spacing_value(raw, default):
    """A spacing field: a number, "system" (8 points), or spacingUseDefault (3.4e38 or more)."""
    if raw == "system":
        return SYSTEM_SPACING
    if raw is None or raw >= USE_DEFAULT:
        return default
    return clamp(float(raw))


def measure_text(text, width=None):
    """The box font's measure function (UISTACKVIEW.md §2.7, R-TX-1) for a text leaf's `text` object.

    Returns (width, height, first_baseline, last_baseline) at `width`, or the single-line size when `width` is None;
    an empty text is 0 x 0 with no baselines (None: the bottom edge). Hand it to your engine's measure callback
    (Yoga's YGMeasureFunc, Taffy's measure function: ENGINE-PROTOCOL.md, "Text"). To declare the `text` feature an
    engine also needs the two passes of §2.7 and, in horizontal stacks, R-TW-1 and R-TW-2.
    """
    n = int(text["characters"])
    a = float(text.get("advance", 10))
    h = float(text.get("lineHeight", 20))
    b = float(text.get("ascent", 15))
    k = int(text.get("numberOfLines", 1))
    if n == 0:
        return 0.0, 0.0, None, None
    if width is None or k == 1:
        return n * a, h, b, b
    # cpl(w) = max(1, floor(w/a + 1e-9)) for w > 0, N for w <= 0; the 1e-9 keeps 99.99999999999999 on 10 of 10.
    per_line = n if width <= 0 else min(n, max(1, math.floor(width / a + 1e-9)))
    lines = -(-n // per_line)
    if k > 0:
        lines = min(lines, k)
    return per_line * a, lines * h, b, (lines - 1) * h + b


def intrinsic(item, dimension):
    """The item's intrinsic size in `dimension` ("width"/"height"), or None for noIntrinsicMetric."""
    value = (item.get("intrinsicContentSize") or {}).get(dimension)
    if value is None or value == -1:
        return None
    return clamp(float(value))


class InvalidScenario(Exception):
    """The request's scenario is not one this engine can read: an `error` answer that names the JSON path."""


def check_readable(scenario):
    """Checks the fields `layout` reads (SCENARIO-FORMAT.md), so that bad input gets an error naming its path
    instead of a stray exception deep in the layout code. The suite sends valid scenarios; this is for the rest."""
    def number(value, path, minimum=None, allow=()):
        if value in allow:
            return
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise InvalidScenario(f"{path}: expected a finite number, found {json.dumps(value)}")
        if minimum is not None and value < minimum:
            raise InvalidScenario(f"{path}: must be at least {minimum}, found {value}")

    def obj(value, path):
        if not isinstance(value, dict):
            raise InvalidScenario(f"{path}: expected an object, found {json.dumps(value)}")
        return value

    container = obj(scenario.get("container") or {}, "layout.container")
    for key in ("width", "height"):
        number(container.get(key), f"layout.container.{key}", 0, allow=(None,))
    number(scenario.get("scale"), "layout.scale", 1e-9, allow=(None,))
    stack = obj(scenario.get("stack"), "layout.stack")
    number(stack.get("spacing", 0), "layout.stack.spacing", allow=("system",))
    for key, value in obj(stack.get("layoutMargins") or {}, "layout.stack.layoutMargins").items():
        number(value, f"layout.stack.layoutMargins.{key}")
    items = stack.get("arrangedSubviews", [])
    if not isinstance(items, list):
        raise InvalidScenario("layout.stack.arrangedSubviews: expected an array")
    for n, item in enumerate(items):
        path = f"layout.stack.arrangedSubviews[{n}]"
        obj(item, path)
        if not isinstance(item.get("id"), str) or not item["id"]:
            raise InvalidScenario(f"{path}.id: expected a non-empty string")
        size = obj(item.get("intrinsicContentSize") or {}, f"{path}.intrinsicContentSize")
        for key in ("width", "height"):
            number(size.get(key), f"{path}.intrinsicContentSize.{key}", 0, allow=(None, -1))
        number(item.get("customSpacingAfter"), f"{path}.customSpacingAfter", allow=(None, "system"))


def check_supported(scenario):
    stack = scenario["stack"]
    if stack.get("distribution", "fill") not in ("fillEqually", "equalSpacing"):
        raise Unsupported("only the distributions fillEqually and equalSpacing are implemented")
    if stack.get("alignment", "fill") not in ("fill", "leading", "top", "center", "trailing", "bottom"):
        raise Unsupported("baseline alignments are not implemented")
    for item in stack.get("arrangedSubviews", []):
        if "stack" in item:
            raise Unsupported("nested stacks are not implemented")
        if item.get("constraints"):
            raise Unsupported("user constraints are not implemented")
        for key, default in (("contentHuggingPriority", 250), ("compressionResistancePriority", 750)):
            priorities = item.get(key) or {}
            if any(priorities.get(axis, default) != default for axis in ("horizontal", "vertical")):
                raise Unsupported("priorities other than 250/750 are not implemented")
        if (stack.get("axis") == "vertical" and stack.get("isBaselineRelativeArrangement")
                and (item.get("firstBaseline") is not None or item.get("lastBaseline") is not None)):
            raise Unsupported("baseline-relative arrangement of text views is not implemented")


def axis_constants(items, hidden, spacing):
    """The spacing constant between each adjacent pair of arranged views, hidden ones included (UISTACKVIEW.md
    §2.5 and R-T-3): the gap between consecutive visible views is the spacing after the earlier one, and hidden
    views between them sit in its middle; a hidden view at either end sits on the canvas edge."""
    after = [spacing_value(item.get("customSpacingAfter"), spacing) for item in items]
    constants = []
    last_visible = None  # the index of the nearest visible view before the pair
    for j in range(len(items) - 1):
        if not hidden[j]:
            last_visible = j
        prev_hidden, next_hidden = hidden[j], hidden[j + 1]
        if not prev_hidden and not next_hidden:
            k = after[j]
        elif prev_hidden and not next_hidden:
            # A leading run of hidden views gets half the stack's spacing; a middle run half the gap it sits in.
            k = 0.0 if j == 0 else (spacing if last_visible is None else after[last_visible]) / 2
        elif not prev_hidden and next_hidden:
            k = 0.0 if j + 1 == len(items) - 1 else after[j] / 2
        else:
            k = 0.0
        constants.append(k)
    return constants


def fill_equally(items, visible, lengths, constants, along, canvas_fixed):
    """fillEqually (R-D-3): the visible views share the canvas equally, the spacing exact; without a container each
    takes the largest intrinsic length among them (compression resistance 750 beats hugging 250). Fills `lengths`
    and returns the gaps between consecutive visible views and the canvas length."""
    gaps = [sum(constants[p:q]) for p, q in zip(visible, visible[1:])]
    if canvas_fixed is None:
        known = [c for c in (intrinsic(items[j], along) for j in visible) if c is not None]
        length = max(known, default=0.0)
        canvas_along = len(visible) * length + sum(gaps)
    else:
        canvas_along = canvas_fixed
        length = (canvas_along - sum(gaps)) / len(visible)
    for j in visible:
        lengths[j] = length
    return gaps, canvas_along


def equal_spacing(items, visible, lengths, constants, along, canvas_fixed, along_margins):
    """equalSpacing (R-D-5, R-D-7): the views keep their intrinsic lengths and every gap is equal and at least the
    largest minimum spacing (the gaps are tied at 1000). A free stack is pulled towards length 0 by canvas-fit @49,
    which leaves the gaps at that minimum (or widens them to reach 0 with negative spacing). Under overflow the gaps
    stay at the minimum and the first visible view absorbs the rest (equal compression resistance: R-T-1)."""
    natural = [intrinsic(items[j], along) for j in visible]
    if any(c is None for c in natural):
        # Canvas-fit @49 would squeeze a view with no intrinsic length in a free stack: not implemented here.
        raise Unsupported("equalSpacing with a view that has no intrinsic length is not implemented")
    for j, c in zip(visible, natural):
        lengths[j] = c
    if len(visible) == 1:
        if canvas_fixed is not None:
            lengths[visible[0]] = canvas_fixed                # pinned to both canvas ends
        return [], lengths[visible[0]] if canvas_fixed is None else canvas_fixed
    count = len(visible) - 1
    minimum = max(sum(constants[p:q]) for p, q in zip(visible, visible[1:]))
    content = sum(natural)
    if canvas_fixed is None:
        gap = max(minimum, -(content + along_margins) / count)
        return [gap] * count, content + count * gap
    gap = (canvas_fixed - content) / count
    if gap < minimum:
        gap = minimum
        lengths[visible[0]] -= content + count * gap - canvas_fixed
    return [gap] * count, canvas_fixed


def place_along(count, visible, lengths, gaps, constants, along_start):
    """Every view's start along the axis. Visible views follow each other from the canvas start. Hidden views
    (R-H-2, R-T-3): a run between two visible views sits at the middle of their gap; a run at either end sits
    where the spacing chain of §2.5 puts it, from the nearest visible view."""
    starts = [along_start] * count
    if not visible:
        return starts
    position = along_start
    for n, j in enumerate(visible):
        starts[j] = position
        position += lengths[j] + (gaps[n] if n < len(gaps) else 0.0)
    for p, q in zip(visible, visible[1:]):
        middle = (starts[p] + lengths[p] + starts[q]) / 2
        for j in range(p + 1, q):
            starts[j] = middle
    for j in range(visible[0] - 1, -1, -1):
        starts[j] = starts[j + 1] - constants[j]
    for j in range(visible[-1] + 1, count):
        starts[j] = starts[j - 1] + lengths[j - 1] + constants[j - 1]
    return starts


def layout(scenario):
    """Lays out one scenario document (Spec/SCENARIO-FORMAT.md) and returns a layout document without baselines."""
    check_readable(scenario)
    check_supported(scenario)
    stack = scenario["stack"]
    items = stack.get("arrangedSubviews", [])
    horizontal = stack.get("axis", "horizontal") == "horizontal"
    along, across = ("width", "height") if horizontal else ("height", "width")
    alignment = {"top": "leading", "bottom": "trailing"}.get(stack.get("alignment", "fill"),
                                                           stack.get("alignment", "fill"))
    distribution = stack.get("distribution", "fill")
    spacing = spacing_value(stack.get("spacing", 0), 0.0)
    hidden = [bool(item.get("isHidden", False)) for item in items]
    visible = [j for j in range(len(items)) if not hidden[j]]

    # Margins (R-M-1, R-M-2): laid out left to right here; right-to-left mirrors the finished layout.
    m = {"top": 8.0, "leading": 8.0, "bottom": 8.0, "trailing": 8.0}
    if stack.get("isLayoutMarginsRelativeArrangement"):
        m.update({k: clamp(float(v)) for k, v in (stack.get("layoutMargins") or {}).items()})
    else:
        m = {"top": 0.0, "leading": 0.0, "bottom": 0.0, "trailing": 0.0}
    along_start, along_margins = (m["leading"], m["leading"] + m["trailing"]) if horizontal else \
        (m["top"], m["top"] + m["bottom"])
    cross_start, cross_margins = (m["top"], m["top"] + m["bottom"]) if horizontal else \
        (m["leading"], m["leading"] + m["trailing"])
    container = scenario.get("container") or {}
    fixed_along, fixed_across = container.get(along), container.get(across)
    if not items:  # an empty stack installs no constraints: size zero, margins do not count (R-F-3)
        along_margins = cross_margins = 0.0

    # Along the axis: the visible views' lengths and the gaps between them, then every view's start.
    constants = axis_constants(items, hidden, spacing)
    lengths = [0.0] * len(items)                              # hidden views have length 0 (UISV-hiding)
    canvas_fixed = None if fixed_along is None else clamp(float(fixed_along)) - along_margins
    if not visible:
        # Every view hidden: fitting length zero (R-F-3), but the equal-* distributions' canvas-fit pulls the
        # stack itself to zero, margins and all; the hidden views sit at the canvas origin (R-T-2).
        gaps = []
        if canvas_fixed is not None:
            canvas_along = canvas_fixed
        else:
            canvas_along = -along_margins if distribution == "equalSpacing" else 0.0
    elif distribution == "fillEqually":
        gaps, canvas_along = fill_equally(items, visible, lengths, constants, along, canvas_fixed)
    else:
        gaps, canvas_along = equal_spacing(items, visible, lengths, constants, along, canvas_fixed,
                                           along_margins)
    starts = place_along(len(items), visible, lengths, gaps, constants, along_start)

    # Across the axis (R-AL-1..4, R-AL-7, R-AL-8, R-H-4): a view with no intrinsic cross size counts as 0.
    cross = [intrinsic(item, across) or 0.0 for item in items]
    if fixed_across is not None:
        canvas_across = clamp(float(fixed_across)) - cross_margins
    elif not visible:
        canvas_across = 0.0                                   # R-F-3
    elif alignment == "fill":
        canvas_across = max(cross)                            # hidden views prop the cross size open (R-H-4)
    elif len(items) == 1:
        # A single view has no spanner: the canvas connections are inequalities and UISV-canvas-fit pulls the
        # stack itself, margins included, towards 0 @49 (§2.4): below the view's compression resistance (750),
        # above its ambiguity suppression (25), so a view with no intrinsic cross size gives way instead.
        c = intrinsic(items[0], across)
        canvas_across = (0.0 if c is None else max(c + cross_margins, 0.0)) - cross_margins
    else:
        canvas_across = max(cross[j] for j in visible)        # the spanner pulled tight @51 (R-AL-7)
    sizes, offsets = [], []
    for j in range(len(items)):
        if alignment == "fill":
            # Every view spans the canvas; when every view is hidden, they are tied to the first view instead,
            # which takes the largest cross size among them at the canvas's min edge (R-T-9).
            size = canvas_across if visible else max(cross)
        elif hidden[j]:
            size = cross[j]                                   # outside the spanner: keeps its intrinsic size
        else:
            size = min(cross[j], canvas_across)               # a visible view never leaves the canvas
        sizes.append(size)
        offsets.append({"center": (canvas_across - size) / 2,
                        "trailing": canvas_across - size}.get(alignment, 0.0))

    width = (canvas_along + along_margins) if horizontal else (canvas_across + cross_margins)
    height = (canvas_across + cross_margins) if horizontal else (canvas_along + along_margins)
    frames = []
    for j, item in enumerate(items):
        a0, c0 = starts[j], cross_start + offsets[j]
        if horizontal:
            frames.append((item["id"], a0, c0, lengths[j], sizes[j]))
        else:
            frames.append((item["id"], c0, a0, sizes[j], lengths[j]))
    return finish(scenario, width, height, frames)


def finish(scenario, width, height, frames):
    """Clamps (R-SOLVE-6), rounds each edge to the pixel grid (R-PX-1, R-PX-2), and mirrors right-to-left
    (R-RTL-1): the rounded right-to-left layout is the mirror image of the rounded left-to-right one."""
    scale = scenario.get("scale")

    def edge(value):
        value = clamp(value)
        if scale is None:
            return value
        t = value * scale
        halves = round(t * 2)
        if abs(t - halves / 2) <= 1e-9:  # two engines whose exact answers differ by noise round alike
            t = halves / 2
        return math.floor(t + 0.5) / scale

    size_w, size_h = edge(width), edge(height)
    mirrored = scenario.get("layoutDirection") == "rightToLeft"
    out = {}
    for ident, x, y, w, h in frames:
        x0, x1, y0, y1 = edge(x), edge(x + w), edge(y), edge(y + h)
        left = size_w - x1 if mirrored else x0
        out[ident] = {"x": left + 0.0, "y": y0 + 0.0, "width": x1 - x0 + 0.0, "height": y1 - y0 + 0.0}
    # No "firstBaseline"/"lastBaseline" keys: this engine does not compute baselines.
    return {"format": "stackcheck.layout/1", "size": {"width": size_w, "height": size_h}, "frames": out}


# =====================================================================================================================
# PROTOCOL PLUMBING (Spec/ENGINE-PROTOCOL.md): keep as it is
# =====================================================================================================================

def log(text):
    """Everything that is not a protocol line goes to standard error; the suite keeps its tail for the report."""
    print(f"{ENGINE_NAME}: {text}", file=sys.stderr, flush=True)


def send(message):
    """One JSON object per line on standard output, flushed at once: the suite is waiting for it."""
    sys.stdout.write(json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def answer(request_id, kind, body):
    send({"id": request_id, kind: body})


def handle(line):
    """Answers one request line. Returns False after `bye`."""
    try:
        request = json.loads(line)
    except ValueError as error:
        # Without a readable id there is nothing to match; the suite reports the answer as invalid.
        send({"error": {"message": f"could not read the request: {error}"}})
        return True
    if not isinstance(request, dict):
        send({"error": {"message": "the request is not a JSON object"}})
        return True
    if request.get("bye"):
        return False
    request_id = request.get("id")
    scenario = request.get("layout")
    if not isinstance(scenario, dict) or scenario.get("format") != "stackcheck.scenario/1":
        answer(request_id, "error", {"message": "the request has no stackcheck.scenario/1 \"layout\""})
        return True
    try:
        answer(request_id, "result", layout(scenario))
    except Unsupported as why:
        answer(request_id, "unsupported", {"message": str(why)})
    except InvalidScenario as why:
        answer(request_id, "error", {"message": f"invalid scenario: {why}"})
    except Exception as error:  # the engine's own failure: an `error` answer, never a crash
        log(f"request {request_id} failed: {error!r}")
        answer(request_id, "error", {"message": f"{type(error).__name__}: {error}"})
    return True


def main():
    # 1. Hello. An engine that does not speak this protocol version says so and exits.
    hello_line = sys.stdin.readline()
    if not hello_line:
        return 0
    try:
        hello = json.loads(hello_line)
    except ValueError:
        hello = None
    if not isinstance(hello, dict) or hello.get("protocol") != PROTOCOL:
        found = hello.get("protocol") if isinstance(hello, dict) else None
        send({"error": {"message": f"{ENGINE_NAME} speaks {PROTOCOL}, not {found}"}})
        return 1
    send({"engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION, "features": FEATURES}})

    # 2. Requests, one at a time, until `bye` or the end of input (3. also a normal end).
    for line in sys.stdin:
        if line.strip() and not handle(line):
            break
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
