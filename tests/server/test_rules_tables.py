"""Server tables carry a ruleset and its house options (issue 11): lobby, config, database."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from hkmj.bots import BOTS
from hkmj.rulesets import get_ruleset, rulesets_info
from hkmj.server.protocol import TableConfig
from hkmj.server.table import Table
from hkmj.server.testing import Server


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
