"""``--help`` in French: ``--lang fr`` anywhere on the line makes every command's help French
(descriptions, options, value names, examples, argparse's own words); it was English whatever
the language chosen. One French text per command and option (:data:`hkmj.help_fr.FRENCH`)."""

from __future__ import annotations

import argparse
import re
import shlex

import pytest

from hkmj.cli import build_parser, main
from hkmj.help_fr import FRENCH, in_french, key_of, wants_french, without_lang
from hkmj.rulesets import RULESETS

COMMANDS = ["score", "simulate", "replay", "play", "serve", "bot-match", "arena", "review"]


def _parsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"hkmj": parser, **sub.choices}


def _helps(lang: str) -> dict[str, str]:
    return {name: p.format_help() for name, p in _parsers(build_parser(lang=lang)).items()}


def test_every_option_of_every_command_has_its_french() -> None:
    """Each text of the English help has its French entry, and no entry names an option gone."""
    for name, parser in _parsers(build_parser()).items():
        texts = FRENCH[name]
        keys = {key_of(a) for a in parser._actions if a.help not in (None, argparse.SUPPRESS)}
        keys.discard("--help")  # argparse's own, the same in every command
        own = keys - {"--option", "command"} - ({"--rules"} - set(texts))  # replay's --rules has its own words
        missing = sorted(k for k in own if k not in texts)
        assert not missing, f"hkmj {name}: no French help for {missing}"
        stale = sorted(set(texts) - own - {"help", "description", "epilog"})
        assert not stale, f"hkmj {name}: French help for options that do not exist: {stale}"
        assert bool(parser.description) == ("description" in texts) and bool(parser.epilog) == ("epilog" in texts), name
    in_french(build_parser())  # a value name (metavar) or a group without its French is a KeyError


def test_every_house_option_has_its_french() -> None:
    for name, cls in RULESETS.items():
        for o in cls.OPTIONS:
            assert o.help and o.help_fr, f"--rules {name} --option {o.key}: no French help"


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_in_french_with_lang_fr_anywhere(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj --lang fr --help``, ``hkmj COMMAND --lang fr --help`` (the commands without --lang
    too), ``hkmj COMMAND --help --lang=fr`` and ``hkmj help COMMAND --lang fr``."""
    lines = [
        [*command.split(), "--lang", "fr", "--help"],
        ["--lang", "fr", *command.split(), "-h"],
        [*command.split(), "--help", "--lang=fr"],
        ["help", *command.split(), "--lang", "fr"],
    ]
    for argv in lines:
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 0, argv
        out = capsys.readouterr().out
        assert out.startswith(f"utilisation\u00a0: hkmj{' ' + command if command else ''} "), (argv, out[:80])
        assert "afficher cette aide et quitter" in out
        english = [w for w in ("usage:", "options:", "show this help", "(default", "positional arguments", "e.g.", "Examples") if w in out]
        assert not english, (argv, english)


def test_english_help_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: hkmj play ") and "show this help message and exit" in out and "(default 0.3)" in out
    assert "--lang fr" not in without_lang(["play", "--lang", "fr"]) and wants_french(["x", "--lang=FR"])
    assert not wants_french(["score", "--lang", "en"]) and not wants_french(["score"])


@pytest.mark.parametrize("command", ["hkmj", *COMMANDS])
def test_french_help_fits_80_columns_and_never_starts_a_line_with_a_sign(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/play.md: an 80×24 terminal. French puts a space before ``: ; ! ?``: a line never
    starts with the sign (the space is not a place to break)."""
    monkeypatch.setenv("COLUMNS", "80")
    text = _helps("fr")[command]
    wide = [line for line in text.splitlines() if len(line) > 80]
    assert not wide, f"hkmj {command} --help --lang fr: {wide[0]!r}"
    signs = [line for line in text.splitlines() if re.match(r"\s*[:;!?»]", line)]
    assert not signs, signs


@pytest.mark.parametrize("command", ["hkmj", *COMMANDS])
def test_french_examples_are_whole_valid_commands(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples of the French help are shown whole at 80 columns and are command lines the
    program accepts, as the English ones (tests/test_new_user.py)."""
    monkeypatch.setenv("COLUMNS", "80")
    parser = _parsers(build_parser(lang="fr"))[command]
    source = f"{parser.description or ''}\n{parser.epilog or ''}"
    shown = parser.format_help()
    examples = [re.split(r"\s{2,}|\s+#", line.strip())[0] for line in source.splitlines() if line.strip().startswith("hkmj ")]
    assert examples or command == "hkmj" or command == "replay" or command == "score"
    for example in examples:
        assert example in shown, f"{example!r} is cut in hkmj {command} --help --lang fr"
        if example.endswith("\\"):
            continue
        for part in example.split("&&"):
            argv = shlex.split(part)[1:]
            try:
                build_parser().parse_args(argv)
            except SystemExit as exc:
                assert exc.code == 0, f"{part}: refused by the parser"


def test_french_defaults_are_the_english_ones() -> None:
    """A default computed in English (a server limit, the bots of hkmj play) is the one the
    French help gives: one figure, said in both languages."""
    english, french = _parsers(build_parser()), _parsers(build_parser(lang="fr"))
    for name in COMMANDS:
        for en, fr in zip(english[name]._actions, french[name]._actions, strict=True):
            m = re.search(r"\(default ([^;)]+)", str(en.help))
            if m and "{default}" in FRENCH[name].get(key_of(en), ""):
                assert f"par défaut {m.group(1).strip()}" in str(fr.help), (name, key_of(en))
    play = {key_of(a): str(a.help) for a in french["play"]._actions}
    assert "(par défaut strong,strong,greedy\u00a0; parmi random, greedy, strong, expert, " in play["--bots"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["scor", "--lang", "fr"], "hkmj\u00a0: erreur\u00a0: commande «\u00a0scor\u00a0» inconnue\u00a0; vouliez-vous dire «\u00a0score\u00a0»\u00a0? (les commandes\u00a0: score, simulate, "),
        (["--bogus", "--lang", "fr"], "hkmj\u00a0: erreur\u00a0: option --bogus inconnue (hkmj lui-même ne prend que -h et --version\u00a0; les options"),
        (["--seat", "S", "--lang", "fr"], "hkmj\u00a0: erreur\u00a0: --seat est une option d'une commande, pas de hkmj lui-même\u00a0: donnez d'abord la commande"),
        (["simulate", "--sed", "7", "--lang", "fr"], "hkmj simulate\u00a0: erreur\u00a0: arguments non reconnus\u00a0: --sed 7 (vouliez-vous dire --seed\u00a0?)"),
        (["serve", "--port", "0", "--lang", "fr"], "hkmj serve\u00a0: erreur\u00a0: argument --port\u00a0: «\u00a00\u00a0»\u00a0: un numéro de port de 1 à 65535 est attendu"),
        (["bot-match", "--time-limit", "x", "--lang", "fr"], "hkmj bot-match\u00a0: erreur\u00a0: argument --time-limit\u00a0: «\u00a0x\u00a0»\u00a0: un nombre positif de secondes est attendu"),
        (["arena", "--lang", "fr"], "hkmj arena\u00a0: erreur\u00a0: arguments obligatoires manquants\u00a0: --bots"),
        # a list of choices is written as the other French lists (it read « last_wall_tile », 'final_discard', ...)
        (["score", "1m", "--win", "1m", "--flag", "x", "--lang", "fr"],
         "hkmj score\u00a0: erreur\u00a0: argument --flag\u00a0: choix «\u00a0x\u00a0» invalide (choisissez parmi last_wall_tile, final_discard, kong_replacement, heavenly, earthly, last_of_kind)\n"),
        (["simulate", "--backend", "x", "--lang", "fr"], "hkmj simulate\u00a0: erreur\u00a0: argument --backend\u00a0: choix «\u00a0x\u00a0» invalide (choisissez parmi local, ray)\n"),
    ],
)
def test_usage_errors_follow_lang_fr_with_a_french_usage_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Under --lang fr the usage line is French (``--win TUILE``): its error is French too, hkmj's
    own (an unknown command) and those of every command (simulate, serve, bot-match and arena
    take --lang too) included."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.startswith("utilisation\u00a0: hkmj"), err
    assert said in err, err
    assert "error:" not in err and "usage:" not in err


def test_the_french_help_says_tables_en_cours_as_the_browser_does() -> None:
    """``hkmj serve --help --lang fr`` said "tables vivantes" (a word-for-word "live tables"); French
    says "tables en cours", which the lobby already shows (its "Tables en cours" list). The live
    wall stays "mur vivant", the game's own term."""
    texts = " ".join(text for command in FRENCH.values() for text in command.values())
    assert "tables vivantes" not in texts and "ni vivantes" not in texts
    assert "tables en cours au total" in FRENCH["serve"]["--max-tables"]


def test_the_english_help_and_refusals_say_tables_in_play_as_the_browser_does() -> None:
    """The lobby lists the "Tables in play" and its refusals say "tables still in play"; ``hkmj
    serve --help`` said "live tables" (--max-tables, --tables-per-address,
    --unattended-per-address), as did the server's refusals and its ``limit`` meanings. One name:
    "tables in play" (French "tables en cours")."""
    from hkmj.server.protocol import LIMITS

    serve = " ".join(_helps("en")["serve"].split())
    assert "live table" not in serve and "tables in play in all" in serve
    assert "tables in play where only bots play" in serve
    assert "tables en cours où seuls des robots jouent" in FRENCH["serve"]["--unattended-per-address"]
    assert LIMITS["tables"].startswith("tables in play") and LIMITS["unattended"].startswith("tables in play")


def test_hk_6_the_french_score_help_names_the_seat_wind_as_its_elements_do() -> None:
    """HK-6: ``hkmj score --help --lang fr`` called --seat "votre vent de place", a name found
    nowhere else; the elements it scores say "Pung du Vent du joueur" (MCR-6.16 "Vent du
    Joueur", the classical "Paire du Vent du joueur")."""
    from hkmj.rulesets import get_ruleset

    texts = " ".join(text for command in FRENCH.values() for text in command.values())
    assert "vent de place" not in texts
    assert "Vent du joueur" in FRENCH["score"]["--seat"]
    assert "Vent du joueur" in get_ruleset("hk").name_of("seat_wind_pung", "fr")


def test_the_french_help_says_robot_never_bot() -> None:
    """A bot is a *robot* in every French text (``hkmj bot-match --help --lang fr`` said "bot
    intégré", ``hkmj arena`` "bots séparés par des virgules"); names keep their spelling
    (``bot-match``, ``hkmj-bot/1``, ``--bots``)."""
    found = [
        f"{command} {key}: {m.group(0)}"
        for command, texts in FRENCH.items()
        for key, text in texts.items()
        for m in re.finditer(r"(?<![\w-])bots?(?![\w-])", text)
    ]
    assert not found, found


def test_french_says_how_far_from_ready_and_whose_discard_a_chow_takes_in_plain_french() -> None:
    """The terminal's help, the browser's help page and ``hkmj review --help --lang fr`` said
    "à quelle distance votre main est d'être prête" and a chow "sur le joueur à votre gauche"
    (a refused chow: "ne se réclame que sur le joueur ..."): now "combien de tuiles séparent
    votre main d'une main prête", a chow "du joueur à votre gauche", "sur la défausse du joueur"
    (HK-4.2)."""
    from hkmj.server.help import sections
    from hkmj.tui.texts import FR as TUI_FR

    texts = [v for v in TUI_FR.values() if isinstance(v, str)]
    texts += [line for rules in ("hk", "mcr", "classical") for _, lines in sections("fr", rules) for line in lines]
    texts += [text for command in FRENCH.values() for text in command.values()]
    every = " ".join(" ".join(texts).split())
    assert "d'être prête" not in every and "sur le joueur" not in every and "Sur n'importe qui" not in every
    assert "séparent votre main d'une main prête" in every and "seulement du joueur à votre gauche" in every


def test_french_help_names_the_bots_the_english_names() -> None:
    """A bot name the English help of an option offers (``hkmj play --bots``: from random, greedy,
    strong, expert) is offered by its French help too: ``hkmj play --help --lang fr`` gave only
    the default, and a French reader could not learn that ``expert`` or ``random`` exist."""
    from hkmj.bots import BOTS

    english, french = _parsers(build_parser()), _parsers(build_parser(lang="fr"))
    for name in COMMANDS:
        for en, fr in zip(english[name]._actions, french[name]._actions, strict=True):
            named = [b for b in BOTS if re.search(rf"\b{b}\b", str(en.help))]
            if len(named) < 2:  # a list of bots, not the word random ("random if omitted")
                continue
            missing = [b for b in named if not re.search(rf"\b{b}\b", str(fr.help))]
            assert not missing, f"hkmj {name} {key_of(en)}: the French help leaves out {missing}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_help_says_english_is_the_default_language(lang: str) -> None:
    """Every command speaks the locale's language without --lang (README); ``hkmj review --help``
    said "the default is English" above an option that says the locale's, and a French locale
    gave a French review."""
    for name, text in _helps(lang).items():
        flat = " ".join(text.split())
        assert "the default is English" not in flat and "l'anglais est la langue par défaut" not in flat, name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_choices_are_shown_plainly_not_as_python_sets(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An option's choices were shown as argparse writes them, in braces (``--lang {en,fr}``,
    ``--backend {local,ray}``) in every command but ``hkmj review`` (``--lang en|fr``): now one
    plain way everywhere, the choices between bars."""
    monkeypatch.setenv("COLUMNS", "80")
    for name, text in _helps(lang).items():
        assert not re.search(r"\{[\w-]+(,[\w-]+)+\}", text), (name, re.findall(r"\{[\w-]+(?:,[\w-]+)+\}", text))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_names_no_internal_word(lang: str) -> None:
    """``hkmj simulate --help`` said its hands are played in matches of 64 hands "(chunk k seeded
    with SEED + k)": a chunk is the code's name for it; the help says "match k is seeded SEED +
    k", as the French ("la partie k a la graine GRAINE + k"). No help shows a Python value."""
    for command, text in _helps(lang).items():
        found = re.findall(r"\bchunks?\b|\bNone\b|\bTrue\b|\bFalse\b|Traceback", text)
        assert not found, (command, found)


@pytest.mark.parametrize(("lang", "said"), [("en", "one that would wait over {wait} s is refused"), ("fr", "une action qui attendrait plus de {wait} s est refusée")])
def test_serve_help_says_an_action_past_action_rate_may_be_refused(lang: str, said: str) -> None:
    """``hkmj serve --help`` said actions past ``--action-rate`` "are held, never lost" ("jamais
    perdues"); one that would wait over ACTION_WAIT (2 s) is refused with ``rate_limited`` and
    not played (docs/protocol.md, docs/server.md), as the browser then tells its player."""
    from hkmj.server.app import ACTION_WAIT

    text = " ".join(_helps(lang)["serve"].split())
    assert said.format(wait=f"{ACTION_WAIT:g}") in text
    assert "never lost" not in text and "jamais perdues" not in text


def test_the_french_help_calls_a_review_an_analyse_as_the_review_itself_does() -> None:
    """``hkmj review`` writes "Analyse de partie", "Analyse HTML", and the browser "analyse de
    partie"; the French help said "la revue montre", "la revue HTML", "revues de partie", and a
    wrong --lang "la revue est écrite en ...". One word: analyse."""
    texts = " ".join(_helps("fr").values())
    assert not re.search(r"(?i)\brevues?\b", texts), re.findall(r".{30}\brevues?\b.{10}", texts)
    assert "l'analyse montre ce qu'il aurait joué" in " ".join(texts.split())


def test_a_round_of_winds_is_a_tour_de_vent_in_french_everywhere() -> None:
    """HK-7.3, MCR-2.3, CL-4.5: a round was "un tour" in the help, the browser and ``replay --show``
    (where "tour" is also a player's turn) and "une manche" in the terminal's log; it is "un tour
    de vent" everywhere now."""
    from hkmj.record import _WORDS as WORDS
    from hkmj.tui.texts import Texts

    assert "jouer un tour de vent (vent dominant Est)" in " ".join(_helps("fr")["play"].split())
    assert WORDS["fr"]["length.round"] == "un tour de vent"
    for rules in ("hk", "mcr", "classical"):
        assert not [k for k, v in Texts("fr", rules).table.items() if "manche" in v]
    assert Texts("fr", "mcr")("ev.seats", right="a", across="b", left="c").startswith("Nouveau tour de vent\u00a0: ")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_replay_rate_help_says_what_counts_as_docs_server_md_does(lang: str) -> None:
    """docs/server.md's table of limits: under ``--replay-rate`` every log export, every review
    asked for and every final frame of a finished table counts as a lookup, cached or not. The
    English help named the exports and reviews only, and the French help none of them, saying
    only that tables neither in play nor cached count: an operator read there that watching a
    cached finished table in a loop is never limited. ``hkmj serve --help``, run as a user runs it."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LANGUAGE": "", "COLUMNS": "80"}
    out = subprocess.run([sys.executable, "-m", "hkmj", "serve", "--help", "--lang", lang], capture_output=True, text=True, env=env, check=True).stdout
    paragraph = " ".join(out.split("\n  --replay-rate N", 1)[1].split("\n  --network-share", 1)[0].split())
    words = {
        "en": ["log export", "review", "final frame of a finished table", "cached or not"],
        "fr": ["export du journal", "analyse", "état final d'une table terminée", "en cache ou non"],
    }[lang]
    assert all(w in paragraph for w in words), paragraph


@pytest.mark.parametrize(("env", "words"), [("C.UTF-8", ("(pure Python)", "(compiled)")), ("fr_FR.UTF-8", ("(Python pur)", "(compilé)"))])
def test_version_says_its_build_in_the_locales_language(
    monkeypatch: pytest.MonkeyPatch, hkmj_cli: object, env: str, words: tuple[str, str]
) -> None:
    """Under a French locale ``hkmj --help`` is French but ``hkmj --version`` said
    'hkmj 0.1.0 (pure Python)'; it now says « (Python pur) » (or « (compilé) »)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", env)
    code, out, err = hkmj_cli(["--version"])  # type: ignore[operator]
    assert code == 0, err
    assert out.startswith("hkmj ") and out.rstrip().endswith(words), out
