from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.currency_enum import CurrencyEnum
from ..models.preset_enum import PresetEnum
from ..models.seeding_enum import SeedingEnum
from ..models.tournament_status_enum import TournamentStatusEnum

if TYPE_CHECKING:
    from ..models.bracket_round import BracketRound
    from ..models.entrant import Entrant
    from ..models.placing import Placing
    from ..models.tournament_rules import TournamentRules


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """The tournament, from a services.tournaments.TournamentView.

    Attributes:
        id (int):
        name (str):
        club (int):
        preset (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        rules (TournamentRules): Every match's rules, resolved (a GinRules).
        status (TournamentStatusEnum): * `running` - running
            * `finished` - finished
        seeding (SeedingEnum): * `random` - random
            * `ordered` - ordered
        currency (CurrencyEnum):
        entry_fee (str):
        payouts (list[int]):
        pot (str): The entry fees: the prize pool.
        players (list[Entrant]):
        bracket (list[BracketRound]):
        winner (int | None):
        placings (list[Placing]):
        version (int):
        created_at (datetime.datetime):
    """

    id: int
    name: str
    club: int
    preset: PresetEnum
    rules: TournamentRules
    status: TournamentStatusEnum
    seeding: SeedingEnum
    currency: CurrencyEnum
    entry_fee: str
    payouts: list[int]
    pot: str
    players: list[Entrant]
    bracket: list[BracketRound]
    winner: int | None
    placings: list[Placing]
    version: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        club = self.club

        preset = self.preset.value

        rules = self.rules.to_dict()

        status = self.status.value

        seeding = self.seeding.value

        currency = self.currency.value

        entry_fee = self.entry_fee

        payouts = self.payouts

        pot = self.pot

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        bracket = []
        for bracket_item_data in self.bracket:
            bracket_item = bracket_item_data.to_dict()
            bracket.append(bracket_item)

        winner: int | None
        winner = self.winner

        placings = []
        for placings_item_data in self.placings:
            placings_item = placings_item_data.to_dict()
            placings.append(placings_item)

        version = self.version

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "club": club,
                "preset": preset,
                "rules": rules,
                "status": status,
                "seeding": seeding,
                "currency": currency,
                "entry_fee": entry_fee,
                "payouts": payouts,
                "pot": pot,
                "players": players,
                "bracket": bracket,
                "winner": winner,
                "placings": placings,
                "version": version,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bracket_round import BracketRound  # noqa: PLC0415
        from ..models.entrant import Entrant  # noqa: PLC0415
        from ..models.placing import Placing  # noqa: PLC0415
        from ..models.tournament_rules import TournamentRules  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        club = d.pop("club")

        preset = PresetEnum(d.pop("preset"))

        rules = TournamentRules.from_dict(d.pop("rules"))

        status = TournamentStatusEnum(d.pop("status"))

        seeding = SeedingEnum(d.pop("seeding"))

        currency = CurrencyEnum(d.pop("currency"))

        entry_fee = d.pop("entry_fee")

        payouts = cast(list[int], d.pop("payouts"))

        pot = d.pop("pot")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = Entrant.from_dict(players_item_data)

            players.append(players_item)

        bracket = []
        _bracket = d.pop("bracket")
        for bracket_item_data in _bracket:
            bracket_item = BracketRound.from_dict(bracket_item_data)

            bracket.append(bracket_item)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        placings = []
        _placings = d.pop("placings")
        for placings_item_data in _placings:
            placings_item = Placing.from_dict(placings_item_data)

            placings.append(placings_item)

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        tournament = cls(
            id=id,
            name=name,
            club=club,
            preset=preset,
            rules=rules,
            status=status,
            seeding=seeding,
            currency=currency,
            entry_fee=entry_fee,
            payouts=payouts,
            pot=pot,
            players=players,
            bracket=bracket,
            winner=winner,
            placings=placings,
            version=version,
            created_at=created_at,
        )

        tournament.additional_properties = d
        return tournament

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
