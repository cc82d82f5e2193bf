"""Backends: what turns a server (or a local engine) into model changes and user intents into
actions.

* :mod:`.capabilities` -- the small protocols a backend implements; the UI asks which ones it has.
* :mod:`.igs` -- IGS and IGS-compatible servers (sans-IO protocol, telnet transport, conversation).
* :mod:`.engine` -- a game against a local GTP engine.
* :mod:`.offline` -- no backend at all (demos, screenshots, before login).

Each backend writes the model only through :meth:`igs_tui.model.ClientModel.apply`.
"""
