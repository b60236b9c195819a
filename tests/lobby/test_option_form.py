"""The table settings form draws every option kind of every game and reads it back."""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from games import registry
from lobby.forms import option_fields, parse_options


def form_data(html: str) -> QueryDict:
    """What a browser submits for the form as drawn (checked boxes, selected options)."""
    data = QueryDict(mutable=True)
    for name, value in re.findall(
        r'<input type="checkbox" name="([^"]+)" value="([^"]+)" checked', html
    ):
        data.appendlist(name, value)
    for name, body in re.findall(r'<select name="([^"]+)">(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]+)" selected', body)
        if chosen:
            data[name] = chosen.group(1)
    return data


@pytest.mark.parametrize("slug", [g.slug for g in registry.GAMES])
def test_every_option_kind_round_trips_through_the_form(slug):
    engine = registry.BY_SLUG[slug].engine
    players = engine.max_players
    defaults = engine.validate_options({}, players)
    html = render_to_string(
        "lobby/_option_inputs.html", {"option_fields": option_fields(engine, defaults)}
    )
    assert engine.validate_options(parse_options(engine, form_data(html)), players) == defaults
    for field in option_fields(engine, defaults):
        assert field["display"], field["name"]  # every value in words for the other players
        assert not re.search(r"\b(gemaechlich|fliessband|auswahl)\b", field["display"])


def test_the_speedwerk_specials_are_a_multi_choice_with_their_dependency_explained():
    engine = registry.BY_SLUG["speedwerk"].engine
    chosen = engine.validate_options({"specials": ["dampfkoloss", "funkenfee"]}, 4)
    html = render_to_string(
        "lobby/_option_inputs.html", {"option_fields": option_fields(engine, chosen)}
    )
    assert html.count('type="checkbox" name="opt_specials"') == 9
    assert "Funkenfee nur" in html and "Dampfkoloss" in html
    assert parse_options(engine, form_data(html))["specials"] == ["dampfkoloss", "funkenfee"]
    assert option_fields(engine, chosen)[0]["display"] == "Dampfkoloss, Funkenfee"


def test_speedbasar_extrascharf_offers_off_random_and_own_choice():
    engine = registry.BY_SLUG["speedbasar"].engine
    fields = {f["name"]: f for f in option_fields(engine, engine.validate_options({}, 4))}
    labels = [label for _v, label, _sel in fields["opt_extrascharf"]["choices"]]
    assert labels == ["aus", "2 zufällige", "eigene Auswahl"]
    assert fields["opt_regeln"]["kind"] == "list"
