from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.report_player_prizes import ReportPlayerPrizes


T = TypeVar("T", bound="ReportPlayer")


@_attrs_define
class ReportPlayer:
    """
    Attributes:
        player (int):
        name (str):
        currency (str):
        games (int): Ended games played.
        paid_out (str): Received in payouts.
        net (str): Received minus paid over the ended games.
        tournament_wins (int): Club tournaments the player won, over the whole club (the same on each of the player's
            lines).
        prizes (ReportPlayerPrizes): Tournament prize money paid to the player, by currency, entry fees not taken off
            (the same on each of the player's lines).
    """

    player: int
    name: str
    currency: str
    games: int
    paid_out: str
    net: str
    tournament_wins: int
    prizes: ReportPlayerPrizes
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        name = self.name

        currency = self.currency

        games = self.games

        paid_out = self.paid_out

        net = self.net

        tournament_wins = self.tournament_wins

        prizes = self.prizes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "name": name,
                "currency": currency,
                "games": games,
                "paid_out": paid_out,
                "net": net,
                "tournament_wins": tournament_wins,
                "prizes": prizes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.report_player_prizes import ReportPlayerPrizes  # noqa: PLC0415

        d = dict(src_dict)
        player = d.pop("player")

        name = d.pop("name")

        currency = d.pop("currency")

        games = d.pop("games")

        paid_out = d.pop("paid_out")

        net = d.pop("net")

        tournament_wins = d.pop("tournament_wins")

        prizes = ReportPlayerPrizes.from_dict(d.pop("prizes"))

        report_player = cls(
            player=player,
            name=name,
            currency=currency,
            games=games,
            paid_out=paid_out,
            net=net,
            tournament_wins=tournament_wins,
            prizes=prizes,
        )

        report_player.additional_properties = d
        return report_player

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
