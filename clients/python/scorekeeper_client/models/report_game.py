from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.report_player_in_game import ReportPlayerInGame


T = TypeVar("T", bound="ReportGame")


@_attrs_define
class ReportGame:
    """
    Attributes:
        id (int):
        name (str):
        session (int | None):
        date (datetime.datetime): When the game started.
        status (str): finished or carried_over
        currency (str):
        paid_out (str): The pot and kitty paid out to the players.
        players (list[ReportPlayerInGame]):
        verified (bool): The books close (cheap SQL check): pot and kitty empty, the carried pot in and out as the game
            says, a buy-in for every seat, no account outside the table. The full replay check is GET /games/{id}/verify/.
    """

    id: int
    name: str
    session: int | None
    date: datetime.datetime
    status: str
    currency: str
    paid_out: str
    players: list[ReportPlayerInGame]
    verified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        session: int | None
        session = self.session

        date = self.date.isoformat()

        status = self.status

        currency = self.currency

        paid_out = self.paid_out

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        verified = self.verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "session": session,
                "date": date,
                "status": status,
                "currency": currency,
                "paid_out": paid_out,
                "players": players,
                "verified": verified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_player_in_game import ReportPlayerInGame  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        def _parse_session(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        session = _parse_session(d.pop("session"))

        date = datetime.datetime.fromisoformat(d.pop("date"))

        status = d.pop("status")

        currency = d.pop("currency")

        paid_out = d.pop("paid_out")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ReportPlayerInGame.from_dict(players_item_data)

            players.append(players_item)

        verified = d.pop("verified")

        report_game = cls(
            id=id,
            name=name,
            session=session,
            date=date,
            status=status,
            currency=currency,
            paid_out=paid_out,
            players=players,
            verified=verified,
        )

        report_game.additional_properties = d
        return report_game

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
