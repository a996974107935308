"""``hkmj replay --lang fr``: the report (``replay OK …``, where a record diverges, ``record: …``)
is in French, through the same table as its errors (:data:`hkmj.score_words.PHRASES`); it was
in English whatever ``--lang`` said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hkmj.cli import main
from hkmj.engine.testing import act, play_quietly, stacked_hand
from hkmj.rulesets import DEFAULT, get_ruleset
from hkmj.score_words import error_in

NOTHING = ["1247m258p369s1234z", "258m369p147s1234z", "369m147p258s1567z", "147m258p369s2345z"]


def _events(rules: str = "hk") -> list[dict[str, object]]:
    """A hand of 9 events: South declares a false Mahjong on East's 1z (HK-5.7)."""
    hand = stacked_hand(NOTHING, ask_all=True, rules=get_ruleset(rules))
    act(hand, "E discard 1z")
    act(hand, "S mahjong")
    play_quietly(hand)
    events: list[dict[str, object]] = json.loads(json.dumps(hand.events))
    return events


def _replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], events: list[dict[str, object]]) -> tuple[int, str]:
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    code = main(["replay", str(path), "--lang", "fr"])
    return code, capsys.readouterr().out.strip()


def test_replay_ok_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _replay(tmp_path, capsys, _events()) == (0, "replay OK\u00a0: 1 donne, 9 événements reproduits à l'identique")


def test_an_interrupted_match_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _replay(tmp_path, capsys, _events()[:5])
    assert code == 0
    assert out == "replay OK\u00a0: 1 donne, 5 événements reproduits à l'identique\u00a0; l'enregistrement s'arrête au milieu de la donne 1 (une partie interrompue)"


def test_older_words_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-5.4: a reason citing Hong Kong's rules with the claimed tile written twice."""
    events = _events("mcr")
    e = next(e for e in events if e["type"] == "false_mahjong")
    old = str(e["reason"]).replace("258m369p147s1234z with", "258m369p147s11234z with")
    e["reason"] = old.replace(get_ruleset("mcr").winning_shapes, DEFAULT.winning_shapes)
    code, out = _replay(tmp_path, capsys, events)
    assert code == 0 and out.startswith("replay OK\u00a0: 1 donne, "), out
    assert "reproduits (chaque coup, score et paiement)\u00a0; 1 raison de faux Mahjong dans les mots de versions antérieures" in out
    assert "qui citaient les règles de Hong Kong (HK-5.7, HK-5.1-5.4) à toute table et écrivaient une tuile réclamée" in out
    assert "cette version cite celles de la table (MCR-5.4, MCR-5.2) et écrit la main sans elle" in out
    assert not any(w in out for w in ("reproduced", "reason", "version writes", "every table")), out


def test_a_divergence_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = _events()
    end = next(e for e in events if e["type"] == "hand_end")
    end["payments"] = [129, -256, 64, 64]
    code, out = _replay(tmp_path, capsys, events)
    lines = out.splitlines()
    assert code == 1 and lines[0] == "replay\u00a0: divergence à la ligne 9 (donne 1)\u00a0: l'événement «\u00a0hand_end\u00a0» diffère par payments", out
    assert lines[1].startswith("  enregistré\u00a0: {") and lines[2].startswith("  rejoué\u00a0: {"), out
    assert "diverged" not in out and "recorded:" not in out


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("record: table.jsonl (401 events)", "enregistrement\u00a0: table.jsonl (401 événements)"),
        (
            "replay OK: 4 hands, 401 events played from the table log's actions (a table log keeps the actions, not their results)",
            "replay OK\u00a0: 4 donnes, 401 événements joués à partir des actions du journal de la table (un journal garde les actions, pas leurs résultats)",
        ),
        (
            "replay OK: 1 hand, 114 events reproduced exactly; the record stops before the match's end (an interrupted match)",
            "replay OK\u00a0: 1 donne, 114 événements reproduits à l'identique\u00a0; l'enregistrement s'arrête avant la fin de la partie (une partie interrompue)",
        ),
        ("replay: diverged at end of record (hand 2): the engine produced more events than recorded",
         "replay\u00a0: divergence à la fin de l'enregistrement (donne 2)\u00a0: le moteur a produit plus d'événements que l'enregistrement n'en a"),
    ],
)
def test_every_report_line_has_its_french(english: str, french: str) -> None:
    assert error_in(english, "fr") == french and error_in(english, "en") == english
