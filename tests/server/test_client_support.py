"""What the browser client needs from the server, over a real websocket: the match ends with
"Match over" and the ranking for everyone, a finished table shows its result (also after a
restart), recent moves at join, teaching tables without timer by default, refusals explained in
English and French, French tile faces, and the help page."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hkmj.bots import BOTS
from hkmj.server.client import GameClient
from hkmj.server.help import CONTROLS, sections
from hkmj.server.protocol import NameTaken, TableConfig, name_clash
from hkmj.server.svg import face
from hkmj.server.testing import Server, choose, drain, play
from hkmj.tui.rules_texts import cite
from hkmj.tui.texts import Texts

CODE = re.compile(r"\b\d[mpszf]\b")
"""A tile code such as 5p: never in a text meant for a person."""


def _match_over(clients: list[GameClient]) -> bool:
    c = clients[0]
    return bool(c.state and c.state["status"] == "over")


def _check_final(frame: dict[str, Any]) -> None:
    """The final frame: the last hand and its reveal stay on show with the final ranking."""
    assert frame["status"] == "over" and frame["match"]["over"] is True
    assert sorted(frame["match"]["ranking"])[0] == 1 and sum(frame["match"]["totals"]) == 0
    assert frame["hand"]["number"] == 1 and frame["hand"]["phase"] == "over"
    assert frame["reveal"] is not None and len(frame["reveal"]["wall"]) == 144
    assert [p["total"] for p in frame["players"]] == frame["match"]["totals"]


def test_last_hand_ends_the_match_at_once_for_player_and_spectator_and_stays_readable(
    make_server: Callable[..., Server],
) -> None:
    """HK-7.3: a one-hand match ends with the ranking without anyone asking for a next hand; a
    finished table opened later (watch, resume, join; before and after a restart) shows its result."""
    server = make_server()
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01)

    async def go() -> str:
        async with server.client() as me, server.client() as spy:
            token = await me.join(tid, 0, "Ann")
            await spy.watch(tid)
            rng = random.Random(3)
            await play([me], _match_over, lambda i, legal: choose(legal, rng), 120, next_hand=False)
            await drain([spy], 0.5)
            assert me.state is not None and spy.state is not None
            _check_final(me.state)
            _check_final(spy.state)
            assert spy.state["mine"] is None and me.state["mine"]["slot"] == 0
            async with server.client(record=True) as late:
                _check_final(await late.watch(tid))
                welcome = next(m for m in late.messages if m["type"] == "welcome")
                assert welcome["over"] is True and welcome["role"] == "spectator"
            async with server.client() as again:
                st = await again.resume(tid, token)
                _check_final(st)
                assert st["mine"]["slot"] == 0 and st["mine"]["legal"] == [] and len(st["mine"]["concealed"]) >= 1
            async with server.client() as joiner:
                await joiner.send(type="join", table=tid, slot=1, name="Bo")
                w = await joiner.wait(lambda m: m["type"] in ("welcome", "error"))
                assert w["type"] == "welcome" and w["role"] == "spectator"
                _check_final(await joiner.wait(lambda m: m["type"] == "state"))
            return token

    token = asyncio.run(go())
    assert server.get(f"/api/tables/{tid}")["table"]["status"] == "over"
    server.stop()
    restarted = make_server()

    async def later() -> None:
        async with restarted.client() as c:
            _check_final(await c.watch(tid))
        async with restarted.client() as c:
            assert (await c.resume(tid, token))["mine"]["slot"] == 0

    asyncio.run(later())


def test_recent_moves_are_sent_to_a_newcomer(server: Server) -> None:
    """The first frame of a spectator joining mid-hand carries the hand's latest public moves."""
    tid = server.create(slots=list(BOTS)[:1] * 4, hands=1, bot_delay=0.05, claim_window=0.01)

    async def go() -> None:
        await asyncio.sleep(1.0)
        async with server.client() as c:
            st = await c.watch(tid)
            if st["hand"] is None or st["hand"]["phase"] == "over":
                pytest.skip("the bots finished the hand before the spectator came")
            events = st["events"]
            assert 1 <= len(events) <= 8
            assert {e["type"] for e in events} <= {"deal", "bonus", "draw", "replacement", "discard", "claim", "kong", "declare"}
            assert all("tile" not in e or e["type"] in ("discard", "bonus") for e in events if e["type"] in ("draw", "replacement"))
            assert any(e["type"] == "discard" for e in events)

    asyncio.run(go())


def test_teaching_is_the_default_with_bots_and_has_no_timer() -> None:
    """A table with bots is a teaching table (HK-5.7 refusals) with no decision timer unless asked."""
    bots = tuple(BOTS)
    with_bots = TableConfig.from_dict({"slots": [None, "greedy", "greedy", "greedy"]}, bots)
    assert with_bots.teaching is True and with_bots.timer is None
    humans = TableConfig.from_dict({"slots": [None, None, None, None]}, bots)
    assert humans.teaching is False and humans.timer == 20.0
    chosen = TableConfig.from_dict({"slots": [None, "greedy", None, None], "teaching": False}, bots)
    assert chosen.teaching is False and chosen.timer == 20.0
    assert TableConfig.from_dict({"teaching": True, "timer": 15}, bots).timer == 15.0
    assert TableConfig.from_dict({"slots": [None] * 4, "timer": None}, bots).timer is None
    with pytest.raises(ValueError, match=r"timer: seconds from 0\.05 to 600, or null for none"):
        TableConfig.from_dict({"timer": False}, bots)


def test_no_timer_at_a_teaching_table_and_refusals_in_english_and_french(server: Server) -> None:
    """HK-5.7 at a teaching table: a false Mahjong is refused with its reason in both languages,
    in words (no tile codes); the open decision has no deadline."""
    body = json.dumps({"slots": [None, "greedy", "greedy", "greedy"], "bot_delay": 0, "claim_window": 0.01}).encode()
    req = urllib.request.Request(server.base + "/api/tables", data=body, method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        tid = json.loads(r.read())["id"]

    async def go() -> None:
        async with server.client() as c:
            await c.join(tid, 0, "Di")
            await play([c], lambda cs: any(a.startswith("discard") for a in cs[0].legal), lambda i, legal: "pass", 60)
            st = c.state
            assert st is not None and st["config"]["teaching"] is True and st["config"]["timer"] is None
            assert st["mine"]["remaining"] is None
            if "mahjong" in st["mine"]["legal"]:
                pytest.skip("the dealt hand is complete")
            await c.act("mahjong")
            frame = await c.wait(lambda m: m["type"] == "state" and any(e["type"] == "mahjong_refused" for e in m["events"]))
            reasons = next(e["reasons"] for e in frame["events"] if e["type"] == "mahjong_refused")
            assert set(reasons) == {"en", "fr"}
            for lang, text in reasons.items():
                hand = Texts(lang)("why.hand")  # after the rule number: "…, HK-5.7): your hand …"
                assert hand[:1].lower() + hand[1:] in text and "HK-5.1" in text and not CODE.search(text), text

    asyncio.run(go())


def test_french_tile_faces_show_o_for_ouest() -> None:
    """HK-1 tiles in French: West is O (Ouest) on the wind tile and in bonus tile corners."""
    assert ">W</text>" in face("3z") and ">O</text>" in face("3z", "fr")
    assert ">O</text>" in face("3f", "fr") and ">W</text>" in face("3f")
    assert "<title>Vent Ouest</title>" in face("3z", "fr") or "Ouest" in face("3z", "fr")
    with pytest.raises(KeyError):
        face("3z", "de")


def test_help_page_in_both_languages(server: Server) -> None:
    """GET /help: the terminal help's sections (HK-5.1 ...), in English or French (query or browser language)."""

    def get(path: str, accept: str = "") -> str:
        req = urllib.request.Request(server.base + path, headers={"Accept-Language": accept} if accept else {})
        with urllib.request.urlopen(req, timeout=10) as r:
            return str(r.read().decode())

    en, fr, by_browser = get("/help?lang=en"), get("/help?lang=fr"), get("/help", "fr-FR,fr;q=0.9")
    assert fr == by_browser and '<html lang="fr">' in fr and '<html lang="en">' in en
    for lang, page in (("en", en), ("fr", fr)):
        assert len(sections(lang)) == 8
        assert Texts(lang)("help.title") in page and "HK-5.1" in page and "HK-5.7" in page
        assert page.count('<img class="tile"') == 42
    assert "Chow 3-4-5 Characters" in en and "Chow 3-4-5 Caractères" in fr
    # HK-4.1: a long pond's +N count, as the table shows it (test_browser.py's long-ponds test)
    assert "(+7): click the count to show the whole pond" in en
    assert "(+7)\u00a0: cliquez ce nombre pour les montrer toutes" in fr
    assert "\u00a0:" in fr and not re.search(r" [:;?!]", fr)  # French typography: no-break spaces
    with urllib.request.urlopen(server.base + "/tiles/3z.svg?lang=fr", timeout=10) as r:
        assert ">O</text>" in r.read().decode()


def _run_client_text(expr: str) -> Any:
    """Evaluate ``expr`` in node against app.js's own texts and text helpers (``T``, ``t``,
    ``plural``, ``distance``, ``num``, ``toastMs``, ``unitWord``, ``said``, ``esc``, ``ownScore``, ``errText``, ``rulesLine``, ``payRule``, ``houseBase``, ``fanTable``), for each language; returns
    ``{lang: value}``."""
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    src = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    texts = re.search(r"^const T = \{.*?^\};$", src, re.S | re.M)
    helpers = re.findall(r"^const (?:t|plural|distance|num|toastMs|unitWord|said|esc) = .*$", src, re.M)
    own = re.search(r"^function ownScore\(.*?^\}$", src, re.S | re.M)
    err = re.search(r"^function errText\(.*?^\}$", src, re.S | re.M)
    words = [  # the house options and the HK-6 base in words
        re.search(r"^const houseValue = .*$", src, re.M),
        re.search(r"^const rulesLine = \(cfg\) => \{.*?^\};$", src, re.S | re.M),
        re.search(r"^function payRule\(.*?^\}$", src, re.S | re.M),
        re.search(r"^const rulesOf = .*$", src, re.M),
        re.search(r"^function houseBase\(.*?^\}$", src, re.S | re.M),
        re.search(r"^function fanTable\(.*?^\}$", src, re.S | re.M),
    ]
    assert texts and len(helpers) == 8 and own and err and all(words), "app.js no longer defines its texts and helpers as expected"
    script = "\n".join(
        [
            "let lang;",
            texts.group(),
            *helpers,
            own.group(),
            err.group(),
            *(w.group() for w in words if w),
            "const out = {};",
            f'for (lang of ["en", "fr"]) out[lang] = {expr};',
            "console.log(JSON.stringify(out));",
        ]
    )
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30, check=True)
    return json.loads(done.stdout)


def test_the_french_help_of_every_ruleset_puts_no_break_spaces_inside_guillemets(server: Server) -> None:
    """French typography on /help (HK, MCR, classical tables): « » hold a no-break space inside, as the browser's own
    words do; the help page wrote « prête » with plain spaces, so a line could end on « or begin with »."""
    for rules in ("hk", "mcr", "classical"):
        with urllib.request.urlopen(f"{server.base}/help?lang=fr&rules={rules}", timeout=10) as r:
            page = r.read().decode()
        assert "«\u00a0prête\u00a0»" in page, rules
        assert not re.search(r"«[^\u00a0]|[^\u00a0]»", page), re.findall(r".{20}(?:«[^\u00a0]|[^\u00a0]»).{5}", page)


def test_the_help_echoes_only_house_options_its_ruleset_accepts(server: Server) -> None:
    """/help?minfan=3&base=… (a table's help link, HK-6 house options): a value the ruleset refuses, an option it does
    not have or markup never reaches the page; an accepted one is said as the ruleset reads it (``base= 12`` is 12)."""
    query = "lang=en&base=%3Cb%3Eboom%3C/b%3E&payment=%22%3E%3Ci%3E&nope=%3Cs%3E&minfan=3"
    with urllib.request.urlopen(f"{server.base}/help?{query}", timeout=10) as r:
        page = r.read().decode()
    assert "boom" not in page and "<i>" not in page and "<s>" not in page and "nope" not in page
    assert "Hong Kong · minimum 3 fan</p>" in page and "discarder pays double" in page
    with urllib.request.urlopen(f"{server.base}/help?lang=en&base=%2012", timeout=10) as r:
        page = r.read().decode()
    assert "base value 12</p>" in page and "&amp;base=12" in page and "costs 768 to each other player" in page


@pytest.mark.parametrize("rules", ["hk", "classical"])
def test_the_help_of_a_house_option_with_thousands_of_digits_is_a_page_not_a_server_error(server: Server, rules: str) -> None:
    """HK-6 / CL-6.2 house options in the help link: ``/help?base=`` (``?rules=classical&limit=``) with 5000 nines
    was a 500 (Python's int() refuses more than 4300 digits, a ValueError the page did not expect); it is now
    left out as any value out of range, and 5000 zeros then a 3 read as 3, as ``base=03`` does."""
    key = "base" if rules == "hk" else "limit"
    with urllib.request.urlopen(f"{server.base}/help?lang=en&rules={rules}&{key}={'9' * 5000}", timeout=10) as r:
        page = r.read().decode()
    assert r.status == 200 and 'id="house-rules"' not in page and "9999" not in page
    value = "3" if rules == "hk" else "300"
    with urllib.request.urlopen(f"{server.base}/help?lang=en&rules={rules}&{key}={'0' * 5000}{value}", timeout=10) as r:
        page = r.read().decode()
    assert f"&amp;{key}={value}" in page and 'id="house-rules"' in page


def test_a_toast_stays_long_enough_to_be_read_in_either_language() -> None:
    """A toast stayed 3.5 s whatever its length: a refusal naming its limit ("your network (the
    IPv6 /48 …)"), longer in French, went before it could be read. It now stays about as long as
    reading it takes (15 characters a second), from 3.5 s for a word to 15 s at most."""
    got = _run_client_text(
        '[toastMs(t("copied")), errText({code: "rate_limited", limit: "seats", n: 4, scope: "network"}).length,'
        ' toastMs(errText({code: "rate_limited", limit: "seats", n: 4, scope: "network"}))]'
    )
    for lang in ("en", "fr"):
        short, length, long = got[lang]
        assert short == 3500
        assert length > 80 and long >= 1000 * length / 15 and long <= 15000, got[lang]


def test_hint_distance_in_the_browser_is_worded_as_in_the_terminal() -> None:
    """One measure, one wording: the browser's hint says how far the hand is from ready exactly as
    the terminal's Texts.distance does, with real plurals in English and French."""
    got = _run_client_text("[0, 1, 2, 4].map(distance)")
    for lang in ("en", "fr"):
        assert got[lang] == [Texts(lang).distance(n).replace("prête\u00a0: ", "prête\u00a0: ") for n in (0, 1, 2, 4)]
    assert got["en"][1] == "1 tile from ready" and got["fr"][2] == "à 2 tuiles d'une main prête"


def test_cl5_4_browser_end_screen_gives_each_seat_its_own_score() -> None:
    """CL-5.4: the browser's end screen words each seat's points, doubles and score from the
    classical ``win`` event's ``seat_points``, ``seat_doubles`` and ``hand_scores``."""
    win = {"seat_points": [0, 56, 1, 8], "seat_doubles": [0, 2, 1, 0], "hand_scores": [0, 224, 2, 8]}
    got = _run_client_text(f"[0, 1, 2, 3].map((s) => ownScore({json.dumps(win)}, s))")
    assert got["en"] == [
        "0 points, 0 doubles: scores 0",
        "56 points, 2 doubles: scores 224",
        "1 point, 1 double: scores 2",
        "8 points, 0 doubles: scores 8",
    ]
    assert got["fr"][0] == "0 point, 0 double\u00a0: marque 0" and got["fr"][1] == "56 points, 2 doubles\u00a0: marque 224"


def test_the_refusals_a_page_can_meet_outside_play_are_worded_in_its_language() -> None:
    """The server's refusals are in English; the page words each code it can meet in its own
    language. A table creation's name read as a label (``name_taken``, 400), a websocket refused as
    it opens (``too_many_connections``) and a request from an origin the server does not allow
    (``forbidden_origin``, a server behind a proxy without ``--origin``) showed the server's
    English text on a French page."""
    refusals = {
        "name_taken": "names: name 'place libre' reads as the label of a bot, of another seat or of a free seat; choose another",
        "too_many_connections": "64 connections from your address already",
        "forbidden_origin": "cross-site request refused: this origin may not create tables",
    }
    got = _run_client_text(f"Object.entries({json.dumps(refusals)}).map(([code, message]) => errText({{ code, message }}))")
    for lang in ("en", "fr"):
        for said, message in zip(got[lang], refusals.values(), strict=True):
            assert said != message and said.endswith(".") and "'" not in said.split(" ")[0], (lang, said)
    assert got["fr"][0].startswith("Ce nom ressemble") and got["fr"][1].startswith("Le serveur ne prend plus de connexions")
    assert got["fr"][2].startswith("Ce serveur refuse les requêtes") and all("\u00a0:" in said for said in got["fr"])


def test_hk_7_a_hand_is_a_donne_in_french_in_the_browser_as_in_the_terminal() -> None:
    """HK-7: a match is played in hands (deals); in French the browser calls one a *donne*, as the
    terminal and ``hkmj replay --show`` do (*main* is the tiles a player holds)."""
    got = _run_client_text('["hand", "oneHand", "fourHands", "game", "next", "revealTitle"].map((k) => t(k)).concat([plural("played", 3)])')
    assert got["fr"] == [
        "Donne",
        "1 donne",
        "4 donnes",
        "Partie complète (16 donnes ou plus)",
        "Donne suivante",
        "Fin de la donne",
        "3\u00a0donnes jouées",
    ]
    assert got["en"][0] == "Hand" and got["en"][-1] == "3 hands played"


def test_every_rate_limited_refusal_is_worded_by_its_limit_in_english_and_french() -> None:
    """Issue 9: the page read "Too many messages: slow down." for every ``rate_limited`` refusal (a
    seat, a table, a hint refused alike). Each ``limit`` the server names (``LIMITS``) now has its
    own words in English and French, with its cap ``n`` as the language writes numbers, and whose
    budget it was: the address's, or the IPv6 /48's (``scope: "network"``); a limit the page does
    not know, or one without ``n``, falls back to the code's generic text."""
    from hkmj.server.protocol import LIMITS

    cases = [{"code": "rate_limited", "limit": k, "n": n, "message": "m", **scope} for k in LIMITS for n, scope in ((3, {}), (24, {"scope": "network"}), (0.25, {}))]
    unknown = [{"code": "rate_limited", "limit": "weather", "n": 3, "message": "m"}, {"code": "rate_limited", "limit": "seats", "message": "m"}]
    got = _run_client_text(f"[...{json.dumps(cases)}, ...{json.dumps(unknown)}].map(errText).concat([T[lang].err.rate_limited])")
    per_connection = {"hints", "messages", "false_mahjong"}  # counted per connection or seat: no address named
    for lang, address, network, quarter in (("en", "your address", "your network (the IPv6 /48", "0.25"), ("fr", "votre adresse", "votre réseau (le /48 IPv6", "0,25")):
        texts, generic = got[lang][: len(cases)], got[lang][len(cases) :]
        assert generic == [generic[-1]] * 3 and "messages" in generic[-1], generic
        for case, text in zip(cases, texts, strict=True):
            assert text not in generic and "{" not in text and "undefined" not in text, (case, text)
            assert str(case["n"]).replace("0.25", quarter) in text, (case, text)
            if case["limit"] not in per_connection:
                assert (network if case.get("scope") else address) in text, (case, text)
            if lang == "fr":
                assert not re.search(r" [:;?!]", text), text  # French typography: no-break spaces
        assert len(set(texts)) == len(texts), "two limits worded alike"
    assert got["en"][0] == "3 seats at tables in play were already taken from your address: you may sit again once one of those matches ends."
    assert any(text.startswith("Au plus 0,25 conseil par minute") for text in got["fr"])  # French: 0,25 is singular


def test_browser_texts_have_the_same_keys_placeholders_and_rules_in_english_and_french() -> None:
    """The browser's text tables (app.js ``T``) had no parity test, as the terminal's, the
    review's and the refusal page's have: every English key has a French one and the reverse,
    at every depth (``err``, ``house`` ...), with the same ``{placeholders}`` and the same rule
    numbers (HK-5.7, MCR-8, CL-7.7); French sets a no-break space before ``: ; ? !`` (``\\u00a0``
    before a colon, as ``colon()`` and ``said()`` write it) and never a plain one."""
    got = _run_client_text("T[lang]")

    def flat(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in table.items():
            out.update(flat(value, f"{prefix}{key}.") if isinstance(value, dict) else {f"{prefix}{key}": value})
        return out

    en, fr = flat(got["en"]), flat(got["fr"])
    assert sorted(set(en) - set(fr)) == [] and sorted(set(fr) - set(en)) == []
    for key, text in en.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", fr[key])), key
        rule = r"\b(?:HK|MCR|CL)-\d+(?:\.\d+)?"
        assert re.findall(rule, text) == re.findall(rule, fr[key]), key
        assert not re.search(r" [:;?!]", fr[key]) and "\u202f" not in fr[key], (key, fr[key])
        # one word for one game term, as the terminal: Mahjong is announced ("annoncer"), a kong
        # declared; a meld is a "groupe" ("ne déclarez Mahjong qu'avec...", "Combinaisons" were the odd ones)
        assert not re.search(r"(?i)déclar\w* Mahjong|combinaison", fr[key]), (key, fr[key])


def test_hk_6_fan_and_points_agree_with_their_number_in_the_browser() -> None:
    """HK-6 and the house options: the French end dialog read "Base de 1 points pour 3 fan" and the
    lobby "3 fan minimum · limite à partir de 10 fan", where the rest of the French says "fans"
    ("Total des fans", "au moins 3 fans"); English read "Base 1 points". A count now agrees with
    its number: French 0 and 1 singular ("1 point", "0 fan", "3 fans", "10 fans"), English 1."""
    got = _run_client_text(
        "[payRule({}, {base: 1, fan: 0}), payRule({}, {base: 8, fan: 3}), rulesLine({rules: 'hk', options: {minfan: 1, limit: 10}}),"
        " rulesLine({rules: 'hk', options: {minfan: 3}}), ['unitFan', 'unitPoints'].map((k) => [0, 1, 8].map((n) => unitWord(k, n)))]"
    )
    assert got["en"][:4] == [
        "<p>Base 1 point from 0 fan (HK-6).</p>",
        "<p>Base 8 points from 3 fan (HK-6).</p>",
        "Hong Kong · minimum 1 fan · limit from 10 fan",
        "Hong Kong · minimum 3 fan",
    ]
    assert got["fr"][:4] == [
        "<p>Base de 1 point pour 0 fan (HK-6).</p>",
        "<p>Base de 8 points pour 3 fans (HK-6).</p>",
        "Hong Kong · 1 fan minimum · limite à partir de 10 fans",
        "Hong Kong · 3 fans minimum",
    ]
    assert got["en"][4] == [["fan", "fan", "fan"], ["points", "point", "points"]]
    assert got["fr"][4] == [["fan", "fan", "fans"], ["point", "point", "points"]]


def test_a_count_in_a_sentence_agrees_with_its_number_in_the_browser() -> None:
    """A refused page said "Trying again in 1 seconds." when the server's retry_after was a
    second; the French hint said "n'atteint les 1 fan demandés" at a table with minfan=1. The
    retry is worded by its number, and the hint names the minimum without agreeing with it."""
    got = _run_client_text("[1, 30].map((n) => plural('retryIn', n, {n: num(n)})).concat([t('hintShort', {min: 1, unit: unitWord('unitFan', 1)})])")
    assert got["en"][:2] == ["Trying again in 1 second.", "Trying again in 30 seconds."]
    assert got["fr"] == ["Nouvel essai dans 1\u00a0seconde.", "Nouvel essai dans 30\u00a0secondes.",
                         "prête par sa forme, mais aucune attente n'atteint le minimum de ces règles pour gagner (1 fan)"]  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "win", "en", "fr"),
    [
        ("mcr", {"payments": [-29, 45, -8, -8], "seat": 1, "from": 0, "points": 21, "win": "discard"},
         "The discarder (<bdi>Ann</bdi>) pays the total plus 8, 21 + 8 = 29; the two others pay 8 each; the winner (<bdi>Bo</bdi>) receives 45 (MCR-8).",
         "Le défausseur (<bdi>Ann</bdi>) paie le total plus 8, 21 + 8 = 29\u00a0; les deux autres paient 8 chacun\u00a0; le gagnant (<bdi>Bo</bdi>) reçoit 45 (MCR-8)."),
        ("mcr", {"payments": [-16, -16, 48, -16], "seat": 2, "from": None, "points": 8, "win": "self_draw"},
         "Self-drawn win: each player pays the total plus 8, 8 + 8 = 16; the winner (<bdi>Cy</bdi>) receives 48 (MCR-8).",
         "Victoire en piochant\u00a0: chacun paie le total plus 8, 8 + 8 = 16\u00a0; le gagnant (<bdi>Cy</bdi>) reçoit 48 (MCR-8)."),
        ("mcr", {"payments": [-29, 45, -8, -8], "seat": 1, "from": 0, "points": 21, "win": "robbed_kong"},
         "The robbed player (<bdi>Ann</bdi>) pays as a discarder, the total plus 8, 21 + 8 = 29; the two others pay 8 each; the winner (<bdi>Bo</bdi>) receives 45 (MCR-8).",
         "Le joueur volé (<bdi>Ann</bdi>) paie comme un défausseur, le total plus 8, 21 + 8 = 29\u00a0; les deux autres paient 8 chacun\u00a0; le gagnant (<bdi>Bo</bdi>) reçoit 45 (MCR-8)."),
        ("classical", {"payments": [60, 192, -122, -130], "seat": 1, "from": None, "points": 48, "hand_scores": [48, 48, 10, 8], "win": "self_draw"},
         "Every player scores (CL-5.4). Each of the others pays the winner (<bdi>Bo</bdi>) the winner&#39;s score; the others pay each other the difference of their scores; East pays and receives double (CL-7).",
         "Chaque joueur compte (CL-5.4). Chacun des autres paie au gagnant (<bdi>Bo</bdi>) le score du gagnant\u00a0; les autres se paient entre eux la différence de leurs scores\u00a0; l&#39;Est paie et reçoit double (CL-7)."),  # escaped, shown as '
    ],
)
def test_mcr_8_cl_7_the_browser_says_the_payments_in_the_terminals_sentence(rules: str, win: dict[str, Any], en: str, fr: str) -> None:
    """MCR-8, CL-7: the browser composed its own payment sentences (app.js ``payRule_mcr_*``,
    ``payRule_classical``), which had drifted from the terminal's end screen (the browser's
    "Victoire en piochant", the terminal's "Victoire sur pioche", now "en piochant" in both as in
    "gagne en piochant"; a robbed kong's "The robbed player" in the browser only, the terminal
    calling the robbed player "the discarder"). The server now sends
    the terminal's sentence with the win (``pay_rule``, from ``Ruleset.payment_note``) and the
    browser fills in the players' names, escaped; Hong Kong's base (HK-6) is worded as before."""
    from hkmj.rulesets import get_ruleset
    from hkmj.server.table import _pay_rule

    event = {**win, "pay_rule": _pay_rule(get_ruleset(rules), win)}
    names = ["Ann", "Bo", "Cy", "Di"]
    got = _run_client_text(f"payRule({{}}, {json.dumps(event)}, (s) => `<bdi>${{{json.dumps(names)}[s]}}</bdi>`)")
    assert got == {"en": f"<p>{en}</p>", "fr": f"<p>{fr}</p>"}
    assert _pay_rule(get_ruleset("hk"), {"payments": [-8, 16, -4, -4], "seat": 1, "from": 0, "points": None, "win": "discard"}) is None
    app = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    assert "payRule_mcr" not in app and "payRule_classical" not in app


def test_a_player_named_like_a_placeholder_is_shown_as_typed() -> None:
    """A name such as "{whom}" or "<b>" is the player's own text in the payment sentence, not a
    placeholder filled again nor HTML."""
    from hkmj.rulesets import get_ruleset
    from hkmj.server.table import _pay_rule

    win = {"payments": [-29, 45, -8, -8], "seat": 1, "from": 0, "points": 21, "win": "discard"}
    event = {**win, "pay_rule": _pay_rule(get_ruleset("mcr"), win)}
    got = _run_client_text(f"payRule({{}}, {json.dumps(event)}, (s) => esc(['<b>', '{{whom}}'][s]))")
    assert got["en"] == "<p>The discarder (&lt;b&gt;) pays the total plus 8, 21 + 8 = 29; the two others pay 8 each; the winner ({whom}) receives 45 (MCR-8).</p>"


def test_hk_4_10_the_robbed_players_payment_says_whose_kong_was_robbed() -> None:
    """HK-4.10, MCR-8: the robbed player's row of the payments read "the kong robbed: pays
    double", which a new player cannot parse; it says "their kong was robbed", as the French
    "son kong a été volé"."""
    got = _run_client_text('[t("whyRobbed"), t("whyShooterRobbed"), t("whyRobbedMcr")]')
    assert got["en"] == [
        "their kong was robbed: pays double",
        "their kong was robbed: pays for everyone (house rule)",
        "their kong was robbed: pays the total plus 8",
    ]
    assert all(x.startswith("son kong a été volé\u00a0: ") for x in got["fr"]), got["fr"]


def test_a_self_drawn_win_is_en_piochant_in_every_french_payment_text() -> None:
    """HK-6, MCR-8: the end screen's sentence said "Victoire sur pioche" while each payer's row
    in the browser said "victoire en piochant" and the log "gagne en piochant"; one wording."""
    from hkmj.tui.texts import FR

    got = _run_client_text('[t("whySelf"), t("whySelfMcr")]')["fr"]
    assert all(x.startswith("victoire en piochant") for x in got), got
    assert FR["end.pay.self_draw"].startswith("Victoire en piochant\u00a0: ")
    assert Texts("fr", "mcr")("end.pay.mcr.self_draw", points=8, each=16, winner="Sud", total=48).startswith("Victoire en piochant\u00a0: ")


def test_the_offline_countdown_is_worked_out_in_one_place() -> None:
    """The seconds before the table plays an absent player's turn ("offline: the table plays this
    turn for them in 3 s …") were worked out by the same expression in the badge and in the
    ticker that counts them down; both now call ``playedInText``, so they cannot drift apart."""
    from pathlib import Path

    src = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    assert re.search(r"^const playedInText = \(slot\) => ", src, re.M), "app.js no longer defines playedInText"
    assert src.count("G.playedAt[") == 1, "the countdown's seconds are worked out outside playedInText"
    badge = re.search(r"^function offlineBadge\(.*?^\}$", src, re.S | re.M)
    tick = re.search(r"^function tick\(.*?^\}$", src, re.S | re.M)
    assert badge and "playedInText(slot)" in badge.group() and tick and "playedInText(" in tick.group()


def test_the_deal_is_no_event_of_a_frame_its_bonus_tiles_are_in_the_hand(server: Server) -> None:
    """docs/protocol.md listed a `deal` event, which no frame ever carried: the first frame of a
    hand carries `hand_start` alone (with the seats' presence), and the bonus tiles exposed at the
    deal (HK-2.6) and their replacements are in `hand.bonus`, not `bonus` or `replacement` events.
    A client that counted `deal` among the public events would have got `seq` wrong; the page now
    says the deal is no event."""
    protocol = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    items = " ".join(protocol.split("`events` items (all public unless marked):", 1)[1].split("\n\n", 1)[0].split())
    assert "`hand_start` `{hand, commitment}` (the deal is no event:" in items and "`deal`;" not in items
    seen: set[str] = set()
    bonus_dealt = 0
    for _ in range(6):  # a deal with a bonus tile somewhere (about 97% of deals)
        tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, bot_delay=5.0)

        async def go(tid: str) -> dict[str, Any]:
            async with server.client(record=True) as spy, server.client() as me:
                await spy.watch(tid)
                await me.join(tid, 0, "Ann")
                st = await spy.wait(lambda m: m["type"] == "state" and m["hand"] is not None)
                seen.update(e["type"] for m in spy.messages if m["type"] == "state" for e in m["events"] or [])
                return st

        st = asyncio.run(go(tid))
        assert "hand_start" in [e["type"] for e in st["events"]], st["events"]
        bonus_dealt = sum(len(b) for b in st["hand"]["bonus"])
        if bonus_dealt:
            break
    assert bonus_dealt > 0
    assert seen <= {"join", "back", "hand_start"}, seen


@pytest.mark.parametrize("rules", ["hk", "mcr", "classical"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_page_leaves_out_the_terminals_own_screen_and_keeps_its_controls_in_place(lang: str, rules: str) -> None:
    """The terminal help (key ?) says what its own panels show ("THE TABLE": "+0", "13 tiles", the
    face-down tiles of a concealed kong); the browser page, built from the same text with its
    controls sections replaced by their place, left that section out of nothing: it shifted every
    section after it, so the page's "YOUR TURN" would have been the terminal's panels and its
    "AFTER A DISCARD" the terminal's keys. The page leaves the terminal's screen out and keeps its
    eight sections, each controls section the browser's own."""
    page = sections(lang, rules)
    headings = [heading for heading, _ in page]
    assert len(page) == 8 and "THE TABLE" not in headings and "LA TABLE" not in headings, headings
    for i, (heading, text) in CONTROLS[lang].items():
        assert page[i][0] == heading and " ".join(page[i][1]) == " ".join(cite(text, rules).split("\n")), (i, page[i])


def test_a_script_that_reads_slowly_keeps_its_connection_reading(server: Server) -> None:
    """:class:`GameClient` (tests, benchmarks, scripted players) keeps every frame not yet read and
    never stops reading the connection: with the websocket library's default queue (16 frames) a
    script thinking between moves left frames unread, the connection stopped reading, keepalive
    pongs with the rest, and it was closed under the script (1011 "keepalive ping timeout", once
    in CI). A spectator of four bots reads nothing for a while: the frames wait, the connection
    still reads, and a ping is answered."""
    tid = server.create(slots=["greedy"] * 4, hands=1)

    async def go() -> int:
        async with server.client() as w:
            await w.watch(tid)
            assert w.ws is not None
            deadline = time.monotonic() + 20
            while len(w.ws.recv_messages.frames) <= 16:  # the library's own queue of frames not yet read
                assert time.monotonic() < deadline, "the table sent fewer than 17 frames in 20 s"
                await asyncio.sleep(0.1)
            assert not w.ws.recv_messages.paused and w.ws.transport.is_reading()  # type: ignore[attr-defined]
            await asyncio.wait_for(await w.ws.ping(), 5)  # the pong comes back past the unread frames
            return len(w.ws.recv_messages.frames)

    assert asyncio.run(go()) > 16


def _run_client_messages(runs: list[list[dict[str, Any]]], expr: str) -> list[Any]:
    """Feed each list of messages of ``runs`` to app.js's own ``onMessage`` in node, from a fresh page state ``G`` as
    app.js defines it (drawing, storage and speech stubbed), and return ``expr`` evaluated after each, in one node run."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    src = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    state = re.search(r"^const G = \{.*?\};$", src, re.M)
    on = re.search(r"^function onMessage\(.*?^\}$", src, re.S | re.M)
    assert state and on, "app.js no longer defines G and onMessage as expected"
    stubs = "const lang = 'en'; const noop = () => {}; const render = noop, sayMoves = noop, noteCommitment = noop, handOverToast = noop, toast = noop, store = noop, stored = () => null, say = noop;"
    stubs += " const t = (k) => k, colon = () => ': ', hintText = () => ''; class DOMParser { parseFromString() { return { body: { textContent: '' } }; } }"
    fresh = state.group().replace("const G = ", "const fresh = () => (", 1)[:-1] + ");"
    script = "\n".join([stubs, "let G;", fresh, on.group(), "const out = [];",
                         f"for (const run of {json.dumps(runs)}) {{ G = fresh(); for (const m of run) onMessage(m); out.push({expr}); }}",
                         "console.log(JSON.stringify(out));"])
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_a_hint_is_not_shown_under_the_next_decision_once_the_table_played_this_one() -> None:
    """A hint answers one decision. Asked at a claim ("Hint: Pass"), then left unanswered until the decision timer
    passed for the player, it stayed under the next frames ("— Hint: Pass (4 tiles from ready)" with nothing asked,
    then under "Your turn"): a claim's advice read as advice for a discard. A frame whose choices differ drops it; a
    frame of another seat's move during the same decision keeps it."""

    def frame(legal: list[str], seq: int) -> dict[str, Any]:
        return {"type": "state", "table": "t1", "seq": seq, "status": "playing", "events": [], "players": [], "you": 0,
                "mine": {"legal": legal, "remaining": None}, "hand": {"phase": "claim"}}

    hint = {"type": "hint", "action": "pass", "shanten": 4, "waits": []}
    claim = frame(["pass", "chow 789p"], 1)
    same = frame(["pass", "chow 789p"], 2)
    runs = [[claim, hint, same], [claim, hint, frame([], 3)], [claim, hint, frame(["discard 5p", "discard 6p"], 3)]]
    assert _run_client_messages(runs, "G.hint && G.hint.action") == ["pass", None, None]


def test_hk_6_the_base_sentence_names_the_house_options_that_made_the_base() -> None:
    """HK-6 gives base 2 for 1 fan, 64 from 10 fan. At a table with base value 3 and the doubling fan table the end of
    a hand read "Base 6 points from 1 fan (HK-6)", and "Base 3 points from 0 fan (HK-6)": a newcomer checking the
    rules page found other numbers. The sentence now names the house options that made the base instead of citing
    HK-6; at a table with the rules' own options, or a house limit the hand did not reach, it cites HK-6 as before."""
    def cfg(**options: str) -> str:
        return json.dumps({"config": {"rules": "hk", "options": {"minfan": "0", "limit": "10", "table": "seed", "payment": "seed", "base": "1", **options}}})

    got = _run_client_text(
        f"[payRule({cfg(base='3', table='doubling')}, {{base: 6, fan: 1}}), payRule({cfg()}, {{base: 2, fan: 1}}),"
        f" payRule({cfg(limit='8')}, {{base: 64, fan: 8}}), payRule({cfg(limit='8')}, {{base: 4, fan: 2}}),"
        f" payRule({cfg(minfan='3', payment='half-shooter')}, {{base: 8, fan: 3}}), payRule({{}}, {{base: 1, fan: 0}})]"
    )
    assert got["en"] == [
        "<p>Base 6 points from 1 fan, by this table&#39;s house rules (doubling, base value 3), not the HK-6 table.</p>",
        "<p>Base 2 points from 1 fan (HK-6).</p>",
        "<p>Base 64 points from 8 fan, by this table&#39;s house rules (limit from 8 fan), not the HK-6 table.</p>",
        "<p>Base 4 points from 2 fan (HK-6).</p>",
        "<p>Base 8 points from 3 fan (HK-6).</p>",
        "<p>Base 1 point from 0 fan (HK-6).</p>",
    ]
    assert got["fr"][0] == "<p>Base de 6 points pour 1 fan, selon les règles de la maison de cette table (doublement, valeur de base 3), non le barème de HK-6.</p>", got["fr"][0]


def test_a_table_of_four_bots_is_watched_by_its_creator_not_offered_as_full() -> None:
    """A table created in the lobby with a bot in every seat (a match to watch: docs/server.md, tables of bots only)
    opened on the join panel, which told its creator "This table is full: you can watch it, or go back to the lobby
    to create a table of your own". The lobby now opens such a table to watch it; a table with a free seat, or the
    creator's, opens as before."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    src = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    path = re.search(r"^const createdPath = .*$", src, re.M)
    assert path, "app.js no longer defines createdPath"
    cases = [["greedy", "greedy", "strong", "random"], [None, "greedy", "greedy", "greedy"], [None, None, "greedy", "greedy"]]
    script = f"{path.group()}\nconsole.log(JSON.stringify({json.dumps(cases)}.map((s) => createdPath('Ab_1', s))));"
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30, check=True)
    assert json.loads(done.stdout) == ["/t/Ab_1?watch=1", "/t/Ab_1", "/t/Ab_1"]


def test_the_reconnecting_toast_goes_once_the_table_answers_again() -> None:
    """A lost connection is said in a toast, "Connection to the server lost: reconnecting…", which stayed its full 3.5 s
    (shown again at each try) over the table once it was back and playable. The server's welcome on the new connection
    now takes it away; a toast of another kind (a refusal of a move) stays."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    src = (Path(__file__).parents[2] / "src/hkmj/server/static/app.js").read_text(encoding="utf-8")
    assert 'toast(t("reconnecting"), "link");' in src, "the lost connection's toast is no longer of kind link"
    parts = [
        re.search(r"^const G = \{.*?\};$", src, re.M),
        re.search(r"^const toastMs = .*$", src, re.M),
        re.search(r"^function toast\(.*?^\}$", src, re.S | re.M),
        re.search(r"^function linkBackToast\(.*?^\}$", src, re.S | re.M),
        re.search(r"^function onMessage\(.*?^\}$", src, re.S | re.M),
    ]
    assert all(parts), "app.js no longer defines G, toast, linkBackToast and onMessage as expected"
    stubs = """const el = { textContent: "", on: false, classList: { add() { el.on = true; }, remove() { el.on = false; } } };
const $ = () => el, t = (k) => k, store = () => {}, stored = () => null, keepAlive = () => {}, history = { replaceState() {} };"""
    welcome = json.dumps({"type": "welcome", "table": "t1", "slot": 0, "role": "player", "idle_timeout": 0})
    script = "\n".join([stubs, *(p.group() for p in parts if p), "const out = [];",
                        f'toast("reconnecting", "link"); out.push(el.on); onMessage({welcome}); out.push(el.on);',
                        f'toast("refused", "play"); onMessage({welcome}); out.push(el.on);',
                        "console.log(JSON.stringify(out)); process.exit(0);"])
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [True, False, True]


def test_hk_6_the_fan_total_is_named_as_the_terminal_names_it() -> None:
    """HK-6: the end of a hand lists each element and its fan, then their sum. The sum's row was headed "Fan", the
    column's own heading, and read as one more element ("No bonus tiles 1, Fan 1, Base points 2"); it is now "Total fan"
    ("Total des fans"), the terminal's words (Texts ``end.total_fan``)."""
    got = _run_client_text("fanTable({items: [{name: 'No bonus tiles', fan: 1}], fan: 1, base: 2, limit: null})")
    for lang in ("en", "fr"):
        total = Texts(lang)("end.total_fan")
        assert f"<tr><th>{total}</th><th class=\"num\">1</th></tr>" in got[lang], got[lang]


def test_a_name_cannot_read_as_the_label_of_a_free_seat() -> None:
    """The lobby and the join panel label a seat nobody has taken "free seat" ("place libre"), and a
    person's name is shown there in its place as plain text: a stranger seated as ``free seat``
    looked like an empty seat, which newcomers picked and were told was taken. Such a name is now
    refused as the labels of a bot and of another seat are (``name_taken`` to a join, 400 to a
    creation), whatever its case, spaces or look-alike letters; a name that only starts so is
    anyone's."""
    bots = tuple(BOTS)
    for name in ("free seat", "Free Seat", "FREE-SEAT", "frее sеаt", "place libre", "Place  Libre", "ｆｒｅｅ ｓｅａｔ"):
        why = name_clash(name, 1, {0: "Ann"})
        assert why is not None and "free seat" in why and "choose another" in why, (name, why)
        with pytest.raises(NameTaken, match="choose another") as refused:  # the lobby words name_taken in its language
            TableConfig.from_dict({"slots": [None, None, "greedy", "greedy"], "names": ["Ann", name, "", ""]}, bots)
        assert refused.value.code == "name_taken"
    for name in ("Freeman", "free seats for all", "Placide", "seat"):
        assert name_clash(name, 1, {0: "Ann"}) is None, name
