"""Which rulesets the environments can play (``rules=``)."""

from __future__ import annotations

__all__ = ["RULES", "check_rules"]

RULES: dict[str, str] = {"hk": "hk", "hong-kong": "hk", "hong_kong": "hk", "hongkong": "hk"}
"""Accepted names → the engine ruleset they play (today the engine plays Hong Kong rules, HK-1..HK-7)."""


def check_rules(rules: object) -> str:
    """The canonical ruleset name for ``rules``; ``ValueError`` naming the choices otherwise."""
    if not isinstance(rules, str) or rules.strip().lower() not in RULES:
        raise ValueError(f"rules={rules!r}: unknown ruleset; expected one of: {', '.join(sorted(set(RULES.values())))}")
    return RULES[rules.strip().lower()]
