"""Our solver as the benchmark sees it: the public entry points of scorekeeper.rules.

The benchmark calls exactly what the app calls, with card texts as the app has them,
so every timing includes parsing the text.
"""

from scorekeeper.rules import Rules, best_discard, evaluate_hand

__all__ = ["Rules", "best_discard", "evaluate_hand"]
