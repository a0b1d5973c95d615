"""The pages: server-rendered HTML for phones at the table, made faster by htmx.

access.py the access policy's questions for the pages; pages need a signed-in user
htmx.py answering htmx or a plain browser: a fragment or the page, a swap or a redirect
views.py home, new games, the score sheet, re-buys and closing, the ledger, sharing
rounds.py entering and correcting a round, the card picker's endpoint
round_form.py the round form: typed points or picked cards, evaluated as they come
forms.py the new-game form and its seat list
families/ one module per rule family: its round form words, score sheet, pot, new-game
    settings, presets and demo games (everyone else asks it with the game's rules)
presenters/ what a page shows: the score sheet of the game's family, its chart, the end,
    money in words, a player's account, the what-if
explain.py a player's account and the what-if of a correction
undo.py taking back a re-buy, deleting or voiding a game
seats.py players' own phones: a seat claimed from the share link, hands sent to the form
pwa.py the web app manifest and the service worker (offline at the table)
evenings.py, members.py, audit.py, report.py, tokens.py, webhooks.py the organiser's desk:
    evenings, members and invites, the audit, the season's books, API tokens, webhooks
"""
