"""Each family's round body lives in its own module of scorekeeper/api/families/, found by
the package itself: the API asks the package which body a game takes, and the schema's
anyOf lists every family's (docs/api.md, "Entering a round")."""

import pytest

from scorekeeper.api import families
from scorekeeper.rules import PRESETS, Rules, RulesError, family_for
from tests.openapi import served_schema


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_presets_family_has_its_round_and_correction_body(preset):
    rules = Rules.preset(preset)
    module = families.module_for(rules)
    assert module.FAMILY == family_for(rules).name
    assert families.round_input(rules) is module.ROUND_INPUT
    assert families.correction_input(rules) is module.CORRECTION_INPUT
    # A correction takes what a new round takes, and why.
    assert set(module.ROUND_INPUT().fields) < set(module.CORRECTION_INPUT().fields)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_games_stored_rules_pick_the_same_body_as_the_engines_rules(preset):
    rules = Rules.preset(preset)
    assert families.round_input(rules.to_dict()) is families.round_input(rules)


def test_rules_of_no_playable_family_are_refused_as_rules():
    with pytest.raises(RulesError):
        families.round_input({**Rules.preset("basic").to_dict(), "family": "oklahoma"})


def test_the_schema_offers_every_familys_body_in_the_order_of_the_presets():
    schema = served_schema()
    components = schema["components"]["schemas"]
    preset_families = list(dict.fromkeys(p["rules"]["family"] for p in PRESETS.values()))
    for body, wanted in (("RoundInputRequest", families.round_inputs()),
                         ("CorrectionInputRequest", families.correction_inputs())):
        offered = [ref["$ref"].rpartition("/")[2] for ref in components[body]["anyOf"]]
        assert offered == [f"{serializer.__name__.removesuffix('Serializer')}Request"
                           for serializer in wanted]
    assert list(families.MODULES) == preset_families
