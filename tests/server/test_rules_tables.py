"""Server tables carry a ruleset and its house options (issue 11): lobby, config, database."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from typing import Any

import pytest

from hkmj.bots import BOTS
from hkmj.rulesets import get_ruleset, rulesets_info
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table
from hkmj.server.testing import Server, choose, my_turn, play


def test_table_config_defaults_to_hong_kong_with_the_seed_rules() -> None:
    cfg = TableConfig.from_dict({}, tuple(BOTS))
    assert cfg.rules == "hk" and cfg.options == dict(get_ruleset("hk").options)
    old = {k: v for k, v in TableConfig().to_dict().items() if k not in ("rules", "options")}
    assert Table("t1", TableConfig(**old), 1, None).rules is get_ruleset("hk")  # rows written before rulesets


def test_table_config_house_options_are_validated_and_completed() -> None:
    cfg = TableConfig.from_dict({"rules": "hk", "options": {"minfan": "3"}}, tuple(BOTS))
    assert cfg.options["minfan"] == "3" and cfg.options["limit"] == "10"
    assert Table("t2", cfg, 1, None).rules.options["minfan"] == "3"
    for bad, message in (
        ({"rules": "chess"}, "unknown ruleset 'chess'"),
        ({"options": {"minfan": "9"}}, "minfan='9'"),
        ({"options": {"speed": "1"}}, "unknown option 'speed'"),
        ({"options": ["minfan=3"]}, "options: an object"),
        ({"options": {"minfan": 3}}, "options: an object"),
    ):
        with pytest.raises(ValueError, match=message):
            TableConfig.from_dict(bad, tuple(BOTS))


def test_an_unknown_table_option_is_named_in_the_singular_or_plural_with_the_options_a_table_takes() -> None:
    """``POST /api/tables`` with a misspelt key was answered "unknown option(s): teachng", the
    plural guessed at and nothing to say what the right name was. One key is "unknown option:
    teachng", several "unknown options: a, b", and the answer lists the options a table takes."""
    with pytest.raises(ValueError) as one:
        TableConfig.from_dict({"teachng": True}, tuple(BOTS))
    assert str(one.value).startswith("unknown option: teachng (a table takes slots, length, hands, teaching,"), one.value
    assert "(s)" not in str(one.value) and str(one.value).endswith(", and sit)")
    with pytest.raises(ValueError, match=r"^unknown options: a, b \(a table takes slots, "):
        TableConfig.from_dict({"b": 1, "a": 2}, tuple(BOTS))


def test_lobby_lists_rulesets_and_options() -> None:
    info = rulesets_info()
    assert "hk" in info
    keys = [o["key"] for o in info["hk"]["options"]]
    assert keys == ["minfan", "limit", "table", "payment", "base"]


def test_lobby_creates_a_table_with_house_options(server: Server) -> None:
    assert "hk" in server.get("/api/info")["rulesets"]
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, rules="hk", options={"minfan": "1", "table": "half"})
    listed = next(t for t in server.get("/api/tables")["tables"] if t["id"] == tid)
    assert listed["config"]["rules"] == "hk" and listed["config"]["options"]["table"] == "half"
    req = urllib.request.Request(
        server.base + "/api/tables",
        data=json.dumps({"options": {"minfan": "2"}}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 400 and "minfan" in json.loads(err.value.read())["message"]


def test_mcr_table_plays_a_hand_to_its_reveal(server: Server) -> None:
    """An MCR table: every tile played (no dead wall in the tracker), points listed at the reveal
    (MCR-3.1, MCR-6: a win of 8 points or more, its fans named in French too). The walls are
    secret and about one MCR hand in eight of these players is drawn, which has no points to
    list (the check was then skipped): another table is played, up to five."""

    async def go(tid: str, seed: int) -> dict[str, Any] | None:
        async with server.client(record=True) as me:
            await me.join(tid, 0, "Ann")
            rng = random.Random(seed)
            await play(
                [me],
                lambda cs: bool(cs[0].state and cs[0].state.get("reveal")),
                lambda i, legal: choose(legal, rng),
                120,
            )
            final = me.state
            assert final is not None and final["config"]["rules"] == "mcr"
            assert final["hand"]["dead"] == 0
            reveal = final["reveal"]
            assert sum(reveal["payments"]) == 0 and len(set(reveal["wall"])) == 144
            return next((e for e in reveal["end"] if e["type"] == "win"), None)

    for seed in range(3, 8):
        tid = server.create(slots=[None, "greedy", "strong", "greedy"], hands=1, next_delay=0.2, claim_window=0.01, rules="mcr")
        win = asyncio.run(go(tid, seed))
        if win is not None:
            break
    assert win is not None, "five MCR tables each ended in a drawn hand"
    assert win["fan_points"] >= 8 and all(it["names"]["fr"] for it in win["items"])


@pytest.mark.parametrize(("rules", "shape", "kong"), [("mcr", "MCR-5.2", "MCR-3.2"), ("classical", "CL-2.1", "CL-3.5")])
def test_a_refused_action_cites_the_table_s_own_rules(server: Server, rules: str, shape: str, kong: str) -> None:
    """MCR-5.2 / CL-2.1 (a chow is one suit's run) and MCR-3.2 / CL-3.5 (an added kong needs an
    exposed pung): at an MCR or classical table the server's ``bad_action`` and ``illegal``
    errors cite that table's rules, never Hong Kong's (HK-5.2, HK-3.3)."""

    async def go(tid: str) -> list[str]:
        async with server.client() as me:
            await me.join(tid, 0, "Ann")
            st = await my_turn(me)
            kind = next(k for k in ("5p", "6s", "7m") if f"added kong {k}" not in st["mine"]["legal"])
            said = []
            for action in ("chow 89m1p", f"added kong {kind}"):
                cseq = await me.act(action)
                said.append((await me.wait(lambda m, n=cseq: m["type"] == "error" and m.get("cseq") == n, 10))["message"])
            return said

    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01, rules=rules)
    crosses, no_pung = asyncio.run(go(tid))
    assert crosses.endswith(f"a chow never crosses suits ({shape})"), crosses
    assert no_pung.endswith(f"to add to ({kong})") or no_pung.endswith(f"to add ({kong})"), no_pung
