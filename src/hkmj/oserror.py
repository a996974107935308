"""Why a file could not be read or written, worded in the user's language (``en`` or ``fr``).

The operating system words its reasons in English (``strerror``); a screen or report in French
names the common ones in French too, and keeps the system's words for the rare others.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

__all__ = [
    "InputError", "OSReason", "Unwritable", "french_reason", "input_text", "is_stream_path", "no_folder", "own_stream",
    "read_input", "read_input_text",
]  # fmt: skip

_FR = {
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération non permise",
    errno.EISDIR: "c'est un dossier",
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.ENOSPC: "plus de place sur le disque",
    errno.EROFS: "système de fichiers en lecture seule",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.EEXIST: "le fichier existe déjà",
    errno.EIO: "erreur d'entrée-sortie",
    errno.EDQUOT: "quota de disque dépassé",
}


@dataclass(frozen=True)
class OSReason:
    """The reason of an ``OSError``, to be worded in any language by :meth:`say`."""

    code: int | None
    english: str

    @classmethod
    def of(cls, err: OSError) -> OSReason:
        """The reason of ``err`` (its ``errno`` and the system's English words)."""
        return cls(err.errno, err.strerror or str(err))

    def say(self, lang: str = "en") -> str:
        """The reason in ``lang``: French for the common reasons, else the system's words."""
        if lang == "fr" and self.code in _FR:
            return _FR[self.code]
        return self.english

    def __str__(self) -> str:
        return self.english


class Unwritable(Exception):
    """A file being written (a record, a fault log) could not be written on (a full disk), with why:
    raised from a callback to the command, which says it in one line and deletes the cut file."""

    def __init__(self, reason: OSReason) -> None:
        super().__init__(reason.english)
        self.reason = reason


def is_stream_path(path: str | Path) -> bool:
    """Whether ``path`` is in a system folder of device and process files (``/dev/stdout``,
    ``/dev/fd/5``, ``/proc/self/fd/1``): a stream to write to as it is, never a file to create,
    replace or delete (as root, deleting ``/dev/stdout`` removes the system's)."""
    return str(Path(path).absolute()).startswith(("/dev/", "/proc/"))


def own_stream(path: str | Path) -> TextIO | None:
    """``sys.stdout`` or ``sys.stderr`` when ``path`` names the same file, pipe or terminal, else
    None. Opened again, a file standard output goes to would be written from its start, over
    the lines printed through ``sys.stdout``; written through the stream, it follows them."""
    try:
        target = os.stat(path)
    except (OSError, ValueError):
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            if os.path.samestat(os.fstat(stream.fileno()), target):
                return stream
        except (OSError, ValueError, io.UnsupportedOperation):  # a stream with no file (a test's capture)
            continue
    return None


def french_reason(english: str) -> str:
    """The system's English words for a common reason (``No such file or directory``) in French,
    for a message that kept only the words; other words come back as they are."""
    return next((fr for code, fr in _FR.items() if os.strerror(code) == english), english)


_SAVED = {
    "match": ("the match", "la partie", "game.jsonl"),
    "review": ("the review", "l'analyse", "review.html"),
    "log": ("the fault log", "le journal des fautes", "faults.log"),
    "plot": ("the rating plot", "la courbe des classements", "ratings.png"),
}
"""What a command saves in a new file (``what`` of :func:`no_folder`), in English and French,
and a file name for it (the example of a name to give instead of a folder's)."""


def no_folder(command: str, option: str, path: str, lang: str = "en", what: str = "match") -> str | None:
    """Why ``hkmj COMMAND OPTION PATH`` cannot create the file ``path``: the folder meant to hold
    it does not exist (the system would say "No such file or directory" of the file itself), or
    ``path`` is a folder (the system's "Is a directory", said after the work was done by some
    commands); None when neither. Every command writing a new file asks this first (``hkmj play
    --record``, ``simulate --record``, ``replay --record``, ``review --html``, ``bot-match --log``,
    ``arena --plot``), exit 2.

    >>> no_folder("simulate", "--record", "/no/such/g.jsonl")
    "hkmj simulate: --record /no/such/g.jsonl: no folder '/no/such' to save the match in; create it first, or give another path"
    >>> no_folder("simulate", "--record", "g.jsonl") is None
    True
    """
    english, french, example = _SAVED[what]
    if path == "-":  # not standard output: a file named "-" would be made (./- names one)
        if lang == "fr":
            return (
                f"hkmj {command}\u00a0: {option} -\u00a0: «\u00a0-\u00a0» ne nomme pas la sortie standard ici\u00a0; "
                f"donnez le fichier où enregistrer {french}, par exemple {example}"
            )
        return f"hkmj {command}: {option} -: '-' is not standard output here; give the file to save {english} in, e.g. {example}"
    if os.path.isdir(path):
        inside = os.path.join(path, example)
        if lang == "fr":
            return f"hkmj {command}\u00a0: {option} {path}\u00a0: c'est un dossier\u00a0; donnez le fichier où enregistrer {french}, par exemple {inside}"
        return f"hkmj {command}: {option} {path}: is a folder; give the file to save {english} in, e.g. {inside}"
    folder = os.path.dirname(path) or "."
    if os.path.isdir(folder):
        return None
    if lang == "fr":
        return (
            f"hkmj {command}\u00a0: {option} {path}\u00a0: pas de dossier «\u00a0{folder}\u00a0» où enregistrer {french}\u00a0; "
            "créez-le d'abord, ou donnez un autre chemin"
        )
    return f"hkmj {command}: {option} {path}: no folder {folder!r} to save {english} in; create it first, or give another path"


_INPUT = {
    "missing": ("{path}: no such file", "{path}\u00a0: fichier introuvable"),
    "dash": (
        "{path}: no such file ('-' is not standard input here, /dev/stdin is); give the record's file name",
        "{path}\u00a0: fichier introuvable («\u00a0-\u00a0» ne désigne pas l'entrée standard ici, /dev/stdin la désigne)\u00a0; "
        "donnez le nom du fichier d'enregistrement",
    ),
    "directory": ("{path}: is a folder, not a record file", "{path}\u00a0: c'est un dossier, pas un fichier d'enregistrement"),
    "unreadable": ("{path}: cannot read ({reason})", "{path}\u00a0: lecture impossible ({reason})"),
    "not_utf8": (
        "{path}: not a text file (a record is JSON Lines text, UTF-8)",
        "{path}\u00a0: pas un fichier texte (un enregistrement est du texte JSON Lines, en UTF-8)",
    ),
    "empty": ("{path}: the file is empty: it holds no match", "{path}\u00a0: le fichier est vide, il ne contient aucune partie"),
    "long_line": (
        "{path}: line {line} is over 16 MB long: no record (a record holds one event per line, a few kB each)",
        "{path}\u00a0: la ligne {line} dépasse 16 Mo\u00a0: ce n'est pas un enregistrement (un événement par ligne, de quelques ko chacun)",
    ),
    "gzip": (
        "{path}: a gzip-compressed file, not a record; uncompress it first (gunzip -k {path})",
        "{path}\u00a0: un fichier compressé par gzip, pas un enregistrement\u00a0; décompressez-le d'abord (gunzip -k {path})",
    ),
    "utf16": (
        "{path}: UTF-16 text, not UTF-8 (a record is JSON Lines text, UTF-8); save it again as UTF-8",
        "{path}\u00a0: du texte en UTF-16, pas en UTF-8 (un enregistrement est du texte JSON Lines, en UTF-8)\u00a0; "
        "enregistrez-le de nouveau en UTF-8",
    ),
}
"""What is wrong with an input file (:class:`InputError`), in English and French."""


class InputError(ValueError):
    """An input file (a record, a saved match, a table log) that cannot be read as text: it is
    missing, a folder, not readable, not UTF-8 or empty. ``hkmj replay``, ``review`` and ``play
    --resume`` say it in the same words, :meth:`say` (``str(err)`` is English)."""

    def __init__(self, kind: str, path: str | Path, reason: OSReason | None = None, line: int = 0) -> None:
        self.kind = kind
        self.path = str(path)
        self.reason = reason
        self.line = line
        super().__init__(self.say("en"))

    def say(self, lang: str = "en") -> str:
        """``PATH: what is wrong`` in ``lang`` (``en`` or ``fr``)."""
        english, french = _INPUT[self.kind]
        reason = self.reason.say(lang) if self.reason is not None else ""
        return (french if lang == "fr" else english).format(path=self.path, reason=reason, line=self.line)


def read_input(path: str | Path) -> bytes:
    """The bytes of the input file ``path``; :class:`InputError` when it is missing, a folder,
    not readable or empty (nothing but blank lines), not UTF-8 (told as soon as a bad byte is read:
    /dev/urandom), or a line longer than :data:`LONGEST_LINE` (an endless stream without a line
    break: /dev/zero, a 200 MB line), read no further: the memory it takes stays bounded."""
    if os.path.isdir(path):
        raise InputError("directory", path)
    try:
        with open(path, "rb") as f:
            data = _read_bounded(f, path)
    except FileNotFoundError:  # "-" is no standard input here: /dev/stdin is (a file named "-" is read)
        raise InputError("dash" if str(path) == "-" else "missing", path) from None
    except OSError as err:
        raise InputError("unreadable", path, OSReason.of(err)) from None
    if not data.strip():
        raise InputError("empty", path)
    return data


LONGEST_LINE = 16 << 20
"""The longest line an input file may have, in bytes (a record's events are a few kB each; a
server's log export of a whole match on one line stays far below it)."""

_CHUNK = 1 << 20


def _read_bounded(f: BinaryIO, path: str | Path) -> bytes:
    """All of ``f``, read a chunk at a time: :class:`InputError` at the first byte that is not
    UTF-8, or once a line runs past :data:`LONGEST_LINE`, so that an endless device or a huge
    binary file is refused without reading it all into memory."""
    chunks: list[bytes] = []
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 0  # line breaks read so far
    run = 0  # bytes of the line being read
    while chunk := f.read(_CHUNK):
        try:
            decoder.decode(chunk)  # a character cut between two chunks waits for the next
        except UnicodeDecodeError:
            raise InputError(_not_utf8(chunks[0] if chunks else chunk), path) from None
        first = chunk.find(b"\n")
        if run + (len(chunk) if first < 0 else first) > LONGEST_LINE:  # the line it goes on with
            raise InputError("long_line", path, line=lines + 1)
        if first >= 0:
            lines += chunk.count(b"\n")
            run = len(chunk) - chunk.rfind(b"\n") - 1
            if run > LONGEST_LINE:  # cannot be with chunks this size; kept for a larger chunk
                raise InputError("long_line", path, line=lines + 1)
        else:
            run += len(chunk)
        chunks.append(chunk)
    return b"".join(chunks)


def _not_utf8(start: bytes) -> str:
    """What a file that is not UTF-8 is, from its first bytes: gzip-compressed (a record saved
    as ``.jsonl.gz``), UTF-16 text (its byte order mark, then JSON), else not text at all."""
    if start.startswith(b"\x1f\x8b"):
        return "gzip"
    if start.startswith((b"\xff\xfe", b"\xfe\xff")):  # a byte order mark, then a record's first "{" (or "[")
        text = start[: min(len(start), 256) // 2 * 2].decode("utf-16", errors="replace")
        if text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            return "utf16"
    return "not_utf8"


def input_text(path: str | Path, data: bytes, *, cut: bool = False) -> str:
    """``data`` (read from ``path``) as UTF-8 text; :class:`InputError` when it is not. ``cut``:
    the last character may have been cut in the middle of a write (a saved match), and is left out."""
    try:
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=not cut)
    except UnicodeDecodeError:
        raise InputError("not_utf8", path) from None


def read_input_text(path: str | Path) -> str:
    """The text of the input file ``path`` (:func:`read_input`, :func:`input_text`)."""
    return input_text(path, read_input(path))
