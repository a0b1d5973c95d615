"""The tournament document ("scorekeeper-tournament"), described once as the game and session
documents are (services.documents, whose parts it is made of): these serializers check it on
import and describe it in the OpenAPI schema (docs/api.md, "Export, import and the club
report").

Each match's game is a game part of the game document, checked as one. What ties the parts
together is checked here, in the document's order, each refusal naming its path
("tournament.matches[2].winner"): the field by seed from 1, each name and seed once; the
payout table as a new tournament's (rules.bracket.check_payouts); each match one that the
draw and the winners before it make, played under the tournament's rules (and from no
carried pot) by the two players the bracket puts there, its winner one of them; every match
that is ready having its game; the ledger's accounts the tournament's. That the games'
facts give the standings and winners the document says, and that the books verify, is
checked on import (services.tournament_exports).
"""

from rest_framework import serializers

from .. import rules as engine
from ..rules import RulesError
from ..rules import bracket as draw
from .documents import (
    FORMAT_TOURNAMENT,
    MAX_ENTRIES,
    AmountField,
    DocEntrySerializer,
    DocGameSerializer,
    DocHeaderSerializer,
    DocSerializer,
    DocSessionSerializer,
    FormatField,
    _check_ledger,
    _fail,
    _moment,
    _number,
    _text,
    read_body,
)
from .fields import CurrencyCodeField, IdField, NameField, PresetField, StrictIntegerField
from .lifecycle import MAX_NAME

SEEDINGS = ["random", "ordered"]
STATUSES = ["running", "finished"]
TOURNAMENT_ACCOUNTS = "the entrants' (player:<id of an entrant>) and pot"


class DocEntrantSerializer(DocSerializer):
    seed = _number(1, help_text="1 the best; the draw's order.")
    player = NameField(max_length=MAX_NAME, trim_whitespace=False,
                       help_text="The player's name (unique in a club).")
    id = IdField(help_text="The exporting side's player id, whose account the ledgers name.")


class DocMatchSerializer(DocSerializer):
    round = _number(1, help_text="1 the first; the last is the final.")
    number = _number(1, help_text="The match's place in its round, from 1.")
    winner = _text(MAX_NAME, allow_null=True, help_text="null while the match is played.")
    session = DocSessionSerializer(help_text="The table session its game sat in.")
    game = DocGameSerializer(help_text="The match's game, as a game document holds it.")


class DocPlacingSerializer(DocSerializer):
    player = _text(MAX_NAME)
    place = _number(1)
    prize = _text(20, allow_null=True, help_text="Once the tournament is finished.")


class DocTournamentStandingsSerializer(DocSerializer):
    """What the facts make of the tournament: compared with what they give on import."""

    winner = _text(MAX_NAME, allow_null=True)
    pot = _text(20)
    placings = DocPlacingSerializer(many=True, max_length=draw.MAX_PLAYERS)


class DocTournamentSerializer(DocSerializer):
    id = IdField(help_text="The exporting side's tournament id (for reference).")
    name = NameField(max_length=100, allow_blank=True, trim_whitespace=False)
    preset = PresetField()
    rules = serializers.DictField(help_text="Every match's rules, resolved (a GinRules).")
    currency = CurrencyCodeField()
    seeding = serializers.ChoiceField(choices=SEEDINGS)
    entry_fee = AmountField()
    payouts = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=100), max_length=draw.MAX_PLAYERS,
        help_text="Percent of the pool by place, best first.")
    # Text, as a game's derived status is: a second enum of these two values in the schema
    # would cost the Tournament's its name (TournamentStatusEnum).
    status = _text(10, help_text='"running" or "finished": derived, checked on import.')
    version = _number(1)
    created_at = _moment(allow_null=True)
    players = DocEntrantSerializer(many=True, max_length=draw.MAX_PLAYERS,
                                   help_text="The field by seed.")
    matches = DocMatchSerializer(many=True, max_length=draw.MAX_PLAYERS,
                                 help_text="Every match played or being played, by round and "
                                           "number; a bye has none.")
    ledger = DocEntrySerializer(many=True, max_length=MAX_ENTRIES,
                                help_text="The tournament's own entries: entry fees in, "
                                          "prizes out.")
    standings = DocTournamentStandingsSerializer(
        help_text="Derived from the facts; checked on import.")

    def validate_status(self, value: str) -> str:
        if value not in STATUSES:
            _fail("", f"{value!r} is no tournament's status: it is running or finished")
        return value

    def validate_rules(self, value: dict) -> engine.Rules:
        try:
            rules = engine.Rules.from_dict(value)
        except RulesError as error:
            _fail(error.within("rules").field or "",
                  f"The frozen rules are not valid: {error.message}", error.code)
        if rules.family != draw.MATCH_FAMILY or rules.tournament:
            _fail("", "A club tournament's matches are Gin matches of two", "not_supported")
        return rules

    def validate(self, data: dict) -> dict:
        names = _check_field(data["players"])
        try:
            draw.check_payouts(data["payouts"], len(names))
        except RulesError as error:
            _fail("payouts", error.message, error.code)
        _check_matches(data["matches"], names, data["rules"])
        keys = {draw.player_key(entrant["id"]) for entrant in data["players"]} | {draw.POT}
        _check_ledger(data["ledger"], keys, TOURNAMENT_ACCOUNTS, "tournament")
        return data


def _check_field(players: list[dict]) -> list[str]:
    """The field by seed from 1, each player and id once; the names by seed."""
    seeds, names, ids = set(), set(), set()
    for index, entrant in enumerate(players):
        where = f"players[{index}]"
        if entrant["seed"] in seeds:
            _fail(f"{where}.seed", f"seed {entrant['seed']} is given twice", "duplicate_seed")
        if entrant["seed"] != index + 1:
            _fail(f"{where}.seed", f"the field is listed by seed from 1: seed {index + 1} "
                                   "expected")
        name = entrant["player"]
        if name != name.strip():
            _fail(f"{where}.player", "a name has no leading or trailing spaces")
        if name in names:
            _fail(f"{where}.player", f"{name} is in the field twice", "duplicate_player")
        if entrant["id"] in ids:
            _fail(f"{where}.id", f"player id {entrant['id']} is in the field twice",
                  "duplicate_player")
        seeds.add(entrant["seed"])
        names.add(name)
        ids.add(entrant["id"])
    try:
        draw.check_field(len(players))
    except RulesError as error:
        _fail("players", error.message, error.code)
    return [entrant["player"] for entrant in players]


def _check_matches(matches: list[dict], names: list[str], rules: engine.Rules) -> None:
    """Each match, in the order of the bracket, one the draw and the winners listed before it
    make, played under the tournament's rules by the players the bracket puts there and won
    by one of them; at the end, every match whose two players are known has its game."""
    seed_of = {name: seed for seed, name in enumerate(names, start=1)}
    seeds = list(range(1, len(names) + 1))
    winners: dict[tuple[int, int], int] = {}
    before = (0, 0)
    for index, match in enumerate(matches):
        where = f"matches[{index}]"
        key = (match["round"], match["number"])
        label = f"match {key[0]}.{key[1]}"
        if key <= before:
            _fail(where, f"{label} is listed twice or out of order: matches are listed by "
                         "round, then number", "inconsistent_facts")
        before = key
        if match["game"]["rules"].to_dict() != rules.to_dict():
            _fail(f"{where}.game.rules", f"the game of {label} is not played under the "
                                         "tournament's rules", "inconsistent_facts")
        if match["game"]["carried_in"]:
            _fail(f"{where}.game.carried_in", f"the game of {label} took a carried pot: a "
                                              "match's game starts from none",
                  "inconsistent_facts")
        seats = [seat["player"] for seat in match["game"]["seats"]]
        for at, name in enumerate(seats):
            if name not in seed_of:
                _fail(f"{where}.game.seats[{at}].player",
                      f"{name!r} is not in the tournament's field", "unknown_player")
        rounds = draw.bracket(seeds, winners)
        if key[0] > len(rounds) or key[1] > len(rounds[key[0] - 1]):
            _fail(where, f"a bracket of {len(names)} players has no {label}",
                  "inconsistent_facts")
        planned = rounds[key[0] - 1][key[1] - 1]
        if not planned.ready:
            _fail(where, f"{label} is a bye or waits for a winner before it: nobody plays it "
                         "yet", "inconsistent_facts")
        drawn = [names[seed - 1] for seed in planned.players]
        if seats != drawn:
            _fail(f"{where}.game.seats", f"{label} is played by {' and '.join(drawn)} (the "
                                         "draw and the winners before it), not by "
                                         f"{' and '.join(seats)}", "inconsistent_facts")
        winner = match["winner"]
        if winner is not None:
            if winner not in seats:
                _fail(f"{where}.winner", f"{winner!r} does not play in {label}: its players "
                                         f"are {' and '.join(seats)}", "inconsistent_facts")
            winners[key] = seed_of[winner]
    listed = {(match["round"], match["number"]) for match in matches}
    for planned in (m for r in draw.bracket(seeds, winners) for m in r):
        if planned.ready and (planned.round, planned.number) not in listed:
            _fail("matches", f"match {planned.round}.{planned.number} has its two players but "
                             "no game: every match that can be played has one",
                  "inconsistent_facts")


class TournamentDocumentSerializer(DocHeaderSerializer):
    format = FormatField(choices=[FORMAT_TOURNAMENT])
    tournament = DocTournamentSerializer()


def read_tournament(document: dict) -> dict:
    """The whole tournament document (its header read), checked: its validated data."""
    return read_body(document, TournamentDocumentSerializer, "tournament", dict,
                     "must be an object")
