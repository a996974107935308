"""A third stranger's audit of ``hkmj serve``: what a script could still do to a table it does not
own, or to the server, after the audits of test_stranger.py and test_stranger_again.py. A real
server on 127.0.0.1 each.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from hkmj.server.testing import Server, my_turn, stable

MakeServer = Callable[..., Server]


def create_seated(server: Server, **options: Any) -> tuple[str, str]:
    """A table created with the creator seated at slot 0 and three greedy bots: its id and the
    creator's seat token."""
    body = {"slots": [None, "greedy", "greedy", "greedy"], "sit": 0, "timer": 120, "bot_delay": 0, "claim_window": 0.05, **options}
    req = urllib.request.Request(
        server.base + "/api/tables", data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        answer = json.loads(r.read())
    return str(answer["id"]), str(answer["token"])


def post_raw(server: Server, body: bytes) -> tuple[int, dict[str, Any]]:
    """``POST /api/tables`` with these bytes as its JSON body: the status and the JSON answer."""
    req = urllib.request.Request(server.base + "/api/tables", data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_an_action_answering_a_state_never_sent_is_refused_and_nothing_is_played(server: Server) -> None:
    """``at`` is the ``seq`` of the state frame an action answers (docs/protocol.md). One above
    the table's latest ``seq`` (which no frame had carried) was taken for the current state, so a
    script that never read a frame could play any decision with ``at: 2**63``, and the stale check
    meant nothing; a negative one was called ``stale``. Both are now ``bad_request`` naming the
    field and the range, nothing is played, and the action with the frame's own ``seq`` plays."""
    tid, token = create_seated(server)

    async def go() -> None:
        c = server.client()
        await c.open()
        await c.resume(tid, token)
        st = await my_turn(c)
        seq, discard = st["seq"], next(a for a in st["mine"]["legal"] if a.startswith("discard"))
        for at in (seq + 1, seq + 1000, 2**63, 10**50, -1):
            await c.send(type="action", cseq=c.cseq + 1, at=at, action=discard)
            refused = await c.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "bad_request", (at, refused)
            assert "'at'" in refused["message"] and f"0 to {seq}" in refused["message"], refused
            assert refused["ref"] == "action"
        # nothing was played: the seat still has its decision, the same hand and tiles
        await c.send(type="ping", id="after")
        await c.wait(lambda m: m["type"] == "pong")
        assert stable(c.state)["mine"] == stable(st)["mine"] and c.state["seq"] == seq
        # the action that answers the frame it saw plays (cseq above every refused one: none was applied)
        c.cseq += 10
        cseq = await c.act(discard, at=seq)
        ack = await c.wait(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["cseq"] == cseq, ack
        await c.close()

    asyncio.run(go())


def test_a_table_option_named_by_a_lone_surrogate_is_refused_with_a_400_not_a_server_error(server: Server) -> None:
    """``POST /api/tables`` with a key ``"\\ud800"`` (valid JSON; no Unicode text) was an HTTP 500:
    the ``unknown option`` message quoted the key, which cannot be encoded as UTF-8. It is now a
    ``400 bad_request`` that names the key escaped, beside the plain names, and the server goes on."""
    status, answer = post_raw(server, b'{"\\ud800": 1, "zz": 2}')
    assert status == 400 and answer["error"] == "bad_request", (status, answer)
    assert answer["message"].startswith("unknown options: zz, '\\ud800' (a table takes slots, "), answer
    status, answer = post_raw(server, b'{"slots": [null, "greedy", "greedy", "greedy"], "names": ["a\\udc00b", "", "", ""]}')
    assert status == 201, (status, answer)
    assert "Traceback" not in server.log.read_text(errors="replace")


def test_a_join_resume_or_watch_without_a_table_id_in_text_names_the_field(server: Server) -> None:
    """A ``join``, ``resume`` or ``watch`` whose ``table`` was missing, a number or a list was
    answered ``no_table`` "no table None" (or "no table 4"), as if such a table had been looked
    for; docs/protocol.md calls a missing or mistyped field ``bad_request``. It now names the
    field, and a text id still gets ``no_table``."""
    tid = server.create(slots=[None, None, "greedy", "greedy"])

    async def go() -> None:
        for kind, extra in (("join", {"slot": 1}), ("resume", {"token": "x" * 32}), ("watch", {})):
            for table, said in ((None, "is required"), (4, "must be str"), ([tid], "must be str")):
                c = server.client()
                await c.open()
                await c.send(type=kind, **extra, **({} if table is None else {"table": table}))
                refused = await c.wait(lambda m: m["type"] == "error")
                assert refused["code"] == "bad_request", (kind, table, refused)
                assert refused["message"] == f"{kind}: field 'table' {said}", refused
                await c.close()
        c = server.client()
        await c.open()
        await c.send(type="watch", table="nosuchtable")
        refused = await c.wait(lambda m: m["type"] == "error")
        assert refused["code"] == "no_table", refused
        await c.close()

    asyncio.run(go())


def test_a_plain_http_request_for_the_websocket_says_what_it_is(server: Server) -> None:
    """``GET /ws`` without a websocket handshake (someone trying the protocol's address by hand, a
    health check) answered ``404 Not Found``, as if the protocol had no such address. It is now
    ``426 Upgrade Required`` with ``Upgrade: websocket`` and a line saying what ``/ws`` is; a
    websocket handshake to it is unchanged, and another unknown path is still a 404."""
    for method in ("GET", "POST"):
        req = urllib.request.Request(server.base + "/ws", method=method, data=b"" if method == "POST" else None)
        try:
            urllib.request.urlopen(req, timeout=10)
            raise AssertionError("a plain request for /ws was answered 2xx")
        except urllib.error.HTTPError as e:
            assert e.code == 426, (method, e.code)
            assert e.headers["Upgrade"] == "websocket" and e.headers["X-Frame-Options"] == "DENY"
            assert e.read().decode() == "/ws is the tables' websocket (docs/protocol.md): open it with a websocket handshake, not a plain HTTP request\n"
    try:
        urllib.request.urlopen(server.base + "/wss", timeout=10)
        raise AssertionError("an unknown path was answered 2xx")
    except urllib.error.HTTPError as e:
        assert e.code == 404

    async def go() -> None:
        c = server.client()
        await c.open()
        await c.send(type="ping", id=1)
        assert (await c.wait(lambda m: m["type"] == "pong"))["id"] == 1
        await c.close()

    asyncio.run(go())


def test_a_review_asked_without_a_seat_token_field_says_none_was_sent(server: Server) -> None:
    """``POST /t/{id}/review`` reads the seat token from the form field ``token``; a request that
    sent none (a JSON or multipart body, or the field left out) was told "your seat token was not
    recognised", as if a wrong token had been sent. It is still ``403 bad_token``, now saying that
    no token was sent and how to send it; a wrong token keeps its message."""
    tid, token = create_seated(server)

    def post(body: bytes, ctype: str) -> tuple[int, dict[str, Any]]:
        req = urllib.request.Request(f"{server.base}/t/{tid}/review", data=body, method="POST", headers={"Content-Type": ctype})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    multipart = f'--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n{token}\r\n--x--\r\n'.encode()
    for body, ctype in (
        (json.dumps({"token": token}).encode(), "application/json"),
        (multipart, "multipart/form-data; boundary=x"),
        (b"lang=en", "application/x-www-form-urlencoded"),
    ):
        status, answer = post(body, ctype)
        assert status == 403 and answer["error"] == "bad_token", (ctype, status, answer)
        assert "no seat token was sent" in answer["message"] and "'token'" in answer["message"], answer
    status, answer = post(b"token=not-a-token", "application/x-www-form-urlencoded")
    assert status == 403 and answer["message"].endswith("your seat token was not recognised"), answer
    # the player's own token reaches the next check: the match is not over
    status, answer = post(f"token={token}".encode(), "application/x-www-form-urlencoded")
    assert status == 409 and answer["error"] == "not_over", answer


def test_next_and_hint_before_the_first_deal_say_the_match_has_not_started(server: Server) -> None:
    """At a table waiting for its players, a seated player's ``next`` was refused ``out_of_turn``
    "the hand is not over" and a ``hint`` "no hand in play", as if a hand were being played; an
    action there was already ``not_started``. All three now say ``not_started``, and the seat is
    unchanged: once the other seat is taken the match deals."""
    tid = server.create(slots=[None, None, "greedy", "greedy"], hints=True)

    async def go() -> None:
        c = server.client()
        await c.open()
        await c.join(tid, 0, "Ann")
        for message in ({"type": "next"}, {"type": "hint"}, {"type": "action", "cseq": 1, "at": 0, "action": "pass"}):
            await c.send(**message)
            refused = await c.wait(lambda m: m["type"] == "error")
            assert refused["code"] == "not_started", (message, refused)
            assert "not started" in refused["message"] and refused["ref"] == message["type"], refused
        other = server.client()
        await other.open()
        await other.join(tid, 1, "Bob")
        dealt = await c.wait(lambda m: m["type"] == "state" and m["hand"] is not None, timeout=20)
        assert dealt["status"] == "playing" and len(dealt["mine"]["concealed"]) >= 13
        for x in (c, other):
            await x.close()

    asyncio.run(go())
