"""The ``hkmj`` command's entry point (the console script and ``python -m hkmj``): it imports the
command line, then runs it. Ctrl+C during that import (a tenth of a second after Enter, as a
person changes their mind) says "interrupted" and exits with status 130, as Ctrl+C does later
in every command, instead of a Python traceback. Kept small: nothing else is imported first."""

from __future__ import annotations

import sys


def main() -> int:
    """Run ``hkmj`` with ``sys.argv``; its exit status."""
    try:
        from hkmj.cli import main as run
    except KeyboardInterrupt:
        return interrupted(None, sys.argv[1:])
    return run()


def interrupted(command: str | None, words: list[str]) -> int:
    """Say on stderr, on a line of its own, that Ctrl+C stopped ``hkmj COMMAND`` (``command``, or
    the first word of ``words`` when it names no option), in the language of ``words``; 130."""
    import contextlib

    with contextlib.suppress(Exception):  # whatever the interrupt left half-imported
        from hkmj.language import colon, lang_of

        lang = lang_of(words)
        if command is None:
            command = words[0] if words and not words[0].startswith("-") else None
        name = "hkmj" if command is None else f"hkmj {command}"
        said = "interrompu (Ctrl+C)" if lang == "fr" else "interrupted (Ctrl+C)"
        where = "\n" if sys.stderr is not None and sys.stderr.isatty() else ""
        sys.stderr.write(f"{where}{name}{colon(lang)} {said}\n")
        sys.stderr.flush()
    return 130
