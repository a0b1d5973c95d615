"""Steps a player takes on the pages, for the browser tests (tests/browser_support.py)."""

import re

from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Game
from scorekeeper.services.policy import OPERATOR

# The sheet and the share link poll every 5 s (hx-trigger in game.html).
POLL_SECONDS = 5
# How long a page that polls is given to show a change: a poll may just have gone before the
# change, and on a loaded CI machine the next one's answer took seconds more.
AFTER_A_POLL_MS = (2 * POLL_SECONDS + 5) * 1000
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def start_game(page, players, *, buy_in="5.00", knock_premium="1.00"):
    """New game page: seat the players by name, set the stake, start; ends on the sheet."""
    page.goto("/games/new/")
    seat_players(page, players)
    page.locator("#buy_in").fill(buy_in)
    page.locator("#knock_premium").fill(knock_premium)
    return start(page)


def choose_game(page, title):
    """Tap a game on the new game page by its title ("Gin Rummy")."""
    exactly = re.compile(rf"^{re.escape(title)}$")
    page.locator("label.choice", has=page.locator(".title", has_text=exactly)).click()


def seat_players(page, players):
    for name in players:
        page.get_by_label("New player").fill(name)
        page.get_by_role("button", name="Add", exact=True).click()
        page.locator(".seats .name", has_text=name).wait_for()


def start(page):
    """Start the game; ends on its sheet. Returns the game's id."""
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def tap_card(picker, card):
    """In an open card picker: tap the suit, then the rank ("10H"); "JK" taps the joker."""
    if card == "JK":
        picker.locator(".ranks").get_by_role("button", name="Joker").click()
        return
    rank, suit = card[:-1], card[-1]
    picker.locator("label.suit", has_text=SUIT_SYMBOLS[suit]).click()
    picker.locator(".ranks").get_by_role("button", name=rank, exact=True).click()


def pick_cards(page, name, cards):
    """On the round form: open the card picker of `name` and tap the cards ("8S 10H")."""
    page.get_by_role("button", name=f"Enter the cards of {name}").click()
    picker = page.get_by_role("group", name=f"Cards of {name}")
    for count, card in enumerate(cards.split(), start=1):
        tap_card(picker, card)
        expect(picker.locator(".count")).to_contain_text(re.compile(rf"^{count} of"))
    return picker


def pick_melds(page, name, melds):
    """On a Rami round form: open the picker of what `name` laid and tap each meld's cards
    (["QH KH AH", "JK 10D JD"]), starting the next meld after each."""
    page.get_by_role("button", name=f"Enter the melds laid by {name}").click()
    picker = page.get_by_role("group", name=f"Melds laid by {name}")
    count = 0
    for index, meld in enumerate(melds):
        if index:
            picker.get_by_role("button", name="Next meld").click()
            expect(picker.locator(".meld.open")).to_have_text("new meld")
        for card in meld.split():
            tap_card(picker, card)
            count += 1
            expect(picker.locator(".count")).to_contain_text(re.compile(rf"^{count} cards? laid"))
    return picker


def fill_tally_round(page, ender, *, hands=(), laid=(), finish=None, penalties=()):
    """On a Basic Rummy or Rami round form: tap who went out, type the hands' points and
    (Rami) what each laid, tap how the round was finished, choose penalties ("1 × 300")."""
    form = page.locator("#round-form")
    form.locator("label.who", has_text=ender).click()
    rami = form.get_attribute("class").split()[-1] == "rami"
    for name, value in dict(hands).items():
        label = f"Points in the hand of {name}" if rami else f"Points of {name}"
        form.get_by_label(label, exact=True).fill(str(value))
    for name, value in dict(laid).items():
        form.get_by_label(f"Points laid by {name}", exact=True).fill(str(value))
    if finish is not None:
        form.locator("label.segment", has_text=re.compile(rf"^{re.escape(finish)}$")).click()
    if penalties:
        form.locator("details.penalties summary").click()
        for name, choice in dict(penalties).items():
            form.locator(".penalty", has=page.locator("label", has_text=name)).locator(
                "select").select_option(label=choice)


def fill_round(page, ender, points, *, pad=False):
    """On the round form: tap who knocked, then everyone's points (typed, or with the pad)."""
    form = page.locator("#round-form")
    form.locator("label.who", has_text=ender).click()
    for name, value in points.items():
        hand = form.locator(".hand", has=page.locator(".name", has_text=name))
        field = hand.locator("input[data-dw]")
        if pad:
            field.click()
            for digit in str(value):
                form.locator(f"[data-pad] button[data-key='{digit}']").click()
        else:
            field.fill(str(value))


def enter_round(page, game_id, ender, points, *, pad=False):
    """From the sheet: Enter round, fill it in, save; ends back on the sheet."""
    page.goto(f"/games/{game_id}/")
    page.get_by_role("link", name=re.compile(r"^Enter round \d+$")).click()
    page.wait_for_url(f"**/games/{game_id}/rounds/new/")
    fill_round(page, ender, points, pad=pad)
    page.locator("#round-form .save").click()
    page.wait_for_url(f"**/games/{game_id}/")


# --- Games set up through the services (the steps a test is not about) --------------------


def seats(game_id) -> dict[str, int]:
    game = Game.objects.get(pk=game_id)
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def game_with(club, players, rounds=(), **options):
    """A game started and played through the services (the steps a test is not about)."""
    view = services.start_game(club=club, name="Freitag", preset="wiener", players=players,
                               user=OPERATOR, **options)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    for number, (ender, points) in enumerate(rounds, start=1):
        services.record_round(
            game_id=view.game.pk, number=number, ender=ids[ender],
            hands=[services.HandInput(ids[name], deadwood=value) for name, value in points.items()],
                                      user=OPERATOR,
        )
    return view.game.pk
