from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stage_enum import StageEnum

T = TypeVar("T", bound="Match")


@_attrs_define
class Match:
    """A Gin match, from the engine's Match (docs/rules.md 8).

    Attributes:
        number (int): 0 the match of a two-player game; 1 and 2 a tournament's semifinals, 3 its final.
        stage (StageEnum): * `match` - match
            * `semifinal` - semifinal
            * `final` - final
        players (list[int]):
        totals (list[int]):
        boxes (list[int]): Rounds won.
        finals (list[int] | None): The final accounts, once the match is over.
        winner (int | None):
        next_dealer (int | None):
        rounds (int): Rounds scored (void rounds not counted).
    """

    number: int
    stage: StageEnum
    players: list[int]
    totals: list[int]
    boxes: list[int]
    finals: list[int] | None
    winner: int | None
    next_dealer: int | None
    rounds: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        stage = self.stage.value

        players = self.players

        totals = self.totals

        boxes = self.boxes

        finals: list[int] | None
        if isinstance(self.finals, list):
            finals = self.finals

        else:
            finals = self.finals

        winner: int | None
        winner = self.winner

        next_dealer: int | None
        next_dealer = self.next_dealer

        rounds = self.rounds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "stage": stage,
                "players": players,
                "totals": totals,
                "boxes": boxes,
                "finals": finals,
                "winner": winner,
                "next_dealer": next_dealer,
                "rounds": rounds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        stage = StageEnum(d.pop("stage"))

        players = cast(list[int], d.pop("players"))

        totals = cast(list[int], d.pop("totals"))

        boxes = cast(list[int], d.pop("boxes"))

        def _parse_finals(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                finals_type_0 = cast(list[int], data)

                return finals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        finals = _parse_finals(d.pop("finals"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_next_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_dealer = _parse_next_dealer(d.pop("next_dealer"))

        rounds = d.pop("rounds")

        match = cls(
            number=number,
            stage=stage,
            players=players,
            totals=totals,
            boxes=boxes,
            finals=finals,
            winner=winner,
            next_dealer=next_dealer,
            rounds=rounds,
        )

        match.additional_properties = d
        return match

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
