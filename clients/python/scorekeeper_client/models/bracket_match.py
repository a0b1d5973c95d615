from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BracketMatch")


@_attrs_define
class BracketMatch:
    """
    Attributes:
        number (int): The match's place in its round, from 1.
        players (list[int | None]): Two player ids (null: the winner of the match before is not known yet), or one for a
            bye.
        game (int | None): The match's game (GET /games/{id}/).
        winner (int | None):
    """

    number: int
    players: list[int | None]
    game: int | None
    winner: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        players = []
        for players_item_data in self.players:
            players_item: int | None
            players_item = players_item_data
            players.append(players_item)

        game: int | None
        game = self.game

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "players": players,
                "game": game,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:

            def _parse_players_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            players_item = _parse_players_item(players_item_data)

            players.append(players_item)

        def _parse_game(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game = _parse_game(d.pop("game"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        bracket_match = cls(
            number=number,
            players=players,
            game=game,
            winner=winner,
        )

        bracket_match.additional_properties = d
        return bracket_match

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
