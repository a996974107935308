"""The words of ``hkmj play`` that differ by ruleset: an MCR or classical table never cites a
Hong Kong rule nor states a Hong Kong amount.

The English and French tables of :mod:`hkmj.tui.texts` are written for Hong Kong (HK-1..HK-7).
For another ruleset, :func:`rule_words` rewrites each rule reference to the ruleset's own
(``HK-4.2`` → ``MCR-4.1`` / ``CL-3.1``, see docs/rules-mcr.md and docs/rules-classical.md) and
replaces the strings whose facts differ: the win check (MCR-5.1's 8 points, CL-6's limit
hands), the false Mahjong (MCR-5.4's dead hand, CL-7.7's limit), the replacement tiles (MCR-3:
no dead wall), the payments (MCR-8, CL-7) and the help's goal and scoring sections.
"""

from __future__ import annotations

from collections.abc import Mapping

from hkmj.rulesets import RULESETS
from hkmj.rulesets.base import cite_refs

__all__ = ["FLOWERS", "cite", "refs_of", "rule_words"]


def refs_of(rules: str) -> Mapping[str, str]:
    """Each Hong Kong rule the screen cites, and the rule of the same content at a ``rules`` table:
    the ruleset's own :attr:`~hkmj.rulesets.Ruleset.rule_refs`, which the engine's reasons use
    too (empty for ``hk`` and for a name that is no ruleset)."""
    cls = RULESETS.get(rules)
    return {} if cls is None else cls.rule_refs


def cite(text: str, rules: str) -> str:
    """``text`` written for Hong Kong with its rule references as ``rules`` numbers them
    (``HK-4.1`` → ``MCR-4.1`` / ``CL-3.1``); unchanged for ``hk``."""
    refs = refs_of(rules)
    return cite_refs(text, refs) if refs else text


_MCR_EN = {
    "ev.seats": "New round: the players change seats (MCR-2.3): on your right {right}, across {across}, on your left {left}.",
    "ev.replacement.you": "You take a replacement tile from the end of the wall: {tile}.",
    "ev.replacement": "{who} takes a replacement tile from the end of the wall.",
    "ev.exhausted": "The wall is empty: the hand is a draw, nobody pays (MCR-3.3).",
    "ev.exhausted.fined": "The wall is empty: the hand is a draw, nobody wins (MCR-3.3).",
    "why.not_winning": "{hand} is not a winning hand: it is not four groups and a pair, seven pairs, thirteen orphans or a knitted hand (MCR-5.2); it is {dist}.",
    "why.under_min.worth": "{hand} is complete, but worth only {worth} without the flowers, and a win needs at least {min} (MCR-5.1).",
    "rule.pung": "MCR-4.1: to pung a discard you show two matching tiles from your hand; a discard is never claimed just to make a pair, unless it completes your winning hand.",
    "rule.final": "MCR-3.3: the discard made after the last tile of the wall was drawn may be taken only to win.",
    "teach.pairs": "This is not pairs solitaire: pairs alone don't win. You need four groups (runs or sets of three) and one pair, or seven pairs, four identical tiles making two (MCR-5.2).",
    "teach.intro": "Teaching table: refused actions are explained and a false Mahjong is refused instead of making your hand dead (MCR-5.4). A win needs 8 points without the flowers (MCR-5.1). Press ? for help, h for hints.",
    "teach.kong_replacement": "After a kong you always take a replacement tile from the end of the wall ({tile}), or you would be a tile short (MCR-3.2). Now discard.",
    "teach.other_tables": "Scored with the Chinese Official table only: at least 8 points without the flowers to win (MCR-5.1); a fan that can repeat counts each time, as Flower Tiles once per flower (MCR-6), and a fan a bigger fan already contains is not counted again (MCR-7.1); as the rules page says, no fans from Hong Kong or other tables.",
    "confirm.mahjong.each": "Declare Mahjong? If your hand is not a winning hand of 8 points it is a false Mahjong: your hand becomes dead and you pay 10 to each player (MCR-5.4).",
    "end.element": "Fan",
    "end.total_points": "Total (flowers included)",  # as hkmj score --rules mcr heads them (MCR-6.13)
    "end.minimum": "Without flowers ({min} needed, MCR-5.1)",
    "hint.short": "Your hand is ready in shape only: no wait scores the {min}-point minimum (MCR-5.1).",
    "dist.short": "ready in shape only: no wait scores the {min}-point minimum (MCR-5.1)",
    "end.pay.penalty.each": "A false Mahjong makes the declarer's hand dead, and the declarer pays 10 to each other player (MCR-5.4).",
    "end.pay.mcr.self_draw": "Self-drawn win: each player pays the total plus 8, {points} + 8 = {each}; the winner ({winner}) receives {total} (MCR-8).",
    "end.pay.mcr.dead": "{who}'s false Mahjong earlier in the hand is settled too: {who} pays {amount} to each other player (MCR-5.4).",
    "end.pay.mcr.dead.you": "Your false Mahjong earlier in the hand is settled too: you pay {amount} to each other player (MCR-5.4).",
    "end.pay.mcr.discard": "The discarder ({whom}) pays the total plus 8, {points} + 8 = {each}; the two others pay 8 each; the winner ({winner}) receives {total} (MCR-8).",
    "end.pay.mcr.robbed_kong": "The robbed player ({whom}) pays as a discarder, the total plus 8, {points} + 8 = {each}; the two others pay 8 each; the winner ({winner}) receives {total} (MCR-8).",
    "help.title": "How to play — Chinese Official Mahjong (MCR)",
}
_MCR_FR = {
    "ev.seats": "Nouveau tour de vent\u00a0: les joueurs changent de place (MCR-2.3)\u00a0: à votre droite {right}, en face {across}, à votre gauche {left}.",
    "ev.replacement.you": "Vous prenez une tuile de remplacement au bout du mur\u00a0: {tile}.",
    "ev.replacement": "{who} prend une tuile de remplacement au bout du mur.",
    "ev.exhausted": "Le mur est épuisé\u00a0: donne nulle, personne ne paie (MCR-3.3).",
    "ev.exhausted.fined": "Le mur est épuisé\u00a0: donne nulle, personne ne gagne (MCR-3.3).",
    "why.not_winning": "{hand} n'est pas une main gagnante\u00a0: ni quatre groupes et une paire, ni sept paires, ni les treize lanternes merveilleuses (treize orphelins), ni une main cousue (MCR-5.2)\u00a0; elle est {dist}.",
    "why.under_min.worth": "{hand} est complète, mais ne vaut que {worth} sans les fleurs, et il en faut au moins {min} pour gagner (MCR-5.1).",
    "rule.pung": "MCR-4.1\u00a0: pour faire pung sur une défausse, montrez deux tuiles identiques de votre main\u00a0; on ne réclame jamais une défausse juste pour une paire, sauf si elle complète votre main gagnante.",
    "rule.final": "MCR-3.3\u00a0: la défausse faite après la pioche de la dernière tuile du mur ne peut être prise que pour gagner.",
    "teach.pairs": "Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas. Il faut quatre groupes (suites ou brelans) et une paire, ou sept paires, quatre tuiles identiques en faisant deux (MCR-5.2).",
    "teach.intro": "Table d'apprentissage\u00a0: les actions refusées sont expliquées et un faux Mahjong est refusé au lieu de rendre votre main morte (MCR-5.4). Il faut 8 points sans les fleurs pour gagner (MCR-5.1). ? pour l'aide, h pour un conseil.",
    "teach.kong_replacement": "Après un kong vous prenez toujours un remplacement au bout du mur ({tile}), sinon il vous manquerait une tuile (MCR-3.2). Défaussez maintenant.",
    "teach.other_tables": "Compté avec le seul barème chinois officiel\u00a0: au moins 8 points sans les fleurs pour gagner (MCR-5.1)\u00a0; un fan qui peut se répéter compte chaque fois, comme les fleurs, une fois par fleur (MCR-6), et un fan déjà contenu dans un plus gros n'est pas compté en plus (MCR-7.1)\u00a0; comme le dit la page des règles, aucun fan de Hong Kong ni d'une autre table.",
    "confirm.mahjong.each": "Annoncer Mahjong\u00a0? Si votre main n'est pas une main gagnante de 8 points, c'est un faux Mahjong\u00a0: votre main devient morte et vous payez 10 à chaque joueur (MCR-5.4).",
    "end.element": "Fan",
    "end.total_points": "Total (fleurs comprises)",
    "end.minimum": "Sans les fleurs ({min} requis, MCR-5.1)",
    "hint.short": "Votre main n'est prête que par sa forme\u00a0: aucune attente n'atteint les {min} points (MCR-5.1).",
    "dist.short": "prête par sa forme seulement\u00a0: aucune attente n'atteint les {min} points (MCR-5.1)",
    "end.pay.penalty.each": "Un faux Mahjong rend morte la main de celui qui l'annonce, et il paie 10 à chaque autre joueur (MCR-5.4).",
    "end.pay.mcr.self_draw": "Victoire en piochant\u00a0: chacun paie le total plus 8, {points} + 8 = {each}\u00a0; le gagnant ({winner}) reçoit {total} (MCR-8).",
    "end.pay.mcr.dead": "Le faux Mahjong annoncé par {who} plus tôt dans la donne est réglé aussi\u00a0: {who} paie {amount} à chaque autre joueur (MCR-5.4).",
    "end.pay.mcr.dead.you": "Votre faux Mahjong plus tôt dans la donne est réglé aussi\u00a0: vous payez {amount} à chaque autre joueur (MCR-5.4).",
    "end.pay.mcr.discard": "Le défausseur ({whom}) paie le total plus 8, {points} + 8 = {each}\u00a0; les deux autres paient 8 chacun\u00a0; le gagnant ({winner}) reçoit {total} (MCR-8).",
    "end.pay.mcr.robbed_kong": "Le joueur volé ({whom}) paie comme un défausseur, le total plus 8, {points} + 8 = {each}\u00a0; les deux autres paient 8 chacun\u00a0; le gagnant ({winner}) reçoit {total} (MCR-8).",
    "help.title": "Comment jouer — Mahjong chinois officiel (MCR)",
}
_CL_EN = {
    "ev.seats": "New round: the players change seats (CL-4.5): on your right {right}, across {across}, on your left {left}.",
    "why.not_winning": "{hand} is not a winning hand: it is not four groups and a pair (CL-2.4) nor a limit hand such as seven pairs or thirteen wonders (CL-6); it is {dist}.",
    "ev.false": "False Mahjong by {who}: the hand ends and {who} pays {amount} to each player, the limit doubled as East pays double (CL-7.7).",
    "ev.false.discard": "False Mahjong by {who}: the hand ends and {who} pays {whom} {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    "ev.false.discard.you": "False Mahjong by {who}: the hand ends and {who} pays you {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    "ev.false.you": "False Mahjong! {why} You pay {amount} to each player, the limit doubled as East pays double (CL-7.7).",
    "ev.false.you.discard": "False Mahjong! {why} You pay {whom} {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    "rule.chow_need": "CL-3.5: show the two tiles from your hand that make a run of three with the discard (the claimer exposes the group).",
    "teach.other_tables": "Scored with the classical table only (CL-5, CL-6): every player scores points and doubles, nothing from the scoring of other games (Hong Kong, MCR, riichi).",
    "confirm.mahjong.each": "Declare Mahjong? If your hand is not complete it is a false Mahjong: you pay {amount} to each player, the limit doubled as you are East (CL-7.7).",
    "confirm.mahjong.double": "Declare Mahjong? If your hand is not complete it is a false Mahjong: you pay {whom} {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    "end.limit": "Limit hand: {name} (it scores the limit, CL-6; the elements are shown for information)",
    "end.pay.classical": "Every player scores (CL-5.4). Each of the others pays the winner ({winner}) the winner's score; the others pay each other the difference of their scores; East pays and receives double (CL-7).",
    "end.pay.classical.you": "What you paid (-) and received (+), player by player (CL-7): {pairs}\u00a0=\u00a0{total}.",
    "end.pay.classical.highest": "Every player scores (CL-5.4). Each player scoring no more than the winner ({winner}) pays the winner's score; the winner pays each player scoring more twice the difference; the others pay each other the difference of their scores; East pays and receives double (CL-7).",
    "end.pay.penalty.each": "Its declarer ({whom}), East, pays {amount} to each other player, the limit doubled as East pays double (CL-7.7).",
    "end.pay.penalty.double": "Its declarer ({whom}) pays {to} {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    "help.title": "How to play — Classical Mahjong",
    "end.total_points": "Score",
    "end.claims.false": "{players} claimed Mahjong on this tile; {who}'s claim, the first in turn order after {whom}, was judged first and is not a win: the hand ends there and the others were not examined (CL-7.7).",
    "end.claims.false.you": "{players} claimed Mahjong on this tile; your claim, the first in turn order after {whom}, was judged first and is not a win: the hand ends there and the others were not examined (CL-7.7).",
}
_CL_FR = {
    "ev.seats": "Nouveau tour de vent\u00a0: les joueurs changent de place (CL-4.5)\u00a0: à votre droite {right}, en face {across}, à votre gauche {left}.",
    "why.not_winning": "{hand} n'est pas une main gagnante\u00a0: ni quatre groupes et une paire (CL-2.4), ni une main limite comme sept paires ou les treize lanternes merveilleuses (CL-6)\u00a0; elle est {dist}.",
    "ev.false": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} paie {amount} à chaque joueur, la limite doublée car l'Est paie double (CL-7.7).",
    "ev.false.discard": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} paie {double} à {whom}, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    "ev.false.discard.you": "Faux Mahjong annoncé par {who}\u00a0: la donne s'arrête et {who} vous paie {double}, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    "ev.false.you": "Faux Mahjong\u00a0! {why} Vous payez {amount} à chaque joueur, la limite doublée car l'Est paie double (CL-7.7).",
    "ev.false.you.discard": "Faux Mahjong\u00a0! {why} Vous payez {double} à {whom}, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    "rule.chow_need": "CL-3.5\u00a0: montrez les deux tuiles de votre main qui font une suite de trois avec la défausse (celui qui réclame expose le groupe).",
    "teach.other_tables": "Compté avec le seul barème classique (CL-5, CL-6)\u00a0: chaque joueur compte ses points et ses doubles, rien des barèmes d'autres jeux (Hong Kong, MCR, riichi).",
    "confirm.mahjong.each": "Annoncer Mahjong\u00a0? Si votre main n'est pas complète, c'est un faux Mahjong\u00a0: vous payez {amount} à chaque joueur, la limite doublée car vous êtes l'Est (CL-7.7).",
    "confirm.mahjong.double": "Annoncer Mahjong\u00a0? Si votre main n'est pas complète, c'est un faux Mahjong\u00a0: vous payez {double} à {whom}, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    "end.limit": "Main limite\u00a0: {name} (elle vaut la limite, CL-6\u00a0; les éléments sont donnés pour information)",
    "end.pay.classical": "Chaque joueur compte (CL-5.4). Chacun des autres paie au gagnant ({winner}) le score du gagnant\u00a0; les autres se paient entre eux la différence de leurs scores\u00a0; l'Est paie et reçoit double (CL-7).",
    "end.pay.classical.you": "Ce que vous avez payé (-) et reçu (+), joueur par joueur (CL-7)\u00a0: {pairs}\u00a0=\u00a0{total}.",
    "end.pay.classical.highest": "Chaque joueur compte (CL-5.4). Chaque joueur dont le score ne dépasse pas celui du gagnant ({winner}) paie le score du gagnant\u00a0; le gagnant paie à chaque joueur de score plus élevé le double de la différence\u00a0; les autres se paient entre eux la différence de leurs scores\u00a0; l'Est paie et reçoit double (CL-7).",
    "end.pay.penalty.each": "Celui qui l'a annoncé ({whom}), l'Est, paie {amount} à chaque autre joueur, la limite doublée car l'Est paie double (CL-7.7).",
    "end.pay.penalty.double": "Celui qui l'a annoncé ({whom}) paie {double} à {to}, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    "help.title": "Comment jouer — Mahjong classique",
    "end.total_points": "Score",
    "end.claims.false": "{players} ont réclamé Mahjong sur cette tuile\u00a0; la réclamation de {who}, premier joueur après {whom} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (CL-7.7).",
    "end.claims.false.you": "{players} ont réclamé Mahjong sur cette tuile\u00a0; votre réclamation, la première après {whom} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (CL-7.7).",
}

_HELP: dict[tuple[str, str], dict[str, str]] = {
    ("mcr", "en"): {
        "THE GOAL": """THE GOAL
Be the first to complete a winning hand worth at least 8 points, flowers not counted (MCR-5.1): usually four groups and a pair (MCR-5.2).
  • chow: three numbers in a row of one suit, like 3-4-5 Circles. Never with winds or dragons, never across suits.
  • pung: three identical tiles.
  • kong: four identical tiles (you then take one extra tile from the end of the wall, MCR-3.2: there is no dead wall, MCR-3.1).
  • pair: two identical tiles.
Special hands also win: seven pairs, thirteen orphans and the knitted hands (MCR-5.2), built on 1-4-7, 2-5-8 and 3-6-9 in three different suits. Thirteen orphans (88 points, MCR-6.81) is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them.
A complete hand under 8 points does not win: aim for fans, the scoring patterns worth points (MCR-6), such as All Chows, One Voided Suit, Concealed Hand or Mixed Shifted Chows.""",
        "SCORING": """SCORING
Only the winner scores: the points of its fans (MCR-6), each counted once with the exclusions of MCR-7, plus 1 per flower. On a discard the discarder pays the total plus 8 and the two others 8 each; on a self-drawn win everyone pays the total plus 8 (MCR-8). The end-of-hand screen shows the sums. A false Mahjong makes your hand dead — you play on but can no longer win or claim — and you pay 10 to each player (MCR-5.4); at a teaching table (--teach) it is refused and explained instead.""",
        "COMMON MISTAKES": """COMMON MISTAKES
  • This is not pairs solitaire: pairs alone don't win, unless they are seven (Seven Pairs, 24 points, MCR-6.55).
  • No chow across suits or with winds and dragons.
  • Don't try to take an old discard.
  • A complete hand is not enough: it needs 8 points without the flowers.
  • Don't mix in fans from other tables (Hong Kong, riichi…).""",
    },
    ("mcr", "fr"): {
        "LE BUT": """LE BUT
Soyez le premier à compléter une main gagnante d'au moins 8 points, fleurs non comptées (MCR-5.1)\u00a0: le plus souvent quatre groupes et une paire (MCR-5.2).
  • chow\u00a0: trois nombres qui se suivent dans une famille, comme 3-4-5 Cercles. Jamais avec des Vents ou des Dragons, jamais entre familles.
  • pung\u00a0: trois tuiles identiques.
  • kong\u00a0: quatre tuiles identiques (vous prenez alors une tuile de plus au bout du mur, MCR-3.2\u00a0: il n'y a pas de mur mort, MCR-3.1).
  • paire\u00a0: deux tuiles identiques.
Des mains spéciales gagnent aussi\u00a0: sept paires, les treize lanternes merveilleuses (treize orphelins) et les mains cousues (MCR-5.2), bâties sur 1-4-7, 2-5-8 et 3-6-9 dans trois familles différentes. Les treize lanternes merveilleuses (88 points, MCR-6.81), c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux.
Une main complète de moins de 8 points ne gagne pas\u00a0: visez des fans, les motifs qui rapportent des points (MCR-6), comme Tout Chow, Une Famille Absente, Tout Caché Donné ou Trois Chow Superposés.""",
        "LE DÉCOMPTE": """LE DÉCOMPTE
Seul le gagnant compte\u00a0: les points de ses fans (MCR-6), chacun compté une fois avec les exclusions de MCR-7, plus 1 par fleur. Sur une défausse, le défausseur paie le total plus 8 et les deux autres 8 chacun\u00a0; sur une victoire piochée chacun paie le total plus 8 (MCR-8). L'écran de fin de donne montre les calculs. Un faux Mahjong rend votre main morte — vous jouez encore mais ne pouvez plus gagner ni réclamer — et vous payez 10 à chaque joueur (MCR-5.4)\u00a0; à une table d'apprentissage (--teach) il est refusé et expliqué.""",
        "LES ERREURS FRÉQUENTES": """LES ERREURS FRÉQUENTES
  • Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas, sauf sept (Sept Paires, 24 points, MCR-6.55).
  • Pas de suite entre familles ni avec les Vents et les Dragons.
  • Ne récupérez pas une vieille défausse.
  • Une main complète ne suffit pas\u00a0: il faut 8 points sans les fleurs.
  • Ne mélangez pas les fans d'autres tables (Hong Kong, riichi…).""",
    },
    ("classical", "en"): {
        "SCORING": """SCORING
Every player scores: points for pungs, kongs, some pairs and bonus tiles, then doubles (CL-5); the winner adds 20 for Mahjong and the winner's doubles. Each of the others pays the winner the winner's score; the others pay each other the difference of their scores; East pays and receives double (CL-7). The end-of-hand screen shows every player's points, doubles and score. Whoever declares a false Mahjong pays each other player the limit, {penalty} ({penalty2} when East pays or is paid; CL-7.7); at a teaching table (--teach) a false Mahjong is refused and explained instead.""",
    },
    ("classical", "fr"): {
        "LE DÉCOMPTE": """LE DÉCOMPTE
Chaque joueur compte\u00a0: des points pour ses pungs, kongs, certaines paires et tuiles bonus, puis des doubles (CL-5)\u00a0; le gagnant ajoute 20 pour le Mahjong et ses doubles de gagnant. Chacun des autres paie au gagnant le score du gagnant\u00a0; les autres se paient entre eux la différence de leurs scores\u00a0; l'Est paie et reçoit double (CL-7). L'écran de fin de donne montre les points, doubles et score de chaque joueur. Qui annonce un faux Mahjong paie à chaque autre joueur la limite, {penalty} ({penalty2} quand l'Est paie ou reçoit\u00a0; CL-7.7)\u00a0; à une table d'apprentissage (--teach), un faux Mahjong est refusé et expliqué.""",
    },
}
"""The help's sections that differ, by their heading; the other sections keep the Hong Kong words
with their rule references rewritten (and the lines of :data:`_HELP_LINES` changed)."""

FLOWERS: dict[tuple[str, str], str] = {
    ("mcr", "en"): "are all flowers here, the bonus tiles (MCR-1.2): set aside and replaced for you from the end of the wall; each is 1 point when you win, not counted toward the 8 (MCR-6.13). A flower drawn as the wall's last tile is not replaced (MCR-3.3).",
    ("mcr", "fr"): "sont toutes des fleurs ici, les tuiles bonus (MCR-1.2)\u00a0: mises de côté et remplacées pour vous au bout du mur\u00a0; chacune vaut 1 point si vous gagnez, sans compter dans les 8 (MCR-6.13). Une fleur piochée en dernière tuile du mur n'est pas remplacée (MCR-3.3).",
    ("classical", "en"): "are bonus tiles: set aside and replaced for you (CL-1.2); each is 4 points, and your own flower or season (F1 and S1 for East … F4 and S4 for North) doubles your score (CL-5.1, CL-5.2).",
    ("classical", "fr"): "sont des bonus\u00a0: mises de côté et remplacées pour vous (CL-1.2)\u00a0; chacune vaut 4 points, et votre propre fleur ou saison (F1 et S1 pour l'Est … F4 et S4 pour le Nord) double votre score (CL-5.1, CL-5.2).",
}
"""What the flowers and seasons are at an MCR or classical table (the help's tiles, the terminal's
and the browser's), after their names: MCR's flowers are points outside the 8 (MCR-6.13), the
classical game's 4 points and a double for your own (CL-5.1, CL-5.2)."""
_FLOWER_LINE = {
    "en": "  F1 F2 F3 F4 flowers and S1 S2 S3 S4 seasons ",
    "fr": "  F1 F2 F3 F4 fleurs et S1 S2 S3 S4 saisons ",
}
_HONG_KONG_FLOWERS = {
    "en": "are bonus tiles: set aside and replaced for you.",
    "fr": "sont des bonus\u00a0: mises de côté et remplacées pour vous.",
}

_WALL_LINE = {
    "en": "The top line counts the tiles left to draw (wall 70) and names the prevailing wind, the wind of the round (East first). When no tile is left, the hand is a draw: nobody pays (HK-3.5, HK-7.1). A kong or a bonus tile is replaced from the dead wall, tiles kept apart at the end of the wall (HK-3.2, HK-3.3).",
    "fr": "La ligne du haut compte les tuiles qui restent à piocher (mur 70) et nomme le vent dominant, le vent du tour (Est d'abord). Quand il ne reste plus de tuile, la donne est nulle\u00a0: personne ne paie (HK-3.5, HK-7.1). Un kong ou une tuile bonus est remplacé depuis le mur mort, des tuiles mises à part au bout du mur (HK-3.2, HK-3.3).",
}
"""The help's line on the wall (your turn), as the Hong Kong table says it (HK-2.4's dead wall)."""

_HELP_LINES: dict[tuple[str, str], dict[str, str]] = {
    ("mcr", "en"): {
        _WALL_LINE["en"]: "The top line counts the tiles left to draw (wall 70) and names the prevailing wind, the wind of the round (East first). When no tile is left, the hand is a draw (MCR-3.3). A kong or a flower is replaced from the end of the wall: there is no dead wall (MCR-3.1, MCR-3.2).",
    },
    ("mcr", "fr"): {
        _WALL_LINE["fr"]: "La ligne du haut compte les tuiles qui restent à piocher (mur 70) et nomme le vent dominant, le vent du tour (Est d'abord). Quand il ne reste plus de tuile, la donne est nulle (MCR-3.3). Un kong ou une fleur est remplacé depuis le bout du mur\u00a0: il n'y a pas de mur mort (MCR-3.1, MCR-3.2).",
    },
    ("classical", "en"): {
        "Two special hands also win: seven different pairs (HK-5.3) and thirteen orphans (HK-5.4). Thirteen orphans is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them: a limit hand (HK-6).": "Limit hands also win, such as seven pairs and thirteen wonders: they score the limit, {penalty} (CL-6). Thirteen wonders (thirteen orphans, CL-6.1) is one each of the 1 and 9 of every suit, the four winds and the three dragons, plus a second of any one of them.",
        "There is no minimum: any complete hand wins, even worth 0 fan (a fan is a unit of a hand's score, HK-6).": "There is no minimum: any complete hand wins.",
        "  • This is not pairs solitaire: pairs alone don't win.": "  • This is not pairs solitaire: pairs alone don't win (seven pairs is a limit hand, CL-6).",
        "  • Don't mix in fans from other tables (riichi, MCR…).": "  • Count points and doubles only (CL-5): nothing from Hong Kong, MCR, riichi…",
    },
    ("classical", "fr"): {
        "Deux mains spéciales gagnent aussi\u00a0: sept paires différentes (HK-5.3) et les treize orphelins (HK-5.4). Les treize orphelins, c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux\u00a0: une main limite (HK-6).": "Des mains limites gagnent aussi, comme sept paires et les treize lanternes merveilleuses\u00a0: elles valent la limite, {penalty} (CL-6). Les treize lanternes merveilleuses (CL-6.1), c'est un de chaque 1 et 9 de chaque famille, des quatre Vents et des trois Dragons, plus un second de l'un d'eux.",
        "Pas de minimum\u00a0: toute main complète gagne, même à 0 fan (le fan est l'unité de score d'une main, HK-6).": "Pas de minimum\u00a0: toute main complète gagne.",
        "  • Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas.": "  • Ce n'est pas un solitaire de paires\u00a0: des paires seules ne gagnent pas (sept paires est une main limite, CL-6).",
        "  • Ne mélangez pas les fans d'autres tables (riichi, MCR…).": "  • Comptez seulement points et doubles (CL-5)\u00a0: rien de Hong Kong, MCR, riichi…",
    },
}
"""Single lines of the Hong Kong help replaced at a table (the rest of their section stays)."""
_HELP_PHRASES: dict[tuple[str, str], dict[str, str]] = {
    ("mcr", "en"): {
        "If your hand is complete, press m: Mahjong!": "If your hand is complete and worth at least 8 points without the flowers (MCR-5.1), press m: Mahjong! Under 8 points it is a false Mahjong (MCR-5.4).",
    },
    ("mcr", "fr"): {
        "Si votre main est complète, appuyez sur m\u00a0: Mahjong\u00a0!": "Si votre main est complète et vaut au moins 8 points sans les fleurs (MCR-5.1), appuyez sur m\u00a0: Mahjong\u00a0! À moins de 8 points, c'est un faux Mahjong (MCR-5.4).",
    },
}
"""Sentences of the Hong Kong help changed at a table, within their line: at MCR a complete hand
under 8 points is no win but a false Mahjong (MCR-5.1, MCR-5.4)."""
for (_rules, _lang), _facts in FLOWERS.items():
    _HELP_LINES.setdefault((_rules, _lang), {})[_FLOWER_LINE[_lang] + _HONG_KONG_FLOWERS[_lang]] = _FLOWER_LINE[_lang] + _facts

_WORDS: dict[tuple[str, str], dict[str, str]] = {
    ("mcr", "en"): _MCR_EN,
    ("mcr", "fr"): _MCR_FR,
    ("classical", "en"): _CL_EN,
    ("classical", "fr"): _CL_FR,
}


def _help(body: str, sections: dict[str, str], lines: dict[str, str], phrases: Mapping[str, str] | None = None) -> str:
    """The help ``body`` with each section whose heading is in ``sections`` replaced, then each
    line found in ``lines``, then each sentence of ``phrases``."""
    parts = body.split("\n\n")
    body = "\n\n".join(sections.get(p.split("\n", 1)[0], p) for p in parts)
    body = "\n".join(lines.get(line, line) for line in body.split("\n"))
    for old, new in (phrases or {}).items():
        assert old in body, old  # the Hong Kong help still says it
        body = body.replace(old, new)
    return body


def rule_words(table: dict[str, str], rules: str, lang: str) -> dict[str, str]:
    """The string ``table`` of ``lang`` as shown at a ``rules`` table (``hk``, ``mcr``,
    ``classical``): the Hong Kong words with the ruleset's references and facts."""
    refs = refs_of(rules)
    if not refs:
        return table
    out = {key: cite_refs(text, refs) for key, text in table.items()}
    body = _help(table["help.body"], _HELP[rules, lang], _HELP_LINES.get((rules, lang), {}), _HELP_PHRASES.get((rules, lang)))
    out["help.body"] = cite_refs(body, refs)
    own = _WORDS[rules, lang]
    out.update(own)
    # the ".discard" and ".double" words name the one seat paid double for a false Mahjong: Hong Kong's discarder
    # (HK-5.7), the classical game's East when another seat declared (CL-7.7, its own words above)
    if rules == "mcr":  # nobody is paid double (MCR-5.4): the ruleset's one sentence, whoever declares
        out["confirm.mahjong.double"] = own["confirm.mahjong.each"]
        out["end.pay.penalty.double"] = own["end.pay.penalty.each"]
        # a false Mahjong never ends an MCR hand: the declarer's hand is dead (MCR-5.4)
        out["ev.false"], out["ev.false.you"] = out["ev.false.dead"], out["ev.false.dead.you"]
        out["ev.false.discard"] = out["ev.false.discard.you"] = out["ev.false.dead"]
        out["ev.false.you.discard"] = out["ev.false.dead.you"]
    return out
