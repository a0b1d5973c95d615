"""The pages: server-rendered HTML for phones at the table, made faster by htmx.

views.py the score sheet, new games, entering and correcting a round, re-buys, sharing
round_form.py the round form: typed points or picked cards, evaluated as they come
forms.py the new-game form and its seat list
presenters.py what a page shows: the score sheet, its chart, the end, money in words
explain.py a player's account and the what-if of a correction
undo.py taking back a re-buy, deleting or voiding a game
seats.py players' own phones: a seat claimed from the share link, hands sent to the form
pwa.py the web app manifest and the service worker (offline at the table)
evenings.py, members.py, audit.py, report.py, tokens.py, webhooks.py the organiser's desk:
    evenings, members and invites, the audit, the season's books, API tokens, webhooks
"""
