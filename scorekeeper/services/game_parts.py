"""A game's part of a document, written and read: what the game and session documents
(services/exports.py) and the tournament's (services/tournament_exports.py) have in common.

Written: the header, the session, the game's facts, its ledger as written and the
standings the facts give. Read: the facts replayed under the frozen rules and compared with
the standings the document gives, then the game written again in the importing club, its
ledger restored entry for entry and checked against the facts (services/exports.py says
the format and the checks).
"""

import unicodedata
import uuid
from dataclasses import dataclass
from datetime import datetime

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
from .documents import VERSION, ExportIdReused, ImportRefused, refuse
from .errors import ServiceError
from .reading import HandFacts, load_game, round_entry, round_history
from .summaries import verify_game

# --- Written ---------------------------------------------------------------------------------


def header(kind: str, club: Club) -> dict:
    return {
        "format": kind,
        "version": VERSION,
        "export_id": str(uuid.uuid4()),
        "exported_at": iso_time(timezone.now()),
        "club": {"name": club.name},
    }


def session_info(session: TableSession | None) -> dict:
    if session is None:
        return {"name": "", "created_at": None}
    return {"name": session.name, "created_at": iso_time(session.created_at)}


def game_part(game: Game) -> dict:
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
            "at": iso_time(game.voided_at), "reason": game.void_reason},
        "version": game.version,
        "created_at": iso_time(game.created_at),
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
                "entered_at": iso_time(round_.entered_at),
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
             "entered_at": iso_time(rebuy.entered_at)}
            for rebuy in view.rebuys
        ],
        "ledger": ledger_part(ledger.lines(game.pk)),
        "standings": standings(view.state, names.get),
    }


def ledger_part(lines: list[ledger.Line]) -> list[dict]:
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
            "created_at": iso_time(line.created_at),
            "actor": line.actor,
            "reason": line.reason,
        })
    return entries


def standings(state: engine.Game, name) -> dict:
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


def iso_time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


# --- Read: the facts checked ---------------------------------------------------------------


def check_facts(game: dict, path: str) -> None:
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
    compare(standings(state, str), game["standings"], f"{path}.standings")


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


def compare(actual: dict, exported: dict, path: str) -> None:
    if actual == exported:
        return
    differing = sorted(key for key in actual.keys() | exported.keys()
                       if actual.get(key) != exported.get(key))  # fmt: skip
    shown = "; ".join(f"{key}: the facts give {plain(actual.get(key))!r}, the document says "
                      f"{plain(exported.get(key))!r}" for key in differing[:3])  # fmt: skip
    refuse(f"The standings the facts give differ from the exported ones ({shown})", path,
           "standings_mismatch")


def plain(value):
    """A validated value as the document wrote it (no OrderedDict in a message)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


@dataclass
class Imported:
    """What an import made (or, when `created` is False, what an earlier import made)."""

    kind: str  # "game", "session" or "tournament"
    session: TableSession | None  # None for a tournament
    game: Game | None
    created: bool
    tournament: Tournament | None = None


def earlier_import(club: Club, export_id: uuid.UUID, fingerprint: str) -> Imported | None:
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


def write_game(game: dict, path: str, *, club, session, user, players: dict, names: dict,
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
    compare(standings(view.state, names.get), plain(game["standings"]), f"{path}.standings")
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
