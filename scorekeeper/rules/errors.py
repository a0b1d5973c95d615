"""Domain errors and the engine's words, each built from a code and its params.

Every sentence the engine says has a reason code (`false_knock`, `wrong_hand_size`) and
params (plain values: names, numbers, card texts); the English text is built from them
with TEMPLATES, the one table of the engine's words. The app builds the same sentence in
the reader's language from the same code and params.

An error carries:

- `code`: the stable code the REST API answers with: the class's (`invalid_round`,
  `false_knock`, `rebuy_not_allowed`) or one a rule parameter gives (`out_of_range`);
- `reason`: which sentence, the key into TEMPLATES; finer than `code` (an InvalidRound
  says `player_entered_twice` or `wrong_hand_size`);
- `params`, `message` (the English text) and the position of the input that is wrong:
  `where`, its parts (`("hands", 2, "laid")`: names and 0-based indices, `()` for none),
  and `field`, the same as text (`hands[2].laid`, or None).

A `Message` is the same code and params for words that are no error: why a re-buy is
not open, how the re-buy rule reads for a rule set.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

# One part of a position: a name (`hands`) or an index into a list (`2`).
Part = str | int


class Plural(NamedTuple):
    """A sentence with a counted number: `count` names the param that picks the form."""

    singular: str
    plural: str
    count: str


_NOT_A_CARD_HINT = "write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a joker"

TEMPLATES: dict[str, str | Plural] = {
    # Cards (docs/rules.md 1)
    "card_not_text": "%(token)s is not a card: write a card as text such as 'QH' or 'JK'",
    "not_a_card": "'%(card)s' is not a card: " + _NOT_A_CARD_HINT,
    "empty_card": "'(empty)' is not a card: " + _NOT_A_CARD_HINT,
    "no_cards_given": "No cards given: list the cards, e.g. 'AS 2S 3S JK'",
    "hand_without_cards": "No cards given: a hand has at least one card",
    "discard_too_few_cards": "A discard needs at least two cards in the hand",
    "too_many_copies": "%(card)s appears %(count)s times; the decks hold %(decks)s",
    # `card` is always JK here; a param, so that a page can name the joker as it shows it.
    # The count picks the form ("JK appears 1 time" in a game without jokers); the jokers
    # are named without a noun of their own, which only one number can agree with.
    "too_many_jokers": Plural("%(card)s appears %(count)s time; jokers in this game: %(jokers)s",
                              "%(card)s appears %(count)s times; jokers in this game: %(jokers)s",
                              "count"),
    # Amounts (docs/rules.md 5 and 6.5)
    "amount_not_text": "%(value)s is not an amount: send money as a decimal string such as "
                       "\"5.00\"",
    "not_an_amount": "%(value)s is not an amount",
    "amount_format": "'%(value)s' is not an amount: use a number with at most two decimals, "
                     "e.g. \"5.00\"",
    "amount_negative": "'%(value)s' is negative: amounts are zero or more",
    # Rule parameters (docs/rules.md 6.5 and 6.6)
    "unknown_preset": "Unknown preset '%(name)s'; choose one of %(known)s",
    "unknown_parameter": "'%(name)s' is not a rule parameter",
    "not_a_choice": "%(name)s must be one of %(choices)s",
    "not_between": "%(name)s must be between %(low)s and %(high)s; got %(value)s",
    "rebuy_from_not_below_eliminate_at": "rebuy_from must be between %(low)s and %(high)s "
                                         "(it must be below eliminate_at); got %(value)s",
    "amount_out_of_range": "%(name)s must be between 0.00 and 1000000.00",
    "pot_split_not_100": "pot_split must be positive percentages that add up to 100, "
                         "e.g. [70, 30]",
    "pot_split_not_a_list": "pot_split must be a list of whole percentages, e.g. [70, 30]",
    "card_value_out_of_range": "The value of %(key)s must be between 0 and 1000",
    "card_value_not_whole": "The value of %(key)s must be a whole number",
    "card_values_not_a_map": "card_values must map ranks to points",
    "card_values_unknown": "card_values has unknown keys %(keys)s; use A, 2-10, J, Q, K, JK",
    "card_values_missing": "card_values lacks %(keys)s",
    "not_a_boolean": "%(name)s must be true or false",
    "not_text": "%(name)s must be text",
    "not_a_whole_number": "%(name)s must be a whole number",
    "family_not_playable": "The %(family)s family cannot be scored",
    "buy_in_without_pot": "Only Rami's elimination mode plays for a pot: leave the buy-in at "
                          "0.00",
    "identities_need_four_decks": "Identities are played with 4 decks",
    # A game's seating (docs/rules.md 3.1, 5.7, 6.3)
    "not_knock_family": "These rules are not of the knock family (Wiener Rummy, Rommé)",
    "not_gin_family": "These rules are not Gin Rummy's",
    "gin_two_players": "Gin Rummy is played by %(count)s players; %(given)s are seated",
    "gin_tournament_players": "A Gin tournament is played by %(low)s to %(high)s players; "
                              "%(given)s are seated",
    "gin_bye_only_three": "Only a Gin tournament of 3 players has a bye: leave bye out",
    # A club tournament's payout table (docs/rules.md 8.7a)
    "payouts_missing": "The payout table needs at least the winner's percent",
    "payout_negative": "A payout is a percent of the pool, 0 or more",
    "payouts_sum": "The payouts must add up to 100 percent of the pool, not %(sum)s",
    "payout_winner_low": "The winner gets at least %(least)s percent of the pool, not %(given)s",
    "payouts_places": "The payout table has more places than the %(players)s players",
    "match_not_gin": "A club tournament's matches are Gin: choose a Gin preset",
    "match_single_table": "Each match of a club tournament is one Gin match of two: leave "
                          "the single-table tournament rule out",
    "hollywood_tournament": "Hollywood Gin is one match of two players, not a tournament: "
                            "set hollywood or tournament, not both",
    "hollywood_ring_game": "Hollywood Gin plays its three games to the game target: leave "
                           "rounds_to_play at 0",
    "too_few_players": "A game needs at least %(count)s players",
    "family_players": "%(family)s is played by %(low)s to %(high)s players; %(given)s are "
                      "seated",
    "too_few_cards": "%(players)s players with %(hand_size)s cards each need more than the "
                     "%(cards)s cards in play: play with more decks",
    "player_id_type": "A player is named by a number or a text",
    "player_seated_twice": "%(name)s is seated twice",
    # Look-alike names (scorekeeper.names.look_alike; docs/security.md): said by the services.
    "player_looks_like_seated": "%(name)s looks like %(other)s, who is already seated: write "
                                "the name so that the two can be told apart",
    "player_looks_like_member": "%(name)s looks like %(other)s, a player of this club: seat "
                                "%(other)s, or write the name so that the two can be told "
                                "apart",
    "carried_pot_negative": "The carried pot is an amount of zero or more",
    "carried_pot_points_game": "The Punktespiel has no pot to carry a pot into",
    "carried_pot_no_pot": "This game plays for no pot, so no pot can be carried into it",
    "closed_with_pot": "Only a Punktespiel is closed by hand; a game with a pot ends when one "
                       "player is left",
    # A round as entered (docs/rules.md 3.1, 3.2, 3.7)
    "not_a_player": "%(name)s is not a player in this game",
    "player_out": "%(name)s is out since round %(round)s and does not play",
    "not_in_decider": "%(name)s does not play the decider",
    "player_entered_twice": "%(name)s is entered twice",
    "deadwood_or_cards": "Enter %(name)s's deadwood or cards",
    "deadwood_and_cards": "Enter %(name)s's deadwood or cards, not both",
    "hand_missing": Plural("The hand of %(names)s is missing: every player of the round is "
                           "entered",
                           "The hands of %(names)s are missing: every player of the round "
                           "is entered", "count"),
    "deadwood_not_whole": "%(name)s's deadwood must be a whole number",
    "deadwood_negative": "%(name)s's deadwood cannot be negative",
    "deadwood_too_large": Plural("%(name)s's deadwood of %(deadwood)s is more than a hand of "
                                 "%(hand_size)s card can hold (at most %(most)s)",
                                 "%(name)s's deadwood of %(deadwood)s is more than a hand of "
                                 "%(hand_size)s cards can hold (at most %(most)s)",
                                 "hand_size"),
    "deadwood_too_large_free": "%(name)s's deadwood of %(deadwood)s is more than the cards in "
                               "play can hold (at most %(most)s)",
    # docs/rules.md 3.1, "Values no hand can have"
    "hand_value_below_smallest_card": Plural(
        "%(name)s cannot have %(value)s point in hand: the smallest card counts %(smallest)s",
        "%(name)s cannot have %(value)s points in hand: the smallest card counts %(smallest)s",
        "value"),
    "impossible_hand_value": Plural(
        "%(name)s cannot have %(value)s point in hand: no hand counts that in these rules; "
        "the nearest possible are %(below)s and %(above)s",
        "%(name)s cannot have %(value)s points in hand: no hand counts that in these rules; "
        "the nearest possible are %(below)s and %(above)s",
        "value"),
    "wrong_hand_size": Plural("%(name)s has %(count)s card; a hand at the end of a round has "
                              "%(hand_size)s",
                              "%(name)s has %(count)s cards; a hand at the end of a round has "
                              "%(hand_size)s", "count"),
    "no_cards": "%(name)s has no cards",
    "ender_melds_without_lay_off": "The ender's melds are only recorded when cards are laid "
                                   "off (lay_off is none)",
    "ender_melds_without_cards": "Enter the ender's cards to record the melds as laid",
    "not_a_meld": "%(cards)s is not a meld",
    "meld_card_not_in_hand": "%(card)s in the ender's melds is not in the ender's hand",
    "false_knock": "False knock: %(name)s has %(deadwood)s deadwood, but the knock limit is "
                   "%(limit)s",
    "false_knock_points_game": "False knock: %(name)s has %(deadwood)s deadwood, but in the "
                               "Punktespiel you may only knock with 0",
    # A Gin round (docs/rules.md 8)
    "void_not_in_family": "Only a Gin round can be void",
    "void_with_hands": "A void round scores nothing: enter no knocker and no hands",
    "gin_knocker_missing": "Say who knocked, or record the round as void",
    "gin_which_match": "Two matches are played at once: say which match the round was in",
    "gin_match_not_open": "Match %(match)s is not being played",
    "gin_not_in_match": "%(name)s does not play in this match",
    "big_gin_only_gin": "A Big Gin is entered in Gin Rummy only",
    "big_gin_off": "This game's rules have no Big Gin: set big_gin in the rules to score it",
    "big_gin_not_gin": "A Big Gin is a gin: the knocker's 11 cards all melded, no deadwood",
    "upcard_only_gin": "The upcard is entered in Oklahoma Gin only",
    "upcard_without_oklahoma": "Only Oklahoma Gin records the upcard: leave upcard out",
    "upcard_missing": "Oklahoma Gin: enter the deal's first upcard, e.g. 7S",
    "upcard_joker": "The upcard is a card of the deck, not a joker",
    "oklahoma_option_off": "%(name)s is an option of Oklahoma Gin: set oklahoma in the rules",
    "game_over_won": "The game is over (%(name)s won it); no more rounds can be entered",
    "game_over_carried": "The game is over (the pot was carried over); no more rounds can be "
                         "entered",
    "game_over_closed": "The game is over (it was closed); no more rounds can be entered",
    # A round of Basic Rummy or Rami (docs/rules.md 9, 10)
    "went_out_missing": "Say who went out",
    "went_out_holding": "%(name)s went out and holds no cards: leave their hand empty",
    "held_too_many": Plural("%(name)s holds %(count)s card; a hand holds at most "
                            "%(hand_size)s",
                            "%(name)s holds %(count)s cards; a hand holds at most "
                            "%(hand_size)s", "count"),
    "laid_only_rami": "Laid points and melds are entered in Rami only",
    "finish_only_rami": "How a round was finished is entered in Rami only",
    "penalty_only_rami": "Penalties are entered in Rami only",
    "laid_and_laid_melds": "Enter %(name)s's laid points or laid melds, not both",
    "laid_missing": "Enter the points %(name)s laid this round, or the melds as cards (0 if "
                    "nothing was laid)",
    "laid_not_whole": "%(name)s's laid points must be a whole number of 0 or more",
    "laid_too_large": Plural("%(name)s cannot have laid %(laid)s point: the cards in play score "
                             "at most %(most)s",
                             "%(name)s cannot have laid %(laid)s points: the cards in play score "
                             "at most %(most)s", "laid"),
    "laid_impossible": Plural(
        "%(name)s cannot have laid %(laid)s point: every laid card scores a multiple of "
        "%(step)s; the nearest possible are %(below)s and %(above)s",
        "%(name)s cannot have laid %(laid)s points: every laid card scores a multiple of "
        "%(step)s; the nearest possible are %(below)s and %(above)s",
        "laid"),
    "first_meld_too_low": "%(name)s's melds are worth %(points)s points; the first melds must "
                          "be worth at least %(minimum)s",
    "from_table_not_laid": "%(card)s is not a card of the melds laid, or is named twice: "
                           "from_table lists cards of laid_melds",
    "meld_from_table_only": "%(name)s's meld %(cards)s holds only cards taken from the table: "
                            "a meld laid needs a card from the hand",
    "own_cards_from_table": "%(name)s took %(cards)s from the table, so this is no Rummy with "
                            "own cards only: enter the finish as rummy",
    "finish_missing": "Say how %(name)s finished: none, rummy or own_cards",
    "finish_unknown": "'%(finish)s' is no way to finish: none, rummy or own_cards",
    "penalty_off": "These rules have no penalty",
    "penalty_not_multiple": "A penalty is %(penalty)s points: %(name)s's %(points)s is not a "
                            "multiple of it",
    "penalty_twice": "%(name)s has two penalty lines: enter one with all their penalty points",
    "closed_tied_top": "%(names)s share the highest total: play another round before closing",
    # Re-buy (docs/rules.md 4.2)
    "rebuy_rule": "Re-buy: once per game, from %(rebuy_from)s to %(last)s points, with at "
                  "least %(min_players)s players still in: pay %(cost)s into the pot and go "
                  "down to the highest total below %(rebuy_from)s among the others",
    "rebuy_points_game": "There is no re-buy in the Punktespiel",
    "rebuy_off": "Re-buys are off in this game",
    "rebuy_game_over": "The game is over",
    "rebuy_before_first_round": "A re-buy is taken after a round; no round has been played yet",
    # A correction's consequences (docs/rules.md 3.1): said before the reason itself
    "correction_breaks_round": "With this change, round %(round)s no longer adds up",
    "correction_breaks_rebuy": "With this change, a re-buy no longer holds",
    "rebuy_break_closed": "The re-buys after round %(round)s closed when round %(next_round)s "
                          "was entered",
    "round_not_played": "Round %(round)s has not been played yet",
    "rebuy_round_not_a_number": "after_round must be a round number",
    "rebuy_already_taken": "%(name)s has already re-bought; a re-buy is allowed once per game",
    "rebuy_player_out": "%(name)s is out",
    "rebuy_player_dead": "%(name)s is dead",
    "rebuy_window": Plural("%(name)s has %(total)s point; a re-buy is open from "
                           "%(rebuy_from)s to %(last)s points",
                           "%(name)s has %(total)s points; a re-buy is open from "
                           "%(rebuy_from)s to %(last)s points", "total"),
    "rebuy_too_few_players": "No re-buy with fewer than %(min_players)s players still in",
    "rebuy_no_target": Plural("No other player still in has fewer than %(rebuy_from)s point, "
                              "so there is no total to re-buy to",
                              "No other player still in has fewer than %(rebuy_from)s points, "
                              "so there is no total to re-buy to", "rebuy_from"),
}


def render(code: str, params: Mapping[str, object]) -> str:
    """The English sentence of `code` with its params filled in."""
    template = TEMPLATES[code]
    if isinstance(template, Plural):
        template = template.singular if params[template.count] == 1 else template.plural
    return template % params


@dataclass(frozen=True)
class Message:
    """Words the engine gives that are no error: a code and its params."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The English text."""
        return render(self.code, self.params)


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def path_text(where: tuple[Part, ...]) -> str | None:
    """A position as text: `("hands", 2, "laid")` is `hands[2].laid`; None for `()`."""
    text = ""
    for part in where:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text or None


def path_parts(text: str | None) -> tuple[Part, ...]:
    """A position given as text, in parts (path_text's inverse). A text that does not read
    as names and indices stays one part, so that its text form is what was given."""
    if not text:
        return ()
    parts: tuple[Part, ...] = tuple(
        int(index) if index else name for name, index in _PART.findall(text))
    return parts if path_text(parts) == text else (text,)


def _parts(prefix: tuple[Part | str, ...]) -> tuple[Part, ...]:
    """Parts given as parts or as text (`"rounds[3]"` is `("rounds", 3)`)."""
    found: list[Part] = []
    for part in prefix:
        found.extend((part,) if isinstance(part, int) else path_parts(part))
    return tuple(found)


class RulesError(Exception):
    """Base of every error the rules engine raises for bad input.

    One error may stand for several: the checks of a round's hands find every bad hand
    before they refuse the round, and raise the first error with `errors` listing all of
    them (the first included). An error alone has `errors == [self]`.

    The position of the wrong input is given as parts (`where=("hands", 2, "laid")`) or,
    as callers outside the engine do, as text (`field="hands[2].laid"`); both read back
    as `where` and `field`.
    """

    code = "invalid"

    def __init__(self, reason: str, params: Mapping[str, object] | None = None, *,
                 field: str | None = None, code: str | None = None,
                 where: tuple[Part, ...] | None = None):
        # A reason from TEMPLATES, or (for callers outside the engine) a finished sentence.
        self.params = dict(params or {})
        if reason in TEMPLATES:
            self.reason: str | None = reason
            message = render(reason, self.params)
        else:
            self.reason, message = None, reason
        super().__init__(message)
        self.message = message
        self.where: tuple[Part, ...] = tuple(where) if where is not None else path_parts(field)
        self.context: Message | None = None
        self.errors: list[RulesError] = [self]
        if code is not None:
            self.code = code

    @property
    def field(self) -> str | None:
        """The position as text (`hands[2].laid`), or None."""
        return path_text(self.where)

    @field.setter
    def field(self, text: str | None) -> None:
        self.where = path_parts(text)

    def because(self, context: Message) -> "RulesError":
        """The same error, said as a consequence of `context` ("With this change, ...");
        every error it stands for too."""
        for error in self.errors:
            error.context, error.plain_message = context, error.message
            error.message = f"{context.message}: {error.message}"
        return self

    def at(self, *prefix: Part) -> "RulesError":
        """The same error with its position placed under `prefix` (parts such as
        `"rounds", 3`, or the text `"rounds[3]"`); the positions of every error it stands
        for too."""
        parts = _parts(prefix)
        for error in self.errors:
            error.where = parts + error.where
        return self

    def within(self, *prefix: Part) -> "RulesError":
        """The same error with its position taken out of `prefix` (at's inverse, e.g.
        `rounds[2].hands[1].cards` -> `hands[1].cards`); the positions of every error it
        stands for too. Positions outside `prefix` stay as they are."""
        parts = _parts(prefix)
        for error in self.errors:
            if error.where[:len(parts)] == parts:
                error.where = error.where[len(parts):]
        return self


class Collected:
    """The errors of checks that do not depend on each other, raised together at the end.

        found = Collected()
        for index, hand in enumerate(hands):
            with found:
                check(hand)            # a RulesError here is kept, and the loop goes on
        found.raise_any()              # the first error, with `errors` listing all
    """

    def __init__(self) -> None:
        self.errors: list[RulesError] = []

    def __enter__(self) -> "Collected":
        return self

    def __exit__(self, kind, error, traceback) -> bool:
        if isinstance(error, RulesError):
            self.add(error)
            return True
        return False

    def __bool__(self) -> bool:
        return bool(self.errors)

    def add(self, error: RulesError) -> None:
        self.errors.extend(error.errors)

    def raise_any(self) -> None:
        """Raise the first error standing for all of them, if there is any."""
        if self.errors:
            first = self.errors[0]
            first.errors = list(self.errors)
            raise first


class InvalidRules(RulesError):
    """A rule set or a seating that cannot be played."""

    code = "invalid_rule"


class CardError(RulesError):
    """A card text that is no card."""

    code = "invalid_card"


class TooManyCopies(CardError):
    """A round's hands hold more copies of a card than the decks (docs/rules.md 1.4)."""

    code = "too_many_copies"


class MoneyError(RulesError):
    """A text that is no amount of money."""

    code = "invalid_amount"


class InvalidRound(RulesError):
    """A round entered with a missing, doubled or wrong hand."""

    code = "invalid_round"


class ImpossibleHandValue(InvalidRound):
    """A typed hand value no hand of the rules can count (docs/rules.md 3.1)."""

    code = "impossible_hand_value"


class FalseKnock(InvalidRound):
    """The ender's deadwood is above the knock limit (docs/rules.md 3.2)."""

    code = "false_knock"


class RebuyNotAllowed(RulesError):
    """A re-buy the rules do not open to this player now (docs/rules.md 4.2)."""

    code = "rebuy_not_allowed"


class GameOver(RulesError):
    """A round entered after the game has ended."""

    code = "game_finished"


class SnapshotError(ValueError):
    """A snapshot this engine cannot resume (another format, seating or rule set):
    replay the game from its facts instead."""
