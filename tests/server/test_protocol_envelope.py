"""The envelope of a client message (docs/protocol.md): what a hostile client sends gets one
clear error that never echoes much of its input, in the words of the protocol, not of Python."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from hkmj.server.protocol import ProtocolError, decode
from hkmj.server.testing import Server


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

