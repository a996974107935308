"""Which rulesets the environments play (``rules=``): every ruleset of :mod:`hkmj.rulesets`."""

from __future__ import annotations

from collections.abc import Mapping

from hkmj.rulesets import RULESETS, Ruleset, get_ruleset

__all__ = ["RULES", "check_rules"]

RULES: tuple[str, ...] = tuple(RULESETS)
"""The ruleset names the environments accept (the registry's, e.g. ``hk``, ``classical``)."""


def check_rules(rules: str | Ruleset, options: Mapping[str, str] | None = None) -> Ruleset:
    """The :class:`Ruleset` for ``rules`` (a name or a ruleset) with house ``options``.

    Raises :class:`~hkmj.rulesets.RulesetError` (a ``ValueError``) naming the unknown ruleset or option.
    """
    if isinstance(rules, Ruleset):
        return rules
    return get_ruleset(rules, options)
