"""The pages: server-rendered HTML for phones at the table, made faster by htmx.

views.py the views: parse, call one service, render
forms.py the new-game form and its seat list
round_form.py the round form: typed points or picked cards, evaluated as they come
presenters.py what a page shows: the score sheet, its chart, the end, money in words
"""
