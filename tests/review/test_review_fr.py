"""``hkmj review --lang fr`` (issue 14): the text summary and the HTML page in French, with the
terminal's French tile, wind, distance and action names, the HK-6 fan names for the plans the
advisor aims at, and every note the advisors write on seeded games rendered in French, so no
English is left in the French page; an unknown language is a clear error."""

from __future__ import annotations

import html
import re
import string
from collections.abc import Sequence
from pathlib import Path

import pytest

from hkmj.bots.advice import Advice, Advisor, make_advisor
from hkmj.bots.strong import PLAN_NAMES, StrongBot, plan_name
from hkmj.cli import main
from hkmj.engine import Action, SeatView
from hkmj.review import Loaded, Review, analyse, load, resolve_player, summary_text
from hkmj.review_html import render_html
from hkmj.review_words import NOTES, STRINGS, Words, words
from hkmj.server.svg import face
from hkmj.tiles import name

BOTS = "random,expert,greedy,strong"
"""Player 1 plays at random (mistakes to review); the others give the advisor every kind of decision."""

SHARED = {"action", "chance", "chow", "chows", "pung", "pungs", "kong", "kongs", "Mahjong", "expert", "hkmj", "points", "Hong", "Kong", "minimum"}
"""Words an English and a French page may both hold: French words too, names, the program."""


def _record(tmp: Path, rules: str = "hk", hands: int = 2, seed: int = 5) -> Path:
    path = tmp / f"{rules}-{seed}.jsonl"
    args = ["simulate", "--hands", str(hands), "--seed", str(seed), "--bots", BOTS, "--record", str(path), "--quiet"]
    assert main([*args, "--rules", rules]) == 0
    return path


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("review-fr")
    return {rules: _record(tmp, rules) for rules in ("hk", "mcr", "classical")}


@pytest.fixture(scope="module")
def hk_review(records: dict[str, Path]) -> Review:
    return analyse(load(records["hk"]), "1")


def visible_words(page: str) -> set[str]:
    """The words a reader sees in a page, tooltips and tile names included (not the style sheet
    nor the tile drawings' own letters)."""
    body = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    body = re.sub(r'<svg width="0".*?</svg>', " ", body, count=1, flags=re.S)
    attrs = " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', body))
    text = html.unescape(re.sub(r"<[^>]+>", " ", body) + " " + attrs)
    return set(re.findall(r"[A-Za-z][a-zà-ÿ'’]+", text))


def _english_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][a-z']+", text)) - SHARED


def test_both_languages_have_the_same_strings_and_placeholders() -> None:
    fields = {lang: {k: {f for _, f, _, _ in string.Formatter().parse(v) if f} for k, v in t.items()} for lang, t in STRINGS.items()}
    assert fields["en"] == fields["fr"]


def test_every_note_phrase_has_a_french_rendering_hk_6() -> None:
    """Each fixed phrase of the bots' notes, with each kind of variable part (a distance from
    ready, a tile, an HK-6 plan, a number, a rule such as MCR-5.4's dead hand), is rendered in French without its English words."""
    samples = {
        "away": ["ready", "complete", "1 tile from ready", "3 tiles from ready"],
        "tile": [name(t) for t in (4, 27, 31)],
        "plan": ["a standard hand", "all pungs", "seven pairs", "thirteen orphans", "mixed one suit", "pure one suit"],
        "what": ["pung", "chow"],
        "num": ["1.5", "8"],
        "pts": ["1.5 points", "2.5 points"],
        "unit": ["points", "fan"],
        "rule": ["MCR-5.4"],
    }
    fr = words("fr")
    for en, _ in NOTES:
        for i in range(6):
            note = en.format(**{k: v[i % len(v)] for k, v in samples.items()})
            got = fr.note(note)
            assert got is not None, note
            assert not _english_words(got) & _english_words(note), (note, got)
    # a note of several parts, and the French names it reuses (terminal distances, HK-6 fans)
    got = fr.note("1 tile from ready; aiming at seven pairs (ready); risks 1.5 points in deal-ins")
    assert got == "à 1 tuile d'une main prête\u00a0; vise «\u00a0Sept paires\u00a0» (prête)\u00a0; risque de coûter 1,5 point en donnant la victoire"
    assert fr.note("pung, then discard White dragon (2 tiles from ready)") == (
        "pung, puis défausser Dragon Blanc (à 2 tuiles d'une main prête)"
    )
    assert words("en").note("a note the table does not know") == "a note the table does not know"
    assert fr.note("a note the table does not know") is None
    assert fr.note("ready; a new reason") is None


def test_every_note_the_advisors_write_on_seeded_games_is_french_hk_mcr_classical(records: dict[str, Path]) -> None:
    """Every note the expert advisor (and the strong bot, its fallback) gives for every legal
    action at every decision of every player, on seeded games of each ruleset, has a French
    rendering (HK, MCR-5.1 points minimum, classical)."""
    fr = words("fr")
    seen: set[str] = set()
    for path in records.values():
        loaded = load(path)
        for who in "1234":
            for advisor in (make_advisor(0), StrongBot(0)):
                for d in analyse(loaded, who, advisor=advisor).decisions:
                    seen.update(a.note for a in d.advice)
    assert len(seen) >= 20, "the seeded games give the advisors varied decisions"
    assert [n for n in seen if fr.note(n) is None] == []


HK_PLAN_WORDS = ("mixed one suit", "pure one suit", "all pungs", "seven pairs", "thirteen orphans")
"""The Hong Kong fans (HK-6) the bots' plans are named by at a Hong Kong table."""


def test_the_advisors_name_plans_as_the_classical_table_does_cl_5_3_cl_6(records: dict[str, Path]) -> None:
    """CL-5.3, CL-6: at a classical table the advisors' notes name the plan they aim at as the
    classical game does (a pure hand, Mahjong without a chow, seven pairs...) or in plain words
    (one suit with honours), never by a Hong Kong fan (they said "aiming at mixed one suit"), in
    English and in French."""
    loaded = load(records["classical"])
    notes: set[str] = set()
    for who in "1234":
        for advisor in (make_advisor(0), StrongBot(0)):
            notes.update(a.note for d in analyse(loaded, who, advisor=advisor).decisions for a in d.advice)
    planned = [n for n in notes if re.search(r"aim(?:s|ing) at (?!\d|a standard)", n)]
    assert planned, "the seeded games give the advisors plans to name"
    assert not [n for n in planned if any(w in n for w in HK_PLAN_WORDS)]
    english = {en: fr for en, fr in PLAN_NAMES["classical"].values()}
    for note in planned:
        named = [en for en in english if en in note]
        assert named, note
        assert all(english[en] in (words("fr").note(note) or "") for en in named), note


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_every_plan_has_the_tables_own_name_mcr_6_cl_5(rules: str) -> None:
    """MCR-6.28, 6.29, 6.55, 6.58, 6.81 (All Pungs, Half Flush, Seven Pairs, Full Flush, Thirteen
    Orphans); CL-5.3, CL-6: each plan the bots aim at has the table's own name, and the notes that
    carry it are rendered in French by that name."""
    for plan, (en, fr) in PLAN_NAMES[rules].items():
        assert plan_name(plan, rules) == en and en not in HK_PLAN_WORDS
        note = f"1 tile from ready; aiming at {en} (2 tiles from ready)"
        assert f"«\u00a0{fr}\u00a0»" in (words("fr").note(note) or ""), note
    assert plan_name("mixed_one_suit", "mcr") == "Half Flush" and plan_name("mixed_one_suit") == "mixed one suit"


def test_french_text_summary_in_80_columns(hk_review: Review) -> None:
    """The summary in French keeps the 80-column layout and leaves no English word."""
    en, raw = summary_text(hk_review, top=5), summary_text(hk_review, top=5, lang="fr")
    assert "\u00a0: " in raw and " : " not in raw and not re.search(r"^\s*[:;]", raw, re.M)  # French typography: no line starts with a colon
    fr = raw.replace("\u00a0", " ")
    assert fr.startswith("Analyse de partie : joueur 1, 2 donnes, Hong Kong, face au robot expert.")
    assert "Les plus grosses erreurs d'abord (5 sur" in fr and " 1. Donne " in fr and "Avant : " in fr
    assert all(len(line) <= 80 for line in raw.splitlines())
    biggest = hk_review.mistakes[0].loss
    assert f"-{biggest:.2f}".replace(".", ",") in fr
    assert not _english_words(fr) & _english_words(en)


def test_french_html_page_has_no_english_left_hk_1(hk_review: Review) -> None:
    """HK-1: the page in French names every tile in French (aria-label, tooltip), draws the
    French wind letters, and no word of the English page is left but those both languages share."""
    en, fr = render_html(hk_review), render_html(hk_review, lang="fr")
    assert fr.startswith('<!DOCTYPE html>\n<html lang="fr">')
    assert "<h1>Analyse de partie\u00a0: joueur 1</h1>" in fr  # French typography: no-break space before a colon
    symbols = re.findall(r'<symbol id="t-(\w+)"[^>]*>(.*?)</symbol>', fr)
    assert symbols
    for tile, body in symbols:  # drawn with the French letters (O for Ouest, HK-1)
        assert all(t in body for t in re.findall(r"<text[^>]*>[^<]*</text>", face(tile, "fr"))), tile
    assert "Les plus grosses erreurs d" in fr and "Toutes les décisions, donne par donne" in fr
    left = visible_words(fr) & visible_words(en)
    assert left <= SHARED, left - SHARED
    labels = set(re.findall(r'aria-label="([^"]*)"', fr))
    assert labels and labels <= {html.escape(words("fr").tile(t)) for t in range(42)}
    # advice notes in French in the table of every legal action
    notes = [best.note for d in hk_review.mistakes[:20] for best in d.advice if best.note]
    assert notes and all(html.escape(n) not in fr for n in notes if _english_words(n))


class _NewNotes:
    """An advisor whose notes the review has no French for (a bot changed since)."""

    def __init__(self) -> None:
        self.bot = StrongBot(0)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.bot.choose(view, legal)

    def advise(self, view: SeatView, legal: Sequence[Action]) -> list[Advice]:
        return [a._replace(note="an unheard-of reason") for a in self.bot.advise(view, legal)]


def test_a_note_without_french_is_left_out_of_the_french_page(records: dict[str, Path]) -> None:
    adv = _NewNotes()
    assert isinstance(adv, Advisor)
    r = analyse(load(records["hk"]), "1", advisor=adv)
    assert "unheard" in render_html(r) and "unheard" in summary_text(r)
    assert "unheard" not in render_html(r, lang="fr") and "unheard" not in summary_text(r, lang="fr")


def test_players_are_named_in_french_hk_2_1(records: dict[str, Path]) -> None:
    """HK-2.1: the player who drew a wind, a number, and the names a table log gives its seats."""
    loaded = load(records["hk"])
    r = analyse(loaded, "W")
    draw = loaded.events[0]["seat_draw"]
    assert isinstance(draw, list)
    assert r.player_in("fr") == f"joueur {draw.index('W') + 1} (a tiré Ouest)"
    assert r.player == resolve_player("W", loaded)[1] == f"player {draw.index('W') + 1} (drew West)"
    named = analyse(Loaded(loaded.events, ["player 1", "Bot 2 (greedy)", "Ann", "Bot 4 (expert)"]), "2")
    assert named.player == "Bot 2 (greedy)" and named.player_in("fr") == "Robot 2 (glouton)"
    before = analyse(Loaded(loaded.events, ["player 1", "greedy bot", "Ann", "expert bot"]), "2")  # an older export's names
    assert before.player == "Bot 2 (greedy)" and before.player_in("fr") == "Robot 2 (glouton)"
    assert analyse(Loaded(loaded.events, ["player 1", "greedy bot", "Ann", "x"]), "ann").player_in("fr") == "Ann"


def test_french_rules_and_actions_mcr_classical(records: dict[str, Path]) -> None:
    """The ruleset's French title (MCR, classical) and the actions in the terminal hint's words."""
    r = analyse(load(records["mcr"]), "1")
    assert "2 donnes, Règles officielles chinoises (MCR), face au robot expert." in " ".join(summary_text(r, lang="fr").replace("\u00a0", " ").split())
    w = Words("fr")
    from hkmj.engine import PASS, Chow, Discard, Kong, Pung, Win

    assert [w.action(a, 31) for a in (Discard(4), Chow(3), Pung(), Kong(9, "concealed"), Kong(9, "added"), Win(), PASS)] == [
        "défausser 5 Caractères",
        "chow 4-5-6 Caractères",
        "pung Dragon Blanc",
        "kong caché 1 Cercles",
        "kong ajouté 1 Cercles",
        "annoncer Mahjong",
        "passer",
    ]
    assert [w.distance(-1), w.distance(0, (18, 21)), w.distance(2)] == ["complète", "prête, attend 1 Bambous, 4 Bambous", "à 2 tuiles d'une main prête"]
    assert w.points(1.5) == "1,50 point" and w.points(3.714) == "3,71 points" and w.pct(0.31) == "31\u00a0%"


def test_cli_lang_fr_writes_french_and_an_unknown_language_is_refused(
    records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.html"
    assert main(["review", str(records["classical"]), "--lang", "fr", "--html", str(out), "--top", "3"]) == 0
    text = capsys.readouterr().out.replace("\u00a0", " ")
    assert text.startswith("Analyse de partie : joueur 1, 2 donnes, Classique (points et doublements)")
    assert f"Analyse HTML : {out}" in text
    assert '<html lang="fr">' in out.read_text(encoding="utf-8")
    assert main(["review", str(records["classical"]), "--lang", "FR", "--html", "-"]) == 0
    assert capsys.readouterr().out.startswith("Analyse de partie")
    with pytest.raises(SystemExit) as exc:
        main(["review", str(records["classical"]), "--lang", "de"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "--lang: language 'de': the review is written in en (English) or fr (French)" in err
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())
    assert "--lang en|fr" in helptext and "en (English) or fr (French); without --lang, the locale's, as GNU programs read it: fr if LANGUAGE" in helptext


@pytest.mark.parametrize(
    ("setup", "args", "english", "french"),
    [
        (None, ["nope.jsonl"], "nope.jsonl: no such file", "nope.jsonl\u00a0: fichier introuvable"),
        (None, ["."], ".: is a folder", ".\u00a0: c'est un dossier"),
        (b"", ["f.jsonl"], "f.jsonl: the file is empty", "f.jsonl\u00a0: le fichier est vide"),
        (b"\x89PNG\r\n\x1a\n\xff\x00", ["f.jsonl"], "not a text file", "pas un fichier texte"),
        (b"hello\n", ["f.jsonl"], "f.jsonl:1: not JSON (expecting value at column 1)", "f.jsonl:1\u00a0: pas du JSON (valeur attendue à la colonne 1)"),
        (b'{"seq":1,"kind":"join","data":{}}\n', ["f.jsonl"], "bad table log", "journal de table invalide"),
        ("record", ["f.jsonl", "--seat", "Bob"], "--seat 'Bob': no such player", "--seat «\u00a0Bob\u00a0»\u00a0: aucun joueur"),
        # a number is no name: it read "aucun joueur de ce nom" for --seat 5
        ("record", ["f.jsonl", "--seat", "5"], "--seat '5': no such player in this record", "--seat «\u00a05\u00a0»\u00a0: aucun joueur ne correspond dans cet enregistrement"),
        # the French winds as hkmj score and the --seat help give them (E/S/O/N): it read "E, S, W (ou O) ou N"
        ("record", ["f.jsonl", "--seat", "X"], "give E, S, W or N (the wind", "donnez E, S, O (ou W) ou N (le vent"),
        ("record", ["f.jsonl", "--html", "no/such/dir/r.html"], "no folder 'no/such/dir'", "pas de dossier «\u00a0no/such/dir\u00a0»"),
    ],
)
def test_review_errors_follow_lang(
    records: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    setup: bytes | str | None,
    args: list[str],
    english: str,
    french: str,
) -> None:
    """``hkmj review --lang fr``: what is wrong with the input (a missing file, a directory, an
    empty, binary or non-JSON file, a bad table log, an unknown --seat, an unwritable page) is
    said in French, with French typography (the command's name too: ``hkmj review : …``, as
    ``hkmj play`` writes it); in English by default; never a traceback."""
    monkeypatch.chdir(tmp_path)
    if isinstance(setup, bytes):
        (tmp_path / "f.jsonl").write_bytes(setup)
    elif setup == "record":
        (tmp_path / "f.jsonl").write_bytes(records["hk"].read_bytes())
    for lang, expected in (("en", english), ("fr", french)):
        assert main(["review", *args, "--lang", lang, "--quiet", "--top", "1"]) == 2
        err = capsys.readouterr().err
        prefix = "hkmj review\u00a0: " if lang == "fr" else "hkmj review: "
        assert err.startswith(prefix) and expected in err and "Traceback" not in err


def test_the_systems_reason_is_french_too(records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang fr``: why a file cannot be written (the operating system's reason, English in
    ``strerror``) is named in French as well, for the review page and for ``hkmj play --record``;
    English stays the system's words."""
    from hkmj.oserror import OSReason

    missing = tmp_path / "no" / "such" / "r.html"
    assert main(["review", str(records["hk"]), "--lang", "fr", "--quiet", "--html", str(missing)]) == 2
    err = capsys.readouterr().err
    assert f"pas de dossier «\u00a0{missing.parent}\u00a0»" in err and "No such file" not in err  # the missing folder named
    assert main(["play", "--record", str(missing.with_suffix(".jsonl")), "--lang", "fr"]) == 2
    err = capsys.readouterr().err  # the missing folder named (tests/tui/test_resume.py), in French
    assert f"pas de dossier «\u00a0{missing.parent}\u00a0»" in err and "No such file" not in err and "Traceback" not in err
    assert main(["play", "--record", str(missing.with_suffix(".jsonl"))]) == 2
    assert f"no folder '{missing.parent}'" in capsys.readouterr().err
    assert OSReason.of(OSError(12345, "Strange failure")).say("fr") == "Strange failure"  # rare: the system's words


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_mcr_cl_a_review_of_another_ruleset_cites_no_hong_kong_rule(records: dict[str, Path], rules: str) -> None:
    """The review of an MCR or classical record (text and HTML, English and French) never cites
    a Hong Kong rule (HK-…) nor names Hong Kong: its words are the terminal's, made for the
    record's ruleset (tile names, distances, actions, the ruleset's unit)."""
    r = analyse(load(records[rules]), "1")
    for lang in ("en", "fr"):
        for page in (summary_text(r, lang=lang), render_html(r, lang=lang)):
            assert not re.search(r"\bHK-\d", page) and "Hong Kong" not in page, lang


def test_a_seat_taken_without_a_name_is_named_in_the_reviews_language() -> None:
    """A person seated at a server table without a name is "Player 2" in its log (the table's
    default, hkmj.server.table): the French review called them "joueur 2 (Player 2)", English in a
    French page; now "joueur 2" (and "player 2", not "player 2 (Player 2)", in English), while a
    chosen name is kept."""
    from hkmj.review_words import Who, Words

    assert Words("fr").who(Who("number", n=2, name="Player 2")) == "joueur 2"
    assert Words("en").who(Who("number", n=2, name="Player 2")) == "player 2"
    assert Words("fr").who(Who("number", n=1, name="Ann")) == "joueur 1 (Ann)"
    assert Words("fr").who(Who("number", n=2, name="Bot 2 (greedy)")) == "Robot 2 (glouton)"
    assert Words("fr").name("Player 3") == "joueur 3"


def test_the_page_writes_every_negative_number_with_the_minus_sign(hk_review: Review) -> None:
    """The page's headings wrote a loss "−0,39" (the minus sign) and its tables and sentences a
    negative value "-0,23" (a hyphen), in English and French: every negative number now has the
    minus sign, as in the headings."""
    for lang in ("en", "fr"):
        page = render_html(hk_review, lang=lang)
        body = re.sub(r"<style>.*?</style>|<svg.*?</svg>|<script>.*?</script>", " ", page, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", body))
        assert not re.findall(r"(?<![\w-])-\d", text), (lang, re.findall(r".{20}(?<![\w-])-\d.{10}", text)[:3])
        assert re.search(r"\(value \u2212\d|\(valeur \u2212\d", text), lang  # the review of a random player has some
