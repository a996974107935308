"""The ``hkmj score`` human interface (HK-6 output, languages, clear errors)."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hkmj.cli import main


def test_score_human_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "Dragon pung" in out and "Prevailing wind pung" in out
    assert "Base points (HK-6)                   8" in out
    assert "S    +32  winner" in out and "W    -16  discarder" in out


@pytest.mark.parametrize(
    ("lang", "option", "line", "old"),
    [
        ("en", "payment=seed", "  N    -16  robbed kong, pays as the discarder (HK-4.10)", "discarder"),
        ("fr", "payment=seed", "  N    -16  kong volé, paie comme le défausseur (HK-4.10)", "défausseur"),
        ("en", "payment=half-shooter", "  N    -32  robbed kong, pays as the discarder (HK-4.10)", "discarder"),
        ("fr", "payment=half-shooter", "  N    -32  kong volé, paie comme le défausseur (HK-4.10)", "défausseur"),
    ],
)
def test_hk_4_10_the_robbed_player_is_labelled_robbed_kong_not_discarder(
    lang: str, option: str, line: str, old: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-4.10: East wins by robbing North's added kong of 9 Bamboo. North discarded nothing, yet the
    payment table labelled it "discarder", and a scorer read it as a win on a discard; it says the
    kong was robbed and that North pays as the discarder (HK-6, or the half-shooter house option)."""
    hand = ["score", "123m456p789s11z", "--meld", "pung 777z", "--win", "9s", "--from", "N", "--robbed"]
    assert main([*hand, "--option", option, "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert line in lines and f"  N    -16  {old}" not in lines and f"  N    -32  {old}" not in lines
    assert max(len(x) for x in lines) <= 80


@pytest.mark.parametrize(
    ("lang", "robbed", "lines"),
    [
        ("en", True, ["  E    +48  winner", "  S     -8", "  W     -8", "  N    -32  robbed kong, pays as the discarder (MCR-8.2)"]),
        ("fr", True, ["  E    +48  gagnant", "  S     -8", "  O     -8", "  N    -32  kong volé, paie comme le défausseur (MCR-8.2)"]),
        ("en", False, ["  E    +40  winner", "  S     -8", "  W     -8", "  N    -24  discarder"]),
        ("fr", False, ["  E    +40  gagnant", "  S     -8", "  O     -8", "  N    -24  défausseur"]),
    ],
)
def test_mcr_8_2_payments_name_the_winner_the_discarder_and_the_robbed_player(
    lang: str, robbed: bool, lines: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """MCR-8.2: the MCR payment table gave four bare figures, so a scorer could not tell who had
    won or who paid as the discarder; it labels them as the Hong Kong table does, and on a robbed
    kong (MCR-6.43) says the robbed player pays as the discarder (the ruling of MCR-8.2)."""
    hand = ["score", "123m456p789s11z", "--meld", "pung 777z", "--win", "9s", "--from", "N", "--rules", "mcr", "--lang", lang]
    assert main([*hand, "--robbed"] if robbed else hand) == 0
    assert capsys.readouterr().out.splitlines()[-4:] == lines

@pytest.mark.parametrize(
    ("lang", "note"),
    [("en", "(no scoring element: a hand worth 0 fan still wins, HK-6)"), ("fr", "(aucun élément ne compte\u00a0: une main à 0 fan gagne quand même, HK-6)")],
)
def test_hk_6_a_zero_fan_win_says_no_element_counts(lang: str, note: str, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6 has no minimum: chows, a pung of 5 Bamboo and a pair, won on a discard with Flower 2 at
    East's seat, score nothing. The table printed two rules with nothing between them; it now says
    that no element counts and that the hand still wins (not under a house minimum, which refuses it)."""
    hand = ["score", "123m456p789s555s11p", "--win", "5s", "--from", "W", "--flower", "2", "--lang", lang]
    assert main(hand) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == note and lines[3] == "-" * 38 and lines[4].split()[-1] == "0"
    assert main([*hand, "--option", "minfan=1"]) == 1
    assert note not in capsys.readouterr().out


def test_score_french_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Pung de Dragon" in out and "gagnant" in out


def test_score_french_west_is_o(capsys: pytest.CaptureFixture[str]) -> None:
    """In French the West wind reads O (Ouest), in the payments and as --from; French spacing before ':'."""
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--from", "O", "--seat", "S", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "  O    -16  défausseur" in out and "2 × la base, les autres 1 ×)\u00a0:\n" in out and "  W " not in out


def test_score_limit_and_melds(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "score",
                "11m",
                "--meld",
                "pung 555z",
                "--meld",
                "pung 666z",
                "--meld",
                "kong 7777z",
                "--meld",
                "chow 123p",
                "--win",
                "1m",
                "--from",
                "N",
                "--json",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert '"limit": "Big three dragons"' in out and '"base": 64' in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "8x", "--win", "1z"], "unknown suit 'x'"),
        (["score", "11111m234p567s999s", "--win", "1m"], "5 copies of 1m"),
        (["score", "234s567p88m111z77z1p", "--win", "1z"], "no valid reading"),
        (["score", "234s567p88m111z777z", "--win", "10m"], "--win '10m'"),
        (["score", "234s567p88m111z777z", "--win", "5m"], "--win 5m is not in the concealed hand"),
        (["score", "234s567p88m111z777z", "--win", "1z", "--flower", "7"], "--flower 7: flowers are numbered 1-4, one tile of each, e.g. --flower 2"),
        (["score", "234s567p88m111z777z", "--win", "1z", "--meld", "pong 555m"], "--meld 'pong 555m': write it 'pung 555m'"),
    ],
)
def test_score_bad_input_is_a_clear_error(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_console_script_help() -> None:
    out = subprocess.run([sys.executable, "-m", "hkmj.cli", "score", "--help"], capture_output=True, text=True, check=True)
    assert "Notation (HK-1.4)" in out.stdout


def test_score_start_up_imports_neither_server_nor_terminal_client() -> None:
    """Issue 8 (speed): ``hkmj score`` registers only its own subcommand, so the JSON-lines
    path does not pay for importing the server, Textual or the bots at start-up."""

    code = (
        "import io, sys\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(b''))\n"
        "from hkmj.cli import main\n"
        "assert main(['score']) == 0\n"
        "print(sorted(m for m in ('sqlalchemy', 'starlette', 'textual', 'hkmj.bots', 'hkmj.server.app') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- release audit: every command's --help is correct and teaches


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    from hkmj.cli import build_parser

    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_help_describes_the_command_before_its_options() -> None:
    for name, sub in _subparsers().items():
        assert sub.description, f"hkmj {name} --help starts with no description"


def test_help_names_every_ruleset_not_hong_kong_alone() -> None:
    """Issue 11: three rulesets; the top-level, play, score and serve helps say so."""
    from hkmj.cli import build_parser

    helps = {"hkmj": build_parser().format_help(), **{n: p.format_help() for n, p in _subparsers().items()}}
    for name in ("hkmj", "play", "score", "serve"):
        text = " ".join(helps[name].split())
        assert "MCR" in text and "classical" in text, f"{name} --help names only Hong Kong"


def test_help_lists_every_built_in_bot() -> None:
    """Issue 14: the expert bot is chosen by name wherever built-in bots are."""
    from hkmj.bots import BOTS

    subs = _subparsers()
    for name in ("play", "bot-match", "arena", "simulate"):
        text = " ".join(subs[name].format_help().split())
        missing = [b for b in BOTS if b not in text]
        assert not missing, f"hkmj {name} --help does not list {missing}"


def test_score_robbed_without_from_says_what_the_command_line_needs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--robbed"]) == 2
    err = capsys.readouterr().err
    assert "--robbed needs --from" in err and "field" not in err


def test_score_given_a_file_or_a_folder_says_it_is_no_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj score requests.jsonl`` (a newcomer's guess at the JSON-lines interface, R-9) read the
    file's name as tiles: "Not a valid winning hand: hand 'requests.jsonl': 'r': unknown suit 'r'",
    exit 1. A file or a folder named as the hand is now a usage error (exit 2) that says so, and
    for a file the line that scores its requests, EN and FR (a shell's quotes kept as typed)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my requests.jsonl").write_text("{}\n")
    (tmp_path / "games").mkdir()
    assert main(["score", "my requests.jsonl"]) == 2
    assert capsys.readouterr().err == (
        "hkmj score: 'my requests.jsonl' is a file, not a hand (tiles such as 234s567p88m111z777z); "
        "to score the JSON requests it holds, one a line: hkmj score < 'my requests.jsonl'\n"
    )
    assert main(["score", "my requests.jsonl", "--win", "1z", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (
        "hkmj score\u00a0: «\u00a0my requests.jsonl\u00a0» est un fichier, pas une main (des tuiles comme 234s567p88m111z777z)\u00a0; "
        "pour compter les requêtes JSON qu'il contient, une par ligne\u00a0: hkmj score < 'my requests.jsonl'\n"
    )
    assert main(["score", "games", "--win", "1z"]) == 2
    assert capsys.readouterr().err == "hkmj score: 'games' is a folder, not a hand (tiles such as 234s567p88m111z777z)\n"
    assert main(["score", "games", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "hkmj score\u00a0: «\u00a0games\u00a0» est un dossier, pas une main (des tuiles comme 234s567p88m111z777z)\n"
    (tmp_path / "123m").write_text("")
    assert main(["score", "123m", "--win", "3m"]) == 1  # a hand that is also a file's name is a hand
    assert "hand has 3 concealed tiles" in capsys.readouterr().err


def test_every_help_line_fits_an_80_column_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new user at an 80×24 terminal (docs/play.md): no --help line wraps mid-word."""
    from hkmj.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    helps = {"hkmj": build_parser().format_help(), **{n: p.format_help() for n, p in _subparsers().items()}}
    for name, text in helps.items():
        wide = [line for line in text.splitlines() if len(line) > 80]
        assert not wide, f"hkmj {name} --help: {wide[0]!r}"


def test_score_with_no_hand_at_a_terminal_says_it_reads_json_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A new user typing ``hkmj score`` alone is told what the silent command waits for."""
    import io

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr("sys.stdin", Terminal(""))
    assert main(["score"]) == 0
    err = capsys.readouterr().err
    assert "one JSON request per line" in err and "hkmj score --help" in err
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a pipe: nothing on stderr
    assert main(["score"]) == 0
    assert capsys.readouterr().err == ""


def test_score_mcr_french_west_is_o_as_under_hong_kong(capsys: pytest.CaptureFixture[str]) -> None:
    """--lang fr: the West wind reads O (Ouest) in MCR payments too, as the Hong Kong table writes it."""
    assert main(["score", "123m456p789s11z999m", "--win", "9m", "--from", "O", "--seat", "S", "--rules", "mcr", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "  O " in out and "  W " not in out


def test_score_french_hk_minfan_reason_is_french(capsys: pytest.CaptureFixture[str]) -> None:
    """--lang fr under house option minfan=3 (docs/house-options.md): a 1-fan hand is refused in
    French from its figures, not with the ruleset's English reason."""
    argv = ["score", "123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S", "--option", "minfan=3"]
    assert main([*argv, "--lang", "fr"]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        "Pas une main gagnante selon ces règles\u00a0: 1 fan\u00a0: cette table exige au moins 3 fans pour gagner (option de la maison minfan)"
    )
    assert "needs" not in out and "house option" not in out


def test_score_mcr_french_payments_heading_has_the_french_colon(capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-8 payments in French: « Paiements (MCR-8) : », with the space French puts before a colon."""
    assert main(["score", "456789m55m", "--win", "4m", "--from", "S", "--meld", "chow 123m", "--meld", "pung 222z", "--rules", "mcr", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "\nPaiements (MCR-8)\u00a0:\n" in out


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_a_wind_typed_as_a_word_is_that_wind(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--from west --seat south`` (what a newcomer types) was "Not a valid winning hand:
    --from 'west': expected a wind E, S, W or N"; a wind's name in English or French, in any case,
    is its letter (``O``/``Ouest`` is West), and the result is the letters' own."""
    hand = {"hk": ["234s567p88m111z777z"], "mcr": ["456789m55m", "--meld", "chow 123m", "--meld", "pung 222z"],
            "classical": ["88m567p234s111z", "--meld", "pung 777z"]}[rules]
    win = "4m" if rules == "mcr" else "1z"
    printed = []
    for words in (["--from", "W", "--seat", "S", "--prevailing", "E"], ["--from", "west", "--seat", "South", "--prevailing", "est"],
                  ["--from", "Ouest", "--seat", "s", "--prevailing", "EAST"]):
        assert main(["score", *hand, "--win", win, "--rules", rules, *words]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1] == printed[2] and printed[0]
    assert main(["score", *hand, "--win", win, "--rules", rules, "--from", "westward"]) == 2  # a bad option value: exit 2
    assert "hkmj score: --from 'westward': expected a wind" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "--bogus"], "hkmj play\u00a0: erreur\u00a0: arguments non reconnus\u00a0: --bogus"),
        (["play", "--hands", "x"], "hkmj play\u00a0: erreur\u00a0: argument --hands\u00a0: «\u00a0x\u00a0» n'est pas un nombre entier (chiffres 0-9)"),
        (["play", "--hands", "0"], "hkmj play\u00a0: erreur\u00a0: argument --hands\u00a0: 0 doit valoir au moins 1"),
        (["play", "--delay", "99"], "hkmj play\u00a0: erreur\u00a0: argument --delay\u00a0: doit être entre 0 et 10 secondes"),
        (["play", "--delay", "x"], "hkmj play\u00a0: erreur\u00a0: argument --delay\u00a0: «\u00a0x\u00a0» n'est pas un nombre de secondes"),
        (["play", "--round", "--hands", "2"], "hkmj play\u00a0: erreur\u00a0: argument --hands\u00a0: impossible avec l'argument --round"),
        (["play", "--seed", "x"], "hkmj play\u00a0: erreur\u00a0: argument --seed\u00a0: «\u00a0x\u00a0» n'est pas un nombre entier (chiffres 0-9)"),
        (["play", "--option"], "hkmj play\u00a0: erreur\u00a0: argument --option\u00a0: une valeur est attendue"),
        (["replay"], "hkmj replay\u00a0: erreur\u00a0: arguments obligatoires manquants\u00a0: fichier"),
        (["replay", "g.jsonl", "--bogus"], "hkmj replay\u00a0: erreur\u00a0: arguments non reconnus\u00a0: --bogus"),
        (["review"], "hkmj review\u00a0: erreur\u00a0: arguments obligatoires manquants\u00a0: PARTIE"),
        (["review", "g.jsonl", "--top", "0"], "hkmj review\u00a0: erreur\u00a0: argument --top\u00a0: 0 doit valoir au moins 1"),
    ],
)
def test_every_command_with_lang_says_its_usage_errors_in_french(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse's own errors follow ``--lang fr`` in every command that takes it (as ``hkmj score``
    does), wherever ``--lang`` is on the line; without it they stay English."""
    for words in ([*argv, "--lang", "fr"], [argv[0], "--lang=fr", *argv[1:]]):
        with pytest.raises(SystemExit) as stop:
            main(words)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"utilisation\u00a0: hkmj {argv[0]}"), err
        assert err.strip().splitlines()[-1] == said
    with pytest.raises(SystemExit):
        main(argv)
    err = capsys.readouterr().err
    assert err.startswith(f"usage: hkmj {argv[0]}") and f"hkmj {argv[0]}: error: " in err


def test_spaces_around_a_typed_number_are_ignored_and_inside_it_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-1.4 Ruling: every number typed on the command line is read alike (``hkmj.tiles.ascii_int``):
    spaces around it are ignored, as around tiles (``--flower " 1"`` is flower 1, as are
    ``--season "2 "`` season 2 and ``--option "limit= 10"`` the limit 10), while a space inside a
    number, a sign other than ``-`` or a full-width digit is refused by name."""

    def scored(*extra: str) -> str:
        assert main(["score", "234s567p88m111z777z", "--win", "1z", "--json", *extra]) == 0
        return capsys.readouterr().out

    assert scored("--flower", " 1") == scored("--flower", "1") != scored()
    assert scored("--season", "2 ") == scored("--season", "2")
    assert scored("--option", "limit= 10 ") == scored("--option", "limit=10")
    for bad in ("1 2", "+1", "１"):
        with pytest.raises(SystemExit) as exited:  # argparse's usage error
            main(["score", "234s567p88m111z777z", "--win", "1z", "--flower", bad])
        assert exited.value.code == 2
        assert f"argument --flower: {bad!r} is not a whole number (digits 0-9)" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_typed_number_of_thousands_of_digits_is_refused_by_name_not_a_traceback(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-1.4 Ruling, HK-6: ``--option base=`` or ``--seed`` with 5000 nines stopped with a ValueError traceback
    (Python's int() refuses more than 4300 digits); the option is now out of its range and the seed too long,
    each said in one line, in English and French; 5000 zeros then a 3 read as 3."""
    nines = "9" * 5000
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--lang", lang, "--option", f"base={nines}"]) != 0
    err = capsys.readouterr().err
    assert len(err) < 300 and "option base=9999999" in err and "..." in err, err[:300]
    assert ("de 1 à 1000" if lang == "fr" else "1-1000") in err
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--json", "--option", f"base={'0' * 5000}3"]) == 0
    zeros = capsys.readouterr().out
    assert main(["score", "234s567p88m111z777z", "--win", "1z", "--json", "--option", "base=3"]) == 0
    assert zeros == capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["simulate", "--hands", "1", "--lang", lang, "--seed", nines])
    err = capsys.readouterr().err
    said = "argument --seed\u00a0: «\u00a09999" if lang == "fr" else "argument --seed: '9999"  # French quotes a cut value too
    assert exited.value.code == 2 and said in err and len(err) < 1000
    assert ("a plus de 4000 chiffres" if lang == "fr" else "has more than 4000 digits") in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_score_help_names_the_rulesets_each_flag_belongs_to(lang: str) -> None:
    """CL-5.3 has no double for a win on a kong replacement or the final discard, and the classical
    game refuses those flags; ``hkmj score --help`` listed them beside last_wall_tile as if every
    ruleset took them. Each flag is named with the rulesets that take it, in both languages."""
    from hkmj.cli import build_parser
    from hkmj.scoring.classical import CLASSICAL_FLAGS
    from hkmj.scoring.mcr import MCR_FLAGS
    from hkmj.scoring.model import FLAGS

    parser = build_parser(lang=lang)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    text = next(a.help for a in sub.choices["score"]._actions if "--flag" in a.option_strings)
    assert text is not None
    names = {"every ruleset": {"hk", "mcr", "classical"}, "toutes les règles": {"hk", "mcr", "classical"}, "Hong Kong": {"hk"}, "MCR": {"mcr"}}
    said: dict[str, set[str]] = {"hk": set(), "mcr": set(), "classical": set()}
    for part in text.split(":", 1)[1].split(";"):
        m = re.fullmatch(r"\s*([\w ]+?) \(([^)]+)\)\s*", part)
        assert m, part
        rules = set().union(*(names[r.strip()] for r in m[2].split(",")))
        for flag in re.split(r" and | et ", m[1]):
            for r in rules:
                said[r].add(flag)
    assert said == {"hk": set(FLAGS), "mcr": set(MCR_FLAGS), "classical": set(CLASSICAL_FLAGS)}


@pytest.mark.parametrize(
    ("argv", "english", "french"),
    [
        (["123m456p789s555s11p", "--win", "5s", "--from", "W", "--flower", "2", "--option", "minfan=1"],
         "0 fan: this table needs at least 1 fan to win (house option minfan)",
         "0 fan\u00a0: cette table exige au moins 1 fan pour gagner (option de la maison minfan)"),
        (["123m456p789s11z999m", "--win", "9m", "--from", "W", "--seat", "S", "--option", "minfan=3"],
         "1 fan: this table needs at least 3 fan to win (house option minfan)",
         "1 fan\u00a0: cette table exige au moins 3 fans pour gagner (option de la maison minfan)"),
        (["123m456p55z", "--meld", "kong 7777s", "--meld", "kong 9999m", "--win", "5z", "--from", "W", "--seat", "S", "--rules", "mcr"],
         "6 points without flowers: MCR needs at least 8 to win (MCR-5.1)",
         "6 points sans les fleurs\u00a0: le MCR en exige au moins 8 pour gagner (MCR-5.1)"),
    ],
)
def test_a_hand_under_the_minimum_gives_its_reason_in_the_language_asked(
    argv: list[str], english: str, french: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK house option minfan and MCR-5.1: ``--json --lang fr`` gave the ``reason`` of a hand under
    the minimum in English beside French names, and the French table said "au moins 1 fans"; the
    reason follows ``--lang`` in the JSON answer and in the table (HK), singular for 1 fan."""
    import json

    for lang, reason in (("en", english), ("fr", french)):
        assert main(["score", *argv, "--json", "--lang", lang]) == 1
        answer = json.loads(capsys.readouterr().out)
        assert answer["winning"] is False and answer["reason"] == reason
        assert main(["score", *argv, "--lang", lang]) == 1
        out = capsys.readouterr().out
        assert "MCR-5.1" in out if "mcr" in argv else out.splitlines()[-1].endswith(f" {reason}")


@pytest.mark.parametrize(("lang", "word"), [("en", "repository"), ("fr", "dépôt")])
def test_a_help_example_that_runs_a_file_of_the_repository_says_where_it_runs(
    lang: str, word: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hkmj bot-match --help`` began its examples with ``--bot "python examples/simple_bot.py"``,
    which a newcomer ran from their own folder: "can't open file …/examples/simple_bot.py", the bot
    dead at its first request (examples/ comes with the source, not with pip install). An example
    that runs a file of the repository now says, just before it, to run it from the repository's
    folder, as the README and docs/bot-protocol.md do."""
    import argparse

    from hkmj.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser(lang=lang)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    checked = 0
    for name, command in {"hkmj": parser, **sub.choices}.items():
        lines = command.format_help().splitlines()
        for i, line in enumerate(lines):
            if line.lstrip().startswith("hkmj ") and "examples/" in line:
                j = i
                while j > 0 and (not lines[j - 1].strip() or lines[j - 1].lstrip().startswith("hkmj ")):
                    j -= 1  # back over the examples and the blank line to the paragraph before them
                paragraph: list[str] = []
                while j > 0 and lines[j - 1].strip():
                    paragraph.insert(0, lines[j - 1])
                    j -= 1
                said = " ".join(" ".join(paragraph).split())
                assert word in said or word in line, f"hkmj {name} --help: {line.strip()!r} does not say where it runs"
                checked += 1
    assert checked >= 1
