from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.doc_entry import DocEntry
    from ..models.doc_game_rules import DocGameRules
    from ..models.doc_rebuy import DocRebuy
    from ..models.doc_round import DocRound
    from ..models.doc_seat import DocSeat
    from ..models.doc_standings import DocStandings
    from ..models.doc_voided import DocVoided


T = TypeVar("T", bound="DocGame")


@_attrs_define
class DocGame:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        id (int): The exporting side's game id (for reference).
        name (str):
        preset (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        rules (DocGameRules): Every rule parameter, frozen when the game began.
        currency (str):
        carried_in (str): Decimal text: "5.00".
        closed (bool):
        version (int):
        created_at (datetime.datetime | None):
        seats (list[DocSeat]):
        rounds (list[DocRound]): Every revision of every round.
        rebuys (list[DocRebuy]):
        ledger (list[DocEntry]): Every ledger entry, reversals included.
        standings (DocStandings): What the facts make of the game: compared with what they give on import.
        voided (DocVoided | None | Unset): Set when the game was deleted or voided: every movement reversed.
    """

    id: int
    name: str
    preset: PresetEnum
    rules: DocGameRules
    currency: str
    carried_in: str
    closed: bool
    version: int
    created_at: datetime.datetime | None
    seats: list[DocSeat]
    rounds: list[DocRound]
    rebuys: list[DocRebuy]
    ledger: list[DocEntry]
    standings: DocStandings
    voided: DocVoided | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.doc_voided import DocVoided  # noqa: PLC0415

        id = self.id

        name: str
        name = self.name

        preset = self.preset.value

        rules = self.rules.to_dict()

        currency = self.currency

        carried_in = self.carried_in

        closed = self.closed

        version = self.version

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        rebuys = []
        for rebuys_item_data in self.rebuys:
            rebuys_item = rebuys_item_data.to_dict()
            rebuys.append(rebuys_item)

        ledger = []
        for ledger_item_data in self.ledger:
            ledger_item = ledger_item_data.to_dict()
            ledger.append(ledger_item)

        standings = self.standings.to_dict()

        voided: dict[str, Any] | None | Unset
        if isinstance(self.voided, Unset):
            voided = UNSET
        elif isinstance(self.voided, DocVoided):
            voided = self.voided.to_dict()
        else:
            voided = self.voided

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "preset": preset,
                "rules": rules,
                "currency": currency,
                "carried_in": carried_in,
                "closed": closed,
                "version": version,
                "created_at": created_at,
                "seats": seats,
                "rounds": rounds,
                "rebuys": rebuys,
                "ledger": ledger,
                "standings": standings,
            }
        )
        if voided is not UNSET:
            field_dict["voided"] = voided

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.doc_entry import DocEntry  # noqa: PLC0415
        from ..models.doc_game_rules import DocGameRules  # noqa: PLC0415
        from ..models.doc_rebuy import DocRebuy  # noqa: PLC0415
        from ..models.doc_round import DocRound  # noqa: PLC0415
        from ..models.doc_seat import DocSeat  # noqa: PLC0415
        from ..models.doc_standings import DocStandings  # noqa: PLC0415
        from ..models.doc_voided import DocVoided  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> str:
            return cast(str, data)

        name = _parse_name(d.pop("name"))

        preset = PresetEnum(d.pop("preset"))

        rules = DocGameRules.from_dict(d.pop("rules"))

        currency = d.pop("currency")

        carried_in = d.pop("carried_in")

        closed = d.pop("closed")

        version = d.pop("version")

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = DocSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = DocRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        rebuys = []
        _rebuys = d.pop("rebuys")
        for rebuys_item_data in _rebuys:
            rebuys_item = DocRebuy.from_dict(rebuys_item_data)

            rebuys.append(rebuys_item)

        ledger = []
        _ledger = d.pop("ledger")
        for ledger_item_data in _ledger:
            ledger_item = DocEntry.from_dict(ledger_item_data)

            ledger.append(ledger_item)

        standings = DocStandings.from_dict(d.pop("standings"))

        def _parse_voided(data: object) -> DocVoided | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                voided_type_0 = DocVoided.from_dict(data)

                return voided_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocVoided | None | Unset, data)

        voided = _parse_voided(d.pop("voided", UNSET))

        doc_game = cls(
            id=id,
            name=name,
            preset=preset,
            rules=rules,
            currency=currency,
            carried_in=carried_in,
            closed=closed,
            version=version,
            created_at=created_at,
            seats=seats,
            rounds=rounds,
            rebuys=rebuys,
            ledger=ledger,
            standings=standings,
            voided=voided,
        )

        return doc_game
