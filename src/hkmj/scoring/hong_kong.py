"""The Hong Kong table (HK-6) as data: one small named unit per element and per limit.

Each element is (id, English name, French name, fan, predicate). The predicate looks
at a :class:`~hkmj.scoring.shape.Shape` and returns how many times the element
applies (0 when absent). Rows follow ``../shared/rules/hong-kong.md`` HK-6 in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hkmj.hand import SEVEN_PAIRS, THIRTEEN_ORPHANS
from hkmj.scoring.ruleset import Element, Limit, Ruleset
from hkmj.scoring.shape import Shape
from hkmj.tiles import GREEN, HONOUR, N_KINDS, RED, TERMINALS, WHITE

_WINDS = range(HONOUR, HONOUR + 4)


def _dragon_pungs(s: Shape) -> int:
    return sum(1 for t in s.pungs if t >= WHITE)


def _wind_pungs(s: Shape) -> int:
    return sum(1 for t in s.pungs if HONOUR <= t < WHITE)


# --- elements -------------------------------------------------------------------------


def dragon_pung(s: Shape) -> int:
    """HK-6: each pung or kong of dragons, 1 fan."""
    return _dragon_pungs(s)


def seat_wind_pung(s: Shape) -> int:
    """HK-6: a pung or kong of your seat wind, 1 fan."""
    return int(s.seat_wind in s.pungs)


def prevailing_wind_pung(s: Shape) -> int:
    """HK-6: a pung or kong of the prevailing wind, 1 fan (2 in all with the seat wind)."""
    return int(s.prevailing_wind in s.pungs)


def all_chows(s: Shape) -> int:
    """HK-6: four chows and a pair, 1 fan."""
    return int(s.standard and s.n_chows == 4)


def all_pungs(s: Shape) -> int:
    """HK-6: four pungs or kongs and a pair, 3 fan."""
    return int(s.standard and len(s.pungs) == 4)


def mixed_one_suit(s: Shape) -> int:
    """HK-6: one suit plus honours, 3 fan."""
    return int(s.n_suits == 1 and s.has_honours)


def pure_one_suit(s: Shape) -> int:
    """HK-6: one suit and no honours, 6 fan (instead of mixed one suit)."""
    return int(s.n_suits == 1 and not s.has_honours)


def seven_pairs(s: Shape) -> int:
    """HK-6, HK-5.3: seven distinct pairs, 4 fan."""
    return int(s.kind == SEVEN_PAIRS)


def no_bonus(s: Shape) -> int:
    """HK-6: no flower and no season at all, 1 fan."""
    return int(not s.win.flowers and not s.win.seasons)


def seat_flower(s: Shape) -> int:
    """HK-6: the flower of your seat (E1 S2 W3 N4), 1 fan; replaced by a full set (Ruling)."""
    f = s.win.flowers
    return int(len(f) < 4 and s.win.seat + 1 in f)


def seat_season(s: Shape) -> int:
    """HK-6: the season of your seat, 1 fan; replaced by a full set (Ruling)."""
    f = s.win.seasons
    return int(len(f) < 4 and s.win.seat + 1 in f)


def all_four_flowers(s: Shape) -> int:
    """HK-6: all four flowers, 2 fan."""
    return int(len(s.win.flowers) == 4)


def all_four_seasons(s: Shape) -> int:
    """HK-6: all four seasons, 2 fan."""
    return int(len(s.win.seasons) == 4)


def self_drawn(s: Shape) -> int:
    """HK-6: self-drawn win (a replacement tile is also self-drawn), 1 fan."""
    return int(s.win.win == "self_draw")


def last_wall_tile(s: Shape) -> int:
    """HK-6: win on the last tile of the live wall, 1 fan."""
    return int(s.flag("last_wall_tile"))


def final_discard(s: Shape) -> int:
    """HK-6, HK-4.9: win on the final discard, 1 fan."""
    return int(s.flag("final_discard"))


def robbing_a_kong(s: Shape) -> int:
    """HK-6, HK-4.10: robbing a kong, 1 fan."""
    return int(s.win.win == "robbed_kong")


def kong_replacement(s: Shape) -> int:
    """HK-6: win on a replacement tile after a kong, 1 fan."""
    return int(s.flag("kong_replacement"))


def small_three_dragons(s: Shape) -> int:
    """HK-6: two dragon groups and a dragon pair, 4 fan (plus the two dragon pungs)."""
    return int(s.standard and s.pair >= WHITE and _dragon_pungs(s) == 2)


# --- limits ---------------------------------------------------------------------------


def heavenly_hand(s: Shape) -> bool:
    """HK-6 limit: East wins on the dealt hand before any discard."""
    return s.flag("heavenly")


def earthly_hand(s: Shape) -> bool:
    """HK-6 limit: another player wins on East's very first discard."""
    return s.flag("earthly")


def thirteen_orphans(s: Shape) -> bool:
    """HK-6 limit, HK-5.4."""
    return s.kind == THIRTEEN_ORPHANS


_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def nine_gates(s: Shape) -> bool:
    """HK-6 limit: concealed, one suit, 1112345678999 plus any tile of that suit, no kong."""
    if s.win.melds or s.has_honours or s.n_suits != 1:
        return False
    base = 9 * (s.suits.bit_length() - 1)
    return all(s.counts[base + i] >= _GATES[i] for i in range(9))


def four_kongs(s: Shape) -> bool:
    """HK-6 limit: four declared kongs, exposed or concealed."""
    return s.n_kongs == 4


def big_four_winds(s: Shape) -> bool:
    """HK-6 limit: four wind groups."""
    return _wind_pungs(s) == 4


def small_four_winds(s: Shape) -> bool:
    """HK-6 limit: three wind groups and a wind pair."""
    return s.standard and _wind_pungs(s) == 3 and HONOUR <= s.pair < WHITE


def big_three_dragons(s: Shape) -> bool:
    """HK-6 limit: three dragon groups."""
    return _dragon_pungs(s) == 3


def all_honours(s: Shape) -> bool:
    """HK-6 limit: honours only (seven pairs of honours included)."""
    return s.suits == 0


def all_terminals(s: Shape) -> bool:
    """HK-6 limit: only 1s and 9s."""
    return not s.has_honours and sum(s.counts[t] for t in TERMINALS) == sum(s.counts)


def four_concealed_pungs(s: Shape) -> bool:
    """HK-6 limit: four concealed pungs/kongs won by self-draw (on a discard it is all pungs)."""
    return s.standard and len(s.pungs) == 4 and s.n_exposed == 0 and s.win.win == "self_draw"


def _dragon_and_suit(suit: int, dragon: int) -> Callable[[Shape], bool]:
    def test(s: Shape) -> bool:
        if not (s.standard and len(s.pungs) == 4 and s.suits == 1 << suit and dragon in s.pungs):
            return False
        honours = sum(s.counts[HONOUR:N_KINDS])
        return honours == s.counts[dragon] and 9 * suit <= s.pair < 9 * suit + 9

    test.__name__ = f"dragon_and_suit_{suit}"
    test.__doc__ = "HK-6 limit: all pungs, three of one suit plus the matching dragon, pair of that suit."
    return test


jade_dragon: Callable[[Shape], bool] = _dragon_and_suit(2, GREEN)
ruby_dragon: Callable[[Shape], bool] = _dragon_and_suit(0, RED)
pearl_dragon: Callable[[Shape], bool] = _dragon_and_suit(1, WHITE)


HONG_KONG = Ruleset(
    name="Hong Kong (Mahjong Time, no minimum fan)",
    elements=(
        Element("dragon_pung", "Dragon pung", "Pung de Dragon", 1, dragon_pung, "HK-6", min_pungs=1),
        Element("seat_wind_pung", "Seat wind pung", "Pung du Vent du joueur", 1, seat_wind_pung, "HK-6", min_pungs=1),
        Element(
            "prevailing_wind_pung",
            "Prevailing wind pung",
            "Pung du Vent dominant",
            1,
            prevailing_wind_pung,
            "HK-6",
            min_pungs=1,
        ),
        Element("all_chows", "All chows", "Quatre chows", 1, all_chows, "HK-6"),
        Element("all_pungs", "All pungs", "Quatre pungs", 3, all_pungs, "HK-6", min_pungs=4),
        Element("mixed_one_suit", "Mixed one suit", "Une famille avec honneurs", 3, mixed_one_suit, "HK-6"),
        Element("pure_one_suit", "Pure one suit", "Une seule famille", 6, pure_one_suit, "HK-6"),
        Element("seven_pairs", "Seven pairs", "Sept paires", 4, seven_pairs, "HK-6, HK-5.3"),
        Element("no_bonus", "No bonus tiles", "Aucun bonus", 1, no_bonus, "HK-6", "win"),
        Element("seat_flower", "Seat flower", "Fleur du joueur", 1, seat_flower, "HK-6", "win"),
        Element("seat_season", "Seat season", "Saison du joueur", 1, seat_season, "HK-6", "win"),
        Element("all_four_flowers", "All four flowers", "Les quatre Fleurs", 2, all_four_flowers, "HK-6 Ruling", "win"),
        Element("all_four_seasons", "All four seasons", "Les quatre Saisons", 2, all_four_seasons, "HK-6 Ruling", "win"),
        Element("self_drawn", "Self-drawn", "Tuile piochée", 1, self_drawn, "HK-6", "win"),
        Element("last_wall_tile", "Win on the last wall tile", "Dernière tuile du mur", 1, last_wall_tile, "HK-6", "win"),
        Element("final_discard", "Win on the final discard", "Dernière défausse", 1, final_discard, "HK-6, HK-4.9", "win"),
        Element("robbing_a_kong", "Robbing a kong", "Vol du kong", 1, robbing_a_kong, "HK-6, HK-4.10", "win"),
        Element(
            "kong_replacement",
            "Win on a kong replacement",
            "Remplacement après kong",
            1,
            kong_replacement,
            "HK-6",
            "win",
        ),
        Element(
            "small_three_dragons", "Small three dragons", "Petits trois Dragons", 4, small_three_dragons, "HK-6", min_pungs=2
        ),
    ),
    limits=(
        Limit("heavenly_hand", "Heavenly hand", "Main du ciel", heavenly_hand, "HK-6", "win"),
        Limit("earthly_hand", "Earthly hand", "Main de la terre", earthly_hand, "HK-6", "win"),
        Limit("thirteen_orphans", "Thirteen orphans", "Treize Orphelins", thirteen_orphans, "HK-6, HK-5.4"),
        Limit("nine_gates", "Nine gates", "Neuf Portes", nine_gates, "HK-6"),
        Limit("four_kongs", "Four kongs", "Quatre kongs", four_kongs, "HK-6", min_pungs=4),
        Limit("big_four_winds", "Big four winds", "Grands quatre Vents", big_four_winds, "HK-6", min_pungs=4),
        Limit("small_four_winds", "Small four winds", "Petits quatre Vents", small_four_winds, "HK-6", min_pungs=3),
        Limit("big_three_dragons", "Big three dragons", "Grands trois Dragons", big_three_dragons, "HK-6", min_pungs=3),
        Limit("all_honours", "All honours", "Tout honneurs", all_honours, "HK-6"),
        Limit("all_terminals", "All terminals", "Tout terminales", all_terminals, "HK-6"),
        Limit("four_concealed_pungs", "Four concealed pungs", "Quatre pungs cachés", four_concealed_pungs, "HK-6", min_pungs=4),
        Limit("jade_dragon", "Jade dragon", "Dragon de jade", jade_dragon, "HK-6", min_pungs=4),
        Limit("ruby_dragon", "Ruby dragon", "Dragon de rubis", ruby_dragon, "HK-6", min_pungs=4),
        Limit("pearl_dragon", "Pearl dragon", "Dragon de perle", pearl_dragon, "HK-6", min_pungs=4),
    ),
    base_by_fan=(1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64),
    limit_base=64,
)
"""The HK-6 table."""
