"""``hkmj arena --record FILE`` (docs/record-format.md): every hand of the duplicate deals, read by
``hkmj replay`` and ``hkmj review`` as any record, with the same checks on FILE as
``hkmj simulate --record`` and ``hkmj bot-match --record`` (``cli.record_refused``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("openskill")

import hkmj.arena
from hkmj.arena import run_arena
from hkmj.cli import main
from hkmj.record import read_record, replay


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _points_by_bot(events: list[dict[str, Any]]) -> Counter[str]:
    """Each bot's points summed from the record alone: each hand_end's payments (HK-6, MCR-8, CL-7),
    paid to the bot its hand_start seats there."""
    points: Counter[str] = Counter()
    bots: list[str] = []
    for e in events:
        if e["type"] == "hand_start":
            bots = [e["arena"]["bots"][p] for p in e["players"]]
        elif e["type"] == "hand_end":
            for s, paid in enumerate(e["payments"]):
                points[bots[s]] += paid
    return points


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_an_arena_record_replays_to_the_same_points_the_ratings_were_made_from(
    tmp_path: Path, rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four hands a deal, each seat rotated (the table's bots as players 0-3 of each hand): the
    record replays exactly, and its payments add up to the points the arena rated (HK-6 payments)."""
    path = tmp_path / "a.jsonl"
    bots = ["random", "greedy", "strong"]
    args = ["arena", "--bots", ",".join(bots), "--deals", "3", "--seed", "4", "--rules", rules, "--plot", "", "--quiet"]
    assert main([*args, "--record", str(path)]) == 0
    out = capsys.readouterr().out
    events = _read(path)
    assert f"record: {path} ({len(events)} events)" in out
    starts = [e for e in events if e["type"] == "hand_start"]
    assert len(starts) == 12 and [e["hand"] for e in starts] == list(range(1, 13))
    assert [(e["arena"]["deal"], e["arena"]["rotation"]) for e in starts] == [(d, r) for d in (1, 2, 3) for r in (1, 2, 3, 4)]
    assert all(e["rules"] == rules for e in starts)
    report = replay(read_record(path))
    assert report.ok and report.divergence is None and report.complete
    assert (report.hands, report.events) == (12, len(events))
    rated = run_arena(bots, deals=3, seed=4, rules=hkmj.arena.get_ruleset(rules))
    assert dict(_points_by_bot(events)) == rated.points


def test_an_arena_record_is_the_same_for_any_number_of_workers_and_leaves_the_ratings_unchanged(tmp_path: Path) -> None:
    lines: dict[int, list[str]] = {1: [], 2: []}
    results = {w: run_arena(["random", "greedy"], deals=4, seed=5, workers=w, on_record=lines[w].extend) for w in (1, 2)}
    plain = run_arena(["random", "greedy"], deals=4, seed=5)
    assert lines[1] == lines[2] and len(lines[1]) > 0
    assert results[1].mu == results[2].mu == plain.mu and results[1].history == plain.history


def test_hkmj_review_and_replay_show_name_the_arena_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A researcher reviews one bot of the arena by its name, at every seat it held (two seats a hand
    when fewer than four bots share the table), or a seat, or a player number; replay --show names
    the bots at each seat."""
    path = tmp_path / "a.jsonl"
    assert main(["arena", "--bots", "random,greedy,strong", "--deals", "1", "--plot", "", "--quiet", "--record", str(path)]) == 0
    capsys.readouterr()
    html = str(tmp_path / "r.html")
    assert main(["review", str(path), "--seat", "strong", "--html", html, "--quiet", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of the bot strong (every seat it held): 4 hands of Hong Kong")
    # in French the bots are named as the French table names them (hasard, glouton, fort): the
    # review said « le robot random », refused --seat fort and listed 'random', 'greedy', 'strong'
    for seat in ("random", "hasard"):
        assert main(["review", str(path), "--seat", seat, "--html", "-", "--quiet", "--lang", "fr"]) == 0
        assert "le robot hasard (à chaque place qu'il a tenue)" in capsys.readouterr().out
    assert main(["review", str(path), "--seat", "fort", "--html", "-", "--quiet", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Review of the bot strong (every seat it held)")
    assert main(["review", str(path), "--seat", "strnog", "--html", "-", "--quiet", "--lang", "en"]) == 2
    assert "or a name: 'random', 'greedy', 'strong'" in capsys.readouterr().err
    assert main(["review", str(path), "--seat", "strnog", "--html", "-", "--quiet", "--lang", "fr"]) == 2
    assert "ou un nom\u00a0: «\u00a0hasard\u00a0», «\u00a0glouton\u00a0», «\u00a0fort\u00a0»" in capsys.readouterr().err
    for seat in ("E", "2"):
        assert main(["review", str(path), "--seat", seat, "--html", "-", "--quiet", "--lang", "en"]) == 0
        capsys.readouterr()
    assert main(["replay", str(path), "--show", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    assert "hkmj arena, deal 1, rotation 2 of 4; the bots: E player 2 greedy · S player 3 strong · W player 4 random · N player 1 random" in shown
    assert "replay OK: 4 hands" in shown
    assert main(["replay", str(path), "--show", "--lang", "fr", "--quiet"]) == 0  # it said "greedy", "strong" in French
    assert "rotation 2 sur 4\u00a0; les robots\u00a0: E joueur 2 glouton · S joueur 3 fort · O joueur 4 hasard · N joueur 1 hasard" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_existing_record_or_a_missing_folder_is_refused_before_any_deal_is_played(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``simulate --record`` and ``bot-match --record``: a saved record is never replaced."""

    def no_play(*args: object, **kwargs: object) -> None:
        raise AssertionError("a deal was played")

    monkeypatch.setattr(hkmj.arena, "run_arena", no_play)
    old = tmp_path / "old.jsonl"
    old.write_text("kept\n", encoding="utf-8")
    base = ["arena", "--bots", "random,greedy", "--deals", "1", "--plot", "", "--quiet", "--lang", lang]
    assert main([*base, "--record", str(old)]) == 2
    err = capsys.readouterr().err
    assert ("ce fichier existe déjà" if lang == "fr" else "this file already exists") in err
    assert old.read_text(encoding="utf-8") == "kept\n"
    assert main([*base, "--record", str(tmp_path / "nowhere" / "a.jsonl")]) == 2
    assert str(tmp_path / "nowhere") in capsys.readouterr().err


def test_a_failing_bot_leaves_no_half_written_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.jsonl"
    (tmp_path / "badbot.py").write_text(
        "class Bad:\n    def choose(self, view, legal):\n        return 'nonsense'\n\ndef make(seed):\n    return Bad()\n",
        encoding="utf-8",
    )
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        assert main(["arena", "--bots", "badbot:make,greedy", "--deals", "2", "--plot", "", "--quiet", "--record", str(path)]) == 2
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("badbot", None)
    assert "deal 1" in capsys.readouterr().err
    assert not path.exists()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_plot_and_record_naming_one_file_are_refused_before_any_deal(
    hkmj_cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """``hkmj arena --record arena.png`` (the default plot's name) or ``--plot r.png --record r.png``
    played every deal, the record taking the name, then refused the plot as 'this file already
    exists' (exit 1), a record left under an image's name. One file for both is now refused before
    any deal is played, the default plot named as such."""
    monkeypatch.chdir(tmp_path)
    code, out, err = hkmj_cli(["arena", "--bots", "random,greedy", "--deals", "1", "--record", "arena.png", "--quiet", "--lang", lang])
    assert (code, out) == (2, ""), err
    if lang == "fr":
        assert err == "hkmj arena\u00a0: --plot arena.png (par défaut) et --record arena.png désignent le même fichier\u00a0: donnez à chacun son propre fichier\n"
    else:
        assert err == "hkmj arena: --plot arena.png (the default) and --record arena.png name the same file: give each a file of its own\n"
    code, out, err = hkmj_cli(["arena", "--bots", "random,greedy", "--deals", "1", "--plot", "r.png", "--record", "r.png", "--quiet", "--lang", lang])
    assert (code, out) == (2, "") and "--plot r.png" in err and ("--record r.png" in err), err
    assert list(tmp_path.iterdir()) == []


def test_arena_takes_and_shows_the_built_in_bots_as_the_french_table_names_them(hkmj_cli: Any) -> None:
    """``hkmj arena --bots glouton,hasard`` was 'robot « glouton » inconnu' though ``hkmj play``
    and ``hkmj review`` of an arena record take the French table's names, and the French ratings
    table named the bots greedy, random; both names are taken, and the French table says glouton,
    hasard (greedy, random in English)."""
    argv = ["arena", "--bots", "glouton,hasard", "--deals", "1", "--plot", "", "--quiet"]
    code, out, err = hkmj_cli([*argv, "--lang", "fr"])
    assert code == 0, err
    assert sorted(line.split()[0] for line in out.splitlines()[1:]) == ["glouton", "hasard"]
    code, out, err = hkmj_cli([*argv, "--lang", "en"])
    assert code == 0, err
    assert sorted(line.split()[0] for line in out.splitlines()[1:]) == ["greedy", "random"]
