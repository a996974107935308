"""Input files that never end or are no text: hkmj replay, review and play --resume read a record
through :func:`hkmj.oserror.read_input`, which must stop at the first byte that tells the file is
no record, with memory bounded (HK-7 records, docs/record-format.md): /dev/urandom and /dev/zero
used to be read whole, and a pipe that never ends took all memory until the system killed the
process (23 GB measured)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.oserror import InputError, read_input

_MB = 1 << 20


def _feed(fifo: Path, first: bytes, filler: bytes, most: int) -> tuple[threading.Thread, list[int]]:
    """A writer of ``first`` then ``filler`` into ``fifo`` until ``most`` bytes or its reader leaves."""
    written = [0]

    def run() -> None:
        with open(fifo, "wb") as out:
            try:
                out.write(first)
                written[0] += len(first)
                block = filler * (_MB // len(filler))
                while written[0] < most:
                    out.write(block)
                    written[0] += len(block)
            except BrokenPipeError:
                pass

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t, written


@pytest.mark.parametrize(
    ("first", "filler", "kind"),
    [
        ("\ufeff{".encode("utf-16-le"), '"'.encode("utf-16-le"), "utf16"),
        (b"\xc3\x28", b"\x91", "not_utf8"),
        (b"", b"\x00", "long_line"),
        (b'{"type":', b"[", "long_line"),
    ],
    ids=["utf16", "urandom-like", "dev-zero-like", "one-endless-line"],
)
def test_an_endless_stream_is_refused_without_reading_it_all(tmp_path: Path, first: bytes, filler: bytes, kind: str) -> None:
    fifo = tmp_path / "endless.jsonl"
    os.mkfifo(fifo)
    writer, written = _feed(fifo, first, filler, 64 * _MB)
    with pytest.raises(InputError) as caught:
        read_input(fifo)
    writer.join(timeout=30)
    assert caught.value.kind == kind
    assert written[0] < 40 * _MB  # it stopped reading: the rest was never wanted


def test_a_line_of_20_mb_is_named_not_taken_for_a_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"[" * (20 * _MB) + b"\n")
    assert main(["replay", str(big)]) == 2
    assert f"{big}: line 1 is over 16 MB long: no record" in capsys.readouterr().err
    assert main(["review", str(big), "--html", "-", "--lang", "fr"]) == 2
    assert "la ligne 1 dépasse 16 Mo\u00a0: ce n'est pas un enregistrement" in capsys.readouterr().err


def test_a_gzipped_or_utf16_record_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gzip

    line = '{"type":"match_start","seed":1}\n'
    gz = tmp_path / "g.jsonl.gz"
    gz.write_bytes(gzip.compress(line.encode()))
    u16 = tmp_path / "g16.jsonl"
    u16.write_bytes(line.encode("utf-16"))
    assert main(["replay", str(gz)]) == 2
    assert f"{gz}: a gzip-compressed file, not a record; uncompress it first (gunzip -k {gz})" in capsys.readouterr().err
    assert main(["replay", str(u16), "--lang", "fr"]) == 2
    assert "du texte en UTF-16, pas en UTF-8" in capsys.readouterr().err
    assert main(["review", str(u16), "--html", "-"]) == 2
    assert "UTF-16 text, not UTF-8" in capsys.readouterr().err
