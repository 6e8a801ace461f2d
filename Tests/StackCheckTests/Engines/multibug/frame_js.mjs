#!/usr/bin/env node
// BUG vertical-trailing-as-leading: a vertical stack's trailing alignment does nothing: its views stay on the leading edge, as under leading | breaks: UISV-canvas-connection, UISV-alignment | edit: "alignment trailing read as leading when the axis is vertical"
// BUG overflow-grows-last: along the axis of a fill or equalSpacing stack, an overflow (a container shorter than the content) grows the last visible view by the missing length instead of shrinking the first one | breaks: UISV-canvas-connection | edit: "the sign of the overflow flipped and charged to the last view (the mutant tiesToLastView, with the sign error on top)"
// BUG fill-equally-remainder: fillEqually rounds each view's length down to whole points and leaves the remainder at the end | breaks: UISV-canvas-connection | edit: "none"
// BUG empty-crash: a root stack with no arranged views makes the engine read the first view's size from undefined; the TypeError is not caught and the process exits (a CRASH) | breaks: none (an engine fault) | edit: "none"
// shows in (each bug alone, every other bug fixed; --cases 100, seed 0):
//   vertical-trailing-as-leading: alignment.trailing, axis.swapTransposes, agreement.matchesReference
//   overflow-grows-last: distribution.pinnedToCanvasEnds, distribution.fill.tiesToFirstView, agreement.matchesReference
//   fill-equally-remainder: distribution.pinnedToCanvasEnds, fitting.viewsAtIntrinsicSize, scaling.framesScaleWithLengths, agreement.matchesReference
//   empty-crash: (CRASH) 23 properties, every one whose generator makes an empty root stack: hidden.collapsesAlongAxis, hidden.removedEqualsHidden, hidden.placement, hidden.placementTentative, hidden.allHiddenFitsZero, distribution.pinnedToCanvasEnds, distribution.readingOrder, spacing.exactForFillDistributions, spacing.minimumForEqualDistributions, spacing.horizontalIgnoresBaselineRelative, distribution.fillEqually.equalLengths, distribution.equalSpacing.equalGaps, alignment.fill, alignment.leading, alignment.center, alignment.trailing, alignment.stackBaselines, fitting.viewsAtIntrinsicSize, direction.rightToLeftMirrors, scaling.framesScaleWithLengths, axis.swapTransposes, layout.finiteFrames, agreement.matchesReference
//
// frame_js: a frame-based stack engine in Node.js (standard library only) with four planted, individually switchable
// bugs, speaking ENGINE-PROTOCOL.md. It computes frames directly, following UISTACKVIEW.md §2 for its feature set:
// fill (the first visible view absorbs the slack or the overflow, past zero if it must: R-T-1, R-SOLVE-4),
// fillEqually, equalSpacing (gaps at their largest minimum in a free stack or under overflow, R-D-5), the fill /
// leading / center / trailing alignments (views squeezed to the canvas across the axis under overflow), margins,
// right-to-left (the mirror image), hidden views (§2.5, R-H-2, R-T-2, R-F-3, R-T-9) and custom spacing (R-T-3).
// It computes the root's baselines (R-BL-2, R-BL-3, R-BL-5). Its hello declares only what it implements: no
// priorities, nested stacks, negative or system spacing, views without an intrinsic size, baseline alignment,
// pixel rounding, user constraints or text. A stack whose canvas is negative across the axis (margins larger than
// a fixed container) is answered `unsupported`.
//
// MULTIBUG_FIXED (environment): comma-separated ids of the bugs above to fix; `all` fixes every one.
// Baseline failures (every bug fixed, --cases 100, seed 0): none; every golden fixture inside its features passes.
//
// One line per request goes to standard error: `frame_js: request 17: 3 views (bugs: ...)`.

import { createInterface } from "node:readline";

const BUGS = ["vertical-trailing-as-leading", "overflow-grows-last", "fill-equally-remainder", "empty-crash"];
const FEATURES = ["fill", "fillEqually", "equalSpacing", "alignFill", "leading", "center", "trailing",
  "hidden", "customSpacing", "margins", "rightToLeft", "overflow"];
const CLAMP = 2777777;

const fixedWords = new Set((process.env.MULTIBUG_FIXED ?? "").split(",").map((w) => w.trim()).filter(Boolean));
const ACTIVE = new Set(fixedWords.has("all") ? [] : BUGS.filter((b) => !fixedWords.has(b)));
const bug = (name) => ACTIVE.has(name);

class Unsupported extends Error {}

const clamp = (v) => Math.max(-CLAMP, Math.min(CLAMP, Number(v)));
const number = (v) => (v === null || v === undefined || v === -1 ? 0 : clamp(v));
const spacingOf = (raw, fallback) => {
  if (raw === "system") return 8;
  if (raw === null || raw === undefined || raw >= 3.4e38) return fallback;
  return clamp(raw);
};
const clean = (v) => {
  const r = Math.round(clamp(v) * 1e9) / 1e9;
  return r === 0 ? 0 : r;
};

function layout(scenario) {
  const stack = scenario.stack;
  const items = stack.arrangedSubviews ?? [];
  const horizontal = (stack.axis ?? "horizontal") === "horizontal";
  const rtl = scenario.layoutDirection === "rightToLeft";
  let alignment = stack.alignment ?? "fill";
  alignment = { top: "leading", bottom: "trailing" }[alignment] ?? alignment;
  if (!["fill", "leading", "center", "trailing"].includes(alignment)) throw new Unsupported(`alignment ${alignment}`);
  if (bug("vertical-trailing-as-leading") && !horizontal && alignment === "trailing") alignment = "leading";
  const distribution = stack.distribution ?? "fill";
  const spacing = spacingOf(stack.spacing ?? 0, 0);
  const m = { top: 8, leading: 8, bottom: 8, trailing: 8 };
  for (const [k, v] of Object.entries(stack.layoutMargins ?? {})) m[k] = clamp(v);
  const relative = Boolean(stack.isLayoutMarginsRelativeArrangement);
  // Reading order: leading is at x = 0 until the final mirror for right-to-left.
  let alongM = horizontal ? [m.leading, m.trailing] : [m.top, m.bottom];
  let crossM = horizontal ? [m.top, m.bottom] : [m.leading, m.trailing];
  if (!relative) alongM = crossM = [0, 0];
  const container = scenario.container ?? {};
  const fixedAlong = container[horizontal ? "width" : "height"];
  const fixedCross = container[horizontal ? "height" : "width"];

  if (bug("empty-crash")) {
    // The planted crash: the first view is read before the stack is checked for being empty.
    globalThis.firstSize = items[0].intrinsicContentSize;
  }
  const n = items.length;
  if (n === 0) {
    return documentFor(number(container.width), number(container.height), {}, items, horizontal, null);
  }
  const measure = (item) => {
    const size = item.intrinsicContentSize ?? {};
    const w = number(size.width), h = number(size.height);
    return horizontal ? [w, h] : [h, w];
  };
  const along = items.map((i) => measure(i)[0]);
  const cross = items.map((i) => measure(i)[1]);
  const hidden = items.map((i) => Boolean(i.isHidden));
  const visible = [...items.keys()].filter((k) => !hidden[k]);
  const gapAfter = (k) => spacingOf(items[k].customSpacingAfter, spacing);
  const equal = distribution === "equalSpacing";
  const start = new Array(n).fill(0);
  const length = new Array(n).fill(0);
  let sizeAlong;

  if (visible.length === 0) { // R-F-3, R-T-2
    sizeAlong = fixedAlong !== null && fixedAlong !== undefined ? clamp(fixedAlong) : (equal ? 0 : alongM[0] + alongM[1]);
    for (let k = 0; k < n; k++) start[k] = alongM[0];
  } else {
    const gaps = visible.slice(0, -1).map(gapAfter);
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    const intrinsic = sum(visible.map((k) => along[k]));
    const minGap = gaps.length ? Math.max(...gaps) : 0;
    let natural;
    if (distribution === "fillEqually") natural = visible.length * Math.max(...visible.map((k) => along[k])) + sum(gaps);
    else if (equal) natural = intrinsic + (visible.length - 1) * minGap;
    else natural = intrinsic + sum(gaps);
    let inner;
    if (fixedAlong !== null && fixedAlong !== undefined) {
      sizeAlong = clamp(fixedAlong);
      inner = sizeAlong - alongM[0] - alongM[1];
    } else {
      inner = natural;
      sizeAlong = inner + alongM[0] + alongM[1];
    }
    for (const k of visible) length[k] = along[k];
    let between = gaps.slice();
    const free = inner - natural;
    const absorb = (delta) => { // R-T-1: the first tied view takes the slack or the overflow
      if (delta < 0 && bug("overflow-grows-last")) length[visible[visible.length - 1]] -= delta;
      else length[visible[0]] += delta;
    };
    if (distribution === "fillEqually") {
      let each = (inner - sum(gaps)) / visible.length;
      if (bug("fill-equally-remainder")) each = Math.floor(each);
      for (const k of visible) length[k] = each;
    } else if (equal) {
      if (visible.length === 1) length[visible[0]] = inner;
      else if (free >= 0) between = gaps.map(() => (inner - intrinsic) / (visible.length - 1));
      else {
        between = gaps.map(() => minGap); // gaps at their minimum, then the views give way
        absorb(free);
      }
    } else {
      absorb(free);
    }
    let position = alongM[0];
    visible.forEach((k, j) => {
      start[k] = position;
      position += length[k] + (j < between.length ? between[j] : 0);
    });
    const first = visible[0], last = visible[visible.length - 1];
    for (let k = 0; k < n; k++) {
      if (!hidden[k]) continue;
      if (k < first) start[k] = start[first] - (first === 1 ? 0 : spacing / 2);
      else if (k > last) start[k] = start[last] + length[last] + (last === n - 2 ? 0 : gapAfter(last) / 2);
      else {
        const before = Math.max(...visible.filter((v) => v < k));
        const after = Math.min(...visible.filter((v) => v > k));
        const end = start[before] + length[before];
        start[k] = equal ? (end + start[after]) / 2 : end + gapAfter(before) / 2;
      }
    }
  }

  // Across the axis.
  let sizeCross, innerCross;
  if (fixedCross !== null && fixedCross !== undefined) {
    sizeCross = clamp(fixedCross);
    innerCross = sizeCross - crossM[0] - crossM[1];
    if (innerCross < 0 && visible.length) throw new Unsupported("a canvas of negative cross size (margins wider than the container)");
  } else {
    if (visible.length === 0) innerCross = 0;
    else if (alignment === "fill") innerCross = Math.max(...cross);
    else innerCross = Math.max(...visible.map((k) => cross[k]));
    sizeCross = innerCross + crossM[0] + crossM[1];
  }
  const offset = new Array(n).fill(0);
  const extent = new Array(n).fill(0);
  for (let k = 0; k < n; k++) {
    if (visible.length === 0) {
      extent[k] = alignment === "fill" ? Math.max(...cross) : cross[k];
    } else if (alignment === "fill") {
      extent[k] = innerCross;
    } else {
      extent[k] = hidden[k] ? cross[k] : Math.min(cross[k], innerCross); // squeezed to the canvas under overflow
    }
    if (alignment === "center") offset[k] = (innerCross - extent[k]) / 2;
    else if (alignment === "trailing") offset[k] = innerCross - extent[k];
    else offset[k] = 0;
  }
  const frames = {};
  const width = horizontal ? sizeAlong : sizeCross;
  const height = horizontal ? sizeCross : sizeAlong;
  items.forEach((item, k) => {
    const a0 = start[k], a1 = hidden[k] ? 0 : length[k];
    const c0 = crossM[0] + offset[k], c1 = extent[k];
    const frame = horizontal ? { x: a0, y: c0, width: a1, height: c1 } : { x: c0, y: a0, width: c1, height: a1 };
    if (rtl) frame.x = width - frame.x - frame.width;
    frames[item.id] = frame;
  });
  return documentFor(width, height, frames, items, horizontal, visible);
}

function documentFor(width, height, frames, items, horizontal, visible) {
  const cleaned = {};
  for (const [id, f] of Object.entries(frames)) {
    cleaned[id] = { x: clean(f.x), y: clean(f.y), width: clean(f.width), height: clean(f.height) };
  }
  const result = { format: "stackcheck.layout/1", size: { width: clean(width), height: clean(height) }, frames: cleaned };
  if (!visible || visible.length === 0) {
    result.firstBaseline = result.lastBaseline = clean(height);
    return result;
  }
  const baseline = (k, which) => {
    const f = frames[items[k].id];
    const offset = items[k][which];
    return f.y + (offset === null || offset === undefined ? f.height : Number(offset));
  };
  let firstView, lastView;
  if (horizontal) { // R-BL-5: the tallest by intrinsic height, the lowest index on ties
    let best = visible[0];
    for (const k of visible) {
      if (number(items[k].intrinsicContentSize?.height) > number(items[best].intrinsicContentSize?.height)) best = k;
    }
    firstView = lastView = best;
  } else {
    firstView = visible[0];
    lastView = visible[visible.length - 1];
  }
  result.firstBaseline = clean(baseline(firstView, "firstBaseline"));
  result.lastBaseline = clean(baseline(lastView, "lastBaseline"));
  return result;
}

const send = (object) => process.stdout.write(JSON.stringify(object) + "\n");
const active = BUGS.filter((b) => ACTIVE.has(b)).join(",") || "none";
let greeted = false;
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (!greeted) {
    greeted = true;
    if (message.protocol !== "stackcheck.engine/1") {
      send({ error: { message: "frame_js speaks stackcheck.engine/1 only" } });
      process.exit(1);
    }
    send({ engine: { name: "frame_js", version: "1.0", features: FEATURES } });
    return;
  }
  if (message.bye) {
    input.close();
    return;
  }
  const id = message.id;
  const count = (message.layout?.stack?.arrangedSubviews ?? []).length;
  if (bug("empty-crash") && count === 0) {
    process.stderr.write(`frame_js: request ${id}: 0 views (bugs: ${active})\n`);
    layout(message.layout); // throws outside any try: the process exits, as the planted bug says
  }
  try {
    const result = layout(message.layout);
    send({ id, result });
    process.stderr.write(`frame_js: request ${id}: ${count} views (bugs: ${active})\n`);
  } catch (error) {
    if (error instanceof Unsupported) send({ id, unsupported: { message: error.message } });
    else send({ id, error: { message: `${error.name}: ${error.message}` } });
    process.stderr.write(`frame_js: request ${id} failed: ${error.message}\n`);
  }
});
input.on("close", () => process.exit(0));
