#!/usr/bin/env python3
"""Shows constraint_clone's tie nondeterminism: one engine process, the same request sent eight times (two views
10 wide, equal hugging, in a 100-wide fill stack: which view takes the 80 points of slack is a tie). Prints the
widths of each answer; exits 0 when at least two answers differ, 1 otherwise. Standard library only."""

import json
import os
import subprocess
import sys

ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "constraint_clone.py")
SCENARIO = {"format": "stackcheck.scenario/1", "container": {"width": 100, "height": None},
            "stack": {"axis": "horizontal", "distribution": "fill", "alignment": "fill", "spacing": 0,
                      "arrangedSubviews": [{"id": "a", "intrinsicContentSize": {"width": 10, "height": 20}},
                                           {"id": "b", "intrinsicContentSize": {"width": 10, "height": 20}}]}}

lines = [json.dumps({"protocol": "stackcheck.engine/1", "hello": {"suite": "check"}})]
lines += [json.dumps({"id": n, "layout": SCENARIO}) for n in range(1, 9)]
lines.append(json.dumps({"bye": True}))
run = subprocess.run([sys.executable, ENGINE], input="\n".join(lines) + "\n", capture_output=True, text=True,
                     timeout=60)
answers = [json.loads(line) for line in run.stdout.splitlines()[1:]]
widths = [(a["result"]["frames"]["a"]["width"], a["result"]["frames"]["b"]["width"]) for a in answers]
for n, (a, b) in enumerate(widths, 1):
    print(f"request {n}: a {a:g}, b {b:g}")
different = len(set(widths)) > 1
print("the same request got different answers in one process" if different else "every answer was the same")
sys.exit(0 if different else 1)
