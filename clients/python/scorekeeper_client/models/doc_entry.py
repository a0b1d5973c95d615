from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.kind_enum import KindEnum

T = TypeVar("T", bound="DocEntry")


@_attrs_define
class DocEntry:
    """A ledger entry as it was written; `batch` and `reverses` are positions in the document.

    Attributes:
        seq (int): 1, 2, 3... in the order written.
        batch (int): 0, 1, 2...: entries of one money event.
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
        amount (str): Decimal text: "5.00".
        round_ (int | None):
        reverses (int | None): The seq it cancels.
        created_at (datetime.datetime | None):
        actor (str):
        reason (str):
        from_ (str): An account: "player:<seat id>", "pot", "kitty" or "carry".
    """

    seq: int
    batch: int
    kind: KindEnum
    to: str
    amount: str
    round_: int | None
    reverses: int | None
    created_at: datetime.datetime | None
    actor: str
    reason: str
    from_: str

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        batch = self.batch

        kind = self.kind.value

        to = self.to

        amount = self.amount

        round_: int | None
        round_ = self.round_

        reverses: int | None
        reverses = self.reverses

        created_at: None | str
        if isinstance(self.created_at, datetime.datetime):
            created_at = self.created_at.isoformat()
        else:
            created_at = self.created_at

        actor = self.actor

        reason = self.reason

        from_ = self.from_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "batch": batch,
                "kind": kind,
                "to": to,
                "amount": amount,
                "round": round_,
                "reverses": reverses,
                "created_at": created_at,
                "actor": actor,
                "reason": reason,
                "from": from_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seq = d.pop("seq")

        batch = d.pop("batch")

        kind = KindEnum(d.pop("kind"))

        to = d.pop("to")

        amount = d.pop("amount")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        def _parse_reverses(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reverses = _parse_reverses(d.pop("reverses"))

        def _parse_created_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                created_at_type_0 = datetime.datetime.fromisoformat(data)

                return created_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        created_at = _parse_created_at(d.pop("created_at"))

        actor = d.pop("actor")

        reason = d.pop("reason")

        from_ = d.pop("from")

        doc_entry = cls(
            seq=seq,
            batch=batch,
            kind=kind,
            to=to,
            amount=amount,
            round_=round_,
            reverses=reverses,
            created_at=created_at,
            actor=actor,
            reason=reason,
            from_=from_,
        )

        return doc_entry
