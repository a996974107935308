"""Command-line options shared by every command that plays or scores: ``--rules`` and ``--option``."""

from __future__ import annotations

import argparse

from hkmj.rulesets import RULESETS, Ruleset, get_ruleset, parse_option_args

__all__ = ["add_rules_arguments", "options_help", "rules_from_args"]


def options_help() -> str:
    """One line per ruleset listing its house options and their values (for ``--help`` epilogs)."""
    lines = []
    for name, cls in RULESETS.items():
        opts = "; ".join(
            f"{o.key}={'|'.join(o.choices) if o.choices else f'{o.low}-{o.high}'} (default {o.default})" for o in cls.OPTIONS
        )
        lines.append(f"  --rules {name}: {opts or 'no options'}")
    return "House options (--option key=value, repeatable):\n" + "\n".join(lines)


def add_rules_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--rules NAME`` (default hk) and repeatable ``--option key=value``."""
    p.add_argument("--rules", default="hk", metavar="NAME", help=f"ruleset: {' or '.join(RULESETS)} (default hk)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a house option of the ruleset, e.g. minfan=3 (repeatable; see docs/house-options.md)",
    )


def rules_from_args(args: argparse.Namespace) -> Ruleset:
    """The ruleset the parsed arguments name; :class:`~hkmj.rulesets.RulesetError` says what is wrong."""
    return get_ruleset(args.rules, parse_option_args(args.option))
