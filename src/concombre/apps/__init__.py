"""What people run: the command line, the terminal table, the demo, simulation and the web table.

Every module here reaches a game only through `concombre.games.find_game`
and its `concombre.core.game.Game`, so each works with every installed game.
"""
