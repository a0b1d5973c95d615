from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preset_enum import PresetEnum

if TYPE_CHECKING:
    from ..models.basic_rules import BasicRules
    from ..models.gin_rules import GinRules
    from ..models.knock_rules import KnockRules
    from ..models.rami_rules import RamiRules


T = TypeVar("T", bound="Preset")


@_attrs_define
class Preset:
    """
    Attributes:
        key (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        name (str):
        rules (BasicRules | GinRules | KnockRules | RamiRules):
    """

    key: PresetEnum
    name: str
    rules: BasicRules | GinRules | KnockRules | RamiRules
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.basic_rules import BasicRules  # noqa: PLC0415
        from ..models.gin_rules import GinRules  # noqa: PLC0415
        from ..models.knock_rules import KnockRules  # noqa: PLC0415

        key = self.key.value

        name = self.name

        rules: dict[str, Any]
        if isinstance(self.rules, KnockRules):
            rules = self.rules.to_dict()
        elif isinstance(self.rules, GinRules):
            rules = self.rules.to_dict()
        elif isinstance(self.rules, BasicRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "name": name,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_rules import BasicRules  # noqa: PLC0415
        from ..models.gin_rules import GinRules  # noqa: PLC0415
        from ..models.knock_rules import KnockRules  # noqa: PLC0415
        from ..models.rami_rules import RamiRules  # noqa: PLC0415

        d = dict(src_dict)
        key = PresetEnum(d.pop("key"))

        name = d.pop("name")

        def _parse_rules(data: object) -> BasicRules | GinRules | KnockRules | RamiRules:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_rules_type_0 = KnockRules.from_dict(data)

                return componentsschemas_rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_rules_type_1 = GinRules.from_dict(data)

                return componentsschemas_rules_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_rules_type_2 = BasicRules.from_dict(data)

                return componentsschemas_rules_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_rules_type_3 = RamiRules.from_dict(data)

            return componentsschemas_rules_type_3

        rules = _parse_rules(d.pop("rules"))

        preset = cls(
            key=key,
            name=name,
            rules=rules,
        )

        preset.additional_properties = d
        return preset

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
