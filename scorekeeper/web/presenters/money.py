"""Money and numbers as the active language writes them, and the ledger's words for them.

money_text is the one writer of money for people (the currency, the sign, the language);
the template filters and the form fields call it. Machines (the API, the CSV, the export
documents) get the engine's one decimal text instead, rules.format_money. Money is minor
units throughout, never a float.
"""

from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from ... import rules as engine

CURRENCY_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def money_text(minor: int, currency: str = "EUR", *, signed: bool = False,
               symbol: bool = True, grouping: bool = True) -> str:
    """Minor units as the active language writes money: "17,50 €" (de), "€17.50" (en).

    `signed` writes "+" before a gain (a loss always has its "−"); without `symbol` the
    currency is left out (narrow columns, form fields); without `grouping` the thousands
    are not grouped ("1234,50"), as a form field shows an amount for minor_from_text.
    """
    if isinstance(minor, float):
        raise TypeError(f"money is minor units, never a float: {minor!r}")
    minor = int(minor)
    amount = formats.number_format(Decimal(abs(minor)).scaleb(-2), 2, use_l10n=True,
                                   force_grouping=grouping)
    sign = "\u2212" if minor < 0 else ("+" if signed and minor > 0 else "")
    if not symbol:
        return f"{sign}{amount}"
    mark = CURRENCY_SYMBOLS.get(currency, currency)
    if (get_language() or "en").startswith("de") or len(mark) > 1:
        return f"{sign}{amount}\u00a0{mark}"
    return f"{sign}{mark}{amount}"


def minor_from_text(text: str) -> int:
    """A typed amount ("5", "5,50", "5.5") -> minor units; RulesError in plain words."""
    try:
        return engine.parse_money(text.strip())
    except engine.MoneyError:
        raise engine.MoneyError(
            _("Enter an amount like 5 or 5%(sep)s50") % {"sep": formats.get_format(
                "DECIMAL_SEPARATOR")}
        ) from None


def amount_field_value(minor: int) -> str:
    """An amount as a form field shows it in the active language, for minor_from_text to read
    back: 500 -> "5,00" or "5.00", without the currency or the thousands' grouping. (A field
    never holds a negative amount: parse_money refuses one.)"""
    return money_text(minor, symbol=False, grouping=False)


# --- The ledger ---------------------------------------------------------------------------

ENTRY_KINDS = {
    "buy_in": gettext_lazy("Buy-in"),
    "rebuy": gettext_lazy("Re-buy"),
    "knock_premium": gettext_lazy("Knock premium"),
    "rummy_premium": gettext_lazy("Rummy premium"),
    "undercut_tie": gettext_lazy("Undercut tie"),
    "kitty_in": gettext_lazy("Into the kitty"),
    "kitty_win": gettext_lazy("Kitty won"),
    "kitty_final": gettext_lazy("Kitty at the end"),
    "payout": gettext_lazy("Payout"),
    "carry_over": gettext_lazy("Carried pot"),
    "point_settlement": gettext_lazy("Points paid"),
}


def account_names(view) -> dict[str, str]:
    """What the ledger page calls each account of the game."""
    names = {engine.account(player): view.name(player) for player in view.player_ids}
    return names | {engine.POT: _("Pot"), engine.KITTY: _("Kitty"), engine.CARRY: _("Carried")}
