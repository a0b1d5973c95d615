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
services.tournament_exports writes and reads it; the game part all three share is
services.game_parts'.

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

from django.db import IntegrityError, transaction

from ..models import Club, Game, GameImport, Player, TableSession
from ..names import name_key
from ..rules import format_money
from . import documents, tournament_exports
from .documents import (
    FORMAT_GAME,
    FORMAT_SESSION,
    FORMAT_TOURNAMENT,
    VERSION,
    ExportIdReused,
    ImportRefused,
)
from .game_parts import (
    Imported,
    check_facts,
    compare,
    earlier_import,
    game_part,
    header,
    plain,
    session_info,
    write_game,
)
from .summaries import session_summary

__all__ = [
    "FORMAT_GAME", "FORMAT_SESSION", "FORMAT_TOURNAMENT", "VERSION", "ExportIdReused",
    "ImportRefused", "Imported",
    "export_game", "export_session", "import_document", "import_game", "import_session",
]  # fmt: skip


# --- Export --------------------------------------------------------------------------------


def export_game(game: Game) -> dict:
    """The game as a document of format "scorekeeper-game"."""
    return {
        **header(FORMAT_GAME, game.club),
        "session": session_info(game.session),
        "game": game_part(game),
    }


def export_session(session: TableSession) -> dict:
    """The table session and all its games, as a document of format "scorekeeper-session"."""
    games = list(session.games.select_related("club", "session").order_by("id"))
    names: dict[int, str] = {}
    parts = []
    for game in games:
        part = game_part(game)
        names.update({seat["id"]: seat["player"] for seat in part["seats"]})
        parts.append(part)
    return {
        **header(FORMAT_SESSION, session.club),
        "session": session_info(session),
        "games": parts,
        "standings": _session_standings(session, names.get),
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


# --- Import ----------------------------------------------------------------------------------


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
    earlier = earlier_import(club, export_id, fingerprint)
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
        check_facts(game, path)
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
            made = [write_game(game, path, club=club, session=session, user=user,
                                players=players, names=names, export_id=export_id)
                    for path, game in games]  # fmt: skip
            if kind == FORMAT_GAME:
                record.game = made[0]
                record.save(update_fields=["game"])
            else:
                compare(_session_standings(session, names.get), plain(data["standings"]),
                         "standings")
    except IntegrityError:
        # The same document imported at the same moment by another request, which won.
        earlier = earlier_import(club, export_id, fingerprint)
        if earlier is None:
            raise
        return earlier
    return Imported(record.kind, session, record.game, created=True)
