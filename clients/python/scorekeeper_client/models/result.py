from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Result")


@_attrs_define
class Result:
    """A player's line in a round, its points named by their parts (docs/api.md).

    Attributes:
        player (int):
        deadwood (int): The points of the cards left in the player's own hand.
        points (int): Added to the total this round.
        total (int):
        melds (list[list[str]]): The melds found in the cards entered; Rami: the melds laid, as entered.
        unmatched (list[str]):
        laid_off (list[str]):
        difference (int): Gin: the deadwood difference the winner scores (0 for other families).
        bonus (int): Gin: the gin or undercut bonus; points = difference + bonus. Rami: the finisher's finishing and
            Rummy bonus.
        laid (int): Rami: the points of the melds laid this round (0 for other families).
        hand (int): Basic Rummy and Rami: the points of cards in hand: for the one who went out the others' cards, else
            (Rami elimination) one's own; 0 otherwise.
        penalty (int): Rami: the penalty points of the round.
        multiplier (int): Rami elimination: what the hand is multiplied by (2 Rummy, 3 own cards, 4 nobody else laid); 1
            otherwise. Rami normal and traditional: points = laid + hand + bonus - penalty; elimination: points = hand x
            multiplier + penalty (the finisher: penalty).
        cards (list[str] | None):
    """

    player: int
    deadwood: int
    points: int
    total: int
    melds: list[list[str]]
    unmatched: list[str]
    laid_off: list[str]
    difference: int
    bonus: int
    laid: int
    hand: int
    penalty: int
    multiplier: int
    cards: list[str] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        deadwood = self.deadwood

        points = self.points

        total = self.total

        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data

            melds.append(melds_item)

        unmatched = self.unmatched

        laid_off = self.laid_off

        difference = self.difference

        bonus = self.bonus

        laid = self.laid

        hand = self.hand

        penalty = self.penalty

        multiplier = self.multiplier

        cards: list[str] | None
        if isinstance(self.cards, list):
            cards = self.cards

        else:
            cards = self.cards

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "deadwood": deadwood,
                "points": points,
                "total": total,
                "melds": melds,
                "unmatched": unmatched,
                "laid_off": laid_off,
                "difference": difference,
                "bonus": bonus,
                "laid": laid,
                "hand": hand,
                "penalty": penalty,
                "multiplier": multiplier,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        deadwood = d.pop("deadwood")

        points = d.pop("points")

        total = d.pop("total")

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = cast(list[str], melds_item_data)

            melds.append(melds_item)

        unmatched = cast(list[str], d.pop("unmatched"))

        laid_off = cast(list[str], d.pop("laid_off"))

        difference = d.pop("difference")

        bonus = d.pop("bonus")

        laid = d.pop("laid")

        hand = d.pop("hand")

        penalty = d.pop("penalty")

        multiplier = d.pop("multiplier")

        def _parse_cards(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cards_type_0 = cast(list[str], data)

                return cards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        cards = _parse_cards(d.pop("cards"))

        result = cls(
            player=player,
            deadwood=deadwood,
            points=points,
            total=total,
            melds=melds,
            unmatched=unmatched,
            laid_off=laid_off,
            difference=difference,
            bonus=bonus,
            laid=laid,
            hand=hand,
            penalty=penalty,
            multiplier=multiplier,
            cards=cards,
        )

        result.additional_properties = d
        return result

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
