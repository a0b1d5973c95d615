"""Benchmarks, run by `make bench` as `python -m bench` (and by `make test` as
`python -m bench --smoke`, every part at its smallest size).

corpora.py makes the seeded hands, solver.py and peers.py wrap our solver and the two
public ones (rlcard, OpenSpiel), timing.py times single calls, replay.py times a whole
game's replay; http.py runs the app under gunicorn next to ihatemoney (ihatemoney.py) on
SQLite and on PostgreSQL, cold.py measures the write path in process, club.py the pages
of a club of 1,000 games against one of 10,000; databases.py makes and drops their
throwaway databases, outcome.py holds what a part reports (its goals, and whether it could
run at all); __main__.py runs it all and prints the tables and goals.
"""
