#!/usr/bin/env node
// A stackcheck engine adapter template in JavaScript (Node 20, built-in modules only).
//
// Run it under the suite with:
//
//     stackcheck run --engine-command "node Examples/adapters/javascript/engine.mjs"
//
// The file has two halves:
//
//   * YOUR LAYOUT CODE (the top half): `FEATURES` and `layout(scenario)`. Replace them with a call into your engine.
//     The small engine here is honest for what it declares: a flat stack with distribution fillEqually or
//     equalSpacing, the four edge alignments (fill, leading, center, trailing), hidden views, custom/system/negative
//     spacing, margins, right-to-left, views without an intrinsic size, overflow and pixel rounding. Anything else
//     is answered `unsupported` (the suite skips the case) rather than guessed.
//   * PROTOCOL PLUMBING (the bottom half): the JSON line conversation of Spec/ENGINE-PROTOCOL.md. Keep it as it is.
//
// Rules that matter: standard output carries protocol lines and nothing else (a stray console.log() breaks the
// run), so logging goes to standard error (console.error); every request gets exactly one answer line with its id;
// an exception in the layout code becomes an `error` answer, never a crash.
//
// This engine does not compute baselines: it omits `firstBaseline`/`lastBaseline` from its layout documents, which
// tells the suite "not computed" (the baseline properties then skip), and it declares neither baseline alignment.

import { createInterface } from "node:readline";

const ENGINE_NAME = "javascript-template";
const ENGINE_VERSION = "1.0";
const PROTOCOL = "stackcheck.engine/1";

// =====================================================================================================================
// YOUR LAYOUT CODE GOES HERE
// =====================================================================================================================

// The exact set of features implemented below (ENGINE-PROTOCOL.md, "Features"). The suite generates only scenarios
// inside this set and reports properties that need anything else as SKIP. Declare only what you implement exactly:
// `fill` is missing on purpose, because fill without hugging and compression-resistance priorities is not fill.
const FEATURES = [
  "fillEqually", "equalSpacing",
  "alignFill", "leading", "center", "trailing",
  "hidden",
  "customSpacing", "systemSpacing", "negativeSpacing",
  "margins",
  "rightToLeft",
  "noIntrinsicSize",
  "overflow",
  "pixelRounding",
];

const SYSTEM_SPACING = 8;      // R-SP-5
const USE_DEFAULT = 3.4e38;    // Float.greatestFiniteMagnitude, spacingUseDefault (R-SP-4)
const CLAMP = 2_777_777;       // R-SOLVE-6

/** The scenario uses something this engine knowingly does not implement: the suite skips the case. */
class Unsupported extends Error {}

const clamp = (value) => Math.max(-CLAMP, Math.min(CLAMP, value));

/** A spacing field: a number, "system" (8 points), or spacingUseDefault (3.4e38 or more). */
function spacingValue(raw, fallback) {
  if (raw === "system") return SYSTEM_SPACING;
  if (raw === undefined || raw === null || raw >= USE_DEFAULT) return fallback;
  return clamp(Number(raw));
}

/** The item's intrinsic size in `dimension` ("width"/"height"), or null for noIntrinsicMetric. */
/**
 * The box font's measure function (UISTACKVIEW.md §2.7, R-TX-1) for a text leaf's `text` object: `{width, height,
 * firstBaseline, lastBaseline}` at `width`, or the single-line size when `width` is null; an empty text is 0 x 0
 * with null baselines (the bottom edge). Hand it to your engine's measure callback (Yoga's `setMeasureFunc`,
 * Taffy's measure function: ENGINE-PROTOCOL.md, "Text"). To declare the `text` feature an engine also needs the two
 * passes of §2.7 and, in horizontal stacks, R-TW-1 and R-TW-2.
 */
export function measureText(text, width = null) {
  const n = Number(text.characters);
  const a = Number(text.advance ?? 10), h = Number(text.lineHeight ?? 20), b = Number(text.ascent ?? 15);
  const k = Number(text.numberOfLines ?? 1);
  if (n === 0) return { width: 0, height: 0, firstBaseline: null, lastBaseline: null };
  if (width === null || k === 1) return { width: n * a, height: h, firstBaseline: b, lastBaseline: b };
  // cpl(w) = max(1, floor(w/a + 1e-9)) for w > 0, N for w <= 0; the 1e-9 keeps 99.99999999999999 on 10 of 10.
  const perLine = width <= 0 ? n : Math.min(n, Math.max(1, Math.floor(width / a + 1e-9)));
  let lines = Math.ceil(n / perLine);
  if (k > 0) lines = Math.min(lines, k);
  return { width: perLine * a, height: lines * h, firstBaseline: b, lastBaseline: (lines - 1) * h + b };
}

function intrinsic(item, dimension) {
  const value = (item.intrinsicContentSize ?? {})[dimension];
  if (value === undefined || value === null || value === -1) return null;
  return clamp(Number(value));
}

/** The request's scenario is not one this engine can read: an `error` answer that names the JSON path. */
class InvalidScenario extends Error {}

/**
 * Checks the fields `layout` reads (SCENARIO-FORMAT.md), so that bad input gets an error naming its path instead of
 * a silent default or a stray exception deep in the layout code. The suite sends valid scenarios; this is for the
 * rest.
 */
function checkReadable(scenario) {
  const show = (value) => JSON.stringify(value) ?? String(value);
  const number = (value, path, minimum = null, allow = []) => {
    if (allow.includes(value)) return;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new InvalidScenario(`${path}: expected a finite number, found ${show(value)}`);
    }
    if (minimum !== null && value < minimum) {
      throw new InvalidScenario(`${path}: must be at least ${minimum}, found ${value}`);
    }
  };
  const object = (value, path) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new InvalidScenario(`${path}: expected an object, found ${show(value)}`);
    }
    return value;
  };
  const container = object(scenario.container ?? {}, "layout.container");
  for (const key of ["width", "height"]) number(container[key], `layout.container.${key}`, 0, [null, undefined]);
  number(scenario.scale, "layout.scale", 1e-9, [null, undefined]);
  const stack = object(scenario.stack, "layout.stack");
  number(stack.spacing ?? 0, "layout.stack.spacing", null, ["system"]);
  for (const [key, value] of Object.entries(object(stack.layoutMargins ?? {}, "layout.stack.layoutMargins"))) {
    number(value, `layout.stack.layoutMargins.${key}`);
  }
  const items = stack.arrangedSubviews ?? [];
  if (!Array.isArray(items)) throw new InvalidScenario("layout.stack.arrangedSubviews: expected an array");
  items.forEach((item, n) => {
    const path = `layout.stack.arrangedSubviews[${n}]`;
    object(item, path);
    if (typeof item.id !== "string" || item.id === "") {
      throw new InvalidScenario(`${path}.id: expected a non-empty string`);
    }
    const size = object(item.intrinsicContentSize ?? {}, `${path}.intrinsicContentSize`);
    for (const key of ["width", "height"]) {
      number(size[key], `${path}.intrinsicContentSize.${key}`, 0, [null, undefined, -1]);
    }
    number(item.customSpacingAfter, `${path}.customSpacingAfter`, null, [null, undefined, "system"]);
  });
}

function checkSupported(scenario) {
  const stack = scenario.stack;
  if (!["fillEqually", "equalSpacing"].includes(stack.distribution ?? "fill")) {
    throw new Unsupported("only the distributions fillEqually and equalSpacing are implemented");
  }
  if (!["fill", "leading", "top", "center", "trailing", "bottom"].includes(stack.alignment ?? "fill")) {
    throw new Unsupported("baseline alignments are not implemented");
  }
  for (const item of stack.arrangedSubviews ?? []) {
    if ("stack" in item) throw new Unsupported("nested stacks are not implemented");
    if ((item.constraints ?? []).length > 0) throw new Unsupported("user constraints are not implemented");
    for (const [key, fallback] of [["contentHuggingPriority", 250], ["compressionResistancePriority", 750]]) {
      const priorities = item[key] ?? {};
      if (["horizontal", "vertical"].some((axis) => (priorities[axis] ?? fallback) !== fallback)) {
        throw new Unsupported("priorities other than 250/750 are not implemented");
      }
    }
    if (stack.axis === "vertical" && stack.isBaselineRelativeArrangement
        && (item.firstBaseline != null || item.lastBaseline != null)) {
      throw new Unsupported("baseline-relative arrangement of text views is not implemented");
    }
  }
}

/**
 * The spacing constant between each adjacent pair of arranged views, hidden ones included (UISTACKVIEW.md §2.5 and
 * R-T-3): the gap between consecutive visible views is the spacing after the earlier one, and hidden views between
 * them sit in its middle; a hidden view at either end sits on the canvas edge.
 */
function axisConstants(items, hidden, spacing) {
  const after = items.map((item) => spacingValue(item.customSpacingAfter, spacing));
  const constants = [];
  let lastVisible = null; // the index of the nearest visible view before the pair
  for (let j = 0; j + 1 < items.length; j++) {
    if (!hidden[j]) lastVisible = j;
    const prevHidden = hidden[j], nextHidden = hidden[j + 1];
    let k = 0;
    if (!prevHidden && !nextHidden) {
      k = after[j];
    } else if (prevHidden && !nextHidden) {
      // A leading run of hidden views gets half the stack's spacing; a middle run half the gap it sits in.
      k = j === 0 ? 0 : (lastVisible === null ? spacing : after[lastVisible]) / 2;
    } else if (!prevHidden && nextHidden) {
      k = j + 1 === items.length - 1 ? 0 : after[j] / 2;
    }
    constants.push(k);
  }
  return constants;
}

const sum = (values) => values.reduce((a, b) => a + b, 0);

/** The minimum gap between each pair of consecutive visible views: the chain's constants between them. */
const visibleGaps = (visible, constants) => visible.slice(1).map((q, n) => sum(constants.slice(visible[n], q)));

/**
 * fillEqually (R-D-3): the visible views share the canvas equally, the spacing exact; without a container each takes
 * the largest intrinsic length among them (compression resistance 750 beats hugging 250). Fills `lengths` and
 * returns the gaps between consecutive visible views and the canvas length.
 */
function fillEqually(items, visible, lengths, constants, along, canvasFixed) {
  const gaps = visibleGaps(visible, constants);
  let length, canvasAlong;
  if (canvasFixed === null) {
    const known = visible.map((j) => intrinsic(items[j], along)).filter((c) => c !== null);
    length = known.length > 0 ? Math.max(...known) : 0;
    canvasAlong = visible.length * length + sum(gaps);
  } else {
    canvasAlong = canvasFixed;
    length = (canvasAlong - sum(gaps)) / visible.length;
  }
  for (const j of visible) lengths[j] = length;
  return [gaps, canvasAlong];
}

/**
 * equalSpacing (R-D-5, R-D-7): the views keep their intrinsic lengths and every gap is equal and at least the
 * largest minimum spacing (the gaps are tied at 1000). A free stack is pulled towards length 0 by canvas-fit @49,
 * which leaves the gaps at that minimum (or widens them to reach 0 with negative spacing). Under overflow the gaps
 * stay at the minimum and the first visible view absorbs the rest (equal compression resistance: R-T-1).
 */
function equalSpacing(items, visible, lengths, constants, along, canvasFixed, alongMargins) {
  const natural = visible.map((j) => intrinsic(items[j], along));
  if (natural.some((c) => c === null)) {
    // Canvas-fit @49 would squeeze a view with no intrinsic length in a free stack: not implemented here.
    throw new Unsupported("equalSpacing with a view that has no intrinsic length is not implemented");
  }
  visible.forEach((j, n) => { lengths[j] = natural[n]; });
  if (visible.length === 1) {
    if (canvasFixed === null) return [[], lengths[visible[0]]];
    lengths[visible[0]] = canvasFixed;                   // pinned to both canvas ends
    return [[], canvasFixed];
  }
  const count = visible.length - 1;
  const minimum = Math.max(...visibleGaps(visible, constants));
  const content = sum(natural);
  if (canvasFixed === null) {
    const gap = Math.max(minimum, -(content + alongMargins) / count);
    return [new Array(count).fill(gap), content + count * gap];
  }
  let gap = (canvasFixed - content) / count;
  if (gap < minimum) {
    gap = minimum;
    lengths[visible[0]] -= content + count * gap - canvasFixed;
  }
  return [new Array(count).fill(gap), canvasFixed];
}

/**
 * Every view's start along the axis. Visible views follow each other from the canvas start. Hidden views (R-H-2,
 * R-T-3): a run between two visible views sits at the middle of their gap; a run at either end sits where the
 * spacing chain of §2.5 puts it, from the nearest visible view.
 */
function placeAlong(count, visible, lengths, gaps, constants, alongStart) {
  const starts = new Array(count).fill(alongStart);
  if (visible.length === 0) return starts;
  let position = alongStart;
  visible.forEach((j, n) => {
    starts[j] = position;
    position += lengths[j] + (n < gaps.length ? gaps[n] : 0);
  });
  for (let n = 0; n + 1 < visible.length; n++) {
    const p = visible[n], q = visible[n + 1];
    const middle = (starts[p] + lengths[p] + starts[q]) / 2;
    for (let j = p + 1; j < q; j++) starts[j] = middle;
  }
  for (let j = visible[0] - 1; j >= 0; j--) starts[j] = starts[j + 1] - constants[j];
  for (let j = visible[visible.length - 1] + 1; j < count; j++) {
    starts[j] = starts[j - 1] + lengths[j - 1] + constants[j - 1];
  }
  return starts;
}

/** Lays out one scenario document (Spec/SCENARIO-FORMAT.md) and returns a layout document without baselines. */
function layout(scenario) {
  checkReadable(scenario);
  checkSupported(scenario);
  const stack = scenario.stack;
  const items = stack.arrangedSubviews ?? [];
  const horizontal = (stack.axis ?? "horizontal") === "horizontal";
  const [along, across] = horizontal ? ["width", "height"] : ["height", "width"];
  const rawAlignment = stack.alignment ?? "fill";
  const alignment = { top: "leading", bottom: "trailing" }[rawAlignment] ?? rawAlignment;
  const distribution = stack.distribution ?? "fill";
  const spacing = spacingValue(stack.spacing ?? 0, 0);
  const hidden = items.map((item) => Boolean(item.isHidden));
  const visible = items.map((_, j) => j).filter((j) => !hidden[j]);

  // Margins (R-M-1, R-M-2): laid out left to right here; right-to-left mirrors the finished layout.
  let m = { top: 0, leading: 0, bottom: 0, trailing: 0 };
  if (stack.isLayoutMarginsRelativeArrangement) {
    m = { top: 8, leading: 8, bottom: 8, trailing: 8 };
    for (const [key, value] of Object.entries(stack.layoutMargins ?? {})) m[key] = clamp(Number(value));
  }
  const alongStart = horizontal ? m.leading : m.top;
  const crossStart = horizontal ? m.top : m.leading;
  let alongMargins = horizontal ? m.leading + m.trailing : m.top + m.bottom;
  let crossMargins = horizontal ? m.top + m.bottom : m.leading + m.trailing;
  const container = scenario.container ?? {};
  const fixedAlong = container[along] ?? null, fixedAcross = container[across] ?? null;
  if (items.length === 0) { // an empty stack installs no constraints: size zero, margins do not count (R-F-3)
    alongMargins = 0;
    crossMargins = 0;
  }

  // Along the axis: the visible views' lengths and the gaps between them, then every view's start.
  const constants = axisConstants(items, hidden, spacing);
  const lengths = items.map(() => 0);                    // hidden views have length 0 (UISV-hiding)
  const canvasFixed = fixedAlong === null ? null : clamp(Number(fixedAlong)) - alongMargins;
  let gaps = [], canvasAlong;
  if (visible.length === 0) {
    // Every view hidden: fitting length zero (R-F-3), but the equal-* distributions' canvas-fit pulls the stack
    // itself to zero, margins and all; the hidden views sit at the canvas origin (R-T-2).
    if (canvasFixed !== null) canvasAlong = canvasFixed;
    else canvasAlong = distribution === "equalSpacing" ? -alongMargins : 0;
  } else if (distribution === "fillEqually") {
    [gaps, canvasAlong] = fillEqually(items, visible, lengths, constants, along, canvasFixed);
  } else {
    [gaps, canvasAlong] = equalSpacing(items, visible, lengths, constants, along, canvasFixed, alongMargins);
  }
  const starts = placeAlong(items.length, visible, lengths, gaps, constants, alongStart);

  // Across the axis (R-AL-1..4, R-AL-7, R-AL-8, R-H-4): a view with no intrinsic cross size counts as 0.
  const cross = items.map((item) => intrinsic(item, across) ?? 0);
  let canvasAcross;
  if (fixedAcross !== null) canvasAcross = clamp(Number(fixedAcross)) - crossMargins;
  else if (visible.length === 0) canvasAcross = 0;                              // R-F-3
  else if (alignment === "fill") canvasAcross = Math.max(...cross);            // hidden views prop it open (R-H-4)
  else if (items.length === 1) {
    // A single view has no spanner: the canvas connections are inequalities and UISV-canvas-fit pulls the stack
    // itself, margins included, towards 0 @49 (§2.4): below the view's compression resistance (750), above its
    // ambiguity suppression (25), so a view with no intrinsic cross size gives way instead.
    const c = intrinsic(items[0], across);
    canvasAcross = (c === null ? 0 : Math.max(c + crossMargins, 0)) - crossMargins;
  } else canvasAcross = Math.max(...visible.map((j) => cross[j]));            // the spanner pulled tight @51 (R-AL-7)
  const frames = [];
  items.forEach((item, j) => {
    let size;
    if (alignment === "fill") {
      // Every view spans the canvas; when every view is hidden, they are tied to the first view instead, which
      // takes the largest cross size among them at the canvas's min edge (R-T-9).
      size = visible.length > 0 ? canvasAcross : Math.max(...cross);
    } else if (hidden[j]) {
      size = cross[j];                                   // outside the spanner: keeps its intrinsic size
    } else {
      size = Math.min(cross[j], canvasAcross);           // a visible view never leaves the canvas
    }
    const offset = alignment === "center" ? (canvasAcross - size) / 2
      : alignment === "trailing" ? canvasAcross - size : 0;
    const a0 = starts[j], c0 = crossStart + offset;
    frames.push(horizontal ? [item.id, a0, c0, lengths[j], size] : [item.id, c0, a0, size, lengths[j]]);
  });
  const width = horizontal ? canvasAlong + alongMargins : canvasAcross + crossMargins;
  const height = horizontal ? canvasAcross + crossMargins : canvasAlong + alongMargins;
  return finish(scenario, width, height, frames);
}

/**
 * Clamps (R-SOLVE-6), rounds each edge to the pixel grid (R-PX-1, R-PX-2), and mirrors right-to-left (R-RTL-1):
 * the rounded right-to-left layout is the mirror image of the rounded left-to-right one.
 */
function finish(scenario, width, height, frames) {
  const scale = scenario.scale ?? null;
  const edge = (value) => {
    value = clamp(value);
    if (scale === null) return value;
    let t = value * scale;
    const halves = Math.round(t * 2);
    if (Math.abs(t - halves / 2) <= 1e-9) t = halves / 2; // two engines whose answers differ by noise round alike
    return Math.floor(t + 0.5) / scale;
  };
  const sizeW = edge(width), sizeH = edge(height);
  const mirrored = scenario.layoutDirection === "rightToLeft";
  const out = {};
  for (const [id, x, y, w, h] of frames) {
    const x0 = edge(x), x1 = edge(x + w), y0 = edge(y), y1 = edge(y + h);
    out[id] = { x: (mirrored ? sizeW - x1 : x0) + 0, y: y0 + 0, width: x1 - x0 + 0, height: y1 - y0 + 0 };
  }
  // No "firstBaseline"/"lastBaseline" keys: this engine does not compute baselines.
  return { format: "stackcheck.layout/1", size: { width: sizeW, height: sizeH }, frames: out };
}

// =====================================================================================================================
// PROTOCOL PLUMBING (Spec/ENGINE-PROTOCOL.md): keep as it is
// =====================================================================================================================

/** Everything that is not a protocol line goes to standard error; the suite keeps its tail for the report. */
const log = (text) => console.error(`${ENGINE_NAME}: ${text}`);

/**
 * One JSON object per line on standard output. Node writes to a pipe synchronously on Linux and asynchronously on
 * macOS, in order either way; the suite waits for each answer before it sends the next request, and the process
 * never ends with process.exit() on the normal path (which could drop a pending write), so nothing more is needed.
 */
function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const answer = (id, kind, body) => send({ id, [kind]: body });

/** JSON.stringify writes NaN and ±Infinity as null; a layout that holds one is the engine's failure. */
function assertFinite(value, path) {
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`${path} is not finite (${value})`);
  if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) assertFinite(member, `${path}.${key}`);
  }
}

/** Answers one request line. Returns false after `bye`. */
function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    // Without a readable id there is nothing to match; the suite reports the answer as invalid.
    send({ error: { message: `could not read the request: ${error.message}` } });
    return true;
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    send({ error: { message: "the request is not a JSON object" } });
    return true;
  }
  if (request.bye) return false;
  const id = request.id ?? null;
  const scenario = request.layout;
  if (scenario === null || typeof scenario !== "object" || scenario.format !== "stackcheck.scenario/1") {
    answer(id, "error", { message: 'the request has no stackcheck.scenario/1 "layout"' });
    return true;
  }
  try {
    const result = layout(scenario);
    assertFinite(result, "result");
    answer(id, "result", result);
  } catch (error) {
    if (error instanceof Unsupported) {
      answer(id, "unsupported", { message: error.message });
    } else if (error instanceof InvalidScenario) {
      answer(id, "error", { message: `invalid scenario: ${error.message}` });
    } else { // the engine's own failure: an `error` answer, never a crash
      log(`request ${id} failed: ${error?.stack ?? error}`);
      answer(id, "error", { message: `${error?.name ?? "Error"}: ${error?.message ?? error}` });
    }
  }
  return true;
}

async function main() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let greeted = false;
  for await (const line of lines) {
    if (!greeted) {
      // 1. Hello. An engine that does not speak this protocol version says so and exits.
      greeted = true;
      let hello = null;
      try { hello = JSON.parse(line); } catch { hello = null; }
      if (hello === null || typeof hello !== "object" || hello.protocol !== PROTOCOL) {
        send({ error: { message: `${ENGINE_NAME} speaks ${PROTOCOL}, not ${hello?.protocol ?? "no protocol"}` } });
        process.exitCode = 1;
        break;
      }
      send({ engine: { name: ENGINE_NAME, version: ENGINE_VERSION, features: FEATURES } });
      continue;
    }
    // 2. Requests, one at a time, until `bye` or the end of input (3. also a normal end).
    if (line.trim() !== "" && !handle(line)) break;
  }
  lines.close();
  // Leaving the loop ends the process once stdout has drained; stdin is no longer read.
  process.stdin.destroy();
}

// If the suite has gone away, writing fails with EPIPE: there is nobody to answer, so end quietly.
process.stdout.on("error", (error) => process.exit(error.code === "EPIPE" ? 0 : 1));
main().catch((error) => {
  log(`fatal: ${error?.stack ?? error}`);
  process.exit(1);
});
