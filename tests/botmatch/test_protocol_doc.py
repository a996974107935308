"""docs/bot-protocol.md against the messages a bot actually receives (issue 13: "documented").

The host → bot table and the ``view`` paragraph of docs/bot-protocol.md, and for the rows it
refers to docs/record-format.md, are parsed; a spying bot records every line of real matches
under each ruleset (HK-3/HK-4 draws, discards, claims and kongs; HK-5/HK-6 wins; HK-7 match
end) and each message's type and fields must be documented.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from hkmj.botmatch import play_bot_match
from hkmj.botproto import PROTOCOL
from hkmj.rulesets import RULESETS, get_ruleset

DOCS = Path(__file__).resolve().parents[2] / "docs"
_TICKS = re.compile(r"`([a-z_]+)`")
_ASIDE = re.compile(r"\([^()]*\)")


def _names(text: str) -> set[str]:
    """The backticked names of a cell, leaving out what parentheses say about them (values, notes)."""
    while (shorter := _ASIDE.sub("", text)) != text:
        text = shorter
    return set(_TICKS.findall(text))


def _table(text: str, heading: str) -> list[list[str]]:
    """The cells of the first Markdown table after ``heading``."""
    rows: list[list[str]] = []
    for line in text[text.index(heading) :].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def documented() -> tuple[dict[str, set[str]], set[str]]:
    """The fields docs/bot-protocol.md names for each host → bot message type, and the view's fields."""
    proto = (DOCS / "bot-protocol.md").read_text(encoding="utf-8")
    record = {
        r[0].strip("`"): set(_TICKS.findall(r[1]))
        for r in _table((DOCS / "record-format.md").read_text(encoding="utf-8"), "| type | fields |")
    }
    fields: dict[str, set[str]] = {}
    for cells in _table(proto, "## Host → bot"):
        names = _TICKS.findall(cells[0])
        for name in names:
            named = _names(cells[1])
            fields[name] = named | (record[name] if "record-format.md" in cells[1] else set())
    view = proto[proto.index("`view` is your") : proto.index("A bot can play")]
    return fields, _names(view.split(":", 1)[1])


def test_the_documented_tables_parse() -> None:
    fields, view = documented()
    assert {"hello", "hand_start", "deal", "draw", "discard", "claim", "request", "win", "match_end"} <= set(fields)
    assert {"seat", "hand", "melds", "discards", "offered", "live"} <= view


@pytest.mark.parametrize("rules", list(RULESETS))
def test_hk4_every_message_a_bot_receives_is_documented_field_by_field(rules: str, tmp_path: Path) -> None:
    """A bot that wins, kongs and pungs whenever it may sees many message kinds; none may carry
    a type or a field docs/bot-protocol.md does not name, and every ``request.view`` has exactly
    the documented fields."""
    dump = tmp_path / "seen.jsonl"
    spy = tmp_path / "spy.py"
    spy.write_text(
        "import json, sys\n"
        f"out = open({str(dump)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    m = json.loads(line)\n"
        "    if m.get('type') == 'request':\n"
        "        legal = m['legal']\n"
        "        best = [a for a in legal if a == 'mahjong' or 'kong' in a or a == 'pung' or a.startswith('chow')]\n"
        "        print(json.dumps({'id': m['id'], 'action': (best or legal)[0]}), flush=True)\n",
        encoding="utf-8",
    )
    report = play_bot_match(
        [f"{sys.executable} {spy}", "greedy", "greedy", "greedy"], hands=3, seed=2, rules=get_ruleset(rules), log=lambda _x: None
    )
    assert report.stats[0].illegal == report.stats[0].late == 0
    fields, view = documented()
    seen = [json.loads(x) for x in dump.read_text(encoding="utf-8").splitlines()]
    assert seen[0] == {"type": "hello", "protocol": PROTOCOL, "player": 0, "rules": rules, "time_limit": 1.0, "hands": 3}
    kinds = set()
    for m in seen:
        kind = m["type"]
        kinds.add(kind)
        assert kind in fields, f"undocumented message type {kind!r}: {m}"
        extra = set(m) - {"type"} - fields[kind]
        assert not extra, f"{kind}: undocumented fields {sorted(extra)}"
        if kind == "request":
            assert set(m["view"]) == view, f"request.view: {sorted(set(m['view']) ^ view)}"
            assert set(m) == {"type", "id", "time_limit", "legal", "view"}
    assert {"hello", "hand_start", "deal", "draw", "discard", "claim", "request", "hand_end", "totals", "match_end"} <= kinds
