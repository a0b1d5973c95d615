from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DocHand")


@_attrs_define
class DocHand:
    """A part of a document: a key it does not know is refused, naming it.

    Attributes:
        player (str):
        position (int):
        deadwood (int | None):
        cards (None | str): Card texts separated by spaces.
        laid (int | None | Unset): Rami: the points laid in the round, as typed.
        laid_melds (list[list[str]] | None | Unset): Rami: the melds laid in the round, as card texts.
    """

    player: str
    position: int
    deadwood: int | None
    cards: None | str
    laid: int | None | Unset = UNSET
    laid_melds: list[list[str]] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        position = self.position

        deadwood: int | None
        deadwood = self.deadwood

        cards: None | str
        cards = self.cards

        laid: int | None | Unset
        if isinstance(self.laid, Unset):
            laid = UNSET
        else:
            laid = self.laid

        laid_melds: list[list[str]] | None | Unset
        if isinstance(self.laid_melds, Unset):
            laid_melds = UNSET
        elif isinstance(self.laid_melds, list):
            laid_melds = []
            for laid_melds_type_0_item_data in self.laid_melds:
                laid_melds_type_0_item = laid_melds_type_0_item_data

                laid_melds.append(laid_melds_type_0_item)

        else:
            laid_melds = self.laid_melds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "position": position,
                "deadwood": deadwood,
                "cards": cards,
            }
        )
        if laid is not UNSET:
            field_dict["laid"] = laid
        if laid_melds is not UNSET:
            field_dict["laid_melds"] = laid_melds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        position = d.pop("position")

        def _parse_deadwood(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deadwood = _parse_deadwood(d.pop("deadwood"))

        def _parse_cards(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cards = _parse_cards(d.pop("cards"))

        def _parse_laid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        laid = _parse_laid(d.pop("laid", UNSET))

        def _parse_laid_melds(data: object) -> list[list[str]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                laid_melds_type_0 = []
                _laid_melds_type_0 = data
                for laid_melds_type_0_item_data in _laid_melds_type_0:
                    laid_melds_type_0_item = cast(list[str], laid_melds_type_0_item_data)

                    laid_melds_type_0.append(laid_melds_type_0_item)

                return laid_melds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None | Unset, data)

        laid_melds = _parse_laid_melds(d.pop("laid_melds", UNSET))

        doc_hand = cls(
            player=player,
            position=position,
            deadwood=deadwood,
            cards=cards,
            laid=laid,
            laid_melds=laid_melds,
        )

        return doc_hand
