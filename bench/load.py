"""The harness of the HTTP comparison (bench/http.py): a WSGI app served by gunicorn, and
client threads that load it; the sizes of that load, and what each side is to it.

Both sides go through the same code here: the same gunicorn command, the same client
threads, one http.client connection each, the same timing of each request.
"""

import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from bench.outcome import smoke

WRITE_RUNS = 2  # write runs per side: ours, theirs, then theirs, ours (and so on)
# What both sides make: the same players (members) and the same seed for their data.
PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
SEED = 20251123


@dataclass(frozen=True)
class Sizes:
    clients: int
    warm_up: int  # untimed requests per client before each scenario
    detail_requests: int  # in all, per side
    detail_slices: int  # sent in this many slices, the two sides taking turns
    writes_per_client: int
    rounds_before: int  # rounds of the game read, bills of the project read
    workers: int | None  # gunicorn's; None: as `make serve`


# Full: the detail takes 3-5 s ours and 15-25 s theirs, the writes (960 a run, two runs a
# side) 4-10 s a run on two cores. Smoke: every request kind a few times, nothing timed
# worth reading, and the two databases side by side (their figures then mean even less),
# since a smoke run is mostly servers starting.
FULL = Sizes(clients=16, warm_up=3, detail_requests=1500, detail_slices=3,
             writes_per_client=60, rounds_before=30, workers=None)
SMOKE = Sizes(clients=2, warm_up=1, detail_requests=6, detail_slices=2,
              writes_per_client=3, rounds_before=3, workers=1)


def sizes() -> Sizes:
    return SMOKE if smoke() else FULL


def workers(wanted: Sizes | None = None) -> int:
    """As `make serve`: WEB_CONCURRENCY, else 2 x cores + 1, at most 8."""
    if wanted is not None and wanted.workers is not None:
        return wanted.workers
    if os.environ.get("WEB_CONCURRENCY", "").isdigit():
        return int(os.environ["WEB_CONCURRENCY"])
    return min(2 * (os.cpu_count() or 1) + 1, 8)


def client_rngs(size: "Sizes") -> list[list[random.Random]]:
    """Each write run's clients' random sources, [run][client]: the same seeds on both
    sides, so that their made-up writes are drawn alike."""
    return [[random.Random(SEED + run * size.clients + n) for n in range(size.clients)]
            for run in range(WRITE_RUNS)]


# --- Servers -----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_child(args: list[str], cwd: Path, env: dict, timeout: float = 300) -> str:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args[1:3])} failed:\n{result.stderr[-2000:]}")
    return result.stdout


class Gunicorn:
    """gunicorn in its own process group, stopped for sure on leaving the `with`."""

    def __init__(self, app: str, cwd: Path, env: dict, count: int, probe: str):
        self.port = free_port()
        self.probe = probe
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", app,
             "--bind", f"127.0.0.1:{self.port}", "--workers", str(count),
             "--access-logfile", "/dev/null", "--no-control-socket", "--timeout", "30"],
            cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def __enter__(self):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.tail()
                self.stop()
                raise RuntimeError(f"gunicorn exited:\n{log}")
            try:
                status, _ = request(self.connect(), "GET", self.probe)
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        log = self.tail()
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within 60 s:\n{log}")

    def __exit__(self, *exc):
        self.stop()

    def tail(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-2000:]

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: the master stops its workers
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
        try:  # anything of its process group still there (a stuck worker) is killed
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.process.poll() is None:
            self.process.wait(timeout=5)
        if not self.log.closed:
            self.log.close()


# --- Load --------------------------------------------------------------------------------------


def request(conn, method, path, body=None, headers=None, form=None) -> tuple[int, bytes]:
    """One request: `body` is sent as JSON, `form` (a dict, lists repeated) as a form."""
    all_headers = {"Accept": "application/json", **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        all_headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urlencode(form, doseq=True).encode()
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        return response.status, response.read()
    except (http.client.HTTPException, OSError):
        conn.close()  # a connection closed under us: the next request opens a new one
        raise


def expect(conn, status: int, method: str, path: str, **kwargs):
    """A setup request that must answer `status`; returns the decoded JSON."""
    got, payload = request(conn, method, path, **kwargs)
    if got != status:
        raise RuntimeError(f"{method} {path} answered {got}, not {status}: {payload[:300]!r}")
    return json.loads(payload) if payload else None


@dataclass
class Result:
    side: str
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests
    completed: list[float] = field(default_factory=list)  # seconds from the start, the same
    statuses: dict[int, int] = field(default_factory=dict)
    failures: int = 0  # connection errors
    elapsed: float = 0.0
    all_busy: float = 0.0  # seconds from the start until the first client was done

    @property
    def count(self) -> int:
        return sum(self.statuses.values()) + self.failures

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile_ms(self, share: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    @property
    def errors(self) -> int:
        return self.failures + sum(n for status, n in self.statuses.items() if status >= 400)

    def thirds(self) -> tuple[float, float]:
        """Successful requests a second in the first and the last third of the time in
        which all clients were sending, each request in the third it completed in."""
        third = self.all_busy / 3
        if third <= 0:
            return float("nan"), float("nan")
        first = sum(1 for t in self.completed if t <= third)
        last = sum(1 for t in self.completed if 2 * third < t <= self.all_busy)
        return first / third, last / third


def merged(parts: list[Result]) -> Result:
    """Slices of one scenario as one result: their requests and their times added up."""
    whole = Result(parts[0].side)
    for part in parts:
        whole.latencies += part.latencies
        whole.failures += part.failures
        whole.elapsed += part.elapsed
        for status, n in part.statuses.items():
            whole.statuses[status] = whole.statuses.get(status, 0) + n
    return whole


def load(server: Gunicorn, side: str, make_call, *, clients: int, warm_up: int, cap: float,
         total: int | None = None, per_client: int | None = None) -> Result:
    """`clients` threads send `total` requests in all, or `per_client` each, or stop at `cap`.

    make_call(client_index, conn) -> a function that sends one request and returns
    (status, ok); each thread first sends `warm_up` untimed ones. A client that raises
    stops the whole load at once, and the error is raised here.
    """
    result = Result(side)
    lock = threading.Lock()
    remaining = [total if total is not None else clients * per_client]
    start_line = threading.Barrier(clients + 1, timeout=120)
    began = [0.0]
    stop_at = [0.0]
    done_at: list[float] = []
    raised: list[BaseException] = []

    def send_all(index: int) -> None:
        conn = server.connect()
        call = make_call(index, conn)
        for _ in range(warm_up):
            try:
                call()
            except (http.client.HTTPException, OSError):
                pass
        start_line.wait()
        latencies, completed, statuses, failures = [], [], {}, 0
        sent = 0
        while time.perf_counter() < stop_at[0]:
            if per_client is not None:
                if sent >= per_client:
                    break
                sent += 1
            else:
                with lock:
                    if remaining[0] <= 0:
                        break
                    remaining[0] -= 1
            start = time.perf_counter()
            try:
                status, ok = call()
            except (http.client.HTTPException, OSError):
                failures += 1
                continue
            end = time.perf_counter()
            statuses[status] = statuses.get(status, 0) + 1
            if ok:
                latencies.append(end - start)
                completed.append(end - began[0])
        conn.close()
        with lock:
            done_at.append(time.perf_counter() - began[0])
            result.latencies.extend(latencies)
            result.completed.extend(completed)
            result.failures += failures
            for status, n in statuses.items():
                result.statuses[status] = result.statuses.get(status, 0) + n

    def client(index: int) -> None:
        try:
            send_all(index)
        except threading.BrokenBarrierError:
            pass  # another client raised: its error is the one reported
        except BaseException as error:
            raised.append(error)
            start_line.abort()

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    stop_at[0] = time.perf_counter() + 3600  # set for real once all have warmed up
    for thread in threads:
        thread.start()
    try:
        start_line.wait()
    except threading.BrokenBarrierError:
        for thread in threads:
            thread.join(30)
        raise RuntimeError(f"{side}: a client failed before the timed requests:"
                           f" {raised[0]!r}" if raised else f"{side}: the clients never all"
                           " got through their warm-up") from (raised[0] if raised else None)
    began[0] = time.perf_counter()
    stop_at[0] = began[0] + cap
    for thread in threads:
        thread.join(cap + 60)
    if raised:
        raise RuntimeError(f"{side}: a client failed: {raised[0]!r}") from raised[0]
    result.elapsed = time.perf_counter() - began[0]
    result.all_busy = min(done_at) if len(done_at) == clients else result.elapsed
    return result


# --- A side ----------------------------------------------------------------------------------


@dataclass
class Side:
    """A running server with its data made (bench/ours.py, bench/ihatemoney.py), and how
    each scenario calls it: `read(conn)` sends the detail scenario's request, `write(conn,
    run, client)` one write of that client on that run's own table; each returns the status
    answered."""

    name: str
    server: Gunicorn
    read: Callable[[http.client.HTTPConnection], int]
    write: Callable[[http.client.HTTPConnection, int, int], int]

    def detail_calls(self, index: int, conn: http.client.HTTPConnection) -> Callable:
        """make_call for load(): the read, answered 200."""
        def call():
            status = self.read(conn)
            return status, status == 200
        return call

    def write_calls(self, run: int) -> Callable:
        """make_call for load() on write run `run`: each client's writes, answered 201."""
        def make_call(index: int, conn: http.client.HTTPConnection) -> Callable:
            def call():
                status = self.write(conn, run, index)
                return status, status == 201
            return call
        return make_call
