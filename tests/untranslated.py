"""The entries of a translation catalogue that still need a translator (issue 46).

``python -m tests.untranslated`` (``make messages`` runs it) names every entry of every
non-German catalogue (``locale/<code>/LC_MESSAGES/django.po``; German is the source language, its
msgstr stay empty) that is empty or fuzzy, with its file and line; ``tests/test_i18n.py`` fails on
any. No dependency: a small parser of the ``.po`` format as ``makemessages`` writes it.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE_LANGUAGE = "de"


@dataclass
class Entry:
    """One entry of a ``.po`` file."""

    line: int
    msgid: str = ""
    msgid_plural: str = ""
    msgctxt: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    locations: list[str] = field(default_factory=list)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def empty(self) -> bool:
        return not self.msgstr or any(not text for text in self.msgstr.values())


_LINE = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$")


def parse(po: Path) -> list[Entry]:
    """Every entry of ``po`` (the header, msgid "", included; obsolete ``#~`` ones left out)."""
    entries: list[Entry] = []
    entry: Entry | None = None
    key: tuple[str, int] | None = None

    def value(e: Entry, k: tuple[str, int], text: str) -> None:
        name, index = k
        if name == "msgstr":
            e.msgstr[index] = e.msgstr.get(index, "") + text
        elif name == "msgctxt":
            e.msgctxt = (e.msgctxt or "") + text
        else:
            setattr(e, name, getattr(e, name) + text)

    for number, raw in enumerate(po.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            entry, key = None, None
            continue
        if line.startswith("#~"):
            continue
        if entry is None or (line.startswith("#") and key is not None and key[0] == "msgstr"):
            entry, key = Entry(line=number), None
            entries.append(entry)
        if line.startswith("#,"):
            entry.flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
        elif line.startswith("#:"):
            entry.locations += line[2:].split()
        elif line.startswith("#"):
            continue
        elif match := _LINE.match(line):
            name, index, text = match.group(1), match.group(2), match.group(3)
            if name.startswith("msgstr"):
                key = ("msgstr", int(index or 0))
            else:
                key = (name, 0)
                if name == "msgid":
                    entry.line = number
            value(entry, key, ast.literal_eval(text))
        elif line.startswith('"') and key is not None:
            value(entry, key, ast.literal_eval(line))
    return entries


def catalogues() -> list[Path]:
    """The catalogue of every language but the source language."""
    return sorted(
        po for po in (ROOT / "locale").glob("*/LC_MESSAGES/*.po") if po.parts[-3] != SOURCE_LANGUAGE
    )


def missing(po: Path) -> list[str]:
    """One line per entry of ``po`` that is empty or fuzzy (the header included)."""
    out = []
    for e in parse(po):
        if e.msgid == "" and e.msgctxt is None:  # the header: only a fuzzy one counts
            if e.fuzzy:
                out.append(f"{po.relative_to(ROOT)}:{e.line}: the header is fuzzy")
            continue
        if e.fuzzy or e.empty:
            why = "fuzzy" if e.fuzzy else "empty"
            where = ", ".join(e.locations[:2])
            ctxt = f" [{e.msgctxt}]" if e.msgctxt is not None else ""
            out.append(f"{po.relative_to(ROOT)}:{e.line}: {why}{ctxt} {e.msgid!r} ({where})")
    return out


def main() -> int:
    lines = [line for po in catalogues() for line in missing(po)]
    for line in lines:
        print(line)
    print(f"{len(lines)} entries to translate" if lines else "every entry is translated")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
