"""Rulesets as values (design.md): a registry from a name and house options to a :class:`Ruleset`.

>>> from hkmj.rulesets import get_ruleset
>>> hk = get_ruleset("hk", {"minfan": "3"})
>>> hk.name, hk.options["minfan"], hk.describe()
('hk', '3', 'Hong Kong (minfan=3)')

A match never mixes rulesets: :class:`~hkmj.engine.Match` and :class:`~hkmj.engine.Hand` take
one, records carry its ``rules`` and ``options``, and records without them read as ``hk``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hkmj.rulesets.base import Option, Outcome, OutcomeItem, Ruleset, RulesetError, SeatScoring, parse_option_args
from hkmj.rulesets.classical import Classical
from hkmj.rulesets.hong_kong import HongKong
from hkmj.rulesets.mcr import Mcr
from hkmj.scoring.model import echo

__all__ = [
    "DEFAULT",
    "RULESETS",
    "Option",
    "Outcome",
    "OutcomeItem",
    "Ruleset",
    "RulesetError",
    "SeatScoring",
    "from_header",
    "engine_ruleset",
    "get_ruleset",
    "parse_option_args",
    "rulesets_info",
]

RULESETS: dict[str, type[Ruleset]] = {"hk": HongKong, "mcr": Mcr, "classical": Classical}
"""Registry: name → ruleset class."""

_cache: dict[tuple[str, tuple[tuple[str, str], ...]], Ruleset] = {}


def engine_ruleset(rules: object) -> Ruleset:
    """``rules`` as the engine takes it (``Hand``, ``Match``, ``play_match``): a :class:`Ruleset`, or
    None for :data:`DEFAULT` (Hong Kong). A name (``"mcr"``) or a registry entry (``RULESETS["mcr"]``,
    a class) is refused with a :class:`RulesetError` saying what to pass, ``get_ruleset("mcr")``,
    rather than failing later on a missing attribute."""
    if rules is None:
        return DEFAULT
    if isinstance(rules, Ruleset):
        return rules
    name = rules if isinstance(rules, str) else getattr(rules, "name", None)
    hint = f"get_ruleset({name!r})" if isinstance(name, str) and name in RULESETS else f"get_ruleset(name), name one of {', '.join(RULESETS)}"
    shown = repr(rules)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    raise RulesetError(f"rules={shown}: expected a Ruleset (from hkmj.rulesets: {hint}) or None for Hong Kong")


def get_ruleset(name: str = "hk", options: Mapping[str, str] | None = None) -> Ruleset:
    """The ruleset ``name`` (``"hk"``, ``"mcr"``) with house ``options``; :class:`RulesetError` names what is wrong.

    Equal requests return the same object, so scorers can cache per ruleset.
    """
    if not isinstance(name, str):
        raise RulesetError(f"ruleset {name!r}: expected a name ({', '.join(RULESETS)})")
    cls = RULESETS.get(name.strip().lower())
    if cls is None:
        shown = echo(name)  # a long name cut, as every quoted input
        raise RulesetError(f"unknown ruleset {shown}: expected one of {', '.join(RULESETS)}", "unknown_rules", name=name, known=", ".join(RULESETS))
    if options is not None and not isinstance(options, Mapping):
        raise RulesetError(f"options {options!r}: expected key=value pairs")
    ruleset = cls(dict(options or {}))
    key = (ruleset.name, tuple(sorted(ruleset.options.items())))
    cached = _cache.get(key)
    if cached is not None:
        return cached
    if len(_cache) > 256:
        _cache.clear()
    _cache[key] = ruleset
    return ruleset


def rulesets_info() -> dict[str, dict[str, Any]]:
    """Every ruleset's titles and house options (key, default, choices or range, help in English and French), for lobbies."""
    return {
        name: {
            "title": cls.title,
            "title_fr": cls.title_fr,
            "options": [
                {"key": o.key, "default": o.default, "choices": list(o.choices), "low": o.low, "high": o.high, "help": o.help, "help_fr": o.help_fr}
                for o in cls.OPTIONS
            ],
        }
        for name, cls in RULESETS.items()
    }


def from_header(header: Mapping[str, Any]) -> Ruleset:
    """The ruleset named by a record or table header (``rules``, ``options``); absent means ``hk``."""
    options = header.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise RulesetError(f"options {options!r}: expected an object of key=value pairs")
    return get_ruleset(header.get("rules", "hk"), options)


DEFAULT: Ruleset = get_ruleset("hk")
"""Hong Kong with the seed's rules: what every adapter uses unless told otherwise."""
