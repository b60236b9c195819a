"""The table chat (``lobby.chat``): writing, the safety rules (length, rate limit, escaping, mute,
block, melden, the staff's delete and site-wide mute, off per table and in daily challenges) and
the delivery over the real sockets to exactly the table's people."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.identity import GUEST_SESSION_KEY, Player
from accounts.models import Guest, User
from accounts.social import block
from games.actions import ActionRejected
from games.models import Match
from lobby import chat, services
from lobby.models import ChatMessage, ChatMute, Table
from tests.sockets import cookie_for, frames_until, socket


@pytest.fixture
def carol(db) -> User:
    return User.objects.create_user("Carol", password="kartenglück-42")


@pytest.fixture
def gustav(db) -> Guest:
    return Guest.objects.create(display_name="Gustav")


@pytest.fixture
def table(alice, bob, gustav) -> Table:
    """Alice's open table with Bob and the guest Gustav at it."""
    t = services.open_table(Player(user=alice), "speedone", {"seats": 4})
    services.join(t, Player(user=bob))
    services.join(t, Player(guest=gustav))
    for key in (f"u{alice.pk}", f"u{bob.pk}", f"g{gustav.pk}"):
        cache.delete(f"chat:rate:{key}")
    return t


def client_for(user: User) -> Client:
    c = Client()
    c.force_login(user)
    return c


def guest_client(guest: Guest) -> Client:
    c = Client()
    session = c.session
    session[GUEST_SESSION_KEY] = guest.pk
    session.save()
    c.cookies["sessionid"] = session.session_key
    return c


def send(c: Client, url: str, text: str) -> str:
    r = c.post(url, {"text": text}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200, r.content[:300]
    return r.content.decode()


# -- writing and reading -----------------------------------------------------------------------


@pytest.mark.django_db
def test_a_line_is_escaped_links_stay_text_and_it_is_there_after_a_reload(table, alice, bob):
    url = reverse("lobby:table_chat", args=[table.pk])
    html = send(client_for(alice), url, '<b onclick="x()">Hallo</b> https://example.com/?a=1&b=2')
    assert "&lt;b onclick=&quot;x()&quot;&gt;Hallo&lt;/b&gt;" in html
    assert "<b onclick" not in html and 'href="https://example.com' not in html
    assert "https://example.com/?a=1&amp;b=2" in html
    page = client_for(bob).get(reverse("lobby:table", args=[table.pk])).content.decode()
    assert "&lt;b onclick" in page and "Alice" in page and 'id="chat-t' in page
    line = ChatMessage.objects.get()
    assert (line.table_id, line.match_id, line.user_id, line.name) == (
        table.pk,
        None,
        alice.pk,
        "Alice",
    )


@pytest.mark.django_db
def test_a_quick_phrase_and_a_guest_write_too(table, gustav):
    url = reverse("lobby:table_chat", args=[table.pk])
    r = guest_client(gustav).post(url, {"phrase": "moment"}, HTTP_HX_REQUEST="true")
    html = r.content.decode()
    assert "Gustav" in html and "Moment bitte" in html
    for code, phrase in (("well_played", "Gut gespielt!"), ("another", "Noch eine Runde?")):
        assert f'value="{code}">{phrase}</button>' in html  # the quick phrase buttons
    line = ChatMessage.objects.get()
    assert line.author_key == f"g{gustav.pk}" and line.phrase == "moment"
    assert line.text == "Moment bitte"  # the record keeps it in German


@pytest.mark.django_db
def test_a_quick_phrase_reads_in_each_readers_language(table, alice, monkeypatch):
    """Issue 46: a phrase is stored as its code; the pushed line comes in every language and an
    English reader's page shows it in English."""
    from django.test import TestCase

    sent: list[dict] = []
    monkeypatch.setattr(chat, "_notify", lambda group, event: sent.append(event))
    room = chat.table_room(table)
    with TestCase.captureOnCommitCallbacks(execute=True):
        line = chat.post(room, Player(user=alice), "", phrase="well_played")
    pushed = [m for m in sent if m["type"] == "chat.message"]
    assert pushed and "Gut gespielt!" in pushed[0]["html"]
    assert "Well played!" in pushed[0]["languages"]["en"]
    from django.utils import translation

    with translation.override("en"):
        assert line.shown_text == "Well played!"
    with pytest.raises(ActionRejected):
        chat.post(room, Player(user=alice), "", phrase="nonsense")


@pytest.mark.django_db
def test_only_the_last_hundred_lines_come_back(table, alice):
    ChatMessage.objects.bulk_create(
        ChatMessage(table=table, author_key=f"u{alice.pk}", name="Alice", text=f"Zeile {i}")
        for i in range(chat.HISTORY + 5)
    )
    lines = chat.history(chat.table_room(table), f"u{alice.pk}")
    assert len(lines) == chat.HISTORY
    assert lines[0].text == "Zeile 5" and lines[-1].text == f"Zeile {chat.HISTORY + 4}"


@pytest.mark.django_db
def test_whitespace_and_control_characters_are_cleaned(table, alice):
    room = chat.table_room(table)
    line = chat.post(room, Player(user=alice), "  Hallo\n\tdu\x00da \u202eolleh  ")
    assert line.text == "Hallo du da olleh"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x" * 501, "Höchstens 500 Zeichen – deine Nachricht hat 501."),
        ("   \n ", "Schreib erst etwas."),
        ("\u200b\u200b", "Schreib erst etwas."),
    ],
)
def test_bad_lines_get_a_german_message_and_store_nothing(table, alice, text, message):
    html = send(client_for(alice), reverse("lobby:table_chat", args=[table.pk]), text)
    assert message in html and 'role="alert"' in html
    assert not ChatMessage.objects.exists()


@pytest.mark.django_db
def test_a_lone_surrogate_is_refused(table, alice):
    # (a form post cannot carry one: Django decodes broken UTF-8 with replacement characters)
    with pytest.raises(ActionRejected, match="ungültige Zeichen"):
        chat.post(chat.table_room(table), Player(user=alice), "Hallo \ud800")
    assert not ChatMessage.objects.exists()


@pytest.mark.django_db
def test_exactly_500_characters_are_fine(table, alice):
    chat.post(chat.table_room(table), Player(user=alice), "ä" * 500)
    assert len(ChatMessage.objects.get().text) == 500


@pytest.mark.django_db
def test_strangers_and_visitors_neither_read_nor_write(table, carol):
    url = reverse("lobby:table_chat", args=[table.pk])
    for c in (client_for(carol), Client()):
        r = c.post(url, {"text": "Hallo"}, HTTP_HX_REQUEST="true")
        assert r.status_code == 403 and "Leute am Tisch" in r.content.decode()
        page = c.get(reverse("lobby:table", args=[table.pk]))
        assert 'class="chat' not in page.content.decode()
    assert not ChatMessage.objects.exists()


# -- rate limit ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_at_most_five_lines_in_ten_seconds(table, alice, bob):
    url = reverse("lobby:table_chat", args=[table.pk])
    c = client_for(alice)
    for i in range(chat.RATE_COUNT):
        assert 'role="alert"' not in send(c, url, f"Nachricht {i}")
    html = send(c, url, "eine zu viel")
    assert "Nicht so schnell: höchstens 5 Nachrichten in 10 Sekunden." in html
    assert 'value="eine zu viel"' in html  # the text is kept for a second try
    assert ChatMessage.objects.count() == chat.RATE_COUNT
    # per person: Bob still writes
    assert 'role="alert"' not in send(client_for(bob), url, "Ich darf noch")
    cache.delete(chat.rate_key(Player(user=alice)))  # the window is over
    assert 'role="alert"' not in send(c, url, "wieder da")


# -- mute for oneself, block, melden ------------------------------------------------------------


@pytest.mark.django_db
def test_muting_hides_a_person_for_oneself_only_and_can_be_undone(table, alice, bob, gustav):
    room = chat.table_room(table)
    line = chat.post(room, Player(user=alice), "Hallo zusammen")
    base = reverse("lobby:table_chat", args=[table.pk])
    html = client_for(bob).post(base + "stumm/", {"message": line.pk}, HTTP_HX_REQUEST="true")
    html = html.content.decode()
    assert "Du liest nichts mehr von Alice" in html and "Hallo zusammen" not in html
    assert ChatMute.objects.filter(owner_key=f"u{bob.pk}", target_key=f"u{alice.pk}").exists()
    assert [m.text for m in chat.history(room, f"u{bob.pk}")] == []
    assert [m.text for m in chat.history(room, f"g{gustav.pk}")] == ["Hallo zusammen"]
    assert chat.skipped_readers(f"u{alice.pk}", room.people) == [f"u{bob.pk}"]
    # a second click is harmless; muting oneself is refused
    client_for(bob).post(base + "stumm/", {"message": line.pk}, HTTP_HX_REQUEST="true")
    assert ChatMute.objects.count() == 1
    with pytest.raises(ActionRejected, match="Dich selbst"):
        chat.mute(room, Player(user=alice), line.pk)
    # undone: Bob reads Alice again
    client_for(bob).post(base + "zeigen/", {"person": f"u{alice.pk}"}, HTTP_HX_REQUEST="true")
    assert [m.text for m in chat.history(room, f"u{bob.pk}")] == ["Hallo zusammen"]


@pytest.mark.django_db
def test_a_block_hides_the_chat_both_ways(table, alice, bob, gustav):
    room = chat.table_room(table)
    chat.post(room, Player(user=alice), "von Alice")
    chat.post(room, Player(user=bob), "von Bob")
    block(bob, alice)  # Bob blocks Alice
    assert [m.text for m in chat.history(room, f"u{bob.pk}")] == ["von Bob"]
    assert [m.text for m in chat.history(room, f"u{alice.pk}")] == ["von Alice"]
    assert len(chat.history(room, f"g{gustav.pk}")) == 2
    assert chat.skipped_readers(f"u{alice.pk}", room.people) == [f"u{bob.pk}"]
    assert chat.skipped_readers(f"u{bob.pk}", room.people) == [f"u{alice.pk}"]


@pytest.mark.django_db
def test_melden_flags_a_line_for_the_staff(table, alice, bob, carol):
    line = chat.post(chat.table_room(table), Player(user=alice), "etwas Gemeines")
    base = reverse("lobby:table_chat", args=[table.pk])
    r = client_for(carol).post(base + "melden/", {"message": line.pk}, HTTP_HX_REQUEST="true")
    assert r.status_code == 403  # a stranger flags nothing
    for junk in ("", "abc", "²", "9" * 40, str(line.pk + 1000)):
        r = client_for(bob).post(base + "melden/", {"message": junk}, HTTP_HX_REQUEST="true")
        assert "Diese Nachricht gibt es nicht" in r.content.decode()
    assert not ChatMessage.objects.filter(flagged=True).exists()
    r = client_for(bob).post(base + "melden/", {"message": line.pk}, HTTP_HX_REQUEST="true")
    assert "Danke – die Spielleitung sieht sich die Nachricht an." in r.content.decode()
    line.refresh_from_db()
    assert line.flagged and line.flagged_by == "Bob"


# -- the staff ---------------------------------------------------------------------------------


@pytest.fixture
def staff(db) -> Client:
    admin = User.objects.create_superuser("Chef", password="pw-geheim-1234")
    return client_for(admin)


@pytest.mark.django_db
def test_the_staff_see_flagged_lines_and_delete_them(table, alice, bob, staff):
    room = chat.table_room(table)
    bad = chat.post(room, Player(user=alice), "etwas Gemeines")
    chat.post(room, Player(user=alice), "etwas Nettes")
    chat.flag(room, Player(user=bob), bad.pk)
    listing = staff.get("/admin/lobby/chatmessage/?flagged__exact=1").content.decode()
    assert "etwas Gemeines" in listing and "etwas Nettes" not in listing
    r = staff.post(
        "/admin/lobby/chatmessage/",
        {"action": "remove_lines", "_selected_action": [bad.pk]},
        follow=True,
    )
    assert "1 Nachricht gelöscht." in r.content.decode()
    bad.refresh_from_db()
    assert bad.deleted
    assert [m.text for m in chat.history(room, f"u{bob.pk}")] == ["etwas Nettes"]


@pytest.mark.django_db
def test_the_staff_mute_an_account_site_wide(table, alice, bob, staff):
    r = staff.post(
        "/admin/accounts/user/",
        {"action": "chat_mute", "_selected_action": [alice.pk]},
        follow=True,
    )
    assert r.status_code == 200
    alice.refresh_from_db()
    assert alice.chat_muted
    html = send(client_for(alice), reverse("lobby:table_chat", args=[table.pk]), "Hallo")
    assert "Die Spielleitung hat dich im Chat stummgeschaltet." in html
    assert not ChatMessage.objects.exists()
    staff.post("/admin/accounts/user/", {"action": "chat_unmute", "_selected_action": [alice.pk]})
    assert 'role="alert"' not in send(
        client_for(alice), reverse("lobby:table_chat", args=[table.pk]), "Hallo"
    )


# -- switched off ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_opener_switches_the_chat_off_for_the_table_and_its_matches(table, alice, bob):
    c = client_for(alice)
    settings_url = reverse("lobby:action", args=[table.pk, "settings"])
    form = {"seats": "4", "move_seconds": "120", "bot_tempo": "normal", "bot_strength": "normal"}
    c.post(settings_url, form, HTTP_HX_REQUEST="true")  # no chat_enabled: the box is unticked
    table.refresh_from_db()
    assert not table.chat_enabled
    html = send(client_for(bob), reverse("lobby:table_chat", args=[table.pk]), "Hallo")
    assert "Der Chat ist an diesem Tisch ausgeschaltet." in html
    assert 'class="chat-form"' not in html
    assert not ChatMessage.objects.exists()
    # the match of the table has it off too
    match = _start(table, alice)
    assert chat.match_room(match).off == "Der Chat ist an diesem Tisch ausgeschaltet."
    c.post(settings_url, {**form, "chat_enabled": "1"}, HTTP_HX_REQUEST="true")
    # (settings are fixed while the match runs; the table keeps its choice)
    table.refresh_from_db()
    assert not table.chat_enabled


@pytest.mark.django_db
def test_no_chat_against_the_computer_nor_in_the_daily_challenge(alice, bots):
    from leaderboards.daily import start_daily

    daily, _counted = start_daily(Player(user=alice), "speedone")
    room = chat.match_room(daily)
    assert room.off == "Im Tagesspiel gibt es keinen Chat." and room.hidden
    with pytest.raises(ActionRejected, match="Tagesspiel"):
        chat.post(room, Player(user=alice), "Hallo")
    solo = services.start_solo(Player(user=alice), "speedone", 1, "leicht")
    assert chat.match_room(solo).off == "Gegen den Computer gibt es keinen Chat."
    c = client_for(alice)
    for m in (daily, solo):
        page = c.get(reverse("games:match", args=[m.pk])).content.decode()
        assert 'class="chat' not in page
        r = c.post(
            reverse("lobby:match_chat", args=[m.pk]), {"text": "Hallo"}, HTTP_HX_REQUEST="true"
        )
        assert r.status_code == 403
    assert not ChatMessage.objects.exists()


# -- in the match, and over the sockets ----------------------------------------------------------


def _start(table: Table, alice: User) -> Match:
    for m in table.members.filter(is_opener=False):
        services.set_ready(table, m.player, True)
    return services.start(table, Player(user=alice))


@pytest.mark.django_db
def test_match_chat_for_the_players_not_for_spectators(table, alice, bob, carol, gustav):
    match = _start(table, alice)
    url = reverse("lobby:match_chat", args=[match.pk])
    html = send(client_for(bob), url, "Gut gespielt!")
    assert f'id="chat-m{match.pk}"' in html
    line = ChatMessage.objects.get()
    assert (line.match_id, line.table_id) == (match.pk, table.pk)
    page = guest_client(gustav).get(reverse("games:match", args=[match.pk])).content.decode()
    assert "Gut gespielt!" in page and f'id="chat-m{match.pk}"' in page
    # a spectator sees no chat and cannot write
    watched = client_for(carol).get(reverse("games:match", args=[match.pk])).content.decode()
    assert 'class="chat' not in watched and "Gut gespielt!" not in watched
    r = client_for(carol).post(url, {"text": "Hallo"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 403
    # the table's chat and the match's chat are separate rooms
    assert chat.history(chat.table_room(table), f"u{bob.pk}") == []


def _guest_cookie(guest: Guest) -> bytes:
    c = guest_client(guest)
    return f"sessionid={c.cookies['sessionid'].value}".encode()


async def _chat_frames(comm, expected: int, quiet: float = 0.3) -> list[str]:
    """The chat lines a socket got (boards are skipped): it waits for the ``expected`` ones
    (a busy machine may take seconds), then collects any further line until the socket was
    quiet for ``quiet`` seconds. The sockets are read one after another, so a line that should
    not reach a socket has reached the ones read before it by then."""
    lines: list[str] = []

    async def one() -> None:
        frame = await comm.receive_from(timeout=10)
        if "chat-line" in frame:
            lines.append(frame)

    while len(lines) < expected:
        await one()
    while not await comm.receive_nothing(timeout=quiet):
        await one()
    return lines


@pytest.mark.django_db(transaction=True)
def test_a_table_line_reaches_exactly_the_tables_people(table, alice, bob, carol, gustav):
    ChatMute.objects.create(owner_key=f"u{bob.pk}", target_key=f"g{gustav.pk}", target_name="x")
    room = chat.table_room(table)

    async def scenario() -> dict[str, list[str]]:
        cookies = {
            "alice": await sync_to_async(cookie_for)(alice),
            "bob": await sync_to_async(cookie_for)(bob),
            "carol": await sync_to_async(cookie_for)(carol),  # looks at the table, not at it
            "gustav": await sync_to_async(_guest_cookie)(gustav),
            "nobody": None,
        }
        socks = {name: socket(f"/ws/tisch/{table.pk}/", c) for name, c in cookies.items()}
        for s in socks.values():
            assert (await s.connect())[0]
        await sync_to_async(chat.post)(room, Player(user=alice), "<i>Hallo</i> alle")
        await sync_to_async(chat.post)(room, Player(guest=gustav), "Hallo Alice")
        expected = {"alice": 2, "bob": 1, "carol": 0, "gustav": 2, "nobody": 0}
        got = {name: await _chat_frames(s, expected[name]) for name, s in socks.items()}
        for s in socks.values():
            await s.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert [len(got[n]) for n in ("alice", "bob", "carol", "gustav", "nobody")] == [2, 1, 0, 2, 0]
    assert "&lt;i&gt;Hallo&lt;/i&gt; alle" in got["bob"][0] and "<i>" not in got["bob"][0]
    assert f'hx-swap-oob="beforeend:#chat-t{table.pk}-lines"' in got["bob"][0]
    assert "Hallo Alice" in got["alice"][1] and "Gustav" in got["alice"][1]


@pytest.mark.django_db(transaction=True)
def test_a_match_line_reaches_the_players_not_the_spectators(table, alice, bob, carol, gustav):
    match = _start(table, alice)

    async def scenario() -> dict[str, list[str]]:
        cookies = {
            "alice": await sync_to_async(cookie_for)(alice),
            "bob": await sync_to_async(cookie_for)(bob),
            "carol": await sync_to_async(cookie_for)(carol),  # a spectator
            "gustav": await sync_to_async(_guest_cookie)(gustav),
        }
        socks = {name: socket(f"/ws/partie/{match.pk}/", c) for name, c in cookies.items()}
        for s in socks.values():
            assert (await s.connect())[0]
            # the socket is accepted before it joins its groups; its first board follows the
            # joining, so a line posted after it reaches the socket (or rightly does not)
            assert "board" in await s.receive_from(timeout=10)
        await sync_to_async(_post_in_match)(match.pk, bob, "Noch eine Runde?")
        expected = {"alice": 1, "bob": 1, "carol": 0, "gustav": 1}
        got = {name: await _chat_frames(s, expected[name]) for name, s in socks.items()}
        for s in socks.values():
            await s.disconnect()
        return got

    got = async_to_sync(scenario)()
    assert [len(got[n]) for n in ("alice", "bob", "carol", "gustav")] == [1, 1, 0, 1]
    assert "Noch eine Runde?" in got["gustav"][0] and "Bob" in got["gustav"][0]
    assert f"#chat-m{match.pk}-lines" in got["alice"][0]


def _post_in_match(match_id: int, user: User, text: str) -> None:
    match = Match.objects.select_related("table").get(pk=match_id)
    chat.post(chat.match_room(match), Player(user=user), text)


@pytest.mark.django_db(transaction=True)
def test_a_deleted_line_leaves_every_open_page(table, alice, bob):
    line = chat.post(chat.table_room(table), Player(user=alice), "weg damit")

    async def scenario() -> list[str]:
        ws = socket(f"/ws/tisch/{table.pk}/", await sync_to_async(cookie_for)(bob))
        assert (await ws.connect())[0]
        await sync_to_async(chat.remove)(ChatMessage.objects.filter(pk=line.pk))
        frame = await ws.receive_from(timeout=5)
        await ws.disconnect()
        return frame

    frame = async_to_sync(scenario)()
    assert f'id="chat-line-{line.pk}"' in frame and 'hx-swap-oob="delete"' in frame


@pytest.mark.django_db(transaction=True)
def test_switching_the_chat_off_reaches_the_open_pages_at_once(table, alice, bob):
    form = {"seats": "4", "move_seconds": "120", "bot_tempo": "normal", "bot_strength": "normal"}

    async def scenario() -> list[str]:
        ws = socket(f"/ws/tisch/{table.pk}/", await sync_to_async(cookie_for)(bob))
        assert (await ws.connect())[0]
        c = await sync_to_async(client_for)(alice)
        url = reverse("lobby:action", args=[table.pk, "settings"])
        await sync_to_async(c.post)(url, form, HTTP_HX_REQUEST="true")
        frames = await frames_until(ws, lambda f: f'id="chat-t{table.pk}-form"' in f)
        await ws.disconnect()
        return frames

    frame = async_to_sync(scenario)()[-1]
    assert 'hx-swap-oob="true"' in frame and "Der Chat ist an diesem Tisch ausgeschaltet." in frame
    assert 'class="chat-form"' not in frame


@pytest.mark.django_db
def test_a_guest_who_registers_keeps_their_lines_and_mutes(table, alice, bob, gustav):
    from accounts.identity import guest_claimed

    room = chat.table_room(table)
    line = chat.post(room, Player(guest=gustav), "Hallo als Gast")
    chat.mute(room, Player(user=bob), line.pk)  # Bob muted the guest
    alice_line = chat.post(room, Player(user=alice), "Hallo Gustav")
    chat.mute(room, Player(guest=gustav), alice_line.pk)  # the guest muted Alice
    account = User.objects.create_user("Gustav", password="kartenglück-42")
    gustav.user = account
    gustav.save(update_fields=["user"])
    guest_claimed.send(sender=Guest, guest=gustav, user=account)
    line.refresh_from_db()
    assert (line.author_key, line.user_id) == (f"u{account.pk}", account.pk)
    assert chat.hidden_authors(f"u{bob.pk}") == {f"u{account.pk}"}
    assert chat.hidden_authors(f"u{account.pk}") == {f"u{alice.pk}"}


# -- names link to the profiles; the staff mute a guest ------------------------------------------


@pytest.mark.django_db
def test_a_registered_authors_name_links_to_the_profile_a_guests_does_not(table, alice, gustav):
    room = chat.table_room(table)
    mine = chat.post(room, Player(user=alice), "Hallo")
    theirs = chat.post(room, Player(guest=gustav), "Hallo zurück")
    link = '<a class="player-name" href="/spieler/Alice/" target="_blank" rel="noopener">Alice</a>'
    assert f'<strong class="chat-name">{link}</strong>' in chat.render_line(room, mine)
    line = chat.render_line(room, theirs)
    assert '<strong class="chat-name">Gustav</strong>' in line and "/spieler/" not in line
    # the guest registers: their old lines keep the guest's name, and stay without a link
    account = User.objects.create_user("Gustav2", password="kartenglück-42")
    ChatMessage.objects.filter(pk=theirs.pk).update(user=account, author_key=f"u{account.pk}")
    theirs.refresh_from_db()
    assert "/spieler/" not in chat.render_line(room, theirs)
    panel = chat.panel_html(room, Player(user=alice))
    assert panel.count("/spieler/Alice/") == 1 and "/spieler/Gustav" not in panel


@pytest.mark.django_db
def test_the_staff_mute_a_guest_site_wide(table, alice, gustav, staff):
    url = reverse("lobby:table_chat", args=[table.pk])
    r = staff.post(
        "/admin/accounts/guest/",
        {"action": "chat_mute", "_selected_action": [gustav.pk]},
        follow=True,
    )
    assert "1 Gast im Chat stummgeschaltet." in r.content.decode()
    gustav.refresh_from_db()
    assert gustav.chat_muted
    listing = staff.get("/admin/accounts/guest/?chat_muted__exact=1").content.decode()
    assert "Gustav" in listing
    html = send(guest_client(gustav), url, "Hallo")
    assert "Die Spielleitung hat dich im Chat stummgeschaltet." in html
    assert not ChatMessage.objects.exists()
    with pytest.raises(ActionRejected, match="stummgeschaltet"):
        chat.post(chat.table_room(table), Player(guest=gustav), "Hallo")
    # the others still write
    assert 'role="alert"' not in send(client_for(alice), url, "Hallo")
    staff.post("/admin/accounts/guest/", {"action": "chat_unmute", "_selected_action": [gustav.pk]})
    assert 'role="alert"' not in send(guest_client(gustav), url, "Wieder da")
    assert ChatMessage.objects.filter(guest=gustav).count() == 1


@pytest.mark.django_db
def test_a_muted_guest_who_registers_stays_muted(table, gustav):
    from accounts.identity import guest_claimed

    Guest.objects.filter(pk=gustav.pk).update(chat_muted=True)
    account = User.objects.create_user("Gustav", password="kartenglück-42")
    guest_claimed.send(sender=Guest, guest=gustav, user=account)
    account.refresh_from_db()
    assert account.chat_muted
    other = User.objects.create_user("Greta", password="kartenglück-42")
    guest_claimed.send(sender=Guest, guest=Guest.objects.create(display_name="Greta"), user=other)
    other.refresh_from_db()
    assert not other.chat_muted
