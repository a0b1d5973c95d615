from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RamiHandInputRequest")


@_attrs_define
class RamiHandInputRequest:
    """A hand of a Rami round: what the player laid, and what was left in hand.

    Attributes:
        player (int):
        deadwood (int | None | Unset): The points of the cards left in hand (not for the finisher).
        cards (list[str] | None | str | Unset): The cards left in hand (not for the finisher).
        laid (int | None | Unset): The points of the melds the player laid this round.
        laid_melds (list[list[str] | str] | None | Unset): The melds laid this round as cards, e.g. [["7H","8H","9H"]]:
            valued by the mode's table.
        from_table (list[str] | None | Unset): The cards of laid_melds taken from melds already on the table (a
            manipulation), e.g. ["4D"]: they score nothing for this player. (A card may instead be marked in its meld:
            ["[4D]","4H","4C"].)
    """

    player: int
    deadwood: int | None | Unset = UNSET
    cards: list[str] | None | str | Unset = UNSET
    laid: int | None | Unset = UNSET
    laid_melds: list[list[str] | str] | None | Unset = UNSET
    from_table: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        deadwood: int | None | Unset
        if isinstance(self.deadwood, Unset):
            deadwood = UNSET
        else:
            deadwood = self.deadwood

        cards: list[str] | None | str | Unset
        if isinstance(self.cards, Unset):
            cards = UNSET
        elif isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        laid: int | None | Unset
        if isinstance(self.laid, Unset):
            laid = UNSET
        else:
            laid = self.laid

        laid_melds: list[list[str] | str] | None | Unset
        if isinstance(self.laid_melds, Unset):
            laid_melds = UNSET
        elif isinstance(self.laid_melds, list):
            laid_melds = []
            for laid_melds_type_0_item_data in self.laid_melds:
                laid_melds_type_0_item: list[str] | str
                if isinstance(laid_melds_type_0_item_data, list):
                    laid_melds_type_0_item = laid_melds_type_0_item_data

                else:
                    laid_melds_type_0_item = laid_melds_type_0_item_data
                laid_melds.append(laid_melds_type_0_item)

        else:
            laid_melds = self.laid_melds

        from_table: list[str] | None | Unset
        if isinstance(self.from_table, Unset):
            from_table = UNSET
        elif isinstance(self.from_table, list):
            from_table = self.from_table

        else:
            from_table = self.from_table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )
        if deadwood is not UNSET:
            field_dict["deadwood"] = deadwood
        if cards is not UNSET:
            field_dict["cards"] = cards
        if laid is not UNSET:
            field_dict["laid"] = laid
        if laid_melds is not UNSET:
            field_dict["laid_melds"] = laid_melds
        if from_table is not UNSET:
            field_dict["from_table"] = from_table

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        def _parse_deadwood(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deadwood = _parse_deadwood(d.pop("deadwood", UNSET))

        def _parse_cards(data: object) -> list[str] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_1 = cast(list[str], data)

                return cards_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | str | Unset, data)

        cards = _parse_cards(d.pop("cards", UNSET))

        def _parse_laid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        laid = _parse_laid(d.pop("laid", UNSET))

        def _parse_laid_melds(data: object) -> list[list[str] | str] | None | Unset:
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

                    def _parse_laid_melds_type_0_item(data: object) -> list[str] | str:
                        try:
                            if not isinstance(data, list):
                                raise TypeError()
                            laid_melds_type_0_item_type_1 = cast(list[str], data)

                            return laid_melds_type_0_item_type_1
                        except (TypeError, ValueError, AttributeError, KeyError):
                            pass
                        return cast(list[str] | str, data)

                    laid_melds_type_0_item = _parse_laid_melds_type_0_item(laid_melds_type_0_item_data)

                    laid_melds_type_0.append(laid_melds_type_0_item)

                return laid_melds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str] | str] | None | Unset, data)

        laid_melds = _parse_laid_melds(d.pop("laid_melds", UNSET))

        def _parse_from_table(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                from_table_type_0 = cast(list[str], data)

                return from_table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        from_table = _parse_from_table(d.pop("from_table", UNSET))

        rami_hand_input_request = cls(
            player=player,
            deadwood=deadwood,
            cards=cards,
            laid=laid,
            laid_melds=laid_melds,
            from_table=from_table,
        )

        return rami_hand_input_request
