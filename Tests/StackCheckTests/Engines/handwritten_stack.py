#!/usr/bin/env python3
"""handwritten_stack: a typical hand-written stack layout, for the suite's own tests.

The kind of layout code an app or a small UI toolkit writes for itself instead of using a constraint solver: it
speaks ENGINE-PROTOCOL.md correctly and is an honest attempt, with the usual shortcuts:

  * views get their intrinsic size and the LAST visible view is stretched (or squeezed) to fill the rest, whatever
    the priorities (fill, and fillProportionally, which it treats as fill);
  * center alignment uses integer division (`(canvas - size) // 2`), so odd remainders lean to the leading side;
  * fillEqually rounds each length down to whole points and leaves the remainder at the end;
  * equalSpacing divides the free space by (number of arranged views - 1), hidden ones counted;
  * hidden views are skipped and get an empty frame at the stack's origin.

Margins, right-to-left and custom spacing are handled correctly. It never computes baselines: every layout omits
them. One line per request goes to standard error: `handwritten_stack: handled request 17: 3 views`.
"""

import json
import sys

FEATURES = ["fill", "fillEqually", "fillProportionally", "equalSpacing",
            "alignFill", "leading", "center", "trailing",
            "hidden", "customSpacing", "margins", "rightToLeft", "noIntrinsicSize", "priorities", "overflow"]


def intrinsic(view):
    size = view.get("intrinsicContentSize") or {}
    return [0 if size.get(k) in (None, -1) else size[k] for k in ("width", "height")]


def gap_after(stack, view):
    custom = view.get("customSpacingAfter")
    return stack.get("spacing", 0) if custom is None or custom >= 3.4e38 else custom


def layout(scenario):
    stack = scenario["stack"]
    views = stack.get("arrangedSubviews", [])
    horizontal = stack.get("axis", "horizontal") == "horizontal"
    A, C = (0, 1) if horizontal else (1, 0)  # index of the along / across dimension in [width, height]
    alignment = {"top": "leading", "bottom": "trailing"}.get(stack.get("alignment", "fill"), stack.get("alignment"))
    distribution = stack.get("distribution", "fill")
    m = stack.get("layoutMargins") or {}
    if stack.get("isLayoutMarginsRelativeArrangement"):
        left, top, right, bottom = (m.get(k, 8) for k in ("leading", "top", "trailing", "bottom"))
    else:
        left = top = right = bottom = 0
    shown = [v for v in views if not v.get("isHidden")]
    sizes = [intrinsic(v) for v in shown]
    gaps = [gap_after(stack, v) for v in shown[:-1]]

    # The stack's size: the container's, or what the content needs.
    natural_along = sum(s[A] for s in sizes) + sum(gaps)
    if distribution == "fillEqually" and sizes:
        natural_along = max(s[A] for s in sizes) * len(sizes) + sum(gaps)
    natural = [0, 0]
    natural[A] = natural_along
    natural[C] = max([s[C] for s in sizes], default=0)
    container = scenario.get("container") or {}
    width = container.get("width") if container.get("width") is not None else natural[0] + left + right
    height = container.get("height") if container.get("height") is not None else natural[1] + top + bottom
    inner = [width - left - right, height - top - bottom]

    # Along the axis.
    free = inner[A] - natural_along
    if distribution == "fillEqually" and shown:
        each = int((inner[A] - sum(gaps)) // len(shown))
        for s in sizes:
            s[A] = each
    elif distribution == "equalSpacing" and len(views) > 1:
        extra = max(free, 0) / (len(views) - 1)
        gaps = [g + extra for g in gaps]
    elif sizes:
        sizes[-1][A] += free  # the last view takes up the slack (or the squeeze)

    frames = {v["id"]: {"x": 0, "y": 0, "width": 0, "height": 0} for v in views}
    position = left if horizontal else top
    for n, (view, size) in enumerate(zip(shown, sizes)):
        origin = [0, 0]
        origin[A] = position
        if alignment == "fill":
            size[C] = inner[C]
            offset = 0
        elif alignment == "center":
            offset = int((inner[C] - size[C]) // 2)
        elif alignment == "trailing":
            offset = inner[C] - size[C]
        else:
            offset = 0
        origin[C] = (top if horizontal else left) + offset
        frames[view["id"]] = {"x": origin[0], "y": origin[1], "width": size[0], "height": size[1]}
        position += size[A] + (gaps[n] if n < len(gaps) else 0)
    if scenario.get("layoutDirection") == "rightToLeft":
        for frame in frames.values():
            if frame["width"] or frame["height"]:
                frame["x"] = width - frame["x"] - frame["width"]
    return {"format": "stackcheck.layout/1", "size": {"width": width, "height": height}, "frames": frames}


def main():
    hello = json.loads(sys.stdin.readline() or "null")
    if not isinstance(hello, dict) or hello.get("protocol") != "stackcheck.engine/1":
        print(json.dumps({"error": {"message": "handwritten_stack speaks stackcheck.engine/1 only"}}), flush=True)
        return 1
    print(json.dumps({"engine": {"name": "handwritten_stack", "version": "2.1", "features": FEATURES}}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("bye"):
            break
        rid = request.get("id")
        try:
            text = json.dumps({"id": rid, "result": layout(request["layout"])}, allow_nan=False)
            count = len(request["layout"]["stack"].get("arrangedSubviews", []))
            print(f"handwritten_stack: handled request {rid}: {count} views", file=sys.stderr, flush=True)
        except Exception as error:  # never a crash: the suite records the message
            text = json.dumps({"id": rid, "error": {"message": f"{type(error).__name__}: {error}"}})
            print(f"handwritten_stack: request {rid} failed: {error!r}", file=sys.stderr, flush=True)
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
