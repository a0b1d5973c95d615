"""`manage.py loaddemo`: what `make run` shows a newcomer."""

from django.core.management import call_command

from scorekeeper import services
from scorekeeper.models import Game


def test_the_demo_holds_a_game_of_every_family(db):
    call_command("loaddemo", "--if-empty")
    call_command("loaddemo", "--if-empty")  # a second run changes nothing

    finished, running, gin, basic, rami = (services.load_game(game)
                                           for game in Game.objects.order_by("id"))

    assert Game.objects.count() == 5
    assert (finished.state.status, running.state.status) == ("finished", "running")
    assert [amount for _, amount in finished.state.payouts] == [2450, 1050]
    assert len(finished.rebuys) == 2
    assert sum(1 for s in finished.state.standings if s.state == "out") == 4
    assert services.verify_game(finished.game) == []
    assert services.verify_game(running.game) == []
    assert [(s.total, s.boxes, s.final) for s in gin.state.standings] == [
        (29, 2, 69), (103, 3, 263)]
    assert [t.amount for t in gin.history.transfers] == [1940]
    assert services.verify_game(gin.game) == []
    # docs/rules.md 9: Anna out twice (52 + 52), Cem once (45); paid at 0.10 a point
    anna = basic.seats[0].player_id
    assert (basic.state.status, basic.state.winner) == ("finished", anna)
    assert [s.total for s in basic.state.standings] == [104, 0, 45]
    assert [s.balance for s in basic.state.standings] == [520 - 140 + 520, -230 - 310 - 400,
                                                         -290 + 450 - 120]
    # docs/rules.md 10: 75 laid + 50 hand; Ben's Rummy with own cards while nobody else had
    # laid: 85 + 80 + 400; Cem's 70 + 40 - 300
    assert [s.total for s in rami.state.standings] == [175, 630, -190]
    assert rami.state.status == "running"
    for view in (basic, rami):
        assert services.verify_game(view.game) == []
