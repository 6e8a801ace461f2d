#!/usr/bin/env python3
"""crash_every: a correct engine that exits on every Nth request it is sent, for the suite's fault-budget tests.

Usage: crash_every.py [N] [ENGINE.py]

N (or the environment variable CRASH_EVERY when no argument is given; 0 or unset: never) counts the layout
requests of this process, so after each restart the engine answers N - 1 requests and exits on the next one
without answering: the crash follows the engine's history, not the scenario, and sending the crashing scenario to a
fresh engine answers it. ENGINE.py (default: the Python adapter template, Examples/adapters/python/engine.py, which
passes every property it declares) is imported and runs its own `main()`; only its standard input is wrapped, so
its hello, features and answers are its own.

Before exiting it writes one line to standard error, which the suite reads as its last words:
`crash_every: exiting on request 3 of this process (every 3)`.
"""

import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ENGINE = os.path.join(HERE, "..", "..", "..", "Examples", "adapters", "python", "engine.py")


class CrashingInput:
    """Standard input as the wrapped engine reads it (`readline()` for the hello, then iteration): a layout
    request line whose ordinal in this process is a multiple of `every` ends the process instead."""

    def __init__(self, stream, every):
        self.stream = stream
        self.every = every
        self.requests = 0

    def _check(self, line):
        if self.every <= 0 or not line.strip():
            return line
        try:
            message = json.loads(line)
        except ValueError:
            return line
        if isinstance(message, dict) and "layout" in message:
            self.requests += 1
            if self.requests % self.every == 0:
                print(f"crash_every: exiting on request {self.requests} of this process (every {self.every})",
                      file=sys.stderr, flush=True)
                sys.stdout.flush()
                os._exit(1)
        return line

    def readline(self):
        return self._check(self.stream.readline())

    def __iter__(self):
        return self

    def __next__(self):
        line = self.stream.readline()
        if not line:
            raise StopIteration
        return self._check(line)


def main():
    args = sys.argv[1:]
    text = args[0] if args else os.environ.get("CRASH_EVERY", "0")
    try:
        every = int(text)
    except ValueError:
        print(f"crash_every: N must be an integer, got {text!r}", file=sys.stderr, flush=True)
        return 2
    path = args[1] if len(args) > 1 else DEFAULT_ENGINE
    spec = importlib.util.spec_from_file_location("wrapped_engine", path)
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    sys.stdin = CrashingInput(sys.stdin, every)
    return engine.main()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
