"""HTML that escapes by default: the one way Python code builds markup (the frame, the boards).

Modelled on Django's ``format_html`` and lila's scalatags, made for the hot path:

- ``Markup`` is trusted HTML: a ``SafeString`` (so Django's templates, ``mark_safe`` and
  ``conditional_escape`` take it as it is) with ``__html__``.
- ``esc(value)`` is the HTML of any value: markup (anything with ``__html__``) as it is, an
  ``int`` as its digits, everything else escaped (``& < > " '``, exactly as Django's ``escape``).
- ``h(template, *args)`` fills a literal template's ``{}`` with escaped values and returns
  ``Markup``; ``attr(name, value)`` is an optional attribute; ``join(items)`` escapes and joins.
- ``Html`` collects the parts of a larger fragment: ``out(template, *args)`` adds a filled
  template, ``out.add(value)`` an escaped value; ``out.markup()`` is the result.

The one rule: **a template is a literal** – values go in as arguments, never into the template
(an f-string as template would bypass the escaping). What should not be escaped must say so:
``Markup(...)`` (a fixed fragment, or HTML built by this module and cached, e.g. a card face).
Fixed words of a screen are escaped once per language (``games.presenters.base.word_table``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, LiteralString

from django.utils.safestring import SafeData, SafeString

__all__ = ["Html", "Markup", "attr", "esc", "fill", "h", "join"]


class Markup(SafeString):
    """Trusted HTML (a Django ``SafeString``): passes ``esc`` and Django's autoescape as it is."""

    __slots__ = ()


def esc(value: Any) -> str:
    """``value`` as HTML: markup as it is, everything else escaped (``None`` is "None", as in a
    Django template)."""
    cls = type(value)
    if cls is str:
        if "&" in value or "<" in value or ">" in value or '"' in value or "'" in value:
            return (
                value.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace('"', "&quot;")
                .replace("'", "&#x27;")
            )
        return value
    if cls is Markup or cls is SafeString:
        return value
    if cls is int:
        return str(value)
    if isinstance(value, SafeData):
        return value  # type: ignore[return-value]
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return esc(str(value))


def h(template: LiteralString, *args: Any) -> Markup:
    """``template`` (a literal, trusted) with its ``{}`` filled by the escaped ``args``."""
    return Markup(template.format(*[a if type(a) is Markup else esc(a) for a in args]))


def attr(name: LiteralString, value: Any) -> Markup:
    """An optional attribute: `` name="value"`` (escaped), `` name`` for ``True``, nothing for a
    false value (``None``, ``False``, ``""``; ``0`` is a value)."""
    if value is True:
        return Markup(f" {name}")
    if value is None or value is False or value == "":
        return Markup("")
    return Markup(f' {name}="{esc(value)}"')


def join(items: Iterable[Any], sep: LiteralString = "") -> Markup:
    """The escaped ``items`` joined by the (trusted) ``sep``."""
    return Markup(sep.join([esc(i) for i in items]))


class Html:
    """The parts of a fragment under construction (a list joined once at the end)."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: list[str] = []

    def __call__(self, template: LiteralString, *args: Any) -> Html:
        """Add the literal ``template``, its ``{}`` filled by the escaped ``args``."""
        if args:
            template = template.format(*[a if type(a) is Markup else esc(a) for a in args])
        self.parts.append(template)
        return self

    def add(self, *values: Any) -> Html:
        """Add values, escaped (markup as it is)."""
        self.parts.extend([v if type(v) is Markup else esc(v) for v in values])
        return self

    def markup(self) -> Markup:
        return Markup("".join(self.parts))


def fill(message: str, **values: Any) -> Markup:
    """A translated message (trusted, like a template's ``blocktranslate``: it may hold markup)
    with its ``%(name)s`` placeholders filled by the escaped ``values``."""
    return Markup(message % {k: esc(v) for k, v in values.items()})
