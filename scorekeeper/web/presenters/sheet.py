"""The score sheet of a game's family, with the money of its last round, and the pot's name."""

from .. import families
from .account import round_money


def build_sheet(view):
    """The score sheet of the game's family (scorekeeper/web/families), with the money of
    its last round."""
    sheet = families.for_rules(view.rules).build_sheet(view)
    if view.history.rounds:
        sheet.last_money = round_money(view, view.history.rounds[-1].number)
    return sheet


def pot_label(view) -> str:
    """The pot's name in the game's family, or "" when the game has none to show (a points
    game, a Gin match without a prize pool, Basic Rummy, Rami to a target)."""
    rules, state = view.rules, view.state
    if rules.mode == "points" or not (rules.buy_in or state.pot or state.payouts):
        return ""
    return str(families.for_rules(rules).pot_label)
