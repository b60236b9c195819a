"""The HTML builder (games.html): text is escaped unless it is markup, and markup passes Django's
templates and helpers as it is."""

from __future__ import annotations

from django.template import Context, Template
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from games.html import Html, Markup, attr, esc, fill, h, join

EVIL = "<script>alert(1)</script>&\"'"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#x27;"


def test_text_is_escaped_like_djangos_escape():
    assert esc(EVIL) == ESCAPED == escape(EVIL)
    assert esc("Zoë – ☕ ½") == "Zoë – ☕ ½"
    assert esc("") == ""


def test_markup_and_safe_strings_pass_as_they_are():
    assert esc(Markup("<b>x</b>")) == "<b>x</b>"
    assert esc(mark_safe("<i>y</i>")) == "<i>y</i>"
    assert esc(format_html("<u>{}</u>", EVIL)) == f"<u>{ESCAPED}</u>"

    class Widget:
        def __html__(self) -> str:
            return "<svg></svg>"

    assert esc(Widget()) == "<svg></svg>"


def test_other_values_are_their_text_escaped():
    assert esc(7) == "7" and esc(-3) == "-3"
    assert esc(True) == "True" and esc(None) == "None"
    assert esc(2.5) == "2.5"
    assert esc(gettext_lazy("Punkte & <Karten>")) == "Punkte &amp; &lt;Karten&gt;"

    class Named:
        def __str__(self) -> str:
            return "<Alice>"

    assert esc(Named()) == "&lt;Alice&gt;"


def test_a_template_is_filled_with_escaped_values():
    out = h('<p class="{}" title="{}">{}</p>', "a b", EVIL, Markup("<b>ok</b>"))
    assert out == f'<p class="a b" title="{ESCAPED}"><b>ok</b></p>'
    assert isinstance(out, Markup) and isinstance(out, SafeString)
    assert h("<br>") == "<br>"


def test_optional_attributes():
    assert attr("title", EVIL) == f' title="{ESCAPED}"'
    assert attr("data-key", 0) == ' data-key="0"'
    assert attr("disabled", True) == " disabled"
    for nothing in (None, False, ""):
        assert attr("title", nothing) == ""


def test_join_escapes_each_item():
    assert join(["<a>", Markup("<b></b>"), 3], " · ") == "&lt;a&gt; · <b></b> · 3"
    assert join([]) == "" and not join([])


def test_fill_keeps_the_messages_markup_and_escapes_the_values():
    out = fill("<strong>%(c)s</strong> verdeckt legen", c=EVIL)
    assert out == f"<strong>{ESCAPED}</strong> verdeckt legen"
    assert isinstance(out, Markup)


def test_the_builder_collects_parts():
    out = Html()
    out('<ul class="{}">', "hand")
    for name in ("Rot 7", EVIL):
        out("<li>{}</li>", name)
    out.add("<x>", Markup("<hr>"))
    out("</ul>")
    html = out.markup()
    assert html == f'<ul class="hand"><li>Rot 7</li><li>{ESCAPED}</li>&lt;x&gt;<hr></ul>'
    assert isinstance(html, Markup)


def test_markup_drops_into_django_templates_and_helpers():
    fragment = h("<b>{}</b>", EVIL)
    rendered = Template("{{ x }}|{{ y }}").render(Context({"x": fragment, "y": EVIL}))
    assert rendered == f"<b>{ESCAPED}</b>|{ESCAPED}"
    assert conditional_escape(fragment) is fragment
    assert format_html("<p>{}</p>", fragment) == f"<p><b>{ESCAPED}</b></p>"
    # concatenating markup with plain text loses the mark: the text would be escaped later
    assert not hasattr(fragment + "<i>", "__html__")
    assert isinstance(fragment + Markup("<i></i>"), SafeString)
