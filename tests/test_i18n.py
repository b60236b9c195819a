"""The words go through gettext (issue #40, part 3).

- ``makemessages`` finds the strings players read in every area (lobby, leaderboards, accounts
  e-mails, the games platform, a game's catalogue), and the committed German catalogue
  ``locale/de/LC_MESSAGES/django.po`` holds every one of them (regenerate with ``make messages``).
- The pure engines (``games/<slug>/engine/``) hold no German sentence: they speak in codes, the
  words live in ``games/<slug>/texts.py``.

``makemessages`` runs in a copy of the source tree, so the committed catalogue is never touched.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
#: what ``make messages`` leaves out (the Makefile's MESSAGES_IGNORE)
IGNORED = [".venv/*", "var/*", "node_modules/*", "static/*", "staticfiles/*", "tests/*", "bench/*"]
#: the four games whose engines must speak in codes
GAMES = ["speedtroedel", "speedone", "speedbasar", "speedwerk"]

pytestmark = pytest.mark.skipif(
    shutil.which("xgettext") is None or shutil.which("msgmerge") is None,
    reason="GNU gettext missing (apt-get install gettext; .ci/run installs it)",
)


# -- the catalogue ---------------------------------------------------------------------------


def _unquote(line: str) -> str:
    return ast.literal_eval(line) if line.startswith('"') else ""


def msgids(po: Path) -> set[str]:
    """Every msgid (and msgid_plural) of a .po file, with its msgctxt as ``ctxt\\x04id``."""
    found: set[str] = set()
    key: str | None = None
    parts: dict[str, str] = {}

    def flush() -> None:
        for name in ("msgid", "msgid_plural"):
            if parts.get(name):
                ctxt = parts.get("msgctxt")
                found.add(f"{ctxt}\x04{parts[name]}" if ctxt is not None else parts[name])
        parts.clear()

    for raw in po.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and parts:
                flush()
            key = None if not line else key
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")$", line)
        if match:
            key = match.group(1)
            if key == "msgctxt" and "msgid" in parts:
                flush()
            parts[key] = _unquote(match.group(2))
        elif line.startswith('"') and key is not None:
            parts[key] = parts.get(key, "") + _unquote(line)
    flush()
    return found


def _copy_ignore(directory: str, names: list[str]) -> set[str]:
    skip = {".venv", "var", "node_modules", "static", "staticfiles", "tests", "bench", ".git"}
    skip |= {"__pycache__", ".pytest_cache", ".ruff_cache", "locale", "test-results"}
    return {n for n in names if n in skip or n.endswith((".pyc", ".mo", ".po"))}


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The msgids ``makemessages -l de`` finds in a copy of today's source tree."""
    copy = tmp_path_factory.mktemp("source") / "site"
    shutil.copytree(ROOT, copy, ignore=_copy_ignore, symlinks=True)
    args = [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-obsolete"]
    args += ["--add-location", "file"]
    for pattern in IGNORED:
        args += ["-i", pattern]
    env = {**os.environ, "DEBUG": "1"}
    result = subprocess.run(args, cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    po = copy / "locale" / "de" / "LC_MESSAGES" / "django.po"
    assert po.exists(), result.stdout + result.stderr
    return msgids(po)


#: one string players read from each area (wording as on the page)
SAMPLES = {
    "lobby": "Gäste können keinen Tisch mit Einsatz eröffnen.",
    "leaderboards": "Bestenliste",
    "accounts e-mail": "Wenn du das nicht warst, ignoriere diese E-Mail.",
    "games platform (LATE)": (
        "Zu spät – jemand anderes war schneller. Du siehst jetzt, wie es ausging."
    ),
    "games platform (turn line)": "%(name)s ist am Zug.",
    "games definition": "%(low)s–%(high)s Spieler",
    "common engine codes": "Du bist nicht am Zug.",
}


@pytest.mark.parametrize("area", list(SAMPLES))
def test_makemessages_finds_what_players_read(found: set[str], area: str) -> None:
    assert SAMPLES[area] in found, f"{area}: {SAMPLES[area]!r} is not in makemessages' catalogue"


def test_makemessages_finds_a_game_catalogue(found: set[str]) -> None:
    """A game's catalogue (``games/speedone/texts.py``: ``TEXTS``) is found like any module."""
    texts = ROOT / "games" / "speedone" / "texts.py"
    if not texts.exists():
        pytest.skip("games/speedone/texts.py does not exist yet")
    tree = ast.parse(texts.read_text(encoding="utf-8"))
    plain = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy"}
    context = {"pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"}
    wrapped = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts_ = []  # the leading string arguments: the msgid (after the context)
        for arg in node.args:
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                break
            texts_.append(arg.value)
        if node.func.id in plain and texts_:
            wrapped.append(texts_[0])
        elif node.func.id in context and len(texts_) >= 2:
            wrapped.append(f"{texts_[0]}\x04{texts_[1]}")
    assert wrapped, "games/speedone/texts.py wraps no string in gettext"
    missing = [w for w in wrapped if w not in found]
    assert not missing, f"makemessages misses these catalogue entries: {missing[:10]}"


def test_committed_catalogue_is_up_to_date(found: set[str]) -> None:
    """Every string makemessages finds is in the committed django.po (``make messages``)."""
    committed = msgids(CATALOGUE)
    missing = sorted(found - committed)
    assert not missing, (
        f"{len(missing)} strings missing from {CATALOGUE.relative_to(ROOT)}; run `make messages`: "
        + "; ".join(repr(m) for m in missing[:20])
    )


def test_committed_catalogue_is_compiled() -> None:
    """django.mo is committed and no older than django.po's msgids (compilemessages ran)."""
    mo = CATALOGUE.with_suffix(".mo")
    assert mo.exists(), "locale/de/LC_MESSAGES/django.mo missing: run `make messages`"
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(CATALOGUE)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


# -- the other languages' catalogues (issue 46) ------------------------------------------------


def test_every_language_has_a_catalogue_and_make_messages_updates_it() -> None:
    """Each language of ``settings.LANGUAGES`` but German has ``locale/<code>/.../django.po``, and
    ``make messages`` (the Makefile's MESSAGES_LANGUAGES) collects and compiles it."""
    from django.conf import settings

    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    listed = re.search(r"^MESSAGES_LANGUAGES := (.*)$", makefile, re.M)
    assert listed, "the Makefile names no MESSAGES_LANGUAGES"
    for code, _name in settings.LANGUAGES:
        assert code in listed.group(1).split(), f"make messages leaves out {code}"
        po = ROOT / "locale" / code / "LC_MESSAGES" / "django.po"
        assert po.exists(), f"{po.relative_to(ROOT)} missing: run `make messages`"


def test_every_translation_is_there_and_not_fuzzy() -> None:
    """No entry of a translation (``locale/en`` …) is empty or fuzzy: the failure names each
    one with file and line (also ``python -m tests.untranslated``, which ``make messages`` runs)."""
    from tests.untranslated import catalogues, missing

    assert catalogues(), "no translation catalogue besides the German one"
    lines = [line for po in catalogues() for line in missing(po)]
    assert not lines, f"{len(lines)} entries to translate:\n" + "\n".join(lines[:200])


def test_translations_are_compiled_and_well_formed(tmp_path: Path) -> None:
    """``msgfmt --check`` passes (placeholders and plural forms match their msgid) and the
    committed django.mo is the compiled django.po (``make messages`` ran after the last edit)."""
    from tests.untranslated import catalogues

    for po in catalogues():
        fresh = tmp_path / f"{po.parts[-3]}.mo"
        result = subprocess.run(
            ["msgfmt", "--check", "-o", str(fresh), str(po)], capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        mo = po.with_suffix(".mo")
        assert mo.exists(), f"{mo.relative_to(ROOT)} missing: run `make messages`"
        assert mo.read_bytes() == fresh.read_bytes(), (
            f"{mo.relative_to(ROOT)} is older than its .po: run `make messages`"
        )


def test_gettext_is_called_by_names_makemessages_knows() -> None:
    """``makemessages`` finds ``_``, ``gettext``, ``gettext_lazy``, ``ngettext``, ``pgettext`` …
    by name: a string wrapped in another alias (``_g``, ``_lazy``) never reaches a catalogue and
    stays German in every language (issue 46 found three such)."""
    known = {"_"}
    offenders = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in {".venv", "var", "tests", "bench", "node_modules"}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
                for alias in node.names:
                    if alias.asname and alias.asname not in known and "gettext" in alias.name:
                        offenders.append(f"{rel}:{node.lineno}: {alias.name} as {alias.asname}")
    assert not offenders, "gettext under a name makemessages does not know:\n" + "\n".join(
        offenders
    )


# -- no German in the engines ----------------------------------------------------------------

#: words that mark German text (lower case); chosen so English developer messages never hit
GERMAN_WORDS = frozenset(
    """der die das und ist nicht ein eine einen einem einer zu mit für von auf den dem des im
    bist du dein deine deinen deiner dich dir keine kein keinen noch nur oder aber wenn schon
    mehr sich sind hat haben wird werden kann darf muss nach vor aus bei zum zur vom ins bis
    wer wie hier jetzt sein seine alle alles diese dieser dieses neue neues neuen ohne über unter
    sie er es wir ihr mal auch dann weil dass gibt erst je jede jeder jedes
    spiel spieler karte karten zug runde partie punkte punkt stich tisch farbe ansage zweifel
    gelb blau trumpf passen zahl wert gegen weiter platz aktion sekunden sieger genau
    unbekannt unbekannte unbekannter unbekanntes bleibt stimmt kassiert nimm gib sag tausch
    verlange zweifle legt spielt sagt tauscht zieht nimmt fragt zweifelt wählt""".split()  # noqa: SIM905
)
#: what only German (or German typography) has
GERMAN_LETTERS = re.compile(r"[äöüÄÖÜß„“]")
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
#: code-like strings: markup, assignments, dotted codes, identifiers, card notation
CODE_LIKE = re.compile(r"<[a-z/]|=|^[\w.:/%{}\[\]|+-]*$")
#: proper names an engine may keep (a game's own name)
NAMES = frozenset({"Speedtrödel"})


def german(text: str) -> bool:
    """Whether a string constant reads as German words (a heuristic, see the tests below)."""
    if text in NAMES:
        return False
    if GERMAN_LETTERS.search(text):
        return True
    words = WORD.findall(text)
    if len(words) == 1 and text.strip() == words[0]:  # a capitalised game word ("Trumpf")
        return words[0][0].isupper() and words[0].lower() in GERMAN_WORDS
    if CODE_LIKE.search(text):
        return False
    return any(w.lower() in GERMAN_WORDS for w in words)


def string_constants(source: str) -> Iterator[tuple[int, str]]:
    """Every string constant of a module but its docstrings; an f-string as one string (its
    placeholders as ``{}``)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.JoinedStr):
            skip |= {id(part) for part in ast.walk(node) if part is not node}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            yield node.lineno, text


def german_in_engines() -> list[str]:
    offenders = []
    for slug in GAMES:
        for path in sorted((ROOT / "games" / slug / "engine").rglob("*.py")):
            for line, text in string_constants(path.read_text(encoding="utf-8")):
                if german(text):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    return offenders


@pytest.mark.parametrize(
    "text",
    [
        "Du bist nicht am Zug.",
        "Wähle Rot, Gelb, Grün oder Blau.",
        "Trumpf",
        "{} hast du nicht auf der Hand.",
        "die Zahl",
        "Tausch nicht",
        "Tausch {} gegen {}",
        "spielt {}",
        "Unbekannte Aktion.",
    ],
)
def test_the_heuristic_sees_german(text: str) -> None:
    assert german(text)


@pytest.mark.parametrize(
    "text",
    [
        "error.not_your_turn",
        "option.stacking",
        "play",
        "R5",
        "P7",
        "wild4",
        "seat {} is not a player",
        "unknown bot strength: {}",
        "unknown game: {}",
        "cannot play {} now: the pile is {}",
        '<span id="spiel" class="x">',
        "deck=P7,S11",
        "%(low)s-%(high)s",
        "Speedtrödel",
        "red",
        "Red",
        "trump",
        "hand",
        "Hand",
        "cards in hand: {}",
        "I am {}",
        "{}|{}",
        "action must be a dict with a type",
    ],
)
def test_the_heuristic_leaves_code_alone(text: str) -> None:
    assert not german(text)


def test_no_german_sentence_in_the_engines() -> None:
    """The engines speak in codes: no string constant with German words in
    ``games/<slug>/engine/`` (docstrings and comments are English and not counted)."""
    offenders = german_in_engines()
    assert not offenders, f"{len(offenders)} German strings in the engines:\n" + "\n".join(
        offenders
    )
