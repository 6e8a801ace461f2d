#!/usr/bin/env python3
"""clone_engine: a frame-based UIStackView clone, for the suite's own tests.

It is written the way the open-source clones were written before Auto Layout solvers were common (TZStackView,
OAStackView, FDStackView and UIKit ports compute frames directly): an honest attempt with the usual shortcuts, not a
toy broken on purpose. It speaks ENGINE-PROTOCOL.md correctly and declares most features. Its shortcuts:

  * fill shares the leftover space (or the overflow) equally among the visible views; hugging and compression
    resistance priorities are read but ignored;
  * a hidden view collapses to zero length, but the spacing on both of its sides is kept (double spacing);
  * the layout margins are always applied: isLayoutMarginsRelativeArrangement is ignored;
  * fillProportionally divides the canvas minus the spacing in proportion to the intrinsic lengths (no last-view
    quirk, no fallback rules); equalCentering puts the first view at the start and the last at the end and spreads
    the centres evenly between them, without minimum spacing;
  * the root's baselines come from its first arranged view only (both of them), and are omitted for vertical
    stacks;
  * pixel rounding rounds x, y, width and height separately with Python's round() (half to even).

One line per request goes to standard error: `clone_engine: handled request 17: 3 views`.
"""

import json
import sys

FEATURES = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
            "alignFill", "leading", "center", "trailing", "firstBaseline", "lastBaseline",
            "hidden", "customSpacing", "systemSpacing", "negativeSpacing", "margins", "rightToLeft",
            "nested", "noIntrinsicSize", "priorities", "overflow", "pixelRounding"]


def spacing_of(raw, default):
    if raw == "system":
        return 8.0
    if raw is None or raw >= 3.4e38:
        return default
    return float(raw)


def leaf_size(item):
    size = item.get("intrinsicContentSize") or {}
    w, h = size.get("width"), size.get("height")
    return (0.0 if w in (None, -1) else float(w)), (0.0 if h in (None, -1) else float(h))


def count_views(stack):
    return sum(1 + (count_views(i["stack"]) if "stack" in i else 0) for i in stack.get("arrangedSubviews", []))


class Stack:
    """One stack view: measures its content and places it in a given size, in its own coordinates."""

    def __init__(self, stack, rtl):
        self.stack = stack
        self.rtl = rtl
        self.items = stack.get("arrangedSubviews", [])
        self.horizontal = stack.get("axis", "horizontal") == "horizontal"
        self.alignment = {"top": "leading", "bottom": "trailing"}.get(stack.get("alignment", "fill"),
                                                                   stack.get("alignment", "fill"))
        self.distribution = stack.get("distribution", "fill")
        self.spacing = spacing_of(stack.get("spacing", 0), 0.0)
        margins = {"top": 8.0, "leading": 8.0, "bottom": 8.0, "trailing": 8.0}
        margins.update(stack.get("layoutMargins") or {})
        self.margins = margins  # always applied, whatever isLayoutMarginsRelativeArrangement says
        self.children = [Stack(i["stack"], rtl) if "stack" in i else None for i in self.items]

    def gap_after(self, index):
        return spacing_of(self.items[index].get("customSpacingAfter"), self.spacing)

    def natural(self, index):
        """An item's natural size: its intrinsic size, or a nested stack's fitting size."""
        child = self.children[index]
        return child.fitting() if child else leaf_size(self.items[index])

    def split(self, size):
        """(along, across) of a (width, height) pair."""
        return size if self.horizontal else (size[1], size[0])

    def insets(self):
        m = self.margins
        if self.horizontal:
            return m["leading"], m["top"], m["leading"] + m["trailing"], m["top"] + m["bottom"]
        return m["top"], m["leading"], m["top"] + m["bottom"], m["leading"] + m["trailing"]

    def visible(self):
        return [j for j, item in enumerate(self.items) if not item.get("isHidden")]

    def total_gaps(self):
        return sum(self.gap_after(j) for j in range(len(self.items) - 1))

    def baseline(self, index, height, last):
        item = self.items[index]
        offset = item.get("lastBaseline" if last else "firstBaseline")
        return height if offset is None else float(offset)

    def fitting(self):
        a0, c0, along_margins, cross_margins = self.insets()
        vis = self.visible()
        sizes = [self.split(self.natural(j)) for j in vis]
        lengths = [s[0] for s in sizes]
        if self.distribution == "fillEqually" and lengths:
            along = max(lengths) * len(lengths) + self.total_gaps()
        else:
            along = sum(lengths) + self.total_gaps()
        across = max([s[1] for s in sizes], default=0.0)
        if self.horizontal and self.alignment in ("firstBaseline", "lastBaseline") and vis:
            last = self.alignment == "lastBaseline"
            above = max(self.baseline(j, s[1], last) for j, s in zip(vis, sizes))
            below = max(s[1] - self.baseline(j, s[1], last) for j, s in zip(vis, sizes))
            across = above + below
        along += along_margins
        across += cross_margins
        return (along, across) if self.horizontal else (across, along)

    def place(self, width, height, frames, offset_x=0.0, offset_y=0.0):
        """Appends (id, x, y, w, h) for every item at every depth, in pre-order, in root coordinates."""
        a0, c0, along_margins, cross_margins = self.insets()
        along_total, across_total = self.split((width, height))
        canvas_along, canvas_across = along_total - along_margins, across_total - cross_margins
        vis = self.visible()
        naturals = [self.split(self.natural(j)) for j in range(len(self.items))]
        lengths = [0.0] * len(self.items)
        gaps = [self.gap_after(j) for j in range(len(self.items) - 1)]
        room = canvas_along - self.total_gaps()
        if vis:
            intrinsic = sum(naturals[j][0] for j in vis)
            if self.distribution == "fillEqually":
                for j in vis:
                    lengths[j] = room / len(vis)
            elif self.distribution == "fillProportionally" and intrinsic > 0:
                for j in vis:
                    lengths[j] = room * naturals[j][0] / intrinsic
            elif self.distribution in ("equalSpacing", "equalCentering"):
                for j in vis:
                    lengths[j] = naturals[j][0]
            else:  # fill (and fillProportionally with nothing to share): the difference split evenly
                for j in vis:
                    lengths[j] = naturals[j][0] + (room - intrinsic) / len(vis)
        starts = [0.0] * len(self.items)
        position = a0
        if self.distribution == "equalSpacing" and len(vis) > 1:
            extra = (canvas_along - sum(lengths) - self.total_gaps()) / (len(vis) - 1)
            gaps = [g + max(extra, 0.0) if not self.items[j].get("isHidden") else g for j, g in enumerate(gaps)]
        for j in range(len(self.items)):
            starts[j] = position
            position += lengths[j] + (gaps[j] if j < len(gaps) else 0.0)
        if self.distribution == "equalCentering" and len(vis) > 1:
            first, last = vis[0], vis[-1]
            c_first = a0 + lengths[first] / 2
            c_last = a0 + canvas_along - lengths[last] / 2
            step = (c_last - c_first) / (len(vis) - 1)
            for n, j in enumerate(vis):
                starts[j] = c_first + n * step - lengths[j] / 2

        # Across the axis.
        cross_sizes, cross_starts = [], []
        last = self.alignment == "lastBaseline"
        base_line = max([self.baseline(j, naturals[j][1], last) for j in vis], default=0.0)
        for j in range(len(self.items)):
            size = naturals[j][1]
            if self.alignment == "fill":
                size, start = canvas_across, 0.0
            elif self.alignment == "center":
                start = (canvas_across - size) / 2
            elif self.alignment == "trailing":
                start = canvas_across - size
            elif self.alignment in ("firstBaseline", "lastBaseline") and self.horizontal:
                start = base_line - self.baseline(j, size, last)
            else:
                start = 0.0
            cross_sizes.append(size)
            cross_starts.append(c0 + start)

        for j, item in enumerate(self.items):
            if self.horizontal:
                x, y, w, h = starts[j], cross_starts[j], lengths[j], cross_sizes[j]
            else:
                x, y, w, h = cross_starts[j], starts[j], cross_sizes[j], lengths[j]
            if self.rtl:
                x = width - x - w
            frames.append((item["id"], x, y, w, h))
            if self.children[j]:
                self.children[j].place(w, h, frames)
        return frames

    def root_baselines(self, frames):
        """The first arranged view's baselines, offset by its position (a clone shortcut)."""
        if not self.items or not self.horizontal:
            return None
        _, _, y, _, h = frames[0]
        return y + self.baseline(0, h, False), y + self.baseline(0, h, True)


def layout(scenario):
    rtl = scenario.get("layoutDirection") == "rightToLeft"
    stack = Stack(scenario["stack"], rtl)
    fit_w, fit_h = stack.fitting()
    container = scenario.get("container") or {}
    width = fit_w if container.get("width") is None else float(container["width"])
    height = fit_h if container.get("height") is None else float(container["height"])
    frames = stack.place(width, height, [])
    scale = scenario.get("scale")

    def px(v):
        return v if scale is None else round(v * scale) / scale

    document = {"format": "stackcheck.layout/1", "size": {"width": px(width), "height": px(height)},
                "frames": {i: {"x": px(x), "y": px(y), "width": px(w), "height": px(h)} for i, x, y, w, h in frames}}
    baselines = stack.root_baselines(frames)
    if baselines is not None:
        document["firstBaseline"], document["lastBaseline"] = px(baselines[0]), px(baselines[1])
    return document


def main():
    hello = json.loads(sys.stdin.readline() or "null")
    if not isinstance(hello, dict) or hello.get("protocol") != "stackcheck.engine/1":
        print(json.dumps({"error": {"message": "clone_engine speaks stackcheck.engine/1 only"}}), flush=True)
        return 1
    print(json.dumps({"engine": {"name": "clone_engine", "version": "0.9", "features": FEATURES}}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("bye"):
            break
        rid = request.get("id")
        try:
            text = json.dumps({"id": rid, "result": layout(request["layout"])}, allow_nan=False)
            print(f"clone_engine: handled request {rid}: {count_views(request['layout']['stack'])} views",
                  file=sys.stderr, flush=True)
        except Exception as error:  # never a crash: the suite records the message
            text = json.dumps({"id": rid, "error": {"message": f"{type(error).__name__}: {error}"}})
            print(f"clone_engine: request {rid} failed: {error!r}", file=sys.stderr, flush=True)
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
