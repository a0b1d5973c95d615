"""Export and import: a game or a whole table session as one versioned JSON document.

A document holds the FACTS (seats, every revision of every round that counts, the
re-buys that hold, the frozen rules, the carried pot) and the LEDGER exactly as it was
written (every entry in order, reversals included), plus the standings derived from the
facts, for reference and as a check:

    {"format": "scorekeeper-game", "version": 1, "export_id": "<uuid>",
     "exported_at": "...", "club": {"name": ...}, "session": {"name", "created_at"},
     "game": {"name", "preset", "rules", "currency", "carried_in": "0.00", "closed",
              "voided": null or {"at", "reason"}, "version", "created_at",
              "seats": [{"number": 0, "player": "Anna", "id": 11}],
              "rounds": [{"number", "revision", "ender": "Anna", "void", "match", "big_gin",
                          "upcard", "ender_melds", "finish", "penalties": [{"player", "points"}],
                          "reason", "entered_at",
                          "hands": [{"player", "position", "deadwood", "cards", "laid",
                                     "laid_melds"}]}],
              "rebuys": [{"player", "after_round", "entered_at"}],
              "ledger": [{"seq": 1, "batch": 0, "kind", "from": "player:11", "to": "pot",
                          "amount": "5.00", "round", "reverses": null, "created_at",
                          "actor", "reason"}],
              "standings": {...}}}

A session document ("scorekeeper-session") has "games": [...] in the order they
were started, and the evening's "standings" (carried pot, each player's net).
Its shape is described once, by the serializers of `documents`. A club tournament's
document ("scorekeeper-tournament") holds each match's game as a game part of these:
services.tournament_exports writes and reads it, with this module's game parts.

Players are named (names are unique within a club); ledger accounts keep the
keys the ledger had, with the exporting side's player ids: `seats[].id` gives each
seat's account (`rules.account`). `reverses` and `batch` are positions inside the
document, never database ids.

Import recreates the facts in one transaction (players by name in the target
club), then RESTORES the ledger entries in order (`ledger.restore`) rather than
deriving them anew, so the ledger is reproduced entry for entry (timestamps and
reasons kept). The importing user is the entries' actor: the actor a document names is
only its claim, kept as the entry's `imported_actor` (docs/security.md). It then checks
that `verify_game` finds no difference and that the standings the new facts give are the
exported ones; otherwise it refuses and writes nothing.

Idempotency (docs/reliability.md 30, "Backup/restore replay"): the document's
`export_id` is stored with the import (model `GameImport`, unique per club), in the
same transaction as the game. Importing the same document into the same club again
returns what the first import made and writes nothing; another document with that
export id is refused. Importing into another club makes a copy there.
"""

import hashlib
import json
import unicodedata
import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger import services as ledger

from .. import rules as engine
from ..models import (
    Club,
    Game,
    GameImport,
    Hand,
    Player,
    Rebuy,
    Round,
    Seat,
    TableSession,
    Tournament,
)
from ..names import name_key
from ..rules import GameStatus, RulesError, format_money
from . import documents
from .documents import (
    FORMAT_GAME,
    FORMAT_SESSION,
    FORMAT_TOURNAMENT,
    VERSION,
    ExportIdReused,
    ImportRefused,
    refuse,
)
from .errors import ServiceError
from .reading import HandFacts, load_game, round_entry, round_history
from .summaries import session_summary, verify_game

__all__ = [
    "FORMAT_GAME", "FORMAT_SESSION", "FORMAT_TOURNAMENT", "VERSION", "ExportIdReused",
    "ImportRefused", "Imported",
    "export_game", "export_session", "import_document", "import_game", "import_session",
]  # fmt: skip


# --- Export --------------------------------------------------------------------------------


def export_game(game: Game) -> dict:
    """The game as a document of format "scorekeeper-game"."""
    return {
        **_header(FORMAT_GAME, game.club),
        "session": _session_info(game.session),
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
    view = load_game(game)
    names = view.names
    return {
        "id": game.pk,
        "name": game.name,
        "preset": game.preset,
        "rules": game.rules,
        "currency": game.currency,
        "carried_in": format_money(game.carried_in),
        "closed": game.closed,
        # Deleted or voided: every movement reversed, nothing more entered (kept as a fact).
        "voided": None if game.voided_at is None else {
            "at": _time(game.voided_at), "reason": game.void_reason},
        "version": game.version,
        "created_at": _time(game.created_at),
        "seats": [{"number": seat.number, "player": seat.player.name, "id": seat.player_id}
                  for seat in view.seats],  # fmt: skip
        "rounds": [
            {
                "number": round_.number,
                "revision": round_.revision,
                "ender": names.get(round_.ender_id),
                "void": round_.void,
                "match": round_.match,
                "big_gin": round_.big_gin,
                "upcard": round_.upcard or None,
                "ender_melds": round_.ender_melds,
                "finish": round_.finish,
                "penalties": None if round_.penalties is None else [
                    {"player": names[player], "points": points}
                    for player, points in round_.penalties
                ],
                "reason": round_.reason,
                "entered_at": _time(round_.entered_at),
                "hands": [
                    {"player": names[hand.player_id], "position": hand.position,
                     "deadwood": hand.deadwood, "cards": hand.cards or None,
                     "laid": hand.laid, "laid_melds": hand.laid_melds}
                    for hand in round_.hands.all()
                ],
            }
            # As with re-buys, only what holds: a round undone at the table is left out
            # (its money and the reversal of it stay in the ledger, which nets to nothing).
            for round_ in round_history(game) if round_.undone_at is None
        ],
        "rebuys": [
            {"player": names[rebuy.player_id], "after_round": rebuy.after_round,
             "entered_at": _time(rebuy.entered_at)}
            for rebuy in view.rebuys
        ],
        "ledger": _ledger_part(ledger.lines(game.pk)),
        "standings": _standings(view.state, names.get),
    }


def _ledger_part(lines: list[ledger.Line]) -> list[dict]:
    """A game's (or a tournament's) entries in the order written; batches and reversals
    by position."""
    position = {line.id: index for index, line in enumerate(lines, start=1)}
    batches: dict[uuid.UUID, int] = {}
    entries = []
    for line in lines:
        if line.reverses is not None and line.reverses not in position:
            raise ServiceError(
                f"Ledger entry {line.id} reverses an entry of another game: it cannot be "
                "exported", code="not_exportable")
        entries.append({
            "seq": position[line.id],
            "batch": batches.setdefault(line.batch, len(batches)),
            "kind": line.kind,
            "from": line.source,
            "to": line.target,
            "amount": format_money(line.amount),
            "round": line.round,
            "reverses": position.get(line.reverses),
            "created_at": _time(line.created_at),
            "actor": line.actor,
            "reason": line.reason,
        })
    return entries


def _standings(state: engine.Game, name) -> dict:
    """What the facts make of the game, by player name: compared again on import."""
    return {
        "status": str(state.status),
        "round_count": state.round_count,
        "pot": format_money(state.pot),
        "kitty": format_money(state.kitty),
        "carried_out": format_money(state.carried_out),
        "winner": None if state.winner is None else name(state.winner),
        "players": [
            {"player": name(standing.player), "seat": standing.seat, "total": standing.total,
             "state": str(standing.state), "rebought": standing.rebought,
             "place": standing.place, "balance": format_money(standing.balance)}
            for standing in state.standings
        ],
        "payouts": [{"player": name(player), "amount": format_money(amount)}
                    for player, amount in state.payouts],  # fmt: skip
    }


def _session_standings(session: TableSession, name) -> dict:
    summary = session_summary(session)
    return {
        "carried_pot": format_money(summary.carried),
        "net": sorted(
            ({"player": name(player) or f"Player {player}", "amount": format_money(amount)}
             for player, amount in summary.nets.items()),
            key=lambda line: line["player"],
        ),
    }


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


# --- Import: checking the facts ---------------------------------------------------------------


def _check_facts(game: dict, path: str) -> None:
    """Replay the document's facts (players named by name) and compare the standings."""
    counting: dict[int, int] = {}  # round number -> index of its counting revision
    for index, round_ in enumerate(game["rounds"]):
        counting[round_["number"]] = index
    at = [counting[number] for number in sorted(counting)]
    rounds = [game["rounds"][index] for index in at]
    try:
        state = engine.replay(
            game["rules"], [seat["player"] for seat in game["seats"]],
            [_entry(round_) for round_ in rounds],
            [engine.RebuyEntry(rebuy["player"], rebuy["after_round"])
             for rebuy in game["rebuys"]],
            carried_in=game["carried_in"], closed=game["closed"],
        )
    except RulesError as error:
        where = error.where
        match where:
            case ("rounds", int(index), *rest):
                round_ = rounds[index]
                message = (f"Round {round_['number']} (revision {round_['revision']}) does "
                           f"not add up under the frozen rules: {error.message}")
                where = ("rounds", at[index], *rest)  # the revision's place in the document
            case ("rebuys", int(), *_):
                message = f"A re-buy does not hold under the frozen rules: {error.message}"
            case _:
                message = f"The game does not hold under the frozen rules: {error.message}"
        raise ImportRefused(message, where=where, code="inconsistent_facts").at(path) from None
    _compare(_standings(state, str), game["standings"], f"{path}.standings")


def _entry(round_: dict) -> engine.RoundEntry:
    """A round of the document as the engine takes it, as the stored rounds are taken."""
    hands = [HandFacts(hand["player"], hand["position"], hand["deadwood"], hand["cards"] or "",
                       hand["laid"], hand["laid_melds"])
             for hand in round_["hands"]]  # fmt: skip
    return round_entry(round_["ender"], hands, round_["ender_melds"], void=round_["void"],
                       match=round_["match"], big_gin=round_["big_gin"],
                       upcard=round_["upcard"],
                       finish=round_["finish"],
                       penalties=[(penalty["player"], penalty["points"])
                                  for penalty in round_["penalties"] or ()])


def _compare(actual: dict, exported: dict, path: str) -> None:
    if actual == exported:
        return
    differing = sorted(key for key in actual.keys() | exported.keys()
                       if actual.get(key) != exported.get(key))  # fmt: skip
    shown = "; ".join(f"{key}: the facts give {_plain(actual.get(key))!r}, the document says "
                      f"{_plain(exported.get(key))!r}" for key in differing[:3])  # fmt: skip
    refuse(f"The standings the facts give differ from the exported ones ({shown})", path,
           "standings_mismatch")


def _plain(value):
    """A validated value as the document wrote it (no OrderedDict in a message)."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


# --- Import: writing -------------------------------------------------------------------------


@dataclass
class Imported:
    """What an import made (or, when `created` is False, what an earlier import made)."""

    kind: str  # "game", "session" or "tournament"
    session: TableSession | None  # None for a tournament
    game: Game | None
    created: bool
    tournament: Tournament | None = None


def import_game(document, *, club: Club, user=None) -> Game:
    """Recreate a "scorekeeper-game" document's game in `club` (in a new table session)."""
    return import_document(document, club=club, user=user, expected=FORMAT_GAME).game


def import_session(document, *, club: Club, user=None) -> TableSession:
    """Recreate a "scorekeeper-session" document's session and all its games in `club`."""
    return import_document(document, club=club, user=user, expected=FORMAT_SESSION).session


def import_document(document, *, club: Club, user=None, expected: str | None = None) -> Imported:
    """Import any kind of document; a second import of it into `club` is a no-op."""
    kind, export_id = documents.read_header(document, expected)
    fingerprint = hashlib.sha256(
        json.dumps(document, sort_keys=True, separators=(",", ":"), default=str).encode()
    ).hexdigest()
    earlier = _earlier(club, export_id, fingerprint)
    if earlier is not None:
        return earlier
    if kind == FORMAT_TOURNAMENT:
        return tournament_exports.import_tournament(
            document, club=club, user=user, export_id=export_id, fingerprint=fingerprint)
    data = documents.read_document(document, kind)
    if kind == FORMAT_GAME:
        games = [("game", data["game"])]
    else:
        games = [(f"games[{index}]", game) for index, game in enumerate(data["games"])]
    for path, game in games:
        _check_facts(game, path)
    try:
        with transaction.atomic():
            session = TableSession.objects.create(club=club, name=data["session"]["name"])
            if data["session"]["created_at"] is not None:
                TableSession.objects.filter(pk=session.pk).update(
                    created_at=data["session"]["created_at"])
            record = GameImport.objects.create(
                club=club, export_id=export_id, kind=kind.removeprefix("scorekeeper-"),
                fingerprint=fingerprint, session=session, created_by=user,
            )
            players = {name_key(player.name): player
                       for player in Player.objects.filter(club=club)}  # fmt: skip
            names: dict[int, str] = {}  # new player id -> the document's name
            made = [_write_game(game, path, club=club, session=session, user=user,
                                players=players, names=names, export_id=export_id)
                    for path, game in games]  # fmt: skip
            if kind == FORMAT_GAME:
                record.game = made[0]
                record.save(update_fields=["game"])
            else:
                _compare(_session_standings(session, names.get), _plain(data["standings"]),
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
              .select_related("session", "game", "tournament").first())  # fmt: skip
    if record is None:
        return None
    if record.fingerprint != fingerprint:
        raise ExportIdReused(
            f"A document with export_id {export_id} was already imported into this club, with "
            "other content: export again to get a new document", field="export_id")
    return Imported(record.kind, record.session, record.game, created=False,
                    tournament=record.tournament)


def _write_game(game: dict, path: str, *, club, session, user, players: dict, names: dict,
                export_id) -> Game:
    row = Game.objects.create(
        club=club, session=session, name=game["name"], preset=game["preset"],
        rules=game["rules"].to_dict(), currency=game["currency"],
        carried_in=game["carried_in"], closed=game["closed"], version=game["version"],
        created_by=user,
    )
    if game["created_at"] is not None:
        Game.objects.filter(pk=row.pk).update(created_at=game["created_at"])
        row.created_at = game["created_at"]
    if game.get("voided"):
        # Before the check below: a void game's ledger nets to nothing, as it should.
        row.status, row.void_reason = GameStatus.VOID, game["voided"]["reason"]
        row.voided_at = game["voided"]["at"] or timezone.now()
        Game.objects.filter(pk=row.pk).update(status=row.status, void_reason=row.void_reason,
                                              voided_at=row.voided_at)
    seated = _seat(row, game["seats"], club=club, players=players)

    rounds = Round.objects.bulk_create(
        Round(game=row, number=item["number"], revision=item["revision"],
              ender=None if item["ender"] is None else seated[item["ender"]],
              ender_melds=item["ender_melds"], void=item["void"], match=item["match"],
              big_gin=item["big_gin"], upcard=item["upcard"] or "",
              finish=item["finish"],
              penalties=None if item["penalties"] is None else [
                  [seated[penalty["player"]].pk, penalty["points"]]
                  for penalty in item["penalties"]],
              reason=item["reason"])
        for item in game["rounds"]
    )
    Hand.objects.bulk_create(
        Hand(round=round_, player=seated[hand["player"]], position=hand["position"],
             deadwood=hand["deadwood"], cards=hand["cards"] or "", laid=hand["laid"],
             laid_melds=hand["laid_melds"])
        for round_, item in zip(rounds, game["rounds"], strict=True) for hand in item["hands"]
    )
    rebuys = Rebuy.objects.bulk_create(
        Rebuy(game=row, player=seated[item["player"]], after_round=item["after_round"],
              entered_by=None)
        for item in game["rebuys"]
    )
    # auto_now_add stamped "now" on the way in; put the exported moments back.
    _restore_times(Round, rounds, [item["entered_at"] for item in game["rounds"]])
    _restore_times(Rebuy, rebuys, [item["entered_at"] for item in game["rebuys"]])

    _restore_ledger(row, game, path, seated=seated, user=user, export_id=export_id)

    view = load_game(row)
    names.update({player.pk: name for name, player in seated.items()})
    _compare(_standings(view.state, names.get), _plain(game["standings"]), f"{path}.standings")
    differences = verify_game(view)
    if differences:
        refuse("The ledger does not agree with the facts: " + "; ".join(differences[:3]),
               f"{path}.ledger", "ledger_mismatch")
    if not view.void:
        Game.objects.filter(pk=row.pk).update(status=view.state.status)
        row.status = view.state.status
    return row


def club_players(names: list[str], *, club, players: dict) -> dict[str, Player]:
    """The document's players by their names: each the club's player of that name (by the
    key of the name, as start_game: the club's spelling wins), or a new player, whose name
    is kept in NFC as start_game keeps it. `players`, the club's by name key, gains the new
    ones."""
    found: dict[str, Player] = {}
    for name in names:
        player = players.get(name_key(name))
        if player is None:
            player = players[name_key(name)] = Player.objects.create(
                club=club, name=unicodedata.normalize("NFC", name))
        found[name] = player
    return found


def _seat(row: Game, seats: list[dict], *, club, players: dict) -> dict[str, Player]:
    """Seat the document's players at the new game (club_players); the players by the
    document's name."""
    seated = club_players([seat["player"] for seat in seats], club=club, players=players)
    Seat.objects.bulk_create(Seat(game=row, player=seated[seat["player"]], number=seat["number"])
                             for seat in seats)  # fmt: skip
    return seated


def restored_entries(entries: list[dict], accounts: dict[str, str]) -> list[ledger.Restored]:
    """A document's ledger entries as the ledger restores them, each account named by the
    exporting side (`accounts`' keys) renamed to the importing side's."""
    return [ledger.Restored(
        source=accounts.get(entry["source"], entry["source"]),
        target=accounts.get(entry["target"], entry["target"]),
        amount=entry["amount"], kind=entry["kind"], round=entry["round"],
        batch=entry["batch"], reverses=entry["reverses"],
        created_at=entry["created_at"], claimed_actor=entry["actor"], reason=entry["reason"],
    ) for entry in entries]


def _restore_ledger(row: Game, game: dict, path: str, *, seated: dict, user, export_id) -> None:
    """The document's ledger entries, written again for the new game."""
    # The document's accounts are the exporting side's: each seat's becomes its new player's.
    accounts = {engine.account(seat["id"]): engine.account(seated[seat["player"]].pk)
                for seat in game["seats"]}  # fmt: skip
    try:
        ledger.restore(
            restored_entries(game["ledger"], accounts),
            game_id=row.pk, currency=row.currency, session_id=row.session_id,
            request_id=f"import:{export_id}",
            # Whoever imports wrote these rows; the document's actors are only its claim,
            # kept beside them (docs/security.md).
            actor=getattr(user, "username", "") or "",
        )
    except ValueError as error:
        refuse(f"The ledger cannot be restored: {error}", f"{path}.ledger",
               "inconsistent_ledger")


def _restore_times(model, rows, moments) -> None:
    changed = []
    for row, moment in zip(rows, moments, strict=True):
        if moment is not None:
            row.entered_at = moment
            changed.append(row)
    if changed:
        model.objects.bulk_update(changed, ["entered_at"], batch_size=500)


# The tournament document builds on this module's game parts (and this module hands it the
# imports of its format): imported last, so that each finds the other's names.
from . import tournament_exports  # noqa: E402
