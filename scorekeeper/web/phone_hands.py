"""The hands the players sent from their own phones, as the scorekeeper's round form shows
them (docs/table.md, "Players' phones"): the list above the form (polled by
web.seats.pending) and, on the form as served, each hand already in its row, marked as
from the player's phone, so that nothing moves when the list first answers.

Shared by the round form (web.rounds) and the phones' pages (web.seats).
"""

import ipaddress
from urllib.parse import urlsplit

from django.urls import reverse
from django.utils.translation import gettext as _

from ..messages import message_for
from ..services import claims as claim_services
from .round_form import card_view


def form_data(player: int, entry: dict) -> dict:
    """A pending hand as the round form's fields of the player's row."""
    data = {}
    if entry.get("cards"):
        data[f"mode-{player}"], data[f"cards-{player}"] = "cards", entry["cards"]
    elif "dw" in entry:
        data[f"dw-{player}"] = entry["dw"]
    if entry.get("melds"):
        data[f"lmode-{player}"], data[f"melds-{player}"] = "cards", entry["melds"]
    elif "laid" in entry:
        data[f"laid-{player}"] = entry["laid"]
    return data


def pending_context(view) -> dict:
    """The list's context: the hands sent for the round being played and the phones that
    hold seats. Nothing while the scorekeeper has players' own hands switched off (`off`:
    the form shows no list and asks for none)."""
    over = not view.accepts_rounds or view.void
    off = not view.game.phones_enter_hands
    hands = [] if over or off else claim_services.pending_hands(view)
    phones = [] if off else claim_services.active_claims(view.game.pk)
    rows = [_pending_row(hand) for hand in hands]
    stamp = "-".join([str(view.state.next_round), *(str(hand.id) for hand in hands), "p",
                      *(str(phone.pk) for phone in phones)])
    return {
        "game": view.game, "hands": rows, "stamp": stamp, "over": over, "off": off,
        "phones": [(phone, view.name(phone.player_id)) for phone in phones],
        "url": reverse("round-pending", args=[view.game.pk]),
    }


def _pending_row(hand) -> dict:
    """A pending hand as the list shows it and as static/js/hands.js fills it in."""
    laid = ""
    if hand.laid_melds:
        laid = " ".join(f"{view.rank}{view.suit}" for meld in hand.laid_melds
                        for view in map(card_view, meld))
    elif "laid" in hand.entry:
        laid = hand.entry["laid"]
    problems = [_("%(problem)s (sent from the phones of %(names)s)") % {
        "problem": message_for(problem.error), "names": ", ".join(problem.names)}
        for problem in hand.problems]
    return {
        "hand": hand, "cards": [card_view(code) for code in hand.cards],
        "laid": laid, "problems": problems,
        "label": _("%(name)s: %(points)s, from %(name)s's phone") % {
            "name": hand.name, "points": hand.points},
    }


def filled_from_phones(pending: dict, players) -> tuple[dict, dict[int, str]]:
    """The new round form's first data: each hand a phone sent, in its player's row (as
    hands.js fills one in), and which send each row holds (player -> the send's id)."""
    data, sends = {}, {}
    for row in pending["hands"]:
        hand = row["hand"]
        if hand.player in players:
            data.update(form_data(hand.player, hand.entry))
            sends[hand.player] = hand.id
    return data, sends


# This machine's own names: a link to one of them opens on no other phone.
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def loopback_host(url: str) -> str:
    """The link's host when no other phone can reach it (127.0.0.1, localhost, ::1), so the
    share page says how to serve the table (`make run HOST=0.0.0.0`); else ""."""
    host = urlsplit(url).hostname or ""
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return host
    try:
        return host if ipaddress.ip_address(host).is_loopback else ""
    except ValueError:  # a name, not an address: the phones may well reach it
        return ""
