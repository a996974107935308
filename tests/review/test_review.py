"""``hkmj review`` (issue 14): every decision of one player in a seeded record against the advisor,
the biggest mistakes first, shanten and waits before and after, every ruleset, both input forms
(a record and a server table's log), and clear errors for bad input."""

from __future__ import annotations

import html
import io
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import pytest

from hkmj.bots import make_bot
from hkmj.bots.advice import Advisor, make_advisor
from hkmj.bots.strong import StrongBot
from hkmj.cli import main
from hkmj.engine import PASS, Discard, Hand, Match, Win, play_hand
from hkmj.engine.wall import random_wall
from hkmj.hand import shanten, waits
from hkmj.record import replay
from hkmj.review import Loaded, Review, ReviewError, analyse, load, resolve_player, summary_text
from hkmj.review_words import words
from hkmj.rulesets import get_ruleset
from hkmj.server.export import LogError, record_from_log
from hkmj.server.protocol import TableConfig
from hkmj.tiles import counts_of, tile

BOTS = "random,strong,greedy,strong"
"""Player 1 plays at random: plenty of mistakes to review."""


def _record(tmp: Path, hands: int, seed: int, rules: str = "hk", bots: str = BOTS) -> Path:
    path = tmp / f"{rules}-{seed}.jsonl"
    assert (
        main(
            [
                "simulate",
                "--hands",
                str(hands),
                "--seed",
                str(seed),
                "--bots",
                bots,
                "--record",
                str(path),
                "--quiet",
                "--rules",
                rules,
            ]
        )
        == 0
    )
    return path


@pytest.fixture(scope="module")
def hk_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _record(tmp_path_factory.mktemp("review"), 3, 11)


@pytest.fixture(scope="module")
def hk_review(hk_record: Path) -> Review:
    return analyse(load(hk_record), "1")


def _player_discards(events: list[dict[str, object]], player: int) -> int:
    """Discards recorded for ``player`` (the seat it held in each hand)."""
    n, seat = 0, -1
    for e in events:
        if e["type"] == "hand_start":
            players = e["players"]
            assert isinstance(players, list)
            seat = players.index(player)
        elif e["type"] == "discard" and e["seat"] == seat:
            n += 1
    return n


def test_every_decision_of_the_player_is_reviewed_passes_included_hk_3_hk_4(hk_record: Path, hk_review: Review) -> None:
    """HK-3, HK-4: every discard of the player is a decision, and so are its claim answers (passes
    included); each decision values every legal action exactly once, the advice first."""
    ds = hk_review.decisions
    discards = [d for d in ds if isinstance(d.played, Discard)]
    assert len(discards) == _player_discards(load(hk_record).events, 0)
    assert any(d.phase == "claim" and d.played == PASS for d in ds)
    for d in ds:
        actions = [a.action for a in d.advice]
        assert len(actions) == len(set(actions)) >= 2
        assert d.played in actions
        assert all(math.isfinite(a.value) for a in d.advice)
        assert d.loss == pytest.approx(max(0.0, d.best.value - d.mine.value))
        assert d.best.value >= max(a.value for a in d.advice) - 1e-9
    assert [d.hand for d in ds] == sorted(d.hand for d in ds)


def test_biggest_mistake_is_listed_first(hk_review: Review) -> None:
    """The mistakes come sorted by points lost, and the text summary names the biggest first."""
    bad = hk_review.mistakes
    assert len(bad) >= 3, "a random player makes mistakes"
    assert [d.loss for d in bad] == sorted((d.loss for d in bad), reverse=True)
    assert bad[0].loss == max(d.loss for d in hk_review.decisions)
    text = summary_text(hk_review, top=3)
    first = text.index(" 1. ")
    assert f"-{bad[0].loss:.2f} points" in text[first : text.index(" 2. ")]
    assert all(len(line) <= 80 for line in text.splitlines())
    assert hk_review.lost == pytest.approx(sum(d.loss for d in hk_review.decisions))


def test_shanten_and_waits_before_and_after_hk_5(hk_review: Review) -> None:
    """HK-5: the distance from ready before a discard and after it (and after the advised discard)
    are :mod:`hkmj.hand`'s, with the waits of a ready hand."""
    for d in hk_review.decisions:
        if not isinstance(d.played, Discard):
            continue
        melds = len(d.melds)
        c = counts_of(d.concealed)
        assert d.shanten_before == shanten(c, melds)
        c[d.played.tile] -= 1
        assert d.shanten_after == shanten(c, melds)
        assert d.waits_after == (tuple(waits(c, melds)) if d.shanten_after == 0 else ())
        best = d.best.action
        if isinstance(best, Discard):
            c[d.played.tile] += 1
            c[best.tile] -= 1
            assert d.shanten_advised == shanten(c, melds)


def test_a_strong_player_agrees_with_the_strong_advisor(hk_record: Path) -> None:
    """Reviewing the strong bot against the strong bot finds (nearly) nothing: the valuations are
    the bot's own (only its seeded tie-breaks may differ)."""
    r = analyse(load(hk_record), "2", advisor=StrongBot(0))
    agree = sum(1 for d in r.decisions if d.agrees)
    assert agree >= 0.9 * len(r.decisions)


def test_winds_name_the_player_who_drew_them_hk_2_1(hk_record: Path) -> None:
    """HK-2.1: ``--seat W`` follows the player who drew West through the seat changes."""
    loaded = load(hk_record)
    draw = loaded.events[0]["seat_draw"]
    assert isinstance(draw, list)
    for letter in "ESWN":
        players, label = resolve_player(letter, loaded)
        assert set(players) == {draw.index(letter)}
        assert f"player {draw.index(letter) + 1}" in label
    assert resolve_player("3", loaded)[0] == [2] == resolve_player("slot2", loaded)[0]
    with pytest.raises(ReviewError, match="no such player"):
        resolve_player("slot4", loaded)


@pytest.mark.parametrize("rules", ["mcr", "classical"])
def test_review_under_mcr_and_classical_rules(tmp_path: Path, rules: str) -> None:
    """MCR-5.1 and the classical game: every ruleset's record is reviewed, values are finite."""
    path = _record(tmp_path, 1, 4, rules)
    r = analyse(load(path), "1")
    assert r.decisions and r.rules.startswith(get_ruleset(rules).title)
    assert all(math.isfinite(a.value) for d in r.decisions for a in d.advice)


def test_a_classical_review_says_its_points_are_the_hong_kong_models_cl_7_hk_6(tmp_path: Path) -> None:
    """The advisor values a classical hand with its Hong Kong model (docs/bots.md): the same
    position is valued the same at both tables, while a classical Mahjong is worth its CL-7 payment.
    The review called every figure the ruleset's points; the summary and the page of a classical
    review now say whose scale they are on (in English and French), the others do not."""
    hk, cl = analyse(load(_record(tmp_path, 1, 4, "hk")), "1"), analyse(load(_record(tmp_path, 1, 4, "classical")), "1")
    first = hk.decisions[0], cl.decisions[0]
    assert first[0].concealed == first[1].concealed  # the seeded hand is dealt alike
    assert [(a.action, a.value) for a in first[0].advice] == [(a.action, a.value) for a in first[1].advice]
    assert cl.proxy and not hk.proxy
    for lang, phrase in (("en", "the advisor's values are on its own model's scale (a small win is worth 4 to 6 points there), not classical scores (CL-7)"),
                         ("fr", "les valeurs du conseiller sont à l'échelle de son propre modèle (une petite victoire y vaut de 4 à 6 points), pas des scores classiques (CL-7)")):
        text = " ".join(summary_text(cl, lang=lang).split())
        assert phrase in text.replace("\u00a0", " "), text
        assert "(CL-7)" not in summary_text(hk, lang=lang)
        from hkmj.review_html import render_html

        assert phrase in html.unescape(render_html(cl, lang=lang)).replace("\u00a0", " ")


def test_a_review_at_hk_payment_options_says_the_advisor_uses_standard_payments_hk_6(tmp_path: Path) -> None:
    """Hong Kong house options that change payments (base=10, payment=half-shooter…) are not in the
    advisor's model: a position is valued the same at base 1 and base 10, while a Mahjong is worth
    its actual payment (ten times as much). The review now says so, naming the options in the lobby's words
    ("base value 10, the discarder pays for all"), in English and French, no word cut at the end of a line."""
    from hkmj.review_html import render_html

    plain = analyse(load(_record(tmp_path, 1, 4, "hk")), "1")
    path = tmp_path / "b10.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "4", "--bots", BOTS, "--option", "base=10",
                 "--option", "payment=half-shooter", "--option", "minfan=1", "--record", str(path), "--quiet"]) == 0
    r = analyse(load(path), "1")
    assert r.proxy == "base=10, payment=half-shooter" and not plain.proxy
    first = plain.decisions[0], r.decisions[0]
    assert first[0].concealed == first[1].concealed
    assert [(a.action, a.value) for a in first[0].advice] == [(a.action, a.value) for a in first[1].advice]
    for lang, phrase in (("en", "With this table's house options (base value 10, the discarder pays for all) the advisor values hands with Hong Kong's standard payments (HK-6"),
                         ("fr", "Avec les options de cette table (valeur de base 10, le défausseur paie pour tous), le conseiller évalue les mains avec les paiements standard de Hong Kong (HK-6")):
        text = summary_text(r, lang=lang)
        assert phrase in " ".join(text.split()).replace("\u00a0", " "), text
        assert not any(line.endswith("-") for line in text.splitlines())
        assert phrase in html.unescape(render_html(r, lang=lang)).replace("\u00a0", " ")
        assert "HK-6: base 1" not in summary_text(plain, lang=lang)


def test_make_advisor_is_strong_until_the_expert_lands() -> None:
    adv = make_advisor(3)
    assert isinstance(adv, Advisor)
    from hkmj.bots import BOTS

    assert type(adv).__name__ == ("StrongBot" if "expert" not in BOTS else type(make_bot("expert", 3)).__name__)


def test_cli_prints_a_summary_and_writes_a_self_contained_html(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.html"
    assert main(["review", str(hk_record), "--seat", "1", "--html", str(out), "--top", "4"]) == 0
    captured = capsys.readouterr()
    text = captured.out
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    assert "Biggest mistakes first (4 of" in text and f"HTML review: {out}" in text
    assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("HTML review: "))  # but a long path
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<symbol id="t-' in page and '<use href="#t-' in page
    assert "src=" not in page and "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    # the default: next to the record
    assert main(["review", str(hk_record), "--seat", "S"]) == 0
    assert hk_record.with_name(hk_record.stem + ".review.html").exists()


def _table_log(seed: int, hands: int) -> list[tuple[str, dict[str, object]]]:
    """A server table's log entries for a bot match with a human named Ann at slot 0 (what
    :class:`hkmj.server.table.Table` writes: create, join, start, act…, next)."""
    cfg = TableConfig(slots=[None, "greedy", "strong", "random"], hands=hands, names=["", "", "", ""])
    rng = random.Random(seed)
    entries: list[tuple[str, dict[str, object]]] = [("create", {"config": cfg.to_dict(), "seed": seed})]
    entries.append(("join", {"slot": 0, "name": "Ann", "token": "secret-hash"}))
    walls = [rng.getrandbits(128) for _ in range(hands + 1)]
    entries.append(("start", {"fill": {"1": "greedy", "2": "strong", "3": "random"}, "salt": "s", "wall": walls[0]}))
    match = Match(seed, length="hands", hands=hands, rules=get_ruleset(cfg.rules, cfg.options))
    players = [make_bot("random", 1), make_bot("greedy", 2), make_bot("strong", 3), make_bot("random", 4)]
    for k in range(hands):
        wall, dice = random_wall(random.Random(walls[k]))
        hand = match.new_hand(wall=wall, dice=dice)
        while hand.result is None:
            s = hand.pending()[0]
            slot = match.player_at(s)
            a = players[slot].choose(hand.view(s), hand.legal_actions(s))
            hand.apply(s, a)
            entries.append(("act", {"slot": slot, "seat": s, "action": str(a), "by": "bot", "cseq": 0}))
        match.finish_hand()
        entries.append(("next", {"salt": "s", "wall": walls[k + 1]}))
    return entries


def test_a_server_table_log_is_reviewed_by_player_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A table's log export re-plays into a record that ``hkmj replay`` accepts; ``--seat Ann``
    reviews the player who joined as Ann, and the seat tokens never leave the server."""
    entries = _table_log(5, 2)
    rec = record_from_log(entries)
    assert rec.over and replay(rec.events).ok
    assert rec.names == ["Ann", "Bot 2 (greedy)", "Bot 3 (strong)", "Bot 4 (random)"]
    path = tmp_path / "table.jsonl"
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    loaded = load(path)
    assert loaded.source == "table log" and loaded.names[0] == "Ann"
    assert main(["review", str(path), "--seat", "ann", "--html", "-"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Ann: 2 hands of Hong Kong")
    with pytest.raises(LogError, match="entry 1"):
        record_from_log([("act", {})])


def test_a_table_log_whose_last_line_a_crash_cut_is_read_up_to_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As for a record: review and replay leave out a log's last line cut in the middle of a
    write (no newline after it, not JSON), and say which line on stderr."""
    entries = _table_log(5, 2)
    path = tmp_path / "table.jsonl"
    lines = [json.dumps({"seq": i, "kind": k, "data": d}) for i, (k, d) in enumerate(entries)]
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20], encoding="utf-8")
    loaded = load(path)
    assert loaded.source == "table log" and loaded.cut_line == len(lines)
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "ann", "--html", "-"]) == 0
    assert f"line {len(lines)}: cut in the middle of a write" in capsys.readouterr().err
    assert main(["replay", str(path)]) == 0
    assert f"line {len(lines)} was cut in the middle of a write (a crash) and is left out" in capsys.readouterr().err


def test_a_name_in_wide_letters_keeps_the_summary_within_80_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A table name in Chinese or Japanese letters (24 of them, the most a table keeps) takes two
    columns a letter at a terminal: the summary's first line ran to 104 columns, wrapped by
    characters; it is now wrapped by columns and every line fits 80."""
    import unicodedata

    name = "麻雀大好き王小明" * 3
    entries = [(k, {**d, "name": name}) if k == "join" else (k, d) for k, d in _table_log(5, 1)]
    path = tmp_path / "table.jsonl"
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}, ensure_ascii=False) + "\n" for i, (k, d) in enumerate(entries)), encoding="utf-8")
    assert main(["review", str(path), "--seat", "1", "--html", "-", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert name[:4] in out
    for line in out.splitlines():
        columns = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)
        assert columns <= 80, (columns, line)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_is_never_written_over_the_record_it_reviews(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """``--html`` naming the record itself (or a link to it) replaced the player's record with the
    page: the match was lost. It is refused before the review is made, the record left as it was."""
    record = tmp_path / "g.jsonl"
    record.write_bytes(hk_record.read_bytes())
    link = tmp_path / "link.jsonl"
    link.symlink_to(record)
    for page in (record, link, tmp_path / "." / "g.jsonl"):
        assert main(["review", str(record), "--html", str(page), "--quiet", "--lang", lang]) == 2
        captured = capsys.readouterr()
        expected = "is the record being reviewed" if lang == "en" else "est l'enregistrement analysé"
        assert expected in captured.err and f"--html {page}" in captured.err and captured.out == ""
        assert record.read_bytes() == hk_record.read_bytes()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_is_never_written_over_another_file_than_a_page(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """``--html other.jsonl`` (another record: a slip of the tab key) or ``--html notes.txt``
    replaced that file with the page, unasked: the other match was lost. A file that is not an
    HTML page is refused before the review is made and left as it was; an earlier review (a page)
    or an empty file is written as before."""
    other = tmp_path / "other.jsonl"
    other.write_bytes(hk_record.read_bytes())
    for kept in (other, tmp_path / "notes.txt"):
        if not kept.exists():
            kept.write_text("my notes\n", encoding="utf-8")
        before = kept.read_bytes()
        assert main(["review", str(hk_record), "--html", str(kept), "--quiet", "--lang", lang]) == 2
        captured = capsys.readouterr()
        expected = "exists and is not an HTML page" if lang == "en" else "existe et n'est pas une page HTML"
        assert expected in captured.err and f"--html {kept}" in captured.err and captured.out == ""
        assert kept.read_bytes() == before
    page = tmp_path / "g.html"
    for earlier in ("", "<!DOCTYPE html>\n<html><body>an earlier review</body></html>\n"):
        page.write_text(earlier, encoding="utf-8")
        assert main(["review", str(hk_record), "--html", str(page), "--quiet", "--lang", lang]) == 0
        assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and "an earlier review" not in page.read_text(encoding="utf-8")
    capsys.readouterr()


def test_a_record_read_from_a_pipe_is_reviewed(hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj review <(cat g.jsonl)`` or ``/dev/stdin``: a pipe can be read once. The record was read
    twice, the second time empty, so a good record was refused as "the file is empty: it holds no
    match"; ``hkmj replay`` reads it."""
    import os
    import threading

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as f:
            f.write(hk_record.read_bytes())

    writer = threading.Thread(target=feed)
    writer.start()
    try:
        assert main(["review", str(fifo), "--seat", "2", "--html", "-", "--quiet", "--top", "1"]) == 0
    finally:
        writer.join()
    assert capsys.readouterr().out.startswith("Review of player 2: ")


@pytest.mark.parametrize(("rules", "rule"), [("hk", "HK-5.7"), ("mcr", "MCR-5.4"), ("classical", "CL-7.7")])
def test_a_false_mahjong_is_a_decision_valued_at_its_penalty(tmp_path: Path, rules: str, rule: str) -> None:
    """HK-5.7, MCR-5.4, CL-7.7: a Mahjong declared on a hand that is no win is not among the legal
    actions, so the review left it out altogether: the player's costliest decision (256 points in
    Hong Kong) was missing. It is now a decision: the declaration, valued at the penalty the seat
    paid, against the advice for that position (here to pass the discard)."""
    from hkmj.record import RecordWriter
    from hkmj.tui.session import Session
    from hkmj.tui.testing import play_match

    path = tmp_path / "false.jsonl"
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=11, length="hands", hands=1,
                    record=sink, rules=get_ruleset(rules))
        play_match(s, make_bot("random", 9), declare=lambda n: n == 3)
    loaded = load(path)
    false = next(e for e in loaded.events if e["type"] == "false_mahjong")
    r = analyse(loaded, "1")
    declared = [d for d in r.decisions if isinstance(d.played, Win)]
    assert len(declared) == 1
    d = declared[0]
    assert d.line == next(e["_line"] for e in loaded.events if e.get("action") == "mahjong" and e["seat"] == 0)
    assert d.mine.value == false["payments"][0] < 0 and d.mine.win == 0.0 and rule in d.mine.note
    assert d.best.action == PASS and d.loss == pytest.approx(d.best.value - false["payments"][0])
    assert r.mistakes[0] is d and d.shanten_after == d.shanten_before
    # MCR-5.4: the hand plays on, dead; elsewhere the hand ends with the penalty, its shape as it was
    assert d.shape("after") == ("dead hand (MCR-5.4): cannot win" if rules == "mcr" else d.shape("before"))
    said = words("fr").note(d.mine.note) or ""
    assert said.replace("\u00a0", " ") == f"pas une main gagnante : un faux Mahjong coûte {-false['payments'][0]} ({rule})"


def test_hk_5_7_a_false_mahjong_answered_before_the_window_closes_pays_when_it_closes() -> None:
    """HK-5.7: South declares Mahjong on East's discard before West and North answer; the engine
    judges it when the window closes, at North's pass. The review values the declaration at the
    penalty paid then (256), not at whatever was last seen."""
    from hkmj.engine.testing import QUIET, act, play_quietly, stacked_hand

    hand = stacked_hand(QUIET, ask_all=True)
    act(hand, "E discard 1z")
    act(hand, "S mahjong")
    act(hand, "W pass")
    act(hand, "N pass")
    play_quietly(hand, 4)
    declared = [d for d in analyse(Loaded(list(hand.events)), "S").decisions if isinstance(d.played, Win)]
    assert [(d.mine.value, d.offered) for d in declared] == [(-256.0, tile("1z"))]


def test_hk_5_7_a_declaration_a_teaching_table_refuses_is_no_decision() -> None:
    """A teaching table refuses a false Mahjong with an explanation (HK-5.7): nothing is paid and
    the player plays on, so the refused declaration is not reviewed; the discard that follows is."""
    from hkmj.engine.testing import QUIET, act, play_quietly, stacked_hand

    hand = stacked_hand(QUIET, teaching=True)
    act(hand, "E mahjong")
    assert hand.events[-1]["type"] == "mahjong_refused"
    play_quietly(hand, 4)
    r = analyse(Loaded(list(hand.events)), "E")
    assert r.decisions and not any(isinstance(d.played, Win) for d in r.decisions)
    assert isinstance(r.decisions[0].played, Discard) and r.decisions[0].number == 1


def test_a_table_logs_names_reach_the_terminal_printable_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A table log export edited by hand (or passed on by someone else) may name a player with a
    terminal's escape sequence: the summary wrote it raw to the terminal (``\\x1b[31m`` turned the
    text red, worse sequences rewrite the screen). Names are read as a table keeps them: printable."""
    entries = [(k, {**d, "name": "Ann\x1b[31mRED\x07"}) if k == "join" else (k, d) for k, d in _table_log(5, 1)]
    path = tmp_path / "table.jsonl"
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    assert load(path).names[0] == "Ann[31mRED"
    assert main(["review", str(path), "--seat", "1", "--html", "-", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Ann[31mRED" in out


def _error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["review", *args]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.err.startswith("hkmj review: ")
    return captured.err


def _forge_a_discard(record: Path, forged: Path) -> int:
    """``record`` edited by hand into ``forged``: its first discard is not the recorded one (9z);
    the index of that line."""
    lines = record.read_text().splitlines()
    i = next(i for i, x in enumerate(lines) if '"type":"discard"' in x)
    e = json.loads(lines[i])
    e["action"] = "discard 9z"
    lines[i] = json.dumps(e)
    forged.write_text("\n".join(lines) + "\n")
    return i


def test_errors_are_one_line_but_a_record_that_does_not_replay_as_docs_review_md_says(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/review.md, Errors: each is one line on stderr starting ``hkmj review:``; it said so of
    a record that does not replay too, whose refusal is three lines: the divergence, then the
    recorded and the replayed event, as ``hkmj replay`` gives them. The page says so now."""
    assert _error(capsys, str(tmp_path / "nope.jsonl")).count("\n") == 1
    (tmp_path / "junk.jsonl").write_text("this is not json\n")
    assert _error(capsys, str(tmp_path / "junk.jsonl")).count("\n") == 1
    assert _error(capsys, str(hk_record), "--seat", "Bob").count("\n") == 1
    _forge_a_discard(hk_record, tmp_path / "forged.jsonl")
    err = _error(capsys, str(tmp_path / "forged.jsonl")).splitlines()
    assert len(err) == 3 and err[1].startswith("  recorded: {") and err[2].startswith("  replayed: "), err
    page = " ".join((Path(__file__).parents[2] / "docs" / "review.md").read_text(encoding="utf-8").split())
    assert "a record that does not replay adds two indented lines under it" in page
    assert "(`recorded: {...}`, `replayed: {...}`)" in page


def test_bad_input_gives_clear_errors(hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "no such file" in _error(capsys, str(tmp_path / "nope.jsonl"))
    assert "is a folder, not a record file" in _error(capsys, str(tmp_path))
    (tmp_path / "junk.jsonl").write_text("this is not json\n")
    assert "not JSON" in _error(capsys, str(tmp_path / "junk.jsonl"))
    (tmp_path / "empty.jsonl").write_text("")
    assert "the file is empty" in _error(capsys, str(tmp_path / "empty.jsonl"))
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00garbage")
    assert "not a text file" in _error(capsys, str(tmp_path / "bin.jsonl"))
    # a record edited by hand: a discard that is not the recorded one
    i = _forge_a_discard(hk_record, tmp_path / "forged.jsonl")
    err = _error(capsys, str(tmp_path / "forged.jsonl"))
    assert "does not replay" in err and f"line {i + 1}" in err
    # who is reviewed
    assert "no such player" in _error(capsys, str(hk_record), "--seat", "Bob")
    assert "no such player" in _error(capsys, str(hk_record), "--seat", "5")
    # the ways to name a player, as a list with its "or" (it read "1-4, a table slot slot0-slot3" and stopped)
    assert _error(capsys, str(hk_record), "--seat", "X").endswith("give E, S, W or N (the wind the player drew), a player number 1-4 or a table slot slot0-slot3\n")
    bad_log = tmp_path / "log.jsonl"
    bad_log.write_text('{"seq":1,"kind":"join","data":{}}\n')
    assert "bad table log" in _error(capsys, str(bad_log))
    with pytest.raises(SystemExit):
        main(["review", str(hk_record), "--top", "0"])
    assert "at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_saved_with_a_byte_order_mark_is_named_as_such(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A record re-saved by an editor that puts a byte order mark (U+FEFF) before its first line:
    ``hkmj replay`` names the mark and how to remove it; the review said only "line 1: not JSON"."""
    marked = tmp_path / "bom.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + hk_record.read_bytes())
    assert main(["review", str(marked), "--lang", lang]) == 2
    err = capsys.readouterr().err
    if lang == "en":
        assert err == f"hkmj review: {marked}:1: not JSON (it starts with a byte order mark, U+FEFF: save the file as UTF-8 without one)\n"
    else:
        assert "marque d'ordre des octets, U+FEFF" in err and "UTF-8 sans elle" in err and "Traceback" not in err


BAD_FILES = json.loads((Path(__file__).parents[1] / "data" / "bad_record_files.json").read_text(encoding="utf-8"))["cases"]
"""A record file that is no match record, and what hkmj replay, review and play --resume say of it."""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("case", BAD_FILES, ids=[c["name"] for c in BAD_FILES])
def test_review_and_replay_say_a_bad_file_in_one_sentence(
    hk_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], case: dict[str, Any], lang: str
) -> None:
    """A line of a record that is no JSON: ``hkmj replay`` said "g.jsonl:3: not JSON (expecting
    value at column 1)", ``hkmj review`` "g.jsonl, line 3: not JSON; a record holds one JSON
    object per line" (and named a byte order mark its own way); a record whose only line a
    crash cut said "its only line was cut" in English under --lang fr. A JSON line that is no
    event was "not a match record: g.jsonl:3: …" in the review only, and a file of blank lines
    that are not ASCII spaces "empty record" in replay only. One sentence, in both languages,
    from hkmj.record's words (tests/data/bad_record_files.json, as play --resume's test reads it)."""
    record = hk_record.read_text(encoding="utf-8")
    lines = record.splitlines(keepends=True)
    path = tmp_path / "g.jsonl"
    pieces = (p if isinstance(p, str) else "".join(lines[slice(*p["lines"])]) if "lines" in p else record[: p["chars"]] for p in case["file"])
    path.write_text("".join(pieces), encoding="utf-8")
    said = {}
    for command in ("replay", "review"):
        assert main([command, str(path), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        # after "hkmj review:" / "hkmj replay :"; review's French spaces are no-break ones
        said[command] = err.replace("\u00a0", " ").removeprefix(f"hkmj {command}").removeprefix(" :").removeprefix(":")
    assert said["review"] == said["replay"]
    assert said["review"] == f" {path}{case[lang]}\n"


def test_a_seat_that_never_played_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A name that never sat at the table is refused with the names that did; a table whose
    match never started has nobody to review."""
    loaded = Loaded(load(_record(tmp_path, 1, 2)).events, ["Ann", "Bo", "Cy", "Di"])
    with pytest.raises(ReviewError, match="'Ann', 'Bo'"):
        analyse(loaded, "Zed")
    path = tmp_path / "unstarted.jsonl"
    entries = _table_log(3, 1)[:2]  # created, Ann joined, never started
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    assert "never started" in _error(capsys, str(path), "--seat", "Ann")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_that_stops_before_its_first_hand_says_so_without_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A match record whose only line is its ``match_start`` (stopped before the first deal),
    reviewed with no ``--seat``: it said "--seat '1': player 1 never played a hand in this
    record", quoting a seat nobody typed; now it says the record holds no hand, in both languages."""
    record = _record(tmp_path, 1, 4).read_text(encoding="utf-8")
    path = tmp_path / "started.jsonl"
    path.write_text(record.splitlines(keepends=True)[0], encoding="utf-8")
    assert main(["review", str(path), "--html", "-", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "--seat" not in err and "'1'" not in err and "Traceback" not in err
    if lang == "en":
        assert err == "hkmj review: the record stops before its first hand: no hand was played, nothing to review\n"
    else:
        assert err == (
            "hkmj review\u00a0: l'enregistrement s'arrête avant sa première donne\u00a0: aucune donne n'a été jouée, rien à analyser\n"
        )


def test_advice_values_every_legal_action_for_a_win_hk_5_7() -> None:
    """HK-5.7: Mahjong is the advice whenever it is legal, valued at its payment."""
    from hkmj.engine import Hand, stacked_wall
    from hkmj.engine.testing import QUIET

    hand = Hand(stacked_wall(["123m456m789m123p55s", *QUIET[1:]], dice=(3, 4, 5)), (3, 4, 5))
    view, legal = hand.view(0), hand.legal_actions(0)
    assert Win() in legal
    advice = StrongBot(0).advise(view, legal)
    assert advice[0].action == Win() and advice[0].value > 0
    assert {a.action for a in advice} == set(legal)


def test_a_hkmj_play_record_reviews_you_as_player_1(tmp_path: Path) -> None:
    """``hkmj play --record``: the human is player 1, asked at every discard (``ask_all``); the
    answers where only a pass was possible are not decisions."""
    from hkmj.record import RecordWriter
    from hkmj.tui.session import Session
    from hkmj.tui.testing import play_match

    path = tmp_path / "play.jsonl"
    me = make_bot("random", 9)
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=11, length="hands", hands=1, record=sink)
        play_match(s, me)
    loaded = load(path)
    r = analyse(loaded, "1")
    assert r.player == "player 1" and r.decisions
    assert sum(isinstance(d.played, Discard) for d in r.decisions) == _player_discards(loaded.events, 0)
    assert all(len(d.advice) >= 2 for d in r.decisions)


def test_progress_bar_on_a_terminal_only(
    hk_record: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], terminal: type[io.StringIO]
) -> None:
    """On a terminal the re-play shows a progress bar on stderr (``--quiet``: none)."""
    import sys

    for quiet, shown in (([], True), (["--quiet"], False)):
        err = terminal()
        monkeypatch.setattr(sys, "stderr", err)
        assert main(["review", str(hk_record), "--html", "-", *quiet]) == 0
        assert ("moves" in err.getvalue() and "\r[" in err.getvalue()) is shown
    capsys.readouterr()


def test_a_table_log_line_json_cannot_read_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A server table's log export edited by hand: a number of 5,000 digits, nesting too deep."""
    create = '{"seq":1,"kind":"create","data":{"config":{},"seed":1}}'
    for bad_line in ('{"seq":2,"kind":"act","data":{"seat":1' + "0" * 5000 + "}}", "[" * 100_000 + "]" * 100_000):
        log = tmp_path / "log.jsonl"
        log.write_text(create + "\n" + bad_line + "\n")
        err = _error(capsys, str(log))
        assert "log.jsonl:2: not JSON" in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_mistake_says_the_distance_after_the_advice_once_hk_5(hk_review: Review, lang: str) -> None:
    """A discard's advisor note is only the distance after the advice, which the sentence before
    it already gives: "After the advice: 4 tiles from ready. Advisor: 4 tiles from ready." now
    stops after the first; a note that says more (a claim's follow-up discard) is kept."""
    from hkmj.review import mistake_lines
    from hkmj.review_words import words

    w = words(lang)
    said = 0
    for i, d in enumerate(hk_review.mistakes, 1):
        text = " ".join(" ".join(mistake_lines(d, i, lang=lang)).split())
        advised = w.distance(d.shanten_advised, d.waits_advised)
        note = w.note(d.best.note)
        assert " ".join(w("advisor_note", note=advised).split()) not in text
        if note and advised.startswith(note):  # "After the advice: ready on 2 Bamboo. Advisor: ready." said it twice
            assert " ".join(w("advisor_note", note=note).split()) not in text
        elif note:
            assert " ".join(w("advisor_note", note=note).split()) in text
            said += 1
    assert said and len(hk_review.mistakes) > said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_ready_advice_is_not_said_again_without_its_waits_hk_5(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """HK-5: "After the advice: ready on 2 Bamboo, North wind. Advisor: ready." said the advice's
    distance twice, the second time with less in it ("Après le conseil : prête, attend 2 Bambous,
    Vent Nord. Conseiller : prête."); the sentence that names the waits is enough."""
    path = tmp_path / "g.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "1", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "1", "--quiet", "--lang", lang, "--html", "-"]) == 0
    text = " ".join(capsys.readouterr().out.replace("\u00a0", " ").split())
    after, advisor = ("After the advice: ready on", "Advisor: ready.") if lang == "en" else ("Après le conseil : prête, attend", "Conseiller : prête.")
    assert after in text and advisor not in text, text[:2000]


@pytest.mark.parametrize(
    ("kind", "field", "value", "english", "french"),
    [
        ("act", "seat", "9z", "(act): seat \"9z\": expected a whole number", "(act)\u00a0: seat \"9z\"\u00a0: un nombre entier est attendu"),
        ("act", "seat", [1], "(act): seat [1]: expected a whole number", "(act)\u00a0: seat [1]\u00a0: un nombre entier est attendu"),
        ("act", "seat", 9, "(act): seat 9: expected 0 to 3", "(act)\u00a0: seat 9\u00a0: 0 à 3 attendu"),
        ("act", "action", None, "(act): the field 'action' is missing", "(act)\u00a0: le champ «\u00a0action\u00a0» manque"),
        ("start", "fill", "greedy", "(start): fill \"greedy\": expected an object of slots and bot names", "(start)\u00a0: fill \"greedy\"\u00a0: un objet"),
        ("create", "seed", None, "entry 1: bad 'create' entry (the field 'seed' is missing)", "entrée 1\u00a0: entrée «\u00a0create\u00a0» invalide (le champ «\u00a0seed\u00a0» manque)"),
    ],
)
def test_a_corrupted_table_log_names_its_entry_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, field: str, value: object, english: str, french: str
) -> None:
    """A table log export edited by hand (a seat that is no number, a list, out of range, a field
    deleted, a fill that is no object) names the entry and what is wrong, in English and French;
    it gave Python's words ("invalid literal for int() with base 10", "'str' object has no
    attribute 'items'", a bare 'action')."""
    entries = _table_log(5, 1)
    i = next(i for i, (k, _) in enumerate(entries) if k == kind)
    data = dict(entries[i][1])
    if value is None:
        del data[field]
    else:
        data[field] = value
    entries[i] = (kind, data)
    path = tmp_path / "table.jsonl"
    path.write_text("".join(json.dumps({"seq": n, "kind": k, "data": d}) + "\n" for n, (k, d) in enumerate(entries)))
    for lang, expected in (("en", english), ("fr", french)):
        assert main(["review", str(path), "--lang", lang, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert expected in err and "Traceback" not in err and "int()" not in err and "attribute" not in err, err


FOUR_1M = ("1111m234p567p999s1z", "258m369p147s1234z", "369m147p258s1567z", "447m258p369s2345z")
"""East holds all four 1 Characters: discarding East wind leaves 1111m234p567p999s, ready in
shape only on a fifth 1 Characters (HK-1: four copies of each tile)."""


@pytest.mark.parametrize(("lang", "rules"), [("en", "hk"), ("fr", "hk"), ("en", "mcr"), ("fr", "mcr")])
def test_hk_1_a_hand_waiting_only_on_a_fifth_copy_is_not_ready(lang: str, rules: str) -> None:
    """HK-1: 1111m234p567p999s waits on a fifth 1 Characters, which does not exist; the review
    said "After yours: ready." beside its 0% chance to win (at MCR "ready in shape, but no wait
    scores 8 points", MCR-5.1, as if some wait were short of points). It is a tile from ready."""
    from hkmj.engine.testing import act, play_quietly, stacked_hand

    hand = stacked_hand(list(FOUR_1M), rules=get_ruleset(rules))
    act(hand, "E discard 1z")
    play_quietly(hand, 4)
    d = analyse(Loaded(list(hand.events)), "E").decisions[0]
    left = list(counts_of(d.concealed))
    left[tile("1z")] -= 1
    assert d.played == Discard(tile("1z")) and shanten(left, 0) == 0 and waits(left, 0) == []  # ready in shape, no wait
    assert (d.shanten_after, d.waits_after) == (1, ())
    w = words(lang)
    assert d.shape("after", lang) == w.distance(1) == w.tx.distance(1)
    assert d.shape("after", lang) != w("dist.ready")
    assert d.shape("advised", lang) == w.distance(0, (tile("1z"),), d.scoring_advised, d.minimum, d.unit)  # the kong: ready on East wind


def test_the_advisors_kong_and_mahjong_read_as_sentences() -> None:
    """The mistake line reads "the advisor would {action}": it said "the advisor would concealed
    kong 1 Characters" and "the advisor would Mahjong". The actions are verbs, Mahjong in the
    hint's words (``declare Mahjong``, French ``annoncer Mahjong``)."""
    from hkmj.engine import Kong
    from hkmj.engine.testing import act, play_quietly, stacked_hand
    from hkmj.review import mistake_lines

    hand = stacked_hand(list(FOUR_1M))
    act(hand, "E discard 1z")
    play_quietly(hand, 4)
    d = analyse(Loaded(list(hand.events)), "E").decisions[0]
    assert d.best.action == Kong(tile("1m"), "concealed") and not d.agrees
    text = " ".join(" ".join(mistake_lines(d, 1)).split())
    # and "you chose {action}" read "you chose discard East wind", "you chose pass": now "you chose to ..."
    assert "you chose to discard East wind; the advisor would declare a concealed kong of 1 Characters (" in text, text
    assert words().action(Kong(tile("1m"), "added")) == "declare an added kong of 1 Characters"
    assert [words(lang).action(Win()) for lang in ("en", "fr")] == ["declare Mahjong", "annoncer Mahjong"]


def _log_file(path: Path, entries: list[tuple[str, dict[str, object]]]) -> Path:
    path.write_text("".join(json.dumps({"seq": i, "kind": k, "data": d}) + "\n" for i, (k, d) in enumerate(entries)))
    return path


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_log_seat_a_bot_played_is_refused_naming_the_people(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A server table's bot seat (the table's ``slots`` or the start's ``fill``) never had a person
    at it: every move there is the server's bot's, which a review leaves out (docs/review.md,
    Input). It is refused in one line naming the people who played, not reviewed as a player
    "whose bot played while they were away" who "had no decision with a choice"."""
    entries = [
        ("act", {**d, "by": "player"}) if k == "act" and d["slot"] == 0 else (k, d) for k, d in _table_log(5, 1)
    ]
    path = _log_file(tmp_path / "table.jsonl", entries)
    for seat in ("2", "slot3", "Bot 2 (greedy)", "4"):
        assert main(["review", str(path), "--seat", seat, "--html", "-", "--lang", lang]) == 2
        out, err = capsys.readouterr()
        assert not out and err.startswith("hkmj review: " if lang == "en" else "hkmj review\u00a0: ")
        if lang == "en":
            assert "the server's bot played the seat of" in err, err
            assert "give the seat of a person who played: 'Ann'" in err, err
        else:
            assert "un robot du serveur a tenu la place de" in err, err
            assert "donnez la place d'une personne qui a joué\u00a0: «\u00a0Ann\u00a0»" in err, err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "table.review.html").exists()
    assert main(["review", str(path), "--seat", "Ann", "--html", "-", "--lang", lang]) == 0  # the person is reviewed
    assert "Ann" in capsys.readouterr().out
    # a table the server's bots alone played: nobody to name
    bots_only = [
        (k, {**d, "fill": {"0": "random", **d["fill"]}}) if k == "start" else (k, d) for k, d in _table_log(5, 1) if k != "join"
    ]
    assert main(["review", str(_log_file(tmp_path / "bots.jsonl", bots_only)), "--seat", "1", "--html", "-", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert ("the server's bots played every seat of this table" if lang == "en" else "toutes les places de cette table") in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_player_whose_every_move_the_server_made_is_not_said_to_have_had_no_choice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A person every one of whose decisions the server made (away, or timed out) had choices;
    the review leaves them out and says the player made none of them, not that the player "had
    no decision with a choice to make"."""
    path = _log_file(tmp_path / "table.jsonl", _table_log(5, 1))  # every act is by the server's bot
    for lang, said, wrong in (
        ("en", "This player made no decision with a choice themselves.", "had no decision with a choice"),
        ("fr", "Ce joueur n'a pris lui-même aucune décision avec un choix.", "n'offrait de choix"),
    ):
        html_page = tmp_path / f"ann.{lang}.html"
        assert main(["review", str(path), "--seat", "Ann", "--html", str(html_page), "--lang", lang]) == 0
        out = capsys.readouterr().out
        page = html.unescape(html_page.read_text())
        assert said in " ".join(out.split()) and said in page
        assert wrong not in out and wrong not in page


@pytest.mark.parametrize(("lang", "same", "equal"), [("en", "as advised", "as good"), ("fr", "comme conseillé", "aussi bien")])
def test_a_different_choice_worth_the_advice_is_as_good_not_as_advised(hk_review: Review, lang: str, same: str, equal: str) -> None:
    """A decision whose choice differs from the advisor's but is worth as much (a tie: the review
    counts it "as good as the advice") was marked "as advised" in the page's table, next to the
    advisor's other action; it now reads "as good" ("aussi bien"), and "as advised" stays for the
    advisor's own action."""
    import dataclasses

    from hkmj.review_html import render_html

    d = next(d for d in hk_review.decisions if d.played == d.best.action and len(d.advice) > 1)
    other = next(a for a in d.advice if a.action != d.played)
    tie = other._replace(value=d.best.value + 0.001)  # the advisor's pick, by a hair: within the review's tolerance
    tied = dataclasses.replace(d, advice=(tie, *(a for a in d.advice if a.action != other.action)))
    assert tied.agrees and tied.played != tied.best.action
    page = html.unescape(render_html(dataclasses.replace(hk_review, decisions=[tied, d]), lang=lang))
    rows = re.findall(r'<tr id="d\d+">.*?</tr>', page)
    assert len(rows) == 2
    verdict = [re.search(r'<span class="ok">([^<]*)</span>', row) for row in rows]
    assert [v.group(1) if v else None for v in verdict] == [equal, same]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_of_another_program_is_named_in_one_line_not_as_a_divergence(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/record-format.md: a record begins with ``match_start`` (a single hand's with
    ``hand_start``). A JSON Lines file of another program (an mjai log's ``start_game``, or the
    ``hkmj-bot/1`` messages a bot saved, from its ``hello``) was refused in three lines as a record
    that "does not replay" ("diverged at line 1 (hand 0): event 'start_game' outside any hand",
    then the recorded and replayed events); it is now one line saying what the file is not, EN
    and FR. A single hand's record is still reviewed."""
    mjai = tmp_path / "mjai.jsonl"
    mjai.write_text('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","bakaze":"E"}\n')
    seen = tmp_path / "seen.jsonl"
    seen.write_text('{"type":"hello","protocol":"hkmj-bot/1","player":0,"rules":"hk"}\n{"type":"hand_start","seat":1}\n')
    for path, kind in ((mjai, "start_game"), (seen, "hello")):
        assert main(["review", str(path), "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        if lang == "en":
            assert err == (
                f"hkmj review: {path}: line 1 is a '{kind}' event, but a record begins with match_start (or a single hand's "
                "with hand_start, docs/record-format.md): this is no record of hkmj play or hkmj simulate, nor a server table's log\n"
            )
        else:
            assert err == (
                f"hkmj review\u00a0: {path}\u00a0: la ligne 1 est un événement «\u00a0{kind}\u00a0», mais un enregistrement commence "
                "par match_start (ou, pour une seule donne, hand_start, docs/record-format.md)\u00a0: ce n'est ni un enregistrement "
                "de hkmj play ou hkmj simulate, ni le journal d'une table du serveur\n"
            )
    hand = Hand.from_seed(5)
    play_hand(hand, [make_bot("greedy", i) for i in range(4)])
    one = tmp_path / "hand.jsonl"
    one.write_text("".join(json.dumps(e) + "\n" for e in hand.events))
    assert main(["review", str(one), "--seat", "1", "--html", "-", "--lang", lang]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("append", [False, True], ids=["redirected", "appended"])
def test_html_to_dev_stdout_redirected_to_a_file_keeps_the_summary_and_the_file(tmp_path: Path, append: bool) -> None:
    """docs/review.md: ``--html /dev/stdout`` writes the page where standard output goes. With
    standard output a file (``> out.txt``, ``>> log.txt``) the page replaced that file, as a page
    named on the command line is replaced once complete: the summary printed before it, and the
    whole log appended to, were lost. The page now goes through standard output itself, after
    the summary and before the line naming it; the file is never replaced."""
    import subprocess
    import sys

    record = _record(tmp_path, 1, 3)
    out = tmp_path / "out.txt"
    out.write_text("earlier lines of the log\n" if append else "", encoding="utf-8")
    with open(out, "a" if append else "w", encoding="utf-8") as f:
        done = subprocess.run(
            [sys.executable, "-m", "hkmj.cli", "review", str(record), "--top", "1", "--html", "/dev/stdout", "--lang", "en"],
            stdout=f, stderr=subprocess.PIPE, text=True, timeout=300, check=False,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    before, page = text.split("<!DOCTYPE html>", 1)
    assert before.startswith(("earlier lines of the log\n" if append else "") + "Review of player 1: 1 hand of Hong Kong")
    assert page.endswith("</html>\n\nHTML review: /dev/stdout\n") or page.endswith("</html>\nHTML review: /dev/stdout\n"), page[-200:]


@pytest.mark.parametrize(("lang", "zero", "small"), [("en", "0.00", "\u22120.01"), ("fr", "0,00", "\u22120,01")])
def test_a_value_that_rounds_to_zero_has_no_minus_sign(lang: str, zero: str, small: str) -> None:
    """The page's table of actions showed an action the advisor valued at -0.004 as −0.00 (a
    negative zero, b.hk seed 11's player 2); it now reads 0.00, and -0.006 still −0.01."""
    from hkmj.review_html import _num

    w = words(lang)
    assert _num(w, -0.004) == zero and w.num(-0.0) == zero and w.num(-0.004, 1) == zero[:-1]
    assert _num(w, -0.006) == small and w.num(-3.0) == small.replace("\u2212", "-").replace("0,01", "3,00").replace("0.01", "3.00")
