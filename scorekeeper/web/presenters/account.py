"""Explaining the money: who got what in a round, and a player's account entry by entry."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ... import rules as engine
from .money import ENTRY_KINDS, account_names, money_text

# Why a player's money moved, with the pot, the kitty or the carried pot (docs/rules.md 5.1).
ACCOUNT_REASONS = {
    "buy_in": gettext_lazy("buy-in"),
    "rebuy": gettext_lazy("re-buy"),
    "undercut_tie": gettext_lazy("undercut tie, into the pot"),
    "kitty_in": gettext_lazy("into the kitty"),
    "kitty_win": gettext_lazy("kitty won"),
    "kitty_final": gettext_lazy("kitty at the end"),
    "payout": gettext_lazy("payout"),
}
# ... and between players, with whom: "knock premium from 3 players".
PLAYER_REASONS = {
    "knock_premium": gettext_lazy("knock premium"),
    "rummy_premium": gettext_lazy("Rummy premium"),
    "point_settlement": gettext_lazy("points"),
}


@dataclass
class MoneyLine:
    """A player's money in a round: the net and why ("knock premium from 3 players")."""

    player: int
    name: str
    amount: int
    reason: str


def round_money(view, number: int) -> list[MoneyLine]:
    """Who got what in round `number`, the re-buys taken after it included."""
    return money_lines(view, [t for t in view.history.transfers if t.round == number])


def money_lines(view, transfers) -> list[MoneyLine]:
    """Each player's net of `transfers` with its reasons, in seat order; a player the
    transfers do not touch has no line. Several reasons carry their amounts."""
    players = {engine.account(player): player for player in view.player_ids}
    lines = []
    for player in view.player_ids:
        mine = engine.account(player)
        moves: dict[tuple[str, int], list[tuple[str, int]]] = {}
        for transfer in transfers:
            if transfer.target == mine:
                moves.setdefault((transfer.kind, 1), []).append(
                    (transfer.source, transfer.amount))
            elif transfer.source == mine:
                moves.setdefault((transfer.kind, -1), []).append(
                    (transfer.target, -transfer.amount))
        if not moves:
            continue
        parts = [(_reason(view, kind, sign, [other for other, _a in group], players),
                  sum(amount for _o, amount in group))
                 for (kind, sign), group in moves.items()]  # fmt: skip
        if len(parts) == 1:
            reason = parts[0][0]
        else:
            reason = ", ".join(f"{text} {money_text(amount, view.game.currency, signed=True)}"
                               for text, amount in parts)
        lines.append(MoneyLine(player, view.name(player),
                               sum(amount for _t, amount in parts), reason))
    return lines


def _reason(view, kind: str, sign: int, others: list[str], players: dict) -> str:
    """Why money moved: "buy-in", "knock premium to Anna", "points from 3 players"."""
    people = [players[other] for other in dict.fromkeys(others) if other in players]
    if not people:
        return str(ACCOUNT_REASONS.get(kind, ENTRY_KINDS.get(kind, kind)))
    what = PLAYER_REASONS.get(kind, ENTRY_KINDS.get(kind, kind))
    if len(people) == 1:
        text = _("%(what)s from %(name)s") if sign > 0 else _("%(what)s to %(name)s")
        return text % {"what": what, "name": view.name(people[0])}
    if sign > 0:
        text = ngettext("%(what)s from %(count)s player", "%(what)s from %(count)s players",
                        len(people))
    else:
        text = ngettext("%(what)s to %(count)s player", "%(what)s to %(count)s players",
                        len(people))
    return text % {"what": what, "count": len(people)}


@dataclass
class AccountItem:
    """One ledger entry as a player's account shows it: + received, - paid."""

    kind: str
    other: str  # who or what the money came from or went to
    amount: int
    received: bool
    reversal: bool  # cancels an earlier entry (a correction, an undone re-buy)
    cancelled: bool  # cancelled by a later entry


@dataclass
class AccountGroup:
    round: int | None
    stage: str  # "start", "round" or "end"
    items: list[AccountItem]
    everyone: list[MoneyLine] = field(default_factory=list)  # the round's money, all players

    @property
    def net(self) -> int:
        return sum(item.amount for item in self.items)


@dataclass
class PlayerAccount:
    player: int
    name: str
    groups: list[AccountGroup]

    @property
    def balance(self) -> int:
        return sum(group.net for group in self.groups)


# Entries of no round at the game's start; the others of no round are its end (5.1).
START_KINDS = {"buy_in", "carry_over"}


def build_account(view, player: int, entries) -> PlayerAccount:
    """A player's account from the game's ledger entries (ledger.services.lines): every
    entry that touches the player, grouped as start, each round and end, a reversal next
    to what it cancels. The entries sum to the player's balance."""
    mine = engine.account(player)
    names = account_names(view)
    cancelled = {entry.reverses for entry in entries if entry.reverses is not None}
    start, rounds, end = [], {}, []
    for entry in entries:
        if mine not in (entry.source, entry.target):
            continue
        received = entry.target == mine
        other = entry.source if received else entry.target
        item = AccountItem(
            str(ENTRY_KINDS.get(entry.kind, entry.kind)), names.get(other, other),
            entry.amount if received else -entry.amount, received,
            entry.reverses is not None, entry.id in cancelled,
        )
        if entry.round is not None:
            rounds.setdefault(entry.round, []).append(item)
        elif entry.kind in START_KINDS:
            start.append(item)
        else:
            end.append(item)
    groups = [AccountGroup(None, "start", start)] if start else []
    groups += [AccountGroup(number, "round", rounds[number], round_money(view, number))
               for number in sorted(rounds)]  # fmt: skip
    if end:
        groups.append(AccountGroup(None, "end", end))
    return PlayerAccount(player, view.name(player), groups)
