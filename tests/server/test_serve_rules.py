"""``hkmj serve --rules NAME --option KEY=VALUE`` (issue 11: the server takes ``--rules`` as
``hkmj play``, ``simulate`` and ``score`` do): the ruleset, with its house options, of a table
whose creator names none, and the lobby's first choice (``/api/info``'s ``defaults``). In
process: the ASGI app over SQLite in a temporary folder, and the command line's refusals."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.rulesets import get_ruleset
from hkmj.server.app import create_app

with warnings.catch_warnings():  # Starlette 1.x would have httpx2 rather than httpx behind it
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

BOTS: dict[str, Any] = {"slots": [None, "greedy", "greedy", "greedy"], "length": "hands", "hands": 1}


def _config(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json()["table"]["config"])


def test_mcr_a_table_created_without_rules_plays_the_servers_ruleset(tmp_path: Path) -> None:
    """MCR-1: under ``--rules mcr`` a table whose creator names no ruleset is an MCR table and
    the lobby offers MCR first; a creator who names Hong Kong still gets Hong Kong."""
    app = create_app(f"sqlite:///{tmp_path / 'hkmj.db'}", rules=get_ruleset("mcr"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        defaults = client.get("/api/info").json()["defaults"]
        assert (defaults["rules"], defaults["options"]) == ("mcr", {})
        assert _config(client, BOTS)["rules"] == "mcr"
        assert _config(client, {**BOTS, "rules": "hk"})["rules"] == "hk"


def test_hk_6_the_servers_house_options_go_with_its_ruleset(tmp_path: Path) -> None:
    """HK-6 house options: ``--option minfan=3`` is the lobby's first choice and a table's
    options when its creator gives none; a request naming its ruleset keeps that ruleset's own."""
    app = create_app(f"sqlite:///{tmp_path / 'hkmj.db'}", rules=get_ruleset("hk", {"minfan": "3"}))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/info").json()["defaults"]["options"]["minfan"] == "3"
        assert _config(client, BOTS)["options"]["minfan"] == "3"
        assert _config(client, {**BOTS, "options": {"minfan": "1"}})["options"]["minfan"] == "1"
        assert _config(client, {**BOTS, "rules": "classical"})["rules"] == "classical"


def test_without_rules_the_server_plays_hong_kong_as_before(tmp_path: Path) -> None:
    """HK-1: without ``--rules`` nothing changes: Hong Kong, no house option in the defaults."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hkmj.db'}"), base_url="http://127.0.0.1:8000") as client:
        defaults = client.get("/api/info").json()["defaults"]
        assert (defaults["rules"], defaults["options"]) == ("hk", {})
        assert _config(client, BOTS)["rules"] == "hk"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--rules", "xx"], "hkmj serve: unknown ruleset 'xx': expected one of hk, mcr, classical\n"),
        (["--rules", "mcr", "--option", "minfan=3"], "hkmj serve: unknown option 'minfan': mcr rules have no house options\n"),
        (["--option", "minfan=2"], "hkmj serve: option minfan='2': expected one of 0, 1, 3\n"),
    ],
)
def test_a_wrong_rules_or_option_is_refused_before_the_server_starts(args: list[str], said: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A bad ``--rules`` or ``--option`` is said in one line, exit 2, as by ``hkmj play``; no
    server starts and no database is made."""
    assert main(["serve", "--lang", "en", "--db", f"sqlite:///{tmp_path / 'hkmj.db'}", *args]) == 2
    assert capsys.readouterr().err == said
    assert not (tmp_path / "hkmj.db").exists()
