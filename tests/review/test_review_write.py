"""``hkmj review --html FILE`` when the page cannot be written whole (a full disk, a file size
limit): the review said "cannot write FILE: …" but left FILE cut in the middle, a page that
opens half-drawn, and a page reviewed before it, at the same path, was lost. The page is now
written beside it and put in place only once whole: a failed write leaves the earlier page as
it was (or no page at all) and nothing else behind."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hkmj.cli import main

SRC = Path(__file__).resolve().parents[2] / "src"


def _limit_file_size() -> None:
    """In the child: files can grow to 4 KB (the page is some 100 KB); a write past it fails
    (EFBIG) instead of killing the process."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_page_that_cannot_be_written_whole_leaves_nothing_half_written(tmp_path: Path, lang: str) -> None:
    record = tmp_path / "g.jsonl"
    args = ["simulate", "--hands", "1", "--seed", "4", "--bots", "random,strong,greedy,strong", "--record", str(record), "--quiet"]
    assert main(args) == 0
    earlier = tmp_path / "g.review.html"
    earlier.write_text("<!doctype html><p>an earlier review</p>\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    for page in (earlier, tmp_path / "new.html"):
        run = subprocess.run(
            [sys.executable, "-m", "hkmj", "review", str(record), "--html", str(page), "--quiet", "--lang", lang],
            capture_output=True,
            text=True,
            env=env,
            preexec_fn=_limit_file_size,
            timeout=120,
        )
        assert run.returncode == 2, run.stderr
        assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert ("cannot write" if lang == "en" else "impossible d'écrire") in run.stderr
    assert earlier.read_text(encoding="utf-8") == "<!doctype html><p>an earlier review</p>\n"  # not cut to 4 KB of the new page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "g.review.html"]  # no half page, no leftover
    # without the limit, the page is written whole over the earlier one
    assert main(["review", str(record), "--html", str(earlier), "--quiet"]) == 0
    assert earlier.read_text(encoding="utf-8").rstrip().endswith("</html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "g.review.html"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_page_with_no_decision_has_no_mistake_sections(tmp_path: Path, lang: str) -> None:
    """A review with no decision with a choice (a record cut before the player's first one) says
    so once; its page went on with an empty "Every decision, hand by hand" and, under "Biggest
    mistakes first", "No mistake: every choice was as good as the advice's" of choices never made."""
    from hkmj.review_words import words

    record = tmp_path / "g.jsonl"
    args = ["simulate", "--hands", "1", "--seed", "4", "--bots", "random,strong,greedy,strong", "--record", str(record), "--quiet"]
    assert main(args) == 0
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(record.read_text(encoding="utf-8").splitlines(keepends=True)[:2]), encoding="utf-8")
    page = tmp_path / "cut.html"
    assert main(["review", str(cut), "--html", str(page), "--lang", lang]) == 0
    w = words(lang)
    text = page.read_text(encoding="utf-8")
    assert w.typo(w("none")).replace("'", "&#x27;") in text or w.typo(w("none")) in text
    for absent in ("no_mistake", "html.h.mistakes", "html.h.hands"):
        phrase = w.typo(w(absent))
        assert phrase not in text and phrase.replace("'", "&#x27;") not in text, absent
