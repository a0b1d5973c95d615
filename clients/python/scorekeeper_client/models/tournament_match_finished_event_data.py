from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TournamentMatchFinishedEventData")


@_attrs_define
class TournamentMatchFinishedEventData:
    """tournament.match_finished: a club tournament's match won; its winner advances.

    Attributes:
        tournament (int):
        round_ (int): The bracket's round, from 1.
        match (int): The match's number in its round, from 1.
        game (int): The match's game.
        winner (int): A player id.
    """

    tournament: int
    round_: int
    match: int
    game: int
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament = self.tournament

        round_ = self.round_

        match = self.match

        game = self.game

        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament": tournament,
                "round": round_,
                "match": match,
                "game": game,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tournament = d.pop("tournament")

        round_ = d.pop("round")

        match = d.pop("match")

        game = d.pop("game")

        winner = d.pop("winner")

        tournament_match_finished_event_data = cls(
            tournament=tournament,
            round_=round_,
            match=match,
            game=game,
            winner=winner,
        )

        tournament_match_finished_event_data.additional_properties = d
        return tournament_match_finished_event_data

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
