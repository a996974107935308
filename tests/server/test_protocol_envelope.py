"""The envelope of a client message (docs/protocol.md): what a hostile client sends gets one
clear error that never echoes much of its input, in the words of the protocol, not of Python."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest

from hkmj.server.protocol import ProtocolError, TableConfig, decode, echo_size
from hkmj.server.testing import Server, drain


@pytest.mark.parametrize(
    ("frame", "code", "words"),
    [
        (b"\xff\xfe{}", "bad_json", "UTF-8"),  # a binary frame of another encoding
        ('{"type": NaN}', "bad_json", "NaN"),  # not JSON (RFC 8259)
        ('{"type": "join", "v": Infinity}', "bad_json", "Infinity"),
    ],
)
def test_protocol_frames_that_are_not_utf8_json_are_bad_json(frame: str | bytes, code: str, words: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode(frame)
    assert err.value.code == code and words in str(err.value)
    assert "codec" not in str(err.value)


@pytest.mark.parametrize("frame", ['{"v": 1' + "0" * 4000 + "}", '{"type": "' + "x" * 4000 + '"}'], ids=["long_version", "long_type"])
def test_protocol_errors_quote_little_of_the_input(frame: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode(frame)
    assert len(str(err.value)) < 300



def test_protocol_a_ping_id_nested_as_deep_as_python_reads_is_measured_without_a_recursion_error() -> None:
    """Python's ``json`` reads some 960 levels of arrays and refuses more (``bad_json``), but
    writing them back takes more stack than reading them: a ``ping`` whose ``id`` nested 962 arrays
    was read, then the ping's size check (which wrote the ``id`` as JSON) raised ``RecursionError``:
    the sender got ``server_error`` and the server logged a traceback of some 30 lines each time.
    The check now looks over at most 128 items of the ``id`` and no deeper than 64 levels (no
    JSON of 128 bytes holds more): whatever ``decode`` reads is measured or known too long."""
    for depth in range(1, 2048):
        frame = '{"type": "ping", "id": ' + "[" * depth + "]" * depth + "}"
        if len(frame) > 4096:
            break
        try:
            msg = decode(frame)
        except ProtocolError as e:
            assert e.code == "bad_json" and str(e) == "not JSON: arrays or objects nested too deeply", (depth, str(e))
            continue
        size = echo_size(msg["id"])
        assert size == 2 * depth if depth <= 64 else size is None, (depth, size)
    assert echo_size(list(range(128))) is None and echo_size(list(range(10))) == len("[0,1,2,3,4,5,6,7,8,9]")


@pytest.mark.parametrize(
    "options",
    [
        {"slots": ["x" * 7000, None, None, None]},
        {"slots": [list(range(2000)), None, None, None]},
        {"rules": list(range(2000))},
        {"rules": {str(i): i for i in range(500)}},
    ],
    ids=["long_bot_name", "bot_as_long_list", "rules_as_long_list", "rules_as_big_object"],
)
def test_protocol_a_new_tables_option_of_kilobytes_is_refused_quoting_little(options: dict[str, object]) -> None:
    """``POST /api/tables`` with a bot name of 7,000 letters, or a ``rules`` that is a list of
    2,000 numbers, was refused ``400`` with the whole value quoted back (up to 11 KB of message
    for an 8 KB body), where every other field quotes at most 40 characters of it."""
    with pytest.raises(ValueError) as err:
        TableConfig.from_dict(options, ("greedy", "expert"))
    assert len(str(err.value)) < 150, str(err.value)[:200]
    assert "expected" in str(err.value)


def test_protocol_no_table_quotes_little_of_a_long_id(server: Server) -> None:
    with pytest.raises(urllib.error.HTTPError) as err:
        server.get("/api/tables/" + "x" * 4000)
    body = json.loads(err.value.read())
    assert body["error"] == "no_table" and len(body["message"]) < 80


def test_protocol_create_table_with_a_huge_number_is_refused_in_our_words(server: Server) -> None:
    """POST /api/tables with a 5,000-digit number: a 400 naming the limit, not Python's advice."""
    req = urllib.request.Request(
        server.base + "/api/tables",
        data=b'{"hands": ' + b"1" * 5000 + b"}",
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    body = json.loads(err.value.read())
    assert err.value.code == 400 and body["error"] == "bad_request"
    assert body["message"] == "not JSON: a number of more than 4,300 digits"



@pytest.mark.parametrize(
    ("frame", "words"),
    [
        ('{"type": "ping", "id": "\\ud800"}', "surrogate"),  # valid JSON grammar, not Unicode text
        ('{"type": "action", "cseq": 1, "at": 0, "action": "discard \\udc00"}', "surrogate"),
        ('{"type": "ping", "id": 1e400}', "too large"),  # Infinity in disguise
    ],
    ids=["ping_id_lone_surrogate", "action_lone_surrogate", "float_overflow"],
)
def test_protocol_lone_surrogates_and_infinite_numbers_are_bad_json_and_the_socket_stays_open(
    server: Server, frame: str, words: str
) -> None:
    """A JSON string holding a lone surrogate escape cannot be sent back as UTF-8, and 1e400
    reads as Infinity: both are ``bad_json`` to that client only, whose connection stays open
    (the server used to close it while echoing the surrogate, and answered 1e400 with null)."""

    async def go() -> list[dict[str, object]]:
        c = server.client()
        await c.open()
        try:
            await c.send_raw(frame)
            first = await c.recv(5)
            await c.send(type="ping", id=7)
            return [first, await c.recv(5)]
        finally:
            await c.close()

    first, second = asyncio.run(go())
    assert first["type"] == "error" and first["code"] == "bad_json" and words in str(first["message"])
    assert second["type"] == "pong" and second["id"] == 7


@pytest.mark.parametrize("slot", [-1, 4, 10**4000], ids=["negative", "four", "4001_digits"])
def test_protocol_a_slot_out_of_range_is_bad_request_quoting_little(server: Server, slot: int) -> None:
    """``join`` with a slot outside 0-3 is ``bad_request`` naming the range; a 4,001-digit slot
    is quoted in at most 40 characters (it was echoed whole, as ``seat_taken``)."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"])

    async def go() -> dict[str, object]:
        c = server.client()
        await c.open()
        try:
            await c.send_raw(f'{{"type": "join", "table": "{tid}", "slot": {slot}}}')
            return await c.recv(5)
        finally:
            await c.close()

    answer = asyncio.run(go())
    assert answer["code"] == "bad_request" and "0 to 3" in str(answer["message"])
    assert len(str(answer["message"])) < 120


@pytest.mark.parametrize("version", ["true", '"1"', "2", "[1]"])
def test_protocol_a_version_that_is_not_the_number_1_is_bad_version(version: str) -> None:
    """``v`` must be the number 1: ``true`` (which Python compares equal to 1) is refused too."""
    with pytest.raises(ProtocolError) as err:
        decode(f'{{"v": {version}, "type": "ping"}}')
    assert err.value.code == "bad_version"


@pytest.mark.parametrize("text", ["x" * 4000, "discard 1m" * 300, "chow " + "1" * 3000 + "m"], ids=["letters", "repeated", "long_tiles"])
def test_protocol_a_long_action_text_is_bad_action_quoting_little(server: Server, text: str) -> None:
    """An action text that is not an action is ``bad_action`` listing the accepted forms; a
    4,000-character text is quoted in at most 40 characters (it was echoed whole)."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"])

    async def go() -> dict[str, object]:
        async with server.client() as c:
            await c.join(tid, 0, "Ann")
            await c.act(text)
            return await c.wait(lambda m: m["type"] in ("error", "ack"))

    answer = asyncio.run(go())
    assert answer["code"] == "bad_action" and len(str(answer["message"])) < 200, answer


def test_protocol_back_and_start_with_nothing_to_do_get_a_clear_error(server: Server) -> None:
    """``back`` from a seat no bot holds, ``start`` once the match is under way: each got no answer
    at all (a client waited for nothing); now one ``nothing_to_do`` error saying why, to that client."""
    tid = server.create(slots=[None, None, "greedy", "greedy"], timer=60)

    async def go() -> list[dict[str, object]]:
        a, b = server.client(), server.client()
        await a.open()
        await b.open()
        await a.join(tid, 0, "Ann")
        await b.join(tid, 1, "Bo")  # every human seat taken: the match starts
        await a.wait(lambda m: m["type"] == "state" and m["status"] == "playing")
        errors = []
        for kind in ("back", "start"):
            await a.send(type=kind)
            errors.append(await a.wait(lambda m: m["type"] == "error"))
        await a.send(type="ping")
        await a.wait(lambda m: m["type"] == "pong")
        await drain([b])
        others = b.errors
        await a.close()
        await b.close()
        return [*errors, {"others": len(others)}]

    back, start, others = asyncio.run(go())
    assert back["code"] == "nothing_to_do" and back["ref"] == "back" and "no bot holds your seat" in str(back["message"])
    assert start["code"] == "nothing_to_do" and start["ref"] == "start" and "already started" in str(start["message"])
    assert others == {"others": 0}
