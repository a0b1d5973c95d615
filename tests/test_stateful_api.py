"""A random evening at the table, driven through the REST API by a state machine.

Hypothesis plays rounds, retries, re-buys, stale posts and corrections in any
order; after every step the books must hold (docs/rules.md 5): the ledger verifies
against the facts, all balances sum to zero, the pot and the kitty are never
negative, and a refused request changed nothing. The engine's replay is the
reference model: the ledger must hold exactly the movements it derives.
"""

import uuid
from collections import defaultdict
from decimal import Decimal

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from rest_framework.test import APIClient

from scorekeeper.models import Club, Membership

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

API = "/api/v1"


def minor(amount: str) -> int:
    return int(Decimal(amount) * 100)


class Evening(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        # Each example runs inside a transaction that is rolled back at the end.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.create_user(f"keeper-{uuid.uuid4().hex[:8]}")
        club = Club.objects.create(name="Stateful")
        Membership.objects.create(user=user, club=club, role=Membership.Role.SCOREKEEPER)
        self.client = APIClient()
        self.client.force_authenticate(user)
        self.club = club.pk

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    @initialize(
        players=st.integers(2, 6),
        variant=st.sampled_from([
            ("wiener", {}),
            ("romme", {}),
            ("wiener", {"undercut": True}),
            ("wiener", {"rummy_kitty": True, "knock_limit": 10}),
            ("romme", {"dead_play_on": True}),
            ("wiener", {"mode": "points"}),
        ]),
    )
    def start(self, players, variant):
        preset, rules = variant
        names = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fini"][:players]
        response = self.client.post(
            f"{API}/games/",
            {"club": self.club, "preset": preset, "rules": rules, "players": names},
            format="json",
        )
        assert response.status_code == 201, response.json()
        self.game = response.json()
        self.url = f"{API}/games/{self.game['id']}/"
        self.limit = self.game["rules"]["knock_limit"] if rules.get("mode") != "points" else 0

    def refresh(self):
        response = self.client.get(self.url)
        assert response.status_code == 200
        self.game = response.json()

    def playing(self):
        """The players of the next round: those not out (dead players still play)."""
        return [p["id"] for p in self.game["players"] if p["state"] != "out"]

    def round_body(self, data, number=None):
        playing = self.playing()
        ender = data.draw(st.sampled_from(playing))
        hands = []
        for player in playing:
            top = self.limit if player == ender else 60
            hands.append({"player": player, "deadwood": data.draw(st.integers(0, top))})
        return {"number": number or self.game["next_round"], "ender": ender, "hands": hands}

    def unchanged_after(self, response, *statuses):
        """A refused request: the right status, and the game just as it was."""
        assert response.status_code in statuses, (response.status_code, response.json())
        before = self.game["version"]
        self.refresh()
        assert self.game["version"] == before

    # --- moves ------------------------------------------------------------------------

    def running(self):
        return self.game["status"] in ("running", "decider")

    @precondition(running)
    @rule(data=st.data(), retry=st.booleans())
    def enter_round(self, data, retry):
        body = self.round_body(data)
        key = uuid.uuid4().hex
        first = self.client.post(f"{self.url}rounds/", body, format="json",
                                 HTTP_IDEMPOTENCY_KEY=key)
        assert first.status_code in (201, 400), first.json()
        if retry:
            again = self.client.post(f"{self.url}rounds/", body, format="json",
                                     HTTP_IDEMPOTENCY_KEY=key)
            if first.status_code == 201:
                assert (again.status_code, again.json()) == (201, first.json())
                assert again["Idempotent-Replayed"] == "true"
        if first.status_code == 201:
            self.refresh()
        else:
            self.unchanged_after(first, 400)

    @precondition(running)
    @rule(data=st.data())
    def enter_a_stale_round(self, data):
        stale = max(1, self.game["next_round"] - 1)
        if stale == self.game["next_round"]:
            stale = self.game["next_round"] + 1
        response = self.client.post(f"{self.url}rounds/", self.round_body(data, stale),
                                    format="json")
        self.unchanged_after(response, 409)

    @rule(data=st.data())
    def rebuy(self, data):
        player = data.draw(st.sampled_from([p["id"] for p in self.game["players"]]))
        eligible = next(p for p in self.game["players"] if p["id"] == player)["rebuy"]["eligible"]
        response = self.client.post(f"{self.url}rebuys/", {"player": player}, format="json")
        if eligible:
            assert response.status_code == 201, response.json()
            self.refresh()
        else:
            self.unchanged_after(response, 400)

    @precondition(lambda self: self.game["round_count"] > 0)
    @rule(data=st.data(), stale=st.booleans())
    def correct_a_round(self, data, stale):
        number = data.draw(st.integers(1, self.game["round_count"]))
        rounds = self.client.get(f"{self.url}rounds/").json()
        old = rounds[number - 1]
        ender = old["ender"]
        hands = [
            {"player": line["player"],
             "deadwood": data.draw(st.integers(0, self.limit if line["player"] == ender else 60))}
            for line in old["results"]
        ]
        version = self.game["version"] - 1 if stale else self.game["version"]
        response = self.client.put(
            f"{self.url}rounds/{number}/", {"ender": ender, "hands": hands, "reason": "typo"},
            format="json", HTTP_IF_MATCH=f'"{version}"',
        )
        if stale:
            self.unchanged_after(response, 412)
        elif response.status_code == 200:
            self.refresh()
        else:
            # A correction that makes a later round impossible is refused whole.
            self.unchanged_after(response, 400, 409)

    # --- what must always hold -------------------------------------------------------------

    @invariant()
    def the_books_hold(self):
        if not hasattr(self, "url"):
            return
        verify = self.client.get(f"{self.url}verify/").json()
        assert verify["verified"], verify["differences"]
        ledger = self.client.get(f"{self.url}ledger/").json()
        balances = defaultdict(int)
        for entry in ledger:
            balances[entry["from"]] -= minor(entry["amount"])
            balances[entry["to"]] += minor(entry["amount"])
        assert sum(balances.values()) == 0
        assert balances["pot"] >= 0 and balances["kitty"] >= 0
        assert minor(self.game["pot"]) == balances["pot"]
        assert minor(self.game["kitty"]) == balances["kitty"]
        for player in self.game["players"]:
            assert minor(player["balance"]) == balances[f"player:{player['id']}"]
        if self.game["status"] == "finished":
            assert balances["pot"] == 0 and balances["kitty"] == 0


@pytest.mark.django_db
def test_a_random_evening_keeps_the_books():
    run_state_machine_as_test(
        Evening,
        settings=settings(max_examples=25, stateful_step_count=20, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow]),
    )
