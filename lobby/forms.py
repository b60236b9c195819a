"""Parse the table settings form into the dict ``lobby.services.apply_settings`` takes.

The rule options are built from the engine's ``options_schema``, so every game's options appear
without game-specific form code."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _

from games.actions import ActionRejected
from games.engines.base import Engine, Option
from games.registry import say


def whole_number(raw: Any) -> int | None:
    """A non-negative whole number written in ASCII digits, else ``None`` ("²" is a digit to
    ``str.isdigit`` but no number to ``int``)."""
    if isinstance(raw, str) and 0 < len(raw) < 12 and raw.isascii() and raw.isdigit():
        return int(raw)
    return None


def _int(data: QueryDict, key: str, default: int) -> int:
    raw = data.get(key)
    if raw in (None, ""):
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ActionRejected(_("Bitte eine ganze Zahl eingeben.")) from exc


def _option_value(slug: str, opt: Option, data: QueryDict) -> Any:
    name = f"opt_{opt.key}"
    if opt.kind is bool:
        return name in data and data.get(name) not in ("", "0", "off", "false")
    if opt.kind is list:
        return data.getlist(name)
    raw = data.get(name)
    if raw is None:
        return opt.default
    if opt.kind is int:
        try:
            return int(raw)
        except ValueError as exc:
            raise ActionRejected(_("Ungültiger Wert für „%s“.") % say(slug, opt.label)) from exc
    return raw


def offered(engine: Engine[Any], *, solo: bool = False) -> tuple[Option, ...]:
    """The rule options a form offers: alone against the computer without those that change
    nothing there (``Option.table_only``, e.g. Speedbasar's doubt window)."""
    return tuple(opt for opt in engine.options_schema if not (solo and opt.table_only))


def parse_options(engine: Engine[Any], data: QueryDict, *, solo: bool = False) -> dict[str, Any]:
    """The rule options of the form (``opt_<key>`` fields), not yet validated. The solo form's
    reading skips the table-only options: such a field in a solo request is ignored."""
    return {opt.key: _option_value(engine.slug, opt, data) for opt in offered(engine, solo=solo)}


def parse_settings(engine: Engine[Any], data: QueryDict) -> dict[str, Any]:
    return {
        "seats": _int(data, "seats", engine.max_players),
        "move_seconds": _int(data, "move_seconds", 120),
        "bot_tempo": data.get("bot_tempo", "normal"),
        "bot_strength": data.get("bot_strength", "normal"),
        "fill_with_bots": "fill_with_bots" in data,
        "chat_enabled": "chat_enabled" in data,
        "stake": _int(data, "stake", 0),
        "options": parse_options(engine, data),
    }


def option_fields(
    engine: Engine[Any], values: dict[str, Any], *, solo: bool = False
) -> list[dict[str, Any]]:
    """What the template needs to draw each rule option with its current value: ``kind`` is
    ``bool`` (a checkbox), ``list`` (a multi-choice of checkboxes) or a single choice; ``help``
    and each item's ``help`` explain the option and its rule choices in one line; ``display``
    says the current value in German words for the players who only read the settings. ``solo``:
    the options of the solo form (``offered``)."""
    fields = []
    slug = engine.slug
    for opt in offered(engine, solo=solo):
        value = values.get(opt.key, opt.default)
        choices = [
            (str(v), say(slug, label), v == value or (isinstance(value, list) and v in value))
            for v, label in (opt.choices or ())
        ]
        notes = {v: say(slug, line) for v, line in opt.choice_help}
        items = [
            {"value": v, "label": label, "selected": sel, "help": notes.get(raw, "")}
            for (v, label, sel), (raw, _label) in zip(choices, opt.choices or (), strict=True)
        ]
        if opt.kind is bool:
            display = _("an") if value else _("aus")
        elif opt.kind is list:
            display = ", ".join(label for _v, label, sel in choices if sel) or _("keine")
        else:
            display = next((label for _v, label, sel in choices if sel), str(value))
        fields.append(
            {
                "name": f"opt_{opt.key}",
                "label": say(slug, opt.label),
                "help": say(slug, opt.help) if opt.help else "",
                "kind": opt.kind.__name__,
                "value": value,
                "choices": choices,
                "items": items,
                "explained": any(item["help"] for item in items),
                "display": display,
            }
        )
    return fields


def _same(a: Any, b: Any) -> bool:
    """Whether two option values mean the same rule (a multi-choice in any order)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def changed_rules(engine: Engine[Any], values: dict[str, Any]) -> list[str]:
    """The rules of a table that differ from the game's default, in words („Zwei gegen zwei:
    an“), for the lobby's list of open tables."""
    return [
        f"{field['label']}: {field['display']}"
        for opt, field in zip(offered(engine), option_fields(engine, values), strict=True)
        if opt.key in values and not _same(values[opt.key], opt.default)
    ]
