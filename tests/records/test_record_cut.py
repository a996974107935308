"""Records cut off in the middle of a hand (``hkmj play --record`` quit, a process killed):
replay accepts what the record holds as a *cut* hand when it is the last of its match and
the engine reproduces every recorded event; an edited event is still a divergence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine import Event
from hkmj.record import read_record, replay


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cut") / "rec.jsonl"
    args = ["simulate", "--hands", "2", "--seed", "2", "--bots", "greedy,random,greedy,random", "--record", str(path), "--quiet"]
    assert main(args) == 0
    return path


def _hand_of(events: list[Event], i: int) -> int:
    return max(int(e["hand"]) for e in events[: i + 1] if e["type"] == "hand_start")


def _cuts(events: list[Event], kind: str) -> list[int]:
    """Every cut point right after an event of type ``kind`` inside a hand."""
    return [i + 1 for i, e in enumerate(events) if e["type"] == kind]


def _assert_cut(events: list[Event], cut: int) -> None:
    report = replay(events[:cut])
    hand = _hand_of(events, cut - 1)
    assert report.ok, (cut, report.divergence)
    assert report.cut == [hand] and not report.complete
    assert report.hands == hand and report.events == cut


def test_cut_right_after_a_discard_is_a_cut_hand_not_a_divergence(record: Path) -> None:
    events = read_record(record)
    cuts = _cuts(events, "discard")
    assert any(not any(events[c - 1]["offers"]) for c in cuts)  # the engine would draw by itself
    for cut in cuts:
        _assert_cut(events, cut)


def test_cut_right_after_a_draw_is_a_cut_hand(record: Path) -> None:
    events = read_record(record)
    for cut in _cuts(events, "draw") + _cuts(events, "replacement") + _cuts(events, "bonus"):
        _assert_cut(events, cut)


def test_cut_right_after_a_claim_offer_or_an_answer_is_a_cut_hand(record: Path) -> None:
    events = read_record(record)
    offers = [c for c in _cuts(events, "discard") if any(events[c - 1]["offers"])]
    assert offers
    for cut in offers + _cuts(events, "answer") + _cuts(events, "claim"):
        _assert_cut(events, cut)


def test_cut_in_the_first_hand_right_after_the_deal(record: Path) -> None:
    events = read_record(record)
    for cut in _cuts(events, "hand_start")[:1] + _cuts(events, "deal")[:1]:
        _assert_cut(events, cut)
        assert replay(events[:cut]).cut == [1]


def test_cut_after_a_win_before_the_hand_end_is_a_cut_hand(record: Path) -> None:
    events = read_record(record)
    for cut in _cuts(events, "win"):
        _assert_cut(events, cut)


def test_record_ending_at_a_hand_end_is_an_interrupted_match_no_cut_hand(record: Path) -> None:
    events = read_record(record)
    cut = _cuts(events, "hand_end")[0]
    report = replay(events[:cut])
    assert report.ok, report.divergence
    assert report.cut == [] and not report.complete and report.hands == 1


def test_an_edited_event_in_a_cut_record_is_still_a_divergence(record: Path) -> None:
    events = read_record(record)
    cut = _cuts(events, "discard")[5]
    edited = [dict(e) for e in events[:cut]]
    i = next(k for k, e in enumerate(edited) if e["type"] == "discard")
    edited[i]["tile"] = "9m" if edited[i]["tile"] != "9m" else "1m"
    report = replay(edited)
    assert not report.ok and report.divergence is not None and report.divergence.line == edited[i]["_line"]
    # and the last event of the cut hand edited
    edited = [dict(e) for e in events[:cut]]
    edited[-1]["tile"] = "9m" if edited[-1]["tile"] != "9m" else "1m"
    report = replay(edited)
    assert not report.ok and report.divergence is not None and report.divergence.line == edited[-1]["_line"]


def test_a_cut_hand_with_the_record_going_on_is_still_a_divergence(record: Path) -> None:
    events = read_record(record)
    cut = _cuts(events, "discard")[0]
    second = next(i for i, e in enumerate(events) if e["type"] == "hand_start" and e["hand"] == 2)
    report = replay(events[:cut] + events[second:])
    assert not report.ok and report.divergence is not None


def test_a_match_cut_short_with_another_match_after_it_is_a_divergence(record: Path) -> None:
    """A match interrupted (between hands, or in a hand) is the record's end, never the middle:
    a duplicated ``match_start`` line, or a match cut and followed by another, diverges at the
    next ``match_start`` (it replayed as "reproduced exactly")."""
    events = read_record(record)
    starts = [i for i, e in enumerate(events) if e["type"] == "match_start"]
    assert starts == [0]
    report = replay([events[0], *events])  # the first line twice
    assert not report.ok and report.divergence is not None and report.divergence.line == events[0]["_line"]
    for cut in (_cuts(events, "totals")[0], _cuts(events, "discard")[2]):
        report = replay(events[:cut] + events)
        assert not report.ok and report.divergence is not None, cut
        assert "before the previous one's end" in report.divergence.reason


def _write(path: Path, events: list[Event]) -> Path:
    lines = [json.dumps({k: v for k, v in e.items() if k != "_line"}) for e in events]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_hkmj_replay_says_the_record_stops_in_the_middle_of_hand_n(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = read_record(record)
    second = next(i for i, e in enumerate(events) if e["type"] == "hand_start" and e["hand"] == 2)
    for kind in ("discard", "draw", "answer"):
        cut = next(c for c in _cuts(events, kind) if c > second)
        path = _write(tmp_path / f"{kind}.jsonl", events[:cut])
        capsys.readouterr()
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "replay OK: 2 hands," in out and "the record stops in the middle of hand 2" in out, out
    first = _write(tmp_path / "first.jsonl", events[: _cuts(events, "discard")[0]])
    assert main(["replay", str(first), "--show"]) == 0
    assert "the record stops in the middle of hand 1" in capsys.readouterr().out
    edited = [dict(e) for e in events[: _cuts(events, "discard")[3]]]
    edited[-1]["tile"] = "9m" if edited[-1]["tile"] != "9m" else "1m"
    assert main(["replay", str(_write(tmp_path / "edited.jsonl", edited))]) == 1
    assert "diverged at line" in capsys.readouterr().out


def test_a_record_whose_match_end_was_lost_replays_as_an_interrupted_match_hk_7(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """HK-7.3: the last hand's ``totals``, then ``match_end``. A crash that cut or lost the
    ``match_end`` line left a record of every hand and its totals, which replay refused ("diverged
    at line N: the match's totals are missing", N being the very totals line) and so ``hkmj
    review`` too, where docs/review.md says the lines before a cut one are reviewed. It stops
    between two events, as a record ending at a ``hand_end`` does; an event after those totals
    is still named, as the match's missing end."""
    events = read_record(record)
    assert events[-1]["type"] == "match_end" and events[-2]["type"] == "totals"
    report = replay(events[:-1])
    assert report.ok, report.divergence
    assert report.cut == [] and not report.complete and report.hands == 2 and report.events == len(events) - 1
    # the match_end line cut in the middle of a write: replay and review read what precedes it
    lines = record.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20], encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(cut)]) == 0
    assert "replay OK: 2 hands," in capsys.readouterr().out
    assert main(["review", str(cut), "--seat", "1", "--html", "-", "--quiet"]) == 0
    assert "Review of player 1: 2 hands" in capsys.readouterr().out
    # a hand_start after the last totals: the record goes on where match_end belongs
    path = _write(tmp_path / "after.jsonl", [*events[:-1], events[1]])
    report = replay(read_record(path))
    assert report.divergence is not None and report.divergence.line == len(events), report.divergence
    assert report.divergence.reason == "the match's end is missing; the record goes on without it"
    assert main(["replay", str(path), "--lang", "fr"]) == 1
    assert "la fin de la partie manque\u00a0; l'enregistrement continue sans elle" in capsys.readouterr().out
