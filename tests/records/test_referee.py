"""Records re-read by an independent referee (tests/records/referee.py), move by move, for the
three rulesets: ``hkmj simulate --record``, ``hkmj play --record`` (a bot in the human's seat)
and a server table's log export. The referee reads the documented format only
(docs/record-format.md) and re-scores every win with ``hkmj score``."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hkmj.cli import main

RULESETS = [
    ("hk", []),
    ("hk", ["minfan=1", "payment=half-shooter", "base=2"]),
    ("mcr", []),
    ("classical", []),
    ("classical", ["pay_highest=on", "limit=500"]),
]
IDS = ["hk", "hk-options", "mcr", "classical", "classical-options"]


def _load(name: str, *parts: str) -> ModuleType:
    """A test helper module by its path under tests/ (they import nothing from each other)."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1].joinpath(*parts))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


referee = _load("hkmj_test_referee", "records", "referee.py")


def judge(events: list[dict[str, Any]]) -> Any:
    """The referee's verdict on a record: it raises on the first foul; the referee otherwise."""
    r = referee.Referee()
    r.check(events)
    r.rescore()
    return r


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def finished_table(tmp_path: Path, rules: str, hands: int, seed: int) -> tuple[list[dict[str, Any]], bytes]:
    """A real server's table played to its end by one scripted player (slot 0) and three bots:
    the player's messages and the table's log export."""
    from hkmj.server.testing import finished_table

    return finished_table(tmp_path, rules, hands, seed)


@pytest.mark.parametrize(("rules", "options"), RULESETS, ids=IDS)
def test_hk_2_to_hk_7_simulate_records_pass_the_independent_referee(
    tmp_path: Path, rules: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``hkmj simulate --record``: 20 hands, past a full game's 16 passes under MCR and classical
    (the North round goes on), every tile, claim, score, payment and rotation re-checked."""
    path = tmp_path / "sim.jsonl"
    args = ["simulate", "--hands", "20", "--seed", "5", "--bots", "random,greedy,greedy,random", "--rules", rules]
    args += [x for o in options for x in ("--option", o)]
    assert main([*args, "--record", str(path), "--quiet"]) == 0
    capsys.readouterr()
    r = judge(read(path))
    assert r.hands == 20 and r.draws > 0 and r.claims > 0
    assert len(r.wins) > 0 or options == ["minfan=1", "payment=half-shooter", "base=2"]


def test_hk_7_simulate_plays_chunks_of_64_hands_seeded_seed_plus_k(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-7 matches of ``hkmj simulate --hands 66 --seed 11 --workers 2 --record``: chunks of 64 and 2
    hands, match ``k`` seeded ``11 + k``, refereed and replayed from those seeds; a record
    with two chunks swapped still replays (each match from its own seed) but is not that run."""
    path = tmp_path / "sim.jsonl"
    args = ["simulate", "--hands", "66", "--seed", "11", "--bots", "random,random,random,random", "--workers", "2"]
    assert main([*args, "--record", str(path), "--quiet"]) == 0
    events = read(path)
    referee.Referee().check_simulate(events, seed=11, hands=66)
    assert [e["seed"] for e in events if e["type"] == "match_start"] == [11, 12]
    assert main(["replay", str(path)]) == 0
    assert "replay OK: 66 hands" in capsys.readouterr().out
    starts = [i for i, e in enumerate(events) if e["type"] == "match_start"]
    swapped = events[starts[1] :] + events[: starts[1]]
    with pytest.raises(referee.Foul, match=r"match 1 is seeded 12: chunk 0 is seeded SEED \+ 0 = 11"):
        referee.Referee().check_simulate(swapped, seed=11, hands=66)
    with pytest.raises(referee.Foul, match="2 matches for 200 hands"):
        referee.Referee().check_simulate(events, seed=11, hands=200)


def test_hk_4_10_a_robbed_kong_in_seeded_play_passes_the_referee(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """HK-4.10 in seeded play, not only in stacked scenarios: ``hkmj simulate --hands 4 --seed 139
    --bots greedy,greedy,greedy,greedy`` reaches a robbed kong in hand 4 (found by searching seeds
    0-190 of four greedy bots, 8 hands each); the added kong's rob offers, the win on the robbed
    9p and its score (Robbing a kong, HK-6) are refereed, re-scored by ``hkmj score`` and replayed."""
    path = tmp_path / "rob.jsonl"
    args = ["simulate", "--hands", "4", "--seed", "139", "--bots", "greedy,greedy,greedy,greedy"]
    assert main([*args, "--record", str(path), "--quiet"]) == 0
    events = read(path)
    r = judge(events)
    robbed = [w for w in r.wins if w.request.get("win") == "robbed_kong"]
    assert len(robbed) == 1, [w.request for w in r.wins]
    win = next(i for i, e in enumerate(events) if e["type"] == "win" and e["win"] == "robbed_kong")
    kong = next(e for e in reversed(events[:win]) if e["type"] == "kong")
    assert kong["action"].startswith("added kong") and kong["tile"] == events[win]["tile"] == "9p"
    assert events[win]["seat"] == 2 and events[win]["from"] == kong["seat"] == 1
    assert any(i["id"] == "robbing_a_kong" for i in events[win]["items"])
    assert main(["replay", str(path)]) == 0
    assert "replay OK: 4 hands" in capsys.readouterr().out


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_2_to_hk_7_play_records_pass_the_independent_referee(tmp_path: Path, rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``hkmj play --record`` (the session and record writer the command builds, a bot in the
    human's seat, asked at every discard), its ``play`` header included: seed 4 under MCR
    includes a Last Tile win (MCR-6.27)."""
    from hkmj.bots import make_bot
    from hkmj.tui import command
    from hkmj.tui.testing import play_command

    monkeypatch.setattr(command, "_in_a_terminal", lambda: True)
    path = tmp_path / "play.jsonl"
    argv = ["--seed", "4", "--hands", "3", "--bots", "greedy,greedy,greedy", "--rules", rules, "--record", str(path)]
    play_command(argv, make_bot("random", 9))
    events = read(path)
    assert events[0]["play"] == {"bots": ["greedy"] * 3, "bot_seeds": [17, 18, 19], "lang": "en", "glyphs": False}
    r = judge(events)
    assert r.hands == 3 and r.wins
    events[0]["play"]["bots"] = ["greedy"]
    with pytest.raises(referee.Foul, match="play bots"):
        referee.Referee().check(events)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_2_to_hk_7_server_log_exports_pass_the_independent_referee_and_match_the_reveals(
    tmp_path: Path, rules: str
) -> None:
    """A real server's table (one scripted player, three bots, two hands): its log export
    re-played into events (docs/record-format.md) passes the referee, and every hand's wall,
    dice, concealed hands, payments and scores are those the player's own reveal showed."""
    from hkmj.server.export import record_from_log

    messages, log = finished_table(tmp_path, rules, 2, 3)
    rows = [json.loads(line) for line in log.decode().splitlines()]
    rec = record_from_log((row["kind"], row["data"]) for row in rows)
    assert rec.over
    r = judge(rec.events)
    assert r.hands == 2
    reveals = {m["hand"]["number"]: m for m in messages if m.get("type") == "state" and m.get("reveal")}
    starts = [e for e in rec.events if e["type"] == "hand_start"]
    ends = [e for e in rec.events if e["type"] == "hand_end"]
    for number, (start, end, hands) in enumerate(zip(starts, ends, r.final_hands, strict=True), 1):
        frame = reveals[number]
        shown = frame["reveal"]
        assert [t.split(":")[0] for t in shown["wall"]] == [t for w in start["wall"] for t in w]
        assert frame["hand"]["dice"] == start["dice"]
        assert [sorted(t.split(":")[0] for t in seat) for seat in shown["concealed"]] == hands
        assert (shown["payments"], shown["scores"]) == (end["payments"], end["scores"])


@pytest.mark.parametrize("rules", ["hk", "mcr"])
def test_a_server_log_export_lets_a_player_check_every_wall_commitment_without_hkmj(
    tmp_path: Path, rules: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The wall commitment a player saw at each hand's start (``SHA-256(salt:wall)``, docs/protocol.md)
    is checked from the finished table's log export alone, with ``hashlib``: each ``start`` and
    ``next`` entry holds the hand's ``salt``, its 144 tile ids in physical order (``ids``), its
    ``dice`` (HK-2) and the ``commitment``; the ids' kinds and the dice are the wall and dice of
    the record ``hkmj replay LOG --record`` writes for that hand (docs/record-format.md). The
    last ``next``, which settles the last hand and deals none, has no reveal."""
    import hashlib

    messages, log = finished_table(tmp_path, rules, 2, 5)
    seen: dict[int, str] = {}
    dice: dict[int, list[int]] = {}
    for m in messages:
        hand = m.get("hand") if m.get("type") == "state" else None
        if hand and hand.get("commitment"):
            seen.setdefault(hand["number"], hand["commitment"])
            dice.setdefault(hand["number"], hand["dice"])
    rows = [json.loads(line) for line in log.decode().splitlines()]
    deals = [row["data"] for row in rows if row["kind"] in ("start", "next")]
    every = {f"{n}{s}:{c}" for s in "mps" for n in range(1, 10) for c in range(4)}
    every |= {f"{n}z:{c}" for n in range(1, 8) for c in range(4)} | {f"{n}f:0" for n in range(1, 9)}
    assert rows[-1]["kind"] == "next" and "ids" not in rows[-1]["data"]  # settles the last hand, deals nothing
    assert len(deals) == 3
    for number, data in enumerate(deals[:2], 1):
        ids = data["ids"]
        assert len(ids) == 144 and set(ids) == every
        text = data["salt"] + ":" + " ".join(ids)
        assert hashlib.sha256(text.encode()).hexdigest() == seen[number] == data["commitment"]
        assert data["dice"] == dice[number]
    (tmp_path / "t.jsonl").write_bytes(log)
    assert main(["replay", str(tmp_path / "t.jsonl"), "--record", str(tmp_path / "r.jsonl")]) == 0
    assert "replay OK: 2 hands" in capsys.readouterr().out
    starts = [e for e in read(tmp_path / "r.jsonl") if e["type"] == "hand_start"]
    assert [[t.split(":")[0] for t in d["ids"]] for d in deals[:2]] == [[t for side in e["wall"] for t in side] for e in starts]
    assert [d["dice"] for d in deals[:2]] == [e["dice"] for e in starts]


def test_every_entry_of_a_server_log_export_is_documented_field_by_field(tmp_path: Path) -> None:
    """A referee reads a table's log export from the docs alone: docs/record-format.md's table of
    log entries names every ``kind`` the server logs (both ways) and exactly the fields of each
    entry of a real export (``config``'s too); each ``act`` entry's ``slot`` is the player the
    record's ``hand_start`` ``players`` puts at its ``seat``, and the acts are the record's action
    events one for one (HK-3, HK-4)."""
    from hkmj.server.export import record_from_log

    root = Path(__file__).parents[2]
    page = (root / "docs" / "record-format.md").read_text()
    assert "### A table log's entries" in page
    section = page.split("### A table log's entries", 1)[1].split("\n## ", 1)[0]
    documented: dict[str, set[str]] = {}
    config: set[str] = set()
    for line in section.splitlines():
        cells = line.split(" | ")
        if line.startswith("| `") and len(cells) >= 3:
            kind = cells[0].strip("| `")
            documented[kind] = set(re.findall(r"`(\w+)`", cells[1]))
            if kind == "create":
                config = set(re.findall(r"`(\w+)`", cells[2].split("as in", 1)[0])) - {"config"}
    source = (root / "src" / "hkmj" / "server" / "table.py").read_text()
    assert set(documented) == {"create"} | set(re.findall(r'_commit\(\s*"(\w+)"', source))
    _messages, log = finished_table(tmp_path, "hk", 2, 11)
    rows = [json.loads(line) for line in log.decode().splitlines()]
    assert [row["seq"] for row in rows] == list(range(len(rows)))
    for row in rows:
        keys = set(row["data"])
        optional = {"spent"} if row["kind"] == "act" else set()
        if row is rows[-1]:
            optional = {"ids", "dice", "commitment"}
        assert documented[row["kind"]] - optional <= keys <= documented[row["kind"]], row
    assert set(rows[0]["data"]["config"]) == config
    events = record_from_log((row["kind"], row["data"]) for row in rows).events
    acts = [row["data"] for row in rows if row["kind"] == "act"]
    actions = [e for e in events if "action" in e]
    assert [(a["seat"], a["action"]) for a in acts] == [(e["seat"], e["action"]) for e in actions]
    hand = 0
    players: list[int] = []
    done = 0
    for e in events:
        if e["type"] == "hand_start":
            hand, players = hand + 1, e["players"]
        elif "action" in e:
            assert players[e["seat"]] == acts[done]["slot"]
            done += 1
    assert hand == 2 and done == len(acts)


def four_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """Four seeded Hong Kong hands with chows, pungs, bonus tiles and wins, judged good."""
    path = tmp_path / "sim.jsonl"
    assert main(["simulate", "--hands", "4", "--seed", "3", "--bots", "greedy,greedy,random,random", "--record", str(path), "--quiet"]) == 0
    capsys.readouterr()
    good = read(path)
    judge(good)
    return good


def tamper(good: list[dict[str, Any]]) -> tuple[Any, Any]:
    """``first(kind, test)``: the index of the first such event; ``foul(edit, words)``: the
    edited copy of ``good`` is a foul whose message matches ``words``."""

    def first(kind: str, test: Any = lambda e: True) -> int:
        return next(i for i, e in enumerate(good) if e["type"] == kind and test(e))

    def foul(edit: Any, words: str) -> None:
        bad = json.loads(json.dumps(good))
        edit(bad)
        with pytest.raises(referee.Foul, match=words):
            judge(bad)

    return first, foul


def test_the_referee_catches_a_tampered_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The referee is not vacuous: a swapped draw, a chow by the wrong seat, a payment moved,
    a rotation skipped, a base doubled and a flag added are each a foul naming the event."""
    good = four_hands(tmp_path, capsys)
    first, foul = tamper(good)

    d = first("draw")
    foul(lambda ev: ev[d].update(tile="1m" if ev[d]["tile"] != "1m" else "2m"), "live wall gives")
    c = first("claim", lambda e: e["claim"] == "chow")
    foul(lambda ev: ev[c].update(seat=(ev[c]["seat"] + 1) % 4), "priority gives")
    h = first("hand_end")
    foul(lambda ev: ev[h]["payments"].__setitem__(0, ev[h]["payments"][0] + 1), "sum to zero")
    t = first("totals")
    foul(lambda ev: ev[t].update(next_dealer=(ev[t]["next_dealer"] + 1) % 4), "rotation gives")
    w = first("win")
    foul(lambda ev: ev[w].update(base=ev[w]["base"] * 2), "hkmj score")
    foul(lambda ev: ev[w]["flags"].append("last_wall_tile"), "the play gives")


def test_hk_4_offers_fields_and_ends_are_refereed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The referee checks what each seat was offered (HK-4.2-4.4, Mahjong by ``hkmj score``),
    every documented field and its type, the end's winner, bonus tiles exposed at once (HK-3.2)
    and a match's end (HK-7.3): each edit below is a foul naming what is wrong."""
    good = four_hands(tmp_path, capsys)
    first, foul = tamper(good)

    def offered(kind: str) -> Any:
        return lambda e: e["type"] == "discard" and any(o and kind in o for o in e["offers"])

    p = first("discard", offered("pung"))
    seat = next(s for s, o in enumerate(good[p]["offers"]) if o and "pung" in o)
    foul(lambda ev: ev[p]["offers"][seat].remove("pung"), "legal claims are")  # a legal pung not offered
    q = first("discard", lambda e: e["offers"] == [None] * 4 and not e["final"])
    foul(lambda ev: ev[q]["offers"].__setitem__((ev[q]["seat"] + 2) % 4, ["pass", "pung"]), "legal claims are")
    m = first("discard", offered("mahjong"))
    who = next(s for s, o in enumerate(good[m]["offers"]) if o and "mahjong" in o)
    foul(lambda ev: ev[m]["offers"][who].remove("mahjong"), "not offered Mahjong")  # a win not offered
    n = first("discard", lambda e: not e["final"] and any(o and "mahjong" not in o for o in e["offers"]))
    other = next(s for s, o in enumerate(good[n]["offers"]) if o and "mahjong" not in o)
    foul(lambda ev: ev[n]["offers"][other].insert(1, "mahjong"), "was offered Mahjong")  # an offer of a non-win
    b = next(i for i, e in enumerate(good) if e["type"] == "bonus" and good[i - 1]["type"] == "draw")
    c = first("claim", lambda e: e["claim"] is None)
    quiet = next(s for s, a in enumerate(good[c]["answers"]) if a == "pass")
    a = max(i for i in range(c) if good[i]["type"] == "answer" and good[i]["seat"] == quiet)

    def unanswered(ev: list[dict[str, Any]]) -> None:
        ev[c]["answers"][quiet] = None
        del ev[a]

    foul(unanswered, "had not answered")
    foul(lambda ev: ev.pop(b + 1), "owed a replacement")  # the bonus tile drawn in play, never replaced
    foul(lambda ev: ev.pop(2), "not followed by its deal")
    foul(lambda ev: ev.pop(1), "outside any hand")
    d = first("draw")
    foul(lambda ev: ev[d].update(live=str(ev[d]["live"])), "'live' is str, documented as int")
    foul(lambda ev: ev[d].pop("dead"), "'dead' missing")
    foul(lambda ev: ev[d].update(note="x"), "does not list")
    foul(lambda ev: ev[d].update(seat=7), "not a seat")
    h = first("hand_end", lambda e: e["result"] == "win")
    foul(lambda ev: ev[h].update(seat=(ev[h]["seat"] + 1) % 4), "the win gives")
    foul(lambda ev: ev.insert(b, {"type": "declare", "seat": ev[b]["seat"], "action": "mahjong"}), "did not expose it at once")
    e = first("match_end")
    t3 = first("totals", lambda x: x["hand"] == 3)

    def end_after_three(ev: list[dict[str, Any]]) -> None:
        end = dict(ev[e], hands=3, totals=ev[t3]["totals"])
        del ev[t3 + 1 :]
        ev.append(end)

    foul(end_after_three, "before its length")
    foul(lambda ev: ev[e].update(complete=False), "whole length")


@pytest.mark.parametrize(
    ("rules", "options"),
    [("hk", {}), ("hk", {"table": "half", "limit": "13", "base": "2"}), ("mcr", {}), ("classical", {}), ("classical", {"limit": "500"})],
    ids=["hk", "hk-half-13-base2", "mcr", "classical", "classical-limit500"],
)
def test_hk_5_7_false_mahjong_records_pass_the_independent_referee(tmp_path: Path, rules: str, options: dict[str, str]) -> None:
    """A strict table where the player declares Mahjong now and then without a winning hand:
    the penalty ends the hand (HK-5.7) or, under MCR, the hand goes on dead (MCR-5.4); the
    unlisted declarations and their penalties (the table's limit base, MCR's 10, the classical
    limit with East doubled) are re-checked like any move."""
    from hkmj.bots import make_bot
    from hkmj.record import RecordWriter
    from hkmj.rulesets import get_ruleset
    from hkmj.tui.session import Session
    from hkmj.tui.testing import play_match

    path = tmp_path / "false.jsonl"
    me = make_bot("random", 9)
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=1, length="hands", hands=3, record=sink, rules=get_ruleset(rules, options))
        play_match(s, me, declare=lambda n: n % 7 in (3, 4))
    events = read(path)
    r = judge(events)
    assert r.hands == 3 and any(e["type"] == "false_mahjong" for e in events)
    i = next(k for k, e in enumerate(events) if e["type"] == "false_mahjong")
    bad = json.loads(json.dumps(events))
    a, b = [x for x in range(4) if x != bad[i]["seat"]][:2]
    bad[i]["payments"][a] += 1  # still summing to zero, but not the penalty
    bad[i]["payments"][b] -= 1
    with pytest.raises(referee.Foul, match="the rules give"):
        referee.Referee().check(bad)


def test_hkmj_replay_reads_a_server_table_log_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hkmj replay`` accepts a table's log export as ``hkmj review`` does (export.py: "hkmj
    replay and hkmj review read either"); it said "an event is a JSON object with a 'type'"."""
    log = tmp_path / "table.jsonl"
    log.write_bytes(finished_table(tmp_path, "hk", 1, 5)[1])
    capsys.readouterr()
    assert main(["replay", str(log), "--show"]) == 0
    out = capsys.readouterr().out
    assert "replay OK: 1 hand, " in out and "events played from the table log's actions" in out
    assert "reproduced exactly" not in out and "Hand 1" in out and "Match over after 1 hand" in out
    # a log keeps the actions, not their results: an action changed to another legal one plays
    # another game, so replay must not claim to have reproduced anything
    lines = log.read_text().splitlines()
    # every hand's wall and the bots' seeds come from secrets (a claim window waits for each seat
    # offered a claim, so timing changes nothing): the game differs from run to run; look back from
    # the last discard (few acts follow it) until some changed discard replays
    changed = tried = 0
    for i in [k for k, line in enumerate(lines) if '"discard ' in line][::-1]:
        if changed:
            break
        played = json.loads(lines[i])["data"]["action"]
        for t in [f"{n}{s}" for s in "mpsz" for n in range(1, 10 if s != "z" else 8)]:
            if f"discard {t}" == played:
                continue
            tried += 1
            edited = tmp_path / "edited.jsonl"
            edited.write_text("\n".join([*lines[:i], lines[i].replace(played, f"discard {t}"), *lines[i + 1 :]]) + "\n")
            code = main(["replay", str(edited)])
            out = capsys.readouterr().out
            assert "reproduced exactly" not in out and code in (0, 1, 2)
            changed += code == 0
    assert changed, f"none of {tried} changed discards replayed"  # some other discard was legal
    bad = tmp_path / "bad.jsonl"
    bad.write_text(log.read_text().splitlines()[0] + '\n{"seq": 2, "kind": "act", "data": {"seat": 0}}\n')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "hkmj replay:" in err and "Traceback" not in err


def test_the_record_format_page_documents_every_field_value_and_action_text_the_referee_reads() -> None:
    """docs/record-format.md's event table names each field the referee requires (and the
    ruleset's win fields, with docs/rules-classical.md for the classical ones), every ruleset
    and match length a record may carry, and the action texts of offers and answers."""
    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "record-format.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*) \|$", page, re.M)}
    for kind in referee.FIELDS:
        fields = {**referee.FIELDS[kind], **referee.OPTIONAL.get(kind, {})}
        if kind == "win":
            fields.update(referee.WIN_FIELDS["hk"], **referee.WIN_FIELDS["mcr"])
        missing = [name for name in fields if f"`{name}`" not in rows[kind] and f"`{name}:" not in rows[kind]]
        assert not missing, (kind, missing)
    classical = (root / "docs" / "rules-classical.md").read_text(encoding="utf-8").split("## In play: the `win` event", 1)[1]
    assert not [name for name in referee.WIN_FIELDS["classical"] if f"`{name}`" not in classical]
    assert "rules-classical.md" in rows["win"]
    start = rows["match_start"]
    assert all(f"`{value}`" in start for value in ("hk", "mcr", "classical", "game", "round", "hands")), start
    texts = ("`discard 5p`", "`chow 345s`", "`pung`", "`kong 5p`", "`concealed kong 5p`", "`added kong 5p`", "`mahjong`", "`pass`")
    assert all(t in page for t in texts), [t for t in texts if t not in page]


def independent_scores(win: Any) -> tuple[Any, list[int]]:
    """A recorded win scored without hkmj's scorer: Hong Kong by tests/oracle/naive_scorer.py
    (fan, limit, base, item names) and HK-6's payments; MCR by PyMahjongGB (fans and counts,
    flowers aside) and MCR-8's payments. Returns (what the oracle scores, its payments)."""
    req, rec = win.request, win.recorded
    seat, frm = "ESWN".index(req["seat"]), rec["from"]
    if win.rules == "hk":
        fan, limit, base, items, _ = _load("hkmj_naive_scorer", "oracle", "naive_scorer.py").mini_score(req)
        owed = [2 * base if frm is None or s == frm else base for s in range(4)]  # HK-6
        scored: Any = (fan, limit is not None, base, items)
    else:
        from hkmj.scoring.request import win_from_json

        gb = _load("hkmj_gb_oracle", "mcr", "gb_oracle.py").gb_fans(win_from_json(req))
        scored = {k: v for k, v in (gb or {}).items() if k != "flower_tiles"}
        owed = [rec["points"] + 8 if frm is None or s == frm else 8 for s in range(4)]  # MCR-8.1, 8.2
    pay = [0 if s == seat else -owed[s] for s in range(4)]
    pay[seat] = -sum(pay)
    return scored, pay


@pytest.mark.parametrize(
    ("rules", "length", "options"),
    [("hk", "game", {}), ("hk", "round", {"minfan": "3"}), ("mcr", "game", {}), ("classical", "game", {})],
    ids=["hk-game", "hk-round-minfan3", "mcr-game", "classical-game"],
)
def test_hk_7_mcr_2_cl_4_whole_matches_pass_the_referee_and_independent_scorers(
    tmp_path: Path, rules: str, length: str, options: dict[str, str]
) -> None:
    """A whole match of ``hkmj play`` (a bot in the human's seat, every seat asked at every
    discard): the prevailing wind through the North round and the end after it (HK-7.3), the
    dealer's repeats (HK-7.2) or the MCR/classical seat table, ``complete`` at the end; every
    Hong Kong win (seed options) re-scored by the naive oracle and every MCR win by PyMahjongGB,
    payments by HK-6 / MCR-8 (classical wins: tests/oracle/test_classical_differential.py)."""
    from hkmj.bots import make_bot
    from hkmj.record import RecordWriter
    from hkmj.rulesets import get_ruleset
    from hkmj.tui.session import Session
    from hkmj.tui.testing import play_match

    path = tmp_path / "match.jsonl"
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=1, length=length, record=sink, rules=get_ruleset(rules, options))
        play_match(s, make_bot("greedy", 9))
    events = read(path)
    r = judge(events)
    end = events[-1]
    assert end["type"] == "match_end" and end["complete"] and r.hands >= (4 if length == "round" else 16)
    assert [e["prevailing"] for e in events if e["type"] == "hand_start"][-1] == ("E" if length == "round" else "N")
    checked = 0
    for w in r.wins:
        if rules == "classical" or options:
            break
        scored, pay = independent_scores(w)
        rec = w.recorded
        ours = (rec["fan"], rec["limit"] is not None, rec["base"], [i["name"] for i in rec["items"]]) if rules == "hk" else {
            i["id"]: i["count"] for i in rec["items"] if i["id"] != "flower_tiles"
        }
        assert (scored, pay) == (ours, rec["payments"]), w.line
        checked += 1
    assert checked or rules == "classical" or options


SCENARIOS = [("engine", f"test_engine_{m}.py") for m in ("claims", "wins", "rulings", "turns", "wall")]
SCENARIOS += [("mcr", "test_mcr_rules.py"), ("test_classical.py",)]
SCENARIOS += [("rulesets", "test_mcr_play.py"), ("rulesets", "test_classical_ruleset.py"), ("rulesets", "test_house_options.py")]


def test_hk_2_to_hk_5_engine_scenario_hands_pass_the_referee(scenario_hands: Any) -> None:
    """The engine's stacked-wall scenario tests reach what seeded play rarely does — heavenly and
    earthly hands (R-1), robbed kongs (HK-4.10), a kong replacement through a bonus tile, the
    last wall tile and its bonus replacement (R-2), final discards (R-4), two seats winning on one
    discard, MCR dead hands (MCR-5.4), classical limit hands (CL-6.1): every hand they play is refereed (each
    event, the offers, and every win and Mahjong offer re-asked of ``hkmj score`` at once)."""
    everything = referee.Referee()
    played: Counter[str] = Counter()
    for _file, name, events in scenario_hands(SCENARIOS):
        r = referee.Referee()
        try:
            r.check(events)
        except referee.Foul as foul:
            raise AssertionError(f"{name}: {foul}") from None
        everything.wins += r.wins
        everything.offers += r.offers
        played.update(e["type"] for e in events)
        played.update(f"{e['win']}:{f}" for e in events if e["type"] == "win" for f in [*e["flags"], ""])
    everything.rescore()
    assert played["hand_start"] >= 50 and played["robbed_kong:"] and played["self_draw:heavenly"] and played["discard:earthly"]
    assert played["self_draw:kong_replacement"] and played["discard:final_discard"] and played["self_draw:last_wall_tile"]
    assert played["false_mahjong"] and played["mahjong_refused"]


@pytest.mark.asyncio
@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
async def test_hk_2_to_hk_7_the_terminal_app_records_pass_the_referee(tmp_path: Path, rules: str) -> None:
    """``hkmj play --record`` through the Textual app itself (Textual's pilot presses keys:
    Enter discards, Space passes, m declares Mahjong): the record it writes passes the referee."""
    from hkmj.bots import make_bot
    from hkmj.record import RecordWriter
    from hkmj.rulesets import get_ruleset
    from hkmj.tui.app import PlayApp
    from hkmj.tui.session import Session

    path = tmp_path / "app.jsonl"
    with RecordWriter(path) as sink:
        s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=3, length="hands", hands=1, record=sink, rules=get_ruleset(rules))
        app = PlayApp(s, delay=0)
        async with app.run_test(size=(100, 34)) as pilot:
            for i in range(2000):
                if not app.is_running:
                    break
                await pilot.press("m" if i % 5 == 0 else ("space" if i % 2 else "enter"))
                await pilot.pause()
    events = read(path)
    assert events[-1]["type"] == "match_end" and events[-1]["complete"]
    assert judge(events).hands == 1


def test_hk_7_1_the_referee_checks_each_hands_table_bonus_order_and_a_drawn_hands_walls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/record-format.md: a hand's `teaching` and `ask_all` are the match's, a win's
    `flowers` and `seasons` are numbers in increasing order, and an `exhaustive_draw` (HK-7.1)
    gives the walls' sizes (`live` 0, `dead` what is left): each edit is a foul."""
    path = tmp_path / "sim.jsonl"
    assert main(["simulate", "--hands", "8", "--seed", "8", "--record", str(path), "--quiet"]) == 0
    capsys.readouterr()
    good = read(path)
    judge(good)
    first, foul = tamper(good)
    h = first("hand_start")
    foul(lambda ev: ev[h].update(teaching=True), "differ from match_start")
    foul(lambda ev: ev[h].update(ask_all=True), "differ from match_start")
    w = first("win", lambda e: len(e["flowers"]) > 1 or len(e["seasons"]) > 1)
    key = "flowers" if len(good[w]["flowers"]) > 1 else "seasons"
    foul(lambda ev: ev[w][key].reverse(), "bonus tiles")
    x = first("exhaustive_draw")
    foul(lambda ev: ev[x].update(dead=ev[x]["dead"] + 1), "wall sizes")


def test_mcr_3_3_hk_3_5_a_hand_is_drawn_only_where_a_draw_was_due() -> None:
    """HK-3.5, MCR-3.3: N declares a concealed kong with one tile left, its replacement is that
    last tile and a flower; N then discards without a replacement and the hand is drawn when E,
    due to draw, finds the wall empty. The record of the engine that ended the hand at the flower
    (no discard, `exhaustive_draw` naming N) used to pass this referee; it is a foul now."""
    from hkmj.engine import Match
    from hkmj.engine.testing import act, play_quietly
    from hkmj.engine.wall import stacked_wall
    from hkmj.rulesets import get_ruleset

    hands = ["1111m234p567s1239s", "2222m567p128s456z", "3333m189p349s477z", "4444m126p267s556z"]
    # seven flowers drawn first take seven replacements from the wall's end: 1f is then its last tile
    wall = stacked_wall(hands, "2f3f4f5f6f7f8f", "9m9m9m9m8m8m8m1f", (1, 1, 1), 0, dead_wall=False)
    match = Match(5, length="hands", hands=2, rules=get_ruleset("mcr"))
    record = list(match.events)
    hand = match.new_hand(wall=wall, dice=(1, 1, 1))

    play_quietly(hand, until_live=1)
    act(hand, f"{'ESWN'[hand.turn]} concealed kong {hand.turn + 1}m")
    play_quietly(hand)  # N discards the final discard, every claim passed: a drawn hand
    record += hand.events + match.finish_hand()
    second = match.new_hand()
    play_quietly(second)
    record += second.events + match.finish_hand()
    record = json.loads(json.dumps(record))
    judge(record)
    # the old engine's record: no discard after the flower, the kong player's exhaustive draw
    k = next(i for i, e in enumerate(record) if e["type"] == "exhaustive_draw")
    assert [e["type"] for e in record[k - 2 : k]] == ["bonus", "discard"]
    old = record[: k - 1] + [{**record[k], "seat": record[k - 2]["seat"]}] + record[k + 1 :]
    with pytest.raises(referee.Foul, match="a drawn hand after a bonus"):
        judge(old)


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_hk_2_to_hk_6_arena_records_pass_the_independent_referee(tmp_path: Path, rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`hkmj arena --record`: hands without a match, each deal's wall four times with the seats
    rotated, refereed move by move and re-scored like any record."""
    pytest.importorskip("openskill")
    from hkmj.cli import main

    path = tmp_path / "arena.jsonl"
    args = ["arena", "--bots", "strong,random,greedy,expert", "--deals", "1", "--seed", "3", "--rules", rules, "--plot", ""]
    assert main([*args, "--quiet", "--record", str(path)]) == 0
    capsys.readouterr()
    events = read(path)
    assert sum(e["type"] == "hand_start" for e in events) == 4
    judge(events)
