"""The export document, described once: these serializers check a document on import and
describe it in the OpenAPI schema (docs/api.md, "Export, import and the club report").

A document is read in two steps. `read_header` checks the header alone (format,
version, export id), because a document of another format or version may hold
anything after it; `read_document` then checks the whole document: the shape of
every value with the strict fields the API shares (services.fields: a "5" is no
number), then in the `validate` methods what ties the values together (rounds in
order, a seat's player once, hands of seated players, reversals that mirror their
entries, accounts of the table). The first thing wrong, in the document's order,
refuses the import as an ImportRefused whose `field` is its path
("game.rounds[3].hands[1].player").
"""

import re
import uuid
from datetime import UTC

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.settings import api_settings

from ledger import services as ledger

from .. import rules as engine
from ..names import name_key
from ..rules import RulesError
from .errors import ServiceError
from .fields import (
    BoundedList,
    CurrencyCodeField,
    FromField,
    IdField,
    NameField,
    PresetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
)
from .lifecycle import MAX_NAME, MAX_PLAYERS

FORMAT_GAME = "scorekeeper-game"
FORMAT_SESSION = "scorekeeper-session"
FORMAT_TOURNAMENT = "scorekeeper-tournament"  # its parts: services.tournament_documents
VERSION = 1

# Bounds on what one document may hold, far above any real evening.
MAX_GAMES = 500
MAX_ROUNDS = 5000  # revisions included
MAX_ENTRIES = 100_000
MAX_INT = 2**31 - 1
MAX_MELDS = 40  # melds one player lays in a Rami round
MAX_MELD = 20  # cards of one meld


class ImportRefused(ServiceError):
    """The document cannot be imported; nothing was written. `field` is a path into it."""

    code = "invalid_document"
    status = 400


class ExportIdReused(ServiceError):
    """The export id was imported into this club before, from another document."""

    code = "export_id_reused"
    status = 409


def refuse(message: str, path: str | None, code: str = "invalid_document"):
    raise ImportRefused(message, field=path or None, code=code)


# --- Fields ------------------------------------------------------------------------------------


def _text(most: int, **kwargs) -> StrictCharField:
    """Text kept as written (no trimming), at most `most` characters."""
    return StrictCharField(max_length=most, trim_whitespace=False, **kwargs)


def _number(least: int = 0, **kwargs) -> StrictIntegerField:
    return StrictIntegerField(min_value=least, max_value=MAX_INT, **kwargs)


def _moment(**kwargs) -> serializers.DateTimeField:
    """A date and time in ISO 8601; one without a zone is taken as UTC."""
    return serializers.DateTimeField(default_timezone=UTC, **kwargs)


class FormatField(serializers.ChoiceField):
    """The document's format: a text other than these is not a Scorekeeper document."""

    def to_internal_value(self, data):
        if not isinstance(data, str) or data not in self.choices:
            known = " or ".join(repr(choice) for choice in self.choices)
            raise ValidationError(f"{data!r} is not a Scorekeeper document: the format is "
                                  f"{known}", code="unknown_format")
        return data


class VersionField(StrictIntegerField):
    """The format's version: this Scorekeeper reads VERSION only."""

    def __init__(self, **kwargs):
        super().__init__(min_value=VERSION, max_value=VERSION, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool) or data != VERSION:
            raise ValidationError(f"Version {data!r} of the format cannot be read here; this "
                                  f"Scorekeeper reads version {VERSION}",
                                  code="unsupported_version")
        return data


class ExportIdField(serializers.UUIDField):
    """A UUID as text (DRF's own field would take a number as well)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid", value=data)
        return super().to_internal_value(data)


class AmountField(StrictCharField):
    """An amount as decimal text ("5.00"), read into minor units by the rules engine."""

    def __init__(self, *, positive: bool = False, **kwargs):
        self.positive = positive
        kwargs.setdefault("help_text", 'Decimal text: "5.00".')
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise ValidationError('must be an amount as decimal text, e.g. "5.00"')
        try:
            amount = engine.parse_money(data)
        except RulesError as error:
            raise ValidationError(error.message) from None
        if self.positive and amount <= 0:
            raise ValidationError("an entry moves a positive amount")
        return amount


# --- Lists: a bound on their length, said as the document's code --------------------------------


class DocList(BoundedList):
    def to_internal_value(self, data):
        if isinstance(data, list) and self.max_length is not None and len(data) > self.max_length:
            raise ValidationError(f"holds {len(data)} items; a document holds at most "
                                  f"{self.max_length}", code="too_many")
        return super().to_internal_value(data)


class DocSerializer(StrictSerializer):
    """A part of a document: a key it does not know is refused, naming it."""

    class Meta:
        list_serializer_class = DocList


def _fail(path: str, message: str, code: str = "invalid_document"):
    """Refuse from a `validate` method: `path` is relative to the serializer validated."""
    raise ValidationError({path: [ErrorDetail(message, code=code)]} if path
                          else [ErrorDetail(message, code=code)])


# --- The header -----------------------------------------------------------------------------


class DocClubSerializer(DocSerializer):
    name = NameField(max_length=100, allow_blank=True, trim_whitespace=False,
                     help_text="The exporting club (for reference only).")


class DocSessionSerializer(DocSerializer):
    name = NameField(max_length=100, allow_blank=True, trim_whitespace=False)
    created_at = _moment(allow_null=True)


class DocHeaderSerializer(DocSerializer):
    """What every document starts with."""

    format = FormatField(choices=[FORMAT_GAME, FORMAT_SESSION, FORMAT_TOURNAMENT])
    version = VersionField()
    export_id = ExportIdField(help_text="The import's idempotency key.")
    exported_at = _moment()
    club = DocClubSerializer()


class DocTableHeaderSerializer(DocHeaderSerializer):
    """The header of a game's or a session's document: the table session they sat in."""

    session = DocSessionSerializer()


# --- A game -----------------------------------------------------------------------------------


class DocSeatSerializer(DocSerializer):
    number = _number(help_text="0 deals first.")
    player = NameField(max_length=MAX_NAME, trim_whitespace=False,
                       help_text="The player's name (unique in a club).")
    id = IdField(help_text="The exporting side's player id, whose account the ledger names.")


class DocHandSerializer(DocSerializer):
    player = _text(MAX_NAME)
    position = _number()
    deadwood = _number(allow_null=True)
    cards = _text(200, allow_blank=True, allow_null=True,
                  help_text="Card texts separated by spaces.")
    laid = _number(required=False, allow_null=True, default=None,
                   help_text="Rami: the points laid in the round, as typed.")
    laid_melds = serializers.ListField(
        child=serializers.ListField(child=_text(10), max_length=MAX_MELD),
        max_length=MAX_MELDS, required=False, allow_null=True, default=None,
        help_text="Rami: the melds laid in the round, as card texts.",
    )


class DocPenaltySerializer(DocSerializer):
    player = _text(MAX_NAME)
    points = _number(1, help_text="A whole number of the rules' penalty.")


class DocRoundSerializer(DocSerializer):
    number = _number(1)
    revision = _number(help_text="0 as entered; each correction adds one.")
    ender = _text(MAX_NAME, allow_null=True, help_text="null for a void Gin round.")
    void = StrictBooleanField(required=False, default=False,
                              help_text="A Gin round abandoned (docs/rules.md 8).")
    match = _number(1, required=False, allow_null=True, default=None,
                    help_text="A Gin tournament's match, when the round named it.")
    big_gin = StrictBooleanField(required=False, default=False,
                                 help_text="A Gin round won by a Big Gin (docs/rules.md 8).")
    upcard = _text(3, required=False, allow_null=True, default=None,
                   help_text='Oklahoma Gin: the deal\'s first upcard ("7S").')
    ender_melds = serializers.ListField(
        child=serializers.ListField(child=_text(10), max_length=20),
        max_length=20, allow_null=True,
    )
    finish = _text(12, required=False, allow_blank=True, default="",
                   help_text='Rami: "none", "rummy" or "own_cards"; "" for other families.')
    penalties = DocPenaltySerializer(many=True, max_length=MAX_PLAYERS * 10, required=False,
                                     allow_null=True, default=None,
                                     help_text="Rami: the round's penalties.")
    reason = _text(255, allow_blank=True)
    entered_at = _moment(allow_null=True)
    hands = DocHandSerializer(many=True, max_length=MAX_PLAYERS)


class DocVoidedSerializer(DocSerializer):
    at = _moment(allow_null=True)
    reason = _text(255)


class DocRebuySerializer(DocSerializer):
    player = _text(MAX_NAME)
    after_round = _number()
    entered_at = _moment(allow_null=True)


class DocEntrySerializer(FromField, DocSerializer):
    """A ledger entry as it was written; `batch` and `reverses` are positions in the document."""

    seq = _number(1, help_text="1, 2, 3... in the order written.")
    batch = _number(help_text="0, 1, 2...: entries of one money event.")
    kind = serializers.ChoiceField(choices=list(ledger.KINDS))
    from_ = _text(50, source="source", help_text='An account: "player:<seat id>", "pot", '
                                                 '"kitty" or "carry".')
    to = _text(50, source="target")
    amount = AmountField(positive=True)
    round = _number(1, allow_null=True)
    reverses = _number(1, allow_null=True, help_text="The seq it cancels.")
    created_at = _moment(allow_null=True)
    actor = _text(150, allow_blank=True)
    reason = _text(255, allow_blank=True)


class DocStandingSerializer(DocSerializer):
    player = _text(MAX_NAME)
    seat = _number()
    total = StrictIntegerField()
    state = _text(20)
    rebought = StrictBooleanField()
    place = _number(1, allow_null=True)
    balance = _text(20)


class DocPayoutSerializer(DocSerializer):
    player = _text(MAX_NAME)
    amount = _text(20)


class DocStandingsSerializer(DocSerializer):
    """What the facts make of the game: compared with what they give on import."""

    status = _text(20)
    round_count = _number()
    pot = _text(20)
    kitty = _text(20)
    carried_out = _text(20)
    winner = _text(MAX_NAME, allow_null=True)
    players = DocStandingSerializer(many=True, max_length=MAX_PLAYERS)
    payouts = DocPayoutSerializer(many=True, max_length=MAX_PLAYERS)


class DocGameSerializer(DocSerializer):
    id = IdField(help_text="The exporting side's game id (for reference).")
    name = NameField(max_length=100, allow_blank=True, trim_whitespace=False)
    preset = PresetField()
    rules = serializers.DictField(help_text="Every rule parameter, frozen when the game began.")
    # The currencies a game can be kept in, as the API's game start takes them.
    currency = CurrencyCodeField()
    carried_in = AmountField()
    closed = StrictBooleanField()
    voided = DocVoidedSerializer(
        required=False, allow_null=True, default=None,
        help_text="Set when the game was deleted or voided: every movement reversed.")
    version = _number(1)
    created_at = _moment(allow_null=True)
    seats = DocSeatSerializer(many=True, max_length=MAX_PLAYERS)
    rounds = DocRoundSerializer(many=True, max_length=MAX_ROUNDS,
                                help_text="Every revision of every round.")
    rebuys = DocRebuySerializer(many=True, max_length=MAX_PLAYERS)
    ledger = DocEntrySerializer(many=True, max_length=MAX_ENTRIES,
                                help_text="Every ledger entry, reversals included.")
    standings = DocStandingsSerializer(help_text="Derived from the facts; checked on import.")

    def validate_rules(self, value: dict) -> engine.Rules:
        """The frozen rules, read by the engine: the import's game keeps them as they are."""
        try:
            rules = engine.Rules.from_dict(value)
        except RulesError as error:
            _fail(error.within("rules").field or "",
                  f"The frozen rules are not valid: {error.message}", error.code)
        try:
            # Every family the engine plays: knock, Gin, Basic Rummy, Rami.
            engine.family_for(rules)
        except RulesError as error:
            _fail("family", error.message, "not_supported")
        return rules

    def validate(self, data: dict) -> dict:
        _check_seats(data["seats"])
        seated = {seat["player"] for seat in data["seats"]}
        _check_rounds(data["rounds"], seated)
        _check_rebuys(data["rebuys"], seated)
        # The accounts of this table: the seats', the game's own and the session's.
        keys = ({engine.account(seat["id"]) for seat in data["seats"]}
                | {engine.POT, engine.KITTY} | ledger.SESSION_KEYS)
        _check_ledger(data["ledger"], keys)
        return data


def _check_seats(seats: list[dict]) -> None:
    keys, ids = set(), set()
    for index, seat in enumerate(seats):
        where = f"seats[{index}]"
        if seat["number"] != index:
            _fail(f"{where}.number", f"seats must be listed in seat order: seat {index} expected")
        name = seat["player"]
        if name != name.strip():
            _fail(f"{where}.player", "a name has no leading or trailing spaces")
        if name_key(name) in keys:
            _fail(f"{where}.player", f"{name} is seated twice", "duplicate_player")
        if seat["id"] in ids:
            _fail(f"{where}.id", f"player id {seat['id']} is seated twice", "duplicate_player")
        keys.add(name_key(name))
        ids.add(seat["id"])
    if len(seats) < 2:
        _fail("seats", "A game needs at least 2 players", "too_few_players")


def _check_seated(name: str, seated: set[str], where: str) -> None:
    if name not in seated:
        _fail(where, f"{name!r} does not sit at this game", "unknown_player")


def _check_rounds(rounds: list[dict], seated: set[str]) -> None:
    """Rounds by number from 1, each with its revisions from 0; hands of seated players."""
    expected = (1, 0)
    for index, round_ in enumerate(rounds):
        where = f"rounds[{index}]"
        number, revision = round_["number"], round_["revision"]
        if (number, revision) not in (expected, (expected[0] + 1, 0)) or (
            index == 0 and (number, revision) != (1, 0)
        ):
            _fail(where, f"round {number} revision {revision} is out of order: rounds are "
                         "listed by number from 1, each with its revisions from 0",
                  "inconsistent_facts")
        expected = (number, revision + 1)
        players = set()
        for position, hand in enumerate(round_["hands"]):
            at = f"{where}.hands[{position}]"
            _check_seated(hand["player"], seated, f"{at}.player")
            if hand["player"] in players:
                _fail(f"{at}.player", f"{hand['player']} has two hands in this round",
                      "duplicate_player")
            players.add(hand["player"])
            if hand["position"] != position:
                _fail(f"{at}.position", "hands must be listed by position from 0")
        if round_["ender"] is not None:
            _check_seated(round_["ender"], seated, f"{where}.ender")
        for at_penalty, penalty in enumerate(round_["penalties"] or ()):
            _check_seated(penalty["player"], seated, f"{where}.penalties[{at_penalty}].player")


def _check_rebuys(rebuys: list[dict], seated: set[str]) -> None:
    rebought = set()
    for index, rebuy in enumerate(rebuys):
        where = f"rebuys[{index}].player"
        _check_seated(rebuy["player"], seated, where)
        if rebuy["player"] in rebought:
            _fail(where, f"{rebuy['player']} re-bought twice; a re-buy is allowed once per game",
                  "inconsistent_facts")
        rebought.add(rebuy["player"])


GAME_ACCOUNTS = "the seats' (player:<id of a seat>), pot, kitty and carry"


def _check_ledger(entries: list[dict], keys: set[str], accounts: str = GAME_ACCOUNTS,
                  owner: str = "game") -> None:
    """Entries numbered in order, batches in order, accounts of this table (`keys`, said
    as `accounts`), and reversals that mirror an earlier entry once: as the ledger itself
    would check them."""
    batch = -1
    reversed_ = set()
    for index, entry in enumerate(entries):
        where = f"ledger[{index}]"
        seq = index + 1
        if entry["seq"] != seq:
            _fail(f"{where}.seq", f"entries must be numbered 1, 2, 3... in order: {seq} expected")
        if entry["batch"] not in (batch, batch + 1) or (index == 0 and entry["batch"] != 0):
            _fail(f"{where}.batch", "batches must be numbered 0, 1, 2... in the order they "
                                    "were written")
        batch = entry["batch"]
        for side, key in (("from", entry["source"]), ("to", entry["target"])):
            if key not in keys:
                _fail(f"{where}.{side}", f"{key!r} is not an account of this {owner}: the "
                                         f"accounts are {accounts}", "unknown_account")
        if entry["source"] == entry["target"]:
            _fail(where, "money must move between two accounts")
        cancels = entry["reverses"]
        if cancels is None:
            continue
        if cancels >= seq:
            _fail(f"{where}.reverses", "an entry can only reverse an earlier one")
        if cancels in reversed_:
            _fail(f"{where}.reverses", f"entry {cancels} is reversed twice",
                  "inconsistent_ledger")
        cancelled = entries[cancels - 1]
        if _mirror(entry) != _movement(cancelled):
            _fail(f"{where}.reverses", f"entry {seq} does not mirror entry {cancels}, which it "
                                       "claims to reverse", "inconsistent_ledger")
        reversed_.add(cancels)


def _movement(entry: dict) -> tuple:
    return (entry["source"], entry["target"], entry["amount"], entry["kind"], entry["round"])


def _mirror(entry: dict) -> tuple:
    return (entry["target"], entry["source"], entry["amount"], entry["kind"], entry["round"])


# --- The two documents ----------------------------------------------------------------------


class GameDocumentSerializer(DocTableHeaderSerializer):
    format = FormatField(choices=[FORMAT_GAME])
    game = DocGameSerializer()

    def validate(self, data: dict) -> dict:
        if data["game"]["carried_in"]:
            _fail("game.carried_in", "This game took a pot carried over from an earlier game "
                                     "of its session; import the whole session (its export) "
                                     "so that the pot comes with it",
                  "carried_pot_needs_session")
        return data


class DocNetSerializer(DocSerializer):
    player = _text(MAX_NAME)
    amount = _text(20)


class DocSessionStandingsSerializer(DocSerializer):
    carried_pot = _text(20)
    net = DocNetSerializer(many=True, max_length=MAX_GAMES * MAX_PLAYERS)


class SessionDocumentSerializer(DocTableHeaderSerializer):
    format = FormatField(choices=[FORMAT_SESSION])
    games = DocGameSerializer(many=True, max_length=MAX_GAMES)
    standings = DocSessionStandingsSerializer()

    def validate_games(self, games: list) -> list:
        if not games:
            _fail("", "A session document holds at least one game", "required")
        return games


SERIALIZERS = {FORMAT_GAME: GameDocumentSerializer, FORMAT_SESSION: SessionDocumentSerializer}
BODIES = {FORMAT_GAME: ("game", dict, "must be an object"),
          FORMAT_SESSION: ("games", list, "must be a list")}


# --- Reading ----------------------------------------------------------------------------------


def read_header(document, expected: str | None = None) -> tuple[str, uuid.UUID]:
    """The document's format and export id, once its header holds; else ImportRefused."""
    if not isinstance(document, dict):
        refuse("must be an object", None)
    # The header's keys alone: the body (session, game or games, standings) is read later.
    header = _checked(DocHeaderSerializer, {key: value for key, value in document.items()
                                            if key in DocHeaderSerializer().fields})
    kind = header["format"]
    if expected is not None and kind != expected:
        refuse(f"This is a {kind!r} document; {expected!r} was expected", "format",
               "unknown_format")
    return kind, header["export_id"]


def read_document(document: dict, kind: str) -> dict:
    """The whole document of format `kind` (its header read), checked: its validated data,
    with amounts in minor units, moments as datetimes and each game's rules resolved."""
    return read_body(document, SERIALIZERS[kind], *BODIES[kind])


def read_body(document: dict, serializer_class, body: str, shape: type, message: str) -> dict:
    """The document checked by `serializer_class`, once its `body` is of its `shape`."""
    # Without its body a document is not one of its format, rather than one incomplete.
    if not isinstance(document.get(body), shape):
        refuse(message, body)
    return _checked(serializer_class, document)


def _checked(serializer_class, document: dict) -> dict:
    serializer = serializer_class(data=document)
    if not serializer.is_valid():
        path, detail = _first_error(serializer.errors, "")
        refuse(_message(detail, path), path, _code(detail.code))
    return serializer.validated_data


def _first_error(detail, path: str) -> tuple[str, ErrorDetail] | None:
    """The first error of DRF's nested error detail, with its path: hands[2].cards."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                where = path
            elif isinstance(key, int):  # DRF keys the errors of a list's items by index
                where = f"{path}[{key}]"
            else:
                where = f"{path}.{key}" if path else str(key)
            found = _first_error(value, where)
            if found:
                return found
    elif isinstance(detail, list):
        for index, item in enumerate(detail):
            found = (path, item) if isinstance(item, ErrorDetail) else _first_error(
                item, f"{path}[{index}]")
            if found:
                return found
    elif isinstance(detail, ErrorDetail):
        return path, detail
    return None


# DRF's codes for a value of the wrong type or out of bounds: the document's invalid_document.
_SHAPE_CODES = {"invalid", "null", "not_a_list", "not_a_dict", "empty", "min_value",
                "max_value", "max_string_length", "invalid_choice", "date", "datetime",
                "make_aware", "overflow", "min_length"}
_CODES = {"blank": "required", "max_length": "too_long"}


def _code(code: str) -> str:
    return "invalid_document" if code in _SHAPE_CODES else _CODES.get(code, code)


def _message(detail: ErrorDetail, path: str) -> str:
    if detail.code == "required" and detail == serializers.Field.default_error_messages["required"]:
        name = re.split(r"[.\[]", path)[-1]  # game.rounds[0].hands -> hands
        return f"{name} is missing"
    return str(detail)
