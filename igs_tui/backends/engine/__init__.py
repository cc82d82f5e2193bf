"""The engine backend: a game against a local GTP engine, on the same board UI as a server game.

:mod:`.local_game` holds the game without any UI (rules as referee, clocks, scoring);
:mod:`.backend` puts it behind the backend capabilities and feeds the model;
:mod:`.local_view` maps its state to model values; :mod:`.assist` asks an engine about
any followed game (score estimate, dead stones).
"""
