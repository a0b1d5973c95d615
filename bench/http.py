"""HTTP benchmark: our app next to ihatemoney 7.2.1, both under gunicorn, on SQLite and
then on PostgreSQL, in one run.

Run by `make bench` after the solver benchmarks (or alone: `python -m bench.http`, or
`python -m bench --http-only` with the cold-write figures of bench/cold.py).

This module runs the comparison and reports it; each side is made in a module of its own
(bench/ours.py, bench/ihatemoney.py), and both are served and loaded by the same harness
(bench/load.py: gunicorn, the client threads, the sizes of the load).

ihatemoney (bench/ihatemoney.py) is a public, widely used Flask + SQLAlchemy app that
shares a group's money: a project has members and bills, and its API answers the project
with every member's balance. Its bill is the closest thing it has to our round (one row
and its shares, and balances that change), its project to our game.

Both servers get the same: gunicorn (the version of requirements.txt) with the same
number of sync workers (those of `make serve`), each on a throwaway database of its own
(first a SQLite file each in one temporary directory, then a database each on the
PostgreSQL server of BENCH_PG_URL, created and dropped here; ihatemoney reaches it
through SQLAlchemy and psycopg 3), data made over their own APIs before anything is
timed, the same 16 client threads on loopback (one http.client connection each;
gunicorn's sync workers close it after each answer, as behind a proxy), and untimed
warm-up requests from every client first. Every scenario sends a fixed number of
requests and stops at a time cap whatever it reached; nothing but 127.0.0.1 and the
PostgreSQL server is ever addressed, and ihatemoney's outgoing HTTP (currency rates,
which these requests never ask for) is pointed at a closed loopback port.

Scenarios (ours against theirs):
  detail  GET /api/v1/games/{id}/ (Token auth) on a game of 30 rounds and 4 players,
          against GET /api/projects/{id} (Bearer token) on a project of 30 bills and 4
          members
  write   POST /api/v1/games/{id}/rounds/ (with an Idempotency-Key) against
          POST /api/projects/{id}/bills: every client writes to its own fresh game or
          project (16 tables at once), the same number of requests per client, in two
          runs a side taken in the order ours, theirs, theirs, ours (each run on fresh
          tables), so that a steady drift of the machine's speed weighs on both sides alike

Our server runs as `make serve` runs it (DEBUG off, SECURE_SSL_REDIRECT=0), with rate
limits off (THROTTLING=0; ihatemoney has none on its API). For the write scenario the
rate in the first and in the last third of each run is reported too: a run is cut into
thirds of the time during which all 16 clients were still sending, each request counts
in the third in which it completed, and the goal holds only if it holds in both of ours.
The speed goals are reported, never fail the run; a side that cannot run does
(bench/outcome.py): a server that does not start, a setup request refused, or timed
requests that answer 4xx (the bench no longer speaks the app's API), more than 1% that
fail or answer 5xx, or none that succeed.

BENCH_APP_DIR=/path/to/a/checkout runs our side from another copy of the app (for
example `git worktree add /tmp/sk-head HEAD`); the default is this checkout.
"""

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from bench import databases
from bench.ihatemoney import start_theirs
from bench.load import WRITE_RUNS, Result, Sizes, load, merged, sizes, workers
from bench.ours import BASE_DIR, app_dir, start_ours
from bench.outcome import Outcome, smoke

DETAIL_CAP = 45.0  # seconds per side and scenario, whatever the count reached
WRITE_CAP = 60.0  # seconds per write run
DETAIL_RATIO = 3.5  # ours at least this many times theirs, in requests a second
WRITE_RATIO = {"SQLite": 1.5, "PostgreSQL": 2.0}  # the same, for the round POST
WRITE_P99_SHARE = 0.5  # our round POST's p99 at most this share of their bill POST's
LAST_THIRD = 0.85  # our write rate in the last third at least this share of the first
FAILING_SHARE = 0.01  # more timed requests than this that fail or answer 5xx: broken


# --- Report ------------------------------------------------------------------------------------


def ratio(ours: float, theirs: float) -> float:
    return ours / theirs if theirs else float("nan")


def row(label: str, result: Result) -> None:
    odd = ", ".join(f"{status}: {n}" for status, n in sorted(result.statuses.items())
                    if not 200 <= status < 300)
    if result.failures:
        odd = f"{odd}, {result.failures} failed" if odd else f"{result.failures} failed"
    print(f"  {label:<34} {result.side:<16} {result.count:>6} {result.elapsed:>6.1f}"
          f" {result.rps:>8.1f} {result.percentile_ms(0.5):>7.1f}"
          f" {result.percentile_ms(0.99):>7.1f}{f'  [{odd}]' if odd else ''}")


def ratio_row(ours: Result, theirs: Result) -> None:
    print(f"  {'':<34} {'ratio ours/theirs':<16} {'':>6} {'':>6}"
          f" {ratio(ours.rps, theirs.rps):>7.2f}x"
          f" {ratio(ours.percentile_ms(0.5), theirs.percentile_ms(0.5)):>6.2f}x"
          f" {ratio(ours.percentile_ms(0.99), theirs.percentile_ms(0.99)):>6.2f}x")


def cpu_seconds() -> tuple[float, float]:
    """(CPU seconds the whole machine has been busy, those of this process and of the
    children it has waited for); gunicorn's workers count once their master is stopped."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(n) for n in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return float("nan"), float("nan")
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    busy = (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
    own = os.times()
    return busy, own.user + own.system + own.children_user + own.children_system


@dataclass
class Comparison:
    """Both sides' results on one database: results[scenario, side name]."""

    database: str
    ours: str
    theirs: str
    results: dict[tuple[str, str], Result]  # a side's write runs merged
    write_runs: dict[str, list[Result]]  # each side's write runs, in the order they ran
    prepared: tuple[float, float]  # seconds to set up ours, theirs


def compare(database: str, ours_url: str, theirs_uri: str, directory: Path, count: int,
            size: Sizes) -> Comparison:
    """Both servers, both scenarios, on one database. Raises if a side cannot run."""
    with ExitStack() as stack:
        began = time.monotonic()
        ours = start_ours(ours_url, count, size, stack.enter_context)
        middle = time.monotonic()
        theirs = start_theirs(directory, theirs_uri, count, size, stack.enter_context)
        prepared = (middle - began, time.monotonic() - middle)
        results = {}
        # Reads in alternating slices (ours, theirs, ours, ...), so that a passing load on
        # the machine weighs on both sides alike.
        slices: dict[str, list[Result]] = {ours.name: [], theirs.name: []}
        for _ in range(size.detail_slices):
            for side in (ours, theirs):
                slices[side.name].append(load(
                    side.server, side.name, side.detail_calls, clients=size.clients,
                    warm_up=size.warm_up, cap=DETAIL_CAP / size.detail_slices,
                    total=size.detail_requests // size.detail_slices))
        # The writes in whole runs, since each run's first and last thirds are compared:
        # ours, theirs, then theirs, ours (each run on fresh tables). A machine that slows
        # down or speeds up steadily through the four weighs on both sides alike, where one
        # run a side put every drift on one side's account.
        runs: dict[str, list[Result]] = {ours.name: [], theirs.name: []}
        for run in range(WRITE_RUNS):
            for side in (ours, theirs) if run % 2 == 0 else (theirs, ours):
                runs[side.name].append(load(
                    side.server, side.name, side.write_calls(run), clients=size.clients,
                    warm_up=size.warm_up, cap=WRITE_CAP, per_client=size.writes_per_client))
        for side in (ours, theirs):
            results["detail", side.name] = merged(slices[side.name])
            results["write", side.name] = merged(runs[side.name])
    return Comparison(database, ours.name, theirs.name, results, runs, prepared)


def on_sqlite(count: int, size: Sizes) -> Comparison:
    with databases.scratch_directory("bench-http-") as directory:
        ours_url = databases.migrated_sqlite(directory / "ours.sqlite3", app_dir())
        return compare("SQLite", ours_url, f"sqlite:///{directory}/ihatemoney.sqlite3",
                       directory, count, size)


def on_postgres(count: int, size: Sizes) -> Comparison:
    with (databases.scratch_directory("bench-http-") as directory,
          databases.postgres("http_ours", app_dir()) as ours_url,
          databases.postgres("http_theirs") as theirs_url):
        return compare("PostgreSQL", ours_url, databases.sqlalchemy_url(theirs_url), directory,
                       count, size)


def broken_by(database: str, scenario: str, result: Result) -> list[str]:
    """Why a scenario's timed requests say that the bench could not run that side."""
    where = f"HTTP on {database}, {scenario}, {result.side}"
    refused = {status: n for status, n in result.statuses.items()
               if 400 <= status < 500 and status != 409}  # 409: a retried round, re-asked
    failing = result.failures + sum(n for status, n in result.statuses.items() if status >= 500)
    reasons = []
    if not result.latencies:
        reasons.append(f"{where}: not one of {result.count} requests succeeded")
    if refused:
        reasons.append(f"{where}: answered {refused}: the app refuses what the bench sends")
    if failing > FAILING_SHARE * max(result.count, 1):
        reasons.append(f"{where}: {failing} of {result.count} requests failed or answered"
                       f" 5xx (more than {FAILING_SHARE:.0%})")
    return reasons


def report(comparison: Comparison, size: Sizes) -> Outcome:
    """Print one database's table and notes; its goals, and whatever could not run."""
    results, ours, theirs = comparison.results, comparison.ours, comparison.theirs
    database = comparison.database
    labels = {"detail": f"game / project detail ({size.rounds_before} rnd)",
              "write": f"round / bill POST ({size.writes_per_client}/client)"}
    for scenario in ("detail", "write"):
        a, b = results[scenario, ours], results[scenario, theirs]
        row(labels[scenario], a)
        row("", b)
        ratio_row(a, b)
    detail_a, detail_b = results["detail", ours], results["detail", theirs]
    write_a, write_b = results["write", ours], results["write", theirs]
    notes = []
    for side in (ours, theirs):
        for run, result in enumerate(comparison.write_runs[side], start=1):
            first, last = result.thirds()
            notes.append(
                f"write run {run}, {side}: {result.rps:.1f} req/s; {first:.1f} in the first"
                f" third, {last:.1f} in the last ({ratio(last, first):.0%}), of the"
                f" {result.all_busy:.1f} s in which all {size.clients} clients were sending")
    notes.append(f"setup (migrations, a user or project tokens, the read game or project and"
                 f" {size.clients * WRITE_RUNS} to write to, over the APIs): ours"
                 f" {comparison.prepared[0]:.1f} s, theirs {comparison.prepared[1]:.1f} s")
    wanted = {"detail": size.detail_requests // size.detail_slices * size.detail_slices,
              "write": size.clients * size.writes_per_client * WRITE_RUNS}
    outcome = Outcome()
    for scenario in ("detail", "write"):
        for side in (ours, theirs):
            result = results[scenario, side]
            if result.count < wanted[scenario]:
                notes.append(f"{scenario}, {side}: stopped at the time cap after"
                             f" {result.count} of {wanted[scenario]} requests")
            if result.errors:
                notes.append(f"{scenario}, {side}: {result.errors} requests failed or answered"
                             f" an error: its rate counts only the successful ones")
            outcome.broken += broken_by(database, scenario, result)
    for note in notes:
        print(f"  {note}")
    p99_share = ratio(write_a.percentile_ms(0.99), write_b.percentile_ms(0.99))
    outcome.goal(ratio(detail_a.rps, detail_b.rps) >= DETAIL_RATIO,
                 f"{database}: game detail: ours {detail_a.rps:.0f} req/s ="
                 f" {ratio(detail_a.rps, detail_b.rps):.2f}x {theirs}'s project"
                 f" {detail_b.rps:.0f} req/s, goal >= {DETAIL_RATIO}x")
    outcome.goal(ratio(write_a.rps, write_b.rps) >= WRITE_RATIO[database],
                 f"{database}: round POST: ours {write_a.rps:.0f} req/s ="
                 f" {ratio(write_a.rps, write_b.rps):.2f}x {theirs}'s bill POST"
                 f" {write_b.rps:.0f} req/s, goal >= {WRITE_RATIO[database]}x")
    outcome.goal(p99_share <= WRITE_P99_SHARE,
                 f"{database}: round POST p99: ours {write_a.percentile_ms(0.99):.1f} ms ="
                 f" {p99_share:.2f}x {theirs}'s {write_b.percentile_ms(0.99):.1f} ms, goal <="
                 f" {WRITE_P99_SHARE}x")
    for run, result in enumerate(comparison.write_runs[ours], start=1):
        first, last = result.thirds()
        outcome.goal(ratio(last, first) >= LAST_THIRD,
                     f"{database}: round POST, ours, run {run}: last third {last:.1f} req/s ="
                     f" {ratio(last, first):.0%} of the first {first:.1f} req/s, goal >="
                     f" {LAST_THIRD:.0%}")
    return outcome


def side_by_side(comparisons: list[Comparison]) -> None:
    """Rates and p99s of both sides, one column group per database."""
    print()
    print(f"  {'side by side':<22}" + "".join(f"  {c.database:<31}" for c in comparisons))
    print(f"  {'':<22}" + "".join(f"  {'ours':>9} {'ihatemoney':>11} {'ratio':>9}"
                                  for _ in comparisons))
    for scenario, label in (("detail", "detail"), ("write", "round / bill POST")):
        for what, value in (("req/s", lambda r: r.rps),
                            ("p99 ms", lambda r: r.percentile_ms(0.99))):
            cells = []
            for c in comparisons:
                ours, theirs = (value(c.results[scenario, side]) for side in (c.ours, c.theirs))
                cells.append(f"  {ours:>9.1f} {theirs:>11.1f} {ratio(ours, theirs):>8.2f}x")
            print(f"  {f'{label} {what}':<22}" + "".join(cells))


def run() -> Outcome:
    """The comparison on SQLite and on PostgreSQL, then the cold writes (bench/cold.py).
    Never raises: a database on which a side cannot run is a broken part."""
    from bench import cold

    size = sizes()
    count = workers(size)
    outcome = Outcome()
    print()
    print(f"HTTP: ours against ihatemoney, each under gunicorn {metadata.version('gunicorn')}"
          f" with {count} sync workers on a throwaway database of its own; {size.clients}"
          f" client threads on loopback")
    if app_dir() != BASE_DIR:
        print(f"  (our app from {app_dir()})")
    began = time.monotonic()
    busy, own = cpu_seconds()
    wanted = {"SQLite": on_sqlite}
    if databases.postgres_wanted():
        wanted["PostgreSQL"] = on_postgres
    with ThreadPoolExecutor(max_workers=len(wanted) if smoke() else 1) as pool:
        running = {database: pool.submit(on_database, count, size)
                   for database, on_database in wanted.items()}
        comparisons = []
        for database, future in running.items():
            print()
            where = "two SQLite files" if database == "SQLite" else (
                f"two databases on {databases.pg_server()}")
            print(f"  on {database} ({where})")
            print(f"  {'scenario':<34} {'side':<16} {'reqs':>6} {'s':>6} {'req/s':>8}"
                  f" {'p50 ms':>7} {'p99 ms':>7}")
            sys.stdout.flush()
            try:
                comparison = future.result()
            except Exception as error:
                outcome.could_not_run(f"the HTTP comparison on {database}", error)
                continue
            outcome += report(comparison, size)
            comparisons.append(comparison)
    if "PostgreSQL" not in wanted:
        print()
        print("  PostgreSQL: left out (--no-postgres)")
    if comparisons:
        side_by_side(comparisons)
    print(f"  detail: in {size.detail_slices} slices a side, the sides taking turns; ours GET"
          f" /api/v1/games/{{id}}/, theirs GET /api/projects/{{id}}; write: in {WRITE_RUNS}"
          f" runs a side (ours, theirs, theirs, ours), ours POST /api/v1/games/{{id}}/rounds/,"
          f" theirs POST /api/projects/{{id}}/bills")
    took = time.monotonic() - began
    busy_after, own_after = cpu_seconds()
    others = max((busy_after - busy) - (own_after - own), 0)
    # Other work on the machine (a test run, say) slows both sides, rarely alike.
    print(f"  (whole HTTP comparison: {took:.0f} s; other processes on this machine used"
          f" {others:.0f} CPU-s of it, {others / took:.0%} of one core)")
    sys.stdout.flush()
    outcome += cold.run()
    return outcome


def main() -> int:
    from bench.outcome import print_broken, print_goals

    outcome = run()
    print_goals("HTTP goals", outcome)
    print_broken(outcome)
    return 1 if outcome.broken else 0


if __name__ == "__main__":
    sys.exit(main())
