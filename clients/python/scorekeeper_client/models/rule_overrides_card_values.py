from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RuleOverridesCardValues")


@_attrs_define
class RuleOverridesCardValues:
    """
    Attributes:
        field_2 (int | Unset):
        field_3 (int | Unset):
        field_4 (int | Unset):
        field_5 (int | Unset):
        field_6 (int | Unset):
        field_7 (int | Unset):
        field_8 (int | Unset):
        field_9 (int | Unset):
        field_10 (int | Unset):
        j (int | Unset):
        q (int | Unset):
        k (int | Unset):
        a (int | Unset):
        jk (int | Unset):
    """

    field_2: int | Unset = UNSET
    field_3: int | Unset = UNSET
    field_4: int | Unset = UNSET
    field_5: int | Unset = UNSET
    field_6: int | Unset = UNSET
    field_7: int | Unset = UNSET
    field_8: int | Unset = UNSET
    field_9: int | Unset = UNSET
    field_10: int | Unset = UNSET
    j: int | Unset = UNSET
    q: int | Unset = UNSET
    k: int | Unset = UNSET
    a: int | Unset = UNSET
    jk: int | Unset = UNSET

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

        field_dict.update({})
        if field_2 is not UNSET:
            field_dict["2"] = field_2
        if field_3 is not UNSET:
            field_dict["3"] = field_3
        if field_4 is not UNSET:
            field_dict["4"] = field_4
        if field_5 is not UNSET:
            field_dict["5"] = field_5
        if field_6 is not UNSET:
            field_dict["6"] = field_6
        if field_7 is not UNSET:
            field_dict["7"] = field_7
        if field_8 is not UNSET:
            field_dict["8"] = field_8
        if field_9 is not UNSET:
            field_dict["9"] = field_9
        if field_10 is not UNSET:
            field_dict["10"] = field_10
        if j is not UNSET:
            field_dict["J"] = j
        if q is not UNSET:
            field_dict["Q"] = q
        if k is not UNSET:
            field_dict["K"] = k
        if a is not UNSET:
            field_dict["A"] = a
        if jk is not UNSET:
            field_dict["JK"] = jk

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field_2 = d.pop("2", UNSET)

        field_3 = d.pop("3", UNSET)

        field_4 = d.pop("4", UNSET)

        field_5 = d.pop("5", UNSET)

        field_6 = d.pop("6", UNSET)

        field_7 = d.pop("7", UNSET)

        field_8 = d.pop("8", UNSET)

        field_9 = d.pop("9", UNSET)

        field_10 = d.pop("10", UNSET)

        j = d.pop("J", UNSET)

        q = d.pop("Q", UNSET)

        k = d.pop("K", UNSET)

        a = d.pop("A", UNSET)

        jk = d.pop("JK", UNSET)

        rule_overrides_card_values = cls(
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

        return rule_overrides_card_values
