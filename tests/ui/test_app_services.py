"""Widgets reach the app's services through one typed interface (ui/app_services.py)."""

from __future__ import annotations

from textual.app import App

from igs_tui.model import ClientModel
from igs_tui.records import Collection
from igs_tui.ui.app import IgsApp
from igs_tui.ui.app_services import BasicServices, services
from igs_tui.ui.main.sounds import DEFAULT_SOUNDS, SoundSettings
from igs_tui.ui.review.review_app import ReviewApp


def test_the_client_app_offers_its_own_services() -> None:
    app = IgsApp(ClientModel())
    offered = services(app)
    assert offered is app
    assert offered.own_flags is app.own_flags and offered.sounds is app.sounds


def test_an_app_without_services_gets_the_basic_answers() -> None:
    offered = services(App[None]())
    assert isinstance(offered, BasicServices)
    assert offered.assist is None and offered.analysis is None and offered.chat_logger is None
    assert offered.sounds is DEFAULT_SOUNDS
    assert offered.toggle_social("alice", "friend") == ""


def test_the_review_app_offers_its_analysis_and_basic_sounds() -> None:
    app = ReviewApp(Collection())
    assert services(app) is app
    mine = SoundSettings(muted=True)
    app.sounds = mine
    assert services(app).sounds is mine and services(app).assist is None
