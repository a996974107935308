"""``hkmj review`` of a record cut off in the middle of a hand (``hkmj play --record`` quit, a
process killed): the complete hands and the cut hand's decisions up to the cut are reviewed,
and the text and HTML say, in English and French, that the last hand was cut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine import Event
from hkmj.record import read_record
from hkmj.review import Loaded, ReviewError, analyse, load, summary_text
from hkmj.review_html import render_html

BOTS = "random,strong,greedy,strong"


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> list[Event]:
    path = tmp_path_factory.mktemp("review-cut") / "rec.jsonl"
    args = ["simulate", "--hands", "2", "--seed", "11", "--bots", BOTS, "--record", str(path), "--quiet"]
    assert main(args) == 0
    return read_record(path)


def _second_hand(events: list[Event]) -> int:
    return next(i for i, e in enumerate(events) if e["type"] == "hand_start" and e.get("hand") == 2)


def _cut_after(events: list[Event], kind: str, start: int, offers: bool | None = None) -> int:
    """The cut point right after the first event of ``kind`` from index ``start`` (a discard
    with or without claim offers when ``offers`` is given)."""
    for i in range(start, len(events)):
        e = events[i]
        if e["type"] == kind and (offers is None or any(e["offers"]) == offers):
            return i + 1
    raise AssertionError(f"no {kind} after {start}")


def _write(path: Path, events: list[Event]) -> Path:
    path.write_text("\n".join(json.dumps({k: v for k, v in e.items() if k != "_line"}) for e in events) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("kind", "offers"), [("discard", False), ("discard", True), ("draw", None), ("answer", None)])
def test_a_record_cut_in_hand_2_reviews_hand_1_and_hand_2_up_to_the_cut(
    events: list[Event], kind: str, offers: bool | None
) -> None:
    cut = _cut_after(events, kind, _second_hand(events) + 30, offers)
    full = analyse(Loaded(events), "1")
    r = analyse(Loaded(events[:cut]), "1")
    assert r.hands == 2 and r.cut == (2,)
    last_line = events[cut - 1]["_line"]
    expected = [d for d in full.decisions if d.hand == 1 or (d.line is not None and d.line <= last_line)]
    assert [(d.hand, d.line, d.played) for d in r.decisions] == [(d.hand, d.line, d.played) for d in expected]
    assert any(d.hand == 2 for d in r.decisions) and any(d.hand == 1 for d in r.decisions)
    assert full.cut == ()


def test_a_record_cut_in_the_first_hand_reviews_its_decisions_so_far(events: list[Event]) -> None:
    cut = _cut_after(events, "discard", 40, offers=False)
    r = analyse(Loaded(events[:cut]), "1")
    assert r.hands == 1 and r.cut == (1,) and all(d.hand == 1 for d in r.decisions)
    assert "The record stops in the middle of hand 1" in summary_text(r)


def test_an_edited_event_in_a_cut_record_is_still_refused(events: list[Event]) -> None:
    cut = _cut_after(events, "discard", _second_hand(events) + 30, offers=False)
    edited = [dict(e) for e in events[:cut]]
    edited[-1]["tile"] = "9m" if edited[-1]["tile"] != "9m" else "1m"
    with pytest.raises(ReviewError, match="does not replay"):
        analyse(Loaded(edited), "1")


def test_text_and_html_say_the_last_hand_was_cut_in_english_and_french(events: list[Event]) -> None:
    cut = _cut_after(events, "draw", _second_hand(events) + 30)
    r = analyse(Loaded(events[:cut]), "1")
    assert "The record stops in the middle of hand 2" in summary_text(r)
    assert "L'enregistrement s'arrête au milieu de la donne 2" in summary_text(r, lang="fr").replace("’", "'")
    assert all(len(x) <= 80 for x in summary_text(r, lang="fr").splitlines())
    assert "The record stops in the middle of hand 2" in render_html(r)
    assert "s'arrête au milieu de la donne" in render_html(r, lang="fr").replace("’", "'").replace("&#x27;", "'")
    whole = analyse(Loaded(events), "1")
    assert "middle of hand" not in summary_text(whole) and "middle of hand" not in render_html(whole)


def test_a_record_that_stops_between_two_hands_says_the_match_did_not_end(events: list[Event]) -> None:
    """A 2-hand match whose record stops after hand 1 (quit between hands): ``hkmj replay`` says
    "the record stops before the match's end (an interrupted match)", the review said nothing and
    read as a whole 1-hand match. It now says so, in the summary and the page, in English and
    French; a whole record, and a hand cut in its middle, say nothing of it."""
    r = analyse(Loaded(events[: _second_hand(events)]), "1")
    en = "The record stops after hand 1, before the match's end: the hands played are reviewed."
    fr = "L'enregistrement s'arrête après la donne 1, avant la fin de la partie\u00a0: les donnes jouées sont analysées."
    assert en in " ".join(summary_text(r).split())
    assert fr.replace("\u00a0", " ") in " ".join(summary_text(r, lang="fr").replace("\u00a0", " ").split())
    assert all(len(x) <= 80 for x in summary_text(r, lang="fr").splitlines())
    assert en.replace("'", "&#x27;") in render_html(r)
    assert fr.replace("'", "&#x27;") in render_html(r, lang="fr")
    assert r.hands == 1 and r.stopped == 1 and not r.cut
    cut = analyse(Loaded(events[: _cut_after(events, "draw", _second_hand(events) + 30)]), "1")
    for whole in (analyse(Loaded(events), "1"), cut):
        assert not whole.stopped and "before the match's end" not in summary_text(whole) + render_html(whole)


def test_cli_reviews_a_cut_record_and_replay_accepts_it(
    events: list[Event], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "cut.jsonl", events[: _cut_after(events, "discard", _second_hand(events) + 30, offers=False)])
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "1", "--html", str(tmp_path / "r.html")]) == 0
    assert "The record stops in the middle of hand 2" in capsys.readouterr().out
    assert main(["review", str(path), "--seat", "1", "--lang", "fr", "--html", str(tmp_path / "r.html")]) == 0
    assert "au milieu de la donne" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert "the record stops in the middle of hand 2" in capsys.readouterr().out
    assert load(path).events[-1]["type"] == "discard"


def test_a_hkmj_play_record_quit_mid_hand_reviews_you_up_to_the_quit(tmp_path: Path) -> None:
    """``hkmj play --record`` quit in the middle of the first hand, bots still to move: the
    record stops where the session wrote it, and your decisions so far are reviewed."""
    from hkmj.bots import make_bot
    from hkmj.record import RecordWriter, replay
    from hkmj.tui.session import Session

    path = tmp_path / "play.jsonl"
    me = make_bot("random", 9)
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=11, length="hands", hands=1, record=sink)
        s.start_hand()
        mine = 0
        while not s.over and mine < 4:
            if s.bots_pending():
                s.step()
            else:
                s.play(me.choose(s.view(), s.legal()))
                mine += 1
        assert not s.over  # quit here
    loaded = load(path)
    report = replay(loaded.events)
    assert report.ok and report.cut == [1], report.divergence
    r = analyse(loaded, "1")
    assert r.cut == (1,) and r.decisions and all(d.hand == 1 for d in r.decisions)
    assert "The record stops in the middle of hand 1" in summary_text(r)


def _half_line(events: list[Event], tmp_path: Path, name: str = "crash.jsonl") -> tuple[Path, int]:
    """A record written up to a discard of hand 2, then half of the next line and no newline (a
    crash in the middle of a write); the cut line's number."""
    cut = _cut_after(events, "discard", _second_hand(events) + 30, offers=False)
    path = _write(tmp_path / name, events[:cut])
    nxt = json.dumps({k: v for k, v in events[cut].items() if k != "_line"})
    with path.open("a", encoding="utf-8") as f:
        f.write(nxt[: len(nxt) // 2])
    return path, cut + 1


def test_review_leaves_out_a_last_line_cut_by_a_crash_and_says_so(
    events: list[Event], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj play --resume`` drops a half last line; review reviews what precedes it, saying on
    stderr which line it left out (EN and FR)."""
    path, line = _half_line(events, tmp_path)
    whole = _write(tmp_path / "whole.jsonl", events[: line - 1])
    loaded = load(path)
    assert loaded.cut_line == line and [e["_line"] for e in loaded.events] == [e["_line"] for e in load(whole).events]
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "1", "--html", str(tmp_path / "r.html")]) == 0
    out, err = capsys.readouterr()
    assert f"line {line}: cut in the middle of a write (a crash), left out" in err
    assert "The record stops in the middle of hand 2" in out
    assert main(["review", str(path), "--seat", "1", "--lang", "fr", "--html", "-"]) == 0
    assert f"ligne {line}\u00a0: coupée au milieu d'une écriture" in capsys.readouterr().err


def test_replay_leaves_out_a_last_line_cut_by_a_crash_and_says_so(
    events: list[Event], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, line = _half_line(events, tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert f"line {line} was cut in the middle of a write (a crash) and is left out" in err
    assert "replay OK" in out and "middle of hand 2" in out
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    assert f"ligne {line}\u00a0: coupée au milieu d'une écriture" in capsys.readouterr().err


def test_a_cut_line_before_the_last_is_still_an_error(events: list[Event], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = _half_line(events, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "\n" + json.dumps({k: v for k, v in events[line - 1].items() if k != "_line"}) + "\n", encoding="utf-8")
    with pytest.raises(ReviewError):
        load(path)
    capsys.readouterr()
    assert main(["review", str(path), "--seat", "1", "--html", "-"]) == 2
    assert f":{line}: not JSON" in capsys.readouterr().err
    assert main(["replay", str(path)]) == 2
    assert f":{line}: not JSON" in capsys.readouterr().err


def test_a_whole_last_line_without_its_newline_is_kept(events: list[Event], tmp_path: Path) -> None:
    path = _write(tmp_path / "nonl.jsonl", events)
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n"), encoding="utf-8")
    loaded = load(path)
    assert loaded.cut_line is None and len(loaded.events) == len(events)


def test_review_of_a_pipe_writes_review_html_in_the_current_folder(
    events: list[Event], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj review <(cat g.jsonl)``: the page went to ``/dev/fd/63.review.html``, which cannot be
    written, an error after the summary; it is now ``review.html`` in the current folder, then
    ``review-2.html`` (none overwritten)."""
    import os
    import threading

    from hkmj.review_command import default_html_path

    record = _write(tmp_path / "g.jsonl", events)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    for expected in ("review.html", "review-2.html"):
        r, w = os.pipe()
        writer = threading.Thread(target=lambda w=w: (os.write(w, record.read_bytes()), os.close(w)))
        writer.start()
        try:
            capsys.readouterr()
            assert main(["review", f"/dev/fd/{r}", "--seat", "1"]) == 0
        finally:
            writer.join()
            os.close(r)
        out, err = capsys.readouterr()
        assert err == "" and f"HTML review: {expected}" in out
        assert (work / expected).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    with record.open("rb") as f:  # /dev/stdin from a file (< g.jsonl): next to that file
        assert default_html_path(f"/dev/fd/{f.fileno()}") == tmp_path / "g.review.html"
    assert default_html_path(str(record)) == tmp_path / "g.review.html"
