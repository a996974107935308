"""``hkmj replay --lang fr``: when a recorded move is refused by the engine, the refusal quoted in
the report is French too (it was English inside a French sentence: ``coup enregistré refusé par le
moteur : discard 9x: ...``). The engine words its refusals in English (:class:`IllegalAction`);
:data:`hkmj.score_words.PHRASES` renders each kind it can write."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.engine import Hand, IllegalAction, parse_action
from hkmj.engine.actions import WIN, Action
from hkmj.rulesets import get_ruleset
from hkmj.score_words import error_in
from hkmj.tiles import N_KINDS, tile_str

_TEXTS = (
    [f"discard {tile_str(t)}" for t in range(N_KINDS)]
    + [f"{how}kong {tile_str(t)}" for t in range(N_KINDS) for how in ("", "concealed ", "added ")]
    + [f"chow {tile_str(t)}{tile_str(t + 1)}{tile_str(t + 2)}" for t in range(27) if t % 9 < 7]
    + ["pung", "mahjong", "pass"]
)
_CANDIDATES: list[Action] = [parse_action(t) for t in _TEXTS]


def _refusals(seed: int, rules: str) -> set[str]:
    """Every refusal the engine gives to an illegal move of any seat at any point of a hand of
    deal ``seed`` played by random legal moves (claims included)."""
    hand = Hand.from_seed(seed, rules=get_ruleset(rules))
    pick = random.Random(seed)
    reasons: set[str] = set()
    while True:
        for seat in range(4):
            legal = set(hand.legal_actions(seat))
            for action in _CANDIDATES:
                if action in legal:
                    continue
                try:  # a Mahjong declared where it may be is judged, not refused (HK-5.7): on a copy
                    (copy.deepcopy(hand) if action is WIN else hand).apply(seat, action)
                except IllegalAction as err:
                    reasons.add(err.reason)
        if hand.over:
            return reasons
        seat = hand.pending()[0]
        hand.apply(seat, pick.choice(hand.legal_actions(seat)))


def _english_left(french: str) -> list[str]:
    return re.findall(r"\b(?:holds|turn|needs|claim|discard on offer|answer|only|hand is over|not legal|in hand)\b", french)


@pytest.mark.parametrize(("seed", "rules"), [(1, "hk"), (2, "hk"), (3, "mcr"), (4, "classical")])
def test_every_engine_refusal_has_its_french(seed: int, rules: str) -> None:
    """HK-3.3, HK-4, HK-4.2-4.4, HK-4.9, HK-4.10: each refusal of the engine, as hkmj replay quotes it."""
    reasons = _refusals(seed, rules)
    kinds = {re.sub(r"\d\w|[ESWN]\b|\d+", "#", r.partition(": ")[2] or r) for r in reasons}
    assert len(kinds) >= 6, kinds  # the hand reached turns, claims and their refusals
    for reason in reasons:
        said = error_in(f"recorded input refused by the engine: {reason}", "fr")
        assert said.startswith("coup enregistré refusé par le moteur\u00a0: "), said
        assert said != f"coup enregistré refusé par le moteur\u00a0: {reason}", reason  # rendered, not quoted
        assert not _english_left(said.partition("\u00a0: ")[2]), said


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("discard 5p: W holds no 5p", "discard 5p\u00a0: O n'a pas de 5p"),
        ("pung: it is S's turn, not W's", "pung\u00a0: c'est le tour de S, pas celui de O"),
        ("added kong 7z: E holds no 7z to add (HK-3.3)", "added kong 7z\u00a0: E n'a pas de 7z à ajouter (HK-3.3)"),
        ("pung: N cannot claim its own added kong 3m; waiting for the other seats",
         "pung\u00a0: N ne peut pas réclamer son propre kong ajouté 3m\u00a0; les autres places répondent"),
        ("pass: S has already answered the discard 9p", "pass\u00a0: S a déjà répondu à la défausse 9p"),
        ("seat 7: expected a seat number 0-3 (East, South, West, North)",
         "place 7\u00a0: un numéro de place de 0 à 3 est attendu (Est, Sud, Ouest, Nord)"),
        ("seat '1': expected a seat number 0-3", "place «\u00a01\u00a0»\u00a0: un numéro de place de 0 à 3 est attendu"),
        ("'discard 5x': '5x': unknown suit 'x' (use m, p, s, z or f)",
         "«\u00a0discard 5x\u00a0»\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"),
        ("'chow 89m1p': a chow never crosses suits (HK-5.2)", "«\u00a0chow 89m1p\u00a0»\u00a0: un chow ne mêle jamais deux familles (HK-5.2)"),
        ("'discard 55p': expected one playing tile such as 5p", "«\u00a0discard 55p\u00a0»\u00a0: une seule tuile de jeu est attendue, par exemple 5p"),
    ],
)  # fmt: skip
def test_refusals_in_french(english: str, french: str) -> None:
    assert error_in(f"recorded input refused by the engine: {english}", "fr") == f"coup enregistré refusé par le moteur\u00a0: {french}"
    assert error_in(f"recorded input refused by the engine: {english}", "en") == f"recorded input refused by the engine: {english}"


def _played_hand(seed: int) -> list[dict[str, Any]]:
    """The events of a Hong Kong hand played to its end by random legal moves, as a record holds them."""
    hand = Hand.from_seed(seed)
    pick = random.Random(seed)
    while not hand.over:
        seat = hand.pending()[0]
        hand.apply(seat, pick.choice(hand.legal_actions(seat)))
    return list(json.loads(json.dumps(hand.events)))


def test_a_refused_move_in_a_french_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record whose move the engine refuses: the whole first line of the report is French."""
    events = _played_hand(5)
    e = next(e for e in events if e.get("action", "").startswith("discard"))
    held = e["action"]
    e["action"] = "discard 5x"
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in events))
    assert main(["replay", str(path), "--lang", "fr", "--quiet"]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith(": coup enregistré refusé par le moteur\u00a0: «\u00a0discard 5x\u00a0»\u00a0: «\u00a05x\u00a0»\u00a0: famille «\u00a0x\u00a0» inconnue (utilisez m, p, s, z ou f)"), (held, first)
    assert main(["replay", str(path), "--quiet"]) == 1
    assert capsys.readouterr().out.splitlines()[0].endswith(": recorded input refused by the engine: 'discard 5x': '5x': unknown suit 'x' (use m, p, s, z or f)")


def test_a_bad_match_start_says_why_in_french() -> None:
    """The reason a record's match_start cannot be played (an unknown ruleset) is French too."""
    english = "replay: diverged at line 1 (hand 0): bad match_start: unknown ruleset 'xyz': expected one of hk, mcr, classical"
    assert error_in(english, "fr") == "replay\u00a0: divergence à la ligne 1 (donne 0)\u00a0: match_start invalide\u00a0: jeu de règles «\u00a0xyz\u00a0» inconnu\u00a0: attendu parmi hk, mcr, classical"
    assert error_in("bad hand_start: 'wall'", "fr") == "hand_start invalide\u00a0: «\u00a0wall\u00a0»"  # no phrase for it: quoted as it is


def test_a_missing_field_is_named_as_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record whose match_start or move lacks a field says which field is missing, in English
    and French (it gave the bare field name, Python's KeyError: "bad match_start: 'length'")."""
    start = tmp_path / "start.jsonl"
    start.write_text('{"type": "match_start", "rules": "hk", "seed": 1}\n')
    assert main(["replay", str(start), "--quiet"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(": bad match_start: the field 'length' is missing"), out
    assert main(["replay", str(start), "--lang", "fr", "--quiet"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("\u00a0: match_start invalide\u00a0: le champ «\u00a0length\u00a0» manque"), out
    assert "  rejoué\u00a0: (rien)" in out, out
    events = _played_hand(4)
    move = next(e for e in events if "action" in e)
    del move["seat"]
    path = tmp_path / "move.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in events))
    assert main(["replay", str(path), "--quiet"]) == 1
    assert capsys.readouterr().out.splitlines()[0].endswith(": recorded input refused by the engine: the field 'seat' is missing")


def test_a_refused_move_of_an_mcr_record_cites_mcr_s_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR-5.2 (a chow is one suit's run): a record of an MCR hand whose move no chow can be is
    refused citing MCR's rule, in English and in French, never Hong Kong's HK-5.2."""
    hand = Hand.from_seed(5, rules=get_ruleset("mcr"))
    pick = random.Random(5)
    while not hand.over:
        seat = hand.pending()[0]
        hand.apply(seat, pick.choice(hand.legal_actions(seat)))
    events = list(json.loads(json.dumps(hand.events)))
    next(e for e in events if e.get("action", "").startswith("discard"))["action"] = "chow 89m1p"
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in events))
    for lang, words in (("en", "a chow never crosses suits (MCR-5.2)"), ("fr", "un chow ne mêle jamais deux familles (MCR-5.2)")):
        assert main(["replay", str(path), "--lang", lang, "--quiet"]) == 1
        first = capsys.readouterr().out.splitlines()[0]
        assert first.endswith(words) and "HK-" not in first, first
