from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CardValues")


@_attrs_define
class CardValues:
    """The points of each rank and of the joker (JK) left in a hand.

    Attributes:
        field_2 (int):
        field_3 (int):
        field_4 (int):
        field_5 (int):
        field_6 (int):
        field_7 (int):
        field_8 (int):
        field_9 (int):
        field_10 (int):
        j (int):
        q (int):
        k (int):
        a (int):
        jk (int):
    """

    field_2: int
    field_3: int
    field_4: int
    field_5: int
    field_6: int
    field_7: int
    field_8: int
    field_9: int
    field_10: int
    j: int
    q: int
    k: int
    a: int
    jk: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_2 = self.field_2

        field_3 = self.field_3

        field_4 = self.field_4

        field_5 = self.field_5

        field_6 = self.field_6

        field_7 = self.field_7

        field_8 = self.field_8

        field_9 = self.field_9

        field_10 = self.field_10

        j = self.j

        q = self.q

        k = self.k

        a = self.a

        jk = self.jk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "2": field_2,
                "3": field_3,
                "4": field_4,
                "5": field_5,
                "6": field_6,
                "7": field_7,
                "8": field_8,
                "9": field_9,
                "10": field_10,
                "J": j,
                "Q": q,
                "K": k,
                "A": a,
                "JK": jk,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_2 = d.pop("2")

        field_3 = d.pop("3")

        field_4 = d.pop("4")

        field_5 = d.pop("5")

        field_6 = d.pop("6")

        field_7 = d.pop("7")

        field_8 = d.pop("8")

        field_9 = d.pop("9")

        field_10 = d.pop("10")

        j = d.pop("J")

        q = d.pop("Q")

        k = d.pop("K")

        a = d.pop("A")

        jk = d.pop("JK")

        card_values = cls(
            field_2=field_2,
            field_3=field_3,
            field_4=field_4,
            field_5=field_5,
            field_6=field_6,
            field_7=field_7,
            field_8=field_8,
            field_9=field_9,
            field_10=field_10,
            j=j,
            q=q,
            k=k,
            a=a,
            jk=jk,
        )

        card_values.additional_properties = d
        return card_values

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
