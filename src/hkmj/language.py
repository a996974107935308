"""The language a command speaks: ``--lang`` when it is typed, else the user's locale.

The first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and
not empty decides (``fr``, ``fr_FR.UTF-8``, ``fr_CA``, ``fr_BE@euro``: French; ``C``, ``POSIX``,
``en_US.UTF-8``, anything else: English); when none is, the first entry of ``LANGUAGE``
(``fr:en``). ``--lang`` always wins.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

__all__ = ["LANGS", "LOCALE_DEFAULT", "LOCALE_DEFAULT_FR", "env_lang", "lang_of", "lang_typed", "lang_word"]

LANGS = ("en", "fr")
"""The languages hkmj speaks; English is the default."""

_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

LOCALE_DEFAULT = "the locale's: fr if LC_ALL, LC_MESSAGES or LANG is French (fr_FR.UTF-8), else en"
"""What ``--help`` says of a ``--lang`` not given (its French: :data:`LOCALE_DEFAULT_FR`)."""
LOCALE_DEFAULT_FR = "celle de la locale : fr si LC_ALL, LC_MESSAGES ou LANG est français (fr_FR.UTF-8), sinon en"


def _language(locale: str) -> str:
    """``fr_FR.UTF-8`` → ``fr``; a locale of any other language (``C``, ``POSIX``) → ``en``."""
    code = re.split(r"[_.@-]", locale.strip(), maxsplit=1)[0].lower()
    return code if code in LANGS else "en"


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment (``os.environ`` unless given): ``fr`` or ``en``.

    >>> env_lang({"LANG": "fr_FR.UTF-8"}), env_lang({"LC_ALL": "C", "LANG": "fr_FR"}), env_lang({})
    ('fr', 'en', 'en')
    >>> env_lang({"LANG": "", "LANGUAGE": "fr:en"}), env_lang({"LC_MESSAGES": "fr_CA"})
    ('fr', 'fr')
    """
    env = os.environ if environ is None else environ
    for name in _VARIABLES:
        value = env.get(name, "")
        if value:
            return _language(value)
    first = env.get("LANGUAGE", "").split(":")[0]
    return _language(first) if first else "en"


def lang_word(text: str) -> str:
    """A ``--lang`` value as typed, read as the language codes are written (``FR``, `` en``: ``fr``,
    ``en``); the command's choices then refuse what hkmj does not speak."""
    return text.strip().lower()


def _lang_values(words: Sequence[str]) -> list[str]:
    """The values of every ``--lang`` (``--lang fr``, ``--lang=fr``) in ``words``, in order."""
    values: list[str] = []
    for i, word in enumerate(words):
        if word == "--lang" and i + 1 < len(words):
            values.append(words[i + 1])
        elif word.startswith("--lang="):
            values.append(word.partition("=")[2])
    return values


def lang_typed(words: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` (``--lang fr``, ``--lang=fr``) in ``words``, or None: the
    one the command keeps, as argparse keeps the last value of an option given twice."""
    values = _lang_values(words)
    return values[-1] if values else None


def lang_of(words: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of the command line ``words``: its last ``--lang`` hkmj speaks, else the
    environment's (:func:`env_lang`); a value hkmj does not speak, which the command refuses, is
    refused in that language (``--lang de --lang fr``: in French; ``--lang fr --lang de``: too).

    >>> lang_of(["play", "--lang", "en"], {"LANG": "fr_FR.UTF-8"}), lang_of(["play"], {"LANG": "fr_FR"})
    ('en', 'fr')
    >>> lang_of(["play", "--lang", "de", "--lang", "fr"], {}), lang_of(["play", "--lang", "de"], {"LANG": "fr_FR"})
    ('fr', 'fr')
    """
    spoken = [v for v in map(lang_word, _lang_values(words)) if v in LANGS]
    return spoken[-1] if spoken else env_lang(environ)
