"""Match records (docs/record-format.md), ``hkmj replay`` and ``hkmj simulate``."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.record import RecordError, plain_tiles, read_record, replay, show
from hkmj.simulate import CHUNK, run


def _simulate(tmp_path: Path, hands: int, seed: int, bots: str = "greedy,random,greedy,random") -> Path:
    out = tmp_path / "rec.jsonl"
    out.unlink(missing_ok=True)  # simulate never overwrites a record
    assert main(["simulate", "--hands", str(hands), "--seed", str(seed), "--bots", bots, "--record", str(out), "--quiet"]) == 0
    return out


def test_record_is_one_json_event_per_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _simulate(tmp_path, 5, 1)
    lines = path.read_text().splitlines()
    events = [json.loads(x) for x in lines]
    assert events[0]["type"] == "match_start" and events[-1]["type"] == "match_end"
    assert sum(1 for e in events if e["type"] == "hand_start") == 5
    assert sum(1 for e in events if e["type"] == "hand_end") == 5
    start = next(e for e in events if e["type"] == "hand_start")
    assert len(start["live"]) == 130 and len(start["dead"]) == 14 and sum(len(w) for w in start["wall"]) == 144
    out = capsys.readouterr().out
    assert "hands played      5" in out and "record:" in out


def test_replay_reproduces_every_event(tmp_path: Path) -> None:
    events = read_record(_simulate(tmp_path, CHUNK + 6, 5))  # two matches in one record
    report = replay(events)
    assert report.ok, report.divergence
    assert report.hands == CHUNK + 6
    assert report.events == len(events)


def test_replay_reports_the_first_divergence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _simulate(tmp_path, 3, 2)
    lines = path.read_text().splitlines()
    i = next(k for k, x in enumerate(lines) if '"type":"discard"' in x)
    event = json.loads(lines[i])
    event["tile"] = "9m" if event["tile"] != "9m" else "1m"
    lines[i] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"diverged at line {i + 1}" in out and "differs in tile" in out


def test_replay_of_a_hand_cut_short(tmp_path: Path) -> None:
    """A record that stops in the middle of a hand (a match interrupted) replays what it has; a
    hand cut short with more of the record after it is a divergence, never a crash."""
    events = read_record(_simulate(tmp_path, 2, 2))
    # just after a discard that someone may claim: the engine waits for the answers
    cut = next(i for i, e in enumerate(events) if e["type"] == "discard" and any(e["offers"])) + 1
    report = replay(events[:cut])
    assert report.ok and report.hands == 1
    second = next(i for i, e in enumerate(events) if e["type"] == "hand_start" and e["hand"] == 2)
    report = replay(events[:cut] + events[second:])
    assert not report.ok and report.divergence is not None
    assert "the hand stops before its end" in report.divergence.reason


def test_replay_refuses_a_forged_win(tmp_path: Path) -> None:
    path = _simulate(tmp_path, 4, 3, bots="greedy,greedy,greedy,greedy")
    events = read_record(path)
    win = next(e for e in events if e["type"] == "win")
    win["fan"] += 1
    report = replay(events)
    assert not report.ok and report.divergence is not None
    assert report.divergence.line == win["_line"]


def test_replay_show_prints_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _simulate(tmp_path, 2, 4)
    assert main(["replay", str(path), "--show"]) == 0
    out = capsys.readouterr().out
    assert "Deal (each hand sorted):" in out and " discards " in out and "replay OK: 2 hands" in out


def test_replay_show_labels_seats_and_players_in_one_order(tmp_path: Path) -> None:
    """--show: sorted hands in plain names; payments, scores and totals (kept by seat or by
    player in the record, HK-6, HK-7) all shown in the hand's seat order E, S, W, N with players."""
    events = read_record(_simulate(tmp_path, 3, 4))
    start = next(e for e in events if e["type"] == "hand_start")
    totals = next(e for e in events if e["type"] == "totals")
    lines = "\n".join(show(events))
    labels = [f"{'ESWN'[s]} player {p + 1}" for s, p in enumerate(start["players"])]
    expected = " · ".join(f"{label} {totals['totals'][p]:+d}" for label, p in zip(labels, start["players"], strict=True))
    assert f"Totals after hand 1: {expected};" in lines
    win = next(e for e in events if e["type"] == "win")
    paid = " · ".join(f"{label} {v:+d}" for label, v in zip(labels, win["payments"], strict=True))
    assert f"payments: {paid}" in lines
    deal = next(e for e in events if e["type"] == "deal")
    east = "".join(deal["hands"][0])
    assert f"  {labels[0]}: {plain_tiles(east)}" in lines
    assert "Match over after 3 hands; ranking: 1. player" in lines


@pytest.mark.parametrize(("lang", "words"), [("en", "Match over after 1 hand; ranking"), ("fr", "Partie finie après 1 donne\u00a0; classement")])
def test_show_ends_a_one_hand_match_in_the_singular(tmp_path: Path, lang: str, words: str) -> None:
    """--show (HK-7.3): a match of one hand ends "after 1 hand" ("1 donne"); it said "1 hands"."""
    lines = "\n".join(show(read_record(_simulate(tmp_path, 1, 4)), lang))
    assert words in lines and "1 hands" not in lines and "1 donnes" not in lines


@pytest.mark.parametrize(("lang", "later"), [("en", "; next prevailing "), ("fr", "\u00a0; ensuite ")])
def test_show_announces_no_next_deal_after_a_matchs_last_hand_hk_7_3(tmp_path: Path, lang: str, later: str) -> None:
    """--show (HK-7.3): the totals after the last hand of a match said who deals next and the
    next prevailing wind ("the deal passes; next prevailing West wind"), just before "Match
    over"; they now give the totals alone, and every earlier hand's totals still announce the
    next deal."""
    lines = [line for line in show(read_record(_simulate(tmp_path, 3, 4)), lang) if line.startswith(("Totals", "Totaux"))]
    assert len(lines) == 3 and all(later in line for line in lines[:2]), lines
    assert later not in lines[-1] and lines[-1].startswith(("Totals after hand 3: ", "Totaux après la donne 3\u00a0: ")), lines[-1]


def test_plain_tiles_sorted_and_named() -> None:
    assert plain_tiles("9p1m1z2m1m1z4f") == "1 1 2 Characters; 9 Circles; East wind ×2; Flower 4 (Bamboo)"
    assert plain_tiles("3z3z5s", "fr") == "5 Bambous\u00a0; Vent Ouest ×2"


def test_replay_show_in_french_writes_o_for_west(tmp_path: Path) -> None:
    lines = "\n".join(show(read_record(_simulate(tmp_path, 1, 4)), "fr"))
    assert "O joueur" in lines and "W joueur" not in lines and "Distribution (chaque main triée)\u00a0:" in lines


@pytest.mark.parametrize(
    ("length", "hands", "lang", "words"),
    [
        ("game", None, "en", "Match with seed 3 (a full game, Hong Kong)"),
        ("round", None, "en", "Match with seed 3 (one round, Hong Kong)"),
        ("hands", 50, "en", "Match with seed 3 (50 hands, Hong Kong)"),
        ("hands", 1, "en", "Match with seed 3 (1 hand, Hong Kong)"),
        ("game", None, "fr", "Partie de graine 3 (une partie complète, Hong Kong)"),
        ("round", None, "fr", "Partie de graine 3 (un tour de vent, Hong Kong)"),
        ("hands", 50, "fr", "Partie de graine 3 (50 donnes, Hong Kong)"),
    ],
)
def test_replay_show_names_the_match_length_hk_7_3_in_words(length: str, hands: int | None, lang: str, words: str) -> None:
    """--show's first line says how long the match is (HK-7.3: a full game, one round, or N
    hands) in the reader's language, not the record's field value ``hands``."""
    start = {"type": "match_start", "rules": "hk", "options": {}, "seed": 3, "length": length, "hands": hands, "seat_draw": list("ESWN")}
    first = next(iter(show([start], lang)))
    assert first.startswith(words), first


def test_replay_show_in_french_names_the_prevailing_wind_once_hk_7_3(tmp_path: Path) -> None:
    """--show --lang fr: the prevailing wind (HK-7.3) reads « Vent Est dominant », not the
    doubled « vent dominant Vent Est », in each hand's heading and after each hand's totals."""
    lines = "\n".join(show(read_record(_simulate(tmp_path, 2, 4)), "fr")).splitlines()
    heads = [line for line in lines if line.startswith("Donne ")]
    totals = [line for line in lines if line.startswith("Totaux après la donne")]
    assert heads and totals and all(" dominant · dés " in h for h in heads)
    assert all(t.endswith(" dominant") and "ensuite Vent " in t for t in totals[:-1])
    assert not any("vent dominant Vent" in line for line in lines)


def test_replay_show_in_french_a_win_on_a_discard_names_the_tile_hk_5_5(tmp_path: Path) -> None:
    """--show --lang fr: a win on a discard (HK-5.5) reads « gagne sur la tuile … jetée par … », as
    the terminal writes it (« jetée » agrees with « la tuile »)."""
    events = read_record(_simulate(tmp_path, 3, 4))
    lines = "\n".join(show(events, "fr")).splitlines()
    wins = [line for line in lines if " gagne sur " in line]
    assert any(e["type"] == "win" and e["win"] == "discard" for e in events) and wins
    assert all(" gagne sur la tuile " in line and " jetée par " in line for line in wins)


def test_replay_bad_files_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "match_start"}\nnot json\n')
    with pytest.raises(RecordError, match=r"bad\.jsonl:2: not JSON \(expecting value at column 1\)"):
        read_record(bad)
    assert main(["replay", str(bad)]) == 2
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "missing.jsonl: no such file" in err and "Traceback" not in err


def test_simulate_is_deterministic_and_independent_of_workers() -> None:
    a = run(CHUNK + 10, 11, ["random", "greedy", "random", "greedy"], workers=1)
    b = run(CHUNK + 10, 11, ["random", "greedy", "random", "greedy"], workers=2)
    assert a.hands == b.hands == CHUNK + 10
    assert a.points_by_player == b.points_by_player
    assert a.wins_by_type == b.wins_by_type
    assert sum(a.points_by_player) == 0


def test_simulate_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "3", "--bots", "greedy,random"]) == 2
    assert main(["simulate", "--hands", "3", "--bots", "greedy,random,robot,random"]) == 2
    err = capsys.readouterr().err
    assert "four names" in err and "unknown bot 'robot'" in err
    with pytest.raises(SystemExit):
        main(["simulate", "--hands", "0"])


def test_replay_show_labels_payments_under_another_ruleset(tmp_path: Path) -> None:
    """--show under the classical ruleset: its own score summary, payments labelled by seat and player once."""
    out = tmp_path / "classical.jsonl"
    assert main(["simulate", "--hands", "4", "--seed", "2", "--rules", "classical", "--record", str(out), "--quiet"]) == 0
    lines = "\n".join(show(read_record(out)))
    assert "Classical" in lines and "payments: E player" in lines and "payments [" not in lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_replay_show_replacements_come_from_the_end_of_the_wall(tmp_path: Path, lang: str) -> None:
    """MCR has no dead wall (every tile is played): --show says a bonus tile's or a kong's
    replacement comes from the end of the wall; Hong Kong's comes from the dead wall (HK-2.7)."""
    out = tmp_path / "mcr.jsonl"
    assert main(["simulate", "--hands", "2", "--seed", "3", "--rules", "mcr", "--record", str(out), "--quiet"]) == 0
    events = read_record(out)
    assert any(e["type"] == "replacement" for e in events)
    word, wall_end, dead = ("replace", "end of the wall", "dead wall") if lang == "en" else ("rempla", "au bout du mur", "mur mort")
    lines = [x for x in show(events, lang) if word in x]
    assert lines and all(wall_end in x and dead not in x for x in lines)
    hk = [x for x in show(read_record(_simulate(tmp_path, 2, 3)), lang) if word in x]
    assert hk and all(dead in x for x in hk)


@pytest.mark.parametrize(("lang", "mcr_words", "hk_words"), [("en", "  Wall exhausted: drawn hand", "  Live wall exhausted: drawn hand"), ("fr", "  Mur épuisé", "  Mur vivant épuisé")])
def test_mcr_replay_show_a_drawn_hand_ends_the_wall_not_a_live_wall(tmp_path: Path, lang: str, mcr_words: str, hk_words: str) -> None:
    """MCR-3.3: every tile is played (no dead wall), so --show says the wall is exhausted, not the
    "live wall" of a Hong Kong table, whose dead wall stays (HK-7.1)."""
    out = tmp_path / "mcr.jsonl"
    assert main(["simulate", "--hands", "16", "--seed", "3", "--rules", "mcr", "--record", str(out), "--quiet"]) == 0
    lines = list(show(read_record(out), lang))
    drawn = [x for x in lines if ("drawn hand" if lang == "en" else "donne nulle") in x]
    assert drawn and all(x.startswith(mcr_words) and x.endswith("(MCR-3.3)") for x in drawn)
    hk = [x for x in show(read_record(_simulate(tmp_path, 16, 3)), lang) if ("drawn hand" if lang == "en" else "donne nulle") in x]
    assert hk and all(x.startswith(hk_words) and x.endswith("(HK-7.1)") for x in hk)


# --- release audit: records edited or written by someone else


def test_replay_lines_json_cannot_read_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A referee's edited record: any line Python's json refuses names its line, never a traceback."""
    start = _simulate(tmp_path, 1, 2).read_text().splitlines()[0]
    for bad_line in ('{"type": "hand_start", "hand": 1' + "0" * 5000 + "}", "[" * 100_000 + "]" * 100_000, '{"type": "draw", "seat": NaN}'):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(start + "\n" + bad_line + "\n")
        with pytest.raises(RecordError, match=r"bad\.jsonl:2: not JSON"):
            read_record(bad)
        assert main(["replay", str(bad)]) == 2
        assert main(["review", str(bad), "--html", "-", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err


def test_replay_of_hands_recorded_without_a_match_start(tmp_path: Path) -> None:
    """docs/record-format.md: hands with no match_start before them are rebuilt from their own
    hand_start; the line numbers read_record adds are no part of the comparison."""
    lines = _simulate(tmp_path, 2, 5).read_text().splitlines()
    end = next(i for i, x in enumerate(lines) if '"type":"hand_end"' in x)
    hand_only = tmp_path / "hand.jsonl"
    hand_only.write_text("\n".join(lines[1 : end + 1]) + "\n")
    report = replay(read_record(hand_only))
    assert report.ok, report.divergence
    assert report.hands == 1 and report.events == end


def test_replay_says_when_the_record_stops_before_the_matchs_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record cut after a whole hand replays what it has, and says the match is unfinished."""
    path = _simulate(tmp_path, 3, 2)
    lines = path.read_text().splitlines()
    first_totals = next(i for i, x in enumerate(lines) if '"type":"totals"' in x)
    path.write_text("\n".join(lines[: first_totals + 1]) + "\n")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "replay OK: 1 hand," in out and "stops before the match's end" in out
    report = replay(read_record(path))
    assert report.ok and not report.complete
    assert replay(read_record(_simulate(tmp_path, 2, 2))).complete


def test_the_replay_sentences_docs_record_format_md_quotes_are_what_replay_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/record-format.md quotes what ``hkmj replay`` says of a record left after a whole hand
    and of one cut in the middle of a hand; the first quote lacked the "(an interrupted match)"
    the command prints. Each quote, its numbers aside, is the whole line printed."""
    import re

    page = " ".join((Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8").split())
    quotes = {kind: re.search(rf"`(replay OK: [^`]*the record stops {kind}[^`]*)`", page) for kind in ("before", "in the middle")}
    lines = _simulate(tmp_path, 3, 2).read_text().splitlines()
    first_totals = next(i for i, x in enumerate(lines) if '"type":"totals"' in x)
    second_discard = next(i for i, x in enumerate(lines) if i > first_totals and '"type":"discard"' in x)
    for kind, end in (("before", first_totals + 1), ("in the middle", second_discard + 1)):
        quote = quotes[kind]
        assert quote is not None, kind
        cut = tmp_path / "cut.jsonl"
        cut.write_text("\n".join(lines[:end]) + "\n")
        capsys.readouterr()
        assert main(["replay", str(cut)]) == 0
        printed = capsys.readouterr().out.strip()
        assert re.fullmatch(re.sub(r"\d+", r"\\d+", re.escape(quote.group(1))), printed), (quote.group(1), printed)


def test_replay_edited_fields_are_named_in_words_not_python_errors(tmp_path: Path) -> None:
    lines = _simulate(tmp_path, 1, 2).read_text().splitlines()
    start = json.loads(lines[0])
    i = next(k for k, x in enumerate(lines) if '"type":"discard"' in x)
    discard = json.loads(lines[i])
    for k, edited, words in (
        (0, {**start, "seed": [1]}, "seed [1]: expected a whole number"),
        (i, {**discard, "seat": "E"}, "seat 'E': expected a seat number 0-3"),
    ):
        bad = lines[:k] + [json.dumps(edited)] + lines[k + 1 :]
        path = tmp_path / "edited.jsonl"
        path.write_text("\n".join(bad) + "\n")
        report = replay(read_record(path))
        assert report.divergence is not None and words in report.divergence.reason, report.divergence
        assert "int()" not in report.divergence.reason


def test_replay_show_of_an_edited_record_shows_what_replays_then_the_divergence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--show on a record edited by hand (a scores field made text, a discard's tile removed):
    the moves up to the first divergence, then the divergence, never a traceback."""
    lines = _simulate(tmp_path, 1, 2).read_text().splitlines()
    i = next(k for k, x in enumerate(lines) if '"type":"discard"' in x)
    start = json.loads(lines[1])
    discard = json.loads(lines[i])
    del discard["tile"]
    for k, edited in ((1, {**start, "scores": "x", "break": None, "prevailing": "Q"}), (i, discard)):
        path = tmp_path / "edited.jsonl"
        path.write_text("\n".join([*lines[:k], json.dumps(edited), *lines[k + 1 :]]) + "\n")
        capsys.readouterr()
        assert main(["replay", "--show", str(path)]) == 1
        out = capsys.readouterr().out
        assert f"diverged at line {k + 1}" in out


def test_replay_show_fits_an_80_column_terminal_and_stays_whole_in_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], terminal: type[io.StringIO]
) -> None:
    """--show at an 80-column terminal: a long line (a dealt hand with its bonus tiles, HK-2.6)
    continues indented under its text; written to a file or a pipe, each line stays whole."""
    import sys

    path = _simulate(tmp_path, 2, 4)
    capsys.readouterr()
    assert main(["replay", str(path), "--show"]) == 0
    whole = capsys.readouterr().out.splitlines()
    assert any(len(line) > 80 for line in whole)
    monkeypatch.setenv("COLUMNS", "80")
    tty = terminal()
    monkeypatch.setattr(sys, "stdout", tty)
    assert main(["replay", str(path), "--show"]) == 0
    shown = tty.getvalue().splitlines()
    assert all(len(line) <= 80 for line in shown) and len(shown) > len(whole)
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(whole).split())
    deal = next(i for i, line in enumerate(shown) if line.startswith("  E player") and len(shown[i + 1]) - len(shown[i + 1].lstrip()) == 6)
    assert shown[deal + 1].startswith("      ")


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("before the match", "event 'zzz' outside any hand"),
        ("after match_start", "event 'zzz' outside any hand"),
        ("between two hands", "event 'zzz' outside any hand"),
        ("after match_end", "event 'zzz' outside any hand"),
        ("no match_start", "a match's 'totals' with no match_start before it"),
    ],
)
def test_replay_checks_every_line_a_stray_event_is_a_divergence(tmp_path: Path, where: str, reason: str) -> None:
    """docs/record-format.md: "replay OK" means every line was reproduced. A line outside any hand
    that is not its match's own (an edited or foreign line), or a match's totals with no
    match_start to check them against, used to be skipped while the replay said OK."""
    lines = _simulate(tmp_path, 2, 5).read_text().splitlines()
    stray = '{"type": "zzz"}'
    second = [i for i, x in enumerate(lines) if '"type":"hand_start"' in x][1]
    edited = {
        "before the match": [stray, *lines],
        "after match_start": [lines[0], stray, *lines[1:]],
        "between two hands": [*lines[:second], stray, *lines[second:]],
        "after match_end": [*lines, stray],
        "no match_start": lines[1:],
    }[where]
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(edited) + "\n")
    report = replay(read_record(path))
    assert not report.ok and reason in str(report.divergence), report.divergence
    expected_line = edited.index(stray) + 1 if stray in edited else next(i for i, x in enumerate(edited) if '"type":"totals"' in x) + 1
    assert report.divergence is not None and report.divergence.line == expected_line


def test_replay_names_an_edited_field_short(tmp_path: Path) -> None:
    """An edited record may hold a 60,000-character field name or event type: the divergence names
    it cut to a few dozen characters."""
    lines = _simulate(tmp_path, 1, 5).read_text().splitlines()
    event = json.loads(lines[2])
    event["z" * 60_000] = 1
    lines[2] = json.dumps(event)
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join(lines) + "\n")
    report = replay(read_record(path))
    assert report.divergence is not None and len(report.divergence.reason) < 200


def test_replay_shows_its_progress_on_a_terminal_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], terminal: type[io.StringIO]
) -> None:
    """A long record replayed in silence for seconds (400 hands of ``hkmj simulate``: 1.2 s of CPU
    on the development machine, read and replayed, so 2,000 hands about six): on a terminal a bar on stderr counts the hands reproduced, up to all of them; with
    ``--quiet``, or when stderr is a file or a pipe, nothing but the verdict."""
    import sys

    path = _simulate(tmp_path, 6, 3)
    capsys.readouterr()
    for quiet, shown in (([], True), (["--quiet"], False)):
        err = terminal()
        monkeypatch.setattr(sys, "stderr", err)
        assert main(["replay", str(path), *quiet]) == 0
        assert ("\r[" in err.getvalue() and "6/6 hands" in err.getvalue()) is shown
        assert capsys.readouterr().out == "replay OK: 6 hands, " + f"{len(read_record(path))} events reproduced exactly\n"
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert main(["replay", str(path)]) == 0 and sys.stderr.getvalue() == ""
    capsys.readouterr()


def test_simulate_never_overwrites_a_saved_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj simulate --record match.jsonl`` replaced a match saved by ``hkmj play --record
    match.jsonl`` without a word; it now refuses an existing file, as ``hkmj play`` does, with exit
    status 2 before any hand is played, and the file is left as it was."""
    path = tmp_path / "match.jsonl"
    path.write_text('{"type": "match_start"}\n')
    assert main(["simulate", "--hands", "2", "--record", str(path), "--quiet"]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"hkmj simulate: --record {path}: this file already exists; give another name, or delete the file first\n"
    assert captured.out == "" and path.read_text() == '{"type": "match_start"}\n'


def test_replay_says_its_errors_in_french_with_lang_fr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], write_file: Callable[[Path, str | bytes | None], None]
) -> None:
    """``hkmj replay --lang fr`` wrote its run-time errors in English (only argparse's were French):
    a file it cannot read, or that is no record, is now named in French as ``hkmj score`` and
    ``hkmj play`` name theirs (exit 2); in English the words are unchanged."""
    files: dict[str, str | bytes | None] = {
        "missing.jsonl": None,
        "notes.txt": "my notes\n",
        "binary.jsonl": b"\xff\xfe\n",
        "empty.jsonl": "",
        "object.jsonl": '{"a": 1}\n',
        "cut.jsonl": '{"type": "match_start", "seed": 1\n',
        "nan.jsonl": '{"type": "match_start", "seed": NaN}\n',
        "log.jsonl": '{"seq": 1, "kind": "create", "data": {}}\n',
    }
    said = {
        "missing.jsonl": ("no such file", "fichier introuvable"),  # as hkmj review and play --resume say it
        "notes.txt": ("1: not JSON (expecting value at column 1)", "1\u00a0: pas du JSON (valeur attendue à la colonne 1)"),
        "binary.jsonl": ("not a text file (a record is JSON Lines text, UTF-8)", "pas un fichier texte (un enregistrement est du texte JSON Lines, en UTF-8)"),
        "empty.jsonl": ("the file is empty: it holds no match", "le fichier est vide, il ne contient aucune partie"),
        "object.jsonl": ("1: an event is a JSON object with a 'type'", "1\u00a0: un événement est un objet JSON avec un champ «\u00a0type\u00a0»"),
        "cut.jsonl": ("1: not JSON (expecting ',' delimiter at column 34)", "1\u00a0: pas du JSON (séparateur «\u00a0,\u00a0» attendu à la colonne 34)"),
        "nan.jsonl": (
            "1: not JSON (NaN is not JSON (RFC 8259 has no NaN or Infinity))",
            "1\u00a0: pas du JSON (NaN n'est pas du JSON (la RFC 8259 n'a ni NaN ni Infinity))",
        ),
        "log.jsonl": ("bad table log: ", "journal de table invalide\u00a0: "),
    }
    for name, content in files.items():
        path = tmp_path / name
        write_file(path, content)
        english, french = said[name]
        for lang, words, colon in (("en", english, ":"), ("fr", french, "\u00a0:")):
            assert main(["replay", str(path), "--lang", lang, "--quiet"]) == 2
            out, err = capsys.readouterr()
            line = f"hkmj replay{colon} {path}{':' if words[0].isdigit() else colon + ' '}{words}"
            # a table log's own detail (which entry, which field) is worded as hkmj review words it
            assert out == "" and (err.startswith(line) if name == "log.jsonl" else err == line + "\n"), err
    record = _simulate(tmp_path, 1, 1)
    assert main(["replay", str(record), "--record", str(tmp_path / "r.jsonl"), "--lang", "fr", "--quiet"]) == 2
    assert capsys.readouterr().err == (
        f"hkmj replay\u00a0: --record écrit la partie de l'export du journal d'une table du serveur\u00a0; {record} est déjà un enregistrement\n"
    )


@pytest.mark.parametrize("stop", [ValueError("cannot connect to Ray at head:6379: nothing answers"), KeyboardInterrupt()])
def test_a_run_that_wrote_no_event_leaves_no_empty_record_to_refuse_the_next_one(
    stop: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --record FILE`` refused by its backend (no Ray head at ``--address``) or
    stopped before its first match ended left FILE empty behind it: ``hkmj replay`` said it held no
    match, and the same command run again was refused, "this file already exists". Now a record
    with no event is deleted; one holding whole matches is kept (``hkmj replay`` reads it)."""
    import hkmj.simulate

    def stopped(*args: object, **kwargs: object) -> None:
        raise stop

    out = tmp_path / "games.jsonl"
    monkeypatch.setattr(hkmj.simulate, "run", stopped)
    assert main(["simulate", "--hands", "4", "--record", str(out), "--quiet"]) in (2, 130)
    assert not out.exists()
    monkeypatch.undo()
    real = hkmj.simulate.run

    def first_match_then_stopped(*args: object, **kwargs: object) -> None:
        real(CHUNK, 1, ("greedy",) * 4, on_chunk=kwargs["on_chunk"], record=True)  # type: ignore[arg-type]
        raise stop

    monkeypatch.setattr(hkmj.simulate, "run", first_match_then_stopped)
    assert main(["simulate", "--hands", "4", "--record", str(out), "--quiet"]) in (2, 130)
    assert out.stat().st_size > 0  # the whole match played before the stop is kept


def test_replay_takes_rules_and_checks_the_ruleset_the_record_carries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11 names ``--rules hk|mcr`` for replay too, but ``hkmj replay FILE --rules mcr`` was an
    argparse error ("unrecognized arguments"), exit 2. A record carries its ruleset (MCR-1); ``--rules``
    now checks it: the record's own replays, another is refused in one line, exit 2, before any replay
    (French too); a record written before rulesets reads as hk."""
    out = tmp_path / "mcr.jsonl"
    assert main(["simulate", "--hands", "1", "--seed", "3", "--rules", "mcr", "--record", str(out), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["replay", str(out), "--rules", "mcr"]) == 0
    assert capsys.readouterr().out.startswith("replay OK: 1 hand, ")
    assert main(["replay", str(out), "--rules", "hk"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == (
        "hkmj replay: --rules hk: this record is played under mcr rules; a record carries its ruleset: replay it without --rules\n"
    )
    assert main(["replay", str(out), "--rules", "classical", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (
        "hkmj replay\u00a0: --rules classical\u00a0: cet enregistrement est joué selon les règles mcr\u00a0; "
        "un enregistrement porte son jeu de règles\u00a0: rejouez-le sans --rules\n"
    )
    older = tmp_path / "older.jsonl"  # no "rules" field anywhere: Hong Kong with the default rules
    hk = _simulate(tmp_path, 1, 4)
    older.write_text("".join(json.dumps({k: v for k, v in json.loads(x).items() if k not in ("rules", "options")}) + "\n" for x in hk.read_text().splitlines()))
    assert main(["replay", str(older), "--rules", "hk"]) == 0
    assert main(["replay", str(older), "--rules", "mcr"]) == 2
    with pytest.raises(SystemExit) as bad:
        main(["replay", str(out), "--rules", "zz"])
    assert bad.value.code == 2 and "invalid choice: 'zz'" in capsys.readouterr().err


def test_hk_4_a_claim_nobody_takes_has_null_tiles_as_the_events_table_says() -> None:
    """HK-4.1, HK-4.7: a window every asked seat passes is resolved by a `claim` with no taker;
    its `seat`, `claim` and `tiles` are all null, and docs/record-format.md's table says so of
    each (an independent referee validating the fields by the table refused `tiles: null`)."""
    import re

    from hkmj.engine.actions import PASS
    from hkmj.engine.testing import act, stacked_hand

    hand = stacked_hand(("147m258p369s12345z", "258m369p147s1234z", "369m147p258s5567z", "147m258p369s2345z"))
    act(hand, "E discard 5z")  # West holds two White dragons: a pung is offered
    assert hand.events[-1]["offers"][2] == ["pass", "pung"]
    claim = next(e for e in hand.apply(2, PASS) if e["type"] == "claim")
    assert (claim["seat"], claim["claim"], claim["tiles"]) == (None, None, None)
    page = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| `claim` |"))
    for field in ("seat", "claim", "tiles"):
        described = re.search(rf"`{field}` \(([^)]*(?:\([^)]*\)[^)]*)*)\)", row)
        assert described is not None and "null" in described.group(1), field
