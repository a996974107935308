"""The envelope of a client message (docs/protocol.md): what a hostile client sends gets one
clear error that never echoes much of its input, in the words of the protocol, not of Python."""

from __future__ import annotations

import json
import urllib.error

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
