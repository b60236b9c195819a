"""The words for the engines' codes: ``say(msg, texts)`` turns a ``Msg`` into the player's
language.

Engines raise and return codes with arguments (``games.engines.base.Msg``); each game keeps the
German wording of its codes in one catalogue outside the engine, ``games/<slug>/texts.py``
(``TEXTS``, every entry through gettext, so ``makemessages`` finds it and a second language is a
translation file), and ``GameDef.texts`` names it. The codes every engine shares (the option
checks of ``games.engines.base``, the common refusals) live in ``COMMON`` below; a game's
catalogue may say a common code in its own words.

An entry is a gettext string with ``%(name)s`` placeholders, or a function of the arguments for
wording that depends on them (plurals: ``ngettext``). An argument that is itself a ``Msg`` (a
card's name, an option's label) is said first, with the same catalogue.

This module sits with the definitions (below the platform, above the engines).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.engines.base import Msg

Entry = str | Promise | Callable[[Mapping[str, Any]], str]
Catalogue = Mapping[str, Entry]

COMMON: dict[str, Entry] = {
    "error.game_over": _("Das Spiel ist vorbei."),
    "error.not_your_turn": _("Du bist nicht am Zug."),
    "error.invalid_move": _("Ungültiger Zug."),
    "error.unknown_move": _("Unbekannter Zug."),
    "options.choice_expected": _("„%(option)s“ erwartet eine Auswahl."),
    "options.not_allowed": _("„%(value)s“ ist für „%(option)s“ nicht möglich."),
    "options.duplicate": _("„%(option)s“ enthält einen Eintrag doppelt."),
    "options.on_or_off": _("„%(option)s“ ist nur an oder aus."),
    "options.invalid_value": _("Ungültiger Wert für „%(option)s“."),
    "options.players": _("%(game)s spielt man zu %(low)s bis %(high)s, nicht zu %(players)s."),
    "options.unknown": _("Unbekannte Einstellung: %(keys)s."),
}


#: what a code looks like: dotted lower-case words (``error.not_your_turn``, ``option.stacking``)
CODE = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")


class MissingText(KeyError):
    """A code no catalogue words: a defect (tests say every code an engine uses)."""


def entry(code: str, texts: Catalogue = COMMON) -> Entry:
    """The catalogue's entry for ``code``: the game's own first, then the common one."""
    found = texts.get(code)
    if found is None:
        found = COMMON.get(code)
    if found is None:
        raise MissingText(code)
    return found


def say(
    message: Msg | str | Promise, texts: Catalogue = COMMON, language: str | None = None
) -> str:
    """``message`` in the player's language (``language``: the active one, when the caller knows
    it). A string that looks like a code (``CODE``: an option's label, a choice's) is said as that
    code; any other string or a lazy gettext string is already words and comes back as it is (a
    name, a number). A ``Msg`` is worded once per language and process (``_SAID``)."""
    if isinstance(message, str) and CODE.fullmatch(message):
        message = Msg(message)
    if not isinstance(message, Msg):
        return str(message)
    key = (get_language() if language is None else language, id(texts), _frozen(message))
    try:
        said = _SAID.get(key)
    except TypeError:  # an argument that is no plain value (a list): said every time
        return _word(message, texts)
    if said is None:
        said = _word(message, texts)
        if len(_SAID) >= _SAID_SIZE:
            _SAID.clear()
        _SAID[key] = said
    return said


def _frozen(message: Msg) -> tuple[Any, ...]:
    """``message`` as a hashable key: its code and its arguments, nested messages likewise (a
    ``Msg`` itself hashes by its code only, so messages of one code would share a bucket)."""
    return (
        message.code,
        *((k, _frozen(v) if isinstance(v, Msg) else v) for k, v in message.params.items()),
    )


#: ``say``'s memo: (language, catalogue, message) → words. The same codes recur on every board
#: (a card's name, why a card does not fit), and each costs gettext look-ups. Cleared when full.
_SAID: dict[tuple[Any, ...], str] = {}
_SAID_SIZE = 8192


def _word(message: Msg, texts: Catalogue) -> str:
    found = entry(message.code, texts)
    params = {
        key: say(value, texts) if isinstance(value, Msg) else value
        for key, value in message.params.items()
    }
    if callable(found) and not isinstance(found, Promise):
        return found(params)
    return str(found) % params if params else str(found)


def knows(code: str, texts: Catalogue = COMMON) -> bool:
    """Whether ``code`` has words (the game's catalogue or the common one)."""
    return code in texts or code in COMMON
