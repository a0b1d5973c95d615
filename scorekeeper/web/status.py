"""A game's status in the reader's words: the one place the pages name it.

What a status means (still played, ended) is GameStatus's to answer
(scorekeeper/rules/status.py; docs/rules.md 4.3 and 5.7); this module only words it.
The template filters of the same names (scorekeeper/templatetags/scorekeeper.py) call
these functions. The German translations are keyed by the English words: keep them as
they are.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..rules import GameStatus

STATUS_WORDS = {
    GameStatus.RUNNING: gettext_lazy("running"),
    GameStatus.DECIDER: gettext_lazy("in a decider"),
    GameStatus.FINISHED: gettext_lazy("finished"),
    GameStatus.CARRIED_OVER: gettext_lazy("pot carried over"),
    GameStatus.VOID: gettext_lazy("void"),
}


def game_status(status: str) -> GameStatus:
    """A game row's status as the engine's GameStatus, which answers `playing` and `ended`."""
    return GameStatus(status)


def status_word(status: str) -> str:
    """A status in words, as the evening's page lists its games: "running", "in a decider",
    "finished", "pot carried over", "void"."""
    return str(STATUS_WORDS[GameStatus(status)])


def list_word(status: str) -> str:
    """A status as a list of games says it: a game still played is "running", a decider
    too (the game's own sheet tells the decider apart)."""
    status = GameStatus(status)
    return status_word(GameStatus.RUNNING if status.playing else status)


def evening_note(status: str) -> str:
    """What the home page's list of an evening's games says after a game's name: what keeps
    the evening going (services.evenings.running_evenings), a game still played or a pot
    carried over to the next game; nothing for a game won or void."""
    status = GameStatus(status)
    if status.playing or status == GameStatus.CARRIED_OVER:
        return list_word(status)
    return ""


def void_note(view) -> str:
    """Why a void game (a GameView) is void, in the reader's language: deleted as started by
    mistake (only a game without rounds is deleted, and only one with rounds is voided), or
    voided by an organiser for the reason given."""
    if not view.rounds:
        return _("Deleted: it was started by mistake.")
    return _("Voided: %(reason)s") % {"reason": view.game.void_reason}
