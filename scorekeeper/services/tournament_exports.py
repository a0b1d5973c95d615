"""A club tournament as one export document, and its import (docs/api.md, "Export, import and
the club report"): the third document kind beside a game's and a session's
(services.exports), of the same header:

    {"format": "scorekeeper-tournament", "version": 1, "export_id", "exported_at", "club",
     "tournament": {"id", "name", "preset", "rules", "currency", "seeding",
                    "entry_fee": "10.00", "payouts": [75, 25], "status", "version",
                    "created_at",
                    "players": [{"seed": 1, "player": "Anna", "id": 11}],
                    "matches": [{"round": 1, "number": 2, "winner": "Emil" or null,
                                 "session": {"name", "created_at"}, "game": {a game part}}],
                    "ledger": [the tournament's own entries, as a game's],
                    "standings": {"winner", "pot", "placings": [{"player", "place",
                                                                 "prize"}]}}}

The facts are the seeds and each match's game; the matches' winners, the placings and the
prizes are derived from them (services.tournaments), and written here for reference and as
a check. A game voided when its match was given another (a correction before the match was
played) is no match of the bracket and is left out; its money nets to nothing.

Import recreates, in one transaction: the tournament, its field (players by name in the
target club), each match with its game through the code that imports a game document
(its ledger restored and verified), then the tournament's own ledger entries in order. It
then checks that the tournament's books verify and that the status, placings and prizes the
recreated facts give are the exported ones; otherwise it refuses and writes nothing.
Idempotent by export id as the other documents are (GameImport).
"""

import uuid

from django.db import IntegrityError, transaction
from django.utils import timezone

from ledger import tournaments as tournament_ledger

from ..models import (
    Club,
    Game,
    GameImport,
    Player,
    TableSession,
    Tournament,
    TournamentEntry,
    TournamentMatch,
)
from ..names import name_key
from ..rules import GameStatus, format_money
from ..rules import bracket as draw
from .documents import FORMAT_TOURNAMENT, ImportRefused, refuse
from .game_parts import (
    Imported,
    check_facts,
    club_players,
    compare,
    earlier_import,
    game_part,
    header,
    iso_time,
    ledger_part,
    plain,
    restored_entries,
    session_info,
    write_game,
)
from .tournament_documents import read_tournament
from .tournaments import TournamentView

__all__ = ["FORMAT_TOURNAMENT", "ImportRefused", "export_tournament", "import_tournament"]


# --- Export --------------------------------------------------------------------------------


def export_tournament(tournament: Tournament) -> dict:
    """The tournament as a document of format "scorekeeper-tournament"."""
    view = TournamentView(tournament)
    t = tournament
    rows = (TournamentMatch.objects.filter(tournament=t)
            .select_related("game__club", "game__session").order_by("round", "number"))
    return {
        **header(FORMAT_TOURNAMENT, t.club),
        "tournament": {
            "id": t.pk, "name": t.name, "preset": t.preset, "rules": t.rules,
            "currency": t.currency, "seeding": t.seeding,
            "entry_fee": format_money(t.entry_fee), "payouts": list(t.payouts),
            "status": t.status, "version": t.version, "created_at": iso_time(t.created_at),
            "players": [{"seed": e.seed, "player": e.name, "id": e.id} for e in view.entrants],
            "matches": [
                {"round": row.round, "number": row.number,
                 "winner": view.names.get(row.winner_id),
                 "session": session_info(row.game.session), "game": game_part(row.game)}
                for row in rows
            ],
            "ledger": ledger_part(tournament_ledger.lines(t.pk)),
            "standings": _standings(view),
        },
    }


def _standings(view: TournamentView) -> dict:
    """What the facts make of the tournament, by player name: compared again on import."""
    return {
        "winner": view.champion_name,
        "pot": format_money(view.pot),
        "placings": [{"player": view.names[p.player], "place": p.place,
                      "prize": None if p.prize is None else format_money(p.prize)}
                     for p in view.placings],
    }


# --- Import --------------------------------------------------------------------------------


def import_tournament(document: dict, *, club: Club, user, export_id: uuid.UUID,
                      fingerprint: str) -> Imported:
    """Recreate the document's tournament in `club` (its header read, and not imported into
    `club` before: services.exports.import_document asks that first)."""
    data = read_tournament(document)["tournament"]
    for index, match in enumerate(data["matches"]):
        path = f"tournament.matches[{index}]"
        check_facts(match["game"], f"{path}.game")
        _check_winner(match, path)
    try:
        with transaction.atomic():
            tournament = _write_tournament(data, club=club, user=user)
            GameImport.objects.create(
                club=club, export_id=export_id, kind="tournament", fingerprint=fingerprint,
                tournament=tournament, created_by=user)
            players = {name_key(player.name): player
                       for player in Player.objects.filter(club=club)}  # fmt: skip
            entrants = _enter(tournament, data["players"], club=club, players=players)
            for index, match in enumerate(data["matches"]):
                _write_match(tournament, match, f"tournament.matches[{index}]", club=club,
                             user=user, players=players, entrants=entrants,
                             export_id=export_id)
            _restore_ledger(tournament, data, entrants=entrants, user=user,
                            export_id=export_id)
            _check_books(tournament, data)
    except IntegrityError:
        # The same document imported at the same moment by another request, which won.
        earlier = earlier_import(club, export_id, fingerprint)
        if earlier is None:
            raise
        return earlier
    return Imported("tournament", None, None, created=True, tournament=tournament)


def _check_winner(match: dict, path: str) -> None:
    """The match's winner is the one its game's facts give (checked by check_facts)."""
    standings = match["game"]["standings"]
    ended = GameStatus(standings["status"]).ended
    given = standings["winner"] if ended else None
    if match["winner"] != given:
        said = "nobody yet" if given is None else repr(given)
        refuse(f"The match's game gives {said} as its winner, the document says "
               f"{match['winner']!r}", f"{path}.winner", "inconsistent_facts")


def _write_tournament(data: dict, *, club: Club, user) -> Tournament:
    return Tournament.objects.create(
        club=club, name=data["name"], preset=data["preset"], rules=data["rules"].to_dict(),
        currency=data["currency"], seeding=data["seeding"], entry_fee=data["entry_fee"],
        payouts=list(data["payouts"]), status=data["status"], version=data["version"],
        created_by=user, created_at=data["created_at"] or timezone.now())


def _enter(tournament: Tournament, field: list[dict], *, club: Club,
           players: dict) -> dict[str, Player]:
    """The field: each the club's player of that name (by the name's key, as a game's seats
    are imported), or a new player. The players by the document's name."""
    entrants = club_players([entrant["player"] for entrant in field], club=club,
                            players=players)
    TournamentEntry.objects.bulk_create(
        TournamentEntry(tournament=tournament, player=entrants[entrant["player"]],
                        seed=entrant["seed"]) for entrant in field)
    return entrants


def _write_match(tournament: Tournament, match: dict, path: str, *, club: Club, user,
                 players: dict, entrants: dict, export_id) -> None:
    """The match's game, imported as a game document's is (in a table session of its own,
    as every game sits in one), then the match naming it."""
    session = TableSession.objects.create(club=club, name=match["session"]["name"])
    if match["session"]["created_at"] is not None:
        TableSession.objects.filter(pk=session.pk).update(
            created_at=match["session"]["created_at"])
    game = write_game(match["game"], f"{path}.game", club=club, session=session, user=user,
                       players=players, names={}, export_id=export_id)
    Game.objects.filter(pk=game.pk).update(tournament=tournament)
    winner = match["winner"]
    TournamentMatch.objects.create(
        tournament=tournament, round=match["round"], number=match["number"], game=game,
        winner=None if winner is None else entrants[winner])


def _restore_ledger(tournament: Tournament, data: dict, *, entrants: dict, user,
                    export_id) -> None:
    """The document's tournament entries, written again; each entrant's account the new
    player's."""
    accounts = {draw.player_key(entrant["id"]): draw.player_key(entrants[entrant["player"]].pk)
                for entrant in data["players"]}  # fmt: skip
    try:
        tournament_ledger.restore(
            restored_entries(data["ledger"], accounts),
            tournament_id=tournament.pk, currency=tournament.currency,
            request_id=f"import:{export_id}",
            # Whoever imports wrote these rows; the document's actors are only its claim.
            actor=getattr(user, "username", "") or "",
        )
    except ValueError as error:
        refuse(f"The ledger cannot be restored: {error}", "tournament.ledger",
               "inconsistent_ledger")


def _check_books(tournament: Tournament, data: dict) -> None:
    """The recreated facts give the exported status, placings and prizes; the tournament's
    ledger holds what they call for."""
    view = TournamentView(tournament)
    status = (Tournament.Status.FINISHED if view.champion is not None
              else Tournament.Status.RUNNING)
    if status != data["status"]:
        refuse(f"The matches make the tournament {status}, the document says it is "
               f"{data['status']}", "tournament.status", "standings_mismatch")
    compare(_standings(view), plain(data["standings"]), "tournament.standings")
    differences = view.verify()
    if differences:
        refuse("The tournament's ledger does not agree with its facts: "
               + "; ".join(differences[:3]), "tournament.ledger", "ledger_mismatch")
