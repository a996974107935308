"""The ``hkmj play`` adapter without Textual: actions, refusals by rule (HK-3..HK-5.7), the
tutorial's common mistakes (seed 004 §08), privacy, hints, records, strings."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len

from hkmj.bots import GreedyBot, make_bot
from hkmj.engine import Chow, Hand, Kong
from hkmj.record import replay
from hkmj.rulesets import get_ruleset
from hkmj.scoring import Meld
from hkmj.tiles import N_TILE_IDS, counts_of, parse_tiles, tile
from hkmj.tui.command import resolve_bots
from hkmj.tui.faces import face, tile_text
from hkmj.tui.hints import describe, hint_for
from hkmj.tui.render import hand_index_at, hand_positions, pond_index_at
from hkmj.tui.session import Session, cross_suit_run
from hkmj.tui.testing import play_match
from hkmj.tui.texts import EN, FR, Texts

Advance = Callable[[Session], None]
Offer = Callable[..., None]
Make = Callable[..., Session]


def texts(session: Session) -> str:
    return "\n".join(n.text for n in session.history)


def kinds(out: object) -> list[str]:
    return [n.kind for n in getattr(out, "notes", ())]


def test_scripted_hand_discard_pung_kong_win(make_session: Make, advance: Advance) -> None:
    """HK-4.3 pung, HK-3.3 concealed kong and its replacement, HK-5 win by self-draw on it (HK-6 flag)."""
    s = make_session(teach=True)
    s.start_hand()
    assert s.seat == 0 and s.hand_row() == (parse_tiles("111m234p56s88s1z66z"), tile("9m"))
    assert s.try_discard(tile("9m")).done
    advance(s)
    assert [c.command for c in s.choices()] == ["pung", "pass"]
    assert "pung (p)" in s.status()
    assert s.try_pung().done
    assert s.view().melds[0] == (Meld("pung", tile("6z")),)
    assert [c.command for c in s.choices()] == ["discard"]
    assert s.try_discard(tile("1z")).done
    advance(s)
    assert [c.command for c in s.choices()] == ["discard", "kong"]
    out = s.try_kong()
    assert out.done
    text = texts(s)
    assert "You hold four 1 Characters: you may declare a concealed kong (k)" in text  # §08 tip
    assert "replacement tile from the dead wall: 7 Bamboo" in text
    assert "After a kong you always take a replacement tile" in text  # §08: take the replacement
    assert [c.command for c in s.choices()][-1] == "mahjong"
    assert s.try_mahjong().done and s.over
    summary = s.finish_hand()
    assert summary.kind == "win" and summary.winner == 0 and summary.title == "You win the hand!"
    assert dict(summary.items) == {"Dragon pung": 1, "No bonus tiles": 1, "Self-drawn": 1, "Win on a kong replacement": 1}
    assert (summary.fan, summary.base) == (4, 16)
    assert [r.payment for r in summary.seats] == [96, -32, -32, -32]
    assert summary.seats[1].concealed == tuple(parse_tiles("2233445566778m"))  # revealed at the end only
    assert "replacement tile after a kong" in summary.detail[0]
    assert summary.teach and "no fans from riichi, MCR" in summary.teach[0]  # §08: don't mix tables
    assert summary.match_over and s.ranking()[0] == (1, "You", 96)


def test_french_messages(make_session: Make, advance: Advance) -> None:
    s = make_session(lang="fr", teach=True)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    assert s.status() == "Sud défausse Dragon Vert\u00a0: pung (p), ou passez (Espace)."
    s.try_pung()
    assert "Vous réclamez Dragon Vert à Sud\u00a0: pung." in texts(s)
    out = s.try_kong()
    assert not out.done and out.notes[0].text.startswith("Vous venez de réclamer une tuile")
    assert "HK-4.2, HK-4.3" in out.notes[1].text
    s.try_discard(tile("1z"))
    advance(s)
    s.try_kong()
    s.try_mahjong()
    summary = s.finish_hand()
    assert summary.title == "Vous gagnez la donne\u00a0!"
    assert "Pung de Dragon" in dict(summary.items)


def test_refusals_explain_the_rule_at_a_teaching_table(make_session: Make, advance: Advance) -> None:
    """HK-4.1 no claim without a discard on offer; HK-5.2 no chow with honours; HK-4.2 chows from the left."""
    s = make_session(teach=True)
    s.start_hand()
    out = s.try_pung()
    assert kinds(out) == ["refused", "rule"]
    assert out.notes[0].text == "There is no discard to claim now."
    assert out.notes[1].text.startswith("HK-4.1: only the latest discard can be claimed")
    s.try_discard(tile("9m"))
    advance(s)  # South's 6z is on offer
    out = s.try_chow()
    assert out.notes[0].text == "Green dragon is an honour: honours never make chows."
    assert "HK-5.2" in out.notes[1].text
    out = s.try_kong()
    assert out.notes[0].text == "A kong from a discard needs three Green dragons in your hand."  # said "three Green dragon"
    out = s.try_discard(tile("1z"))
    assert out.notes[0].text.startswith("Green dragon, discarded by South, is on offer")
    out = s.touch_pond(0, 0)  # your own 9m: an old discard now
    assert out.notes[0].text == "That is an old discard: it can't be claimed any more."
    assert "HK-4.1" in out.notes[1].text
    out = s.touch_pond(1, 0)  # South's 6z: the latest discard, claimable
    assert not out.done and out.notes[0].text == s.status()


@pytest.mark.parametrize(
    ("lang", "three", "four"),
    [
        ("en", "A kong from a discard needs three Green dragons in your hand.", "You hold four Green dragons: you may declare"),
        ("fr", "Un kong sur une défausse demande trois Dragons Verts dans votre main.", "Vous avez quatre Dragons Verts\u00a0: vous pouvez"),
    ],
)
def test_hk_3_3_hk_4_4_counted_honours_are_plural(make_session: Make, advance: Advance, lang: str, three: str, four: str) -> None:
    """HK-4.4, HK-3.3 at a teaching table: a count of an honour tile said it in the singular
    ("needs three Green dragon", "You hold four Green dragon", « trois Dragon Vert »); a number
    tile's name already reads as a plural ("four 1 Characters")."""
    s = make_session(teach=True, lang=lang)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)  # South's 6z is on offer; East holds two
    assert s.try_kong().notes[0].text == three
    four_greens = ("111m234p56s8s6666z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands=four_greens, draws="", replacements="", teach=True, lang=lang)
    text = " ".join(n.text for n in s.start_hand())
    assert four in text, text


def test_strict_table_refusals_are_short(make_session: Make) -> None:
    s = make_session()
    s.start_hand()
    out = s.try_pung()
    assert kinds(out) == ["refused"]
    out = s.try_chow()
    assert kinds(out) == ["refused"]


def test_pairs_solitaire_warning_on_a_single_tile_pung(make_session: Make, until_offer: Offer) -> None:
    """HK-4.5 and §08: one matching tile gives no claim; it's not pairs solitaire."""
    s = make_session(draws="1z", teach=True)
    s.start_hand()
    s.try_discard(tile("9m"))
    until_offer(s, tile("1z"))
    assert s.only_pass()
    out = s.try_pung()
    assert kinds(out) == ["refused", "rule", "teach"]
    assert out.notes[0].text == "You hold only one East wind: a pung needs two in your hand."
    assert "HK-4.5" in out.notes[1].text
    assert "not pairs solitaire" in out.notes[2].text


def test_false_mahjong_teaching_refused_and_explained(make_session: Make) -> None:
    """HK-5.7 teaching table: refused with an explanation, play goes on."""
    hands = ("1122m234p56s88s1z6z9m", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands=hands, teach=True)
    s.start_hand()
    before = s.legal()
    out = s.try_mahjong()
    assert not out.confirm
    text = " ".join(n.text for n in out.notes)
    assert "Mahjong refused (teaching table, HK-5.7)" in text
    assert "four groups and a pair (HK-5.1)" in text and "seven distinct pairs (HK-5.3)" in text
    assert "not pairs solitaire" in text  # 11m 22m 88s: three pairs declared
    assert s.legal() == before and not s.over


def test_false_mahjong_strict_asks_then_penalises(make_session: Make) -> None:
    """HK-5.7 strict table: confirmed, the hand ends; the offender pays 64 to each player."""
    s = make_session()
    s.start_hand()
    out = s.try_mahjong()
    assert out.confirm and not out.done and "false Mahjong" in out.notes[0].text
    out = s.try_mahjong(confirmed=True)
    assert out.done and s.over
    assert "False Mahjong!" in out.notes[0].text
    summary = s.finish_hand()
    assert summary.kind == "penalty" and summary.title == "False Mahjong by you."
    assert [r.payment for r in summary.seats] == [-192, 64, 64, 64]


def test_mahjong_key_outside_a_declaring_moment(make_session: Make, advance: Advance) -> None:
    """HK-5.5: after a claim you discard; no win can be declared then."""
    s = make_session(teach=True)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    s.try_pung()
    out = s.try_mahjong()
    assert out.notes[0].text.startswith("You can declare Mahjong only after your own draw")
    assert "HK-5.5" in out.notes[1].text


def test_a_discard_cannot_extend_an_exposed_pung(make_session: Make, advance: Advance, until_offer: Offer) -> None:
    """HK-4.4: South discards the fourth 6z after the human's pung: no kong."""
    s = make_session(draws="6z6z", teach=True)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    s.try_pung()
    s.try_discard(tile("1z"))
    until_offer(s, tile("6z"))
    out = s.try_kong()
    assert out.notes[0].text == "A discard can't turn your exposed pung of Green dragon into a kong."
    assert "HK-4.4" in out.notes[1].text


# North (the human's left) discards 7s: the human holds 5s 6s 8s, two chows are possible.
CHOWS = ("111m234p56s88s1z66z9m", "2233445566778m", "2233445566778p", "223344999s2345z")


def test_several_chows_come_back_as_choices(make_session: Make, advance: Advance) -> None:
    """HK-4.2: the player picks which chow; a chow from the left is explained once (teach)."""
    s = make_session(CHOWS, draws="9p9p7s", teach=True)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    assert s.view().offered == tile("7s") and s.view().turn == 3
    assert "You may chow 7 Bamboo because North is on your left (HK-4.2)." in texts(s)
    out = s.try_chow()
    assert not out.done and [str(a) for a in out.choices] == ["chow 567s", "chow 678s"]
    labels = [c.label for c in s.choices() if c.command == "chow"]
    assert labels == ["Chow 5-6-7 Bamboo [c]", "Chow 6-7-8 Bamboo [c]"]
    chosen = out.choices[1]
    assert isinstance(chosen, Chow)
    assert s.play(chosen).done
    assert s.view().melds[0] == (Meld("chow", tile("6s")),)


def test_chow_refusals_left_and_suits(make_session: Make, until_offer: Offer) -> None:
    """HK-4.2 only from the left; HK-5.2 never across suits (8m 9m + 1p)."""
    hands = ("11189m456p88s1z66z5s", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands, draws="5s9p1p", teach=True)
    s.start_hand()
    s.try_discard(tile("5s"))
    until_offer(s, tile("5s"), 1)
    out = s.try_chow()  # South's 5s: South is on the human's right
    assert out.notes[0].text == "You can chow only the discard of the player on your left (North); this one comes from South."
    until_offer(s, tile("1p"))
    assert s.view().turn == 3
    out = s.try_chow()
    assert out.notes[0].text == "A chow can't mix suits: 1 Circles makes a run only with tiles of its own suit."
    assert "HK-5.2: chows never cross suits" in out.notes[1].text


def test_cross_suit_runs() -> None:
    c = counts_of(parse_tiles("89m"))
    assert cross_suit_run(c, tile("1p")) and cross_suit_run(c, tile("7p"))
    assert not cross_suit_run(c, tile("7m")) and not cross_suit_run(c, tile("1z"))
    assert not cross_suit_run(counts_of(parse_tiles("45p")), tile("6p"))


def test_other_seats_draws_stay_hidden() -> None:
    """The adapter never names a tile another seat drew or took as a replacement."""
    bots = [make_bot("greedy", i) for i in range(3)]
    s = Session(bots, ["greedy"] * 3, seed=3, length="hands", hands=2)
    me = GreedyBot(7)
    play_match(s, me)
    lines = [n.text for n in s.history]
    assert any(line.startswith("You draw") for line in lines)
    for line in lines:
        assert " draws " not in line
        if "takes a replacement tile from the dead wall" in line:
            assert line.endswith("dead wall.")


def test_record_is_the_engine_events_and_replays() -> None:
    """--record: the engine's events in order, which hkmj.record replays exactly."""

    class Sink:
        def __init__(self) -> None:
            self.events: list[dict[str, object]] = []

        def write(self, events: object) -> None:
            self.events.extend(events)  # type: ignore[call-overload]

    sink = Sink()
    bots = [make_bot("greedy", i) for i in range(3)]
    s = Session(bots, ["greedy"] * 3, seed=11, length="hands", hands=2, teach=True, record=sink)
    me = GreedyBot(1)
    play_match(s, me)
    types = [e["type"] for e in sink.events]
    assert types[0] == "match_start" and types[-1] == "match_end" and types.count("hand_start") == 2
    report = replay(sink.events)  # type: ignore[arg-type]
    assert report.ok, report.divergence


def test_hints_waits_and_best_discards() -> None:
    hand = Hand.from_seed(3)
    h = hint_for(hand.view(0))
    assert h.to_discard and h.discards
    keys = [(c.shanten, -c.count) for c in h.discards]
    assert keys == sorted(keys) and h.discards[0].shanten == h.shanten  # best first: lowest shanten, most tiles
    lines = describe(h, Texts("en"))
    assert lines[0] == f"Your hand is {h.shanten} tiles from ready."
    assert lines[1].startswith("Best discards")


def test_hint_for_a_ready_hand(make_session: Make, advance: Advance) -> None:
    s = make_session()
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    s.try_pung()
    s.try_discard(tile("1z"))
    # 111m 234p 56s 88s + pung 6z: ready, waiting on 4s and 7s
    h = hint_for(s.view())
    assert h.shanten == 0 and [t for t, _ in h.waits] == [tile("4s"), tile("7s")]
    (_, four), (_, seven) = h.waits
    assert describe(h, Texts("en"))[1] == f"Waits: 4 Bamboo ({four} unseen), 7 Bamboo ({seven} unseen)"  # the copies in words, not "4 Bamboo×3"
    assert describe(h, Texts("fr"))[1].startswith(f"Attentes\u00a0: 4 Bambous ({four} non vue")


def test_bot_names_and_fallback() -> None:
    names, _ = resolve_bots(None)
    assert len(names) == 3 and all(n in ("strong", "greedy") for n in names)
    with pytest.raises(ValueError, match="unknown bot 'wizard': expected one of"):
        resolve_bots("wizard,greedy,random")
    with pytest.raises(ValueError, match="three names"):
        resolve_bots("greedy,random")
    assert resolve_bots("Random, greedy ,random") == (["random", "greedy", "random"], [])


def test_fallback_for_a_missing_default_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    import hkmj.bots

    monkeypatch.setattr(hkmj.bots, "BOTS", {"random": hkmj.bots.RandomBot, "greedy": hkmj.bots.GreedyBot})
    names, warnings = resolve_bots(None, "fr")
    assert names == ["greedy", "greedy", "greedy"]
    assert warnings[0] == "hkmj play\u00a0: le robot «\u00a0strong\u00a0» n'est pas disponible\u00a0; greedy joue à sa place"


def test_string_tables_match() -> None:
    """One table per language, same keys, same placeholders."""
    assert EN.keys() == FR.keys()
    fmt = string.Formatter()
    for key in EN:
        a = {f for _, f, _, _ in fmt.parse(EN[key]) if f}
        b = {f for _, f, _, _ in fmt.parse(FR[key]) if f}
        assert a == b, key


def test_tile_faces_are_two_cells() -> None:
    """Text faces and padded glyphs (U+1F004 is two cells wide, the others one) fill a 2-cell slot."""
    for t in range(N_TILE_IDS):
        for glyphs in (False, True):
            assert cell_len(face(t, glyphs)[0]) == 2
            assert tile_text(t, glyphs).cell_len == 2
    assert face(tile("5m"))[0] == "5m" and face(tile("7z"))[0] == "Rd" and face(tile("3z"), lang="fr")[0] == "O "
    assert face(tile("7z"), glyphs=True)[0] == "\U0001f004"
    assert face(tile("1z"), glyphs=True)[0] == "\U0001f000 "


def test_click_geometry() -> None:
    xs = hand_positions(13, True)
    assert [hand_index_at(x, 13, True) for x in xs] == list(range(14))
    assert hand_index_at(xs[-1] - 1, 13, True) is None
    assert pond_index_at(3, 1, 30, 25) == 11 and pond_index_at(2, 0, 30, 25) is None
    assert pond_index_at(3, 2, 30, 25) == 21 and pond_index_at(15, 2, 30, 25) is None  # past the last discard


def test_kong_choices_on_turn(make_session: Make) -> None:
    """HK-3.3: two concealed kongs possible: the player picks one."""
    hands = ("1111m2222p5s88s1z6z9m", "2233445566778m", "3344556677889p", "223344999s2345z")
    s = make_session(hands, draws="", replacements="")
    s.start_hand()
    out = s.try_kong()
    assert [str(a) for a in out.choices] == ["concealed kong 1m", "concealed kong 2p"]
    kong_2p = out.choices[1]
    assert isinstance(kong_2p, Kong)
    assert s.play(kong_2p).done
    assert s.view().melds[0] == (Meld("ckong", tile("2p")),)


def test_chow_need_names_a_run_of_the_suit(make_session: Make, until_offer: Offer) -> None:
    """A same-suit neighbour held: the refusal shows the run that would work (HK-4.2), not a suits warning."""
    hands = ("11189m456p6s8s1z66z5s", "2233445566778m", "2233445566778p", "223344999s2345z")
    s = make_session(hands, draws="9p9p8s", teach=True)
    s.start_hand()
    s.try_discard(tile("5s"))
    until_offer(s, tile("8s"), 3)
    out = s.try_chow()
    assert out.notes[0].text == "No chow with 8 Bamboo: you need two tiles of the same suit that run with it (such as 6-7-8 Bamboo)."


@pytest.mark.parametrize("lang, words", [("en", "already exists"), ("fr", "existe déjà")])
def test_play_never_overwrites_a_saved_match_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    """``hkmj play --record FILE`` on an existing file (a match saved before) refuses before the
    table opens, in the screen's language, and leaves the file as it was: no saved match is lost."""
    from hkmj.cli import main

    saved = tmp_path / "match.jsonl"
    saved.write_text('{"saved": true}\n', encoding="utf-8")
    assert main(["play", "--record", str(saved), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert words in err and str(saved) in err and "Traceback" not in err
    assert saved.read_text(encoding="utf-8") == '{"saved": true}\n'


@pytest.mark.parametrize(
    ("options", "lang", "amounts"),
    [
        ({}, "en", "you pay 64 to each player (HK-5.7)"),
        ({"base": "5"}, "en", "you pay 320 to each player (HK-5.7)"),
        ({"table": "doubling", "limit": "8"}, "en", "you pay 256 to each player (HK-5.7)"),
        ({"base": "5"}, "fr", "vous payez 320 à chaque joueur (HK-5.7)"),
    ],
)
def test_hk_5_7_false_mahjong_cost_shown_is_the_tables_own(make_session: Make, options: dict[str, str], lang: str, amounts: str) -> None:
    """HK-5.7 with house options (docs/house-options.md): the confirmation, the end screen's payment
    line and the help say what a false Mahjong costs at this table (the limit base of its fan
    table times ``base``), not the default 64."""
    from hkmj.rulesets import get_ruleset

    s = make_session(rules=get_ruleset("hk", options), lang=lang)
    s.start_hand()
    assert amounts in s.confirm_mahjong()  # East on its own turn: no discarder to pay double
    single = amounts.split()[2]
    assert s.try_mahjong(confirmed=True).done and s.over
    assert f" {single} " in s.finish_hand().why_paid and f" {single} " in s.tx("help.body")
    assert s.tx("help.body", penalty=7) != s.tx("help.body")  # an explicit value still wins


def test_the_bots_are_named_in_the_tables_language() -> None:
    """In French the terminal said "Robot 3 (greedy)" where the browser and the review say
    "Robot 3 (glouton)": the bots' names are the same words everywhere."""
    bots = [make_bot(k, i) for i, k in enumerate(["strong", "greedy", "random"])]
    fr = Session(bots, ["strong", "greedy", "random"], seed=3, length="hands", hands=1, lang="fr")
    assert [fr.player_name(p) for p in (1, 2, 3)] == ["Robot 1 (fort)", "Robot 2 (glouton)", "Robot 3 (hasard)"]
    en = Session(bots, ["strong", "greedy", "random"], seed=3, length="hands", hands=1)
    assert [en.player_name(p) for p in (1, 2, 3)] == ["Bot 1 (strong)", "Bot 2 (greedy)", "Bot 3 (random)"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "South claims 9 Characters from you: pung."), ("fr", "Sud vous réclame 9 Caractères\u00a0: pung.")],
)
def test_hk_4_3_a_bot_claiming_your_discard_is_said_with_you_as_the_object(make_session: Make, lang: str, said: str) -> None:
    """HK-4.3: when a bot pungs the human's discard, the French log read "Sud réclame 9 Caractères
    à vous : pung." (a pronoun does not follow "à" there); it now reads "Sud vous réclame ..."."""
    s = make_session(lang=lang)
    s.start_hand()
    assert s.try_discard(tile("9m")).done
    notes = s._describe({"type": "claim", "seat": 1, "from": 0, "on": "discard", "claim": "pung", "tile": "9m", "tiles": "999m"})
    assert [n.text for n in notes] == [said]


def test_hk_6_house_minimum_and_limit_agree_fan_with_its_number_in_french() -> None:
    """HK-6 house options (docs/house-options.md): the French said "il faut au moins 3 fan pour
    gagner", "3 fan minimum", "limite à partir de 10 fan", and with minfan=1 the hints and the
    refused Mahjong "au moins 1 fans" (the unit was always the plural), where the rest of the
    French writes "3 fans" ("Total des fans"). A count now agrees with its number: French 0 and 1
    singular; English "fan" as ever."""
    fr3, fr1, en3 = Texts("fr", house={"minfan": "3"}), Texts("fr", house={"minfan": "1"}), Texts("en", house={"minfan": "3"})
    assert "il faut au moins 3 fans pour gagner" in fr3("help.body") and "minimum de la maison de 3 fans pour" in fr3("teach.other_tables")
    assert "il faut au moins 1 fan pour gagner" in fr1("help.body")
    assert "a hand needs at least 3 fan to win" in en3("help.body")
    assert fr1.house("hk", {"minfan": "1", "limit": "8"}) == ["1 fan minimum", "limite à partir de 8 fans"]
    assert fr1.house("hk", {"minfan": "3", "limit": "13"}, short=True) == ["3 fans min", "limite 13 fans"]
    assert en3.house("hk", {"minfan": "3", "limit": "8"}) == ["minimum 3 fan", "limit from 8 fan"]
    assert [fr1.unit("fan", n) for n in (0, 1, 3)] == ["fan", "fan", "fans"] and fr1.unit("points", 8) == "points"
    assert fr1("why.under_min", hand="Votre main", min=1, unit=fr1.unit("fan", 1)).endswith("au moins 1 fan pour gagner.")
    # the hints name the minimum without agreeing with it ("les 1 fan demandés")
    assert "le minimum de ces règles pour gagner (1 fan)" in fr1("hint.short", min=1, unit=fr1.unit("fan", 1))
    assert "le minimum de ces règles pour gagner (3 fans)" in fr1("hint.under_min", min=3, unit=fr1.unit("fan", 3))


def test_a_resumed_match_counts_its_moves_in_the_singular_and_the_plural() -> None:
    """hkmj play --resume: the log said "1 moves played again" ("1 coups rejoués") after a match
    left at its first move; the count now agrees with its number (French 0 and 1 singular)."""
    assert Texts("en").plural("ev.resumed", 1) == "— Match resumed: 1 move played again from the saved file, as it was played."
    assert Texts("en").plural("ev.resumed", 12).startswith("— Match resumed: 12 moves played again")
    assert Texts("fr").plural("ev.resumed", 1).startswith("— Partie reprise\u00a0: 1 coup rejoué depuis le fichier sauvegardé, tel qu'il")
    assert Texts("fr").plural("ev.resumed", 2).startswith("— Partie reprise\u00a0: 2 coups rejoués")


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
def test_a_false_mahjong_has_one_name_in_each_language(rules: str) -> None:
    """HK-5.7, MCR-5.4, CL-7.7: the teaching table's first note said "a wrong Mahjong" ("un
    Mahjong erroné") where every other text, the browser's teaching option included, says "false
    Mahjong" ("faux Mahjong"). One name throughout each table."""
    for lang, name, other in (("en", "false Mahjong", "wrong Mahjong"), ("fr", "faux Mahjong", "Mahjong erroné")):
        tx = Texts(lang, rules)
        assert name in tx("teach.intro")
        assert not [k for k, v in tx.table.items() if other in v]


class _BrokenBot(GreedyBot):
    """A bot whose every decision fails."""

    def choose(self, view: object, legal: object) -> object:  # type: ignore[override]
        raise RuntimeError("boom")


@pytest.mark.parametrize(("lang", "said"), [("en", "the table played for it: "), ("fr", "la table a joué pour lui\u00a0: ")])
def test_a_failing_bot_is_said_in_words_not_as_an_action_text(lang: str, said: str) -> None:
    """A bot that fails is replaced for that decision by a pass or a discard: the log said "it
    played pass instead" and, in French, "il a joué discard 5p à la place" (the engine's text form
    of the action); it now says the action in the table's words ("défausser 5 Cercles", "passer")."""
    from hkmj.tui.testing import play_hand

    s = Session([_BrokenBot(1), GreedyBot(2), GreedyBot(3)], ["greedy"] * 3, seed=5, length="hands", hands=1, lang=lang)
    s.start_hand()
    play_hand(s, GreedyBot(0))
    notes = [n.text for n in s.history if said in n.text]
    assert notes, texts(s)[-500:]
    words = ("discard ", "pass") if lang == "en" else ("défausser ", "passer")
    assert all(n.split(said)[1].startswith(words) for n in notes), notes
    assert not [n for n in notes if re.search(r"\b\d[mpsz]\b", n)], notes  # "5 Circles", not "5p"


def test_hk_1_a_failing_bot_discards_its_drawn_tile_not_the_lowest_of_its_hand() -> None:
    """A bot that raises must not end the player's match: the table plays for it. It discarded the
    first legal discard, the lowest tile of its hand, so the player read what the bot held (HK-1:
    concealed tiles stay hidden); it now plays the safe default of an external bot
    (``hkmj.botproto.safe_default``): the tile it drew, else a tile of its hand at random."""
    from hkmj.engine import SeatView

    class Broken:
        def choose(self, view: SeatView, legal: object) -> object:
            raise RuntimeError("broken")

    events: list[dict[str, object]] = []

    class Sink:
        def write(self, new: object) -> None:
            events.extend(new)  # type: ignore[call-overload]

    s = Session([Broken(), Broken(), Broken()], ["greedy"] * 3, seed=5, length="hands", hands=1, record=Sink())  # type: ignore[list-item]
    play_match(s, GreedyBot(7))
    assert any("broken" in n.text for n in s.history)
    last_draw: dict[object, object] = {}
    checked = 0
    for e in events:
        if e["type"] in ("draw", "replacement"):
            last_draw[e["seat"]] = e["tile"]
        elif e["type"] == "discard" and e["seat"] != 0:
            if last_draw.get(e["seat"]) is not None:
                assert e["tile"] == last_draw[e["seat"]], e
                checked += 1
            last_draw[e["seat"]] = None
        elif e["type"] in ("pung", "chow", "kong"):
            last_draw[e.get("seat")] = None
    assert checked >= 10, checked


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize(
    ("lang", "east"),
    [("en", "— Hand 1: you are East, the dealer; prevailing wind East."), ("fr", "— Donne 1\u00a0: vous êtes Est, le donneur\u00a0; vent dominant Est.")],
)
def test_the_hands_first_line_says_you_deal_in_a_sentence(rules: str, lang: str, east: str) -> None:
    """HK-2.1, MCR-2.4, CL-4.1: East deals. The log's first line of a hand you deal read "— Hand 1:
    you are East; prevailing wind East; dealer You." ("… ; donneur Vous."): your name as the header
    writes it, capitalised mid-sentence. It now says you are East, the dealer; a bot's deal is as
    before (MCR and classical pass the deal after every hand, so at hand 2 a bot deals)."""
    from hkmj.rulesets import get_ruleset

    s = Session([make_bot("greedy", i) for i in range(3)], ["greedy"] * 3, seed=5, length="hands", hands=2, lang=lang, rules=get_ruleset(rules))
    assert s.start_hand()[0].text == east  # seed 5 seats you East (HK-2.1)
    if rules == "hk":
        return  # a Hong Kong dealer keeps the deal after a win or a draw (HK-7.2): not under test here
    me = make_bot("greedy", 9)
    while not s.over:
        if s.bots_pending():
            s.step()
        else:
            s.play(me.choose(s.view(), s.legal()))
    s.finish_hand()
    second = s.start_hand()[0].text
    dealer = s.player_name(s.by_seat[0])
    assert s.by_seat[0] != 0 and second == s.tx("ev.hand", hand=2, wind=s.tx.wind(s.seat), prevailing=s.tx.wind(0), dealer=dealer)
    assert second.endswith(f" {dealer}.") and s.player_name(0) not in second


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mcr_5_6_the_mahjong_key_outside_a_declaring_moment_cites_the_winning_tile_rule(make_session: Make, advance: Advance, lang: str) -> None:
    """MCR-5.6 (HK-5.5): at an MCR table, after a pung you discard and no win can be declared;
    the refusal's rule said "MCR-5: the winning tile is your draw or replacement, …", and MCR-5
    said nothing of the winning tile. It cites MCR-5.6, which says it (docs/rules-mcr.md)."""
    s = make_session(teach=True, rules=get_ruleset("mcr"), lang=lang)
    s.start_hand()
    s.try_discard(tile("9m"))
    advance(s)
    s.try_pung()
    out = s.try_mahjong()
    assert out.notes[0].text == s.tx("no.mahjong_now")
    assert out.notes[1].text.startswith("MCR-5.6"), out.notes[1].text
