"""A club's Gin tournament for 5 to 32 players (docs/organisers.md, "A Gin tournament";
docs/rules.md, "A club's Gin tournament"): the draw, each match an ordinary Gin game, the
winner advancing as soon as a match ends, and the money as one ledger of the tournament.

The bracket logic is the engine's (scorekeeper.rules.bracket); here are the facts it is
derived from (the seeds, each match's game and winner) and the writes:
- `create_tournament`: the field seeded, the entry fees booked, the first games started;
- `match_changed`: called by every write that changes a match game's rounds
  (services.commands), in its transaction: the winner advances (or a correction is
  refused when the next match has begun), the next games start, the prizes are paid.
"""

import secrets
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from django.db import transaction
from django.utils.translation import gettext

from ledger import tournaments as tournament_ledger

from .. import rules as engine
from ..models import Club, Game, Player, Tournament, TournamentEntry, TournamentMatch
from ..names import InvalidName, clean_name, look_alike, name_key
from ..rules import RulesError
from ..rules import bracket as draw
from . import policy, webhooks
from .days import started_on_days
from .errors import Hidden, ServiceError
from .lifecycle import delete_game, start_game
from .policy import OPERATOR
from .reading import load_game
from .writing import allowed

MATCH_FINISHED = webhooks.TOURNAMENT_MATCH_FINISHED
FINISHED = webhooks.TOURNAMENT_FINISHED


class NextMatchStarted(ServiceError):
    """A correction would change a match's winner after the next match has begun."""

    code = "next_match_started"
    status = 409


# --- Reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    seed: int


@dataclass(frozen=True)
class BracketMatch:
    """A match as the bracket page and the API show it: `players` by id (None: not known
    yet), its game (None for a bye or a match not yet ready), its winner."""

    round: int
    number: int
    players: tuple[int | None, ...]
    game: int | None
    winner: int | None
    bye: bool


@dataclass(frozen=True)
class Placing:
    player: int
    place: int
    prize: int | None  # minor units, once the tournament is finished


class TournamentView:
    """A tournament with its field and bracket as its facts give them (reads only)."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        entries = list(tournament.entries.select_related("player").order_by("seed"))
        self.entrants = [Entrant(e.player_id, e.player.name, e.seed) for e in entries]
        self.rows = {(m.round, m.number): m for m in tournament.matches.all()}

    @cached_property
    def seeded(self) -> list[int]:
        return [entrant.id for entrant in self.entrants]

    @cached_property
    def seed_of(self) -> dict[int, int]:
        return {entrant.id: entrant.seed for entrant in self.entrants}

    @cached_property
    def names(self) -> dict[int, str]:
        return {entrant.id: entrant.name for entrant in self.entrants}

    @cached_property
    def rounds(self) -> list[list[draw.Match]]:
        winners = {key: row.winner_id for key, row in self.rows.items() if row.winner_id}
        return draw.bracket(self.seeded, winners)

    @property
    def bracket(self) -> list[list[BracketMatch]]:
        return [[BracketMatch(m.round, m.number, m.players,
                              row.game_id if (row := self.rows.get((m.round, m.number))) else None,
                              m.winner, m.bye) for m in matches] for matches in self.rounds]

    @property
    def bracket_rounds(self) -> list[dict]:
        return [{"round": index, "matches": matches}
                for index, matches in enumerate(self.bracket, start=1)]

    @property
    def champion(self) -> int | None:
        return draw.champion(self.rounds)

    @property
    def champion_name(self) -> str | None:
        return self.names.get(self.champion) if self.champion is not None else None

    @property
    def pot(self) -> int:
        return self.tournament.entry_fee * len(self.entrants)

    @cached_property
    def prizes(self) -> dict[int, int] | None:
        if self.champion is None:
            return None
        return draw.prizes(self.pot, self.tournament.payouts, draw.placings(self.rounds),
                           self.seed_of)

    @property
    def placings(self) -> list[Placing]:
        places = draw.placings(self.rounds)
        prizes = self.prizes
        return [Placing(player, place, None if prizes is None else prizes.get(player, 0))
                for player, place in sorted(places.items(),
                                            key=lambda i: (i[1], self.seed_of[i[0]]))]

    def expected_transfers(self) -> list[engine.Transfer]:
        """What the ledger must hold: every entry fee, and the prizes once it is finished."""
        transfers = draw.entry_transfers(self.seeded, self.tournament.entry_fee)
        if self.prizes is not None:
            transfers += draw.payout_transfers(self.prizes, self.seed_of)
        return transfers

    def verify(self) -> list[str]:
        return tournament_ledger.verify(self.tournament.pk, self.expected_transfers())


CSV_COLUMNS = ["tournament_id", "tournament", "status", "currency", "seed", "player_id",
               "player", "place", "entry_fee", "prize", "net"]


def csv_rows(view: TournamentView):
    """The tournament's export (docs/api.md, "Tournaments"): a header, then one row per
    player by seed, with the place reached so far and the money (prize and net once it is
    finished, blank before)."""
    yield CSV_COLUMNS
    t = view.tournament

    def amount(minor: int) -> Decimal:
        # A Decimal, so that the CSV writer takes it for a number and a loss's "-" is not
        # guarded as a formula (as services.reports writes money).
        return Decimal(engine.format_money(minor))

    places = {p.player: p for p in view.placings}
    for entrant in view.entrants:
        placing = places.get(entrant.id)
        prize = placing.prize if placing is not None else (0 if view.prizes else None)
        yield [t.pk, t.name, t.status, t.currency, entrant.seed, entrant.id, entrant.name,
               placing.place if placing else "", amount(t.entry_fee),
               "" if prize is None else amount(prize),
               "" if prize is None else amount(prize - t.entry_fee)]


def visible_tournament(who, tournament_id: int) -> Tournament:
    """The tournament, if the policy lets `who` read its club; Hidden (404) otherwise, as
    for a game of another club."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Hidden("No such object")
    allowed(who, "club.read", tournament.club_id)
    return tournament


def check_club(who, club_id: int, action: str = "club.read") -> None:
    """Whether the policy lets `who` do `action` in the club (read its tournaments, or
    start one): Hidden for a stranger, Refused for a member with too little."""
    allowed(who, action, club_id)


def club_tournaments(club_id: int):
    return Tournament.objects.filter(club_id=club_id).order_by("-created_at", "-id")


def finished_between(club_id: int, start, end) -> list[TournamentView]:
    """The club's tournaments finished that started from `start` to `end` (both included),
    oldest first: the season's books count them (services.season)."""
    rows = Tournament.objects.filter(started_on_days(start, end), club_id=club_id,
                                     status=Tournament.Status.FINISHED)
    return [TournamentView(t) for t in rows.order_by("created_at", "id")]


def finished_in_club(club_id: int) -> list[TournamentView]:
    """Every finished tournament of the club, oldest first: the API's club report counts
    them over the club's whole history, as it counts the games (services.reports)."""
    rows = Tournament.objects.filter(club_id=club_id, status=Tournament.Status.FINISHED)
    return [TournamentView(t) for t in rows.order_by("created_at", "id")]


def add_to_season(finished: list[TournamentView], players: dict, make) -> None:
    """Each player's tournament wins and prize money into the season's `players` (player
    id -> PlayerSeason; `make(id, name)` adds one who played no game in the period)."""
    for view in finished:
        for placing in view.placings:
            who = players.get(placing.player) or players.setdefault(
                placing.player, make(placing.player, view.names[placing.player]))
            currency = view.tournament.currency
            who.prizes[currency] = who.prizes.get(currency, 0) + (placing.prize or 0)
            who.tournament_wins += placing.place == 1


# --- Starting ---------------------------------------------------------------------------------


def create_tournament(*, club: Club, name: str, preset: str, rules: dict | None,
                      players: list[str], seeding: str, entry_fee: int, payouts: list[int],
                      currency: str = "EUR", user, request_id: str = "") -> TournamentView:
    """Draw the field (at random, or in the order given: the first is seed 1), book every
    entry fee into the tournament's pot and start the matches that can be played."""
    actor = allowed(user, "tournament.create", club.pk)
    resolved = _match_rules(preset, rules)
    names = _entrant_names(players)
    draw.check_field(len(names))
    draw.check_payouts(payouts, len(names))
    if seeding not in Tournament.Seeding.values:
        raise ServiceError('seeding is "random" or "ordered"', field="seeding", code="invalid")
    if seeding == Tournament.Seeding.RANDOM:
        secrets.SystemRandom().shuffle(names)
    try:
        name = clean_name(name or "", allow_blank=True)[:100] or gettext("Tournament")
    except InvalidName as problem:
        raise ServiceError(problem.message, field="name", code=problem.code) from None
    with transaction.atomic():
        Club.objects.select_for_update().only("pk").get(pk=club.pk)
        tournament = Tournament.objects.create(
            club=club, name=name, preset=preset, rules=resolved.to_dict(), currency=currency,
            seeding=seeding, entry_fee=entry_fee, payouts=list(payouts), created_by=actor)
        TournamentEntry.objects.bulk_create([
            TournamentEntry(tournament=tournament, player=player, seed=seed)
            for seed, player in enumerate(_club_players(club, names), start=1)])
        _advance(tournament, user=user, request_id=request_id, reason="tournament started")
    return TournamentView(tournament)


def _match_rules(preset: str, rules: dict | None) -> engine.Rules:
    try:
        return draw.match_rules(preset, **(rules or {}))
    except RulesError as error:
        # The engine's reason is kept, so that the pages say it in the reader's language.
        raise ServiceError(error.reason or error.message, error.params,
                           field=error.field or "rules",
                           code=getattr(error, "code", "invalid")) from None


def _entrant_names(players) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ServiceError("players must be a list of names", field="players", code="invalid")
    names, keys = [], set()
    for index, raw in enumerate(players):
        try:
            name = clean_name(raw)
        except InvalidName as problem:
            raise ServiceError(problem.message, field=f"players[{index}]",
                               code=problem.code) from None
        if name_key(name) in keys:
            raise ServiceError(f"{name} is in the field twice", field=f"players[{index}]",
                               code="duplicate")
        keys.add(name_key(name))
        names.append(name)
    return names


def _club_players(club: Club, names: list[str]) -> list[Player]:
    """The club's players of these names (by the name's key, as a game seats them), new
    ones made; a new name that looks like a member's is refused (docs/security.md)."""
    existing = {name_key(p.name): p for p in Player.objects.filter(club=club)}
    result = []
    for index, name in enumerate(names):
        player = existing.get(name_key(name))
        if player is None:
            other = look_alike(name, (p.name for p in existing.values()))
            if other is not None:
                raise ServiceError("player_looks_like_member", {"name": name, "other": other},
                                   field=f"players[{index}]", code="look_alike")
            player = Player.objects.create(club=club, name=name)
            existing[name_key(name)] = player
        result.append(player)
    return result


# --- Advancing --------------------------------------------------------------------------------


def match_changed(game: Game, state: engine.Game, *, user, request_id: str = "",
                  reason: str = "") -> None:
    """A match game's rounds changed (a round entered or corrected), in the write's
    transaction: its winner is the game's, once it is over. A new winner advances at once;
    a changed winner is refused once the next match has a round (NextMatchStarted), and
    otherwise takes the next match's place, whose unplayed game is voided."""
    if game.tournament_id is None:
        return
    tournament = Tournament.objects.select_for_update().get(pk=game.tournament_id)
    row = TournamentMatch.objects.filter(game=game).first()
    if row is None:  # a game voided when its match was given another
        return
    winner = state.winner if state.status.ended else None
    if winner == row.winner_id:
        return
    if row.winner_id is not None:
        _free_next_match(tournament, row)
    row.winner_id = winner
    row.save(update_fields=["winner"])
    if winner is not None:
        webhooks.emit(tournament.club_id, MATCH_FINISHED, {
            "tournament": tournament.pk, "round": row.round, "match": row.number,
            "game": game.pk, "winner": winner})
    _advance(tournament, user=user, request_id=request_id,
             reason=reason or f"match {row.round}.{row.number}")


def _free_next_match(tournament: Tournament, row: TournamentMatch) -> None:
    """Before a match's winner changes: the next match must not have begun; its game, not
    played yet, is voided (its players change), and the match waits for its game again."""
    rounds = draw.round_count(tournament.entries.count())
    following = draw.next_match(row.round, row.number, rounds)
    if following is None:
        return
    later = TournamentMatch.objects.filter(tournament=tournament, round=following[0],
                                           number=following[1]).first()
    if later is None:
        return
    if load_game(later.game_id).rounds:  # the rounds that count (none undone)
        # In the reader's language: the round form shows it as it is.
        raise NextMatchStarted(gettext(
            "The winner of round %(round)s, match %(match)s cannot change: the next match "
            "(round %(next_round)s, match %(next_match)s) has begun. Correct that match "
            "first, back to no rounds, or leave this one's winner as it is") % {
                "round": row.round, "match": row.number, "next_round": following[0],
                "next_match": following[1]})
    game_id = later.game_id
    later.delete()
    # The tournament's doing, not a decision of whoever corrected the earlier match.
    delete_game(game_id=game_id, user=OPERATOR, request_id=f"tournament {tournament.pk}")


def _advance(tournament: Tournament, *, user, request_id: str, reason: str) -> None:
    """Start every match whose two players are known and that has no game yet; mark the
    tournament finished or running; bring its ledger in line with its facts."""
    view = TournamentView(tournament)
    for matches in view.rounds:
        for match in matches:
            if match.ready and match.winner is None and (match.round, match.number) \
                    not in view.rows:
                _start_match(tournament, view, match, user)
    view = TournamentView(tournament)
    status = (Tournament.Status.FINISHED if view.champion is not None
              else Tournament.Status.RUNNING)
    finished_now = status != tournament.status and status == Tournament.Status.FINISHED
    tournament.status = status
    tournament.version += 1
    tournament.save(update_fields=["status", "version"])
    acting = policy.acting_user(user)  # as a game's ledger names who wrote it
    actor = acting.get_username() if acting is not None else ""
    tournament_ledger.sync(view.expected_transfers(), tournament_id=tournament.pk,
                           currency=tournament.currency, actor=actor, reason=reason,
                           request_id=request_id)
    if finished_now:
        webhooks.emit(tournament.club_id, FINISHED, {
            "tournament": tournament.pk, "winner": view.champion,
            "placings": [{"player": p.player, "place": p.place,
                          "prize": engine.format_money(p.prize or 0)} for p in view.placings]})


def _start_match(tournament: Tournament, view: TournamentView, match: draw.Match,
                 user) -> None:
    name = gettext("%(name)s: round %(round)s, match %(match)s") % {
        "name": tournament.name, "round": match.round, "match": match.number}
    game_view = start_game(
        club=tournament.club, name=name[:100], preset=tournament.preset,
        rules=dict(tournament.rules), players=[view.names[p] for p in match.players],
        currency=tournament.currency, user=user)
    Game.objects.filter(pk=game_view.game.pk).update(tournament=tournament)
    TournamentMatch.objects.create(tournament=tournament, round=match.round,
                                   number=match.number, game=game_view.game)
