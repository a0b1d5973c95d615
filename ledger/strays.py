"""The entries no game accounts for (ledger.services.strays, its interface): an entry whose
game is gone, or one that moves another game's or another table session's money. `verify`
starts from the games, so it cannot see these; the audit and `verifyledger` ask here.
"""

from datetime import datetime
from typing import NamedTuple

from django.db.models import Exists, F, OuterRef, Q, QuerySet, Subquery

from .models import Account, Entry


class Stray(NamedTuple):
    """An entry no game accounts for: `why` is "game_gone" (its game_id names no game),
    "other_game" (it moves money of another game's account) or "other_session" (of the
    carried pot of a table session its game does not sit in). `account` is the account at
    fault, as "scope scope_id key" (None for "game_gone")."""

    id: int
    game_id: int
    round: int | None
    kind: str
    source: str
    target: str
    amount: int
    currency: str
    created_at: datetime
    why: str
    account: str | None


def strays(games: QuerySet, *, game_ids=None, session_ids=None) -> list[Stray]:
    """The entries that no game accounts for, in id order: all of them, or only those of
    the games `game_ids` and those that move the carried pot of the table sessions
    `session_ids` (ids or querysets of ids; what can be attributed to a club).

    `games` is every game there is, as a queryset with `pk` and `session_id` (the ledger
    names no game model). An entry belongs to the game its game_id names; its accounts
    must be that game's or its table session's (the carried pot). A game's row deleted
    behind the services' back leaves its entries here, which `verify` cannot see: it
    starts from the games.
    """
    entries = Entry.objects.filter(game_id__isnull=False)  # a tournament's: ledger.tournaments
    if game_ids is not None or session_ids is not None:
        carried = Account.objects.filter(scope=Account.Scope.SESSION,
                                         scope_id__in=session_ids if session_ids is not None
                                         else [])
        entries = entries.filter(Q(game_id__in=game_ids if game_ids is not None else [])
                                 | Q(debit_account__in=carried) | Q(credit_account__in=carried))
    game = games.filter(pk=OuterRef("game_id"))
    rows = (
        entries.annotate(game_exists=Exists(game),
                         game_session=Subquery(game.values("session_id")[:1]))
        .filter(Q(game_exists=False) | _foreign(Account.Scope.GAME, "game_id")
                | _foreign(Account.Scope.SESSION, "game_session"))
        .select_related("debit_account", "credit_account")
        .order_by("id")
    )
    return [_stray(entry) for entry in rows]


def _foreign(scope: str, owner: str) -> Q:
    """An account of `scope` on either side of the entry that `owner` (the entry's game_id
    or its game's session) does not own; an owner of NULL (no session) owns none."""
    result = Q()
    for side in ("debit_account", "credit_account"):
        result |= Q(**{f"{side}__scope": scope}) & (
            Q(**{f"{owner}__isnull": True}) | ~Q(**{f"{side}__scope_id": F(owner)}))
    return result


def _stray(entry: Entry) -> Stray:
    why, account = "game_gone", None
    if entry.game_exists:
        owners = {Account.Scope.GAME: entry.game_id, Account.Scope.SESSION: entry.game_session}
        for side in (entry.debit_account, entry.credit_account):
            if owners[side.scope] != side.scope_id:
                why = "other_game" if side.scope == Account.Scope.GAME else "other_session"
                account = str(side)
                break
    return Stray(entry.pk, entry.game_id, entry.round_number, entry.kind,
                 entry.debit_account.key, entry.credit_account.key, entry.amount_minor,
                 entry.currency, entry.created_at, why, account)
