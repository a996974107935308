"""``hkmj simulate``, ``serve``, ``bot-match`` and ``arena`` speak French with ``--lang fr`` (or a
French locale): progress lines, summaries, tables, the fault log and errors. They had no
``--lang`` (``--lang fr`` was refused, in French). Their English output is unchanged: the
summaries and tables are compared here with the text they printed before."""

from __future__ import annotations

import re
import socket
import sys
from pathlib import Path

import pytest

from hkmj.arena import ArenaResult
from hkmj.botmatch import BotStats, MatchReport
from hkmj.cli import main
from hkmj.run_words import LABELS, run_error_in
from hkmj.simulate import Progress, Summary

ENGLISH_WORDS = re.compile(r"\b(hands?|wins?|draws|seed|bots?|rules|player|points/hand|throughput|worker|expected|cannot|must|got|answer|playing|record)\b")


def _summary() -> Summary:
    s = Summary(("greedy", "random", "strong", "expert"), hands=70, draws=2, penalties=1, fan_total=95, seconds=0.4)
    s.wins_by_type = {"self_draw": 13, "discard": 54, "robbed_kong": 0}
    s.wins_by_seat, s.wins_by_player = [15, 23, 11, 18], [31, 0, 36, 0]
    s.points_by_player, s.points_by_seat = [275, -347, 397, -325], [50, 2, -152, 100]
    s.limits = {"thirteen_orphans": 1}
    return s


def test_the_english_summary_is_unchanged() -> None:
    """A win by self-draw is "self-draw", as the terminal's "wins by self-draw" (HK-5.5) and the
    README's "by type (self-draw, discard, robbed kong)" say it; the summary said "self draw"."""
    assert _summary().report(2) == (
        "hands played      70\n"
        "wins              67 (95.7%): self-draw 13, discard 54, robbed kong 0\n"
        "draws             2 (2.9%)\n"
        "false Mahjong     1\n"
        "limit hands       1: Thirteen orphans 1\n"
        "average fan       1.42 per win\n"
        "wins by seat      E 15  S 23  W 11  N 18\n"
        "points/hand seat  E +0.71  S +0.03  W -2.17  N +1.43\n"
        "by player:\n"
        "  player 1 greedy   wins     31  points/hand    +3.93  total +275\n"
        "  player 2 random   wins      0  points/hand    -4.96  total -347\n"
        "  player 3 strong   wins     36  points/hand    +5.67  total +397\n"
        "  player 4 expert   wins      0  points/hand    -4.64  total -325\n"
        "throughput        175 hands/s (2 workers)"
    )


def test_the_summary_in_french() -> None:
    """The HK-6 limit hand named in French, winds E S O N, decimal commas, aligned headings."""
    text = _summary().report(1, "fr")
    assert text.splitlines()[:9] == [
        "donnes jouées       70",
        "victoires           67 (95,7 %)\u00a0: pioche 13, défausse 54, kong volé 0",
        "donnes nulles       2 (2,9 %)",
        "faux Mahjong        1",
        "mains limites       1\u00a0: Treize Orphelins 1",
        "fans en moyenne     1,42 par victoire",
        "victoires/place     E 15  S 23  O 11  N 18",
        "points/donne place  E +0,71  S +0,03  O -2,17  N +1,43",
        "par joueur\u00a0:",
    ]
    assert text.splitlines()[9] == "  joueur 1 glouton  victoires     31  points/donne    +3,93  total +275"
    assert text.endswith("débit               175 donnes/s (1 processus)")
    assert not ENGLISH_WORDS.search(text.replace("Mahjong", "")), text


def test_simulate_speaks_french_with_lang_fr_or_a_french_locale(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "4", "--seed", "1", "--quiet", "--lang", "fr", "--rules", "mcr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hkmj simulate\u00a0: graine 1, robots glouton, glouton, hasard, hasard, règles ") and "points en moyenne" in out
    assert "mains limites" not in out  # MCR has no limit hands (MCR-6)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["simulate", "--hands", "4", "--seed", "1", "--quiet"]) == 0
    assert "donnes jouées       4" in capsys.readouterr().out
    assert main(["simulate", "--hands", "4", "--seed", "1", "--quiet", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("hkmj simulate: seed 1, bots greedy, greedy, random, random, rules Hong Kong\nhands played      4\n")


def test_progress_in_french(terminal: type, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # room for the whole bar whatever the rate (tests/test_progress_bar.py)
    bar = terminal()
    p = Progress(2000, stream=bar, lang="fr")
    p.advance(1000)
    line = "\r" + bar.getvalue().split("\r")[-1]  # the redraw after the one drawn at the start
    assert line.startswith("\r[###############               ] 1000/2000 donnes  ") and re.search(r" donnes/s  reste \d[\d ]* s $", line), line
    english = terminal()
    Progress(2000, stream=english, label="deals").advance(1000)
    assert " 1000/2000 deals  " in english.getvalue() and "ETA" in english.getvalue()
    assert re.search(r"  \d[\d,]* deals/s  ETA", english.getvalue()), english.getvalue()  # the rate names what it counts
    import io

    piped = io.StringIO()
    q = Progress(10, stream=piped, label="deals", lang="fr")
    q.advance(5)
    assert re.fullmatch(r"5/10 donnes \(50 %\), [\d ]+ donnes/s\n", piped.getvalue()), piped.getvalue()
    moves = io.StringIO()
    Progress(4, stream=moves, label="moves", lang="fr").advance(4)  # hkmj review's bar counts moves
    assert re.fullmatch(r"4/4 coups \(100 %\), [\d ]+ coups/s\n", moves.getvalue()), moves.getvalue()


def test_the_bot_match_table_english_unchanged_and_french() -> None:
    report = MatchReport(["greedy", "python my_bot.py --depth 3 --with-a-long-name", "strong", "random"], [12, -6, 0, -6], [1, 3, 2, 3], 2,
                         {1: BotStats(decisions=19, answers=17, late=0, illegal=1, dead=1, think=0.2394)})  # fmt: skip
    assert report.table() == (
        "player bot                         total rank answers late illegal died    think\n"
        "1      greedy                        +12    1       -    -       -    -        -\n"
        "2      …3 --with-a-long-name          -6    3      17    0       1    1  12.6 ms\n"  # cut at a word, never mid-word
        "3      strong                         +0    2       -    -       -    -        -\n"
        "4      random                         -6    3       -    -       -    -        -"
    )
    french = report.table("fr").splitlines()
    assert french[0] == "joueur robot                  total rang réponses retards illég. morts réflexion"
    assert french[2] == "2      …3 --with-a-long-name     -6    3       17       0      1     1   12,6 ms"
    assert all(len(line) <= 80 and len(line) == len(french[0]) for line in french), french


def test_the_arena_table_english_unchanged_and_french() -> None:
    result = ArenaResult(["greedy", "random"], {"greedy": 29.664, "random": 20.336}, {"greedy": 7.82, "random": 7.82},
                         {"greedy": 16, "random": 16}, {"greedy": 47, "random": -47})  # fmt: skip
    assert result.table() == (
        "bot         rating  sigma      95% interval  ordinal   hands  pts/hand\n"
        "greedy       29.66   7.82 [ 14.34,  44.99]     6.20      16     +2.94\n"
        "random       20.34   7.82 [  5.01,  35.66]    -3.12      16     -2.94"
    )
    assert result.table("fr") == (
        "robot       niveau  sigma intervalle à 95 %  ordinal  donnes pts/donne\n"
        "glouton      29,66   7,82 [ 14,34\u00a0;  44,99]     6,20      16     +2,94\n"
        "hasard       20,34   7,82 [  5,01\u00a0;  35,66]    -3,12      16     -2,94"
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--bots", "a,b"], "hkmj simulate\u00a0: --bots demande quatre noms, 2 donnés\u00a0: «\u00a0a,b\u00a0»"),
        # one name (the most common slip) said "1 donnés": French keeps 0 and 1 singular
        (["simulate", "--bots", "greedy"], "hkmj simulate\u00a0: --bots demande quatre noms, 1 donné\u00a0: «\u00a0greedy\u00a0»"),
        (["simulate", "--bots", "greedy,greedy,random,zz"], "hkmj simulate\u00a0: robot «\u00a0zz\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert"),
        (["simulate", "--address", "ray://x:1"], "hkmj simulate\u00a0: --address demande --backend ray"),
        (["simulate", "--option", "minfan=2"], "hkmj simulate\u00a0: option minfan='2'\u00a0: attendu parmi 0, 1, 3"),
        (["serve", "--max-tables", "0"], "hkmj serve\u00a0: --max-tables doit être positif, 0 donné"),
        (["serve", "--keep-days", "-1"], "hkmj serve\u00a0: --keep-days doit valoir 0 (garder pour toujours) ou plus, -1 donné"),
        (["serve", "--trusted-proxy", "nowhere"], "hkmj serve\u00a0: --trusted-proxy veut une adresse IP ou un réseau comme 10.0.0.5 ou 10.0.0.0/24, reçu «\u00a0nowhere\u00a0»"),
        (["serve", "--allowed-host", "http://mj.example.org/"],
         "hkmj serve\u00a0: --allowed-host «\u00a0http://mj.example.org/\u00a0»\u00a0: donnez le nom d'hôte seul, sans schéma ni chemin (par exemple mj.example.org)"),
        (["serve", "--db", "mysql://x/y"],
         "hkmj serve\u00a0: --db «\u00a0mysql://x/y\u00a0»\u00a0: base de données «\u00a0mysql\u00a0» inconnue\u00a0; attendu sqlite:///FICHIER ou postgresql://UTILISATEUR:MOT_DE_PASSE@HÔTE/NOM"),
        (["bot-match", "--bot", "a", "--bot", "b", "--bot", "c", "--bot", "d", "--bot", "e"], "hkmj bot-match\u00a0: au plus quatre --bot, 5 donnés"),
        (["bot-match", "--fill", "nobody"], "hkmj bot-match\u00a0: --fill «\u00a0nobody\u00a0»\u00a0: choisissez parmi random, greedy, strong, expert"),
        (["bot-match", "--bot", "stronk"],
         "hkmj bot-match\u00a0: --bot «\u00a0stronk\u00a0»\u00a0: impossible de le lancer\u00a0: aucun programme «\u00a0stronk\u00a0» trouvé, et pas un robot intégré "
         "(random, greedy, strong, expert)\u00a0; vouliez-vous dire strong\u00a0?"),
        (["bot-match", "--bot", "'unbalanced"], "hkmj bot-match\u00a0: --bot \"'unbalanced\"\u00a0: impossible de le découper en mots (No closing quotation)"),
        (["arena", "--bots", "greedy", "--plot", ""], "hkmj arena\u00a0: --bots greedy\u00a0: au moins deux robots différents sont attendus, chacun une fois"),
        (["arena", "--bots", "greedy,nobody", "--plot", ""],
         "hkmj arena\u00a0: robot «\u00a0nobody\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert, ou un chemin d'import module:fabrique"),
        # a long bot name is quoted cut to 40 characters, as every other value: it was echoed whole
        (["simulate", "--bots", "x" * 300], "hkmj simulate\u00a0: --bots demande quatre noms, 1 donné\u00a0: «\u00a0" + "x" * 36 + "...\u00a0»"),
        (["simulate", "--bots", "greedy,greedy,random," + "x" * 300],
         "hkmj simulate\u00a0: robot «\u00a0" + "x" * 36 + "...\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert"),
        (["arena", "--bots", "greedy," + "x" * 300, "--plot", ""],
         "hkmj arena\u00a0: robot «\u00a0" + "x" * 36 + "...\u00a0» inconnu\u00a0: attendu parmi random, greedy, strong, expert, ou un chemin d'import module:fabrique"),
    ],
)
def test_errors_in_french(argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    if argv[0] == "arena":
        pytest.importorskip("openskill")
    assert main([*argv, "--lang", "fr"]) == 2
    assert capsys.readouterr().err == said + "\n"
    assert main(argv) == 2  # and in English without --lang (the tests' locale)
    english = capsys.readouterr().err
    assert english.startswith(f"hkmj {argv[0]}: ") and len(english) < 200, english


def test_serve_says_a_port_in_use_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (
        f"hkmj serve\u00a0: le port {port} de 127.0.0.1 est déjà pris (un autre hkmj serve\u00a0?)\u00a0: arrêtez-le, ou choisissez un autre port "
        f"avec --port {port + 1}\n"
    )


def test_the_bot_match_fault_log_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot that answers with a bare number and exits: each fault logged in French, the
    protocol's own texts (the action played, the line received) as they are, quoted « ... », and
    the bot's command line as typed (its quotes are the shell's, not guillemets)."""
    bot = f"{sys.executable} -c 'print(1)'"
    assert main(["bot-match", "--bot", bot, "--hands", "1", "--seed", "1", "--lang", "fr"]) == 0
    captured = capsys.readouterr()
    log = captured.err.splitlines()
    assert log[0].startswith(f"hkmj bot-match\u00a0: joueur 1 ({bot})\u00a0: mauvaise réponse à la requête 1\u00a0: un objet "
                             '{"id": ..., "action": ...} est attendu, reçu «\u00a01\u00a0»\u00a0; il joue ')  # fmt: skip
    assert log[1] == f"hkmj bot-match\u00a0: joueur 1 ({bot})\u00a0: s'est arrêté (code 0)\u00a0; il joue désormais des coups sûrs"
    assert captured.out.startswith("hkmj bot-match\u00a0: 1 donne, graine 1, règles de Hong Kong, limite de temps 1 s par décision\njoueur robot ")


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("player 2 (bot): no answer to request 7 within 0.5 s; playing discard 5p", "joueur 2 (bot)\u00a0: pas de réponse à la requête 7 en 0,5 s\u00a0; il joue discard 5p"),
        ("player 2 (bot): no answer to request 1 within 5 s (it wrote 1,234 bytes without a newline, b'{': end each line with a newline); playing pass",
         "joueur 2 (bot)\u00a0: pas de réponse à la requête 1 en 5 s (il a écrit 1 234 octets sans saut de ligne, b'{'\u00a0: terminez chaque ligne par un "
         "saut de ligne)\u00a0; il joue pass"),
        ("player 1 (x): was killed by signal 11 (SIGSEGV); it plays safe defaults from now on",
         "joueur 1 (x)\u00a0: a été tué par le signal 11 (SIGSEGV)\u00a0; il joue désormais des coups sûrs"),
        ("player 2 (bot): no answer to request 1 within 5 s (nothing read from it yet: if it answered, flush its output after each line, "
         "e.g. print(..., flush=True)); playing pass",
         "joueur 2 (bot)\u00a0: pas de réponse à la requête 1 en 5 s (rien n'a encore été lu de lui\u00a0: s'il a répondu, il doit vider sa sortie après "
         "chaque ligne, par exemple print(..., flush=True))\u00a0; il joue pass"),
        ("player 1 (x): closed its output; it plays safe defaults from now on", "joueur 1 (x)\u00a0: a fermé sa sortie\u00a0; il joue désormais des coups sûrs"),
        ("player 1 (x): bad answer to request 3: 'discard 9m' is not legal now; legal: discard 1m, discard 2m; playing discard 1m",
         "joueur 1 (x)\u00a0: mauvaise réponse à la requête 3\u00a0: «\u00a0discard 9m\u00a0» n'est pas permis maintenant\u00a0; permis\u00a0: discard 1m, discard 2m\u00a0; il joue discard 1m"),
        ("player 1 (x): bad answer to request 3: a line longer than 65536 bytes; playing pass",
         "joueur 1 (x)\u00a0: mauvaise réponse à la requête 3\u00a0: une ligne de plus de 65536 octets\u00a0; il joue pass"),
        ("player 1 (x): stale reply to request 2 (waiting for 3); ignored", "joueur 1 (x)\u00a0: réponse périmée à la requête 2 (la 3 est attendue)\u00a0; ignoré"),
        ("player 1 (x): bad answer to request 4: reply 4 has no \"action\" text; playing pass",
         "joueur 1 (x)\u00a0: mauvaise réponse à la requête 4\u00a0: la réponse 4 n'a pas de texte «\u00a0action\u00a0»\u00a0; il joue pass"),
        ("player 1 (x): bad answer to request 4: reply id '4' is not the whole number 4: write \"id\": 4; playing pass",
         "joueur 1 (x)\u00a0: mauvaise réponse à la requête 4\u00a0: l'id de réponse «\u00a04\u00a0» n'est pas le nombre entier 4\u00a0: écrivez \"id\": 4\u00a0; il joue pass"),
        ("player 1 (x): bad answer to request 4: reply has no \"id\": answer request 4 with {\"id\": 4, \"action\": ...}; playing pass",
         "joueur 1 (x)\u00a0: mauvaise réponse à la requête 4\u00a0: la réponse n'a pas d'«\u00a0id\u00a0»\u00a0: répondez à la requête 4 par {\"id\": 4, \"action\": ...}\u00a0; il joue pass"),
        ("player 1 (python -c 'print(1)'): bad answer to request 17: not JSON (expecting value at column 1): 'zz'; playing pass",
         "joueur 1 (python -c 'print(1)')\u00a0: mauvaise réponse à la requête 17\u00a0: pas du JSON (valeur attendue à la colonne 1)\u00a0: «\u00a0zz\u00a0»\u00a0; il joue pass"),
        ("player 1 (x): it speaks 'hkmj-bot/2'; this host speaks hkmj-bot/1 (docs/bot-protocol.md): its 'hello' message is not an answer; ignored",
         "joueur 1 (x)\u00a0: il parle «\u00a0hkmj-bot/2\u00a0»\u00a0; cet hôte parle hkmj-bot/1 (docs/bot-protocol.md)\u00a0: son message «\u00a0hello\u00a0» n'est pas une réponse\u00a0; ignoré"),
        ("player 1 (x): a 'log' message, not an answer; ignored", "joueur 1 (x)\u00a0: un message «\u00a0log\u00a0», pas une réponse\u00a0; ignoré"),
        ("player 1 (x): and 12,345 more lines like these ignored while waiting for request 7",
         "joueur 1 (x)\u00a0: et 12 345 lignes de plus comme celles-ci ignorées en attendant la requête 7"),
        ('needs the "arena" extra (openskill missing): pip install "hkmj[arena]"', 'il faut l\'extra "arena" (openskill manquant)\u00a0: pip install "hkmj[arena]"'),
        ('needs the "arena" extra (openskill, matplotlib missing): pip install "hkmj[arena]"',
         'il faut l\'extra "arena" (openskill, matplotlib manquants)\u00a0: pip install "hkmj[arena]"'),
        ('the ray backend needs the "ray" extra: pip install "hkmj[ray]"', 'le backend ray demande l\'extra «\u00a0ray\u00a0»\u00a0: pip install "hkmj[ray]"'),
        ("cannot write out.png: Permission denied", "impossible d'écrire out.png\u00a0: permission refusée"),
        ("port 80 on 0.0.0.0: permission denied (ports below 1024 need administrator rights): choose another with --port 8000",
         "port 80 de 0.0.0.0\u00a0: permission refusée (les ports sous 1024 demandent les droits d'administrateur)\u00a0: choisissez-en un autre avec --port 8000"),
        ("cannot open the database file /srv/hkmj.db (Operation not permitted)",
         "impossible d'ouvrir le fichier de base de données /srv/hkmj.db (opération non permise)"),
        ("another hkmj serve is using this database: stop it first (two servers would both play its tables and mix their moves in one log)",
         "un autre hkmj serve utilise cette base de données\u00a0: arrêtez-le d'abord (deux serveurs joueraient tous deux ses tables et mêleraient "
         "leurs coups dans un même journal)"),
    ],
)
def test_phrases_in_french(english: str, french: str) -> None:
    assert run_error_in(english, "fr") == french
    assert run_error_in(english, "en") == english


def test_every_label_has_its_french() -> None:
    assert all(LABELS.values()) and "hands" in LABELS and "95% interval" in LABELS


def test_the_arena_plot_in_french(tmp_path: Path) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    result = ArenaResult(["greedy", "random"], {"greedy": 26.0, "random": 24.0}, {"greedy": 8.0, "random": 8.0},
                         {"greedy": 4, "random": 4}, {"greedy": 3, "random": -3},
                         [(4, {"greedy": (26.0, 8.0), "random": (24.0, 8.0)})])  # fmt: skip
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the words kept as text in the file
        result.plot(str(tmp_path / "fr.svg"), "fr")
        result.plot(str(tmp_path / "en.svg"))
    french, english = (tmp_path / "fr.svg").read_text(encoding="utf-8"), (tmp_path / "en.svg").read_text(encoding="utf-8")
    assert "donnes jouées (toutes tables)" in french and "places tournantes" in french and "hands played" not in french
    assert "hands played (all tables)" in english and "hkmj arena: duplicate deals, rotated seats" in english


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        (["--rules", "hk"], "règles de Hong Kong"),
        (["--rules", "mcr"], "règles officielles chinoises (MCR)"),
        (["--rules", "classical"], "jeu classique (points et doublements)"),
        (["--rules", "hk", "--option", "minfan=3"], "règles de Hong Kong (minfan=3)"),
        (["--rules", "classical", "--option", "pay_highest=on"], "jeu classique (points et doublements\u00a0; pay_highest=on)"),
    ],
)
def test_simulate_names_the_ruleset_in_a_french_sentence(rules: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The first line names the ruleset as French says it after a comma: it said "règles Règles
    officielles chinoises (MCR)" (the word twice), "règles Classique (...)" (a capital in
    mid-sentence) and "doublements; pay_highest=on" (no space before the semicolon)."""
    assert main(["simulate", "--hands", "1", "--seed", "1", "--quiet", "--lang", "fr", *rules]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"hkmj simulate\u00a0: graine 1, robots glouton, glouton, hasard, hasard, {said}"


@pytest.mark.parametrize(("lang", "rules"), [("en", "classical"), ("fr", "classical"), ("en", "mcr"), ("fr", "mcr")])
def test_the_simulate_summary_fits_an_80_column_terminal(
    lang: str, rules: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --rules classical`` began with a 96-column line (105 in French: seed, bots
    and the ruleset's name), which an 80-column terminal broke anywhere; on a terminal it is now
    filled to its width like ``hkmj replay --show`` (to a file or a pipe, lines stay whole)."""
    import sys

    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["simulate", "--hands", "2", "--seed", "1", "--quiet", "--lang", lang, "--rules", rules]) == 0
    out = capsys.readouterr().out
    assert out.startswith("hkmj simulate") and max(len(line) for line in out.splitlines()) <= 80, out


def test_french_texts_quote_with_guillemets_and_english_keeps_its_quotes() -> None:
    """French typography quotes « X », a no-break space inside each guillemet: the French errors
    quoted 'X' as the English do in places (``--seat 'X' : un vent est attendu``) and « X » in
    others (``attendu « PLACE: TUILES, ... »``). An apostrophe, an item of a list, the value of a
    ``key='value'`` as typed and a bot's command line (the shell's quotes) stay as they are."""
    from hkmj.review import ReviewError
    from hkmj.score_words import error_in, guillemets

    assert guillemets("--seat 'X'\u00a0: un vent est attendu") == "--seat «\u00a0X\u00a0»\u00a0: un vent est attendu"
    assert guillemets("attendu «\u00a0PLACE: TUILES\u00a0»\u00a0; c'est l'Est") == "attendu «\u00a0PLACE: TUILES\u00a0»\u00a0; c'est l'Est"
    assert guillemets("prevailing ['E', 'S']\u00a0: option minfan='2'") == "prevailing ['E', 'S']\u00a0: option minfan='2'"
    assert guillemets("joueur 1 (\x02python -c 'print(1)'\x03)\u00a0: 'zz'") == "joueur 1 (python -c 'print(1)')\u00a0: «\u00a0zz\u00a0»"
    english = "unknown flag 'riichi' for MCR: expected any of last_wall_tile"
    assert error_in(english, "en") == english
    assert error_in(english, "fr") == "drapeau «\u00a0riichi\u00a0» inconnu en MCR\u00a0: attendu parmi last_wall_tile"
    assert error_in("no French for this 'one'", "fr") == "no French for this 'one'"  # a message left in English is left whole
    err = ReviewError("no_player", who=repr("Bob"), names=("Ann", "Bo"))
    assert "--seat 'Bob': no such player" in err.say("en") and "a name: 'Ann', 'Bo'" in err.say("en")
    assert "--seat «\u00a0Bob\u00a0»\u00a0: aucun joueur" in err.say("fr") and "un nom\u00a0: «\u00a0Ann\u00a0», «\u00a0Bo\u00a0»" in err.say("fr")
    assert "'" not in run_error_in("the ray backend needs the \"ray\" extra: pip install \"hkmj[ray]\"", "fr").replace("l'extra", "")
