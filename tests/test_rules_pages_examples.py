"""The worked examples of docs/rules-classical.md, read from the page and scored as a person
scoring a physical game would: ``hkmj score --rules classical`` with the winner's hand and
each other seat's ``--other`` (CL-5, CL-5.4, CL-6, CL-7). Each example's table of hands, each
seat's score (the last bold number of its bullet) and the totals are taken from the page's
text, so that an example edited by hand, or a scorer changed since, fails here."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from hkmj.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules-classical.md"
SEATS = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _section(title: str) -> str:
    """The text of the ``### Example ...`` section whose heading starts with ``title``."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"### {title}")
    end = min(i for i in (text.find("\n### ", start + 1), text.find("\n## ", start + 1)) if i > 0)
    return text[start:end]


def _hands(section: str) -> tuple[str, list[str], list[str]]:
    """The page's table of hands as command-line words: the winner's seat, the winner's hand and
    options (``--seat``, ``--win``, ``--meld``, ``--flower``...), and one ``--other`` per seat."""
    winner, argv, others = "", [], []
    for row in re.findall(r"^\| ([ESWN])( \(winner\))? \| (.+?) \| (.+?) \| (.+?) \|$", section, re.M):
        seat, won, concealed, declared, bonus = row
        melds = [" ".join(m) for m in re.findall(r"(chow|pung|kong|ckong) `(\w+)`", declared)]
        extras = [] if bonus == "—" else [b.strip() for b in bonus.split(",")]
        if won:
            tiles = re.findall(r"`(\w+)`", concealed)
            hand = "".join(re.findall(r"`(\w+)`", concealed.split(" with ")[0]))
            if " + " in concealed:  # `88m...11z` + `1z`: the winning tile after the 13 others
                hand = "".join(tiles)
            winner = seat
            argv = ["--seat", seat, "--win", tiles[-1], "--prevailing", _prevailing(section)]
            for m in melds:
                argv += ["--meld", m]
            for kind, number in (e.split() for e in extras):
                argv += [f"--{kind}", number]
            argv.insert(0, hand)
        else:
            others += ["--other", ", ".join([f"{seat}: " + "".join(re.findall(r"`(\w+)`", concealed)), *melds, *extras])]
    return winner, argv, others


def _prevailing(section: str) -> str:
    """``East round (prevailing East)``, ``North round, prevailing North``: the wind's letter."""
    found = re.search(r"prevailing (East|South|West|North)", section)
    assert found, section[:200]
    return found.group(1)[0]


def _scores(section: str) -> dict[str, int]:
    """Each seat's score as the page's bullets state it: ``- **South**: ... **256**``."""
    out = {}
    for name, bullet in re.findall(r"^- \*\*(East|South|West|North)\*\*: (.*?)(?=^- |^\n|\Z)", section, re.M | re.S):
        out[name[0]] = int(re.findall(r"\*\*(\d+)\*\*", bullet)[-1])
    return out


def _totals(words: str) -> dict[str, int]:
    """``E −664, S +1024, W −36, N −324`` (the page) or ``E -664  S +1024 ...`` (the program)."""
    return {seat: int(amount.replace("−", "-")) for seat, amount in re.findall(r"\b([ESWN]) ([+−-]\d+)", words)}


def _score(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, int], dict[str, int]]:
    """Each seat's score and the totals ``hkmj score --rules classical`` prints for ``argv``."""
    capsys.readouterr()
    assert main(["score", "--rules", "classical", *argv]) == 0
    out = capsys.readouterr().out
    scores = {m[0]: int(m[2]) for m in re.findall(r"^([ESWN])( \(winner\))?: .* = (\d+)$", out, re.M)}
    totals = re.search(r"^Totals: (.*)$", out, re.M)
    assert totals, out
    return scores, _totals(totals.group(1))


def test_cl7_example_1_a_mahjong_on_a_discard_everyone_settles(capsys: pytest.CaptureFixture[str]) -> None:
    """Example 1: South wins on West's discard (CL-5, CL-5.4; the settlement CL-7)."""
    section = _section("Example 1")
    winner, argv, others = _hands(section)
    discarder = re.search(r"wins on (East|South|West|North)'s discard", section)
    assert winner == "S" and discarder and len(others) == 6
    scores, totals = _score([*argv, "--from", discarder.group(1)[0], *others], capsys)
    assert scores == _scores(section)
    stated = re.search(r"Totals: \*\*(.*?)\*\*", section)
    assert stated and totals == _totals(stated.group(1))


def test_cl7_4_example_2_pay_the_highest_score(capsys: pytest.CaptureFixture[str]) -> None:
    """Example 2: North self-draws with ``pay_highest`` on; then South holds a concealed kong of
    White instead of the pung of 9m and scores more than the winner (CL-7.4), with and without
    the option."""
    section = _section("Example 2")
    winner, argv, others = _hands(section)
    assert winner == "N" and "self-draws" in section and "option `pay_highest` on" in section
    scores, totals = _score([*argv, *others, "--option", "pay_highest=on"], capsys)
    assert scores == _scores(section.split("No one scores more")[0])
    stated = re.findall(r"Totals \*\*(.*?)\*\*", section)
    assert len(stated) == 2 and totals == _totals(stated[0])
    change = re.search(r"\(`(ckong \w+)`\) instead of the pung of 9m", section)
    assert change
    changed = [o.replace("pung 999m", change.group(1)) for o in others]
    assert changed != others
    scores, totals = _score([*argv, *changed, "--option", "pay_highest=on"], capsys)
    assert scores["S"] == int(re.findall(r"→ \*\*(\d+)\*\*", section.split("Now give South")[1])[0])
    assert totals == _totals(stated[1])
    without = re.search(r"Without the option .*?: totals (.*?)\.", " ".join(section.split()))
    assert without
    assert _score([*argv, *changed], capsys)[1] == _totals(without.group(1))


def test_cl6_2_example_3_a_limit_hand_as_the_pages_json_request(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Example 3 (a Jade dragon self-drawn, CL-6.2), as the page's own JSON request on stdin:
    the limit, 1000, and East pays 2000, South and North 1000 each (CL-7)."""
    text = PAGE.read_text(encoding="utf-8")
    request = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request) + "\n"))
    capsys.readouterr()
    assert main(["score", "--rules", "classical"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["valid"] and answer["limit_id"] == "jade_dragon", answer
    section = " ".join(_section("Example 3").split())
    assert f"instead, **{answer['score']}** (CL-6.2)" in section
    pays = {t["from"]: t["amount"] for t in answer["transfers"]}
    assert pays["S"] == pays["N"]
    assert f"East pays {pays['E']}, South and North {pays['S']} each." in section
