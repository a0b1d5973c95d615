from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kind_enum import KindEnum

T = TypeVar("T", bound="LedgerEntry")


@_attrs_define
class LedgerEntry:
    """An entry, from a ledger line.

    Attributes:
        seq (int): 1, 2, 3... the game's entries in the order written.
        round_ (int | None):
        kind (KindEnum): * `buy_in` - buy_in
            * `rebuy` - rebuy
            * `knock_premium` - knock_premium
            * `rummy_premium` - rummy_premium
            * `undercut_tie` - undercut_tie
            * `kitty_in` - kitty_in
            * `kitty_win` - kitty_win
            * `kitty_final` - kitty_final
            * `payout` - payout
            * `carry_over` - carry_over
            * `point_settlement` - point_settlement
        to (str):
        amount (str):
        reverses (int | None): The seq of the entry this one cancels.
        created_at (datetime.datetime):
        reason (str):
        from_ (str):
    """

    seq: int
    round_: int | None
    kind: KindEnum
    to: str
    amount: str
    reverses: int | None
    created_at: datetime.datetime
    reason: str
    from_: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        round_: int | None
        round_ = self.round_

        kind = self.kind.value

        to = self.to

        amount = self.amount

        reverses: int | None
        reverses = self.reverses

        created_at = self.created_at.isoformat()

        reason = self.reason

        from_ = self.from_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "round": round_,
                "kind": kind,
                "to": to,
                "amount": amount,
                "reverses": reverses,
                "created_at": created_at,
                "reason": reason,
                "from": from_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        kind = KindEnum(d.pop("kind"))

        to = d.pop("to")

        amount = d.pop("amount")

        def _parse_reverses(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reverses = _parse_reverses(d.pop("reverses"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        reason = d.pop("reason")

        from_ = d.pop("from")

        ledger_entry = cls(
            seq=seq,
            round_=round_,
            kind=kind,
            to=to,
            amount=amount,
            reverses=reverses,
            created_at=created_at,
            reason=reason,
            from_=from_,
        )

        ledger_entry.additional_properties = d
        return ledger_entry

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
