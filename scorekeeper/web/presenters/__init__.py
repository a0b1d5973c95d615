"""What the pages show, built from a services.GameView: the score sheet, the chart, money text.

No rule lives here: every number comes from the engine (`view.state`, `view.history`)
and every decision about money from the services (`services.settlement_for`); this
package only arranges them for a small screen and a language.

money.py money and amounts in the active language, the ledger's entry kinds and accounts
form_helpers.py the form key
chart.py the chart of totals per round and the players' colours
sheet.py the sheet of a game's family (each family's own: scorekeeper/web/families) and the
pot's name
next_round.py who plays and deals the next round, the re-buys open, who played a recorded one
result.py the end of a game: placings, payouts, who pays whom
account.py who got what in a round, a player's account
what_if.py what a correction would change before it is saved
home.py the home page's game cards: each game's kind and who leads it (views.home imports
it itself: it reads the families' page modules, which import this package)

The names below are the ones other modules use; they import them from here.
"""

from .account import build_account
from .chart import PALETTE, Guide, Line
from .form_helpers import new_form_key
from .money import (
    CURRENCY_SYMBOLS,
    ENTRY_KINDS,
    account_names,
    amount_field_value,
    minor_from_text,
    money_text,
)
from .next_round import next_round_table, open_offers, round_players
from .result import build_result
from .sheet import build_sheet, pot_label
from .what_if import build_what_if

__all__ = [
    "CURRENCY_SYMBOLS",
    "ENTRY_KINDS",
    "PALETTE",
    "Guide",
    "Line",
    "account_names",
    "amount_field_value",
    "build_account",
    "build_result",
    "build_sheet",
    "build_what_if",
    "minor_from_text",
    "money_text",
    "new_form_key",
    "next_round_table",
    "open_offers",
    "pot_label",
    "round_players",
]
