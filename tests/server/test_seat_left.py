"""A finished table one of whose players left in the middle of the match, against a real server on
127.0.0.1 (docs/server.md, "Attacked from the angles left"): the log export says who played each
move, and a player's review judges only the decisions that player made, not those the server made
for the seat (its bot while they were away, a decision that timed out).
"""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

from hkmj.review import analyse, load, summary_text
from hkmj.server.testing import Server, choose, match_over, play

MakeServer = Callable[..., Server]


def _get(server: Server, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=10) as r:
            return int(r.status), r.read()
    except urllib.error.HTTPError as e:
        return int(e.code), e.read()


def _review(server: Server, tid: str, token: str, lang: str) -> str:
    """The review page of the seat holding ``token``, its text without tags."""
    req = urllib.request.Request(
        f"{server.base}/t/{tid}/review",
        data=urllib.parse.urlencode({"token": token, "lang": lang}).encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        page = r.read().decode()
    page = re.sub(r"<style.*?</style>|<svg.*?</svg>", " ", page, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))  # no-break spaces kept


def test_a_review_judges_only_the_decisions_the_player_made_not_the_bots_that_held_the_seat(make_server: MakeServer, tmp_path: Path) -> None:
    """Bob sits, the match starts and he leaves at once: the server plays his first turns on
    timeouts (``--absent-after``), then his bot holds the seat to the end. His review judged every
    one of those moves as his own ("You: discard …", mistakes, expected value lost): 15 decisions
    of a hand in which he made none. It now reviews only the moves whose log entry says
    ``by: player``, and says how many were made for him, in English and French; Ann, who played
    every move herself, is reviewed on all of them. ``hkmj review`` of the log export reads it the same way."""
    server = make_server(None, "--absent-after", "0.2")
    tid = server.create(slots=[None, None, "greedy", "greedy"], hands=1, bot_delay=0, claim_window=0.01, timer=None, listed=False)

    async def go() -> tuple[str, str]:
        async with server.client() as ann, server.client() as bob:
            await ann.join(tid, 0, "Ann")
            await bob.join(tid, 1, "Bob")
            assert ann.token is not None and bob.token is not None
            bob_token = bob.token
            await ann.send(type="start")
            await bob.close()  # gone before his first move
            rng = random.Random(5)
            await play([ann], match_over, lambda i, legal: choose(legal, rng), 120)
            return ann.token, bob_token

    ann_token, bob_token = asyncio.run(go())
    deadline = time.monotonic() + 30  # saved as over just after its last frame
    while json.loads(_get(server, f"/api/tables/{tid}")[1])["table"]["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.1)

    status, body = _get(server, f"/api/tables/{tid}/log")
    assert status == 200
    acts = [e["data"] for e in map(json.loads, body.decode().splitlines()) if e["kind"] == "act"]
    bobs = [a for a in acts if a["slot"] == 1]
    assert bobs and {a["by"] for a in bobs} <= {"timeout", "bot"}, bobs  # the export says who played
    anns = [a for a in acts if a["slot"] == 0]
    assert {a["by"] for a in anns} == {"player"}

    export = tmp_path / "table.jsonl"
    export.write_bytes(body)
    said = summary_text(analyse(load(export), "2"))
    assert "This player made no decision with a choice themselves." in said and "made for this player by the server" in said, said
    assert "had no decision with a choice" not in said, said  # every choice of his was made for him: he had some

    en = _review(server, tid, bob_token, "en")
    assert "You:" not in en and "made no decision with a choice themselves" in en, en[:1500]
    made_for = re.search(r"(\d+) decisions? with a choice (?:was|were) made for this player by the server", en)
    assert made_for is not None and int(made_for.group(1)) >= 2, en[:1500]
    fr = _review(server, tid, bob_token, "fr")
    assert re.search(r"\d+ décisions? avec un choix (?:a|ont) été prises? pour ce joueur par le serveur", fr), fr[:1500]
    assert "laissée" in fr and "\u00a0:" in fr

    ann_page = _review(server, tid, ann_token, "en")
    assert "made for this player by the server" not in ann_page
    assert re.search(r"\d+ decisions? with a choice: \d+ as good as the advice", ann_page), ann_page[:1500]
