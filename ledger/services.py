"""The ledger's whole interface: the only code that writes or reads ledger entries.

Writes: `post` a batch of transfers (`known_accounts` reads their accounts beforehand;
`prepared_post` makes the batch's SQL before a writer's lock), `reverse` entries, `sync`
a game's ledger with the transfers its facts call for, `restore` an exported ledger entry
by entry.
Reads: `lines` of a game, `balances` of a game or of several, `carried` (a table
session's carried pot), `verify` (and `differences`, the same as data), `strays` (the
entries no game accounts for), and the report's aggregates (`flows`, `entry_counts`).

A transfer is any object with `source`, `target`, `amount` (minor units),
`kind` and `round`, such as the rules engine's Transfer. Source and target are
account keys, opaque to the ledger ("player:11", "pot"), except that the keys in
SESSION_KEYS ("carry") belong to the table session and outlive the game.
"""

import uuid
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.db import transaction
from django.db.models import IntegerField, Q, Subquery, Sum
from django.utils import timezone

from . import statements
from .models import Account, Entry
from .statements import Objects, Statement
from .strays import Stray, strays  # noqa: F401  (part of the ledger's interface)

# The carried pot outlives its game: it belongs to the table session.
SESSION_KEYS = frozenset({"carry"})
KINDS = tuple(Entry.Kind.values)


def post(
    transfers: Iterable,
    *,
    game_id: int,
    currency: str,
    round_number: int | None = None,
    session_id: int | None = None,
    actor: str = "",
    reason: str = "",
    request_id: str | None = None,
    accounts: Iterable[Account] = (),
) -> list[Entry]:
    """Write the transfers as one batch, all or nothing, creating their accounts on demand.

    A transfer's own `round` wins; `round_number` fills in where it is None. `accounts`
    the caller already holds are not looked up again.
    """
    transfers = _checked(transfers, round_number, session_id)
    refs = _refs(transfers, game_id, session_id)
    with transaction.atomic(savepoint=False):
        known = {ref: account for ref, account in _by_ref(accounts).items() if ref in refs}
        known |= _accounts(refs - known.keys())
        return Entry.objects.bulk_create([Entry(**row) for row in _entry_rows(
            transfers, known, game_id=game_id, currency=currency, round_number=round_number,
            session_id=session_id, actor=actor, reason=reason, request_id=request_id)])


def prepared_post(transfers: Iterable, *, accounts: Iterable[Account], **batch
                  ) -> list[Statement] | None:
    """post(transfers, accounts=accounts, **batch) made now, to be run later: the batch's
    INSERTs, for a writer to run under its lock (ledger.statements). None when an account
    the transfers need is not among `accounts` (known_accounts): post() creates it. The
    transfers are checked now."""
    game_id, session_id = batch["game_id"], batch.get("session_id")
    transfers = _checked(transfers, batch.get("round_number"), session_id)
    known = _by_ref(accounts)
    if not _refs(transfers, game_id, session_id) <= known.keys():
        return None
    return _ENTRY_INSERT.rows(_entry_rows(transfers, known, **batch))


def _checked(transfers: Iterable, round_number: int | None, session_id: int | None) -> list:
    transfers = list(transfers)
    for transfer in transfers:
        _check(transfer, round_number=round_number, session_id=session_id)
    return transfers


def _refs(transfers: list, game_id: int, session_id: int | None) -> set:
    return {_ref(key, game_id, session_id) for t in transfers for key in (t.source, t.target)}


def _by_ref(accounts: Iterable[Account]) -> dict:
    return {(account.scope, account.scope_id, account.key): account for account in accounts}


# An entry's row as prepared_post inserts it (ledger.statements), made once per process.
_ENTRY_INSERT = statements.Insert(
    Entry, "debit_account", "credit_account", "amount_minor", "currency", "kind", "game_id",
    "round_number", "batch", "created_at", "actor", "reason", "request_id")


def _entry_rows(transfers: list, accounts: dict, *, game_id: int, currency: str,
                round_number: int | None = None, session_id: int | None = None,
                actor: str = "", reason: str = "", request_id: str | None = None
                ) -> list[dict]:
    """The batch's entries as their fields' values: one batch id and one time for all."""
    batch, now = uuid.uuid4(), timezone.now()
    return [
        dict(debit_account=accounts[_ref(t.source, game_id, session_id)],
             credit_account=accounts[_ref(t.target, game_id, session_id)],
             amount_minor=t.amount, currency=currency, kind=_kind(t.kind), game_id=game_id,
             round_number=t.round if t.round is not None else round_number, batch=batch,
             created_at=now, actor=actor, reason=reason, request_id=request_id or "")
        for t in transfers
    ]


def known_accounts(transfers: Iterable, *, game_id: int, session_id: int | None = None,
                   among: Iterable[Account] = ()) -> list[Account]:
    """The accounts the transfers move between that exist already; reads only, and nothing
    when `among` (accounts known to exist) has them all. A writer that reads them before
    its transaction hands them to post(), which then creates only the missing ones."""
    refs, known = _refs(list(transfers), game_id, session_id), _by_ref(among)
    if refs <= known.keys():
        return [known[ref] for ref in sorted(refs)]
    return list(_load_accounts(refs).values())


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
    return balances_of_games([game_id])


def balances_of_games(game_ids: Iterable[int]) -> dict[str, int]:
    """Each account key's balance summed over the entries of these games (two queries).

    Keys are per game, so a player's key adds up the player's results in several games.
    """
    entries = Entry.objects.filter(game_id__in=list(game_ids))
    received = entries.values_list("credit_account__key").annotate(total=Sum("amount_minor"))
    paid = entries.values_list("debit_account__key").annotate(total=Sum("amount_minor"))
    result = defaultdict(int)
    for key, total in received:
        result[key] += total
    for key, total in paid:
        result[key] -= total
    return dict(sorted(result.items()))


def carried(session_id: int) -> int:
    """What a table session's carried pot holds: carried out of its games minus carried in."""
    account = Account.objects.filter(
        scope=Account.Scope.SESSION, scope_id=session_id, key="carry"
    ).first()
    if account is None:
        return 0
    received = account.credits.aggregate(total=Sum("amount_minor"))["total"] or 0
    paid = account.debits.aggregate(total=Sum("amount_minor"))["total"] or 0
    return received - paid


class Line(NamedTuple):
    """One entry as read back: what the ledger page, the API and exports show.

    `seq` numbers the game's entries 1, 2, 3 in the order written (the API shows it);
    `id` is the row's, which counts every game's entries and stays inside the server.
    """

    id: int
    batch: uuid.UUID
    round: int | None
    kind: str
    source: str
    target: str
    amount: int
    currency: str
    reverses: int | None  # the id of the entry it cancels
    created_at: datetime
    actor: str
    reason: str
    request_id: str
    seq: int
    reverses_seq: int | None  # the seq of the entry it cancels
    imported_actor: str | None = None  # an imported entry: the actor its document named


def lines(game_id: int) -> list[Line]:
    """The game's entries in the order they were written (one query).

    Entries are only appended, under the game's lock, so the order of the ids is the
    game's order; a reversal names an entry of its own game.
    """
    rows = Entry.objects.filter(game_id=game_id).order_by("id").values_list(
        "id", "batch", "round_number", "kind", "debit_account__key", "credit_account__key",
        "amount_minor", "currency", "reverses_id", "created_at", "actor", "reason",
        "request_id", "imported_actor",
    )
    seq_of = {row[0]: seq for seq, row in enumerate(rows, start=1)}
    return [Line(*row[:-1], seq=seq_of[row[0]], reverses_seq=seq_of.get(row[8]),
                 imported_actor=row[-1]) for row in rows]


def verify(game_id: int, expected_transfers: Iterable) -> list[str]:
    """Where the game's ledger differs from the transfers it should hold; [] when it agrees.

    Compares net effects per (round, kind, pair of accounts), so a reversed entry
    counts as gone and a reversal of a reversal as back.
    """
    return [_difference(flow, expected, actual)
            for flow, expected, actual in _compared(game_id, expected_transfers)]


class Difference(NamedTuple):
    """One place where a game's ledger differs from what its facts call for, as data.

    Money from `source` to `target` in `round` (None: the game's start or end) of `kind`:
    `expected` is what the facts call for, `found` what the ledger holds net of reversals,
    both minor units, never negative. Money found going the other way is a difference
    of its own, with the accounts the other way round.
    """

    round: int | None
    kind: str
    source: str
    target: str
    expected: int
    found: int


def differences(game_id: int, expected_transfers: Iterable) -> list[Difference]:
    """What `verify` finds, as data for a page to put in words; [] when the ledger agrees."""
    result = []
    for (round_number, kind, a, b), expected, found in _compared(game_id, expected_transfers):
        if expected and found and (expected > 0) != (found > 0):
            result.append(_directed(round_number, kind, a, b, expected, 0))
            result.append(_directed(round_number, kind, a, b, 0, found))
        else:
            result.append(_directed(round_number, kind, a, b, expected, found))
    return result


def _directed(round_number, kind, a, b, expected: int, found: int) -> Difference:
    # Signed amounts run from a to b; the first one that is not zero sets the direction.
    sign = 1 if (expected or found) > 0 else -1
    source, target = (a, b) if sign > 0 else (b, a)
    return Difference(round_number, kind, source, target, expected * sign, found * sign)


def _compared(game_id: int, expected_transfers: Iterable) -> list[tuple[tuple, int, int]]:
    """(flow, expected, found) for every flow where the ledger and the transfers differ, in
    the order of the rounds; amounts signed as in `_net_flows`."""
    ledger_rows = (
        Entry.objects.filter(game_id=game_id)
        .values_list("round_number", "kind", "debit_account__key", "credit_account__key")
        .annotate(total=Sum("amount_minor"))
    )
    actual = _net_flows(ledger_rows)
    expected = _net_flows(
        (t.round, _kind(t.kind), t.source, t.target, t.amount) for t in expected_transfers
    )
    return [(flow, expected.get(flow, 0), actual.get(flow, 0))
            for flow in sorted(actual.keys() | expected.keys(), key=_flow_order)
            if actual.get(flow, 0) != expected.get(flow, 0)]


def sync(
    expected: Iterable,
    *,
    game_id: int,
    currency: str,
    session_id: int | None = None,
    since: int | None = None,
    actor: str = "",
    reason: str = "",
    request_id: str = "",
) -> None:
    """Post what `expected` calls for and reverse the live entries it no longer does.

    Entries are compared as (from, to, amount, kind, round): a new round adds its
    movements only; a correction reverses exactly the movements that changed. A
    change from round `since` on cannot touch what earlier rounds moved, so only
    that round, the later ones and the game's start and end (round None) are compared.
    """
    live = Entry.objects.filter(game_id=game_id, reverses__isnull=True, reversal__isnull=True)
    if since is not None:
        live = live.filter(Q(round_number__isnull=True) | Q(round_number__gte=since))
        expected = [t for t in expected if t.round is None or t.round >= since]
    live = list(live.select_related("debit_account", "credit_account").order_by("id"))
    accounts = {account.key: account for entry in live
                for account in (entry.debit_account, entry.credit_account)}  # fmt: skip
    stale, missing = stale_and_missing(live, expected)
    if stale:
        reverse(stale, actor=actor, reason=reason[:255], request_id=request_id)
    if missing:
        # What is posted in place of reversed entries (a payout made again after a
        # correction) says why, as the reversals do; a new round's entries need no reason.
        post(missing, game_id=game_id, currency=currency, session_id=session_id, actor=actor,
             reason=reason[:255] if stale else "", request_id=request_id,
             accounts=accounts.values())


def stale_and_missing(live: list[Entry], expected: list) -> tuple[list[Entry], list]:
    """The live entries that `expected` (transfers) no longer calls for, and the transfers
    no live entry stands for yet, compared as (from, to, amount, kind, round)."""
    wanted = Counter(_flow(t.source, t.target, t.amount, t.kind, t.round) for t in expected)
    stale = []
    for entry in live:
        flow = _flow(entry.debit_account.key, entry.credit_account.key, entry.amount_minor,
                     entry.kind, entry.round_number)
        if wanted[flow]:
            wanted[flow] -= 1
        else:
            stale.append(entry)
    missing = []
    for transfer in expected:
        flow = _flow(transfer.source, transfer.target, transfer.amount, transfer.kind,
                     transfer.round)
        if wanted[flow]:
            wanted[flow] -= 1
            missing.append(transfer)
    return stale, missing


def _flow(source, target, amount, kind, round_number) -> tuple:
    return (source, target, amount, _kind(kind), round_number)


@dataclass(frozen=True)
class Restored:
    """An entry as an export wrote it: `batch` and `reverses` are positions in the export
    (batches numbered from 0, entries from 1), never database ids. `claimed_actor` is the
    actor the document names: only a claim, since anyone can write a document."""

    source: str
    target: str
    amount: int
    kind: str
    round: int | None
    batch: int
    reverses: int | None
    created_at: datetime | None
    claimed_actor: str
    reason: str


def check_restorable(entries: Sequence[Restored], *, session_id: int | None) -> None:
    """The checks an exported ledger passes before it is written again (`restore`, and a
    tournament's in ledger.tournaments): each entry those `post` makes; a reversal mirrors
    the earlier entry it names, and no entry is reversed twice. ValueError says what is
    wrong."""
    for position, entry in enumerate(entries, start=1):
        _check(entry, round_number=None, session_id=session_id)
        if entry.reverses is not None:
            if not 1 <= entry.reverses < position:
                raise ValueError(f"entry {position} can only reverse an earlier entry")
            cancelled = entries[entry.reverses - 1]
            if (entry.source, entry.target, entry.amount, entry.kind, entry.round) != (
                cancelled.target, cancelled.source, cancelled.amount, cancelled.kind,
                cancelled.round,
            ):
                raise ValueError(f"entry {position} does not mirror entry {entry.reverses}, "
                                 "which it reverses")
    reversed_twice = [n for n, count in Counter(
        e.reverses for e in entries if e.reverses is not None).items() if count > 1]
    if reversed_twice:
        raise ValueError(f"entry {reversed_twice[0]} is reversed twice")


def restore(
    entries: Sequence[Restored],
    *,
    game_id: int,
    currency: str,
    session_id: int | None,
    request_id: str,
    actor: str,
) -> None:
    """Write an exported ledger again, entry for entry, in its order (an import).

    Each entry passes the checks `post` makes; a reversal must mirror the earlier
    entry it names, and no entry is reversed twice. Batches get new ids; moments and
    reasons are kept. The entries' actor is `actor`, the one importing; the actor the
    document claims is kept as `imported_actor` (docs/security.md). ValueError says what
    is wrong; nothing is written then (the caller's transaction rolls back).
    """
    check_restorable(entries, session_id=session_id)
    refs = {_ref(key, game_id, session_id) for e in entries for key in (e.source, e.target)}
    now = timezone.now()
    with transaction.atomic(savepoint=False):
        accounts = _accounts(refs)
        batches: dict[int, uuid.UUID] = {}
        written: dict[int, Entry] = {}
        pending: list[tuple[int, Entry]] = []

        def flush():
            for (position, _), row in zip(
                pending, Entry.objects.bulk_create([row for _, row in pending]), strict=True
            ):
                written[position] = row
            pending.clear()

        for position, item in enumerate(entries, start=1):
            if item.reverses is not None and item.reverses not in written:
                flush()  # the entry it reverses waits in this chunk: write that first
            pending.append((position, Entry(
                debit_account=accounts[_ref(item.source, game_id, session_id)],
                credit_account=accounts[_ref(item.target, game_id, session_id)],
                amount_minor=item.amount, currency=currency, kind=_kind(item.kind),
                game_id=game_id, round_number=item.round,
                batch=batches.setdefault(item.batch, uuid.uuid4()),
                reverses=written[item.reverses] if item.reverses is not None else None,
                created_at=item.created_at or now, actor=actor,
                imported_actor=item.claimed_actor, reason=item.reason, request_id=request_id,
            )))
        if pending:
            flush()


# --- What the club report sums (no game is replayed) ---------------------------------------


def flows(game_ids: Sequence[int]) -> dict[int, list[tuple[str, str, str, int]]]:
    """Each game's money as (kind, from key, to key, total): one aggregate, then the keys.

    Grouping by account id and looking the few keys up by primary key afterwards keeps
    both queries on indexes (a join in the aggregate lets PostgreSQL hash the whole
    account table).
    """
    rows = list(
        Entry.objects.filter(game_id__in=game_ids)
        .values_list("game_id", "kind", "debit_account_id", "credit_account_id")
        .annotate(total=Sum("amount_minor"))
        .order_by()
    )
    accounts = {row[i] for row in rows for i in (2, 3)}
    keys = dict(Account.objects.filter(pk__in=accounts).values_list("pk", "key"))
    result: dict[int, list[tuple]] = defaultdict(list)
    for game_id, kind, source, target, total in rows:
        result[game_id].append((kind, keys[source], keys[target], total))
    return result


def entry_count(game_ref):
    """A subquery expression: how many entries the game `game_ref` (an OuterRef) has.

    The ledger is append-only, so a game's count only grows: it tells a cache summed
    from the entries whether it still holds.
    """
    return _Count(Entry.objects.filter(game_id=game_ref).order_by().values("game_id"))


class _Count(Subquery):
    """COUNT(*) of a subquery's rows: no GROUP BY, and no column the index lacks."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) _rows)"
    output_field = IntegerField()


def entry_table() -> str:
    """The entries' table, for a report query written in SQL."""
    return Entry._meta.db_table


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
    """The accounts for (scope, scope_id, key) refs, created where missing.

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


def _load_accounts(refs) -> dict[tuple[str, int, str], Account]:
    """Those of the accounts (scope, scope_id, key) that exist: one query per owner (the
    game, its session), which reads the owner's few accounts in full. A round POST reads
    them before its lock, so the query's SQL is made once per process."""
    wanted = set(refs)
    owners = sorted({(scope, scope_id) for scope, scope_id, _ in wanted})
    return {ref: account for owner in owners for account in _ACCOUNTS_OF.read(*owner)
            if (ref := (account.scope, account.scope_id, account.key)) in wanted}


_ACCOUNTS_OF = Objects(
    Account, lambda scope, scope_id: Account.objects.filter(scope=scope, scope_id=scope_id),
    str, int)


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
