#!/usr/bin/env python3
"""constraint_clone: a constraint-based UIStackView clone, for the suite's own tests.

It is written the way a UIKit port writes its UIStackView: the stack does not compute frames, it emits the UISV-...
constraints of UISTACKVIEW.md section 2 (canvas connections, spacing chain, hiding, alignment with its spanner,
distribution with its gap guides, fillProportionally's multipliers, canvas-fit, spanning-fit, ambiguity suppression)
plus each view's content hugging and compression resistance, and hands them to the port's own little solver: every
constraint is a linear row with a weight, and a sparse tableau simplex minimises the weighted sum of the violations
(the kiwi/Cassowary-without-strength-levels way). Standard library only. It speaks ENGINE-PROTOCOL.md correctly.

Shortcuts and known issues of this port (it is an honest attempt, not a finished one):

  * Priorities are weights. A constraint of priority p costs p per point of violation, and required is simply the
    largest weight, 1000. Nothing is lexicographic: several optional constraints pulling the same way outweigh one
    required constraint. With alignment fill in a stack of fixed cross size, two views hugging at 750 (or five at
    the default 250) break the container's required size instead of stretching; in a free fill stack, four short
    views hugging at 250 tie with one tall view's compression resistance at 750 (five win, and the tall view is
    squeezed).
  * No tie-breaking rule. When several layouts cost the same (equal hugging priorities and slack to give away, equal
    compression resistance under overflow, a view with no intrinsic size somewhere), the answer is whatever vertex
    the simplex reaches. The entering column is the most negative reduced cost, and among equal ones the first met
    while iterating a set of column objects; the columns are created afresh for each solve and hashed by identity,
    so the same request can get a different answer the next time within one process. The port keeps the previous
    system alive (for the `dump_last_system` debugging helper), which is why consecutive requests get different
    addresses. No R-T-1 / R-T-8 levels, no R-H-2 placement of hidden views under the equal-* distributions.
  * equalCentering builds its gap guides between adjacent visible views and ties every gap to the first one. The
    guard skips the single-visible-view case but not the no-visible-view one: an equalCentering stack (root or
    nested) whose arranged views are all hidden has no first gap, and the port raises IndexError. Requests are not
    wrapped in a try: the exception ends the process (a CRASH for the suite), with the traceback on standard error.
  * The UISV-alignment attribute table has two wrong rows. `leading` in a vertical stack ties the other views to the
    first one by their LEFT edge (an absolute anchor) instead of their leading edge: right in left-to-right, wrong in
    a right-to-left vertical stack of views of different widths. `trailing` ties them by their centres (the row was
    copied from `center`), in both axes. A single arranged view uses the separate single-view connections, which are
    right. Since the wrong tie is required and priorities are weights, what comes out depends on the priorities: with
    the default hugging (250) the solver stretches the views to a common cross size rather than break it; with
    hugging 750 across the axis, `trailing` centres the other views on the first one and right-to-left `leading`
    squeezes the wider views to the first one's width.
  * Custom spacing next to hidden views follows R-T-3 (half of the gap after the last visible view); all-hidden
    stacks pin their canvas to zero length along the axis instead of using an ordering spanner.
  * Baselines: a nested stack takes part in baseline alignment by its bottom edge (its baseline view is not looked
    up); the root's baselines are computed from the solved frames (R-BL-2/3, tallest by solved height).
  * The solver gives up after a bounded number of pivots (or 5 s) and answers with the vertex it has: it never hangs,
    but a very large or degenerate system may come back suboptimal. No pixel rounding, no clamping (R-SOLVE-6),
    no baseline-relative arrangement.

One line per request goes to standard error: `constraint_clone: request 17: 3 views, 24 constraints`.
constraint_clone_nondeterminism.py, beside this file, sends one tying request eight times to one process.
"""

import json
import sys
import time

FEATURES = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering",
            "alignFill", "leading", "center", "trailing", "firstBaseline", "lastBaseline",
            "hidden", "customSpacing", "systemSpacing", "negativeSpacing", "margins", "rightToLeft",
            "nested", "noIntrinsicSize", "priorities", "userConstraints", "overflow"]

REQUIRED = 1000.0
SYSTEM_SPACING = 8.0
EPS = 1e-9


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
# The solver: minimise sum(weight * violation) with a sparse tableau simplex

class Column:
    """A column of the tableau: one half of a split variable, an error, a slack."""
    __slots__ = ("kind",)

    def __init__(self, kind):
        self.kind = kind


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


class WeightedSolver:
    def __init__(self, constraints, max_seconds=5.0):
        self.constraints = constraints
        self.max_seconds = max_seconds
        self.pivots = 0
        self.optimal_groups = self.groups = 0

    def solve(self):
        values = {}
        deadline = time.monotonic() + self.max_seconds
        for group in components(self.constraints):
            self.groups += 1
            values.update(self.solve_group(group, deadline))
        return values

    def solve_group(self, constraints, deadline):
        positive, negative = {}, {}
        rows = {}          # basic column -> [coefficients {column: a}, rhs]   (basic + sum a x = rhs)
        cost = {}
        for c in constraints:
            coefs = {}
            for v, a in c.expr.terms.items():
                if abs(a) < 1e-12:
                    continue
                if v not in positive:
                    positive[v], negative[v] = Column("+"), Column("-")
                    cost[positive[v]] = cost[negative[v]] = 0.0
                coefs[positive[v]] = a
                coefs[negative[v]] = -a
            rhs = -c.expr.constant
            first, second = Column("e"), Column("e")
            if c.op == "==":
                coefs[first], coefs[second] = 1.0, -1.0
                cost[first] = cost[second] = c.weight
            elif c.op == "<=":   # expr + slack - violation = rhs
                coefs[first], coefs[second] = 1.0, -1.0
                cost[first], cost[second] = 0.0, c.weight
            else:                # expr - slack + violation = rhs
                coefs[first], coefs[second] = -1.0, 1.0
                cost[first], cost[second] = 0.0, c.weight
            if rhs < 0:
                coefs = {k: -a for k, a in coefs.items()}
                rhs = -rhs
            basic = first if coefs[first] > 0 else second
            del coefs[basic]
            rows[basic] = [coefs, rhs]

        # The objective in terms of the non-basic columns.
        objective = {k: w for k, w in cost.items() if k not in rows and w}
        for basic, (coefs, _) in rows.items():
            w = cost[basic]
            if w:
                for k, a in coefs.items():
                    objective[k] = objective.get(k, 0.0) - w * a
        objective = {k: d for k, d in objective.items() if abs(d) > 1e-12}

        where = {}          # column -> the basic columns whose rows contain it
        for basic, (coefs, _) in rows.items():
            for k in coefs:
                where.setdefault(k, set()).add(basic)

        limit = self.pivots + 50 * (len(rows) + 20)
        while self.pivots < limit and time.monotonic() < deadline:
            candidates = {k for k, d in objective.items() if d < -EPS}
            if not candidates:
                self.optimal_groups += 1
                break
            entering = min(candidates, key=objective.__getitem__)
            leaving, best = None, float("inf")
            for basic in where.get(entering, ()):
                coefs, rhs = rows[basic]
                a = coefs[entering]
                if a > EPS:
                    ratio = rhs / a
                    if ratio < best - 1e-12:
                        leaving, best = basic, ratio
            if leaving is None:  # cannot happen with non-negative costs; do not loop on it
                break
            self.pivot(rows, where, objective, leaving, entering)
            self.pivots += 1

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
    return None if value is None or value == -1 else min(float(value), 1e7)


def spacing_value(raw, default):
    if raw == "system":
        return SYSTEM_SPACING
    if raw is None or raw >= 3.4e38:
        return default
    return float(raw)


class Item:
    """An arranged view or nested stack, its frame as variables in root coordinates (left-to-right)."""

    def __init__(self, raw, rtl):
        self.raw = raw
        self.id = raw["id"]
        self.hidden = bool(raw.get("isHidden"))
        self.x, self.y = Variable(self.id + ".x"), Variable(self.id + ".y")
        self.w, self.h = Variable(self.id + ".w"), Variable(self.id + ".h")
        self.stack = StackView(raw["stack"], self, rtl) if "stack" in raw else None
        size = raw.get("intrinsicContentSize") or {}
        self.intrinsic = (length_or_none(size.get("width")), length_or_none(size.get("height")))

    def anchor(self, name, rtl=False):
        """Frames are solved in reading order (x grows towards trailing) and mirrored at the end for right-to-left:
        leading/trailing are x and x + w, while left/right are the physical edges."""
        x, y, w, h = E(self.x), E(self.y), E(self.w), E(self.h)
        if name == "left":
            name = "trailing" if rtl else "leading"
        elif name == "right":
            name = "leading" if rtl else "trailing"
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
        if name in ("firstBaseline", "lastBaseline"):
            offset = self.raw.get(name)
            if self.stack is not None or offset is None:
                return y + h
            return y + float(offset)
        raise ValueError("unknown anchor " + name)


class Root:
    """The root stack's own frame: origin fixed at 0, size free (or fixed by the container)."""

    def __init__(self):
        self.id = "<root>"
        self.x = self.y = None
        self.w, self.h = Variable("root.w"), Variable("root.h")


# UISV-alignment: the attributes that tie every other arranged view to the first one, (horizontal, vertical).
ALIGNMENT_ATTRIBUTES = {
    "fill": (("top", "bottom"), ("leading", "trailing")),
    "leading": (("top",), ("left",)),
    "center": (("centerY",), ("centerX",)),
    "trailing": (("centerY",), ("centerX",)),
    "firstBaseline": (("firstBaseline",), ("leading",)),
    "lastBaseline": (("lastBaseline",), ("leading",)),
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
        self.spacing = spacing_value(raw.get("spacing", 0), 0.0)
        margins = {"top": 8.0, "leading": 8.0, "bottom": 8.0, "trailing": 8.0}
        margins.update(raw.get("layoutMargins") or {})
        if not raw.get("isLayoutMarginsRelativeArrangement"):
            margins = {k: 0.0 for k in margins}
        self.margins = margins
        self.items = [Item(i, rtl) for i in raw.get("arrangedSubviews", [])]

    # Frame pieces of the stack itself.
    def frame(self):
        o = self.owner
        x = E(0.0) if o.x is None else E(o.x)
        y = E(0.0) if o.y is None else E(o.y)
        return x, y, E(o.w), E(o.h)

    def gap_after(self, index):
        return spacing_value(self.items[index].raw.get("customSpacingAfter"), self.spacing)

    def constraints(self, out):
        items = self.items
        for item in items:
            self.content_constraints(item, out)
            if item.stack is not None:
                item.stack.constraints(out)
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
            out.append(Constraint(expr, op, weight, label))

        # Along the axis: canvas connections, spacing chain, hiding.
        if visible:
            add(a_min - amin(visible[0]), "==", REQUIRED, "UISV-canvas-connection")
            add(amax(visible[-1]) - a_max, "==", REQUIRED, "UISV-canvas-connection")
        else:
            add(a_max - a_min, "==", REQUIRED, "UISV-canvas-connection (empty)")
            add(amin(items[0]) - a_min, "==", REQUIRED, "UISV-canvas-connection (empty)")
        equal_distribution = self.distribution in ("equalSpacing", "equalCentering")
        last_gap = self.spacing
        for n in range(len(items) - 1):
            prev, nxt = items[n], items[n + 1]
            if not prev.hidden:
                last_gap = self.gap_after(n)
            if not prev.hidden and not nxt.hidden:
                k = last_gap
            elif prev.hidden and nxt.hidden:
                k = 0.0
            elif prev.hidden:
                k = 0.0 if n == 0 else last_gap / 2
            else:
                k = 0.0 if n + 1 == len(items) - 1 else last_gap / 2
            add(amin(nxt) - amax(prev) - k, ">=" if equal_distribution else "==", REQUIRED, "UISV-spacing")
        for item in items:
            if item.hidden:
                add(alen(item), "==", REQUIRED, "UISV-hiding")

        # Distribution.
        if self.distribution == "fillEqually":
            for item in visible[1:]:
                add(alen(item) - alen(visible[0]), "==", REQUIRED, "UISV-fill-equally")
        elif self.distribution == "fillProportionally":
            self.proportional(visible, alen, stack_length, add)
        elif equal_distribution:
            gaps = []
            for a, b in zip(visible, visible[1:]):
                start, length = Variable("gap.min"), Variable("gap.length")
                if self.distribution == "equalSpacing":
                    add(E(start) - amax(a), "==", REQUIRED, "UISV-distributing-edge")
                    add(amin(b) - E(start) - E(length), "==", REQUIRED, "UISV-distributing-edge")
                else:
                    add(E(start) - amin(a) - alen(a) * 0.5, "==", REQUIRED, "UISV-distributing-edge")
                    add(amin(b) + alen(b) * 0.5 - E(start) - E(length), "==", REQUIRED, "UISV-distributing-edge")
                gaps.append((items.index(a), length))
            if self.distribution == "equalSpacing":
                for _, length in gaps[1:]:
                    add(E(length) - E(gaps[0][1]), "==", REQUIRED, "UISV-fill-equally")
            elif len(visible) != 1:  # a single visible view has nothing to centre against
                first_gap = gaps[0][1]
                for index, length in gaps[1:]:
                    add(E(length) - E(first_gap), "==", max(1.0, 150.0 - index), "UISV-fill-equally")
            add(stack_length, "==", 49.0, "UISV-canvas-fit")

        # Across the axis.
        first = items[0]
        if self.alignment == "fill":
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
            sp_min, sp_len = Variable("spanner.min"), Variable("spanner.length")
            s_min, s_max = E(sp_min), E(sp_min) + E(sp_len)
            baseline = self.alignment in ("firstBaseline", "lastBaseline") and self.horizontal
            if self.alignment == "leading" or (not self.horizontal and self.alignment.endswith("Baseline")):
                add(c_min - cmin(first), "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - s_max, "==", REQUIRED, "UISV-canvas-connection")
            elif self.alignment == "center":
                add(c_min - s_min, "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - s_max, "==", REQUIRED, "UISV-canvas-connection")
                add((c_min + c_max) * 0.5 - cmin(first) - clen(first) * 0.5, "==", REQUIRED,
                    "UISV-canvas-connection")
            elif self.alignment == "trailing":
                add(c_min - s_min, "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - cmax(first), "==", REQUIRED, "UISV-canvas-connection")
            elif self.alignment == "firstBaseline":
                add(c_min - cmin(first), "<=", REQUIRED, "UISV-canvas-connection")
                add(c_max - s_max, "==", REQUIRED, "UISV-canvas-connection")
            else:
                add(c_min - s_min, "==", REQUIRED, "UISV-canvas-connection")
                add(c_max - cmax(first), ">=", REQUIRED, "UISV-canvas-connection")
            if baseline and visible:
                add(stack_cross, "==", 49.0, "UISV-canvas-fit")
            for item in visible:
                if self.alignment == "leading" or (not self.horizontal and baseline is False
                                                   and self.alignment.endswith("Baseline")):
                    add(s_min - cmin(item), "==", 999.5, "UISV-spanning-boundary")
                    add(s_max - cmax(item), ">=", REQUIRED, "UISV-spanning-boundary")
                elif self.alignment == "trailing":
                    add(s_min - cmin(item), "<=", REQUIRED, "UISV-spanning-boundary")
                    add(s_max - cmax(item), "==", 999.5, "UISV-spanning-boundary")
                else:
                    add(s_min - cmin(item), "<=", REQUIRED, "UISV-spanning-boundary")
                    add(s_max - cmax(item), ">=", REQUIRED, "UISV-spanning-boundary")
            add(E(sp_len), "==", 51.0, "UISV-spanning-fit")
        attributes = ALIGNMENT_ATTRIBUTES[self.alignment][0 if self.horizontal else 1]
        for other in items[1:]:
            for attribute in attributes:
                add(other.anchor(attribute, self.rtl) - first.anchor(attribute, self.rtl), "==", REQUIRED,
                    "UISV-alignment")
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

    @staticmethod
    def content_constraints(item, out):
        raw = item.raw
        if item.stack is None:
            hugging = raw.get("contentHuggingPriority") or {}
            resistance = raw.get("compressionResistancePriority") or {}
            for axis, size, c in (("horizontal", item.w, item.intrinsic[0]), ("vertical", item.h, item.intrinsic[1])):
                if c is None:
                    continue
                out.append(Constraint(E(size) - c, "<=", hugging.get(axis, 250), "content-hugging"))
                out.append(Constraint(E(size) - c, ">=", resistance.get(axis, 750), "compression-resistance"))
        for user in raw.get("constraints") or []:
            attribute, constant = user.get("attribute"), float(user.get("constant", 0))
            if attribute == "width":
                expr = E(item.w) - constant
            elif attribute == "height":
                expr = E(item.h) - constant
            else:
                expr = E(item.w) - E(item.h) * constant
            out.append(Constraint(expr, user.get("relation", "=="), user.get("priority", 1000), "user"))


# ---------------------------------------------------------------------------------------------------------------
# Layout

previous_system = None   # the last request's constraints and values, kept for dump_last_system()


def dump_last_system(stream=sys.stderr):
    """Debugging helper: the last system's constraints with their residuals."""
    if previous_system is None:
        return
    constraints, values = previous_system
    for c in constraints:
        residual = c.expr.constant + sum(a * values.get(v, 0.0) for v, a in c.expr.terms.items())
        print(f"  {c.label} {c.op} 0 @{c.weight:g}: {residual:g}", file=stream)


def all_items(stack):
    for item in stack.items:
        yield item
        if item.stack is not None:
            yield from all_items(item.stack)


def clean(value):
    value = round(value, 6)
    return 0.0 if value == 0 else value


def build(scenario):
    root = Root()
    stack = StackView(scenario["stack"], root, scenario.get("layoutDirection") == "rightToLeft")
    constraints = []
    container = scenario.get("container") or {}
    if container.get("width") is not None:
        constraints.append(Constraint(E(root.w) - float(container["width"]), "==", REQUIRED, "container"))
    if container.get("height") is not None:
        constraints.append(Constraint(E(root.h) - float(container["height"]), "==", REQUIRED, "container"))
    stack.constraints(constraints)
    return root, stack, constraints


def layout(scenario, system=None):
    global previous_system
    root, stack, constraints = system or build(scenario)
    values = WeightedSolver(constraints).solve()
    previous_system = (constraints, values)

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

    first, last = root_baseline(stack, val, False), root_baseline(stack, val, True)
    document = {"format": "stackcheck.layout/1", "size": {"width": clean(root_w), "height": clean(root_h)},
                "frames": frames}
    document["firstBaseline"] = clean(root_h if first is None else first)
    document["lastBaseline"] = clean(root_h if last is None else last)
    return document


def root_baseline(stack, val, last):
    """A stack's first or last baseline in root coordinates: R-BL-2 / R-BL-3 on the solved frames."""
    visible = [i for i in stack.items if not i.hidden]
    if not visible:
        return None
    if stack.horizontal:
        view = max(visible, key=lambda i: (val(i.h), -stack.items.index(i)))
    else:
        view = visible[-1] if last else visible[0]
    if view.stack is not None:
        inner = root_baseline(view.stack, val, last)
        return val(view.y) + val(view.h) if inner is None else inner
    offset = view.raw.get("lastBaseline" if last else "firstBaseline")
    return val(view.y) + (val(view.h) if offset is None else float(offset))


def count_views(stack):
    return sum(1 + (count_views(i["stack"]) if "stack" in i else 0) for i in stack.get("arrangedSubviews", []))


def main():
    hello = json.loads(sys.stdin.readline() or "null")
    if not isinstance(hello, dict) or hello.get("protocol") != "stackcheck.engine/1":
        print(json.dumps({"error": {"message": "constraint-clone speaks stackcheck.engine/1 only"}}), flush=True)
        return 1
    print(json.dumps({"engine": {"name": "constraint-clone", "version": "0.4", "features": FEATURES}}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("bye"):
            break
        rid = request.get("id")
        scenario = request["layout"]
        system = build(scenario)
        print(f"constraint_clone: request {rid}: {count_views(scenario['stack'])} views, {len(system[2])} constraints",
              file=sys.stderr, flush=True)
        document = layout(scenario, system)
        print(json.dumps({"id": rid, "result": document}, allow_nan=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
