"""The knock family's round as entered (docs/rules.md 3): who ended it, every
participant's hand, and in a lay_off variant the ender's melds as laid (3.7). The results
out are the core's (core/results.py)."""

from dataclasses import dataclass

from ..core import RoundEntry


@dataclass(frozen=True)
class KnockRound(RoundEntry):
    """A knock round: the ender knocked; each hand is a deadwood or the cards."""

    # The ender's melds as laid, only for a lay_off variant (docs/rules.md 3.7).
    ender_melds: tuple[tuple[str, ...], ...] | None = None
