"""A new user at an 80×24 terminal: every command's mistakes are named without a traceback,
the help's examples can be copied as they are, and the README's commands exist as written."""

from __future__ import annotations

import argparse
import importlib.util
import io
import itertools
import re
import shlex
import sys
from pathlib import Path

import pytest

from hkmj.cli import build_parser, main
from hkmj.tui.testing import joined


def test_arena_without_its_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj arena`` without ``hkmj[arena]``: the missing packages and the pip command, before
    any deal is played (not a ModuleNotFoundError traceback at the end)."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name in ("openskill", "matplotlib") else real(name, *a))
    assert main(["arena", "--bots", "random,greedy", "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err == 'hkmj arena: needs the "arena" extra (openskill, matplotlib missing): pip install "hkmj[arena]"\n'


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    """``hkmj``'s own parser (key ``hkmj``) and each command's."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"hkmj": parser, **sub.choices}


def _examples(text: str) -> list[list[str]]:
    """The example commands of a help text: its lines starting with ``hkmj`` or ``echo``, each
    with its ``\\``-continued lines; a row's description (after two spaces) is not part of them."""
    out: list[list[str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith(("hkmj ", "echo ")):
            command = [line]
            while command[-1].endswith("\\") and i + len(command) < len(lines):
                command.append(lines[i + len(command)])
            out.append([re.split(r"\s{2,}|\s+#", c.strip())[0] for c in command])
    return out


def _help_examples(parser: argparse.ArgumentParser) -> list[list[str]]:
    return _examples((parser.epilog or "") + "\n" + (parser.description or ""))


@pytest.mark.parametrize("command", list(_subcommands()))
def test_help_examples_are_whole_lines_at_80_columns(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An example is copied from the terminal as it is shown: at 80 columns no example command
    of ``hkmj COMMAND --help`` is cut across two lines (a continued one ends with ``\\``)."""
    monkeypatch.setenv("COLUMNS", "80")
    parser = _subcommands()[command]
    examples = [part for example in _help_examples(parser) for part in example]
    shown = parser.format_help().splitlines()
    assert examples or command == "replay"
    for example in examples:
        assert any(example in line for line in shown), f"{example!r} is cut in hkmj {command} --help"


def _segments(line: str) -> list[list[str]]:
    """The ``hkmj`` invocations of a shell line: split at ``&&``, ``|`` and ``;``, comments dropped."""
    words = shlex.split(line.replace("\\\n", " "), comments=True)
    out: list[list[str]] = [[]]
    for w in words:
        if w in ("&&", "|", ";", "||"):
            out.append([])
        else:
            out[-1].append(w)
    return [seg[1:] for seg in out if seg[:1] == ["hkmj"]]


def check_command(argv: list[str]) -> None:
    """``argv`` is an ``hkmj`` command line the program accepts: its options exist, its ruleset,
    house options and built-in bot names are known (``hkmj arena`` also takes a bot of one's own
    as an import path ``module:factory``, docs/bot-protocol.md: only its form is checked). Nothing is run."""
    from hkmj.bots import BOTS
    from hkmj.rules_args import rules_from_args

    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        assert exc.code == 0, f"hkmj {shlex.join(argv)}: refused by the parser"
        return
    if hasattr(args, "option"):
        rules_from_args(args)
    bots = getattr(args, "bots", None)
    if isinstance(bots, str):
        own = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*") if argv[0] == "arena" else None
        unknown = [b for b in bots.split(",") if b.strip() not in BOTS and not (own and own.fullmatch(b.strip()))]
        assert not unknown, f"hkmj {shlex.join(argv)}: unknown bots {unknown}"


@pytest.mark.parametrize("command", list(_subcommands()))
def test_help_examples_are_valid_commands(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every example of ``hkmj COMMAND --help`` is a command line the program accepts."""
    for example in _help_examples(_subcommands()[command]):
        for argv in _segments(" ".join(part.removesuffix("\\") for part in example)):
            check_command(argv)
    capsys.readouterr()


def test_help_table_rows_continued_in_the_source_are_filled_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row of a help table (``  KEY    text``) continued in the source under its text column is
    filled as one paragraph under that column, not broken where the source line ended."""
    from hkmj.helpformat import HelpFormatter

    monkeypatch.setenv("COLUMNS", "40")
    epilog = "Keys:\n  E, S     the player who drew that wind (their\n           seat in the first hand)\n  slot0    a table slot\n"
    parser = argparse.ArgumentParser(prog="x", epilog=epilog, formatter_class=HelpFormatter, add_help=False)
    text = parser.format_help()
    assert "  E, S     the player who drew that\n           wind (their seat in the\n           first hand)\n  slot0    a table slot\n" in text


_A_FILE = str(Path(__file__).resolve().parent / "data" / "bad_record_files.json")
"""A file that exists, wherever the tests run from."""


@pytest.mark.parametrize(
    ("argv", "usage", "message"),
    [
        (["scor"], "usage: hkmj [-h]", "hkmj: error: unknown command 'scor'; did you mean 'score'?"),
        (["simulate", "--sed", "7"], "usage: hkmj simulate", "hkmj simulate: error: unrecognized arguments: --sed 7 (did you mean --seed?)"),
        (["score", "123m456p789s11z999m", "--win", "9m", "--bogus"], "usage: hkmj score", "hkmj score: error: unrecognized arguments: --bogus\n"),
        (["score", "123m", "456p", "--win", "1m"], "usage: hkmj score", "without spaces: 123m456p)"),
        (["review", "g.jsonl", "--lnag", "fr"], "usage: hkmj review", "(did you mean --lang?)"),
        # a misspelt option with the required argument still to come: the typo, not the missing argument
        # (it said "the following arguments are required: GAME", the option meant never named)
        (["review", "--helpp"], "usage: hkmj review", "hkmj review: error: unrecognized arguments: --helpp (did you mean --help?)\n"),
        (["replay", "--shwo"], "usage: hkmj replay", "hkmj replay: error: unrecognized arguments: --shwo (did you mean --show?)\n"),
        (["arena", "--bost", "strong,greedy"], "usage: hkmj arena", "hkmj arena: error: unrecognized arguments: --bost (did you mean --bots?)\n"),
        (["review", "--sead", "S", "--lang", "fr"], "utilisation\u00a0: hkmj review",
         "arguments non reconnus\u00a0: --sead (vouliez-vous dire --seat\u00a0?)\n"),
        (["--lang", "fr", "play"], "utilisation\u00a0: hkmj [-h]",  # --lang fr chose French (tests/test_help_fr.py)
         "hkmj\u00a0: erreur\u00a0: --lang est une option d'une commande, pas de hkmj lui-même\u00a0: donnez d'abord la commande (hkmj play --lang fr)"),
        (["--lang", "en", "play"], "usage: hkmj [-h]", "--lang is an option of a command, not of hkmj itself: give the command first (hkmj play --lang en)"),
        (["--bogus"], "usage: hkmj [-h]", "hkmj: error: unknown option --bogus (hkmj itself takes -h and --version"),
        # a misspelt command after an option of hkmj's commands: the typo named, and the line it meant
        # (it said "give the command first (hkmj score --lang en scroe)", keeping the typo, or naming score for plya)
        (["--lang", "en", "scroe"], "usage: hkmj [-h]",
         "hkmj: error: unknown command 'scroe'; did you mean 'score'? (--lang is an option of a command, given after it: hkmj score --lang en)"),
        (["--lang", "fr", "plya"], "utilisation\u00a0: hkmj [-h]",
         "hkmj\u00a0: erreur\u00a0: commande «\u00a0plya\u00a0» inconnue\u00a0; vouliez-vous dire «\u00a0play\u00a0»\u00a0? (--lang est une option d'une commande, donnée après elle\u00a0: "
         "hkmj play --lang fr)"),
        # '--' before the command (it said "unknown option --"): the line meant, the command first
        (["--", "score", "1m"], "usage: hkmj [-h]", "hkmj: error: '--' ends the options, and the command comes first: hkmj score 1m\n"),
        (["--lang", "fr", "--", "score", "1m"], "utilisation\u00a0: hkmj [-h]",
         "hkmj\u00a0: erreur\u00a0: «\u00a0--\u00a0» termine les options, et la commande vient d'abord\u00a0: hkmj score --lang fr 1m\n"),
        (["--", "1m"], "usage: hkmj [-h]", "the command comes first: hkmj COMMAND -- 1m\n"),
        # a saved match named without --resume (it said only "unrecognized arguments: match.jsonl"): the option it needs
        (["play", _A_FILE], "usage: hkmj play",
         f"hkmj play: error: unrecognized arguments: {_A_FILE} (to go on with the match saved in that file: --resume {_A_FILE})\n"),
        (["play", _A_FILE, "--lang", "fr"], "utilisation\u00a0: hkmj play",
         f"arguments non reconnus\u00a0: {_A_FILE} (pour reprendre la partie enregistrée dans ce fichier\u00a0: --resume {_A_FILE})\n"),
        # no command at all: not one picked at random among those that take the option
        (["--lang", "en"], "usage: hkmj [-h]", "give the command first (hkmj COMMAND --lang en); commands that take it: score,"),
        (["--lang", "fr"], "utilisation\u00a0: hkmj [-h]", "donnez d'abord la commande (hkmj COMMANDE --lang fr)\u00a0; commandes qui la prennent"),
        (["--teach"], "usage: hkmj [-h]", "give the command first (hkmj play --teach); commands that take it: play"),
        # a long option with one dash or a typographic dash (copied from a word processor), a value
        # to an option that takes none: the option meant (it said "unrecognized arguments: -teach",
        # "argument -h/--help: ignored explicit argument 'ands'", "ignored explicit argument 'yes'")
        (["play", "-teach"], "usage: hkmj play", "hkmj play: error: unrecognized arguments: -teach (did you mean --teach?)"),
        (["simulate", "-hands", "5"], "usage: hkmj simulate", "hkmj simulate: error: unrecognized arguments: -hands (did you mean --hands?)"),
        (["play", "\u2014teach", "--lang", "fr"], "utilisation\u00a0: hkmj play",
         "hkmj play\u00a0: erreur\u00a0: arguments non reconnus\u00a0: \u2014teach (vouliez-vous dire --teach\u00a0?)"),
        (["play", "--teach=yes"], "usage: hkmj play", "hkmj play: error: argument --teach: takes no value (write --teach alone)"),
        # an option after '--', which makes it an argument: where to put it (it said "did you mean --win?" of --win itself)
        (["score", "--", "123m456m789p234s55p", "--win", "5p"], "usage: hkmj score",
         "hkmj score: error: unrecognized arguments: --win 5p (--win comes after '--', which ends the options: give it before '--')"),
        (["simulate", "--", "--hands=3", "--lang", "fr"], "utilisation\u00a0: hkmj simulate",
         "hkmj simulate\u00a0: erreur\u00a0: arguments non reconnus\u00a0: -- --hands=3 --lang fr (--hands vient après «\u00a0--\u00a0», "
         "qui termine les options\u00a0: donnez-la avant «\u00a0--\u00a0»)"),
        (["score", "1m", "--json=1", "--lang", "fr"], "utilisation\u00a0: hkmj score",
         "hkmj score\u00a0: erreur\u00a0: argument --json\u00a0: ne prend pas de valeur (écrivez --json seul)"),
        # a meld without its quotes, a second value after a repeated option: the line to write (it said to
        # join 555m or 2 to the hand: "write the hand as one word, without spaces: 123m...999m555m")
        (["score", "123m456p789s11z999m", "--win", "9m", "--meld", "pung", "555m"], "usage: hkmj score",
         'hkmj score: error: unrecognized arguments: 555m (put the meld in quotes: --meld "pung 555m")'),
        (["score", "123m456p789s11z999m", "--win", "9m", "--flower", "1", "2", "--lang", "fr"], "utilisation\u00a0: hkmj score",
         "hkmj score\u00a0: erreur\u00a0: arguments non reconnus\u00a0: 2 (donnez --flower devant chaque valeur\u00a0: --flower 1 --flower 2)"),
        (["score", "--rules", "classical", "88m567p234s111z777z", "--win", "1z", "--seat", "S", "--other", "E:", "13m46p555s9s56z,", "pung", "222p"],
         "usage: hkmj score",  # not "give --other before each value: --other E: --other 13m46p555s9s56z, --other pung ..."
         'unrecognized arguments: 13m46p555s9s56z, pung 222p (put the hand in quotes: --other "E: 13m46p555s9s56z, pung 222p")'),
        (["play", "--option", "minfan=3", "table=half"], "usage: hkmj play",
         "unrecognized arguments: table=half (give --option before each value: --option minfan=3 --option table=half)"),
        # KEY=VALUE typed with spaces around '=': that word without them (it said "give --option
        # before each value: --option minfan --option = --option 3", a line that is refused too)
        (["play", "--option", "minfan", "=", "3"], "usage: hkmj play",
         "unrecognized arguments: = 3 (write --option KEY=VALUE as one word, without spaces: --option minfan=3)"),
        (["simulate", "--option", "minfan=", "3", "--lang", "fr"], "utilisation\u00a0: hkmj simulate",
         "arguments non reconnus\u00a0: 3 (écrivez --option CLÉ=VALEUR d'un seul mot, sans espaces\u00a0: --option minfan=3)"),
        (["score", "123m456p789s11z999m", "--win", "9m", "--meld", "pung", "555m", "--lang", "fr"], "utilisation\u00a0: hkmj score",
         'arguments non reconnus\u00a0: 555m (mettez le groupe entre guillemets\u00a0: --meld "pung 555m")'),
        # the bots typed apart, as a newcomer lists them: one word, with commas (it said only "unrecognized arguments")
        (["play", "--bots", "strong", "strong", "greedy"], "usage: hkmj play",
         "hkmj play: error: unrecognized arguments: strong greedy (write the bots as one word, separated by commas: --bots strong,strong,greedy)"),
        (["simulate", "--bots", "strong,", "greedy,", "random,", "random", "--lang", "fr"], "utilisation\u00a0: hkmj simulate",
         "arguments non reconnus\u00a0: greedy, random, random (écrivez les robots d'un seul mot, séparés par des virgules\u00a0: "
         "--bots strong,greedy,random,random)"),
    ],
)
def test_a_typo_is_reported_by_its_command_with_the_closest_name(
    argv: list[str], usage: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown option is reported with the usage of the command it was given to (not the
    top-level one), and the closest command or option name when one is close."""
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith(usage) and message in err and "Traceback" not in err


ROOT = Path(__file__).resolve().parents[1]
USER_DOCS = ("README.md", *sorted(f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md")))
"""The pages a user reads to run the program: the README and every page of docs/."""


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced code blocks of a Markdown page: (info string, lines), indentation removed."""
    out: list[tuple[str, list[str]]] = []
    block: list[str] | None = None
    fence = ""
    for line in text.splitlines():
        stripped = line.strip()
        if block is None and stripped.startswith("```"):
            block, fence, info = [], line[: len(line) - len(line.lstrip())], stripped[3:].strip()
        elif block is not None and stripped == "```":
            out.append((info, block))
            block = None
        elif block is not None:
            block.append(line.removeprefix(fence))
    return out


def _doc_commands() -> list[tuple[str, str]]:
    """Every shell line of the user docs that runs ``hkmj`` (``$ `` prompts removed, ``\\``-continued
    lines joined): (page, line). A block without a language and without ``$ `` prompts is a list
    of commands (docs/server.md's first block); with prompts, the lines without one are output."""
    out: list[tuple[str, str]] = []
    for page in USER_DOCS:
        for info, lines in _blocks((ROOT / page).read_text(encoding="utf-8")):
            if info not in ("sh", "console", "bash", "shell", ""):
                continue
            prompts = any(line.startswith("$ ") for line in lines)
            joined = "\n".join(lines).replace("\\\n", " ")
            for line in joined.splitlines():
                if (prompts or info == "console") and not line.startswith("$ "):
                    continue  # a sample's output
                line = line.removeprefix("$ ")
                if re.search(r"(^|&&\s*|\|\s*)hkmj ", line):
                    out.append((page, line))
    return out


@pytest.mark.parametrize(("page", "line"), _doc_commands())
def test_every_hkmj_command_in_the_user_docs_is_accepted(page: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The README and the user guides show commands that exist as written: their options, ruleset,
    house options and bot names are all known (nothing is run)."""
    for argv in _segments(line):
        check_command(argv)
    capsys.readouterr()


def _samples() -> list[tuple[str, str, list[str]]]:
    """The output samples of the user docs: (page, command, the output shown) for each ``$ hkmj``
    line of a code block, its ``\\``-continued lines joined."""
    out: list[tuple[str, str, list[str]]] = []
    for page in USER_DOCS:
        for info, lines in _blocks((ROOT / page).read_text(encoding="utf-8")):
            if info not in ("console", "") or not lines or not lines[0].startswith("$ hkmj "):
                continue
            for line in "\n".join(lines).replace("\\\n", " ").splitlines():
                if line.startswith("$ "):
                    out.append((page, line[2:], []))
                else:
                    out[-1][2].append(line)
    return out


def _records_the_samples_make() -> dict[str, list[str]]:
    """The records the samples read, as the docs make them: file name -> the arguments of each
    sample ``$ hkmj simulate ... --record FILE`` shown without its output (docs/review.md's
    ``g.jsonl``, docs/record-format.md's ``r.jsonl``). Two pages making one name differently fail."""
    made: dict[str, list[str]] = {}
    for page, command, shown in _samples():
        argv = shlex.split(command)[1:]
        if shown or argv[:1] != ["simulate"] or "--record" not in argv:
            continue
        name = argv[argv.index("--record") + 1]
        assert made.setdefault(name, argv) == argv, f"{page}: {name} is made by two different commands"
    return made


@pytest.fixture(scope="module")
def docs_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the records the samples read, each made by the docs' own command."""
    path = tmp_path_factory.mktemp("docs")
    made = _records_the_samples_make()
    assert "g.jsonl" in made  # the README's review sample reads docs/review.md's record
    for name, argv in made.items():
        argv = [a if a != name else str(path / name) for a in argv]
        assert main([*argv, *([] if "--quiet" in argv else ["--quiet"])]) == 0
    return path


@pytest.mark.parametrize(("page", "command", "shown"), [s for s in _samples() if s[2]])
def test_output_samples_in_the_user_docs_are_what_the_program_prints(
    page: str, command: str, shown: list[str], docs_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sample output of the README or a guide (``$ hkmj ...`` and what follows) is what the
    command prints now, stdout and stderr, line for line; a ``...`` line stands for lines left out."""
    monkeypatch.chdir(docs_dir)
    monkeypatch.setenv("COLUMNS", "80")
    capsys.readouterr()
    main(shlex.split(command)[1:])
    captured = capsys.readouterr()
    printed = [line.rstrip().replace("\u00a0", " ") for line in (captured.out + captured.err).splitlines()]
    at = 0
    chunk: list[str] = []
    for line in [*shown, "..."]:
        if line.strip() != "...":
            chunk.append(line.rstrip().replace("\u00a0", " "))
            continue
        found = next((i for i in range(at, len(printed) - len(chunk) + 1) if printed[i : i + len(chunk)] == chunk), None)
        assert found is not None, f"{page}: `{command}` no longer prints:\n" + "\n".join(chunk) + "\n--- it prints:\n" + "\n".join(printed)
        at = found + len(chunk)
        chunk = []


def test_help_never_breaks_a_word_at_a_hyphen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A path or a value with a hyphen (``docs/record-format.md``, ``half-shooter``) is never cut
    across two lines of an option's help at 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    for command, parser in _subcommands().items():
        lines = parser.format_help().splitlines()
        cut = [a for a, b in itertools.pairwise(lines) if a.endswith("-") and b.strip()[:1].isalpha() and not a.endswith(" -")]
        assert not cut, f"hkmj {command} --help breaks {cut}"


@pytest.mark.parametrize("command", ["simulate", "play", "bot-match", "arena"])
def test_a_seed_that_is_not_a_whole_number_is_named_in_plain_words(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--seed abc`` says what is wrong in the words every other number option uses (HK-2.8: the
    seed replays the walls). A seed is a whole number 0 or more, as docs/env.md and the
    environments' ``reset(seed=...)`` take it: ``--seed -3`` was played here while ``reset(seed=-3)``
    was refused; it is now refused with the bound, in English and French, and ``--help`` says it."""
    extra = ["--bots", "random,greedy"] if command == "arena" else []
    with pytest.raises(SystemExit):
        main([command, *extra, "--seed", "abc"])
    assert f"hkmj {command}: error: argument --seed: 'abc' is not a whole number" in capsys.readouterr().err
    for words, said in (
        ([], f"hkmj {command}: error: argument --seed: -3 is negative: a seed is a whole number 0 or more"),
        (["--lang", "fr"], f"hkmj {command}\u00a0: erreur\u00a0: argument --seed\u00a0: -3 est négatif\u00a0: une graine est un nombre entier de 0 ou plus"),
    ):
        with pytest.raises(SystemExit) as stop:
            main([command, *extra, "--seed", "-3", *words])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err
    assert build_parser().parse_args([command, *extra, "--seed", "0"]).seed == 0
    for lang in ("en", "fr"):
        with pytest.raises(SystemExit):
            main([command, "--help", "--lang", lang])
        shown = " ".join(capsys.readouterr().out.split())
        assert ("a whole number 0 or more" if lang == "en" else "un nombre entier de 0 ou plus") in shown, shown


@pytest.mark.parametrize(("lang", "words"), [("en", "hkmj play: needs a terminal"), ("fr", "hkmj play\u00a0: il faut un terminal")])
def test_play_without_a_terminal_says_so_instead_of_waiting_forever(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play`` with its input or output a pipe or a file (``hkmj play < moves.txt``, ``| less``)
    drew the table's escape codes into the pipe and waited for keys forever; it now says it needs a
    terminal, exits 2 and leaves no empty record behind."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    record = tmp_path / "m.jsonl"
    assert main(["play", "--seed", "1", "--lang", lang, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and "80×24" in err and "hkmj simulate" in err and "Traceback" not in err
    assert not record.exists()


@pytest.mark.parametrize(("lang", "term", "words"), [("en", "dumb", "hkmj play: TERM=dumb says this terminal cannot move its cursor"),
                                                     ("fr", "unknown", "hkmj play\u00a0: TERM=unknown dit que ce terminal ne peut pas")])
def test_play_at_a_dumb_terminal_says_so_instead_of_redrawing_for_ever(
    lang: str, term: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``TERM=dumb hkmj play`` (Emacs's shell, or TERM set to drop the colours) drew the table one
    row too low and redrew it without end, a core busy and the bots never playing (Rich takes such a
    terminal for 80×25, Textual's driver reads its real size); it now says what to do instead
    (NO_COLOR=1 for no colours), exits 2 and leaves no empty record behind, a new match or a
    resumed one."""
    monkeypatch.setattr("hkmj.tui.command._in_a_terminal", lambda: True)
    monkeypatch.setattr("hkmj.tui.command.play", lambda table: table.record.close() or 0)  # the match saved, the table never drawn
    monkeypatch.setenv("TERM", term)
    record = tmp_path / "m.jsonl"
    assert main(["play", "--seed", "1", "--lang", lang, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and "NO_COLOR=1" in err and "hkmj simulate" in err and "Traceback" not in err
    assert not record.exists()
    saved = tmp_path / "saved.jsonl"
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main(["play", "--seed", "1", "--hands", "1", "--record", str(saved)]) == 0
    monkeypatch.setenv("TERM", term)
    assert main(["play", "--resume", str(saved), "--lang", lang]) == 2
    assert capsys.readouterr().err.startswith(words)


@pytest.mark.parametrize(("lang", "said", "refused"), [("en", "pause before each bot move, 0 to 10 (default 0.3)", "must be between 0 and 10"),
                                                    ("fr", "pause avant chaque coup d'un robot, de 0 à 10 (par défaut 0.3)", "doit être entre 0 et 10")])
def test_play_help_gives_the_range_of_delay_that_it_refuses_outside(
    lang: str, said: str, refused: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hkmj play --delay 20`` is refused ("must be between 0 and 10 seconds") but --help said only
    "pause before each bot move (default 0.3)": the range is now in the help, EN and FR."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", lang])
    assert said in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["play", "--delay", "20", "--lang", lang])
    assert refused in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "simulate", "score"])
def test_help_says_what_each_house_option_and_value_means(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``table=seed|half|doubling (default seed)`` told a newcomer nothing: "seed" (the rules' own
    table, HK-6) read as the match's --seed. Each house option of ``--help`` now says what it does
    and what ``seed`` is, every line within 80 columns."""
    from hkmj.rulesets import RULESETS

    monkeypatch.setenv("COLUMNS", "80")
    text = _subcommands()[command].format_help()
    flat = " ".join(text.split())
    for cls in RULESETS.values():
        for option in cls.OPTIONS:
            assert " ".join(option.help.split()) in flat, option.key
    assert "seed, the rules' own (HK-6" in flat and "half-shooter: the discarder pays 4 × base" in flat
    assert "--rules mcr: no options" in flat
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize(
    ("argv", "same_as"),
    [(["help"], ["--help"]), (["help", "play"], ["play", "--help"]), (["score", "-help"], ["score", "--help"]), (["review", "-help"], ["review", "--help"]),
     # the word help after the command, and -? (they said "unrecognized arguments: help", and
     # hkmj score help "hand 'help': 'h': unknown suit 'h'")
     (["play", "help"], ["play", "--help"]), (["score", "help"], ["score", "--help"]), (["simulate", "-?"], ["simulate", "--help"]),
     (["play", "help", "--lang", "en"], ["play", "--help", "--lang", "en"]),
     # hkmj help help, as hkmj --help's last line suggests (hkmj help COMMAND): "unknown command 'help'"
     (["help", "help"], ["--help"]),
     # hkmj version, -V, -v, -version: "unknown command 'version'", "unknown option -V"
     (["version"], ["--version"]), (["-V"], ["--version"]), (["-v"], ["--version"]), (["-version"], ["--version"])],
)
def test_help_as_a_newcomer_types_it(argv: list[str], same_as: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj help`` was an unknown command, ``hkmj help play`` too, and ``hkmj score -help`` said
    "argument -h/--help: ignored explicit argument 'elp'": each now prints the help it asks for."""
    monkeypatch.setenv("COLUMNS", "80")
    shown = []
    for words in (argv, same_as):
        with pytest.raises(SystemExit) as exc:
            main(words)
        assert exc.value.code == 0
        shown.append(capsys.readouterr())
    assert shown[0] == shown[1] and shown[0].out.startswith(("usage: hkmj", "hkmj ")) and not shown[0].err


def test_help_of_an_unknown_command_names_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj help scor``: the unknown command is named, with the closest one (exit status 2)."""
    with pytest.raises(SystemExit) as exc:
        main(["help", "scor"])
    assert exc.value.code == 2 and "unknown command 'scor'; did you mean 'score'?" in capsys.readouterr().err


def _options(command: str) -> set[str]:
    """The option strings ``hkmj COMMAND`` accepts (``hkmj`` itself: its own)."""
    return {o for action in _subcommands()[command]._actions for o in action.option_strings}


def _inline_commands() -> list[tuple[str, str]]:
    """Every code span of the user docs' prose that names an ``hkmj`` command, whole or a piece
    of one (``hkmj serve --tables-per-address``, ``hkmj review``): (page, span), its line breaks
    made spaces."""
    out: list[tuple[str, str]] = []
    for page in USER_DOCS:
        text = re.sub(r"^\s*```.*?^\s*```", "", (ROOT / page).read_text(encoding="utf-8"), flags=re.S | re.M)
        for span in re.findall(r"`([^`]+)`", text):
            span = " ".join(span.split())
            if re.search(r"(^|&&\s*|\|\s*)hkmj ", span):
                out.append((page, span))
    return out


def test_every_option_the_user_docs_give_a_command_is_one_of_its_options() -> None:
    """An ``hkmj COMMAND ... --flag`` written in a sentence (``hkmj serve --slow-grace``,
    ``hkmj simulate --rules classical [--option pay_highest=on]``) names an option of that
    command: a renamed or removed option cannot stay in the prose (whole commands of code
    blocks are parsed by the test above)."""
    commands = set(_subcommands()) - {"hkmj"}
    spans = _inline_commands()
    assert len(spans) > 100
    wrong = []
    for page, span in spans:
        for part in re.split(r"&&|\|(?=\s*hkmj )|;", span):
            words = part.split()
            if "hkmj" not in words:
                continue
            words = words[words.index("hkmj") + 1 :]
            if not words or words[0] not in commands or words[1:2] == [":"]:
                continue  # hkmj's own output quoted (``hkmj score: ...``, ``hkmj play : erreur``, ``hkmj 0.1.0``)
            flags = {m.split("=")[0] for m in re.findall(r"(?<![\w-])--[a-z][\w-]*(?:=\S*)?", " ".join(words[1:]))}
            flags -= {"--bogus"}  # an unknown option on purpose, to show how it is refused
            wrong += [f"{page}: `{span}`: {flag}" for flag in sorted(flags - _options(words[0]))]
    assert not wrong, "options the command does not have:\n" + "\n".join(wrong)


def test_every_default_a_help_states_is_the_default_the_command_uses() -> None:
    """``(default 10)`` in an option's help is the value the parser gives when the option is left
    out (``--max-tables``, ``--delay``, ``--rules``...): a default changed in the code cannot
    leave the help behind. ``hkmj play --bots`` takes its line-up when the command runs
    (``DEFAULT_BOTS``; a resumed match's own); ``hkmj review --html``
    names the page after the record (GAME.review.html)."""
    from hkmj.tui.command import DEFAULT_BOTS

    at_run_time = {("play", "--bots"): DEFAULT_BOTS, ("review", "--html"): "GAME.review.html"}
    checked = 0
    wrong = []
    for command, parser in _subcommands().items():
        for action in parser._actions:
            stated = re.search(r"\(default ([^);]+)", action.help or "")
            if not stated:
                continue
            value = stated.group(1).strip()
            default = at_run_time.get((command, action.option_strings[-1]), action.default)
            same = str(default) == value or (isinstance(default, int | float) and re.fullmatch(r"[\d.]+", value) and float(value) == default)
            checked += 1
            if not same:
                wrong.append(f"hkmj {command} {action.option_strings[-1]}: help says {value!r}, the parser gives {default!r}")
    assert checked > 40 and not wrong, "\n".join(wrong)


def test_every_option_of_every_command_is_in_the_user_docs() -> None:
    """Each option of each command (``hkmj serve --log-level`` was in no page) is named in the
    README or a guide, where a user who reads the docs rather than ``--help`` finds it."""
    text = "\n".join((ROOT / page).read_text(encoding="utf-8") for page in USER_DOCS)
    missing = []
    for command in _subcommands():
        for option in sorted(_options(command)):
            if option.startswith("--") and option != "--help" and not re.search(re.escape(option) + r"(?![\w-])", text):
                missing.append(f"hkmj {command} {option}")
    assert not missing, "options no page names: " + ", ".join(missing)


def _python_blocks() -> list[tuple[str, int, str]]:
    """The Python samples of the user docs: (page, number of the block on its page, code)."""
    out: list[tuple[str, int, str]] = []
    for page in USER_DOCS:
        blocks = [lines for info, lines in _blocks((ROOT / page).read_text(encoding="utf-8")) if info == "python"]
        out += [(page, i, "\n".join(lines)) for i, lines in enumerate(blocks, 1)]
    return out


@pytest.mark.parametrize(("page", "number", "code"), _python_blocks(), ids=lambda v: str(v) if not isinstance(v, str) or "\n" not in v else "")
def test_every_python_sample_in_the_user_docs_runs_as_written(
    page: str, number: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Python sample of the README or a guide runs when pasted into a fresh interpreter: it
    imports what it uses and defines every name it reads (the advice and house-options samples
    read a ``view``, ``legal``, ``bots`` and ``win`` they never made). A sample written as a
    script (docs/env.md's callgrind loop) gets one argument, ``1``."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.argv", [f"{page}#{number}", "1"])
    exec(compile(code, f"{page} (Python sample {number})", "exec"), {"__name__": "__main__"})
    capsys.readouterr()


def test_help_is_plain_text_without_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--help`` is read in a terminal: no Markdown backticks or bold marks around commands
    (``hkmj review --help`` showed `hkmj play --record`)."""
    monkeypatch.setenv("COLUMNS", "80")
    marked = [command for command, parser in _subcommands().items() if re.search(r"`|\*\*", parser.format_help())]
    assert not marked, f"--help with Markdown marks: {marked}"


def test_every_field_of_a_json_answer_is_named_in_the_readme() -> None:
    """The README's sections on ``hkmj score`` name every top-level field a JSON answer has, per
    ruleset (R-9; the MCR and classical answers carried ``rules``, the classical one ``winner``
    and ``limit_id``, that no page listed), and every field of an item."""
    from hkmj.scoring import score_json, score_json_mcr
    from hkmj.scoring.classical import score_json as score_json_classical

    readme = (ROOT / "README.md").read_text(encoding="utf-8")

    def section(heading: str) -> set[str]:
        start = readme.index(heading)
        return set(re.findall(r"`(\w+)`", readme[start : readme.index("\n## ", start + 1)]))

    hk_hand = {"hand": "234s567p88m111z777z", "win_tile": "1z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "E"}
    mcr_hand = {"hand": "456789m55m", "melds": ["chow 123m", "pung 222z"], "win_tile": "4m", "win": "discard", "discarder": "S", "seat": "E", "prevailing": "E"}
    classical_deal = {
        "hands": {"E": None, "S": None, "N": None, "W": {"hand": "222s444s666s88s", "melds": ["pung 666z"], "flowers": [], "seasons": []}},
        "winner": "W", "win": "self_draw", "win_tile": "8s", "prevailing": "E", "flags": [], "options": {"pay_highest": False, "limit": 1000},
    }  # fmt: skip
    answers = [
        ("## Scoring a hand: `hkmj score`", score_json(hk_hand)),
        ("## Chinese Official rules (MCR)", score_json_mcr(mcr_hand)),
        ("## The classical game", score_json_classical(classical_deal)),
    ]
    for heading, answer in answers:
        assert answer["valid"] is True, answer
        fields = set(answer) | {k for item in answer["items"] for k in item}
        missing = fields - section(heading)
        assert not missing, f"README {heading!r} does not name {sorted(missing)}"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--bots", "foo,greedy,random,random", "--hands", "1"], "hkmj simulate: unknown bot 'foo': expected one of random, greedy, strong, expert"),
        (["play", "--bots", "strong,foo,greedy", "--seed", "1"], "hkmj play: unknown bot 'foo': expected one of random, greedy, strong, expert"),
    ],
)
def test_an_unknown_bot_is_refused_in_the_same_words_by_every_command(
    argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate`` said "choose from random, greedy, ..." and ``hkmj play`` "expected one of
    expert, greedy, random, strong" (sorted by name): both now name the bots as every help does,
    weakest first."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(argv) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["simulate", "--hands"], "--hands"),
        (["play", "--hands"], "--hands"),
        (["bot-match", "--hands"], "--hands"),
        (["arena", "--bots", "random,greedy", "--deals"], "--deals"),
        (["review", "g.jsonl", "--top"], "--top"),
    ],
)
def test_a_count_below_one_is_refused_in_the_same_words_by_every_command(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play --hands 0`` said "must be at least 1" (and ``--hands x`` "is not a number"),
    ``hkmj review --top 0`` "'0': expected a whole number of at least 1": every count now reads
    as ``hkmj simulate``'s."""
    command = argv[0]
    for value, said in (("0", "0 must be at least 1"), ("x", "'x' is not a whole number (digits 0-9)")):
        with pytest.raises(SystemExit):
            main([*argv, value])
        assert f"hkmj {command}: error: argument {option}: {said}" in capsys.readouterr().err


@pytest.mark.parametrize("lang_env", ["fr_FR.UTF-8", "C"])
def test_hkmj_alone_in_any_locale_prints_its_help(lang_env: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj`` typed alone, the first thing a newcomer tries: its help (exit 0). In a French
    locale it ended in an IndexError traceback (the French error set-up read the first word of
    an empty command line)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang_env)
    assert main([]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("utilisation\u00a0: hkmj" if lang_env.startswith("fr") else "usage: hkmj") and err == ""


_WRITERS = [
    (["simulate", "--hands", "1", "--quiet", "--record"], "the match", "la partie"),
    (["play", "--record"], "the match", "la partie"),
    (["review", "g.jsonl", "--quiet", "--html"], "the review", "l'analyse"),
    (["bot-match", "--hands", "1", "--quiet", "--log"], "the fault log", "le journal des fautes"),
    (["replay", "log.jsonl", "--quiet", "--record"], "the match", "la partie"),
    (["arena", "--bots", "random,greedy", "--deals", "1", "--quiet", "--plot"], "the rating plot", "la courbe des classements"),
]
"""Each command line that writes a new file, its option last, and what it saves there (EN, FR)."""


@pytest.mark.parametrize(("argv", "en", "fr"), _WRITERS)
def test_a_file_written_into_a_missing_folder_names_the_folder(
    argv: list[str], en: str, fr: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --record games/g.jsonl`` (``review --html``, ``bot-match --log``, ``arena --plot``) without a
    games folder said the system's "No such file or directory" of a file to create; every command
    now names the missing folder, EN and FR, exit 2, in the words of ``hkmj play --record``."""
    path = tmp_path / "games" / "out.x"
    command, option = argv[0], argv[-1]
    assert main([*argv, str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"hkmj {command}: {option} {path}: no folder '{path.parent}' to save {en} in; create it first, or give another path\n"
    assert main([*argv, str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err.replace("\u00a0", " ")
    assert err == f"hkmj {command} : {option} {path} : pas de dossier « {path.parent} » où enregistrer {fr} ; créez-le d'abord, ou donnez un autre chemin\n"
    assert not path.parent.exists()


@pytest.mark.parametrize(("argv", "en", "fr"), _WRITERS)
def test_a_folder_given_as_the_file_to_write_is_refused_before_any_work(
    argv: list[str], en: str, fr: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder given as the file to write: ``hkmj review g.jsonl --html games`` reviewed the whole
    match, printed it, then said the system's "cannot write games: Is a directory" (exit 2);
    ``arena --plot games`` said "unknown image format ''"; simulate and bot-match "Is a directory".
    Every command now refuses it first, naming a file to give instead, EN and FR, exit 2 (review
    and replay read no record: the one named here does not exist)."""
    folder = tmp_path / "games"
    folder.mkdir()
    command, option = argv[0], argv[-1]
    assert main([*argv, str(folder)]) == 2
    out, err = capsys.readouterr()
    name = {"the match": "game.jsonl", "the review": "review.html", "the fault log": "faults.log", "the rating plot": "ratings.png"}[en]
    assert out == "" and err == f"hkmj {command}: {option} {folder}: is a folder; give the file to save {en} in, e.g. {folder / name}\n"
    assert main([*argv, str(folder), "--lang", "fr"]) == 2
    err = capsys.readouterr().err.replace("\u00a0", " ")
    assert err == f"hkmj {command} : {option} {folder} : c'est un dossier ; donnez le fichier où enregistrer {fr}, par exemple {folder / name}\n"
    assert list(folder.iterdir()) == []


_UNREADABLE = {
    "missing": ("no such file", "fichier introuvable"),
    "folder": ("is a folder, not a record file", "c'est un dossier, pas un fichier d'enregistrement"),
    "unreadable": ("cannot read (Permission denied)", "lecture impossible (permission refusée)"),
    "binary": ("not a text file (a record is JSON Lines text, UTF-8)", "pas un fichier texte (un enregistrement est du texte JSON Lines, en UTF-8)"),
    "empty": ("the file is empty: it holds no match", "le fichier est vide, il ne contient aucune partie"),
}


@pytest.mark.parametrize("problem", list(_UNREADABLE))
@pytest.mark.parametrize(("command", "option"), [("replay", ""), ("review", ""), ("play", "--resume ")])
def test_an_input_file_that_cannot_be_read_is_named_in_the_same_words_by_every_command(
    problem: str, command: str, option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj replay``, ``review`` and ``play --resume`` each worded a missing, folder, unreadable,
    binary or empty input its own way (the system's "No such file or directory", "empty record",
    "holds no complete event" for a binary file); one function now says it, EN and FR, exit 2."""
    import errno

    from hkmj import oserror

    path = tmp_path / "g.jsonl"
    if problem == "folder":
        path.mkdir()
    elif problem == "binary":
        path.write_bytes(b"\xff\xfe\x00\n")
    elif problem in ("empty", "unreadable"):
        path.write_bytes(b"" if problem == "empty" else b'{"type": "match_start"}\n')
    if problem == "unreadable":  # the tests may run as root, who reads any file: the system refuses here
        def refuse(*args: object, **kwargs: object) -> None:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))

        monkeypatch.setattr(oserror, "open", refuse, raising=False)
    for lang, words in zip(("en", "fr"), _UNREADABLE[problem], strict=True):
        argv = [command, *option.split(), str(path), "--lang", lang]
        assert main(argv + (["--quiet"] if command != "play" else [])) == 2
        colon = " :" if lang == "fr" else ":"
        err = capsys.readouterr().err.replace("\u00a0", " ")
        assert err == f"hkmj {command}{colon} {option}{path}{colon} {words}\n"


@pytest.mark.parametrize(("lang", "output", "status"), [("en", "Output: a summary on stdout", "Exit status: 0 played; 2 "), ("fr", "Sortie\u00a0: un résumé", "Code de sortie\u00a0: 0 joué\u00a0; 2 ")])
def test_simulate_help_says_what_it_prints_and_its_exit_status(
    lang: str, output: str, status: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --help`` said only "summarise them": what the summary holds, where the
    progress goes and the exit statuses (2 for a --record file that exists, 130 on Ctrl+C) were
    in the README alone. The help says them, in English and in French."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["simulate", "--help", "--lang", lang])
    flat = joined(capsys.readouterr().out)
    assert output in flat and status in flat and "130 " in flat
    assert ("points per hand" if lang == "en" else "points par donne") in flat
    record = tmp_path / "g.jsonl"
    record.write_text("")
    assert main(["simulate", "--hands", "1", "--quiet", "--record", str(record), "--lang", lang]) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bot_match_and_arena_help_name_every_column_they_print_and_their_exit_status(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj arena --help`` never said what ``sigma`` or ``ordinal`` are, nor ``hkmj bot-match
    --help`` its ``late``, ``died`` and ``think`` columns (the README alone did), and neither
    said its exit statuses. Each help now names every column heading the command prints, in
    the help's language, and its exit statuses."""
    monkeypatch.setenv("COLUMNS", "80")
    status = "Exit status: 0 " if lang == "en" else "Code de sortie : 0 "
    for command, argv in (("bot-match", ["--bot", "random", "--hands", "1"]), ("arena", ["--bots", "random,greedy", "--deals", "1", "--plot", ""])):
        assert main([command, *argv, "--quiet", "--lang", lang]) == 0
        table = capsys.readouterr().out.splitlines()
        heading = table[1] if command == "bot-match" else table[0]
        columns = [c for c in re.split(r"\s{2,}|(?<=[\w.]) (?=\w)", heading.replace("95 %", "95\u00a0%").strip()) if c]
        with pytest.raises(SystemExit):
            main([command, "--help", "--lang", lang])
        flat = " ".join(capsys.readouterr().out.replace("\u00a0", " ").split())
        assert status in flat and "130 " in flat, command
        missing = [c for c in columns if c.replace("\u00a0", " ") not in flat and c not in ("player", "bot", "joueur", "robot")]
        assert not missing, (command, missing)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_review_help_says_its_exit_status(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj review --help`` said what it writes but not its exit status, which scripts test: it
    says 0 reviewed, 2 a file that is no record or a --seat that names nobody, 130 on Ctrl+C,
    in English and French; and a --seat that names nobody does exit 2."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["review", "--help", "--lang", lang])
    flat = " ".join(capsys.readouterr().out.replace("\u00a0", " ").split())
    assert ("Exit status: 0 reviewed; 2 " if lang == "en" else "Code de sortie : 0 analysé ; 2 ") in flat and "130 " in flat
    record = tmp_path / "g.jsonl"
    assert main(["simulate", "--hands", "1", "--quiet", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["review", str(record), "--seat", "Nobody", "--html", "-", "--lang", lang]) == 2
    assert "Nobody" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_play_help_says_its_exit_status(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj play --help`` said it needs a terminal but not what it does without one, nor its
    exit status: 0 when you leave or the match ends, 2 for a wrong command line, an existing
    --record file or no terminal; in English and French. An existing --record file exits 2."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", lang])
    flat = " ".join(capsys.readouterr().out.replace("\u00a0", " ").split())
    assert ("Exit status: 0 when you leave" if lang == "en" else "Code de sortie : 0 quand vous partez") in flat
    assert ("no terminal" if lang == "en" else "pas de terminal") in flat
    record = tmp_path / "g.jsonl"
    record.write_text("")
    assert main(["play", "--record", str(record), "--lang", lang]) == 2


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_serve_help_says_where_it_logs_and_its_exit_status(lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj serve --help`` said nothing of what it prints nor of its exit status: it says the
    log goes to stderr, 130 after Ctrl+C (143 after SIGTERM) and 2 when it cannot start, in English and French; and a
    --db it cannot use does exit 2, in one line."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["serve", "--help", "--lang", lang])
    flat = " ".join(capsys.readouterr().out.replace("\u00a0", " ").split())
    assert ("Exit status: 130 stopped by Ctrl+C, 143 by SIGTERM (a service stopped), 129 by SIGHUP; 2 it cannot start" if lang == "en" else "Code de sortie : 130 arrêté par Ctrl+C, 143 par SIGTERM (un service arrêté), 129 par SIGHUP ; 2 s'il ne peut pas démarrer") in flat
    assert ("logs on stderr" if lang == "en" else "journal sur la sortie d'erreur") in flat
    assert main(["serve", "--db", "bogus://x", "--lang", lang]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj play: --record {path}: cannot write the file (Permission denied); give another path"),
        ("fr", "hkmj play\u00a0: --record {path}\u00a0: impossible d'écrire le fichier (permission refusée)\u00a0; donnez un autre chemin"),
    ],
)
def test_a_record_file_the_system_refuses_is_said_in_the_tables_language(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play --lang fr --record FILE`` where the system refuses to create FILE printed
    "hkmj play: --record FILE: permission refusée": the French reason after English punctuation
    (every other French error of hkmj play reads "hkmj play : ... : ..."), and nothing about what
    to do. Both languages now say the file cannot be written and to give another path; exit 2."""
    import errno

    from hkmj import record

    path = tmp_path / "g.jsonl"

    def refuse(*args: object, **kwargs: object) -> None:  # the tests may run as root, who writes anywhere
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(record, "RecordWriter", refuse)
    assert main(["play", "--lang", lang, "--seed", "1", "--record", str(path)]) == 2
    assert capsys.readouterr().err == words.format(path=path) + "\n"


def test_the_answers_to_another_rulesets_flags_are_the_ones_docs_scoring_md_quotes(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/scoring.md, *Refused combinations*: a flag of another ruleset is status 1 (R-3). The
    page said every one was answered "unknown flag ... expected any of ..."; ``--flag heavenly
    --rules mcr`` and ``--flag final_discard --rules classical`` are answered with the rule that
    does not score them (MCR-5.5, CL-5.3). Each command the paragraph gives is run on the rules'
    worked example and prints the answer quoted next to it."""
    page = " ".join((ROOT / "docs" / "scoring.md").read_text(encoding="utf-8").split())
    paragraph = page[page.index("Flags of another ruleset") :].split("**Notation", 1)[0]
    quoted = re.findall(r"`(--flag [^`]+)`(?: under Hong Kong)?: \"([^\"]+)\"", paragraph)
    assert len(quoted) == 4, paragraph
    for options, answer in quoted:
        capsys.readouterr()
        argv = ["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", *options.split()]
        assert main(argv) == 1, options
        err = " ".join(capsys.readouterr().err.split())
        assert answer in err, (options, err)


_RUNS = {  # a command that streams its --record hand by hand, with arguments for a few hands
    "simulate": ["simulate", "--hands", "130", "--quiet"],
    "arena": ["arena", "--bots", "random,greedy", "--deals", "40", "--plot", "", "--quiet"],
}


@pytest.mark.parametrize("command", sorted(_RUNS))
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj {command}: --record {path}: cannot write the file (No space left on device); the unfinished record is deleted"),
        ("fr", "hkmj {command}\u00a0: --record {path}\u00a0: impossible d'écrire le fichier (plus de place sur le disque)\u00a0; "
         "l'enregistrement inachevé est supprimé"),
    ],
)
def test_simulate_record_on_a_full_disk_is_one_line_and_leaves_no_cut_file(
    command: str, lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --record FILE`` on a disk that fills up (a 64 KB tmpfs) died of an
    ``OSError: [Errno 28] No space left on device`` traceback, exit 1, and left FILE with its last
    line cut in the middle. Now one line says the file cannot be written and why (in the
    command's language), the unfinished record is deleted, exit 2 (R-9: a file that cannot be
    written is a status 2 of hkmj simulate, as its help says); ``hkmj arena --record`` the same."""
    import errno
    import os

    from hkmj import record

    pytest.importorskip("openskill")
    path = tmp_path / "g.jsonl"
    write_lines = record.RecordWriter.write_lines

    def fill(self: record.RecordWriter, lines: list[str]) -> None:
        if self.lines:  # the second hand's events meet a full disk, part of a line written
            self._f.write(lines[0][:10])
            self._f.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_lines(self, lines)

    monkeypatch.setattr(record.RecordWriter, "write_lines", fill)
    assert main([*_RUNS[command], "--lang", lang, "--record", str(path)]) == 2
    assert capsys.readouterr().err == words.format(command=command, path=path) + "\n"
    assert not path.exists()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj bot-match: --log {path}: cannot write the file (No space left on device); the unfinished fault log is deleted"),
        ("fr", "hkmj bot-match\u00a0: --log {path}\u00a0: impossible d'écrire le fichier (plus de place sur le disque)\u00a0; "
         "le journal des fautes inachevé est supprimé"),
    ],
)
def test_bot_match_log_on_a_full_disk_is_one_line_and_leaves_no_cut_file(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj bot-match --log FILE`` on a disk that fills up (a 64 KB tmpfs, a bot's faults
    logged) died of an ``OSError: [Errno 28] No space left on device`` traceback, exit 1, and
    left FILE cut. Now one line says the fault log cannot be written and why, in the command's
    language, the unfinished log is deleted, exit 2 (its help: "2 ... a --log file that cannot be
    written")."""
    import errno
    import os
    import sys

    from hkmj import research_commands

    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    path = tmp_path / "faults.log"

    class Full:
        """A log file on a disk with room for ten characters."""

        def __init__(self, name: str, *args: object, **kwargs: object) -> None:
            self._f = open(name, "w", encoding="utf-8")  # noqa: SIM115 - closed by close()

        def write(self, text: str) -> int:
            self._f.write(text[:10])
            self._f.flush()
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            pass

        def close(self) -> None:
            self._f.close()

    monkeypatch.setattr(research_commands, "open", Full, raising=False)
    argv = ["bot-match", "--bot", f"{sys.executable} {crash}", "--hands", "1", "--quiet", "--lang", lang, "--log", str(path)]
    assert main(argv) == 2
    assert capsys.readouterr().err == words.format(path=path) + "\n"
    assert not path.exists()


def test_arena_plot_on_a_full_disk_leaves_no_empty_image(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj arena --plot FILE`` on a full disk (a 64 KB tmpfs) said "cannot write FILE: No
    space left on device" but left FILE behind, an empty file no viewer opens. Now the file it
    created is deleted; the line and exit 2 are as before (its help: "2 ... a --plot file that
    cannot be written")."""
    import errno
    import os

    pytest.importorskip("openskill")
    pytest.importorskip("matplotlib")
    from hkmj import arena

    def full(self: object, path: str, lang: str = "en") -> None:
        Path(path).write_bytes(b"")  # matplotlib opened the file, then the disk was full
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(arena.ArenaResult, "plot", full)
    path = tmp_path / "ratings.png"
    assert main(["arena", "--bots", "random,greedy", "--deals", "1", "--quiet", "--plot", str(path)]) == 2
    assert capsys.readouterr().err == f"hkmj arena: cannot write {path}: No space left on device\n"
    assert not path.exists()


def test_replay_record_on_a_full_disk_leaves_no_cut_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj replay LOG --record FILE`` (a server table's log export written as a record) on a
    full disk said "cannot write FILE: No space left on device" but left FILE behind with its
    last line cut, a record that replays as "cut in the middle of a write (a crash)". Now the
    file it created is deleted; the line is as before (exit 2 by its caller)."""
    import errno
    import os

    from hkmj import record
    from hkmj.cli import _write_record

    def full(self: record.RecordWriter, events: object) -> None:
        self._f.write('{"type":"match_st')
        self._f.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(record.RecordWriter, "write", full)
    path = tmp_path / "t.jsonl"
    assert _write_record(str(path), [{"type": "match_start", "_line": 1}]) is False
    assert capsys.readouterr().err == f"hkmj replay: cannot write {path}: No space left on device\n"
    assert not path.exists()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["score", "234s567p88m111z777z", "--win", "1z"],
         "hkmj score: cannot write (No space left on device); free some space, or write the output elsewhere"),
        (["simulate", "--hands", "1", "--quiet", "--lang", "fr"],
         "hkmj simulate\u00a0: écriture impossible (plus de place sur le disque)\u00a0; libérez de la place, ou écrivez la sortie ailleurs"),
    ],
)
def test_output_sent_to_a_full_disk_is_one_line(
    argv: list[str], words: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj score ... > FILE`` (or any command) with FILE on a full disk (a 64 KB tmpfs,
    /dev/full) died of an ``OSError: [Errno 28] No space left on device`` traceback, exit 1.
    Now one line says the output cannot be written and why, in the command's language, exit 2."""
    import errno
    import os
    import sys

    class Full:
        """Standard output redirected to a full disk."""

        def write(self, text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            pass

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(argv) == 2
    assert capsys.readouterr().err == words + "\n"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj play: draws the table on standard error, which is a file or a pipe here (2> …), so nothing would show"),
        ("fr", "hkmj play\u00a0: dessine la table sur la sortie d'erreur, qui est ici un fichier ou un tube (2> …)"),
    ],
)
def test_play_with_standard_error_redirected_says_so_instead_of_drawing_into_the_file(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play 2> errors.txt`` at a terminal: Textual draws on standard error, so the whole
    table went into the file, the terminal stayed blank and the game seemed to hang; now it says
    why, exits 2 and leaves no empty record behind (as with no terminal at all)."""
    import io

    from hkmj.tui import command

    class _Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", _Tty())
    monkeypatch.setattr("sys.stdout", _Tty())
    monkeypatch.setattr("sys.__stderr__", io.StringIO())  # 2> errors.txt
    monkeypatch.setattr(command, "play", lambda table: 99)  # the match would start here
    record = tmp_path / "m.jsonl"
    assert main(["play", "--seed", "1", "--lang", lang, "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and "Traceback" not in err
    assert not record.exists()


@pytest.mark.parametrize("command", sorted(_RUNS))
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "the file (or its folder) was removed while the hands were played; the record is lost"),
        ("fr", "le fichier (ou son dossier) a été supprimé pendant les donnes\u00a0; l'enregistrement est perdu"),
    ],
)
def test_simulate_record_removed_while_it_runs_is_not_reported_as_saved(
    command: str, lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --record runs/r.jsonl`` with ``runs`` removed while it played (a cleanup
    script, an ``rm -r``): the writes went to the removed file, and it still ended with
    ``record: runs/r.jsonl (N events)``, exit 0, for a file that was nowhere. Now it says the
    record is lost and exits 2; ``hkmj arena --record`` the same, in French too (it said it in
    English, of "deals")."""
    from hkmj.record import RecordWriter

    pytest.importorskip("openskill")

    write_lines = RecordWriter.write_lines

    def write_then_removed(self: RecordWriter, lines: list[str]) -> None:
        write_lines(self, lines)
        self.path.unlink(missing_ok=True)

    monkeypatch.setattr(RecordWriter, "write_lines", write_then_removed)
    record = tmp_path / "r.jsonl"
    assert main([*_RUNS[command], "--lang", lang, "--record", str(record)]) == 2
    out, err = capsys.readouterr()
    assert words in err.replace("\u00a0;", "\u00a0;") and "record:" not in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--hands", "1", "--quiet"], "hkmj simulate: --record {p}: not a regular file (a device, a pipe or a terminal)"),
        (["simulate", "--hands", "1", "--quiet", "--lang", "fr"], "hkmj simulate\u00a0: --record {p}\u00a0: pas un fichier ordinaire (un périphérique"),
        (["play", "--seed", "1"], "hkmj play: --record {p}: not a regular file (a device, a pipe or a terminal)"),
        (["play", "--seed", "1", "--lang", "fr"], "hkmj play\u00a0: --record {p}\u00a0: pas un fichier ordinaire (un périphérique"),
    ],
)
@pytest.mark.parametrize("kind", ["device", "pipe"])
def test_record_to_a_device_or_a_pipe_is_not_told_to_delete_it(
    argv: list[str], said: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--record /dev/null`` or ``--record >(gzip > r.gz)`` (a pipe, /dev/fd/63) was refused with
    'this file already exists; give another name, or delete the file first': advice to delete
    /dev/null. Now it says it is no regular file and asks for a file name; nothing is touched."""
    import os
    import stat

    if kind == "pipe":
        where = tmp_path / "fifo"
        os.mkfifo(where)
    else:
        where = Path(os.devnull)
    assert main([*argv, "--record", str(where)]) == 2
    err = capsys.readouterr().err
    assert said.format(p=where) in err and "delete" not in err and "supprimez" not in err
    assert stat.S_ISFIFO(where.stat().st_mode) if kind == "pipe" else stat.S_ISCHR(where.stat().st_mode)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "hkmj bot-match: --log {path}: the file (or its folder) was removed while the hands were played; the fault log is lost"),
        ("fr", "hkmj bot-match\u00a0: --log {path}\u00a0: le fichier (ou son dossier) a été supprimé pendant les donnes\u00a0; "
         "le journal des fautes est perdu"),
    ],
)
def test_bot_match_log_removed_while_it_runs_is_not_a_silent_loss(
    lang: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj bot-match --log runs/faults.log`` with ``runs`` removed while it played (a cleanup
    script, an ``rm -r``): the faults went to the removed file and the match ended with exit 0, as
    if the log were written. Now it says the fault log is lost and exits 2, as ``simulate
    --record`` does; the match's table is still printed."""
    import shutil

    from hkmj import botmatch

    play_bot_match = botmatch.play_bot_match
    runs = tmp_path / "runs"
    runs.mkdir()

    def play_then_removed(*args: object, **kwargs: object) -> object:
        report = play_bot_match(*args, **kwargs)
        shutil.rmtree(runs)
        return report

    monkeypatch.setattr(botmatch, "play_bot_match", play_then_removed)
    path = runs / "faults.log"
    assert main(["bot-match", "--hands", "1", "--quiet", "--lang", lang, "--log", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.replace("\u00a0;", "\u00a0;").replace("\u00a0:", "\u00a0:") == words.format(path=path) + "\n"
    assert out.startswith("hkmj bot-match")


SCORING_MD_QUOTES = [
    # (the command line's words after the hand, the answer docs/scoring.md quotes, its exit status)
    (["1111m22p33p44s55s66z", "--win", "6z"], "seven pairs are seven distinct pairs, and 1m is held four times (HK-5.3)", 1),
    (["234s567p88m111z", "--meld", "pung 777z", "--win", "7z", "--from", "W"],
     "--win 7z is not in the concealed hand 88m567p234s111z: the group it completes is written in the hand, not as the meld 'pung 777z'", 1),
    (["234s567p88m1111z777z", "--win", "7z", "--from", "W"], ": 1111z is a kong, given with --meld 'kong 1111z' or as 'ckong 1111z' when declared concealed", 1),
    (["234s567p88m111z777z", "--win", "1z", "--flag", "last_wall_tile", "--flag", "last_wall_tile"], "--flag last_wall_tile is given twice (give it once)", 1),
    (["234s567p88m111z777z", "--win", "1z", "--flower", "2", "--flower", "2"],
     "--flower 2 --flower 2: flower 2 is given twice: there is one tile of each, give it once", 1),
    (["234s567p88m111Z777z", "--win", "1z"], "suit letters are lowercase: write '1", 1),
    (["234s567p88mE11z777z", "--win", "1z"], "write the East wind as 1z (winds 1z-4z, dragons 5z-7z)", 1),
    (["234s567p88m111z777z", "--win", "S3"], "write Season 3 (Autumn) as 7f", 1),
    (["234s567p88m111z777z", "--win", "🀄"], "write the Red dragon as 7z", 1),
    (["234s567p88m111z", "--meld", "pong 999m", "--win", "1z"], "write it 'pung 999m'", 1),
    (["234s567p88m111z", "--meld", "PUNG 999m", "--win", "1z"], "write it 'pung 999m'", 1),
    (["234s567p88m", "--meld", "pung 777z, chow 123m", "--win", "1z"], "2 groups in one meld: give them one by one: 'pung 777z' then 'chow 123m'", 1),
    (["234s567p88m111z777z", "--win", "1z", "--season", "7f"], "is season 3: give its number only, --season 3", 2),
    (["234s567p88m111z777z", "--win", "1z", "--flower", "5f"], "is a season: give it with --season 1", 2),
    (["234s567p88m111z777z", "--win", "1z", "--from", "3z"], "a tile: write the West wind as W", 2),
    (["234s 567p, 88m111z777z", "--win", "1z"], "',': unexpected character ',': separate tiles with spaces, e.g. '234s 567p'", 1),
    (["234s567p88m111z777z", "--win", "７z"], "unexpected character", 1),
    (["234s567p88m111z777z1f", "--win", "1z"], "1f is a bonus tile: give it with --flower 1", 1),
    (["88m111z pung 777z", "--win", "1z"], "'pung 777z' is a declared group: give it with --meld 'pung 777z'", 1),
    (["11112m234p567p99s", "--win", "2m", "--meld", "chow 135p"], "a chow is three consecutive tiles of one suit (HK-4.2, HK-5.2)", 1),
    (["11111m234p567p999s", "--win", "1m", "--lang", "fr"],
     "Main gagnante non valable\u00a0: 5 exemplaires de 1m\u00a0: il n'y a que quatre exemplaires de chaque tuile (HK-1)", 1),
    (["234s567p88m111z777z", "--win", "1z", "--seat", "S", "--seat", "W", "--lang", "fr"],
     "hkmj score\u00a0: erreur\u00a0: argument --seat\u00a0: donné deux fois (donnez-le une seule fois)", 2),
    (["234s567p88m123m777z", "--win", "1m", "--from", "W", "--seat", "S", "--option", "minfan=3"],
     "Not a winning hand under these rules: 2 fan: this table needs at least 3 fan to win (house option minfan)", 1),
]


@pytest.mark.parametrize(("argv", "quoted", "status"), SCORING_MD_QUOTES, ids=[" ".join(a) for a, _, _ in SCORING_MD_QUOTES])
def test_the_answers_docs_scoring_md_quotes_are_what_hkmj_score_prints(
    argv: list[str], quoted: str, status: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scoring.md quotes hkmj score's answers to what a person copying a physical hand types
    wrong (notation, melds, bonus tiles, kongs left in the hand, options given twice; R-9, HK-1,
    HK-5): each quote is on the page, and the command line it describes prints it, with the
    status of the page's *Exit status* table (1 a hand, 2 a command line)."""
    page = joined((ROOT / "docs" / "scoring.md").read_text(encoding="utf-8"))
    assert quoted in page, f"docs/scoring.md no longer quotes {quoted!r}"
    monkeypatch.setenv("COLUMNS", "200")
    capsys.readouterr()
    code: object
    try:
        code = main(["score", *argv])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    printed = capsys.readouterr()
    said = joined(printed.out + printed.err)
    assert quoted in said and code == status and "Traceback" not in said, (code, said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_help_names_a_library_the_user_never_installed_by_name(lang: str) -> None:
    """``hkmj --help`` and every command's, as a new user runs them (real processes, 80 columns):
    the command list said ``play … in the terminal (Textual)`` and ``hkmj serve --help`` "the
    server's log, uvicorn's, stays English": names of libraries hkmj uses inside, which tell a
    player nothing. The helps now say what the user sees (the terminal; the server's log) only."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "COLUMNS": "80"}
    for command in ([], *([name] for name in _subcommands() if name != "hkmj")):
        done = subprocess.run(
            [sys.executable, "-m", "hkmj", *command, "--help", "--lang", lang], env=env, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, (command, done.stderr)
        for name in ("Textual", "uvicorn", "Starlette", "SQLAlchemy", "Alembic"):
            assert name.lower() not in done.stdout.lower(), (command, name)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Not a valid winning hand: --win '9m,1m': '9m,1m': expected one tile, got 2\n"),
        ("fr", "Main gagnante non valable\u00a0: --win «\u00a09m,1m\u00a0»\u00a0: «\u00a09m,1m\u00a0»\u00a0: une seule tuile attendue, 2 données\n"),
    ],
)
def test_hk1_4_two_winning_tiles_in_a_list_are_counted_not_taught_how_to_write_a_list(lang: str, said: str) -> None:
    """HK-1.4: ``hkmj score … --win 9m,1m`` (a real process, as typed) said "',': unexpected
    character ',': separate tiles with spaces, e.g. '234s 567p'": the advice for a hand, and
    wrong for --win, which takes one tile (``--win '9m 1m'`` is refused in turn). It now says
    --win expects one tile and got two; a hand pasted with commas keeps its advice."""
    import subprocess
    import sys

    def score(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hkmj", "score", *argv, "--lang", lang], capture_output=True, text=True, timeout=60, check=False)

    done = score("123m456p789s11z999m", "--win", "9m,1m")
    assert (done.returncode, done.stdout + done.stderr) == (1, said)
    done = score("234s 567p, 88m111z777z", "--win", "1z")
    assert done.returncode == 1 and ("separate tiles with spaces" if lang == "en" else "séparez les tuiles par des espaces") in done.stdout + done.stderr


class _FullDisk(io.StringIO):
    """A standard output on a full disk (``> /dev/full``): every write fails with ENOSPC."""

    def write(self, text: str) -> int:
        import errno
        import os

        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--help"], "hkmj: cannot write (No space left on device); free some space, or write the output elsewhere"),
        (["--version"], "hkmj: cannot write (No space left on device); free some space, or write the output elsewhere"),
        ([], "hkmj: cannot write (No space left on device); free some space, or write the output elsewhere"),
        (["score", "--help"], "hkmj score: cannot write (No space left on device); free some space, or write the output elsewhere"),
        (["replay", "--help", "--lang", "fr"],
         "hkmj replay\u00a0: écriture impossible (plus de place sur le disque)\u00a0; libérez de la place, ou écrivez la sortie ailleurs"),
    ],
)
def test_a_help_or_version_written_to_a_full_disk_says_so_with_status_2(
    argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj --help > /dev/full`` (and ``--version``, a command's ``--help``, ``hkmj`` alone) wrote
    nothing and exited 0: argparse drops an ``OSError`` of its messages, so the help was lost without
    a word, where every command says "cannot write ... free some space" with status 2 (its help:
    "2 also when the answer cannot be written (a full disk)"). Now the help says it too."""
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    assert main(argv) == 2
    assert capsys.readouterr().err == said + "\n"
