"""Template filters for the pages: money and signed numbers in the active language, and a
game's status in words. Each is a thin wrapper around the one function that writes it
(web/presenters/money.py, web/status.py)."""

from django import template

from scorekeeper.web import status
from scorekeeper.web.presenters import money_text

register = template.Library()


@register.filter
def money(minor, currency="EUR"):
    """{{ 1750|money:"EUR" }} -> "17,50 €" in German, "€17.50" in English."""
    if minor is None or minor == "":
        return ""
    return money_text(minor, currency)


@register.filter
def signed_money(minor, currency="EUR"):
    """Money with its sign: "+17,50 €", "−5,00 €"."""
    if minor is None or minor == "":
        return ""
    return money_text(minor, currency, signed=True)


@register.filter
def amount(minor):
    """Money without the currency sign, for narrow columns: "−2,00"."""
    if minor is None or minor == "":
        return ""
    return money_text(minor, symbol=False, signed=True)


@register.filter
def at(sequence, index):
    """sequence[index] in a template: {{ row.cells|at:forloop.counter0 }}."""
    try:
        return sequence[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def game_status(value):
    """A game's status as GameStatus, to ask it: {% with state=game.status|game_status %}
    {% if state.playing %}."""
    return status.game_status(value)


@register.filter
def status_word(value):
    """{{ game.status|status_word }} -> "in a decider" ("in der Entscheidungsrunde")."""
    return status.status_word(value)


@register.filter
def evening_note(value):
    """After a game's name in the home page's list of evenings: "running", "pot carried
    over" or nothing."""
    return status.evening_note(value)


@register.filter
def void_note(view):
    """Why a void game (a GameView) is void, in the reader's language."""
    return status.void_note(view)
