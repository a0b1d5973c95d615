from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.blank_enum import BlankEnum
from ..models.finish_enum import FinishEnum

if TYPE_CHECKING:
    from ..models.rebuy_offer import RebuyOffer
    from ..models.result import Result


T = TypeVar("T", bound="Round")


@_attrs_define
class Round:
    """A round, from a services.RoundLine (the engine's result with its stored facts).

    Attributes:
        number (int):
        revision (int): 0 as entered; 1 and up for corrections.
        reason (str): Why it was corrected.
        ender (int | None): null for a void round.
        dealer (int):
        winner (int | None):
        rummy (bool): Knock family: Rummy; Gin: gin; Rami: a finish rummy or own_cards.
        undercut (bool):
        decider (bool):
        void (bool): Gin: a void round, scored nothing.
        gin (bool): Gin: won by going gin.
        match (int): Gin: the match it was played in.
        points (int): What the round's winner scored (Gin; Basic Rummy and Rami: the one who went out); 0 for a void
            round or no winner.
        finish (BlankEnum | FinishEnum): Rami: how the finisher went out, "none", "rummy" or "own_cards"; "" for other
            families.

            * `none` - none
            * `rummy` - rummy
            * `own_cards` - own_cards
        nobody_else_laid (bool): Rami: nobody but the finisher laid anything this round.
        big_gin (bool): Gin: won by a Big Gin, the knocker's 11 cards all melded.
        upcard (None | str): Oklahoma Gin: the deal's first upcard ("7S"); null for other games.
        knock_limit (int | None): Oklahoma Gin: the deal's knock limit, the upcard's rank (faces 10, an ace 0 = gin
            only, or 1 where ace_upcard is "one"); null for other games.
        doubled (bool): Oklahoma Gin: a spade upcard with spades_double, every point of the deal doubled (bonuses too,
            not the boxes).
        results (list[Result]):
        out (list[int]):
        rebuy_offers (list[RebuyOffer]):
    """

    number: int
    revision: int
    reason: str
    ender: int | None
    dealer: int
    winner: int | None
    rummy: bool
    undercut: bool
    decider: bool
    void: bool
    gin: bool
    match: int
    points: int
    finish: BlankEnum | FinishEnum
    nobody_else_laid: bool
    big_gin: bool
    upcard: None | str
    knock_limit: int | None
    doubled: bool
    results: list[Result]
    out: list[int]
    rebuy_offers: list[RebuyOffer]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        revision = self.revision

        reason = self.reason

        ender: int | None
        ender = self.ender

        dealer = self.dealer

        winner: int | None
        winner = self.winner

        rummy = self.rummy

        undercut = self.undercut

        decider = self.decider

        void = self.void

        gin = self.gin

        match = self.match

        points = self.points

        finish: str
        if isinstance(self.finish, FinishEnum):
            finish = self.finish.value
        else:
            finish = self.finish.value

        nobody_else_laid = self.nobody_else_laid

        big_gin = self.big_gin

        upcard: None | str
        upcard = self.upcard

        knock_limit: int | None
        knock_limit = self.knock_limit

        doubled = self.doubled

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        out = self.out

        rebuy_offers = []
        for rebuy_offers_item_data in self.rebuy_offers:
            rebuy_offers_item = rebuy_offers_item_data.to_dict()
            rebuy_offers.append(rebuy_offers_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "revision": revision,
                "reason": reason,
                "ender": ender,
                "dealer": dealer,
                "winner": winner,
                "rummy": rummy,
                "undercut": undercut,
                "decider": decider,
                "void": void,
                "gin": gin,
                "match": match,
                "points": points,
                "finish": finish,
                "nobody_else_laid": nobody_else_laid,
                "big_gin": big_gin,
                "upcard": upcard,
                "knock_limit": knock_limit,
                "doubled": doubled,
                "results": results,
                "out": out,
                "rebuy_offers": rebuy_offers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rebuy_offer import RebuyOffer  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        revision = d.pop("revision")

        reason = d.pop("reason")

        def _parse_ender(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ender = _parse_ender(d.pop("ender"))

        dealer = d.pop("dealer")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        rummy = d.pop("rummy")

        undercut = d.pop("undercut")

        decider = d.pop("decider")

        void = d.pop("void")

        gin = d.pop("gin")

        match = d.pop("match")

        points = d.pop("points")

        def _parse_finish(data: object) -> BlankEnum | FinishEnum:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finish_type_0 = FinishEnum(data)

                return finish_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            finish_type_1 = BlankEnum(data)

            return finish_type_1

        finish = _parse_finish(d.pop("finish"))

        nobody_else_laid = d.pop("nobody_else_laid")

        big_gin = d.pop("big_gin")

        def _parse_upcard(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        upcard = _parse_upcard(d.pop("upcard"))

        def _parse_knock_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        knock_limit = _parse_knock_limit(d.pop("knock_limit"))

        doubled = d.pop("doubled")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = Result.from_dict(results_item_data)

            results.append(results_item)

        out = cast(list[int], d.pop("out"))

        rebuy_offers = []
        _rebuy_offers = d.pop("rebuy_offers")
        for rebuy_offers_item_data in _rebuy_offers:
            rebuy_offers_item = RebuyOffer.from_dict(rebuy_offers_item_data)

            rebuy_offers.append(rebuy_offers_item)

        round_ = cls(
            number=number,
            revision=revision,
            reason=reason,
            ender=ender,
            dealer=dealer,
            winner=winner,
            rummy=rummy,
            undercut=undercut,
            decider=decider,
            void=void,
            gin=gin,
            match=match,
            points=points,
            finish=finish,
            nobody_else_laid=nobody_else_laid,
            big_gin=big_gin,
            upcard=upcard,
            knock_limit=knock_limit,
            doubled=doubled,
            results=results,
            out=out,
            rebuy_offers=rebuy_offers,
        )

        round_.additional_properties = d
        return round_

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
