"""The lobby's forms (issue 24): every option and rule explained in one line, the solo form
without the options that change nothing alone, and the computers' tempo of a solo game."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils.html import escape

from accounts.identity import Player
from accounts.models import User
from games import actions, queue, registry
from games.actions import ActionRejected
from games.engines.base import get_engine
from games.models import Match
from lobby import services
from lobby.forms import offered
from lobby.models import BOT_TEMPO_SECONDS, SOLO_BOT_TEMPO, Table
from tests.capture import capture

pytestmark = pytest.mark.django_db

SLUGS = [g.slug for g in registry.GAMES]


@pytest.fixture
def fenja(bots):
    return User.objects.create_user("Fenja", password="kartenglück-42")


def explanations(slug: str, *, solo: bool) -> list[str]:
    """Every one-line explanation the form of ``slug`` must show."""
    lines = []
    for opt in offered(get_engine(slug), solo=solo):
        lines.append(registry.say(slug, opt.help))
        lines.extend(registry.say(slug, text) for _value, text in opt.choice_help)
    return lines


@pytest.mark.parametrize("slug", SLUGS)
def test_every_option_and_every_rule_among_the_choices_has_its_one_line_explanation(slug):
    for opt in get_engine(slug).options_schema:
        assert opt.help.strip(), opt.key
        assert "\n" not in opt.help
        if opt.kind in (str, list):  # named choices (rules, scorings): each one explained
            explained = dict(opt.choice_help)
            assert [v for v, _label in opt.choices or ()] == list(explained), opt.key
            assert all(text.strip() and "\n" not in text for text in explained.values())


def test_the_extrascharf_rules_are_explained_as_on_the_board():
    regeln = next(o for o in get_engine("speedbasar").options_schema if o.key == "regeln")
    said = registry.say("speedbasar", dict(regeln.choice_help)["gleicher_preis"])
    assert said == "Die letzte Zahl darf wiederholt werden."


@pytest.mark.parametrize("slug", SLUGS)
def test_both_forms_show_every_explanation(client, fenja, slug):
    client.force_login(fenja)
    room = client.get(reverse("lobby:room", args=[slug])).content.decode()
    for line in explanations(slug, solo=True):
        assert escape(line) in room, line
    client.post(reverse("lobby:create", args=[slug]))
    table = Table.objects.get(game=slug, solo=False)
    panel = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    for line in explanations(slug, solo=False):
        assert escape(line) in panel, line


def test_the_doubt_window_is_offered_at_tables_but_not_alone(client, fenja):
    client.force_login(fenja)
    room = client.get(reverse("lobby:room", args=["speedbasar"])).content.decode()
    form = room.split('class="solo-form"')[1].split("</form>")[0]
    assert 'name="opt_extrascharf"' in form and 'name="opt_regeln"' in form
    assert "opt_zweifel_sekunden" not in form and "Zweifel-Fenster" not in form
    client.post(reverse("lobby:create", args=["speedbasar"]))
    table = Table.objects.get(solo=False)
    panel = client.get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert 'name="opt_zweifel_sekunden"' in panel
    client.post(
        reverse("lobby:action", args=[table.pk, "settings"]),
        {
            "seats": "4",
            "opt_extrascharf": "aus",
            "opt_zweifel_sekunden": "8",
            "bot_tempo": "normal",
        },
    )
    table.refresh_from_db()
    assert table.options["zweifel_sekunden"] == 8  # the table keeps it


def test_a_forged_doubt_window_in_the_solo_form_is_ignored(client, fenja):
    client.force_login(fenja)
    r = client.post(
        reverse("lobby:solo", args=["speedbasar"]),
        {"bots": "3", "strength": "leicht", "opt_extrascharf": "aus", "opt_zweifel_sekunden": "8"},
    )
    match = Match.objects.get()
    assert r["Location"] == reverse("games:match", args=[match.pk])
    assert match.options["zweifel_sekunden"] == 5  # the default: nothing forged got in


def test_a_solo_start_with_a_table_only_option_is_refused_in_german(fenja):
    me = Player(user=fenja)
    with pytest.raises(ActionRejected, match="„Zweifel-Fenster“ gibt es nur am Tisch"):
        services.start_solo(me, "speedbasar", 3, "normal", {"zweifel_sekunden": 8})
    assert not Table.objects.exists() and not Match.objects.exists()
    # the default value is harmless (a rematch passes the stored options on)
    match = services.start_solo(me, "speedbasar", 3, "normal", {"zweifel_sekunden": 5})
    assert match.options["zweifel_sekunden"] == 5


def test_the_solo_form_offers_the_tempo_with_fast_preselected(client, fenja):
    client.force_login(fenja)
    room = client.get(reverse("lobby:room", args=["speedone"])).content.decode()
    form = room.split('class="solo-form"')[1].split("</form>")[0]
    assert "Tempo der Computer" in form
    assert '<option value="schnell" selected>' in form
    assert SOLO_BOT_TEMPO == "schnell"


@pytest.mark.parametrize(
    ("posted", "tempo"), [({}, "schnell"), ({"tempo": "gemaechlich"}, "gemaechlich")]
)
def test_the_chosen_tempo_is_stored_with_the_solo_game(client, fenja, posted, tempo):
    client.force_login(fenja)
    client.post(reverse("lobby:solo", args=["speedone"]), {"bots": "2", **posted})
    match = Match.objects.get()
    assert match.table.bot_tempo == tempo
    assert match.bot_delay == BOT_TEMPO_SECONDS[tempo]


def test_an_unknown_tempo_is_refused_in_german_and_starts_nothing(client, fenja):
    client.force_login(fenja)
    r = client.post(reverse("lobby:solo", args=["speedone"]), {"bots": "2", "tempo": "turbo"})
    assert r["Location"] == reverse("lobby:room", args=["speedone"])
    assert [str(m) for m in get_messages(r.wsgi_request)] == ["Dieses Tempo gibt es nicht."]
    assert not Match.objects.exists() and not Table.objects.exists()


def next_bot_countdown(player: Player, tempo: str) -> float:
    """The countdown the scheduler gives the computer's next move in a fresh solo game (the
    same deal for every tempo): at the start, or after the person's first move."""
    with capture() as started:
        match = services.start_solo(player, "speedone", 2, "leicht", seed=24, tempo=tempo)
    turns = [t for t in started.tasks if t.task == queue.BOT_TURN]
    if not turns:
        engine = get_engine("speedone")
        seat = match.seats.get(is_human=True).index
        action = engine.legal_actions(engine.from_json(match.state), seat)[0]
        with capture() as moved:
            actions.play(match.pk, seat, action, version=match.version)
        turns = [t for t in moved.tasks if t.task == queue.BOT_TURN]
    assert turns
    return turns[0].countdown


def test_the_bot_scheduler_waits_as_long_as_the_chosen_tempo(fenja):
    me = Player(user=fenja)
    fast = next_bot_countdown(me, "schnell")
    slow = next_bot_countdown(me, "gemaechlich")
    assert (fast, slow) == (BOT_TEMPO_SECONDS["schnell"], BOT_TEMPO_SECONDS["gemaechlich"])


def test_tables_keep_their_tempo(fenja):
    table = services.open_table(Player(user=fenja), "speedone", {"seats": 3})
    assert table.bot_tempo == "normal"
