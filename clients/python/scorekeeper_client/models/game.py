from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.currency_enum import CurrencyEnum
from ..models.game_status_enum import GameStatusEnum
from ..models.preset_enum import PresetEnum

if TYPE_CHECKING:
    from ..models.basic_rules import BasicRules
    from ..models.game_player import GamePlayer
    from ..models.gin_rules import GinRules
    from ..models.hollywood_game import HollywoodGame
    from ..models.knock_rules import KnockRules
    from ..models.match import Match
    from ..models.payout import Payout
    from ..models.rami_rules import RamiRules
    from ..models.void import Void


T = TypeVar("T", bound="Game")


@_attrs_define
class Game:
    """The game object, from a services.GameView.

    Attributes:
        id (int):
        name (str):
        club (int):
        session (int | None):
        preset (PresetEnum): * `basic` - basic
            * `gin` - gin
            * `gin_online` - gin_online
            * `rami` - rami
            * `romme` - romme
            * `wiener` - wiener
        rules (BasicRules | GinRules | KnockRules | RamiRules):
        status (GameStatusEnum): * `running` - running
            * `decider` - decider
            * `finished` - finished
            * `carried_over` - carried_over
            * `void` - void
        round_count (int):
        next_round (int):
        next_dealer (int | None):
        pot (str):
        kitty (str):
        carried_in (str):
        carried_out (str):
        currency (CurrencyEnum):
        players (list[GamePlayer]):
        winner (int | None):
        payouts (list[Payout]):
        matches (list[Match]): Gin: the matches, in order; empty for other families.
        games (list[HollywoodGame]): Hollywood Gin (rules.hollywood): the three games scored at once, in order; empty
            for every other game.
        voided (None | Void): Who voided the game, when and why; null unless void.
        tournament (int | None): The club tournament whose match this game is (GET /tournaments/{id}/); null for other
            games.
        version (int):
    """

    id: int
    name: str
    club: int
    session: int | None
    preset: PresetEnum
    rules: BasicRules | GinRules | KnockRules | RamiRules
    status: GameStatusEnum
    round_count: int
    next_round: int
    next_dealer: int | None
    pot: str
    kitty: str
    carried_in: str
    carried_out: str
    currency: CurrencyEnum
    players: list[GamePlayer]
    winner: int | None
    payouts: list[Payout]
    matches: list[Match]
    games: list[HollywoodGame]
    voided: None | Void
    tournament: int | None
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.basic_rules import BasicRules  # noqa: PLC0415
        from ..models.gin_rules import GinRules  # noqa: PLC0415
        from ..models.knock_rules import KnockRules  # noqa: PLC0415
        from ..models.void import Void  # noqa: PLC0415

        id = self.id

        name = self.name

        club = self.club

        session: int | None
        session = self.session

        preset = self.preset.value

        rules: dict[str, Any]
        if isinstance(self.rules, KnockRules):
            rules = self.rules.to_dict()
        elif isinstance(self.rules, GinRules):
            rules = self.rules.to_dict()
        elif isinstance(self.rules, BasicRules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules.to_dict()

        status = self.status.value

        round_count = self.round_count

        next_round = self.next_round

        next_dealer: int | None
        next_dealer = self.next_dealer

        pot = self.pot

        kitty = self.kitty

        carried_in = self.carried_in

        carried_out = self.carried_out

        currency = self.currency.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        winner: int | None
        winner = self.winner

        payouts = []
        for payouts_item_data in self.payouts:
            payouts_item = payouts_item_data.to_dict()
            payouts.append(payouts_item)

        matches = []
        for matches_item_data in self.matches:
            matches_item = matches_item_data.to_dict()
            matches.append(matches_item)

        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)

        voided: dict[str, Any] | None
        if isinstance(self.voided, Void):
            voided = self.voided.to_dict()
        else:
            voided = self.voided

        tournament: int | None
        tournament = self.tournament

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "club": club,
                "session": session,
                "preset": preset,
                "rules": rules,
                "status": status,
                "round_count": round_count,
                "next_round": next_round,
                "next_dealer": next_dealer,
                "pot": pot,
                "kitty": kitty,
                "carried_in": carried_in,
                "carried_out": carried_out,
                "currency": currency,
                "players": players,
                "winner": winner,
                "payouts": payouts,
                "matches": matches,
                "games": games,
                "voided": voided,
                "tournament": tournament,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.basic_rules import BasicRules  # noqa: PLC0415
        from ..models.game_player import GamePlayer  # noqa: PLC0415
        from ..models.gin_rules import GinRules  # noqa: PLC0415
        from ..models.hollywood_game import HollywoodGame  # noqa: PLC0415
        from ..models.knock_rules import KnockRules  # noqa: PLC0415
        from ..models.match import Match  # noqa: PLC0415
        from ..models.payout import Payout  # noqa: PLC0415
        from ..models.rami_rules import RamiRules  # noqa: PLC0415
        from ..models.void import Void  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        club = d.pop("club")

        def _parse_session(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        session = _parse_session(d.pop("session"))

        preset = PresetEnum(d.pop("preset"))

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

        status = GameStatusEnum(d.pop("status"))

        round_count = d.pop("round_count")

        next_round = d.pop("next_round")

        def _parse_next_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_dealer = _parse_next_dealer(d.pop("next_dealer"))

        pot = d.pop("pot")

        kitty = d.pop("kitty")

        carried_in = d.pop("carried_in")

        carried_out = d.pop("carried_out")

        currency = CurrencyEnum(d.pop("currency"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = GamePlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        payouts = []
        _payouts = d.pop("payouts")
        for payouts_item_data in _payouts:
            payouts_item = Payout.from_dict(payouts_item_data)

            payouts.append(payouts_item)

        matches = []
        _matches = d.pop("matches")
        for matches_item_data in _matches:
            matches_item = Match.from_dict(matches_item_data)

            matches.append(matches_item)

        games = []
        _games = d.pop("games")
        for games_item_data in _games:
            games_item = HollywoodGame.from_dict(games_item_data)

            games.append(games_item)

        def _parse_voided(data: object) -> None | Void:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                voided_type_0 = Void.from_dict(data)

                return voided_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Void, data)

        voided = _parse_voided(d.pop("voided"))

        def _parse_tournament(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        tournament = _parse_tournament(d.pop("tournament"))

        version = d.pop("version")

        game = cls(
            id=id,
            name=name,
            club=club,
            session=session,
            preset=preset,
            rules=rules,
            status=status,
            round_count=round_count,
            next_round=next_round,
            next_dealer=next_dealer,
            pot=pot,
            kitty=kitty,
            carried_in=carried_in,
            carried_out=carried_out,
            currency=currency,
            players=players,
            winner=winner,
            payouts=payouts,
            matches=matches,
            games=games,
            voided=voided,
            tournament=tournament,
            version=version,
        )

        game.additional_properties = d
        return game

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
