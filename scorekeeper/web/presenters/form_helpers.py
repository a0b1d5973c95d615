"""What the forms carry and say beside their fields: the form key, the Basic Rummy setup."""

import uuid

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ... import rules as engine


def new_form_key() -> str:
    """The key a form carries so that sending it twice counts once (scorekeeper.idempotency)."""
    return f"page:{uuid.uuid4().hex}"


def basic_setup_text(players: int) -> str:
    """What "Auto" deals in Basic Rummy for the players seated so far (docs/rules.md 9.1)."""
    if players < 2:
        return _("Auto: 1 deck and 10 cards each for 2 players, 7 cards for 3 to 5, 2 decks "
                 "and 10 cards for 6 or 7.")
    rules = engine.Rules.preset("basic", players=players)
    return ngettext("Auto with %(players)s players: %(decks)s deck, %(cards)s cards each.",
                    "Auto with %(players)s players: %(decks)s decks, %(cards)s cards each.",
                    rules.decks) % {"players": players, "decks": rules.decks,
                                    "cards": rules.hand_size}
