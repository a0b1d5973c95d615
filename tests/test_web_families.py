"""The pages' family modules (scorekeeper/web/families): every family of the engine has one,
the package finds them itself, and no code outside the engine and the family modules (of the
pages and of the API) names a family or a preset."""

import re
from decimal import Decimal
from pathlib import Path

from scorekeeper import rules as engine
from scorekeeper import services
from scorekeeper.web import families
from scorekeeper.web.forms import NewGameForm

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper"
# Every family's and every preset's name, quoted: what code outside the family modules
# would write to decide by family (docs/families.md).
NAMES = sorted({*engine.PRESETS,
                *(preset["rules"]["family"] for preset in engine.PRESETS.values())})
FAMILY_NAMES = re.compile(rf"""['"]({"|".join(map(re.escape, NAMES))})['"]""")
# Where a family may be named: the engine, and the family modules of the pages and the API.
FAMILY_ROOMS = ("rules", "families", "migrations")


def test_every_preset_of_the_engine_has_its_familys_page_module():
    offered = [name for name, _label in families.preset_choices()]

    assert sorted(offered) == sorted(engine.PRESETS)
    for preset in engine.PRESETS:
        pages = families.for_preset(preset)
        assert pages.family == engine.family_for(engine.Rules.preset(preset)).name
        assert preset in {each.name for each in pages.presets}
    assert [pages.family for pages in families.all_families()] == ["knock", "gin", "basic",
                                                                   "rami"]


def test_the_pages_ask_the_family_by_the_games_rules():
    elimination = engine.Rules.preset("rami", mode="elimination")

    assert str(families.for_rules(elimination).ender_word) == "finished"
    assert str(families.for_rules(engine.Rules.preset("gin")).pot_label) == "Prize pool"
    assert str(families.for_rules(engine.Rules.preset("romme")).ender_word) == "knocked"


def test_no_code_outside_the_engine_and_the_family_modules_names_a_family():
    naming = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(ROOT.rglob("*.py"))
        if not set(FAMILY_ROOMS) & set(path.relative_to(ROOT).parts)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if FAMILY_NAMES.search(line)
    ]

    assert naming == []


def test_the_new_game_form_hands_the_engine_amounts_not_text():
    form = NewGameForm({"club": "1", "preset": "wiener", "buy_in": "5.50",
                        "knock_premium": "1", "lay_off": "none"},
                       clubs=[type("Club", (), {"pk": 1, "name": "C"})()])

    assert form.is_valid(), form.errors
    overrides = form.rules()
    assert overrides["buy_in"] == Decimal("5.50")
    assert not isinstance(overrides["buy_in"], str)
    rules = engine.Rules.preset("wiener", **overrides)
    assert (rules.buy_in, rules.knock_premium) == (550, 100)


def test_a_void_game_offers_no_round_form_but_its_sheet(club, alice, alice_page):
    view = services.start_game(club=club, name="Wiener", preset="wiener",
                               players=["Anna", "Ben", "Cem"], user=alice)
    anna, ben, cem = (seat.player_id for seat in view.seats)
    services.record_round(game_id=view.game.pk, number=1, ender=anna, user=alice,
                          hands=[services.HandInput(anna, deadwood=3),
                                 services.HandInput(ben, deadwood=20),
                                 services.HandInput(cem, deadwood=12)])
    services.void_game(game_id=view.game.pk, reason="started by mistake", user=alice)

    response = alice_page.get(f"/games/{view.game.pk}/rounds/new/")

    assert response.status_code == 302
    assert response["Location"] == f"/games/{view.game.pk}/"
