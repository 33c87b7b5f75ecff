"""Documents: every game's values as JSON, and game records read from files whatever their form.

`concombre.io.json` holds the one strict converter, filled from each game's
codec; `concombre.io.records` reads and saves records of any game, as JSON
or text.
"""
