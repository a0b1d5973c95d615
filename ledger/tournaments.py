"""A club tournament's money as one ledger (docs/api.md, "Tournaments"): the entry fees into
its pot, the prizes out of it. The same append-only entries as a game's, naming the
tournament instead of a game; its accounts are of the tournament's scope ("player:11",
"pot"). Like ledger.services, it imports no game model.

`sync` books what the tournament's facts call for and reverses what they no longer do (a
correction of the final changes who is paid); `lines` reads the entries back; `verify`
compares them with what the facts call for, as a game's ledger is verified; `restore` writes
an exported tournament's entries again (an import, scorekeeper.services.tournament_exports).
"""

import uuid
from collections import Counter
from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from .models import Account, Entry
from .services import (
    Line,
    Restored,
    _check,
    _difference,
    _flow_order,
    _kind,
    _net_flows,
    check_restorable,
    stale_and_missing,
)

SCOPE = Account.Scope.TOURNAMENT


def _entries(tournament_id: int):
    return Entry.objects.filter(tournament_id=tournament_id)


def _accounts(tournament_id: int, keys: set[str]) -> dict[str, Account]:
    """The tournament's accounts by key, created where missing."""
    found = {a.key: a for a in Account.objects.filter(scope=SCOPE, scope_id=tournament_id,
                                                     key__in=keys)}
    missing = sorted(keys - found.keys())
    if missing:
        Account.objects.bulk_create(
            [Account(scope=SCOPE, scope_id=tournament_id, key=key) for key in missing],
            ignore_conflicts=True)
        found = {a.key: a for a in Account.objects.filter(scope=SCOPE, scope_id=tournament_id,
                                                         key__in=keys)}
    return found


def sync(expected: Iterable, *, tournament_id: int, currency: str, actor: str = "",
         reason: str = "", request_id: str = "") -> None:
    """Post what `expected` (transfers) calls for and reverse the live entries it no longer
    does, compared as (from, to, amount, kind, round): each in one batch."""
    expected = list(expected)
    for transfer in expected:
        _check(transfer, round_number=None, session_id=None)
    with transaction.atomic(savepoint=False):
        live = list(_entries(tournament_id).filter(reverses__isnull=True, reversal__isnull=True)
                    .select_related("debit_account", "credit_account").order_by("id"))
        stale, missing = stale_and_missing(live, expected)
        now = timezone.now()
        if stale:
            batch = uuid.uuid4()
            Entry.objects.bulk_create([Entry(
                debit_account_id=entry.credit_account_id,
                credit_account_id=entry.debit_account_id, amount_minor=entry.amount_minor,
                currency=entry.currency, kind=entry.kind, tournament_id=tournament_id,
                round_number=entry.round_number, batch=batch, reverses=entry, created_at=now,
                actor=actor, reason=reason[:255], request_id=request_id,
            ) for entry in stale])
        if missing:
            accounts = _accounts(tournament_id, {k for t in missing for k in (t.source, t.target)})
            batch = uuid.uuid4()
            Entry.objects.bulk_create([Entry(
                debit_account=accounts[t.source], credit_account=accounts[t.target],
                amount_minor=t.amount, currency=currency, kind=_kind(t.kind),
                tournament_id=tournament_id, round_number=t.round, batch=batch, created_at=now,
                actor=actor, reason=reason[:255] if stale else "", request_id=request_id,
            ) for t in missing])


def lines(tournament_id: int) -> list[Line]:
    """The tournament's entries in the order they were written, as a game's are read."""
    rows = _entries(tournament_id).order_by("id").values_list(
        "id", "batch", "round_number", "kind", "debit_account__key", "credit_account__key",
        "amount_minor", "currency", "reverses_id", "created_at", "actor", "reason",
        "request_id", "imported_actor",
    )
    seq_of = {row[0]: seq for seq, row in enumerate(rows, start=1)}
    return [Line(*row[:-1], seq=seq_of[row[0]], reverses_seq=seq_of.get(row[8]),
                 imported_actor=row[-1]) for row in rows]


def verify(tournament_id: int, expected: Iterable) -> list[str]:
    """Where the tournament's ledger differs from the transfers its facts call for; []
    when it agrees (net of reversals, as a game's ledger is verified)."""
    return [_difference(flow, want, found) for flow, want, found in
            _compared_tournament(tournament_id, expected)]


def balances(tournament_id: int) -> dict[str, int]:
    """Each account's balance: received minus paid, by key; they sum to zero."""
    entries = _entries(tournament_id)
    result: Counter = Counter()
    for key, total in entries.values_list("credit_account__key").annotate(t=Sum("amount_minor")):
        result[key] += total
    for key, total in entries.values_list("debit_account__key").annotate(t=Sum("amount_minor")):
        result[key] -= total
    return dict(sorted(result.items()))


def _compared_tournament(tournament_id: int, expected: Iterable):
    """(flow, expected, found) where they differ: ledger.services' comparison of a game's
    entries, over the tournament's."""
    rows = (_entries(tournament_id)
            .values_list("round_number", "kind", "debit_account__key", "credit_account__key")
            .annotate(total=Sum("amount_minor")))
    actual = _net_flows(rows)
    wanted = _net_flows((t.round, _kind(t.kind), t.source, t.target, t.amount)
                        for t in expected)
    return [(flow, wanted.get(flow, 0), actual.get(flow, 0))
            for flow in sorted(actual.keys() | wanted.keys(), key=_flow_order)
            if actual.get(flow, 0) != wanted.get(flow, 0)]


def restore(entries: Sequence[Restored], *, tournament_id: int, currency: str,
            request_id: str, actor: str) -> None:
    """Write an exported tournament's entries again in their order, as ledger.services'
    `restore` does a game's: after its checks; batches get new ids, moments and reasons
    are kept, the entries' actor is `actor` (the one importing) and the actor the document
    names is kept as `imported_actor`. ValueError says what is wrong; nothing is written
    then (the caller's transaction rolls back)."""
    check_restorable(entries, session_id=None)
    now = timezone.now()
    with transaction.atomic(savepoint=False):
        accounts = _accounts(tournament_id, {key for e in entries for key in (e.source,
                                                                             e.target)})
        batches: dict[int, uuid.UUID] = {}
        written: dict[int, Entry] = {}
        # One row at a time: a reversal names the row it cancels, which must exist first,
        # and a tournament has a few dozen entries.
        for position, item in enumerate(entries, start=1):
            written[position] = Entry.objects.create(
                debit_account=accounts[item.source], credit_account=accounts[item.target],
                amount_minor=item.amount, currency=currency, kind=_kind(item.kind),
                tournament_id=tournament_id, round_number=item.round,
                batch=batches.setdefault(item.batch, uuid.uuid4()),
                reverses=written[item.reverses] if item.reverses is not None else None,
                created_at=item.created_at or now, actor=actor,
                imported_actor=item.claimed_actor, reason=item.reason, request_id=request_id,
            )
