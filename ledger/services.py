"""Writing and reading the ledger: batches of transfers in, balances and checks out.

A transfer is any object with `source`, `target`, `amount` (minor units),
`kind` and `round`, such as the rules engine's Transfer. Source and target are
account keys: "player:11", "pot", "kitty" belong to the game, "carry" to the
table session.
"""

import uuid
from collections import defaultdict
from collections.abc import Iterable
from functools import reduce
from operator import or_

from django.db import transaction
from django.db.models import Q, Sum
from django.utils import timezone

from .models import Account, Entry

# The carried pot outlives its game: it belongs to the table session.
SESSION_KEYS = frozenset({"carry"})


def post(
    transfers: Iterable,
    *,
    game_id: int,
    currency: str,
    round_number: int | None = None,
    session_id: int | None = None,
    actor: str = "",
    request_id: str | None = None,
    accounts: Iterable[Account] = (),
) -> list[Entry]:
    """Write the transfers as one batch, all or nothing, creating their accounts on demand.

    A transfer's own `round` wins; `round_number` fills in where it is None. `accounts`
    the caller already holds are not looked up again.
    """
    transfers = list(transfers)
    for transfer in transfers:
        _check(transfer, round_number=round_number, session_id=session_id)
    batch, now = uuid.uuid4(), timezone.now()
    known = {(account.scope, account.scope_id, account.key): account for account in accounts}
    with transaction.atomic(savepoint=False):
        refs = {_ref(key, game_id, session_id) for t in transfers for key in (t.source, t.target)}
        accounts = {ref: known[ref] for ref in refs if ref in known}
        accounts |= _accounts(refs - accounts.keys())
        return Entry.objects.bulk_create(
            [
                Entry(
                    debit_account=accounts[_ref(t.source, game_id, session_id)],
                    credit_account=accounts[_ref(t.target, game_id, session_id)],
                    amount_minor=t.amount,
                    currency=currency,
                    kind=_kind(t.kind),
                    game_id=game_id,
                    round_number=t.round if t.round is not None else round_number,
                    batch=batch,
                    created_at=now,
                    actor=actor,
                    request_id=request_id or "",
                )
                for t in transfers
            ]
        )


def reverse(
    entries: Iterable[Entry], *, actor: str, reason: str, request_id: str | None = None
) -> list[Entry]:
    """Cancel the entries with mirror entries (to and from swapped) in one batch.

    Reversing an entry a second time raises IntegrityError: `reverses` is unique.
    """
    batch, now = uuid.uuid4(), timezone.now()
    with transaction.atomic(savepoint=False):
        return Entry.objects.bulk_create(
            [
                Entry(
                    debit_account_id=entry.credit_account_id,
                    credit_account_id=entry.debit_account_id,
                    amount_minor=entry.amount_minor,
                    currency=entry.currency,
                    kind=entry.kind,
                    game_id=entry.game_id,
                    round_number=entry.round_number,
                    batch=batch,
                    reverses=entry,
                    created_at=now,
                    actor=actor,
                    reason=reason,
                    request_id=request_id or "",
                )
                for entry in entries
            ]
        )


def balances(game_id: int) -> dict[str, int]:
    """Each account's balance from the game's entries: received minus paid, by key.

    Two queries whatever the number of entries; the balances sum to zero.
    """
    entries = Entry.objects.filter(game_id=game_id)
    received = entries.values_list("credit_account__key").annotate(total=Sum("amount_minor"))
    paid = entries.values_list("debit_account__key").annotate(total=Sum("amount_minor"))
    result = defaultdict(int)
    for key, total in received:
        result[key] += total
    for key, total in paid:
        result[key] -= total
    return dict(sorted(result.items()))


def verify(game_id: int, expected_transfers: Iterable) -> list[str]:
    """Where the game's ledger differs from the transfers it should hold; [] when it agrees.

    Compares net effects per (round, kind, pair of accounts), so a reversed entry
    counts as gone and a reversal of a reversal as back.
    """
    ledger_rows = (
        Entry.objects.filter(game_id=game_id)
        .values_list("round_number", "kind", "debit_account__key", "credit_account__key")
        .annotate(total=Sum("amount_minor"))
    )
    actual = _net_flows(ledger_rows)
    expected = _net_flows(
        (t.round, _kind(t.kind), t.source, t.target, t.amount) for t in expected_transfers
    )
    differences = []
    for flow in sorted(actual.keys() | expected.keys(), key=_flow_order):
        if actual.get(flow, 0) != expected.get(flow, 0):
            differences.append(_difference(flow, expected.get(flow, 0), actual.get(flow, 0)))
    return differences


def _check(transfer, *, round_number: int | None, session_id: int | None) -> None:
    """Refuse a transfer the database would refuse, with a message that says which."""
    amount = transfer.amount
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise ValueError(f"{transfer!r}: the amount must be a positive number of minor units")
    if transfer.source == transfer.target:
        raise ValueError(f"{transfer!r}: money must move between two accounts")
    if _kind(transfer.kind) not in Entry.Kind.values:
        raise ValueError(f"{transfer!r}: unknown kind {transfer.kind!r}")
    if transfer.round is not None and round_number is not None and transfer.round != round_number:
        raise ValueError(f"{transfer!r} is not a transfer of round {round_number}")
    if session_id is None and {transfer.source, transfer.target} & SESSION_KEYS:
        raise ValueError(f"{transfer!r}: the carried pot needs the table session's id")


def _kind(kind) -> str:
    # The engine may hand over an enum member; the ledger stores its value.
    return getattr(kind, "value", kind)


def _ref(key: str, game_id: int, session_id: int | None) -> tuple[str, int, str]:
    if key in SESSION_KEYS:
        return (Account.Scope.SESSION, session_id, key)
    return (Account.Scope.GAME, game_id, key)


def _accounts(refs: set[tuple[str, int, str]]) -> dict[tuple[str, int, str], Account]:
    """The accounts for (scope, scope_id, key) refs, created where missing; three queries at most.

    Inserting in sorted order means two writers that create the same accounts
    lock them in the same order; ignore_conflicts lets the slower one pass.
    """
    if not refs:
        return {}
    wanted = sorted(refs)
    found = _load_accounts(wanted)
    missing = [ref for ref in wanted if ref not in found]
    if missing:
        Account.objects.bulk_create(
            [Account(scope=scope, scope_id=scope_id, key=key) for scope, scope_id, key in missing],
            ignore_conflicts=True,
        )
        found = _load_accounts(wanted)
    return found


def _load_accounts(refs: list[tuple[str, int, str]]) -> dict[tuple[str, int, str], Account]:
    match = reduce(or_, (Q(scope=s, scope_id=i, key=k) for s, i, k in refs))
    return {(a.scope, a.scope_id, a.key): a for a in Account.objects.filter(match)}


def _net_flows(rows) -> dict[tuple, int]:
    """(round, kind, source, target, amount) rows -> signed amount per (round, kind, a, b), a < b.

    Positive means money went from a to b, so opposite flows cancel.
    """
    net = defaultdict(int)
    for round_number, kind, source, target, amount in rows:
        if source <= target:
            net[(round_number, kind, source, target)] += amount
        else:
            net[(round_number, kind, target, source)] -= amount
    return net


def _flow_order(flow: tuple) -> tuple:
    round_number, kind, a, b = flow
    return (round_number is not None, round_number or 0, kind, a, b)


def _difference(flow: tuple, expected: int, actual: int) -> str:
    round_number, kind, a, b = flow
    where = "outside the rounds" if round_number is None else f"round {round_number}"
    return (
        f"{where}, {kind}: expected {_describe(a, b, expected)}, "
        f"the ledger has {_describe(a, b, actual)}"
    )


def _describe(a: str, b: str, signed: int) -> str:
    if signed == 0:
        return "nothing"
    source, target = (a, b) if signed > 0 else (b, a)
    return f"{source} -> {target} {_money(abs(signed))}"


def _money(minor: int) -> str:
    """1750 -> '17.50' (kept here so the ledger needs nothing from the game package)."""
    units, cents = divmod(minor, 100)
    return f"{units}.{cents:02d}"
