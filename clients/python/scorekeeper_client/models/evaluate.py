from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Evaluate")


@_attrs_define
class Evaluate:
    """
    Attributes:
        deadwood (int):
        melds (list[list[str]]):
        unmatched (list[str]):
        discard (None | str | Unset):
    """

    deadwood: int
    melds: list[list[str]]
    unmatched: list[str]
    discard: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deadwood = self.deadwood

        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data

            melds.append(melds_item)

        unmatched = self.unmatched

        discard: None | str | Unset
        if isinstance(self.discard, Unset):
            discard = UNSET
        else:
            discard = self.discard

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deadwood": deadwood,
                "melds": melds,
                "unmatched": unmatched,
            }
        )
        if discard is not UNSET:
            field_dict["discard"] = discard

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deadwood = d.pop("deadwood")

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = cast(list[str], melds_item_data)

            melds.append(melds_item)

        unmatched = cast(list[str], d.pop("unmatched"))

        def _parse_discard(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        discard = _parse_discard(d.pop("discard", UNSET))

        evaluate = cls(
            deadwood=deadwood,
            melds=melds,
            unmatched=unmatched,
            discard=discard,
        )

        evaluate.additional_properties = d
        return evaluate

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
