"""axe-core finds nothing on the main pages, in English and German (issue 25, item 11;
docs/table.md, "Accessibility"): home, new game, the sheet of each family, the round form
(as served and as a refused Save answers it), the share page, the season's report and the
audit, on a phone.

axe-core is an npm package of tests/clients/package-lock.json (`make clients`, which
`make test` runs); a missing copy fails, it never skips. It is injected into each page
with Playwright's add_script_tag, in a context that lets it past the pages' CSP.

Fixtures: tests/browser_support.py.
"""

from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import AFTER_A_POLL_MS, fill_round, game_with
from tests.test_basic_pages import start as start_basic
from tests.test_gin_pages import start_gin
from tests.test_rami_pages import start_rami

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

AXE = Path(__file__).resolve().parent / "clients" / "node_modules" / "axe-core" / "axe.min.js"

# Each violation as one line: the rule, its impact, what it asks, and where.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} at ` +
    v.nodes.slice(0, 3).map(node => node.target.join(" ")).join(", "));
}"""


def ids_of(game_id: int) -> list[int]:
    return services.load_game(services.game_queryset().get(pk=game_id)).player_ids


def played(club, alice) -> dict[str, int]:
    """A game of each family with rounds on its sheet, and an ended one for the report."""
    page_client = Client()
    page_client.force_login(alice)
    view = services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben", "Cem", "Dora"], user=OPERATOR)
    knock = view.game.pk
    anna, *others = view.player_ids
    services.record_round(game_id=knock, number=1, ender=anna, user=OPERATOR, hands=[
        services.HandInput(anna, deadwood=3),
        *(services.HandInput(player, deadwood=20 + seat) for seat, player in enumerate(others))])

    gin = start_gin(page_client, club, ["Anna", "Ben"]).pk
    first, second = ids_of(gin)
    services.record_round(game_id=gin, number=1, ender=first, user=OPERATOR, hands=[
        services.HandInput(first, deadwood=0), services.HandInput(second, deadwood=12)])

    basic = start_basic(page_client, club, ["Anna", "Ben", "Cem"]).pk
    out, *left = ids_of(basic)
    services.record_round(game_id=basic, number=1, ender=out, user=OPERATOR, hands=[
        services.HandInput(left[0], deadwood=3), services.HandInput(left[1], deadwood=4)])

    rami = start_rami(page_client, club, ["Anna", "Ben", "Cem"], rami_mode="elimination").pk
    ender, ben, cem = ids_of(rami)
    services.record_round(game_id=rami, number=1, ender=ender, finish="none", user=OPERATOR,
                          hands=[services.HandInput(ender), services.HandInput(ben, deadwood=5,
                                                                                laid=0),
                                 services.HandInput(cem, cards="KS QS")])

    ended = services.start_game(club=club, name="Punkte", preset="romme",
                                players=["Anna", "Ben", "Cem"], rules={"mode": "points"},
                                user=OPERATOR)
    anna, ben, cem = ended.player_ids
    services.record_round(game_id=ended.game.pk, number=1, ender=anna, user=OPERATOR, hands=[
        services.HandInput(anna, deadwood=0), services.HandInput(ben, deadwood=23),
        services.HandInput(cem, deadwood=7)])
    services.close_game(game_id=ended.game.pk, user=OPERATOR)
    return {"knock": knock, "gin": gin, "basic": basic, "rami": rami}


def main_pages(club, games: dict[str, int]) -> list[str]:
    sheets = [f"/games/{game}/" for game in games.values()]
    return ["/", "/games/new/", *sheets, f"/games/{games['knock']}/rounds/new/",
            f"/games/{games['gin']}/rounds/new/", f"/games/{games['knock']}/share/",
            f"/s/{policy.share_token(games['knock'])}/", f"/clubs/{club.pk}/report/",
            f"/clubs/{club.pk}/audit/"]


def violations(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_axe_finds_nothing_on_the_main_pages(phones, club, alice, locale):
    assert AXE.exists(), f"{AXE} is missing: `make clients` installs it (npm ci)"
    games = played(club, alice)
    phone = phones.open(alice, locale=locale, bypass_csp=True)
    found = {}
    for url in main_pages(club, games):
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
        found[url] = violations(phone)

    # A refused Save: the errors beside their fields (no knocker tapped).
    phones.expected_statuses.add(422)
    phone.goto(f"/games/{games['knock']}/rounds/new/")
    phone.locator("#round-form .save").click()
    phone.locator("#round-form .error").first.wait_for()
    found["the refused Save"] = violations(phone)

    assert phone.locator("html").get_attribute("lang").startswith(locale[:2])
    problems = [f"{url}: {line}" for url, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)


# --- Focus, announcements and tap targets (the keyboard and the thumb) -------------------------


def test_after_save_the_focus_is_on_the_new_sheet_and_the_round_is_announced(phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    fill_round(phone, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")

    expect(phone.get_by_role("status").filter(has_text="Round 1 saved.")).to_be_visible()
    focused = phone.locator("#board h2")
    expect(focused).to_be_focused()
    expect(focused).to_have_text("After round 1")


def test_a_refused_save_focuses_the_missing_knocker_before_the_points(phones, phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phones.expected_statuses.add(422)
    phone.goto(f"/games/{game_id}/rounds/new/")
    phone.locator("#round-form .hand", has=phone.locator(".name", has_text="Ben")).locator(
        "input[data-dw]").fill("12")  # no knocker tapped, Anna's and Cem's points missing
    with phone.expect_response(lambda answer: answer.status == 422):
        phone.locator("#round-form .save").click()

    expect(phone.locator("#round-form .error").first).to_be_visible()
    expect(phone.get_by_role("radio", name="Anna knocked")).to_be_focused()


TAP_SIZES = """targets => targets.map(target => {
    const box = target.getBoundingClientRect();
    return [target.textContent.trim() || target.getAttribute("aria-label"),
            Math.round(box.width), Math.round(box.height)];
})"""


def test_every_tap_target_on_the_sheet_is_at_least_44_px(phones, club, alice):
    six = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
    knock_of_six = game_with(club, six, rounds=[
        ("Anna", {"Anna": 3, "Ben": 12, "Cem": 20, "Dora": 7, "Emil": 9, "Fritz": 30}),
        ("Ben", {"Anna": 13, "Ben": 2, "Cem": 21, "Dora": 8, "Emil": 10, "Fritz": 4})])
    phone = phones.open(alice)

    small, counted = {}, {}
    for game_id in [knock_of_six, *played(club, alice).values()]:
        phone.goto(f"/games/{game_id}/")
        sizes = phone.locator("#board a, #board button, #board summary").evaluate_all(TAP_SIZES)
        counted[game_id] = len(sizes)
        small[game_id] = [size for size in sizes if size[1] < 44 or size[2] < 44]

    # the six players' round links, money links and player links, and the actions
    assert counted[knock_of_six] >= 2 + 6 + 6
    assert not any(small.values()), small


def test_an_ended_session_sends_the_polling_sheet_to_sign_in_without_swapping_it_in(phones,
                                                                                    club, bob):
    game_id = game_with(club, ["Anna", "Ben"])
    phone = phones.open(bob)
    phone.goto(f"/games/{game_id}/")
    phone.context.clear_cookies()  # the session ended (signed out elsewhere, expired)
    phones.expected_statuses.add(401)

    # The sheet's next poll (every 5 s) is answered 401 with HX-Redirect: htmx loads the
    # sign-in page as a page, which leads back to the sheet.
    phone.wait_for_url(f"**/accounts/login/?next=/games/{game_id}/",
                       timeout=AFTER_A_POLL_MS)
    expect(phone.locator("h1")).to_have_count(1)
    expect(phone.locator("main")).to_have_count(1)
    expect(phone.locator("#board")).to_have_count(0)
