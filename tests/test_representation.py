"""The API's answers are the serializers' own: data_of (api/serializers/fields.py) works
out once per serializer which field reads what, and must give exactly what DRF's
to_representation gives, keys in the same order, for every kind of field and every game.

First each case of DRF's lookup on small serializers; then whole games of every family
played through the API, each answer compared with DRF's."""

import json
from types import SimpleNamespace

import pytest
from rest_framework import serializers

from scorekeeper.api.serializers import data_of, fields
from scorekeeper.models import Membership
from tests.api_table import API, Table
from tests.test_gin_hollywood_api import hollywood
from tests.test_rami_api import normal_game, play_normal


def drf(serializer_class, instance, *, many=False):
    """What DRF gives, from a serializer made for the call."""
    return serializer_class(instance, many=many).data


def same(ours, theirs) -> bool:
    """Equal, with the keys in the same order (a client sees the JSON text)."""
    return json.dumps(ours) == json.dumps(theirs)


class Inner(serializers.Serializer):
    value = serializers.IntegerField()


class OwnWay(serializers.Serializer):
    """A serializer that represents in its own way: asked as it is."""

    value = serializers.IntegerField()

    def to_representation(self, instance):
        return {"own": instance.value * 2}


class Lookups(serializers.Serializer):
    plain = serializers.IntegerField()
    dotted = serializers.CharField(source="owner.name")
    through_none = serializers.CharField(source="nobody.name", allow_null=True, default=None)
    method = serializers.IntegerField(source="count")
    optional = serializers.IntegerField(required=False)
    nullable = serializers.IntegerField(allow_null=True)
    defaulted = serializers.IntegerField(default=7)
    whole = serializers.SerializerMethodField()
    nested = Inner(allow_null=True)
    listed = Inner(many=True)
    numbers = serializers.ListField(child=serializers.IntegerField())
    own = OwnWay()

    def get_whole(self, instance) -> int:
        return instance.plain + 1


def lookups(**changes):
    values = dict(plain=1, owner={"name": "Anna"}, nobody=None, count=lambda: 3,
                  nested=SimpleNamespace(value=4), listed=[SimpleNamespace(value=5), {"value": 6}],
                  numbers=(7, "8"), own=SimpleNamespace(value=9))
    values.update(changes)
    return SimpleNamespace(**values)


@pytest.mark.parametrize("instance, expected", [
    (lookups(), {"plain": 1, "dotted": "Anna", "through_none": None, "method": 3,
                 "nullable": None, "defaulted": 7, "whole": 2, "nested": {"value": 4},
                 "listed": [{"value": 5}, {"value": 6}], "numbers": [7, 8],
                 "own": {"own": 18}}),
    (lookups(optional=2, nullable=3, defaulted=4, nested=None),
     {"plain": 1, "dotted": "Anna", "through_none": None, "method": 3, "optional": 2,
      "nullable": 3, "defaulted": 4, "whole": 2, "nested": None,
      "listed": [{"value": 5}, {"value": 6}], "numbers": [7, 8], "own": {"own": 18}}),
], ids=["missing-ones-left-defaulted-or-null", "all-there"])
def test_each_kind_of_lookup_gives_what_drf_gives(instance, expected):
    assert data_of(Lookups, instance) == expected
    assert same(data_of(Lookups, instance), drf(Lookups, instance))


def test_a_mapping_is_read_by_key_and_many_gives_a_list():
    rows = [{"value": 1}, SimpleNamespace(value=2)]
    assert data_of(Inner, rows, many=True) == [{"value": 1}, {"value": 2}]
    assert same(data_of(Inner, rows, many=True), drf(Inner, rows, many=True))


def test_a_required_value_missing_raises_drfs_own_error():
    with pytest.raises(AttributeError) as ours:
        data_of(Inner, SimpleNamespace())
    with pytest.raises(AttributeError) as theirs:
        drf(Inner, SimpleNamespace())
    assert str(ours.value) == str(theirs.value)
    assert "field `value` on serializer `Inner`" in str(ours.value)


def test_an_error_inside_a_callable_source_is_drfs_own_error():
    def broken():
        raise KeyError("gone")

    with pytest.raises(ValueError, match='callable attribute "count"'):
        data_of(Lookups, lookups(count=broken))


class ClubNamed(serializers.PrimaryKeyRelatedField):
    def to_representation(self, value):
        return f"club {value.pk}"


class MemberClub(serializers.Serializer):
    club = ClubNamed(read_only=True)


@pytest.mark.parametrize("club_id, expected", [(3, "club 3"), (None, None)])
def test_a_relation_is_represented_by_its_id_as_drf_reads_it(club_id, expected):
    membership = Membership(club_id=club_id)
    assert data_of(MemberClub, membership) == {"club": expected}
    assert same(data_of(MemberClub, membership), drf(MemberClub, membership))


# --- Whole games, every answer compared -------------------------------------------------------


@pytest.fixture
def compared(monkeypatch):
    """While a test runs, every answer data_of gives is compared with DRF's own; the
    serializers compared are collected."""
    representer = fields._representer
    seen = set()

    def checking(serializer_class):
        represent = representer(serializer_class)

        def checked(instance):
            ours = represent(instance)
            theirs = drf(serializer_class, instance)
            assert same(ours, theirs), f"{serializer_class.__name__}: {ours} != {theirs}"
            seen.add(serializer_class.__name__)
            return ours

        return checked

    monkeypatch.setattr(fields, "_representer", checking)
    return seen


def test_every_answer_of_a_knock_game_is_drfs(as_alice, compared):
    # re-buys open and taken, a correction, an undone round and a void game
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    table.rebuy("Cem")
    table.knock("Anna", Anna=0, Ben=30, Cem=10)
    corrected = table.correct(2, "Anna", reason="Cem had 12", Anna=0, Ben=30, Cem=12)
    assert corrected.status_code == 200, corrected.json()
    table.knock("Cem", Anna=20, Ben=10, Cem=0)
    assert table.client.delete(f"{table.url}rounds/3/").status_code == 200
    table.get("rounds/")
    table.get("rounds/1/")
    table.get("ledger/")
    voided = table.client.post(f"{table.url}void/", {"reason": "test"}, format="json")
    assert voided.status_code == 200, voided.json()
    assert as_alice.get(f"{API}/games/").status_code == 200

    assert {"GameSerializer", "RoundWithGameSerializer", "CorrectionWithGameSerializer",
            "RoundSerializer"} <= compared


def test_every_answer_of_a_hollywood_gin_game_is_drfs(as_alice, compared):
    table = hollywood(as_alice, stake_per_point="0.10")
    table.knock("A", A=0, B=80)
    table.knock("B", A=12, B=2)
    table.knock("A", A=2, B=12)
    assert [game["number"] for game in table.refresh()["games"]] == [1, 2, 3]
    assert {"GameSerializer", "RoundWithGameSerializer", "HollywoodGameSerializer"} <= compared


def test_every_answer_of_a_rami_game_is_drfs(as_alice, compared):
    table = normal_game(as_alice)
    play_normal(table)
    table.get("rounds/")
    assert {"GameSerializer", "RoundWithGameSerializer", "RoundSerializer"} <= compared
