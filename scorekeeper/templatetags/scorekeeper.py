"""Template filters for the pages: money and signed numbers in the active language."""

from django import template
from django.utils.translation import gettext as _

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
def void_note(view):
    """Why a void game (a GameView) is void, in the reader's language: deleted as started by
    mistake (only a game without rounds is deleted, and only one with rounds is voided), or
    voided by an organiser for the reason given."""
    game = view.game
    if not view.rounds:
        return _("Deleted: it was started by mistake.")
    return _("Voided: %(reason)s") % {"reason": game.void_reason}
