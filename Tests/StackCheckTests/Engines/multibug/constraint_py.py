#!/usr/bin/env python3
# BUG custom-spacing-ignored: the UISV-spacing constant ignores setCustomSpacing(_:after:): every gap is the stack's spacing | breaks: UISV-spacing | edit: "customSpacingAfter read as unset (the mutant ignoresCustomSpacing)"
# BUG trailing-canvas-leq: the trailing (bottom) canvas connection along the axis is emitted as last.trailing <= canvas.trailing instead of == | breaks: UISV-canvas-connection | edit: "the axis's second UISV-canvas-connection emitted with relation <="
# BUG hidden-full-spacing: hidden views still take spacing: the spacing chain gives every pair the full spacing after the earlier view, ignoring §2.5's half-spacing rule next to hidden views | breaks: UISV-spacing | edit: "every arranged view counted as visible in §2.5's constant table (the mutant doubleSpacingAroundHidden)"
# BUG fill-equally-first-only: fillEqually emits UISV-fill-equally for the second visible view only; the third and later views are not tied to the first one's length | breaks: UISV-fill-equally | edit: "UISV-fill-equally generated for V[1] only"
# shows in (each bug alone, every other bug fixed; --cases 100, seed 0):
#   custom-spacing-ignored: fitting.sumOfSizesPlusSpacing, tree.relayoutEqualsFreshLayout, hidden.placementTentative, spacing.exactForFillDistributions, spacing.systemIsEight, spacing.minimumForEqualDistributions, distribution.equalCentering.centresEquidistant, distribution.fill.stretchAndShrinkByPriority, distribution.fill.tiesToFirstView, agreement.matchesReference
#   trailing-canvas-leq: tree.relayoutEqualsFreshLayout, hidden.removedEqualsHidden, distribution.pinnedToCanvasEnds, distribution.fill.stretchAndShrinkByPriority, distribution.fill.tiesToFirstView, agreement.matchesReference
#   hidden-full-spacing: fitting.sumOfSizesPlusSpacing, distribution.fillProportionally.preservesRatios, tree.relayoutEqualsFreshLayout, hidden.removedEqualsHidden, hidden.placement, hidden.placementTentative, distribution.equalCentering.centresEquidistant, distribution.fill.stretchAndShrinkByPriority, distribution.fill.tiesToFirstView, fitting.viewsAtIntrinsicSize, agreement.matchesReference
#   fill-equally-first-only: fitting.sumOfSizesPlusSpacing, distribution.fillEqually.equalLengths, fitting.viewsAtIntrinsicSize, agreement.matchesReference
"""constraint_py: a constraint-based stack engine with four planted, individually switchable bugs.

Its structure is constraint_clone.py's (beside this folder): the stack emits the UISV-... constraints of
UISTACKVIEW.md §2 plus each view's content hugging and compression resistance, and a small sparse tableau simplex
solves them. Where the clone takes shortcuts, this engine follows the spec:

  * priorities are lexicographic levels (R-SOLVE-2): the simplex optimises one level at a time, highest first, and
    then bars every column whose reduced cost is positive from entering again (preemptive goal programming);
  * below the priority levels come R-T-1's tie levels (one per arranged item, in reverse pre-order), then the
    placement of hidden views under the equal-* distributions (R-H-2) and of all-hidden stacks (R-T-2, R-F-3, R-T-9),
    then R-T-8 (item by item in pre-order, the root first and the guides last: |size|, then the min corner's
    distance from the canvas origin);
  * ties between columns are broken by creation order, so the same request always gets the same answer;
  * the UISV-alignment table is §2.4's (the clone's `leading` row used the LEFT edge and its `trailing` row the
    centres); an all-hidden stack gets the ordering spanner (the clone pinned its canvas to zero length), and an
    all-hidden equalCentering stack no longer raises IndexError;
  * every input length and every output number is clamped at ±2,777,777 (R-SOLVE-6); a request that fails is
    answered with `error`, never a crash.

Its hello leaves out what it does not model: baselines (it computes no root baseline, and declares no baseline
alignment or baseline-relative arrangement), pixel rounding, user constraints, text, conflicts, nested slack and
priority collisions.

MULTIBUG_FIXED (environment): comma-separated ids of the bugs above to fix; `all` fixes every one.
Baseline failures (every bug fixed, --cases 100, seed 0): none; every golden fixture inside its features passes.

One line per request goes to standard error: `constraint_py: request 17: 3 views, 24 constraints (bugs: ...)`.
"""

import itertools
import json
import os
import sys
import time

BUGS = ("custom-spacing-ignored", "trailing-canvas-leq", "hidden-full-spacing", "fill-equally-first-only")
FEATURES = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
            "alignFill", "leading", "center", "trailing",
            "hidden", "customSpacing", "systemSpacing", "negativeSpacing", "margins", "rightToLeft",
            "nested", "noIntrinsicSize", "priorities", "overflow"]


def fixed_bugs():
    words = {w.strip() for w in os.environ.get("MULTIBUG_FIXED", "").split(",") if w.strip()}
    return set(BUGS) if "all" in words else words & set(BUGS)


ACTIVE = set(BUGS) - fixed_bugs()


def bug(name):
    return name in ACTIVE


REQUIRED = 1000.0
SYSTEM_SPACING = 8.0
CLAMP = 2777777.0
EPS = 1e-9
# Levels below every priority (a constraint's level is its priority; higher is solved first).
TIE_BASE = -1.0             # R-T-1: item j of N (pre-order) gets TIE_BASE - (N - 1 - j)
PLACEMENT = -1.0e6          # R-H-2, R-T-2, R-F-3
SETTLE_BASE = -2.0e6        # R-T-8: SETTLE_BASE - k for the k-th settling level


# R-T-7: the required constraints are kept class by class (canvas connections one by one, in generation order), so
# that a conflict breaks what UIKit breaks. When every required constraint can hold, this changes nothing.
REQUIRED_CLASS = {"uisv": 1000.6, "hiding": 1000.5, "container": 1000.4, "canvas": 1000.3, "content": 1000.1}


def required_level(label, canvas_seq):
    if label.startswith("UISV-canvas-connection"):
        return REQUIRED_CLASS["canvas"] - 1e-4 * canvas_seq
    if label == "UISV-hiding":
        return REQUIRED_CLASS["hiding"]
    return REQUIRED_CLASS["uisv"]


def clamp(value):
    return max(-CLAMP, min(CLAMP, float(value)))


# ---------------------------------------------------------------------------------------------------------------
# Linear expressions and constraints

class Variable:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


class Expr:
    """sum(coefficient * variable) + constant."""
    __slots__ = ("terms", "constant")

    def __init__(self, terms=None, constant=0.0):
        self.terms = terms or {}
        self.constant = constant

    @staticmethod
    def of(value):
        if isinstance(value, Expr):
            return value
        if isinstance(value, Variable):
            return Expr({value: 1.0})
        return Expr({}, float(value))

    def __add__(self, other):
        other = Expr.of(other)
        terms = dict(self.terms)
        for v, a in other.terms.items():
            terms[v] = terms.get(v, 0.0) + a
        return Expr(terms, self.constant + other.constant)

    __radd__ = __add__

    def __neg__(self):
        return Expr({v: -a for v, a in self.terms.items()}, -self.constant)

    def __sub__(self, other):
        return self + (-Expr.of(other))

    def __rsub__(self, other):
        return Expr.of(other) - self

    def __mul__(self, k):
        return Expr({v: a * k for v, a in self.terms.items()}, self.constant * k)

    __rmul__ = __mul__


class Constraint:
    """expr (==, <=, >=) 0, violated at a cost of `weight` per point."""
    __slots__ = ("expr", "op", "weight", "label")

    def __init__(self, expr, op, weight, label):
        self.expr, self.op, self.weight, self.label = expr, op, float(weight), label


def E(v):
    return Expr.of(v)


# ---------------------------------------------------------------------------------------------------------------
# The solver: lexicographic levels with a sparse tableau simplex

class Column:
    """A column of the tableau: one half of a split variable, an error, a slack. `seq` orders ties."""
    __slots__ = ("kind", "seq")
    counter = itertools.count()

    def __init__(self, kind):
        self.kind = kind
        self.seq = next(Column.counter)


def components(constraints):
    """Splits the constraints into independent systems (no shared variable): the two axes, mostly."""
    parent = {}

    def find(v):
        while parent[v] is not v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v
    for c in constraints:
        previous = None
        for v in c.expr.terms:
            parent.setdefault(v, v)
            if previous is not None:
                a, b = find(previous), find(v)
                if a is not b:
                    parent[a] = b
            previous = v
    groups = {}
    for c in constraints:
        key = find(next(iter(c.expr.terms))) if c.expr.terms else None
        groups.setdefault(key, []).append(c)
    return list(groups.values())


class LexicographicSolver:
    def __init__(self, constraints, max_seconds=5.0):
        self.constraints = constraints
        self.max_seconds = max_seconds
        self.pivots = 0

    def solve(self):
        values = {}
        deadline = time.monotonic() + self.max_seconds
        for group in components(self.constraints):
            values.update(self.solve_group(group, deadline))
        return values

    def solve_group(self, constraints, deadline):
        positive, negative = {}, {}
        rows = {}          # basic column -> [coefficients {column: a}, rhs]   (basic + sum a x = rhs)
        level = {}         # error column -> the level whose objective counts it
        for c in constraints:
            coefs = {}
            for v, a in c.expr.terms.items():
                if abs(a) < 1e-12:
                    continue
                if v not in positive:
                    positive[v], negative[v] = Column("+"), Column("-")
                coefs[positive[v]] = coefs.get(positive[v], 0.0) + a
                coefs[negative[v]] = coefs.get(negative[v], 0.0) - a
            rhs = -c.expr.constant
            first, second = Column("e"), Column("e")
            if c.op == "==":
                coefs[first], coefs[second] = 1.0, -1.0
                level[first] = level[second] = c.weight
            elif c.op == "<=":   # expr + slack - violation = rhs
                coefs[first], coefs[second] = 1.0, -1.0
                level[second] = c.weight
            else:                # expr - slack + violation = rhs
                coefs[first], coefs[second] = -1.0, 1.0
                level[second] = c.weight
            if rhs < 0:
                coefs = {k: -a for k, a in coefs.items()}
                rhs = -rhs
            basic = first if coefs[first] > 0 else second
            del coefs[basic]
            rows[basic] = [coefs, rhs]
        where = {}          # column -> the basic columns whose rows contain it
        for basic, (coefs, _) in rows.items():
            for k in coefs:
                where.setdefault(k, set()).add(basic)

        by_level = {}
        for k, l in level.items():
            by_level.setdefault(l, []).append(k)
        barred = set()
        for lvl in sorted(by_level, reverse=True):
            objective = {}
            for k in by_level[lvl]:
                if k in rows:
                    for j, a in rows[k][0].items():
                        objective[j] = objective.get(j, 0.0) - a
                else:
                    objective[k] = objective.get(k, 0.0) + 1.0
            objective = {k: d for k, d in objective.items() if abs(d) > 1e-12}
            limit = self.pivots + 50 * (len(rows) + 20)
            while self.pivots < limit and time.monotonic() < deadline:
                candidates = [k for k, d in objective.items() if d < -EPS and k not in barred]
                if not candidates:
                    break
                entering = min(candidates, key=lambda k: (objective[k], k.seq))
                leaving, best = None, float("inf")
                for basic in sorted(where.get(entering, ()), key=lambda k: k.seq):
                    coefs, rhs = rows[basic]
                    a = coefs[entering]
                    if a > EPS:
                        ratio = rhs / a
                        if ratio < best - 1e-12:
                            leaving, best = basic, ratio
                if leaving is None:  # unbounded cannot happen with non-negative costs; do not loop on it
                    break
                self.pivot(rows, where, objective, leaving, entering)
                self.pivots += 1
            # Optimal for this level: a column that would make it worse stays at zero from now on.
            barred.update(k for k, d in objective.items() if d > EPS)

        values = {}
        for v in positive:
            p, n = positive[v], negative[v]
            values[v] = (rows[p][1] if p in rows else 0.0) - (rows[n][1] if n in rows else 0.0)
        return values

    @staticmethod
    def pivot(rows, where, objective, leaving, entering):
        coefs, rhs = rows.pop(leaving)
        a = coefs.pop(entering)
        new = {k: v / a for k, v in coefs.items()}
        new[leaving] = 1.0 / a
        new_rhs = rhs / a
        for k in coefs:
            where[k].discard(leaving)
        users = where.pop(entering, set())
        users.discard(leaving)
        entries = list(new.items())
        for basic in users:
            row = rows[basic]
            target = row[0]
            f = target.pop(entering)
            for k, v in entries:
                old = target.get(k)
                if old is None:
                    target[k] = -f * v
                    where[k].add(basic) if k in where else where.__setitem__(k, {basic})
                    continue
                value = old - f * v
                if -1e-12 < value < 1e-12:
                    del target[k]
                    where[k].discard(basic)
                else:
                    target[k] = value
            row[1] -= f * new_rhs
            if -1e-9 < row[1] < 0:
                row[1] = 0.0
        rows[entering] = [new, new_rhs]
        for k in new:
            where.setdefault(k, set()).add(entering)
        f = objective.pop(entering, None)
        if f:
            for k, v in new.items():
                value = objective.get(k, 0.0) - f * v
                if abs(value) < 1e-12:
                    objective.pop(k, None)
                else:
                    objective[k] = value


# ---------------------------------------------------------------------------------------------------------------
# The stack view: items, anchors and the UISV constraints

def length_or_none(value):
    return None if value is None or value == -1 else clamp(value)


def spacing_value(raw, default):
    if raw == "system":
        return SYSTEM_SPACING
    if raw is None or raw >= 3.4e38:
        return default
    return clamp(raw)


class Item:
    """An arranged view or nested stack, its frame as variables in root coordinates (reading order)."""

    def __init__(self, raw, rtl):
        self.raw = raw
        self.id = raw["id"]
        self.hidden = bool(raw.get("isHidden"))
        self.x, self.y = Variable(self.id + ".x"), Variable(self.id + ".y")
        self.w, self.h = Variable(self.id + ".w"), Variable(self.id + ".h")
        self.stack = StackView(raw["stack"], self, rtl) if "stack" in raw else None
        size = raw.get("intrinsicContentSize") or {}
        self.intrinsic = (length_or_none(size.get("width")), length_or_none(size.get("height")))

    def anchor(self, name):
        """Frames are solved in reading order (x grows towards trailing) and mirrored at the end for right-to-left."""
        x, y, w, h = E(self.x), E(self.y), E(self.w), E(self.h)
        if name == "leading":
            return x
        if name == "trailing":
            return x + w
        if name == "centerX":
            return x + w * 0.5
        if name == "top":
            return y
        if name == "bottom":
            return y + h
        if name == "centerY":
            return y + h * 0.5
        raise ValueError("unknown anchor " + name)


class Root:
    """The root stack's own frame: origin fixed at 0, size free (or fixed by the container)."""

    def __init__(self):
        self.id = "<root>"
        self.x = self.y = None
        self.w, self.h = Variable("root.w"), Variable("root.h")


# UISV-alignment (§2.4): the attributes that tie every other arranged view to the first one, (horizontal, vertical).
ALIGNMENT_ATTRIBUTES = {
    "fill": (("top", "bottom"), ("leading", "trailing")),
    "leading": (("top",), ("leading",)),
    "center": (("centerY",), ("centerX",)),
    "trailing": (("bottom",), ("trailing",)),
}


class StackView:
    def __init__(self, raw, owner, rtl):
        self.raw = raw
        self.owner = owner
        self.rtl = rtl
        self.horizontal = raw.get("axis", "horizontal") == "horizontal"
        self.distribution = raw.get("distribution", "fill")
        self.alignment = {"top": "leading", "bottom": "trailing"}.get(raw.get("alignment", "fill"),
                                                                   raw.get("alignment", "fill"))
        if self.alignment not in ALIGNMENT_ATTRIBUTES:
            raise ValueError(f"alignment {self.alignment} is not implemented")
        self.spacing = spacing_value(raw.get("spacing", 0), 0.0)
        margins = {"top": 8.0, "leading": 8.0, "bottom": 8.0, "trailing": 8.0}
        margins.update({k: clamp(v) for k, v in (raw.get("layoutMargins") or {}).items()})
        self.relative = bool(raw.get("isLayoutMarginsRelativeArrangement"))
        if not self.relative:
            margins = {k: 0.0 for k in margins}
        self.margins = margins
        self.items = [Item(i, rtl) for i in raw.get("arrangedSubviews", [])]
        self.guides = []    # (min variable, length variable, along?) for R-T-8

    def frame(self):
        o = self.owner
        x = E(0.0) if o.x is None else E(o.x)
        y = E(0.0) if o.y is None else E(o.y)
        return x, y, E(o.w), E(o.h)

    def canvas_origin(self):
        x, y, _, _ = self.frame()
        return x + self.margins["leading"], y + self.margins["top"]

    def gap_after(self, index):
        if bug("custom-spacing-ignored"):
            return self.spacing
        return spacing_value(self.items[index].raw.get("customSpacingAfter"), self.spacing)

    def constraints(self, out):
        """This stack's UISV constraints, then its nested stacks' (pre-order), then its leaves' content."""
        self.own_constraints(out)
        for item in self.items:
            if item.stack is not None:
                item.stack.constraints(out)
        for item in self.items:
            content_constraints(item, out)

    def own_constraints(self, out):
        items = self.items
        if not items:
            return
        x, y, w, h = self.frame()
        m = self.margins
        left, right = x + m["leading"], x + w - m["trailing"]
        top, bottom = y + m["top"], y + h - m["bottom"]
        if self.horizontal:
            a_min, a_max, c_min, c_max, stack_length, stack_cross = left, right, top, bottom, w, h
            amin, alen, cmin, clen = (lambda i: E(i.x)), (lambda i: E(i.w)), (lambda i: E(i.y)), (lambda i: E(i.h))
        else:
            a_min, a_max, c_min, c_max, stack_length, stack_cross = top, bottom, left, right, h, w
            amin, alen, cmin, clen = (lambda i: E(i.y)), (lambda i: E(i.h)), (lambda i: E(i.x)), (lambda i: E(i.w))
        amax = lambda i: amin(i) + alen(i)
        cmax = lambda i: cmin(i) + clen(i)
        visible = [i for i in items if not i.hidden]

        def add(expr, op, weight, label):
            if weight == REQUIRED:
                canvas_seq = sum(1 for c in out if c.label.startswith("UISV-canvas-connection"))
                weight = required_level(label, canvas_seq)
            out.append(Constraint(expr, op, weight, label))

        # Along the axis: canvas connections, spacing chain, hiding.
        if visible:
            add(a_min - amin(visible[0]), "==", REQUIRED, "UISV-canvas-connection")
            add(amax(visible[-1]) - a_max, "<=" if bug("trailing-canvas-leq") else "==", REQUIRED,
                "UISV-canvas-connection")
        else:
            o_min, o_len = Variable(self.owner.id + ".ordering.min"), Variable(self.owner.id + ".ordering.length")
            add(a_min - E(o_min), "==", REQUIRED, "UISV-canvas-connection")
            add(E(o_min) + E(o_len) - a_max, "==", REQUIRED, "UISV-canvas-connection")
            self.guides.append((o_min, o_len, True))
        equal_distribution = self.distribution in ("equalSpacing", "equalCentering")
        last_gap = self.spacing
        chain = []
        for n in range(len(items) - 1):
            prev, nxt = items[n], items[n + 1]
            if not prev.hidden:
                last_gap = self.gap_after(n)
            if bug("hidden-full-spacing"):
                k = self.gap_after(n)
            elif not prev.hidden and not nxt.hidden:
                k = last_gap
            elif prev.hidden and nxt.hidden:
                k = 0.0
            elif prev.hidden:
                k = 0.0 if n == 0 else last_gap / 2
            else:
                k = 0.0 if n + 1 == len(items) - 1 else last_gap / 2
            chain.append(amin(nxt) - amax(prev) - k)
            add(chain[-1], ">=" if equal_distribution else "==", REQUIRED, "UISV-spacing")
        for item in items:
            if item.hidden:
                add(alen(item), "==", REQUIRED, "UISV-hiding")

        # Distribution.
        if self.distribution == "fillEqually":
            tied = visible[1:2] if bug("fill-equally-first-only") else visible[1:]
            for item in tied:
                add(alen(item) - alen(visible[0]), "==", REQUIRED, "UISV-fill-equally")
        elif self.distribution == "fillProportionally":
            self.proportional(visible, alen, stack_length, add)
        elif equal_distribution:
            gaps = []
            for a, b in zip(visible, visible[1:]):
                start = Variable(f"{self.owner.id}.gap{len(gaps)}.min")
                length = Variable(f"{self.owner.id}.gap{len(gaps)}.length")
                if self.distribution == "equalSpacing":
                    add(E(start) - amax(a), "==", REQUIRED, "UISV-distributing-edge")
                    add(amin(b) - E(start) - E(length), "==", REQUIRED, "UISV-distributing-edge")
                else:
                    add(E(start) - amin(a) - alen(a) * 0.5, "==", REQUIRED, "UISV-distributing-edge")
                    add(amin(b) + alen(b) * 0.5 - E(start) - E(length), "==", REQUIRED, "UISV-distributing-edge")
                gaps.append((items.index(a), length))
                self.guides.append((start, length, True))
            if self.distribution == "equalSpacing":
                for _, length in gaps[1:]:
                    add(E(length) - E(gaps[0][1]), "==", REQUIRED, "UISV-fill-equally")
            elif gaps:
                first_gap = gaps[0][1]
                for index, length in gaps[1:]:
                    add(E(length) - E(first_gap), "==", max(1.0, 150.0 - index), "UISV-fill-equally")
            add(stack_length, "==", 49.0, "UISV-canvas-fit")
            # R-H-2: a middle run of hidden views sits at the midpoint of its gap; an end run where the == chain
            # would put it.
            if visible:
                first_v, last_v = items.index(visible[0]), items.index(visible[-1])
                for n, item in enumerate(items):
                    if not item.hidden or n < first_v or n > last_v:
                        continue
                    before = max(v for v in range(n) if not items[v].hidden)
                    after = min(v for v in range(n + 1, len(items)) if not items[v].hidden)
                    add(amin(item) - (amax(items[before]) + amin(items[after])) * 0.5, "==", PLACEMENT,
                        "R-H-2 placement")
                for n, expr in enumerate(chain):
                    if n + 1 <= first_v or n >= last_v:
                        add(expr, "==", PLACEMENT, "R-H-2 placement")

        # Across the axis.
        first = items[0]
        if not visible:  # both spanners; R-T-9 and R-F-3 place A.first and size the canvas below every priority
            sp_min, sp_len = Variable(self.owner.id + ".spanner.min"), Variable(self.owner.id + ".spanner.length")
            add(c_min - E(sp_min), "==", REQUIRED, "UISV-canvas-connection")
            add(c_max - E(sp_min) - E(sp_len), "==", REQUIRED, "UISV-canvas-connection")
            if self.alignment == "center":
                add((c_min + c_max) * 0.5 - cmin(first) - clen(first) * 0.5, "==", REQUIRED,
                    "UISV-canvas-connection")
            if self.alignment != "fill":
                add(E(sp_len), "==", 51.0, "UISV-spanning-fit")
            self.guides.append((sp_min, sp_len, False))
            for item in items:
                add(amin(item) - a_min, "==", PLACEMENT, "R-T-2 placement")
            add(a_max - a_min, "==", PLACEMENT, "R-F-3 canvas")
            add(c_max - c_min, "==", PLACEMENT, "R-F-3 canvas")
            if self.alignment == "trailing":
                add(cmax(first) - c_max, "==", PLACEMENT, "R-T-9 placement")
            elif self.alignment != "center":
                add(cmin(first) - c_min, "==", PLACEMENT, "R-T-9 placement")
        elif self.alignment == "fill":
            add(c_min - cmin(first), "==", REQUIRED, "UISV-canvas-connection")
            add(cmax(first) - c_max, "==", REQUIRED, "UISV-canvas-connection")
        elif len(items) == 1:
            lead = self.alignment == "leading"
            trail = self.alignment == "trailing"
            add(c_min - cmin(first), "==" if lead else "<=", REQUIRED, "UISV-canvas-connection")
            add(c_max - cmax(first), "==" if trail else ">=", REQUIRED, "UISV-canvas-connection")
            if self.alignment == "center":
                add((c_min + c_max) * 0.5 - cmin(first) - clen(first) * 0.5, "==", REQUIRED,
                    "UISV-canvas-connection")
            add(stack_cross, "==", 49.0, "UISV-canvas-fit")
        else:
            sp_min, sp_len = Variable(self.owner.id + ".spanner.min"), Variable(self.owner.id + ".spanner.length")
            s_min, s_max = E(sp_min), E(sp_min) + E(sp_len)
            if self.alignment == "leading":
                add(c_min - cmin(first), "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - s_max, "==", REQUIRED, "UISV-canvas-connection")
            elif self.alignment == "center":
                add(c_min - s_min, "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - s_max, "==", REQUIRED, "UISV-canvas-connection")
                add((c_min + c_max) * 0.5 - cmin(first) - clen(first) * 0.5, "==", REQUIRED,
                    "UISV-canvas-connection")
            else:
                add(c_min - s_min, "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - cmax(first), "==", REQUIRED, "UISV-canvas-connection")
            for item in visible:
                if self.alignment == "leading":
                    add(s_min - cmin(item), "==", 999.5, "UISV-spanning-boundary")
                    add(s_max - cmax(item), ">=", REQUIRED, "UISV-spanning-boundary")
                elif self.alignment == "trailing":
                    add(s_min - cmin(item), "<=", REQUIRED, "UISV-spanning-boundary")
                    add(s_max - cmax(item), "==", 999.5, "UISV-spanning-boundary")
                else:
                    add(s_min - cmin(item), "<=", REQUIRED, "UISV-spanning-boundary")
                    add(s_max - cmax(item), ">=", REQUIRED, "UISV-spanning-boundary")
            add(E(sp_len), "==", 51.0, "UISV-spanning-fit")
            self.guides.append((sp_min, sp_len, False))
        attributes = ALIGNMENT_ATTRIBUTES[self.alignment][0 if self.horizontal else 1]
        for other in items[1:]:
            for attribute in attributes:
                add(other.anchor(attribute) - first.anchor(attribute), "==", REQUIRED, "UISV-alignment")
        if self.alignment != "fill":
            for item in items:
                add(clen(item), "==", 25.0, "UISV-ambiguity-suppression")

    def proportional(self, visible, alen, stack_length, add):
        if not visible:
            return
        index = {id(item): n for n, item in enumerate(self.items)}

        def c_of(item):
            c = item.intrinsic[0 if self.horizontal else 1] if item.stack is None else None
            return c or 0.0
        lengths = [c_of(i) for i in visible]
        total = sum(lengths)
        hidden = len(self.items) - len(visible)
        s = self.spacing
        if hidden == 0:
            fallback = (len(visible) == 1 and lengths[0] <= 1) or (len(visible) >= 2 and total == 0)
        else:
            fallback = total <= s * hidden
        if fallback or total + (len(visible) - 1) * s <= 0:
            for item in visible[1:]:
                add(alen(item) - alen(visible[0]), "==", REQUIRED, "UISV-fill-equally")
            return
        denominator = total + (len(visible) - 1) * s
        sole = sum(1 for c in lengths if c > 0) == 1 and s == 0
        for item, c in zip(visible, lengths):
            if c == 0:
                add(alen(item), "==", REQUIRED, "UISV-fill-proportionally")
            elif len(visible) == 1:
                add(alen(item) - stack_length, "==", REQUIRED, "UISV-fill-proportionally")
            else:
                priority = REQUIRED if sole else max(1.0, 999.0 - index[id(item)])
                add(alen(item) - stack_length * (c / denominator), "==", priority, "UISV-fill-proportionally")


def content_constraints(item, out):
    raw = item.raw
    if item.stack is None:
        hugging = raw.get("contentHuggingPriority") or {}
        resistance = raw.get("compressionResistancePriority") or {}
        for axis, size, c in (("horizontal", item.w, item.intrinsic[0]), ("vertical", item.h, item.intrinsic[1])):
            if c is None:
                continue
            for op, priority, label in (("<=", hugging.get(axis, 250), "content-hugging"),
                                        (">=", resistance.get(axis, 750), "compression-resistance")):
                priority = REQUIRED_CLASS["content"] if priority >= REQUIRED else float(priority)
                out.append(Constraint(E(size) - c, op, priority, label))


# ---------------------------------------------------------------------------------------------------------------
# Layout

def all_items(stack):
    for item in stack.items:
        yield item
        if item.stack is not None:
            yield from all_items(item.stack)


def all_stacks(stack):
    yield stack
    for item in stack.items:
        if item.stack is not None:
            yield from all_stacks(item.stack)


def clean(value):
    value = round(clamp(value), 6)
    return 0.0 if value == 0 else value


def build(scenario):
    root = Root()
    stack = StackView(scenario["stack"], root, scenario.get("layoutDirection") == "rightToLeft")
    constraints = []
    container = scenario.get("container") or {}
    if container.get("width") is not None:
        constraints.append(Constraint(E(root.w) - clamp(container["width"]), "==", REQUIRED_CLASS["container"], "container"))
    if container.get("height") is not None:
        constraints.append(Constraint(E(root.h) - clamp(container["height"]), "==", REQUIRED_CLASS["container"], "container"))
    stack.constraints(constraints)
    # R-T-1: one tie level per arranged item, the last item (pre-order) highest.
    items = list(all_items(stack))
    owners = {}
    for st in all_stacks(stack):
        for item in st.items:
            owners[id(item)] = st
    for j, item in enumerate(items):
        lvl = TIE_BASE - (len(items) - 1 - j)
        if item.stack is None:
            for size, c in ((item.w, item.intrinsic[0]), (item.h, item.intrinsic[1])):
                constraints.append(Constraint(E(size) - (c or 0.0), "==", lvl, "R-T-1 tie"))
        else:
            # measured on its canvas (R-T-1); a stack with no arranged views has no canvas: its size is zero
            m = item.stack.margins if item.stack.items else {k: 0.0 for k in item.stack.margins}
            constraints.append(Constraint(E(item.w) - m["leading"] - m["trailing"], "==", lvl, "R-T-1 tie"))
            constraints.append(Constraint(E(item.h) - m["top"] - m["bottom"], "==", lvl, "R-T-1 tie"))
    # R-T-8: the root's size, then item by item (|size|, then the min corner's distance from its canvas origin),
    # then the internal guides.
    settle = itertools.count()
    lvl = SETTLE_BASE - next(settle)
    constraints.append(Constraint(E(root.w), "==", lvl, "R-T-8 size"))
    constraints.append(Constraint(E(root.h), "==", lvl, "R-T-8 size"))
    for item in items:
        lvl = SETTLE_BASE - next(settle)
        constraints.append(Constraint(E(item.w), "==", lvl, "R-T-8 size"))
        constraints.append(Constraint(E(item.h), "==", lvl, "R-T-8 size"))
        ox, oy = owners[id(item)].canvas_origin()
        lvl = SETTLE_BASE - next(settle)
        constraints.append(Constraint(E(item.x) - ox, "==", lvl, "R-T-8 corner"))
        constraints.append(Constraint(E(item.y) - oy, "==", lvl, "R-T-8 corner"))
    for st in all_stacks(stack):
        ox, oy = st.canvas_origin()
        for g_min, g_len, along in st.guides:
            lvl = SETTLE_BASE - next(settle)
            constraints.append(Constraint(E(g_len), "==", lvl, "R-T-8 size"))
            origin = (ox if st.horizontal else oy) if along else (oy if st.horizontal else ox)
            lvl = SETTLE_BASE - next(settle)
            constraints.append(Constraint(E(g_min) - origin, "==", lvl, "R-T-8 corner"))
    return root, stack, constraints


def layout(scenario, system=None):
    root, stack, constraints = system or build(scenario)
    values = LexicographicSolver(constraints).solve()

    def val(v):
        return 0.0 if v is None else values.get(v, 0.0)

    rtl = scenario.get("layoutDirection") == "rightToLeft"
    frames = {}

    def place(st, origin_x, origin_y, width):
        for item in st.items:
            x, y, w, h = val(item.x) - origin_x, val(item.y) - origin_y, val(item.w), val(item.h)
            if rtl:
                x = width - x - w
            frames[item.id] = {"x": clean(x), "y": clean(y), "width": clean(w), "height": clean(h)}
            if item.stack is not None:
                place(item.stack, val(item.x), val(item.y), w)
    root_w, root_h = val(root.w), val(root.h)
    place(stack, 0.0, 0.0, root_w)
    # No root baselines: this engine does not compute them (the baseline properties SKIP).
    return {"format": "stackcheck.layout/1", "size": {"width": clean(root_w), "height": clean(root_h)},
            "frames": frames}


def count_views(stack):
    return sum(1 + (count_views(i["stack"]) if "stack" in i else 0) for i in stack.get("arrangedSubviews", []))


def main():
    hello = json.loads(sys.stdin.readline() or "null")
    if not isinstance(hello, dict) or hello.get("protocol") != "stackcheck.engine/1":
        print(json.dumps({"error": {"message": "constraint_py speaks stackcheck.engine/1 only"}}), flush=True)
        return 1
    print(json.dumps({"engine": {"name": "constraint_py", "version": "1.0", "features": FEATURES}}), flush=True)
    active = ",".join(b for b in BUGS if b in ACTIVE) or "none"
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("bye"):
            break
        rid = request.get("id")
        try:
            scenario = request["layout"]
            system = build(scenario)
            text = json.dumps({"id": rid, "result": layout(scenario, system)}, allow_nan=False)
            print(f"constraint_py: request {rid}: {count_views(scenario['stack'])} views, {len(system[2])} "
                  f"constraints (bugs: {active})", file=sys.stderr, flush=True)
        except Exception as error:  # never a crash: the suite records the message
            text = json.dumps({"id": rid, "error": {"message": f"{type(error).__name__}: {error}"}})
            print(f"constraint_py: request {rid} failed: {error!r}", file=sys.stderr, flush=True)
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
