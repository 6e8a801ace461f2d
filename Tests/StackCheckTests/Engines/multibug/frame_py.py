#!/usr/bin/env python3
# BUG cross-margins: the cross axis is inset by layoutMargins (top/bottom of a horizontal stack, leading/trailing of a vertical one) although isLayoutMarginsRelativeArrangement is false | breaks: UISV-canvas-connection | edit: "isLayoutMarginsRelativeArrangement read as true on the cross axis"
# BUG first-inset: the first visible view starts one `spacing` in from the canvas's leading (top) edge, and every later view moves with it | breaks: UISV-canvas-connection | edit: "none"
# BUG eqspacing-hidden-count: equalSpacing divides the free space along the axis by the count of arranged views minus one, hidden ones included, instead of the visible ones | breaks: UISV-canvas-connection | edit: "none"
# BUG center-floor: center alignment rounds each view's cross offset down to whole points | breaks: UISV-canvas-connection, UISV-alignment | edit: "none"
# shows in (each bug alone, every other bug fixed; --cases 100, seed 0):
#   cross-margins: hidden.removedEqualsHidden, hidden.allHiddenFitsZero, alignment.fill, alignment.leading, alignment.trailing, fitting.largestCrossSize, margins.actAsInsets, agreement.matchesReference
#   first-inset: distribution.pinnedToCanvasEnds, agreement.matchesReference
#   eqspacing-hidden-count: hidden.removedEqualsHidden, distribution.pinnedToCanvasEnds, agreement.matchesReference
#   center-floor: alignment.center, scaling.framesScaleWithLengths, agreement.matchesReference
"""frame_py: a frame-based stack engine with four planted, individually switchable bugs (ENGINE-PROTOCOL.md).

It computes frames directly, the way a hand-written layout does, but follows UISTACKVIEW.md §2 for the scenarios
of its feature set: fill (the first visible view absorbs the slack, R-T-1), fillEqually, equalSpacing (gaps equal
to the largest minimum spacing in a free stack, R-D-5), the fill / leading / center / trailing alignments, layout
margins, hidden views (the half-spacing rule of §2.5 and R-H-2's placement under equalSpacing, R-T-2/R-F-3 for an
all-hidden stack) and custom spacing (R-T-3). It computes the root's baselines (R-BL-2, R-BL-3, R-BL-5).

Its hello declares only what it implements: no priorities (every view hugs at 250 and resists at 750), no
overflow, no nested stacks, no right-to-left, no negative or system spacing, no views without an intrinsic size,
no baselines alignment, no pixel rounding, no user constraints, no text.

MULTIBUG_FIXED (environment): comma-separated ids of the bugs above to fix; `all` fixes every one.
Baseline failures (every bug fixed, --cases 100, seed 0): none.

One line per request goes to standard error: `frame_py: request 17: 3 views (bugs: cross-margins,...)`.
"""

import json
import math
import os
import sys

BUGS = ("cross-margins", "first-inset", "eqspacing-hidden-count", "center-floor")
FEATURES = ["fill", "fillEqually", "equalSpacing", "alignFill", "leading", "center", "trailing",
            "hidden", "customSpacing", "margins"]


def fixed_bugs():
    raw = os.environ.get("MULTIBUG_FIXED", "")
    words = {w.strip() for w in raw.split(",") if w.strip()}
    if "all" in words:
        return set(BUGS)
    return words & set(BUGS)


ACTIVE = set(BUGS) - fixed_bugs()


def bug(name):
    return name in ACTIVE


CLAMP = 2777777.0  # R-SOLVE-6: every input length and every output number


def clamp(value):
    return max(-CLAMP, min(CLAMP, float(value)))


def number(value, default=0.0):
    if value is None or value == -1:
        return default
    return clamp(value)


def spacing_of(raw, default):
    if raw == "system":
        return 8.0
    if raw is None or raw >= 3.4e38:
        return default
    return clamp(raw)


def layout(scenario):
    stack = scenario["stack"]
    items = stack.get("arrangedSubviews", [])
    horizontal = stack.get("axis", "horizontal") == "horizontal"
    alignment = {"top": "leading", "bottom": "trailing"}.get(stack.get("alignment", "fill"),
                                                           stack.get("alignment", "fill"))
    distribution = stack.get("distribution", "fill")
    spacing = spacing_of(stack.get("spacing", 0), 0.0)
    margins = {"top": 8.0, "leading": 8.0, "bottom": 8.0, "trailing": 8.0}
    margins.update({k: clamp(v) for k, v in (stack.get("layoutMargins") or {}).items()})
    relative = bool(stack.get("isLayoutMarginsRelativeArrangement"))
    along_margins = (margins["leading"], margins["trailing"]) if horizontal else (margins["top"], margins["bottom"])
    cross_margins = (margins["top"], margins["bottom"]) if horizontal else (margins["leading"], margins["trailing"])
    if not relative:
        along_margins = (0.0, 0.0)
        if not bug("cross-margins"):
            cross_margins = (0.0, 0.0)
    container = scenario.get("container") or {}
    fixed_along = container.get("width" if horizontal else "height")
    fixed_cross = container.get("height" if horizontal else "width")

    def measure(item):
        size = item.get("intrinsicContentSize") or {}
        w, h = number(size.get("width")), number(size.get("height"))
        return (w, h) if horizontal else (h, w)

    n = len(items)
    if n == 0:  # no constraints at all: zero, margins or not
        width, height = number(container.get("width")), number(container.get("height"))
        return document(width, height, {}, items, horizontal, None)
    along = [measure(i)[0] for i in items]
    cross = [measure(i)[1] for i in items]
    hidden = [bool(i.get("isHidden")) for i in items]
    visible = [k for k in range(n) if not hidden[k]]

    def gap_after(k):
        return spacing_of(items[k].get("customSpacingAfter"), spacing)

    start = [0.0] * n
    length = [0.0] * n
    equal = distribution == "equalSpacing"

    # Along the axis.
    if not visible:  # R-F-3, R-T-2: fitting size zero; canvas-fit of equalSpacing takes the margins too
        if fixed_along is not None:
            size_along = clamp(fixed_along)
        else:
            size_along = 0.0 if equal else sum(along_margins)
        for k in range(n):
            start[k] = along_margins[0]
    else:
        gaps = [gap_after(k) for k in visible[:-1]]
        intrinsic = sum(along[k] for k in visible)
        if distribution == "fillEqually":
            natural = len(visible) * max(along[k] for k in visible) + sum(gaps)
        elif equal:
            natural = intrinsic + (len(visible) - 1) * max(gaps, default=0.0)
        else:
            natural = intrinsic + sum(gaps)
        if fixed_along is not None:
            size_along = clamp(fixed_along)
            inner = size_along - sum(along_margins)
        else:
            inner = natural
            size_along = inner + sum(along_margins)
        for k in visible:
            length[k] = along[k]
        between = list(gaps)
        if distribution == "fillEqually":
            each = (inner - sum(gaps)) / len(visible)
            for k in visible:
                length[k] = each
        elif equal:
            if len(visible) == 1:
                length[visible[0]] = inner
            elif bug("eqspacing-hidden-count"):
                gap = max(gaps) + (inner - natural) / (n - 1)
                between = [gap] * len(gaps)
            else:
                gap = (inner - intrinsic) / (len(visible) - 1)
                between = [gap] * len(gaps)
        else:
            length[visible[0]] += inner - natural  # R-T-1: the first of the tied views takes the slack
        position = along_margins[0] + (spacing if bug("first-inset") else 0.0)
        for j, k in enumerate(visible):
            start[k] = position
            position += length[k] + (between[j] if j < len(between) else 0.0)
        # Hidden views: §2.5's half-spacing chain, R-H-2 under equalSpacing.
        first, last = visible[0], visible[-1]
        for k in range(n):
            if not hidden[k]:
                continue
            if k < first:
                start[k] = start[first] - (0.0 if first == 1 else spacing / 2)
            elif k > last:
                end = start[last] + length[last]
                start[k] = end + (0.0 if last == n - 2 else gap_after(last) / 2)
            else:
                before = max(v for v in visible if v < k)
                after = min(v for v in visible if v > k)
                end = start[before] + length[before]
                if equal:
                    start[k] = (end + start[after]) / 2
                else:
                    start[k] = end + gap_after(before) / 2

    # Across the axis.
    if fixed_cross is not None:
        size_cross = clamp(fixed_cross)
        inner_cross = size_cross - sum(cross_margins)
    else:
        if not visible:
            inner_cross = 0.0
        elif alignment == "fill":
            inner_cross = max(cross)  # R-H-4: hidden views prop the cross size open
        else:
            inner_cross = max(cross[k] for k in visible)
        size_cross = inner_cross + sum(cross_margins)
    offset = [0.0] * n
    extent = [0.0] * n
    for k in range(n):
        if alignment == "fill" and visible:
            extent[k], offset[k] = inner_cross, 0.0
            continue
        extent[k] = cross[k]
        if alignment == "center":
            offset[k] = (inner_cross - cross[k]) / 2
            if bug("center-floor"):
                offset[k] = math.floor(offset[k])
        elif alignment == "trailing":
            offset[k] = inner_cross - cross[k]
        else:
            offset[k] = 0.0
        offset[k] += 0.0
    if alignment == "fill" and not visible:  # R-T-9: every view keeps its cross size, tied to A.first's edges
        extent = [max(cross)] * n
    frames = {}
    for k, item in enumerate(items):
        a0, a1 = start[k], length[k] if not hidden[k] else 0.0
        c0, c1 = cross_margins[0] + offset[k], extent[k]
        if horizontal:
            frames[item["id"]] = {"x": a0, "y": c0, "width": a1, "height": c1}
        else:
            frames[item["id"]] = {"x": c0, "y": a0, "width": c1, "height": a1}
    width, height = (size_along, size_cross) if horizontal else (size_cross, size_along)
    return document(width, height, frames, items, horizontal, visible)


def document(width, height, frames, items, horizontal, visible):
    result = {"format": "stackcheck.layout/1", "size": {"width": clean(width), "height": clean(height)},
              "frames": {k: {f: clean(v) for f, v in frame.items()} for k, frame in frames.items()}}
    # Root baselines: R-BL-2/R-BL-5 (tallest visible by intrinsic height, lowest index on ties) or R-BL-3.
    if not visible:
        result["firstBaseline"] = result["lastBaseline"] = clean(height)
        return result

    def baseline(k, which):
        frame = frames[items[k]["id"]]
        offset = items[k].get(which)
        return frame["y"] + (frame["height"] if offset is None else float(offset))
    if horizontal:
        heights = [number((items[k].get("intrinsicContentSize") or {}).get("height")) for k in visible]
        tallest = visible[heights.index(max(heights))]
        first_view = last_view = tallest
    else:
        first_view, last_view = visible[0], visible[-1]
    result["firstBaseline"] = clean(baseline(first_view, "firstBaseline"))
    result["lastBaseline"] = clean(baseline(last_view, "lastBaseline"))
    return result


def clean(value):
    value = round(clamp(value), 9)
    return 0.0 if value == 0 else value


def main():
    hello = json.loads(sys.stdin.readline() or "null")
    if not isinstance(hello, dict) or hello.get("protocol") != "stackcheck.engine/1":
        print(json.dumps({"error": {"message": "frame_py speaks stackcheck.engine/1 only"}}), flush=True)
        return 1
    print(json.dumps({"engine": {"name": "frame_py", "version": "1.0", "features": FEATURES}}), flush=True)
    active = ",".join(b for b in BUGS if b in ACTIVE) or "none"
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("bye"):
            break
        rid = request.get("id")
        try:
            text = json.dumps({"id": rid, "result": layout(request["layout"])}, allow_nan=False)
            count = len(request["layout"]["stack"].get("arrangedSubviews", []))
            print(f"frame_py: request {rid}: {count} views (bugs: {active})", file=sys.stderr, flush=True)
        except Exception as error:  # never a crash: the suite records the message
            text = json.dumps({"id": rid, "error": {"message": f"{type(error).__name__}: {error}"}})
            print(f"frame_py: request {rid} failed: {error!r}", file=sys.stderr, flush=True)
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
