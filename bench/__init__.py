"""Benchmarks of the rules engine, run by `make bench` as `python -m bench`.

corpora.py makes the seeded hands, solver.py and peers.py wrap our solver and the two
public ones (rlcard, OpenSpiel), timing.py times single calls, replay.py times a whole
game's replay, and __main__.py runs it all and prints the table and goals.
"""
