from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.preset_enum import PresetEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_overrides import RuleOverrides


T = TypeVar("T", bound="EvaluateInputRequest")


@_attrs_define
class EvaluateInputRequest:
    """An input object that takes the keys it declares and no other: each unknown key is
    an error of its own, reported with the body's other errors.

        Attributes:
            cards (list[str] | str): A list of card texts, or one text: "AS 2S 3S JK".
            preset (PresetEnum | Unset): * `basic` - basic
                * `gin` - gin
                * `gin_online` - gin_online
                * `rami` - rami
                * `romme` - romme
                * `wiener` - wiener Default: PresetEnum.WIENER.
            rules (RuleOverrides | Unset): Rule parameters (docs/rules.md 6.6) that differ from the preset's: money as
                decimal strings ("5.00"), counts as integers, switches as booleans.
            discard (bool | Unset): 11 cards: find the best discard and evaluate the rest. Default: False.
    """

    cards: list[str] | str
    preset: PresetEnum | Unset = PresetEnum.WIENER
    rules: RuleOverrides | Unset = UNSET
    discard: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        cards: list[str] | str
        if isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        discard = self.discard

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
            }
        )
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if discard is not UNSET:
            field_dict["discard"] = discard

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_overrides import RuleOverrides  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_cards(data: object) -> list[str] | str:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_1 = cast(list[str], data)

                return cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | str, data)

        cards = _parse_cards(d.pop("cards"))

        _preset = d.pop("preset", UNSET)
        preset: PresetEnum | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = PresetEnum(_preset)

        _rules = d.pop("rules", UNSET)
        rules: RuleOverrides | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RuleOverrides.from_dict(_rules)

        discard = d.pop("discard", UNSET)

        evaluate_input_request = cls(
            cards=cards,
            preset=preset,
            rules=rules,
            discard=discard,
        )

        return evaluate_input_request
