"""What Gin's round form asks besides the two rows (docs/rules.md 8.9 and 8.11): how the
round ended (Knock, Gin, or Big Gin where the rules have it) and, in Oklahoma Gin, the
deal's first upcard, with the knock limit and doubling it gives. Only the shape is read
here; the engine judges the round (a knock over the deal's limit, a Big Gin the rules do
not have)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ... import rules as engine
from ..round_form import picker_ranks, picker_suits, whole
from . import RoundChoices, best_melds

KNOCK, GIN, BIG_GIN = "knock", "gin", "big_gin"
ENDS = (
    (KNOCK, gettext_lazy("Knock")),
    (GIN, gettext_lazy("Gin")),
    (BIG_GIN, gettext_lazy("Big Gin")),
)
# A gin (Big Gin too) holds no deadwood: the knocker's hand is not asked.
GINS = (GIN, BIG_GIN)


def ends_offered(rules: engine.Rules) -> list[tuple[str, str]]:
    """Knock and Gin; Big Gin only where the rules have it."""
    return [(value, label) for value, label in ENDS if value != BIG_GIN or rules.big_gin]


def sent_end(data) -> str:
    """How the round ended as the form sent it; a form that sent nothing knocked."""
    return (data.get("how") or KNOCK) if data is not None else KNOCK


def sent_upcard(data) -> str | None:
    """The upcard as the form sent it, rank and suit ("7S"), or None while either is not
    tapped."""
    if data is None:
        return None
    rank, suit = data.get("upcard_rank") or "", data.get("upcard_suit") or ""
    return f"{rank}{suit}" if rank in engine.RANKS and suit in engine.SUITS else None


def read_round(data, rules: engine.Rules) -> RoundChoices:
    how = sent_end(data)
    errors = {}
    if how not in dict(ENDS):
        errors["big_gin"] = _("Tap Knock or Gin")
    upcard = sent_upcard(data) if rules.oklahoma else None
    if rules.oklahoma and upcard is None:
        errors["upcard"] = _("Tap the deal's first upcard: its rank and its suit")
    return RoundChoices(upcard=upcard, big_gin=how == BIG_GIN, ender_holds_nothing=how in GINS,
                        errors=errors)


def hand_as_scored(player: int, data, rules: engine.Rules, cards: list[str]):
    """A defender's cards, with the knocker's picked too, laid off onto the knocker's melds
    as the round will score them (docs/rules.md 8.9): the form shows the deadwood the sheet
    will. The knocker's own hand, or a defender's against a typed knocker, as it is."""
    ender = data.get("ender") or ""
    ender_cards = (data.get(f"cards-{ender}") or "").strip()
    if (not whole(ender) or int(ender) == player or data.get(f"mode-{ender}") != "cards"
            or not ender_cards or sent_end(data) in GINS):
        return best_melds(player, data, rules, cards)
    try:
        return engine.lone_lay_off(rules, engine.parse_cards(ender_cards), cards)
    except engine.CardError:
        return best_melds(player, data, rules, cards)


def deal_text(rules: engine.Rules, upcard: str) -> str:
    """The deal's terms in words: "Knock with up to 7 · every point doubled"."""
    deal = engine.deal_terms(rules, upcard)
    limit = _("Gin only") if deal.knock_limit == 0 else ngettext(
        "Knock with up to %(limit)s point", "Knock with up to %(limit)s points",
        deal.knock_limit) % {"limit": deal.knock_limit}
    return f"{limit} · {doubled_text()}" if deal.doubled else limit


def doubled_text() -> str:
    return _("every point doubled")


def round_context(rules: engine.Rules, sent, errors) -> dict:
    """The choices of how the round ended and, in Oklahoma Gin, the upcard's ranks (each
    with the limit it gives, for the page to show at once) and suits."""
    context = {"gin_ends": ends_offered(rules), "gin_how": sent_end(sent),
               "after_lay_off": True}
    if not rules.oklahoma:
        return context
    upcard = sent_upcard(sent)
    context.update(
        oklahoma=True,
        upcard_ranks=[(rank, label, deal_text(rules, f"{rank}H"))
                      for rank, label in picker_ranks()],
        upcard_suits=[(code, symbol, name, red, rules.spades_double and code == "S")
                      for code, symbol, name, red in picker_suits()],
        upcard_rank=upcard[:-1] if upcard else (sent or {}).get("upcard_rank", ""),
        upcard_suit=upcard[-1] if upcard else (sent or {}).get("upcard_suit", ""),
        deal_terms=deal_text(rules, upcard) if upcard else "",
        doubled_text=doubled_text(),
    )
    return context
