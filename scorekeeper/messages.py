"""The rules engine's words in the reader's language.

The engine says everything as a code and params (`RulesError.reason` or `Message.code`,
and `.params`) and builds its English from one table (`scorekeeper.rules.errors`).
`message_for` builds the same sentence in the active language with gettext from the same
code and params; a code this table does not know keeps the engine's English.

The English here is the engine's, word for word (tests/test_messages.py holds the two
tables together), so that the German catalogue has one entry per sentence.
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from .cardnames import cards_shown
from .rules import Message, RulesError

# code -> the sentence, with the engine's %(name)s placeholders; a counted number picks
# the plural form by the param named last.
TEXTS = {
    # Cards (docs/rules.md 1)
    "card_not_text": _("%(token)s is not a card: write a card as text such as 'QH' or 'JK'"),
    "not_a_card": _(
        "'%(card)s' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a "
        "joker",
    ),
    "empty_card": _(
        "'(empty)' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a "
        "joker",
    ),
    "no_cards_given": _("No cards given: list the cards, e.g. 'AS 2S 3S JK'"),
    "hand_without_cards": _("No cards given: a hand has at least one card"),
    "discard_too_few_cards": _("A discard needs at least two cards in the hand"),
    "too_many_copies": _("%(card)s appears %(count)s times; the decks hold %(decks)s"),
    "too_many_jokers": ngettext_lazy(
        "%(card)s appears %(count)s time; jokers in this game: %(jokers)s",
        "%(card)s appears %(count)s times; jokers in this game: %(jokers)s",
        "count",
    ),
    # Amounts (docs/rules.md 5 and 6.5)
    "amount_not_text": _(
        "%(value)s is not an amount: send money as a decimal string such as \"5.00\"",
    ),
    "not_an_amount": _("%(value)s is not an amount"),
    "amount_format": _(
        "'%(value)s' is not an amount: use a number with at most two decimals, e.g. \"5.00\"",
    ),
    "amount_negative": _("'%(value)s' is negative: amounts are zero or more"),
    # Rule parameters (docs/rules.md 6.5 and 6.6)
    "unknown_preset": _("Unknown preset '%(name)s'; choose one of %(known)s"),
    "unknown_parameter": _("'%(name)s' is not a rule parameter"),
    "not_a_choice": _("%(name)s must be one of %(choices)s"),
    "not_between": _("%(name)s must be between %(low)s and %(high)s; got %(value)s"),
    "rebuy_from_not_below_eliminate_at": _(
        "rebuy_from must be between %(low)s and %(high)s (it must be below eliminate_at); got "
        "%(value)s",
    ),
    "amount_out_of_range": _("%(name)s must be between 0.00 and 1000000.00"),
    "pot_split_not_100": _(
        "pot_split must be positive percentages that add up to 100, e.g. [70, 30]",
    ),
    "pot_split_not_a_list": _("pot_split must be a list of whole percentages, e.g. [70, 30]"),
    "card_value_out_of_range": _("The value of %(key)s must be between 0 and 1000"),
    "card_value_not_whole": _("The value of %(key)s must be a whole number"),
    "card_values_not_a_map": _("card_values must map ranks to points"),
    "card_values_unknown": _("card_values has unknown keys %(keys)s; use A, 2-10, J, Q, K, JK"),
    "card_values_missing": _("card_values lacks %(keys)s"),
    "not_a_boolean": _("%(name)s must be true or false"),
    "not_text": _("%(name)s must be text"),
    "not_a_whole_number": _("%(name)s must be a whole number"),
    "family_not_playable": _("The %(family)s family cannot be scored"),
    "buy_in_without_pot": _(
        "Only Rami's elimination mode plays for a pot: leave the buy-in at 0.00",
    ),
    "identities_need_four_decks": _("Identities are played with 4 decks"),
    # A game's seating (docs/rules.md 3.1, 5.7, 6.3)
    "not_knock_family": _("These rules are not of the knock family (Wiener Rummy, Rommé)"),
    "not_gin_family": _("These rules are not Gin Rummy's"),
    "gin_two_players": _("Gin Rummy is played by %(count)s players; %(given)s are seated"),
    "gin_tournament_players": _(
        "A Gin tournament is played by %(low)s to %(high)s players; %(given)s are seated",
    ),
    "gin_bye_only_three": _("Only a Gin tournament of 3 players has a bye: leave bye out"),
    "payouts_missing": _("The payout table needs at least the winner's percent"),
    "payout_negative": _("A payout is a percent of the pool, 0 or more"),
    "payouts_sum": _("The payouts must add up to 100 percent of the pool, not %(sum)s"),
    "payout_winner_low": _("The winner gets at least %(least)s percent of the pool, not "
                           "%(given)s"),
    "payouts_places": _("The payout table has more places than the %(players)s players"),
    "match_not_gin": _("A club tournament's matches are Gin: choose a Gin preset"),
    "match_single_table": _("Each match of a club tournament is one Gin match of two: leave "
                            "the single-table tournament rule out"),
    "hollywood_tournament": _(
        "Hollywood Gin is one match of two players, not a tournament: set hollywood or "
        "tournament, not both",
    ),
    "hollywood_ring_game": _(
        "Hollywood Gin plays its three games to the game target: leave rounds_to_play at 0",
    ),
    "too_few_players": _("A game needs at least %(count)s players"),
    "family_players": _(
        "%(family)s is played by %(low)s to %(high)s players; %(given)s are seated",
    ),
    "too_few_cards": _(
        "%(players)s players with %(hand_size)s cards each need more than the %(cards)s cards in "
        "play: play with more decks",
    ),
    "player_id_type": _("A player is named by a number or a text"),
    "player_seated_twice": _("%(name)s is seated twice"),
    "player_looks_like_seated": _(
        "%(name)s looks like %(other)s, who is already seated: write the name so that the two "
        "can be told apart",
    ),
    "player_looks_like_member": _(
        "%(name)s looks like %(other)s, a player of this club: seat %(other)s, or write the "
        "name so that the two can be told apart",
    ),
    "carried_pot_negative": _("The carried pot is an amount of zero or more"),
    "carried_pot_points_game": _("The Punktespiel has no pot to carry a pot into"),
    "carried_pot_no_pot": _("This game plays for no pot, so no pot can be carried into it"),
    "closed_with_pot": _(
        "Only a Punktespiel is closed by hand; a game with a pot ends when one player is left",
    ),
    # A round as entered (docs/rules.md 3.1, 3.2, 3.7)
    "not_a_player": _("%(name)s is not a player in this game"),
    "player_out": _("%(name)s is out since round %(round)s and does not play"),
    "not_in_decider": _("%(name)s does not play the decider"),
    "player_entered_twice": _("%(name)s is entered twice"),
    "deadwood_or_cards": _("Enter %(name)s's deadwood or cards"),
    "deadwood_and_cards": _("Enter %(name)s's deadwood or cards, not both"),
    "hand_missing": ngettext_lazy(
        "The hand of %(names)s is missing: every player of the round is entered",
        "The hands of %(names)s are missing: every player of the round is entered",
        "count",
    ),
    "deadwood_not_whole": _("%(name)s's deadwood must be a whole number"),
    "deadwood_negative": _("%(name)s's deadwood cannot be negative"),
    "deadwood_too_large": ngettext_lazy(
        "%(name)s's deadwood of %(deadwood)s is more than a hand of %(hand_size)s card can hold "
        "(at most %(most)s)",
        "%(name)s's deadwood of %(deadwood)s is more than a hand of %(hand_size)s cards can hold "
        "(at most %(most)s)",
        "hand_size",
    ),
    "deadwood_too_large_free": _(
        "%(name)s's deadwood of %(deadwood)s is more than the cards in play can hold (at most "
        "%(most)s)",
    ),
    # docs/rules.md 3.1, "Values no hand can have"
    "hand_value_below_smallest_card": ngettext_lazy(
        "%(name)s cannot have %(value)s point in hand: the smallest card counts %(smallest)s",
        "%(name)s cannot have %(value)s points in hand: the smallest card counts %(smallest)s",
        "value",
    ),
    "impossible_hand_value": ngettext_lazy(
        "%(name)s cannot have %(value)s point in hand: no hand counts that in these rules; the "
        "nearest possible are %(below)s and %(above)s",
        "%(name)s cannot have %(value)s points in hand: no hand counts that in these rules; the "
        "nearest possible are %(below)s and %(above)s",
        "value",
    ),
    "wrong_hand_size": ngettext_lazy(
        "%(name)s has %(count)s card; a hand at the end of a round has %(hand_size)s",
        "%(name)s has %(count)s cards; a hand at the end of a round has %(hand_size)s",
        "count",
    ),
    "no_cards": _("%(name)s has no cards"),
    "ender_melds_without_lay_off": _(
        "The ender's melds are only recorded when cards are laid off (lay_off is none)",
    ),
    "ender_melds_without_cards": _("Enter the ender's cards to record the melds as laid"),
    "not_a_meld": _("%(cards)s is not a meld"),
    "meld_card_not_in_hand": _("%(card)s in the ender's melds is not in the ender's hand"),
    "false_knock": _(
        "False knock: %(name)s has %(deadwood)s deadwood, but the knock limit is %(limit)s",
    ),
    "false_knock_points_game": _(
        "False knock: %(name)s has %(deadwood)s deadwood, but in the Punktespiel you may only "
        "knock with 0",
    ),
    # A Gin round (docs/rules.md 8)
    "void_not_in_family": _("Only a Gin round can be void"),
    "void_with_hands": _("A void round scores nothing: enter no knocker and no hands"),
    "gin_knocker_missing": _("Say who knocked, or record the round as void"),
    "gin_which_match": _("Two matches are played at once: say which match the round was in"),
    "gin_match_not_open": _("Match %(match)s is not being played"),
    "gin_not_in_match": _("%(name)s does not play in this match"),
    "big_gin_only_gin": _("A Big Gin is entered in Gin Rummy only"),
    "big_gin_off": _(
        "This game's rules have no Big Gin: set big_gin in the rules to score it",
    ),
    "big_gin_not_gin": _(
        "A Big Gin is a gin: the knocker's 11 cards all melded, no deadwood",
    ),
    "upcard_only_gin": _("The upcard is entered in Oklahoma Gin only"),
    "upcard_without_oklahoma": _("Only Oklahoma Gin records the upcard: leave upcard out"),
    "upcard_missing": _("Oklahoma Gin: enter the deal's first upcard, e.g. 7S"),
    "upcard_joker": _("The upcard is a card of the deck, not a joker"),
    "oklahoma_option_off": _(
        "%(name)s is an option of Oklahoma Gin: set oklahoma in the rules",
    ),
    "game_over_won": _("The game is over (%(name)s won it); no more rounds can be entered"),
    "game_over_carried": _(
        "The game is over (the pot was carried over); no more rounds can be entered",
    ),
    "game_over_closed": _("The game is over (it was closed); no more rounds can be entered"),
    # A round of Basic Rummy or Rami (docs/rules.md 9, 10)
    "went_out_missing": _("Say who went out"),
    "went_out_holding": _("%(name)s went out and holds no cards: leave their hand empty"),
    "held_too_many": ngettext_lazy(
        "%(name)s holds %(count)s card; a hand holds at most %(hand_size)s",
        "%(name)s holds %(count)s cards; a hand holds at most %(hand_size)s",
        "count",
    ),
    "laid_only_rami": _("Laid points and melds are entered in Rami only"),
    "finish_only_rami": _("How a round was finished is entered in Rami only"),
    "penalty_only_rami": _("Penalties are entered in Rami only"),
    "laid_and_laid_melds": _("Enter %(name)s's laid points or laid melds, not both"),
    "laid_missing": _(
        "Enter the points %(name)s laid this round, or the melds as cards (0 if nothing was laid)",
    ),
    "laid_not_whole": _("%(name)s's laid points must be a whole number of 0 or more"),
    "laid_too_large": ngettext_lazy(
        "%(name)s cannot have laid %(laid)s point: the cards in play score at most %(most)s",
        "%(name)s cannot have laid %(laid)s points: the cards in play score at most %(most)s",
        "laid",
    ),
    "laid_impossible": ngettext_lazy(
        "%(name)s cannot have laid %(laid)s point: every laid card scores a multiple of "
        "%(step)s; the nearest possible are %(below)s and %(above)s",
        "%(name)s cannot have laid %(laid)s points: every laid card scores a multiple of "
        "%(step)s; the nearest possible are %(below)s and %(above)s",
        "laid",
    ),
    "first_meld_too_low": _(
        "%(name)s's melds are worth %(points)s points; the first melds must be worth at least "
        "%(minimum)s",
    ),
    "from_table_not_laid": _(
        "%(card)s is not a card of the melds laid, or is named twice: from_table lists cards of "
        "laid_melds",
    ),
    "meld_from_table_only": _(
        "%(name)s's meld %(cards)s holds only cards taken from the table: a meld laid needs a "
        "card from the hand",
    ),
    "own_cards_from_table": _(
        "%(name)s took %(cards)s from the table, so this is no Rummy with own cards only: enter "
        "the finish as rummy",
    ),
    "finish_missing": _("Say how %(name)s finished: none, rummy or own_cards"),
    "finish_unknown": _("'%(finish)s' is no way to finish: none, rummy or own_cards"),
    "penalty_off": _("These rules have no penalty"),
    "penalty_not_multiple": _(
        "A penalty is %(penalty)s points: %(name)s's %(points)s is not a multiple of it",
    ),
    "penalty_twice": _("%(name)s has two penalty lines: enter one with all their penalty points"),
    "closed_tied_top": _("%(names)s share the highest total: play another round before closing"),
    # Re-buy (docs/rules.md 4.2)
    "rebuy_rule": _(
        "Re-buy: once per game, from %(rebuy_from)s to %(last)s points, with at least "
        "%(min_players)s players still in: pay %(cost)s into the pot and go down to the highest "
        "total below %(rebuy_from)s among the others",
    ),
    "rebuy_points_game": _("There is no re-buy in the Punktespiel"),
    "rebuy_off": _("Re-buys are off in this game"),
    "rebuy_game_over": _("The game is over"),
    "rebuy_before_first_round": _("A re-buy is taken after a round; no round has been played yet"),
    "correction_breaks_round": _("With this change, round %(round)s no longer adds up"),
    "correction_breaks_rebuy": _("With this change, a re-buy no longer holds"),
    "rebuy_break_closed": _(
        "The re-buys after round %(round)s closed when round %(next_round)s was entered",
    ),
    "round_not_played": _("Round %(round)s has not been played yet"),
    "rebuy_round_not_a_number": _("after_round must be a round number"),
    "rebuy_already_taken": _("%(name)s has already re-bought; a re-buy is allowed once per game"),
    "rebuy_player_out": _("%(name)s is out"),
    "rebuy_player_dead": _("%(name)s is dead"),
    "rebuy_window": ngettext_lazy(
        "%(name)s has %(total)s point; a re-buy is open from %(rebuy_from)s to %(last)s points",
        "%(name)s has %(total)s points; a re-buy is open from %(rebuy_from)s to %(last)s points",
        "total",
    ),
    "rebuy_too_few_players": _("No re-buy with fewer than %(min_players)s players still in"),
    "rebuy_no_target": ngettext_lazy(
        "No other player still in has fewer than %(rebuy_from)s point, so there is no total to "
        "re-buy to",
        "No other player still in has fewer than %(rebuy_from)s points, so there is no total to "
        "re-buy to",
        "rebuy_from",
    ),
}


# Params that hold canonical card text: "QH", or a meld's cards "7H 8H JK".
CARD_PARAMS = frozenset({"card", "cards"})


def message_for(said: RulesError | Message, *, cards_as_shown: bool = True) -> str:
    """An engine error's or Message's sentence in the active language.

    Cards are named as the pages' card picker shows them ("Q♠", "D♠" in German, "Joker");
    `cards_as_shown=False` keeps the canonical text ("QS", "JK"), as the REST API does.
    """
    context = getattr(said, "context", None)
    params = _shown(said.params) if cards_as_shown else said.params
    if context is not None:
        # A consequence: the error said again without its context, after the context.
        text = TEXTS.get(said.reason)
        inner = str(text % params) if text is not None else said.plain_message
        return f"{message_for(context, cards_as_shown=cards_as_shown)}: {inner}"
    code = said.reason if isinstance(said, RulesError) else said.code
    text = TEXTS.get(code)
    if text is None:
        return said.message
    return str(text % params)


def _shown(params: Mapping[str, object]) -> Mapping[str, object]:
    if not CARD_PARAMS & params.keys():
        return params
    return {name: cards_shown(value) if name in CARD_PARAMS and isinstance(value, str)
            else value for name, value in params.items()}
