"""Which rulesets the environments play (``rules=``): every ruleset of :mod:`hkmj.rulesets`."""

from __future__ import annotations

from collections.abc import Mapping

from hkmj.rulesets import RULESETS, Ruleset, RulesetError, get_ruleset

__all__ = ["RULES", "check_rules"]

RULES: tuple[str, ...] = tuple(RULESETS)
"""The ruleset names the environments accept (the registry's, e.g. ``hk``, ``classical``)."""


def check_rules(rules: str | Ruleset | type[Ruleset], options: Mapping[str, str] | None = None) -> Ruleset:
    """The :class:`Ruleset` for ``rules`` (a name, a ruleset, or a registry entry) with house ``options``.

    ``options`` given with a :class:`Ruleset` change its house options (they are never dropped).
    A ruleset class, what :data:`~hkmj.rulesets.RULESETS` holds (``RULESETS["mcr"]``), plays as
    its name does. Raises :class:`~hkmj.rulesets.RulesetError` (a ``ValueError``) naming the
    unknown ruleset or option.
    """
    if isinstance(rules, type):
        if rules not in RULESETS.values():
            raise RulesetError(f"ruleset {rules!r}: expected a name ({', '.join(RULESETS)})")
        return get_ruleset(rules.name, options)
    if isinstance(rules, Ruleset):
        if not options:
            return rules
        if not isinstance(options, Mapping):
            raise RulesetError(f"options {options!r}: expected key=value pairs")
        return type(rules)({**rules.options, **options})
    return get_ruleset(rules, options)
