"""Benchmarks, run by `make bench` as `python -m bench`.

corpora.py makes the seeded hands, solver.py and peers.py wrap our solver and the two
public ones (rlcard, OpenSpiel), timing.py times single calls, replay.py times a whole
game's replay; http.py runs the app under gunicorn next to ihatemoney (ihatemoney.py),
cold.py times a round POST by a process that has not kept the game, club.py a club of
10,000 games (on the databases of databases.py); __main__.py runs it all and prints
the tables and goals.
"""
