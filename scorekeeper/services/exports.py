"""Export and import: a game or a whole table session as one versioned JSON document.

A document holds the FACTS (seats, every revision of every round, re-buys, the
frozen rules, the carried pot) and the LEDGER exactly as it was written (every
entry in order, reversals included), plus the standings derived from the facts,
for reference and as a check:

    {"format": "scorekeeper-game", "version": 1, "export_id": "<uuid>",
     "exported_at": "...", "club": {"name": ...}, "session": {"name", "created_at"},
     "game": {"name", "preset", "rules", "currency", "carried_in": "0.00", "closed",
              "version", "created_at",
              "seats": [{"number": 0, "player": "Anna", "id": 11}],
              "rounds": [{"number", "revision", "ender": "Anna", "ender_melds", "reason",
                          "entered_at", "hands": [{"player", "position", "deadwood",
                                                   "cards"}]}],
              "rebuys": [{"player", "after_round", "entered_at"}],
              "ledger": [{"seq": 1, "batch": 0, "kind", "from": "player:11", "to": "pot",
                          "amount": "5.00", "round", "reverses": null, "created_at",
                          "actor", "reason"}],
              "standings": {...}}}

A session document ("scorekeeper-session") has "games": [...] in the order they
were started, and the evening's "standings" (carried pot, each player's net).

Players are named (names are unique within a club); ledger accounts keep the
keys the ledger had ("player:11"), with the exporting side's player ids, which
`seats[].id` maps to names. `reverses` and `batch` are positions inside the
document, never database ids.

Import recreates the facts in one transaction (players by name in the target
club), then REPLAYS the ledger entries in order rather than deriving them anew, so
the ledger is reproduced entry for entry (timestamps, actors and reasons kept).
It then checks that `verify_game` finds no difference and that the standings the
new facts give are the exported ones; otherwise it refuses and writes nothing.

Idempotency (RELIABILITY.md 30): the document's `export_id` is stored with the
import (model `GameImport`, unique per club), in the same transaction as the
game. Importing the same document into the same club again returns what the
first import made and writes nothing; another document with that export id is
refused. Importing into another club makes a copy there.
"""

import hashlib
import json
import uuid
from dataclasses import dataclass, field
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from ledger.models import Account, Entry

from . import rules as engine
from . import services
from .models import Club, Game, GameImport, Hand, Player, Rebuy, Round, Seat, TableSession
from .rules import RulesError, format_money

FORMAT_GAME = "scorekeeper-game"
FORMAT_SESSION = "scorekeeper-session"
VERSION = 1

# Bounds on what one document may hold, far above any real evening.
MAX_GAMES = 500
MAX_ROUNDS = 5000  # revisions included
MAX_ENTRIES = 100_000
MAX_SEATS = services.MAX_PLAYERS

GAME_KEYS = ("pot", "kitty")
SESSION_KEYS = ("carry",)


class ImportRefused(services.ServiceError):
    """The document cannot be imported; nothing was written. `field` is a path into it."""

    code = "invalid_document"
    status = 400


class ExportIdReused(services.ServiceError):
    """The export id was imported into this club before, from another document."""

    code = "export_id_reused"
    status = 409


# --- Export --------------------------------------------------------------------------------


def export_game(game: Game) -> dict:
    """The game as a document of format "scorekeeper-game"."""
    session = game.session
    return {
        **_header(FORMAT_GAME, game.club),
        "session": _session_info(session),
        "game": _game_part(game),
    }


def export_session(session: TableSession) -> dict:
    """The table session and all its games, as a document of format "scorekeeper-session"."""
    games = list(session.games.select_related("club", "session").order_by("id"))
    names: dict[int, str] = {}
    parts = []
    for game in games:
        part = _game_part(game)
        names.update({seat["id"]: seat["player"] for seat in part["seats"]})
        parts.append(part)
    return {
        **_header(FORMAT_SESSION, session.club),
        "session": _session_info(session),
        "games": parts,
        "standings": _session_standings(session, names.get),
    }


def _header(kind: str, club: Club) -> dict:
    return {
        "format": kind,
        "version": VERSION,
        "export_id": str(uuid.uuid4()),
        "exported_at": _time(timezone.now()),
        "club": {"name": club.name},
    }


def _session_info(session: TableSession | None) -> dict:
    if session is None:
        return {"name": "", "created_at": None}
    return {"name": session.name, "created_at": _time(session.created_at)}


def _game_part(game: Game) -> dict:
    view = services.load_game(game)
    names = {seat.player_id: seat.player.name for seat in view.seats}
    entries = list(Entry.objects.for_game(game.pk))
    position = {entry.pk: index for index, entry in enumerate(entries, start=1)}
    batches: dict[uuid.UUID, int] = {}
    ledger = []
    for entry in entries:
        if entry.reverses_id is not None and entry.reverses_id not in position:
            raise services.ServiceError(
                f"Ledger entry {entry.pk} reverses an entry of another game: the game cannot "
                "be exported", code="not_exportable")
        ledger.append({
            "seq": position[entry.pk],
            "batch": batches.setdefault(entry.batch, len(batches)),
            "kind": entry.kind,
            "from": entry.debit_account.key,
            "to": entry.credit_account.key,
            "amount": format_money(entry.amount_minor),
            "round": entry.round_number,
            "reverses": position.get(entry.reverses_id),
            "created_at": _time(entry.created_at),
            "actor": entry.actor,
            "reason": entry.reason,
        })
    return {
        "id": game.pk,
        "name": game.name,
        "preset": game.preset,
        "rules": game.rules,
        "currency": game.currency,
        "carried_in": format_money(game.carried_in),
        "closed": game.closed,
        "version": game.version,
        "created_at": _time(game.created_at),
        "seats": [{"number": seat.number, "player": seat.player.name, "id": seat.player_id}
                  for seat in view.seats],  # fmt: skip
        "rounds": [
            {
                "number": round_.number,
                "revision": round_.revision,
                "ender": names[round_.ender_id],
                "ender_melds": round_.ender_melds,
                "reason": round_.reason,
                "entered_at": _time(round_.entered_at),
                "hands": [
                    {"player": names[hand.player_id], "position": hand.position,
                     "deadwood": hand.deadwood, "cards": hand.cards or None}
                    for hand in round_.hands.all()
                ],
            }
            for round_ in services.round_history(game)
        ],
        "rebuys": [
            {"player": names[rebuy.player_id], "after_round": rebuy.after_round,
             "entered_at": _time(rebuy.entered_at)}
            for rebuy in view.rebuys
        ],
        "ledger": ledger,
        "standings": _standings(view.state, names.get),
    }


def _standings(state: engine.Game, name) -> dict:
    """What the facts make of the game, by player name: compared again on import."""
    return {
        "status": state.status,
        "round_count": state.round_count,
        "pot": format_money(state.pot),
        "kitty": format_money(state.kitty),
        "carried_out": format_money(state.carried_out),
        "winner": None if state.winner is None else name(state.winner),
        "players": [
            {"player": name(standing.player), "seat": standing.seat, "total": standing.total,
             "state": standing.state, "rebought": standing.rebought, "place": standing.place,
             "balance": format_money(standing.balance)}
            for standing in state.standings
        ],
        "payouts": [{"player": name(player), "amount": format_money(amount)}
                    for player, amount in state.payouts],  # fmt: skip
    }


def _session_standings(session: TableSession, name) -> dict:
    nets = services.session_nets(session)
    return {
        "carried_pot": format_money(services.session_carry(session)),
        "net": sorted(
            ({"player": name(player) or f"Player {player}", "amount": format_money(amount)}
             for player, amount in nets.items()),
            key=lambda line: line["player"],
        ),
    }


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


# --- Import: reading the document ---------------------------------------------------------------


@dataclass
class _Hand:
    player: str
    position: int
    deadwood: int | None
    cards: str


@dataclass
class _Round:
    number: int
    revision: int
    ender: str
    ender_melds: list | None
    reason: str
    entered_at: datetime | None
    hands: list[_Hand]


@dataclass
class _Entry:
    seq: int
    batch: int
    kind: str
    source: str
    target: str
    amount: int
    round: int | None
    reverses: int | None
    created_at: datetime | None
    actor: str
    reason: str


@dataclass
class _Game:
    path: str
    name: str
    preset: str
    rules: dict
    currency: str
    carried_in: int
    closed: bool
    version: int
    created_at: datetime | None
    seats: list[str]  # names in seat order
    ids: dict[int, str]  # exported player id -> name
    rounds: list[_Round]
    rebuys: list[tuple[str, int, datetime | None]]
    ledger: list[_Entry]
    standings: object
    resolved: engine.Rules = field(repr=False, default=None)


def _refuse(message: str, path: str | None, code: str = "invalid_document"):
    raise ImportRefused(message, field=path or None, code=code)


def _dict(value, path: str, keys: tuple[str, ...] = ()) -> dict:
    if not isinstance(value, dict):
        _refuse("must be an object", path)
    for key in keys:
        if key not in value:
            _refuse(f"{key} is missing", f"{path}.{key}" if path else key, "required")
    return value


def _list(value, path: str, most: int) -> list:
    if not isinstance(value, list):
        _refuse("must be a list", path)
    if len(value) > most:
        _refuse(f"holds {len(value)} items; a document holds at most {most}", path, "too_many")
    return value


def _text(value, path: str, most: int, *, blank: bool = True) -> str:
    if not isinstance(value, str):
        _refuse("must be a text", path)
    if len(value) > most:
        _refuse(f"has at most {most} characters", path, "too_long")
    if not blank and not value.strip():
        _refuse("must not be empty", path, "required")
    return value


def _number(value, path: str, least: int = 0, *, null: bool = False,
            most: int = 2**31 - 1) -> int | None:
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        _refuse("must be a whole number", path)
    if not least <= value <= most:
        _refuse(f"must be between {least} and {most}", path)
    return value


def _amount(value, path: str) -> int:
    if not isinstance(value, str):
        _refuse('must be an amount as decimal text, e.g. "5.00"', path)
    try:
        return engine.parse_money(value, field=path)
    except RulesError as error:
        _refuse(error.message, path)


def _moment(value, path: str) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # the right shape, an impossible date
        parsed = None
    if parsed is None:
        _refuse("must be a date and time in ISO 8601, or null", path)
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, timezone.UTC)
    return parsed


def _header_of(document, expected: str | None) -> tuple[str, uuid.UUID]:
    _dict(document, "", ("format", "version", "export_id", "exported_at", "club", "session"))
    kind = document["format"]
    if not isinstance(kind, str) or kind not in (FORMAT_GAME, FORMAT_SESSION):
        _refuse(f"{kind!r} is not a Scorekeeper document: the format is {FORMAT_GAME!r} or "
                f"{FORMAT_SESSION!r}", "format", "unknown_format")
    if expected is not None and kind != expected:
        _refuse(f"This is a {kind!r} document; {expected!r} was expected", "format",
                "unknown_format")
    version = document["version"]
    if isinstance(version, bool) or version != VERSION:
        _refuse(f"Version {version!r} of the format cannot be read here; this Scorekeeper "
                f"reads version {VERSION}", "version", "unsupported_version")
    try:
        export_id = uuid.UUID(str(document["export_id"]))
    except ValueError:
        _refuse("must be a UUID", "export_id")
    return kind, export_id


def _read_game(data, path: str) -> _Game:
    data = _dict(data, path, ("id", "name", "preset", "rules", "currency", "carried_in",
                              "closed", "version", "created_at", "seats", "rounds", "rebuys",
                              "ledger", "standings"))
    preset = data["preset"]
    if not isinstance(preset, str) or preset not in engine.PRESETS:
        known = ", ".join(sorted(engine.PRESETS))
        _refuse(f"Unknown preset {preset!r}; the presets are {known}", f"{path}.preset",
                "unknown_preset")
    rules = _dict(data["rules"], f"{path}.rules")
    try:
        resolved = engine.Rules.from_dict(rules)
    except RulesError as error:
        raise ImportRefused(f"The frozen rules are not valid: {error.message}",
                            field=f"{path}.{error.field or 'rules'}", code=error.code) from None
    if resolved.family != "knock":
        _refuse("Only games of the knock family (Wiener Rummy, Rommé) can be imported",
                f"{path}.rules.family", "not_supported")
    currency = _text(data["currency"], f"{path}.currency", 3)
    if len(currency) != 3 or not currency.isalpha() or not currency.isupper():
        _refuse("must be a currency code of three capital letters, e.g. EUR", f"{path}.currency")
    closed = data["closed"]
    if not isinstance(closed, bool):
        _refuse("must be true or false", f"{path}.closed")

    seats_path = f"{path}.seats"
    seats = _list(data["seats"], seats_path, MAX_SEATS)
    names: list[str] = []
    ids: dict[int, str] = {}
    folded = set()
    for index, seat in enumerate(seats):
        where = f"{seats_path}[{index}]"
        seat = _dict(seat, where, ("number", "player", "id"))
        if seat["number"] != index:
            _refuse(f"seats must be listed in seat order: seat {index} expected", f"{where}.number")
        name = _text(seat["player"], f"{where}.player", services.MAX_NAME, blank=False)
        if name != name.strip():
            _refuse("a name has no leading or trailing spaces", f"{where}.player")
        if name.casefold() in folded:
            _refuse(f"{name} is seated twice", f"{where}.player", "duplicate_player")
        player_id = _number(seat["id"], f"{where}.id", 1, most=2**63 - 1)
        if player_id in ids:
            _refuse(f"player id {player_id} is seated twice", f"{where}.id", "duplicate_player")
        folded.add(name.casefold())
        names.append(name)
        ids[player_id] = name
    if len(names) < 2:
        _refuse("A game needs at least 2 players", seats_path, "too_few_players")
    seated = set(names)

    def seated_name(value, where: str) -> str:
        if not isinstance(value, str) or value not in seated:
            _refuse(f"{value!r} does not sit at this game", where, "unknown_player")
        return value

    rounds = []
    rounds_path = f"{path}.rounds"
    expected = (1, 0)
    for index, item in enumerate(_list(data["rounds"], rounds_path, MAX_ROUNDS)):
        where = f"{rounds_path}[{index}]"
        item = _dict(item, where, ("number", "revision", "ender", "ender_melds", "reason",
                                   "entered_at", "hands"))
        number = _number(item["number"], f"{where}.number", 1)
        revision = _number(item["revision"], f"{where}.revision", 0)
        if (number, revision) not in (expected, (expected[0] + 1, 0)) or (
            index == 0 and (number, revision) != (1, 0)
        ):
            _refuse(f"round {number} revision {revision} is out of order: rounds are listed "
                    "by number from 1, each with its revisions from 0", where,
                    "inconsistent_facts")
        expected = (number, revision + 1)
        melds = item.get("ender_melds")
        if melds is not None:
            _list(melds, f"{where}.ender_melds", 20)
            for meld_index, meld in enumerate(melds):
                for card_index, card in enumerate(_list(meld, f"{where}.ender_melds"
                                                              f"[{meld_index}]", 20)):
                    _text(card, f"{where}.ender_melds[{meld_index}][{card_index}]", 10)
        hands = []
        players_seen = set()
        for hand_index, hand in enumerate(_list(item["hands"], f"{where}.hands", MAX_SEATS)):
            at = f"{where}.hands[{hand_index}]"
            hand = _dict(hand, at, ("player", "position", "deadwood", "cards"))
            player = seated_name(hand["player"], f"{at}.player")
            if player in players_seen:
                _refuse(f"{player} has two hands in this round", f"{at}.player",
                        "duplicate_player")
            players_seen.add(player)
            if hand["position"] != hand_index:
                _refuse("hands must be listed by position from 0", f"{at}.position")
            cards = hand.get("cards")
            cards = "" if cards is None else _text(cards, f"{at}.cards", 200)
            hands.append(_Hand(player, hand_index,
                               _number(hand.get("deadwood"), f"{at}.deadwood", null=True),
                               cards))
        rounds.append(_Round(
            number=number, revision=revision,
            ender=seated_name(item["ender"], f"{where}.ender"),
            ender_melds=melds,
            reason=_text(item.get("reason", ""), f"{where}.reason", 255),
            entered_at=_moment(item.get("entered_at"), f"{where}.entered_at"),
            hands=hands,
        ))

    rebuys = []
    rebought = set()
    for index, item in enumerate(_list(data["rebuys"], f"{path}.rebuys", MAX_SEATS)):
        where = f"{path}.rebuys[{index}]"
        item = _dict(item, where, ("player", "after_round", "entered_at"))
        player = seated_name(item["player"], f"{where}.player")
        if player in rebought:
            _refuse(f"{player} re-bought twice; a re-buy is allowed once per game",
                    f"{where}.player", "inconsistent_facts")
        rebought.add(player)
        rebuys.append((player, _number(item["after_round"], f"{where}.after_round"),
                       _moment(item.get("entered_at"), f"{where}.entered_at")))

    _number(data["id"], f"{path}.id", 1, most=2**63 - 1)
    game = _Game(
        path=path,
        name=_text(data["name"], f"{path}.name", 100),
        preset=preset, rules=rules, currency=currency,
        carried_in=_amount(data["carried_in"], f"{path}.carried_in"),
        closed=closed,
        version=_number(data["version"], f"{path}.version", 1),
        created_at=_moment(data.get("created_at"), f"{path}.created_at"),
        seats=names, ids=ids, rounds=rounds, rebuys=rebuys,
        ledger=_read_ledger(data["ledger"], f"{path}.ledger", ids),
        standings=data["standings"], resolved=resolved,
    )
    return game


def _read_ledger(data, path: str, ids: dict[int, str]) -> list[_Entry]:
    """The entries, checked as the ledger would check them, and reversals as mirrors."""
    keys = set(GAME_KEYS) | set(SESSION_KEYS) | {engine.knock.account(i) for i in ids}
    entries: list[_Entry] = []
    reversed_ = set()
    batch = -1
    for index, item in enumerate(_list(data, path, MAX_ENTRIES)):
        where = f"{path}[{index}]"
        item = _dict(item, where, ("seq", "batch", "kind", "from", "to", "amount", "round",
                                   "reverses", "created_at", "actor", "reason"))
        _number(item["seq"], f"{where}.seq", 1)
        _number(item["batch"], f"{where}.batch", 0)
        if item["seq"] != index + 1:
            _refuse(f"entries must be numbered 1, 2, 3... in order: {index + 1} expected",
                    f"{where}.seq")
        if item["batch"] not in (batch, batch + 1) or (index == 0 and item["batch"] != 0):
            _refuse("batches must be numbered 0, 1, 2... in the order they were written",
                    f"{where}.batch")
        batch = item["batch"]
        if not isinstance(item["kind"], str) or item["kind"] not in Entry.Kind.values:
            _refuse(f"unknown kind {item['kind']!r}", f"{where}.kind")
        for side in ("from", "to"):
            if not isinstance(item[side], str) or item[side] not in keys:
                _refuse(f"{item[side]!r} is not an account of this game: the accounts are "
                        "player:<id of a seat>, pot, kitty and carry", f"{where}.{side}",
                        "unknown_account")
        if item["from"] == item["to"]:
            _refuse("money must move between two accounts", where)
        amount = _amount(item["amount"], f"{where}.amount")
        if amount <= 0:
            _refuse("an entry moves a positive amount", f"{where}.amount")
        entry = _Entry(
            seq=index + 1, batch=batch, kind=item["kind"], source=item["from"],
            target=item["to"], amount=amount,
            round=_number(item["round"], f"{where}.round", 1, null=True),
            reverses=_number(item["reverses"], f"{where}.reverses", 1, null=True),
            created_at=_moment(item.get("created_at"), f"{where}.created_at"),
            actor=_text(item.get("actor", ""), f"{where}.actor", 150),
            reason=_text(item.get("reason", ""), f"{where}.reason", 255),
        )
        if entry.reverses is not None:
            if entry.reverses >= entry.seq:
                _refuse("an entry can only reverse an earlier one", f"{where}.reverses")
            if entry.reverses in reversed_:
                _refuse(f"entry {entry.reverses} is reversed twice", f"{where}.reverses",
                        "inconsistent_ledger")
            cancelled = entries[entry.reverses - 1]
            if (entry.source, entry.target, entry.amount, entry.kind, entry.round) != (
                cancelled.target, cancelled.source, cancelled.amount, cancelled.kind,
                cancelled.round,
            ):
                _refuse(f"entry {entry.seq} does not mirror entry {entry.reverses}, which it "
                        "claims to reverse", f"{where}.reverses", "inconsistent_ledger")
            reversed_.add(entry.reverses)
        entries.append(entry)
    return entries


def _check_facts(game: _Game) -> None:
    """Replay the document's facts (players named by name) and compare the standings."""
    counting: dict[int, int] = {}  # round number -> index of its counting revision
    for index, round_ in enumerate(game.rounds):
        counting[round_.number] = index
    at = [counting[number] for number in sorted(counting)]
    rounds = [game.rounds[index] for index in at]
    try:
        state = engine.replay(
            game.resolved, game.seats,
            [_entry(round_) for round_ in rounds],
            [engine.RebuyEntry(player, after) for player, after, _ in game.rebuys],
            carried_in=game.carried_in, closed=game.closed,
        )
    except RulesError as error:
        where = error.field or ""
        if where.startswith("rounds["):
            index, _, rest = where[len("rounds["):].partition("]")
            round_ = rounds[int(index)]
            message = (f"Round {round_.number} (revision {round_.revision}) does not add up "
                       f"under the frozen rules: {error.message}")
            where = f"rounds[{at[int(index)]}]{rest}"  # the revision's place in the document
        elif where.startswith("rebuys["):
            message = f"A re-buy does not hold under the frozen rules: {error.message}"
        else:
            message = f"The game does not hold under the frozen rules: {error.message}"
        raise ImportRefused(message, field=f"{game.path}.{where}" if where else game.path,
                            code="inconsistent_facts") from None
    _compare(_standings(state, str), game.standings, f"{game.path}.standings")


def _entry(round_: _Round) -> engine.RoundEntry:
    """A round as the engine takes it, as services.load_game builds it from the rows."""
    return engine.RoundEntry(
        ender=round_.ender,
        hands=tuple(
            engine.HandEntry(hand.player, deadwood=hand.deadwood,
                             cards=tuple(hand.cards.split()) if hand.cards else None)
            for hand in round_.hands
        ),
        ender_melds=(tuple(tuple(meld) for meld in round_.ender_melds)
                     if round_.ender_melds else None),
    )


def _compare(actual: dict, exported, path: str) -> None:
    if actual == exported:
        return
    if not isinstance(exported, dict):
        _refuse("must be an object", path)
    differing = sorted(key for key in actual.keys() | exported.keys()
                       if actual.get(key) != exported.get(key))  # fmt: skip
    shown = "; ".join(f"{key}: the facts give {actual.get(key)!r}, the document says "
                      f"{exported.get(key)!r}" for key in differing[:3])  # fmt: skip
    _refuse(f"The standings the facts give differ from the exported ones ({shown})", path,
            "standings_mismatch")


# --- Import: writing -------------------------------------------------------------------------


@dataclass
class Imported:
    """What an import made (or, when `created` is False, what an earlier import made)."""

    kind: str  # "game" or "session"
    session: TableSession
    game: Game | None
    created: bool


def import_game(document, *, club: Club, user=None) -> Game:
    """Recreate a "scorekeeper-game" document's game in `club` (in a new table session)."""
    return import_document(document, club=club, user=user, expected=FORMAT_GAME).game


def import_session(document, *, club: Club, user=None) -> TableSession:
    """Recreate a "scorekeeper-session" document's session and all its games in `club`."""
    return import_document(document, club=club, user=user, expected=FORMAT_SESSION).session


def import_document(document, *, club: Club, user=None, expected: str | None = None) -> Imported:
    """Import either kind of document; a second import of it into `club` is a no-op."""
    kind, export_id = _header_of(document, expected)
    fingerprint = hashlib.sha256(
        json.dumps(document, sort_keys=True, separators=(",", ":"), default=str).encode()
    ).hexdigest()
    earlier = _earlier(club, export_id, fingerprint)
    if earlier is not None:
        return earlier
    _text(_dict(document["club"], "club", ("name",))["name"], "club.name", 100)
    if _moment(document["exported_at"], "exported_at") is None:
        _refuse("must be a date and time in ISO 8601", "exported_at")
    info = _dict(document["session"], "session", ("name", "created_at"))
    session_name = _text(info["name"], "session.name", 100)
    session_created = _moment(info["created_at"], "session.created_at")
    if kind == FORMAT_GAME:
        games = [_read_game(document.get("game"), "game")]
        if games[0].carried_in:
            _refuse("This game took a pot carried over from an earlier game of its session; "
                    "import the whole session (its export) so that the pot comes with it",
                    "game.carried_in", "carried_pot_needs_session")
    else:
        games = [_read_game(item, f"games[{index}]") for index, item in
                 enumerate(_list(document.get("games"), "games", MAX_GAMES))]
        if not games:
            _refuse("A session document holds at least one game", "games", "required")
    for game in games:
        _check_facts(game)
    try:
        with transaction.atomic():
            session = TableSession.objects.create(club=club, name=session_name)
            if session_created is not None:
                TableSession.objects.filter(pk=session.pk).update(created_at=session_created)
            record = GameImport.objects.create(
                club=club, export_id=export_id, kind=kind.removeprefix("scorekeeper-"),
                fingerprint=fingerprint, session=session, created_by=user,
            )
            players = {player.name.casefold(): player
                       for player in Player.objects.filter(club=club)}  # fmt: skip
            names: dict[int, str] = {}  # new player id -> the document's name
            made = [_write_game(game, club=club, session=session, user=user, players=players,
                                names=names, export_id=export_id) for game in games]
            if kind == FORMAT_GAME:
                record.game = made[0]
                record.save(update_fields=["game"])
            else:
                _compare(_session_standings(session, names.get), document.get("standings"),
                         "standings")
    except IntegrityError:
        # The same document imported at the same moment by another request, which won.
        earlier = _earlier(club, export_id, fingerprint)
        if earlier is None:
            raise
        return earlier
    return Imported(record.kind, session, record.game, created=True)


def _earlier(club: Club, export_id: uuid.UUID, fingerprint: str) -> Imported | None:
    record = (GameImport.objects.filter(club=club, export_id=export_id)
              .select_related("session", "game").first())  # fmt: skip
    if record is None:
        return None
    if record.fingerprint != fingerprint:
        raise ExportIdReused(
            f"A document with export_id {export_id} was already imported into this club, with "
            "other content: export again to get a new document", field="export_id")
    return Imported(record.kind, record.session, record.game, created=False)


def _write_game(game: _Game, *, club, session, user, players: dict, names: dict,
                export_id) -> Game:
    row = Game.objects.create(
        club=club, session=session, name=game.name, preset=game.preset,
        rules=game.resolved.to_dict(), currency=game.currency, carried_in=game.carried_in,
        closed=game.closed, version=game.version, created_by=user,
    )
    if game.created_at is not None:
        Game.objects.filter(pk=row.pk).update(created_at=game.created_at)
        row.created_at = game.created_at
    # Players by name in the club (as start_game: the club's spelling wins).
    by_name: dict[str, Player] = {}
    for name in game.seats:
        player = players.get(name.casefold())
        if player is None:
            player = players[name.casefold()] = Player.objects.create(club=club, name=name)
        by_name[name] = player
    Seat.objects.bulk_create(Seat(game=row, player=by_name[name], number=number)
                             for number, name in enumerate(game.seats))  # fmt: skip

    rounds = Round.objects.bulk_create(
        Round(game=row, number=item.number, revision=item.revision,
              ender=by_name[item.ender], ender_melds=item.ender_melds, reason=item.reason)
        for item in game.rounds
    )
    Hand.objects.bulk_create(
        Hand(round=round_, player=by_name[hand.player], position=hand.position,
             deadwood=hand.deadwood, cards=hand.cards)
        for round_, item in zip(rounds, game.rounds, strict=True) for hand in item.hands
    )
    rebuys = Rebuy.objects.bulk_create(
        Rebuy(game=row, player=by_name[player], after_round=after, entered_by=None)
        for player, after, _ in game.rebuys
    )
    # auto_now_add stamped "now" on the way in; put the exported moments back.
    _restore_times(Round, rounds, [item.entered_at for item in game.rounds])
    _restore_times(Rebuy, rebuys, [moment for _, _, moment in game.rebuys])

    _replay_ledger(row, game, {pid: by_name[name].pk for pid, name in game.ids.items()},
                   export_id)

    view = services.load_game(row)
    names.update({by_name[name].pk: name for name in game.seats})
    _compare(_standings(view.state, names.get), game.standings, f"{game.path}.standings")
    differences = services.verify_game(row)
    if differences:
        _refuse("The ledger does not agree with the facts: " + "; ".join(differences[:3]),
                f"{game.path}.ledger", "ledger_mismatch")
    Game.objects.filter(pk=row.pk).update(status=view.state.status)
    row.status = view.state.status
    return row


def _restore_times(model, rows, moments) -> None:
    changed = []
    for row, moment in zip(rows, moments, strict=True):
        if moment is not None:
            row.entered_at = moment
            changed.append(row)
    if changed:
        model.objects.bulk_update(changed, ["entered_at"], batch_size=500)


def _replay_ledger(game: Game, doc: _Game, player_ids: dict[int, int], export_id) -> None:
    """Write the document's entries in order, each batch under a new batch id."""
    refs = {}
    for key in {key for entry in doc.ledger for key in (entry.source, entry.target)}:
        if key in SESSION_KEYS:
            refs[key] = (Account.Scope.SESSION, game.session_id, key)
        elif key.startswith("player:"):
            new_key = engine.knock.account(player_ids[int(key.removeprefix("player:"))])
            refs[key] = (Account.Scope.GAME, game.pk, new_key)
        else:
            refs[key] = (Account.Scope.GAME, game.pk, key)
    accounts = {
        key: Account.objects.get_or_create(scope=scope, scope_id=scope_id, key=name)[0]
        for key, (scope, scope_id, name) in sorted(refs.items())
    }
    batches: dict[int, uuid.UUID] = {}
    written: dict[int, Entry] = {}
    pending: list[tuple[_Entry, Entry]] = []
    now = timezone.now()

    def flush():
        created = Entry.objects.bulk_create([row for _, row in pending])
        for (item, _), row in zip(pending, created, strict=True):
            written[item.seq] = row
        pending.clear()

    for item in doc.ledger:
        if item.reverses is not None and item.reverses not in written:
            flush()  # the entry it reverses is in this chunk: write that first
        pending.append((item, Entry(
            debit_account=accounts[item.source], credit_account=accounts[item.target],
            amount_minor=item.amount, currency=game.currency, kind=item.kind,
            game_id=game.pk, round_number=item.round,
            batch=batches.setdefault(item.batch, uuid.uuid4()),
            reverses=written[item.reverses] if item.reverses is not None else None,
            created_at=item.created_at or now, actor=item.actor, reason=item.reason,
            request_id=f"import:{export_id}",
        )))
    if pending:
        flush()
