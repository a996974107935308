"""Command-line options shared by every command that plays or scores: ``--rules`` and ``--option``.

An adapter (argparse) beside the commands, not in :mod:`hkmj.rulesets`: the core reads no
command line (tests/test_architecture.py)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from hkmj.language import colon
from hkmj.rulesets import RULESETS, Ruleset, RulesetError, get_ruleset, parse_option_args

__all__ = ["OnceAction", "add_rules_arguments", "given", "option_examples", "options_help", "rules_from_args", "rules_refusal"]


class OnceAction(argparse.Action):
    """Store an option's value, refusing the option a second time: ``--seat S --seat W`` is
    a usage error (exit 2), never the last one silently winning."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: str | Sequence[Any] | None, option_string: str | None = None
    ) -> None:
        seen: set[str] = namespace.__dict__.setdefault("given_options", set())
        if self.dest in seen:
            parser.error(f"argument {'/'.join(self.option_strings)}: given twice (give it once)")
        seen.add(self.dest)
        setattr(namespace, self.dest, values)


def given(args: argparse.Namespace, dest: str) -> bool:
    """True when an option stored by :class:`OnceAction` was typed (not left at its default)."""
    return dest in args.__dict__.get("given_options", ())


def options_help(lang: str = "en") -> str:
    """Each ruleset's house options for ``--help`` epilogs, in ``lang`` (``en`` or ``fr``): per
    option its values, its default and what it means (a value such as ``seed``, the rules' own
    table, means nothing without it)."""
    fr = lang == "fr"
    lines = []
    for name, cls in RULESETS.items():
        lines.append(f"  --rules {name}" + colon(lang) + ("" if cls.OPTIONS else " aucune option" if fr else " no options"))
        for o in cls.OPTIONS:
            values = "|".join(o.choices) if o.choices else f"{o.low}-{o.high}"
            if fr:
                lines.append(f"    {o.key}={values} (par défaut {o.default})\u00a0: {o.help_fr}")
            else:
                lines.append(f"    {o.key}={values} (default {o.default}): {o.help}")
    if fr:
        return "Options de la maison (--option clé=valeur, répétable)\u00a0:\n" + "\n".join(lines)
    return "House options (--option key=value, repeatable):\n" + "\n".join(lines)


def add_rules_arguments(p: argparse.ArgumentParser, rules_help: str | None = None) -> None:
    """Add ``--rules NAME`` (default hk; ``rules_help`` says what it chooses, if more than the
    ruleset of the command's match) and repeatable ``--option key=value``."""
    names = " or ".join(RULESETS)
    p.add_argument("--rules", default="hk", action=OnceAction, metavar="NAME", help=rules_help or f"ruleset: {names} (default hk)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=f"a house option of the ruleset (repeatable), e.g. {option_examples('en')} (see docs/house-options.md)",
    )


def option_examples(lang: str = "en") -> str:
    """One house option of each ruleset, from its own data, and the rulesets that take none:
    ``minfan=3 at hk, pay_highest=on at classical; mcr takes none`` (in ``lang``, ``en`` or ``fr``);
    in French each ruleset in words with its typed name kept: « minfan=3 aux règles de Hong Kong
    (hk), pay_highest=on au jeu classique (classical) ; mcr n'en a aucune »."""
    fr = lang == "fr"
    some = [f"{cls.OPTIONS[0].example} {cls.title_fr_at} ({name})" if fr else f"{cls.OPTIONS[0].example} at {name}" for name, cls in RULESETS.items() if cls.OPTIONS]
    none = [name for name, cls in RULESETS.items() if not cls.OPTIONS]
    tail = (f"\u00a0; {' et '.join(none)} n'en a aucune" if fr else f"; {' and '.join(none)} takes none") if none else ""
    return ", ".join(some) + tail


def rules_from_args(args: argparse.Namespace) -> Ruleset:
    """The ruleset the parsed arguments name; :class:`~hkmj.rulesets.RulesetError` says what is wrong."""
    return get_ruleset(args.rules, parse_option_args(args.option, args.rules))


def rules_refusal(command: str, e: RulesetError, lang: str) -> str:
    """A bad ``--rules`` or ``--option`` said by ``hkmj COMMAND`` in ``lang``: the one wording of
    every command (``hkmj play : option minfan='2' : attendu parmi 0, 1, 3``), the error's English
    and its French from the commands' phrase tables (:func:`hkmj.run_words.said`)."""
    from hkmj.run_words import said

    return said(command, str(e), lang)
