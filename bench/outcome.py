"""What each part of the bench hands back, and how big a run is.

A part reports two kinds of thing. Its speed goals are a report: a missed goal is a FAIL
line and the run goes on to exit 0. That the part could run at all is a gate: a server
that does not start, a setup request the app refuses, an exception, timed requests that
answer errors, each is a `broken` line naming the part, and `python -m bench` then exits
non-zero. Without that gate a bench whose API calls have fallen out of step with the app
would print FAIL lines that nobody reads, and rot.

`python -m bench --smoke` sets BENCH_SMOKE=1 (the children the parts start inherit it):
every part then runs at its smallest size, for `make test`.
"""

import os
from dataclasses import dataclass, field

Goals = list[tuple[bool, str]]


def smoke() -> bool:
    """True in a smoke run: every part at its smallest size, no goal checked."""
    return os.environ.get("BENCH_SMOKE") == "1"


@dataclass
class Outcome:
    """A part's speed goals (reported) and what of it could not run (fails the run)."""

    goals: Goals = field(default_factory=list)
    broken: list[str] = field(default_factory=list)

    def __iadd__(self, other: "Outcome") -> "Outcome":
        self.goals += other.goals
        self.broken += other.broken
        return self

    def goal(self, ok: bool, text: str) -> None:
        self.goals.append((ok, text))

    def could_not_run(self, what: str, error: BaseException | str) -> None:
        """Print the tail of the error under its part's name and keep one line of it."""
        self.broken.append(failure(what, error))


def failure(what: str, error: BaseException | str) -> str:
    """Print the tail of an error's text; return one line of it."""
    text = str(error).strip() or type(error).__name__
    print(f"  {what} could not run:")
    lines = text.splitlines()
    shown = lines[:1]
    for line in reversed(lines[1:]):  # the first line and as much of the end as fits
        if sum(len(kept) for kept in shown) + len(line) > 1500:
            shown.insert(1, "...")
            break
        shown.insert(1, line)
    for line in shown:
        print(f"    {line}")
    lines = text.splitlines() or [""]
    last = f" ... {lines[-1].strip()}" if len(lines) > 1 else ""
    return f"{what}: {lines[0].strip()}{last}"


def verdict(ok: bool, text: str) -> None:
    print(f"  [{'PASS' if ok else 'FAIL'}] {text}")


def print_goals(title: str, outcome: Outcome) -> None:
    """The goals under `title` (none in a smoke run: its sizes say nothing about speed)."""
    if smoke() or not outcome.goals:
        return
    print()
    print(f"{title} (reported, they do not fail the run)")
    for ok, text in outcome.goals:
        verdict(ok, text)


def print_broken(outcome: Outcome) -> None:
    if outcome.broken:
        print()
        print("Could not run (the run fails):")
        for text in outcome.broken:
            print(f"  [BROKEN] {text}")
