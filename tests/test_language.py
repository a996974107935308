"""The language a command speaks when ``--lang`` is not given: the locale's, read as GNU gettext
reads it (``LANGUAGE``'s first entry hkmj speaks, unless the locale is ``C``/``POSIX``; else the
first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` set); ``--lang`` always wins. tests/conftest.py sets an English locale for every other test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.language import env_lang, lang_of

HAND = ["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S"]
LOCALE = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "fr"}, "fr"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "fr_BE@euro"}, "fr"),
        ({"LANG": "FR_fr.utf8"}, "fr"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": ""}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "french"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL first
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "C"}, "fr"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),  # LC_MESSAGES before LANG
        ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_CA.UTF-8"}, "fr"),  # empty: not set
        # LANGUAGE, a priority list, comes before the locale as in every GNU program (gettext)
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:en"}, "fr"),
        ({"LC_ALL": "en_GB.UTF-8", "LANGUAGE": "fr_FR"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "en_US:en"}, "en"),  # Ubuntu's English desktop, French formats
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:fr"}, "fr"),  # entries hkmj does not speak: skipped
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de_DE:FR_ca:en"}, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "de"}, "en"),  # naming neither: untranslated, as gettext
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "C:fr"}, "en"),  # C in the list: untranslated
        ({"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "fr"),  # C.UTF-8 is not C (glibc 2.36)
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": ""}, "fr"),  # empty: not set
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": ":"}, "fr"),
        # ... but not in the C locale, where gettext ignores LANGUAGE
        ({"LC_ALL": "C", "LANGUAGE": "fr"}, "en"),
        ({"LANGUAGE": "fr_FR:en", "LANG": "C"}, "en"),
        ({"LANGUAGE": "fr", "LC_MESSAGES": "POSIX", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:en"}, "en"),  # no locale set: C
        ({"LANGUAGE": "fr:en", "LC_ALL": "", "LANG": ""}, "en"),
    ],
)
def test_env_lang_reads_the_locale_as_gettext(env: dict[str, str], lang: str) -> None:
    assert env_lang(env) == lang


def test_lang_typed_always_wins() -> None:
    assert lang_of(["score", "--lang", "en"], {"LANG": "fr_FR.UTF-8"}) == "en"
    assert lang_of(["score", "--lang=fr"], {"LC_ALL": "C"}) == "fr"
    assert lang_of(["score"], {"LANG": "fr_FR.UTF-8"}) == "fr"


def _locale(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    for name in LOCALE:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)


def test_score_speaks_the_locale_and_lang_wins(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-6 elements named in the locale's language; ``--lang en`` and ``LC_ALL=C`` say English."""
    _locale(monkeypatch, LANG="fr_FR.UTF-8")
    assert main(HAND) == 0
    out = capsys.readouterr().out
    assert out.startswith("Élément") and "Pung de Dragon" in out and "\nPaiements (HK-6\u00a0: " in out
    assert main([*HAND, "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Element ")
    _locale(monkeypatch, LC_ALL="C", LANG="fr_FR.UTF-8")
    assert main(HAND) == 0
    assert capsys.readouterr().out.startswith("Element ")
    _locale(monkeypatch, LANG="en_US.UTF-8", LANGUAGE="fr:en")  # LANGUAGE before LANG, as gettext
    assert main([*HAND[:-2], "--seat", "W"]) == 1  # the discarder's own seat: refused in French
    assert capsys.readouterr().err.startswith("Main gagnante non valable\u00a0: --from O\u00a0: c'est la place du gagnant (--seat O)")


def test_score_json_is_english_unless_lang_is_typed(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` answers a program: the locale does not change it; ``--lang fr`` does."""
    _locale(monkeypatch, LANG="fr_FR.UTF-8")
    assert main([*HAND, "--json"]) == 0
    assert '"Dragon pung"' in capsys.readouterr().out
    assert main([*HAND, "--json", "--lang", "fr"]) == 0
    assert '"Pung de Dragon"' in capsys.readouterr().out


@pytest.mark.parametrize("command", [[], ["score"], ["simulate"], ["play"], ["review"]])
def test_help_follows_the_locale(command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _locale(monkeypatch, LANG="fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert capsys.readouterr().out.startswith("utilisation\u00a0: hkmj")
    with pytest.raises(SystemExit):
        main(["help", *command, "--lang", "en"])
    assert capsys.readouterr().out.startswith("usage: hkmj")


@pytest.mark.parametrize("command", ["play", "simulate", "score", "replay", "serve", "review", "bot-match", "arena"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_help_calls_english_the_default(command: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without ``--lang`` every command speaks the locale's language (the tests above), so no help
    says English is the default (``hkmj review --help`` did, in both languages)."""
    _locale(monkeypatch, LANG="C")
    with pytest.raises(SystemExit):
        main([command, "--help", "--lang", lang])
    text = " ".join(capsys.readouterr().out.split())
    assert text.startswith("usage: hkmj" if lang == "en" else "utilisation : hkmj")
    for claim in ("the default is English", "English by default", "l'anglais est la langue par défaut", "par défaut l'anglais"):
        assert claim not in text


def test_usage_errors_follow_the_locale(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _locale(monkeypatch, LC_MESSAGES="fr_FR.UTF-8")
    with pytest.raises(SystemExit) as stop:
        main(["scor"])
    assert stop.value.code == 2 and "hkmj\u00a0: erreur\u00a0: commande «\u00a0scor\u00a0» inconnue" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["score", "1m", "--win", "1m", "--flag", "x", "--lang", "en"])
    assert "hkmj score: error: argument --flag: invalid choice: 'x'" in capsys.readouterr().err


def test_replay_review_and_play_follow_the_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _locale(monkeypatch, LANG="fr_CA.UTF-8")
    missing = str(tmp_path / "absent.jsonl")
    assert main(["replay", missing]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hkmj replay\u00a0:") and "No such file" not in err, err
    assert main(["review", missing]) == 2
    assert "fichier introuvable" in capsys.readouterr().err
    assert main(["play", "--bots", "greedy,bogus,greedy"]) == 2
    err = capsys.readouterr().err
    assert "bogus" in err and "unknown" not in err, err
    assert main(["play", "--bots", "greedy,bogus,greedy", "--lang", "en"]) == 2
    assert "unknown" in capsys.readouterr().err


def test_the_command_line_reads_the_locale_of_its_process(tmp_path: Path) -> None:
    """As a user runs it: ``LANG=fr_FR.UTF-8 hkmj scor``; ``LC_ALL=C`` before it says English."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE}
    french = subprocess.run([sys.executable, "-m", "hkmj", "scor"], capture_output=True, text=True, env={**env, "LANG": "fr_FR.UTF-8"}, cwd=tmp_path)
    assert french.returncode == 2 and "hkmj\u00a0: erreur\u00a0: commande «\u00a0scor\u00a0» inconnue\u00a0; vouliez-vous dire «\u00a0score\u00a0»\u00a0?" in french.stderr
    english = subprocess.run(
        [sys.executable, "-m", "hkmj", "scor"], capture_output=True, text=True, env={**env, "LANG": "fr_FR.UTF-8", "LC_ALL": "C"}, cwd=tmp_path
    )
    assert english.returncode == 2 and "hkmj: error: unknown command 'scor'; did you mean 'score'?" in english.stderr


def test_the_command_line_reads_language_before_lang_as_gnu_programs(tmp_path: Path) -> None:
    """``LANG=en_US.UTF-8 LANGUAGE=fr:en hkmj scor``: French, as ``ls`` or ``apt`` speak it (GNU
    gettext reads ``LANGUAGE`` first); hkmj answered in English. ``LC_ALL=C`` ignores ``LANGUAGE``."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE}
    for locale, said in [
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:en"}, "hkmj\u00a0: erreur\u00a0: commande «\u00a0scor\u00a0» inconnue"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:fr"}, "hkmj\u00a0: erreur\u00a0: commande «\u00a0scor\u00a0» inconnue"),
        ({"LC_ALL": "C", "LANGUAGE": "fr"}, "hkmj: error: unknown command 'scor'"),
    ]:
        run = subprocess.run([sys.executable, "-m", "hkmj", "scor"], capture_output=True, text=True, env={**env, **locale}, cwd=tmp_path)
        assert run.returncode == 2 and said in run.stderr, (locale, run.stderr)


@pytest.mark.parametrize("command", [
    ["score", "234s567p88m111z777z", "--win", "1z", "--from", "W", "--seat", "S"],
    ["simulate", "--hands", "1", "--quiet"],
    ["replay", "x.jsonl"],
    ["play"],
    ["serve"],
    ["bot-match"],
    ["arena", "--bots", "random,greedy"],
])
def test_lang_takes_capitals_as_review_does(command: list[str]) -> None:
    """``--lang FR`` was refused by every command but ``hkmj review`` ("choix 'FR' invalide", in
    French: it was understood), while ``--rules MCR`` and ``--bots Strong,...`` are taken: every
    command now reads ``FR`` and `` En `` as ``fr`` and ``en``."""
    from hkmj.cli import build_parser

    for typed, lang in (("FR", "fr"), (" En ", "en")):
        args = build_parser().parse_args([*command, "--lang", typed])
        assert args.lang == lang


def test_the_last_lang_decides_the_language_of_errors(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """argparse keeps the last ``--lang``: ``--lang de --lang fr`` is French, and its errors are
    too; an invalid last value is refused in the last valid one's language, else the locale's."""
    _locale(monkeypatch, LANG="C")
    assert lang_of(["play", "--lang", "de", "--lang", "fr"]) == "fr"
    assert lang_of(["play", "--lang=fr", "--lang", "en"]) == "en"
    with pytest.raises(SystemExit) as stop:
        main(["play", "--lang", "de", "--lang", "fr"])  # argparse refuses each value: in French
    assert stop.value.code == 2 and "hkmj play\u00a0: erreur\u00a0: argument --lang\u00a0: choix «\u00a0de\u00a0» invalide" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--lang", "fr", "--lang", "de"])
    assert "hkmj play\u00a0: erreur\u00a0: argument --lang\u00a0: choix «\u00a0de\u00a0» invalide" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--lang", "en", "--lang", "de"])
    assert "hkmj play: error: argument --lang: invalid choice: 'de'" in capsys.readouterr().err
    _locale(monkeypatch, LANG="fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["play", "--lang", "de"])  # no valid --lang: the locale's language
    assert "hkmj play\u00a0: erreur\u00a0: argument --lang\u00a0: choix «\u00a0de\u00a0» invalide" in capsys.readouterr().err


def test_french_names_west_o_and_reads_o_for_west(capsys: pytest.CaptureFixture[str]) -> None:
    """HK-1.4 notation in French: West is O (Ouest). ``hkmj score --from O --lang fr`` reads it as
    West; the French messages naming a seat (--from, --seat, --other) wrote W, they now write O;
    English keeps W."""
    hand = ["score", "234s567p88m111z777z", "--win", "1z"]
    assert main([*hand, "--from", "O", "--seat", "S", "--lang", "fr"]) == 0
    assert "  O    -16  défausseur" in capsys.readouterr().out
    assert main([*hand, "--from", "O", "--seat", "O", "--lang", "fr"]) == 1
    assert capsys.readouterr().err == (
        "Main gagnante non valable\u00a0: --from O\u00a0: c'est la place du gagnant (--seat O)\u00a0; donnez la place qui a défaussé la tuile gagnante\n"
    )
    assert main([*hand, "--from", "O", "--seat", "O"]) == 1
    assert capsys.readouterr().err == (
        "Not a valid winning hand: --from W: that is the winner's own seat (--seat W); give the seat that discarded the winning tile\n"
    )
    classical = [*hand[:2], "--win", "5p", "--rules", "classical", "--lang", "fr"]
    assert main([*classical, "--seat", "O", "--other", "O: 123m"]) == 2
    assert capsys.readouterr().err == "hkmj score\u00a0: --other O\u00a0: c'est la place du gagnant (--seat)\u00a0; donnez la main du gagnant comme MAIN\n"


def test_hk6_french_element_names_use_the_games_words_for_pung_kong_chow_and_seat() -> None:
    """HK-6: the French names of the Hong Kong elements said "Brelan de Dragon", "Quatre suites",
    "Vol du carré", "Fleur du siège", while the table, its help, the browser and the MCR and
    classical names say pung, chow, kong and "du joueur" ("Pung de Dragon", "Tout Chow",
    "Voler un Kong", "Saison du joueur"). A player saw "pung" in the log and "Brelan" on the end
    screen for the same group; every HK name now uses the game's words."""
    from hkmj.scoring.hong_kong import HONG_KONG

    names = [item.name_fr for item in (*HONG_KONG.elements, *HONG_KONG.limits)]
    assert not [n for n in names if any(w in n.lower() for w in ("brelan", "carré", "suite", "siège"))], names
    assert {"Pung de Dragon", "Pung du Vent du joueur", "Quatre chows", "Quatre pungs", "Vol du kong", "Quatre kongs"} <= set(names)


def test_mcr_6_score_heads_its_fan_column_fan_in_french_as_the_table_does(capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-6: ``hkmj score --rules mcr --lang fr`` headed its table "Combinaison" where the
    terminal's end screen and the browser's end dialog head the same column "Fan"."""
    assert main(["score", "123456789m111p11z", "--win", "1z", "--rules", "mcr", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] == "Fan" and "Combinaison" not in out
