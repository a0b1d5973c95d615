"""Per-call timing: one time.perf_counter_ns() pair around every call, so that the
median and the tail (p99, max) come from the same samples."""

import gc
import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from time import perf_counter_ns


@dataclass
class Timing:
    """The nanoseconds of each call, in corpus order, and what each call returned."""

    samples_ns: list[int]
    results: list

    @property
    def count(self) -> int:
        return len(self.samples_ns)

    @property
    def median_us(self) -> float:
        return statistics.median(self.samples_ns) / 1000

    @property
    def p99_us(self) -> float:
        # Nearest-rank percentile: a real sample, never an interpolation between two.
        ordered = sorted(self.samples_ns)
        return ordered[math.ceil(0.99 * len(ordered)) - 1] / 1000

    @property
    def max_us(self) -> float:
        return max(self.samples_ns) / 1000


def measure(call: Callable, items: Sequence, warm_up: Iterable = ()) -> Timing:
    """Time `call(item)` once per item, after running it untimed on `warm_up`.

    The warm-up items are other hands than the timed ones, so a solver that caches by
    hand cannot turn the timed calls into cache hits. A garbage collection before the
    timed loop starts every solver from the same heap; the collector stays on while
    timing, since a real caller pays for its pauses too.
    """
    for item in warm_up:
        call(item)
    gc.collect()
    samples = []
    results = []
    for item in items:
        start = perf_counter_ns()
        result = call(item)
        samples.append(perf_counter_ns() - start)
        results.append(result)
    return Timing(samples, results)


def measure_in_turns(calls: dict[str, Callable], items: Sequence,
                     warm_up: Iterable = ()) -> dict[str, Timing]:
    """Time every one of `calls` once per item, as `measure` does, the calls taking turns
    item by item (their order rotating from one item to the next) instead of each in a
    pass of its own: a machine that changes speed during the run then slows or speeds
    every call alike, and their ratios stay true. The keys of the answer are those of
    `calls`."""
    warm_up = list(warm_up)
    for call in calls.values():
        for item in warm_up:
            call(item)
    gc.collect()
    names = list(calls)
    samples: dict[str, list[int]] = {name: [] for name in names}
    results: dict[str, list] = {name: [] for name in names}
    for index, item in enumerate(items):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            call = calls[name]
            start = perf_counter_ns()
            result = call(item)
            samples[name].append(perf_counter_ns() - start)
            results[name].append(result)
    return {name: Timing(samples[name], results[name]) for name in names}
