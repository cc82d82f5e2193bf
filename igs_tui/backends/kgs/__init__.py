"""KGS (KGS Go Server) backend, issue #15.

* :mod:`.protocol` -- the binary protocol of specs/kgs-protocol.txt, sans-IO.
* :mod:`.json_values`, :mod:`.json_messages`, :mod:`.json_upstream` -- the JSON form KGS serves
  today (the reference pages "Upstream Messages", "Downstream Messages", "Data Types"): typed
  downstream messages, upstream builders; sans-IO.
* :mod:`.game_tree` -- one game's SGF tree from its SGF events, read as moves and dead stones.
* :mod:`.session` -- h11-shaped: messages in, model changes out; intents in, messages out.
* :mod:`.transport` -- httpx: POST upstream, long-poll GET downstream, reconnect.
* :mod:`.binary_bridge`, :mod:`.binary_link` -- the binary protocol over TCP, its messages
  converted to and from the JSON ones so the same session serves it.
* :mod:`.backend` -- the capabilities KGS has, for the UI.

Wired by :mod:`igs_tui.apps.kgs_connect` (``igs-tui --server kgs``, ``kgs-binary:HOST:PORT``);
nothing here imports
another backend, the UI or the apps (import-linter contracts in pyproject.toml).
"""
