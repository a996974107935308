"""The language a command speaks: ``--lang`` when it is typed, else the user's locale, read as
GNU gettext reads it (and so every GNU program).

``LANGUAGE``, a priority list (``fr:en``, ``de:fr``), comes first: its first entry hkmj speaks
decides (``fr``, ``fr_FR``: French; ``en``, ``en_GB``, ``C``: English; ``de`` is skipped), and a
list naming neither language gets English, the untranslated text, as from gettext. It is ignored
when the locale is ``C`` or ``POSIX``, as gettext ignores it there (``C.UTF-8`` is not ``C``). The
locale is the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty (none:
``C``); without a ``LANGUAGE`` it decides alone (``fr``, ``fr_FR.UTF-8``, ``fr_CA``,
``fr_BE@euro``: French; ``C``, ``POSIX``, ``en_US.UTF-8``, anything else: English). ``--lang``
always wins.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

__all__ = ["FR_COLON", "LANGS", "LOCALE_DEFAULT", "LOCALE_DEFAULT_FR", "colon", "env_lang", "joined", "lang_of", "lang_typed", "lang_word"]

LANGS = ("en", "fr")
"""The languages hkmj speaks; English is the default."""

FR_COLON = "\u00a0:"
"""A colon in French: a no-break space before it, so that no line starts with the colon
(``hkmj score\u00a0: ...``); ``;`` ``?`` ``!`` and the inside of « » take the same space."""


def colon(lang: str) -> str:
    """A colon in ``lang``: :data:`FR_COLON` in French, ``:`` in English (``hkmj score{colon(lang)} ...``)."""
    return FR_COLON if lang == "fr" else ":"


_SPACES = re.compile(r"\s+", re.ASCII)


def joined(text: str) -> str:
    """``text``'s words joined by single spaces (its line breaks and runs of spaces made one
    space). A no-break space (U+00A0, French's before ``: ; ? !`` and inside « ») is part of a
    word and stays as it is, so that no line is broken before the sign (``str.split`` would
    have made it an ordinary space)."""
    return _SPACES.sub(" ", text).strip(" ")


_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_C_LOCALE = ("C", "POSIX")
"""The locale in which gettext ignores ``LANGUAGE`` and translates nothing (glibc reads POSIX as C)."""

LOCALE_DEFAULT = (
    "the locale's, as GNU programs read it: fr if LANGUAGE names fr before en (not in the C locale) "
    "or, without LANGUAGE, if LC_ALL, LC_MESSAGES or LANG is French; else en"
)
"""What ``--help`` says of a ``--lang`` not given (its French: :data:`LOCALE_DEFAULT_FR`)."""
LOCALE_DEFAULT_FR = (
    "celle de la locale, lue comme les programmes GNU la lisent\u00a0: fr si LANGUAGE nomme fr avant en (sauf en "
    "locale C) ou, sans LANGUAGE, si LC_ALL, LC_MESSAGES ou LANG est français\u00a0; sinon en"
)


def _code(locale: str) -> str:
    """A locale's language code: ``fr_FR.UTF-8`` → ``fr``, ``en_GB`` → ``en``, ``C`` → ``c``."""
    return re.split(r"[_.@-]", locale.strip(), maxsplit=1)[0].lower()


def _language(locale: str) -> str:
    """``fr_FR.UTF-8`` → ``fr``; a locale of any other language (``C``, ``POSIX``) → ``en``."""
    code = _code(locale)
    return code if code in LANGS else "en"


def _priority_lang(language: str) -> str | None:
    """The language of a ``LANGUAGE`` list: its first entry hkmj speaks (``de:fr:en`` → ``fr``;
    ``C`` or ``POSIX`` → ``en``, gettext's untranslated text); English when it names neither;
    None when the list is empty (``""``, ``":"``), as if unset."""
    entries = [entry.strip() for entry in language.split(":") if entry.strip()]
    if not entries:
        return None
    for entry in entries:
        if entry in _C_LOCALE:
            return "en"
        if _code(entry) in LANGS:
            return _code(entry)
    return "en"


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the environment (``os.environ`` unless given): ``fr`` or ``en``, as GNU
    gettext chooses: ``LANGUAGE`` first unless the locale is ``C``/``POSIX`` (or unset).

    >>> env_lang({"LANG": "fr_FR.UTF-8"}), env_lang({"LC_ALL": "C", "LANG": "fr_FR"}), env_lang({})
    ('fr', 'en', 'en')
    >>> env_lang({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:en"}), env_lang({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:en"})
    ('fr', 'en')
    >>> env_lang({"LC_ALL": "C", "LANGUAGE": "fr"}), env_lang({"LANGUAGE": "fr"}), env_lang({"LC_MESSAGES": "fr_CA"})
    ('en', 'en', 'fr')
    """
    env = os.environ if environ is None else environ
    locale = next((value for value in (env.get(name, "") for name in _VARIABLES) if value), "C")
    if locale.strip() not in _C_LOCALE:
        chosen = _priority_lang(env.get("LANGUAGE", ""))
        if chosen is not None:
            return chosen
    return _language(locale)


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
