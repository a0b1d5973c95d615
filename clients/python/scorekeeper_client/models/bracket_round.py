from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.bracket_match import BracketMatch


T = TypeVar("T", bound="BracketRound")


@_attrs_define
class BracketRound:
    """
    Attributes:
        round_ (int): 1 the first; the last is the final.
        matches (list[BracketMatch]):
    """

    round_: int
    matches: list[BracketMatch]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "round": round_,
                "matches": matches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bracket_match import BracketMatch  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = BracketMatch.from_dict(matches_item_data)

            matches.append(matches_item)

        bracket_round = cls(
            round_=round_,
            matches=matches,
        )

        bracket_round.additional_properties = d
        return bracket_round

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
