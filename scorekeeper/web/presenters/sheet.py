"""The score sheet of a game's family, with the money of its last round, and the pot's name."""

from django.utils.translation import gettext_lazy

from ... import rules as engine
from .account import round_money
from .gin_sheet import GinSheet, build_gin_sheet
from .knock_sheet import Sheet, build_knock_sheet
from .tally_sheet import TallySheet, build_tally_sheet

# The score sheet of each rule family (scorekeeper.rules.family_for names it).
SHEETS = {"knock": build_knock_sheet, "gin": build_gin_sheet, "basic": build_tally_sheet,
          "rami": build_tally_sheet}


def build_sheet(view) -> "Sheet | GinSheet | TallySheet":
    """The score sheet of the game's family, with the money of its last round."""
    sheet = SHEETS[engine.family_for(view.rules).name](view)
    if view.history.rounds:
        sheet.last_money = round_money(view, view.history.rounds[-1].number)
    return sheet


# What the sheet's status calls the money in the middle of the table.
POT_LABELS = {"knock": gettext_lazy("Pot"), "gin": gettext_lazy("Prize pool"),
              "basic": gettext_lazy("Pot"), "rami": gettext_lazy("Pot")}


def pot_label(view) -> str:
    """The pot's name in the game's family, or "" when the game has none to show (a points
    game, a Gin match without a prize pool, Basic Rummy, Rami to a target)."""
    rules, state = view.rules, view.state
    if rules.mode == "points" or not (rules.buy_in or state.pot or state.payouts):
        return ""
    return str(POT_LABELS[engine.family_for(rules).name])
