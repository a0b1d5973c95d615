"""The API's shapes, one description each: input serializers check the shape of a request
(the rules are the engine's); output serializers turn the read model (services.GameView
and what the services return) into the JSON of docs/api.md and feed the OpenAPI schema.

One module per resource; this package gives every name at its top, as
`serializers.GameSerializer`. A family's round body is its own module's, in api/families/;
the hands those bodies share are here (hands.py). The strict
input fields and bodies are scorekeeper.services.fields, shared with the export
documents; they are given here too.
"""

from ...services.fields import (
    CURRENCIES,
    MAX_ID,
    MINOR_UNITS,
    BoundedList,
    FromField,
    IdField,
    NameField,
    PresetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    currency_problem,
)
from .clubs import (
    ClubInputSerializer,
    ClubSerializer,
    ClubWithRoleSerializer,
    MemberInputSerializer,
    MemberInvitedSerializer,
    MemberSerializer,
    SessionInputSerializer,
    SessionSerializer,
    TokenSerializer,
)
from .documents import DocumentPartSchema
from .errors import ErrorItemSerializer, ErrorSerializer
from .events import EventField, EventSerializer
from .fields import (
    NAME_OR_BLANK_PATTERN,
    NAME_PATTERN,
    CardsField,
    MessageField,
    MoneyField,
    NameFieldSchema,
    StrictSerializerSchema,
    data_of,
    money,
    validated,
)
from .games import (
    GAME_STATUSES,
    GameInputSerializer,
    GameListQuerySerializer,
    GamePageSerializer,
    GamePlayerSerializer,
    GameSerializer,
    GameSummarySerializer,
    MatchSerializer,
    PageQuerySerializer,
    PayoutSerializer,
    RebuyStateSerializer,
    VoidInputSerializer,
    VoidSerializer,
)
from .hands import DEADWOOD_ERRORS, HandInputSerializer, WholeHandInputSerializer
from .money import (
    LedgerEntrySerializer,
    NetSerializer,
    SettlementSerializer,
    TransferSerializer,
    VerifySerializer,
)
from .rounds import (
    CorrectionWithGameSerializer,
    RebuyInputSerializer,
    RebuyOfferSerializer,
    ResultSerializer,
    RoundSerializer,
    RoundWithGameSerializer,
    UndoneRebuySerializer,
)
from .rules import (
    CARD_VALUE_KEYS,
    MONEY_TEXT,
    RULE_KINDS,
    CurrencyField,
    EvaluateInputSerializer,
    EvaluateSerializer,
    PresetSerializer,
    RulesField,
    rule_problem,
)

__all__ = [
    "CARD_VALUE_KEYS", "CURRENCIES", "DEADWOOD_ERRORS", "GAME_STATUSES",
    "MAX_ID", "MINOR_UNITS", "MONEY_TEXT", "NAME_OR_BLANK_PATTERN", "NAME_PATTERN",
    "RULE_KINDS",
    "BoundedList", "CardsField", "ClubInputSerializer", "ClubSerializer",
    "ClubWithRoleSerializer", "CorrectionWithGameSerializer", "CurrencyField",
    "DocumentPartSchema",
    "ErrorItemSerializer", "ErrorSerializer", "EvaluateInputSerializer", "EvaluateSerializer",
    "EventField", "EventSerializer",
    "FromField", "GameInputSerializer", "GameListQuerySerializer", "GamePageSerializer",
    "GamePlayerSerializer", "GameSerializer", "GameSummarySerializer", "HandInputSerializer",
    "IdField", "LedgerEntrySerializer", "MatchSerializer", "MemberInputSerializer",
    "MemberInvitedSerializer", "MemberSerializer", "MessageField", "MoneyField", "NameField",
    "NameFieldSchema", "NetSerializer", "PageQuerySerializer", "PayoutSerializer",
    "PresetField", "PresetSerializer",
    "RebuyInputSerializer", "RebuyOfferSerializer", "RebuyStateSerializer",
    "ResultSerializer", "RoundSerializer", "RoundWithGameSerializer", "RulesField",
    "SessionInputSerializer", "SessionSerializer", "SettlementSerializer",
    "StrictBooleanField", "StrictCharField", "StrictIntegerField", "StrictSerializer",
    "StrictSerializerSchema", "TokenSerializer", "TransferSerializer",
    "UndoneRebuySerializer", "VerifySerializer", "VoidInputSerializer", "VoidSerializer",
    "WholeHandInputSerializer",
    "currency_problem", "data_of", "money", "rule_problem", "validated",
]
