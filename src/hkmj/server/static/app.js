// hkmj browser client: lobby and table, plain JS, protocol v1 (docs/protocol.md).
"use strict";

const V = 1;
const WINDS = { en: ["East", "South", "West", "North"], fr: ["Est", "Sud", "Ouest", "Nord"] };
const T = {
  en: {
    language: "Language", newTable: "New table", you: "You", open: "Open seat (a friend)", bot: "Bot", name: "Your name", length: "Match length",
    oneHand: "1 hand", fourHands: "4 hands", round: "One round (East)", game: "Full game (16+ hands)", teaching: "Teaching table (false Mahjong refused with an explanation)", hints: "Hints (a player may ask for the best move)", listed: "Listed in the lobby (anyone may take an open seat; else only people with the link)",
    timer: "Decision timer (s, empty: none)", noTimer: "none", claim: "Claim window (s)", create: "Create table", tables: "Tables in play", none: "No table yet.", overNoSeat: "This match is over: no seat can be taken. Here is its result.", moreTables: "{n} of the {total} tables in play are shown: those with a free seat first, the newest first.",
    join: "Join", yourSeat: "Back to your seat", yourOthers: "Your seats at tables not in this list (found by their link only, or finished)", watch: "Watch", sit: "Sit at seat {n}", seat: "Seat", joinHow: "Your name is shown to the other players. You sit only when you press a seat's button (Enter in the name box presses the first one shown).", linkTaken: "Seat {n}, which your link offered, has been taken meanwhile: choose another free seat.", shareLink: "Join link", copy: "Copy", copied: "Link copied", copyByHand: "The link could not be copied: it is selected, copy it yourself",
    waiting: "Waiting for players…", startBots: "Start now (bots fill the open seats)", hand: "Hand", wall: "Wall", dead: "dead wall", totalH: "Total", discards: "discards", exposesBonus: "exposes the bonus tile",
    saidJoin: "{who} sat at seat {n}", saidAway: "{who} is away: a bot plays for them", saidAwayHeld: "{who} is away until the next hand: a bot plays for them",
    saidBack: "{who} is back and plays again", saidOffline: "{who} is offline", saidOnline: "{who} is connected again",
    saidYouAway: "You are away: a bot plays for you until you press I'm back", saidYouBack: "Your seat is yours again: you play",
    prevailing: "Prevailing", dealer: "dealer", away: "away (bot playing)", awayHeld: "away until the next hand (bot playing)", freeSeat: "free seat", offline: "offline", playedIn: "offline: the table plays this turn for them in {s} unless they are back by then", total: "total",
    yourTurn: "Your turn: click a tile or use ← → and Enter", yourTurnTouch: "Your turn: tap a tile to discard it", claimQ: "Claim the discard?", drew: "you drew {tile}", pond: "Pond", inHandOne: "{n} tile in hand", inHandOther: "{n} tiles in hand", claimSent: "You asked for {what}: waiting for the claim window to close",
    claimLost: "Your {mine} was not played: {who} claimed {tile} for a {theirs}, which comes first ({order})",
    claimOrder: "HK-4.7: Mahjong, then pung or kong, then chow", claimOrder_mcr: "MCR-4.1: a win, then pung or kong, then chow",
    claimOrder_classical: "CL-3.3: Mahjong, then kong, then pung, then chow", hint: "Hint", back: "I'm back",
    held: "A bot plays for you until the next hand: you were away twice this hand. Your seat is yours again when the next hand is dealt.",
    pass: "Pass", mahjong: "Mahjong!", pung: "Pung", kong: "Kong", chow: "Chow", ckong: "Concealed kong", akong: "Added kong", discard: "Discard",
    declare: "Declare Mahjong", next: "Next hand", ready: "Waiting for the others…", win: "wins", selfDrawn: "self-drawn", onDiscard: "on a discard from",
    robbed: "robbing a kong from", draw: "Draw: the wall is exhausted", drawFined: "Draw: the wall is exhausted, nobody wins", falseMj: "False Mahjong", element: "Element", fan: "Fan", totalFan: "Total fan", limit: "Limit hand",
    base: "Base points", payments: "Payments", verified: "Wall verified: SHA-256(salt:wall) matches the commitment published when the hand began", notVerified: "Wall check FAILED",
    verifiedLate: "SHA-256(salt:wall) matches this result's commitment, but this page did not see the hand begin: compare it with the commitment shown then",
    badHash: "SHA-256(salt:wall) is not the commitment", otherCommitment: "this result's commitment is not the one published when the hand began ({seen}…)",
    hashed: "Text hashed (salt:wall, the 144 tiles in wall order; check it with sha256sum)",
    verifyHow: "Check: SHA-256(salt + \":\" + wall) = commitment", commitment: "Wall commitment", ranking: "Final ranking", matchOver: "Match over", abandoned: "abandoned", review: "Review this match",
    gameLog: "Download the game log", gameLogWhy: "The whole match as JSON Lines, for hkmj review and hkmj replay on the command line",
    abandonedWhy: "Abandoned table: its players left, and it stays as they left it. It plays on when one of them comes back with their link (or someone takes a free seat); watching, you will then see the play go on.",
    abandonedBefore: "Abandoned before its first hand",
    rank: "Rank", player: "Player", bank: "Time bank", bankWhy: "Time you may still take in this hand beyond each decision's free seconds; full again next hand if you play this whole hand without being turned away", hintSays: "Hint", dist0: "ready: one tile from winning", distOne: "{n} tile from ready", distOther: "{n} tiles from ready", waits: "waits for",
    hintShort: "ready in shape, but no wait scores the {min} {unit} these rules need to win", hintOut: "ready, but every winning tile is already out: change your wait", hintShort_mcr: "ready in shape, but no wait scores the {min}-point minimum (MCR-5.1)",
    hintWin: "your hand is complete: declare Mahjong", hintUnderMin: "your hand is complete, but worth under the {min} {unit} these rules need to win, so it cannot win: do not declare Mahjong", hintUnderMin_mcr: "your hand is complete, but worth under the {min}-point minimum (MCR-5.1), so it cannot win: do not declare Mahjong", hintThen: "after this discard, {how}",
    hintScoring: "{min}+ {unit} on {tiles}", hintAllScore: "{min}+ {unit}", hintNoneScore: "none scores {min} {unit}", hintDrawn: "only self-drawn on {tiles}", unitPoints: "points", unitFan: "fan",
    hintDead: "your hand is dead (MCR-5.4): you cannot win this hand; discard safely",
    own: "{points}, {doubles}: scores {score}", ownLines: "{lines}\u00a0=\u00a0{points}", ownDoubled: "; doubled by {doubles}: {points}\u00a0×\u00a0{factor}\u00a0=\u00a0{score}",
    ownCapped: ", capped at the limit: {score}", ptsOne: "{n} point", ptsOther: "{n} points", dblOne: "{n} double", dblOther: "{n} doubles",
    lastDiscard: "Last discard", robOffer: "Added to a pung", robQ: "{who} adds {tile} to a pung: rob it for Mahjong or pass (HK-4.10)", robQ_mcr: "{who} adds {tile} to a pung: rob it for Mahjong or pass (MCR-4.4)", robQ_classical: "{who} adds {tile} to a pung: rob it for Mahjong or pass (CL-3.4)", noDiscard: "No discard to claim", earlierOne: "{n} earlier discard, not shown: show the whole pond", earlierOther: "{n} earlier discards, not shown: show the whole pond", pondFewer: "Show only the latest discards", full: "This table is full: you can watch it, or go back to the lobby to create a table of your own.", reconnecting: "Connection to the server lost: reconnecting…", notSent: "Your move was not sent: the connection to the server is lost. Make it again once the table is back.", retryInOne: "Trying again in {n} second.", retryInOther: "Trying again in {n} seconds.", toLobby: "Back to the lobby", noPage: "There is no page at this address: check the link, or go back to the lobby to create or join a table.", error: "Error", notCreated: "The server did not answer: the table was not created. Check that it is running, then try again.", lobbyUnreachable: "The server did not answer: the lobby will be shown again as soon as it does.", playedOne: "{n} hand played", playedOther: "{n} hands played", mine: "Your hand",
    botDelay: "Bot thinking time (s)", revealTitle: "End of hand", concealed: "Concealed", bonusTiles: "Bonus tiles", refused: "Refused",
    whichChow: "Several chows are possible: the first one's button has the focus; Tab goes to the next, Enter claims (or click the one you want).", whichKong: "Several kongs are possible: the first one's button has the focus; Tab goes to the next, Enter declares it (or click the one you want).",
    help: "How to play", newcomer: "New to Mahjong? Read how to play", spectating: "Spectating", handsTitle: "Hands", winningTile: "Winning tile",
    verify: "verify", salt: "salt", recent: "Recent moves",
    baseFrom: "Base {points} from {fan} (HK-6).", baseHouse: "Base {points} from {fan}, by this table's house rules ({rules}), not the HK-6 table.", payDouble: "2 × {base}", paySingle: "1 × {base}",
    whySelf: "self-drawn win: everyone pays double", whyDiscarder: "discarded the winning tile: pays double", whyOther: "pays the base",
    whyRobbed: "their kong was robbed: pays double", receives: "receives",
    payQuad: "4 × {base}", whyShooter: "discarded the winning tile: pays for everyone (house rule)",
    whyShooterRobbed: "their kong was robbed: pays for everyone (house rule)", whyNothing: "pays nothing: the discarder pays for everyone (house rule)", falsePays: "{name} declared a hand that is not a win: {name} pays {amount} to each player (HK-5.7).", falsePaysDiscard: "{name} declared a hand that is not a win: {name} pays {whom} {double}, double as the discarder, and {amount} to each other player (HK-5.7).",
    rules: "Rules", points: "Points", deadHand: "false Mahjong: dead hand, play goes on",
    pageTitle: "Hong Kong Mahjong", pageTitle_mcr: "Chinese Official Mahjong (MCR)", pageTitle_classical: "Classical Mahjong", lobbyTitle: "Mahjong tables",
    nobodyPays: "Nobody pays (HK-7.1); the dealer keeps the deal (HK-7.2).",
    noElement: "No scoring element: a hand worth 0 fan still wins (HK-6).",
    nobodyPays_mcr: "Nobody pays (MCR-3.3); the seat winds move on (MCR-2.2).",
    // the match's last hand drawn: no deal to keep, no wind to move on
    nobodyPaysEnd: "Nobody pays (HK-7.1).", nobodyPaysEnd_mcr: "Nobody pays (MCR-3.3).", nobodyPaysEnd_classical: "Nobody scores, nobody pays (CL-7.5).",
    nobodyPays_classical: "Nobody scores, nobody pays (CL-7.5); the seat winds move on (CL-4.3).",
    deadSettled: "{name}'s false Mahjong earlier in the hand is settled: {name} pays {amount} to each other player (MCR-5.4).",
    falsePays_mcr: "{name} declared a hand that is not a win: {name}'s hand is dead and {name} pays {amount} to each player (MCR-5.4).",
    falsePays_classical: "{name} declared a hand that is not a win: {name}, East, pays {amount} to each player, the limit doubled as East pays double (CL-7.7).",
    falsePaysDiscard_classical: "{name} declared a hand that is not a win: {name} pays {whom}, East, {double}, the limit doubled for East, and {amount} to each of the two others (CL-7.7).",
    claimers2: "Two players", claimers3: "Three players",
    claimsWon: "{players} claimed Mahjong on this tile; {who} won it as the first in turn order after {from} (HK-4.7).",
    claimsWon_mcr: "{players} claimed Mahjong on this tile; {who} won it as the first in turn order after {from} (MCR-4.2).",
    claimsWon_classical: "{players} claimed Mahjong on this tile; {who} won it as the first in turn order after {from} (CL-3.3).",
    claimsFalse: "{players} claimed Mahjong on this tile; {who}'s claim, the first in turn order after {from}, was judged first and is not a win: the hand ends there and the others were not examined (R-6).",
    claimsFalse_classical: "{players} claimed Mahjong on this tile; {who}'s claim, the first in turn order after {from}, was judged first and is not a win: the hand ends there and the others were not examined (CL-7.7).",
    element_mcr: "Fan", game_mcr: "Full game (16 hands)", game_classical: "Full game (16 hands)",
    whySelfMcr: "self-drawn win: everyone pays the total plus 8", whyDiscarderMcr: "discarded the winning tile: pays the total plus 8",
    whyRobbedMcr: "their kong was robbed: pays the total plus 8", whyOtherMcr: "each of the two others pays 8", deadFineMcr: "with the false Mahjong's 10 to each player (MCR-5.4)",
    bots: { greedy: "greedy", random: "random", strong: "strong" },
    house: {
      "hk.minfan": "Minimum fan to win", "hk.limit": "Limit from (fan)", "hk.table": "Fan to base points", "hk.payment": "Payment on a discard",
      "hk.base": "Base value (multiplies every payment)", "classical.pay_highest": "Pay the highest score (CL-7.4)", "classical.limit": "Limit (points)",
    },
    houseValues: {
      "hk.table.seed": "4\u20117\u201110 steps (the rules)", "hk.table.half": "half-exponential", "hk.table.doubling": "doubling",
      "hk.payment.seed": "the discarder pays double (the rules)", "hk.payment.half-shooter": "the discarder pays for all",
      "classical.pay_highest.off": "off", "classical.pay_highest.on": "on",
    },
    // a house option's explanation (the tooltip of its menu) in the menu's words, where the server's help names the values as
    // the command line takes them ("seed", "half", "half-shooter"); the other options keep the server's help
    houseHelp: {
      "hk.table": "How fan become base points: 4\u20117\u201110 steps, the rules' own (HK-6); half-exponential; or doubling (each fan doubles the base)",
      "hk.payment": "On a discard: the discarder pays double (2 × base), the two others once each, the rules' own (HK-6); or the discarder pays for all (4 × base), the others nothing",
    },
    houseShort: {
      "hk.minfan": "minimum {v} {fan}", "hk.limit": "limit from {v} {fan}", "hk.base": "base value {v}", "classical.limit": "limit {v} points",
      "classical.pay_highest": "pay the highest score: {v}",
    },
    rulesName: { hk: "Hong Kong", mcr: "Chinese Official (MCR)", classical: "Classical" },
    // a refused limit (error rate_limited), by its "limit": {n} the cap or rate, {who} whose budget (docs/protocol.md)
    limWhoAddress: "your address", limWhoNetwork: "your network (the IPv6 /48 your address belongs to)",
    lim_seatsOne: "{n} seat at a table in play was already taken from {who}: you may sit again once that match ends.",
    lim_seatsOther: "{n} seats at tables in play were already taken from {who}: you may sit again once one of those matches ends.",
    lim_tablesOne: "{n} table still in play was already created from {who}: you may create another once it ends or is abandoned.",
    lim_tablesOther: "{n} tables still in play were already created from {who}: you may create another once one of them ends or is abandoned.",
    lim_unattendedOne: "{n} table created from {who} is played by bots only: you may create another once it ends.",
    lim_unattendedOther: "{n} tables created from {who} are played by bots only: you may create another once one of them ends.",
    lim_createOne: "At most {n} new table a minute may be created from {who}: wait a minute, then try again.",
    lim_createOther: "At most {n} new tables a minute may be created from {who}: wait a minute, then try again.",
    lim_actions: "Too many moves from {who} (more than {n} a second): that move was not played; play it again.",
    lim_hintsOne: "At most {n} hint a minute: wait a little before asking again.",
    lim_hintsOther: "At most {n} hints a minute: wait a little before asking again.",
    lim_reviewsOne: "At most {n} game review a minute may be made from {who}: wait a minute, then try again.",
    lim_reviewsOther: "At most {n} game reviews a minute may be made from {who}: wait a minute, then try again.",
    lim_lookupsOne: "At most {n} past or unknown table a minute may be looked up from {who}: wait a minute, then try again.",
    lim_lookupsOther: "At most {n} past or unknown tables a minute may be looked up from {who}: wait a minute, then try again.",
    lim_requests: "Too many requests from {who} (more than {n} a second): wait a moment, then try again.",
    lim_messages: "Too many messages (more than {n} a second): slow down.",
    lim_false_mahjongOne: "{n} false Mahjong was already refused to you this hand: until the next hand, declare Mahjong only with a winning hand.",
    lim_false_mahjongOther: "{n} false Mahjongs were already refused to you this hand: until the next hand, declare Mahjong only with a winning hand.",
    err: {
      out_of_turn: "You have no decision to make now.", stale: "The table moved on before your move arrived; look again.",
      illegal: "That move is not allowed now.", duplicate: "That move was already sent.", match_over: "The match is over.",
      not_started: "The match has not started yet.", seat_taken: "That seat is taken.", bad_token: "Your seat could not be resumed; please sit again.",
      no_table: "There is no such table: check the link you were given, or choose a table in the lobby.", table_full: "Too many tables or connections; try again later.", spectator: "Spectators watch; they cannot play.",
      spectators_full: "This table has as many spectators as it accepts, or is watched from many connections of your address or of its network already.",
      forbidden_origin: "This server refuses requests from the address this page was opened at: its operator must allow it (hkmj serve --origin).",
      too_many_connections: "The server takes no more connections from your address for now (or, when it is full, none but its players'): close the pages of it you no longer need, or wait.",
      rate_limited: "Too many messages: slow down.", server_error: "The server could not save that; nothing changed. Try again.", saving: "The server cannot save the game at the moment; play goes on as soon as it can, and no move is lost.",
      nothing_to_do: "Nothing to do: that is done already.",
      network_share: "Your network (the IPv6 /48 your address belongs to) has used its share of this server for now: try again later, or once one of its tables has ended.",
      away_until_next_hand: "A bot plays for you until the next hand: you were away twice this hand. Your seat is yours again when the next hand is dealt.",
      no_hints: "Hints are off at this table.",
      name_taken: "That name looks like another seat's name, a bot's or a free seat's: choose another.",
      not_host: "Only the player who sat first may start the match, or anyone seated once that player has been away for a while; it starts by itself once every seat is taken.",
    },
  },
  fr: {
    language: "Langue", newTable: "Nouvelle table", you: "Vous", open: "Place libre (un ami)", bot: "Robot", name: "Votre nom", length: "Durée de la partie",
    oneHand: "1 donne", fourHands: "4 donnes", round: "Un tour de vent (Est)", game: "Partie complète (16 donnes ou plus)", teaching: "Table d'apprentissage (un faux Mahjong est refusé et expliqué)", hints: "Conseils (on peut demander le meilleur coup)", listed: "Visible dans le salon (tout le monde peut prendre une place libre\u00a0; sinon seules les personnes qui ont le lien)",
    timer: "Temps de décision (s, vide\u00a0: aucun)", noTimer: "aucun", claim: "Fenêtre de réclamation (s)", create: "Créer la table", tables: "Tables en cours", none: "Aucune table pour l'instant.", overNoSeat: "Cette partie est terminée\u00a0: aucune place ne peut être prise. Voici son résultat.", moreTables: "{n} des {total}\u00a0tables en cours sont montrées\u00a0: celles qui ont une place libre d'abord, les plus récentes d'abord.",
    join: "Rejoindre", yourSeat: "Reprendre votre place", yourOthers: "Vos places à des tables absentes de cette liste (trouvées par leur lien seulement, ou terminées)", watch: "Regarder", sit: "S'asseoir à la place {n}", seat: "Place", joinHow: "Votre nom est montré aux autres joueurs. Vous ne vous asseyez qu'en appuyant sur le bouton d'une place (Entrée dans la case du nom appuie sur le premier montré).", linkTaken: "La place {n}, que votre lien proposait, a été prise entre-temps\u00a0: choisissez une autre place libre.", shareLink: "Lien d'invitation", copy: "Copier", copied: "Lien copié", copyByHand: "Le lien n'a pas pu être copié\u00a0: il est sélectionné, copiez-le vous-même",
    waiting: "En attente des joueurs…", startBots: "Commencer (des robots prennent les places libres)", hand: "Donne", wall: "Mur", dead: "mur mort", totalH: "Total", discards: "défausse", exposesBonus: "expose la tuile bonus",
    saidJoin: "{who} prend la place {n}", saidAway: "{who} est absent\u00a0: un robot joue à sa place", saidAwayHeld: "{who} est absent jusqu'à la donne suivante\u00a0: un robot joue à sa place",
    saidBack: "{who} est de retour et rejoue", saidOffline: "{who} est hors ligne", saidOnline: "{who} est de nouveau en ligne",
    saidYouAway: "Vous êtes absent\u00a0: un robot joue pour vous jusqu'à ce que vous appuyiez sur Je reviens", saidYouBack: "Votre place vous revient\u00a0: vous jouez",
    prevailing: "Vent dominant", dealer: "donneur", away: "absent (un robot joue)", awayHeld: "absent jusqu'à la donne suivante (un robot joue)", freeSeat: "place libre", offline: "hors ligne", playedIn: "hors ligne\u00a0: la table joue ce tour à sa place dans {s}, sauf retour d'ici là", total: "total",
    yourTurn: "À vous\u00a0: cliquez une tuile, ou ← → puis Entrée", yourTurnTouch: "À vous\u00a0: touchez une tuile pour la défausser", claimQ: "Réclamer la défausse\u00a0?", drew: "vous avez pioché {tile}", pond: "Défausses", inHandOne: "{n}\u00a0tuile en main", inHandOther: "{n}\u00a0tuiles en main", claimSent: "Vous avez demandé {what}\u00a0: en attente de la fin des réclamations",
    claimLost: "Votre {mine} n'est pas joué\u00a0: {who} a réclamé {tile} pour un {theirs}, qui passe avant ({order})",
    claimOrder: "HK-4.7\u00a0: Mahjong, puis pung ou kong, puis chow", claimOrder_mcr: "MCR-4.1\u00a0: la victoire, puis pung ou kong, puis chow",
    claimOrder_classical: "CL-3.3\u00a0: Mahjong, puis kong, puis pung, puis chow", hint: "Conseil", back: "Je reviens",
    held: "Un robot joue pour vous jusqu'à la donne suivante\u00a0: vous avez été absent deux fois dans cette donne. Votre place vous revient quand la donne suivante est distribuée.",
    pass: "Passer", mahjong: "Mahjong\u00a0!", pung: "Pung", kong: "Kong", chow: "Chow", ckong: "Kong caché", akong: "Kong ajouté", discard: "Défausser",
    declare: "Annoncer Mahjong", next: "Donne suivante", ready: "En attente des autres…", win: "gagne", selfDrawn: "en piochant", onDiscard: "sur la défausse de",
    robbed: "en volant le kong de", draw: "Nulle\u00a0: le mur est épuisé", drawFined: "Nulle\u00a0: le mur est épuisé, personne ne gagne", falseMj: "Faux Mahjong", element: "Élément", fan: "Fan", totalFan: "Total des fans", limit: "Main limite",
    base: "Points de base", payments: "Paiements", verified: "Mur vérifié\u00a0: SHA-256(sel:mur) correspond à l'engagement publié au début de la donne", notVerified: "Vérification du mur ÉCHOUÉE",
    verifiedLate: "SHA-256(sel:mur) correspond à l'engagement de ce résultat, mais cette page n'a pas vu le début de la donne\u00a0: comparez-le à l'engagement affiché alors",
    badHash: "SHA-256(sel:mur) n'est pas l'engagement", otherCommitment: "l'engagement de ce résultat n'est pas celui publié au début de la donne ({seen}…)",
    hashed: "Texte haché (sel:mur, les 144\u00a0tuiles dans l'ordre du mur\u00a0; vérifiez-le avec sha256sum)",
    verifyHow: "Vérification\u00a0: SHA-256(sel + \":\" + mur) = engagement", commitment: "Engagement du mur", ranking: "Classement final", matchOver: "Partie terminée", abandoned: "abandonnée", review: "Revoir cette partie",
    gameLog: "Télécharger le journal de la partie", gameLogWhy: "Toute la partie en JSON Lines, pour hkmj review et hkmj replay en ligne de commande",
    abandonedWhy: "Table abandonnée\u00a0: ses joueurs sont partis, et elle reste telle qu'ils l'ont laissée. Le jeu reprend quand l'un d'eux revient avec son lien (ou que quelqu'un prend une place libre)\u00a0; en regardant, vous verrez alors la suite.",
    abandonedBefore: "Abandonnée avant sa première donne",
    rank: "Rang", player: "Joueur", bank: "Réserve de temps", bankWhy: "Temps que vous pouvez encore prendre dans cette donne au-delà des secondes libres de chaque décision\u00a0; pleine à nouveau à la donne suivante si vous jouez toute celle-ci sans être remplacé par un robot", hintSays: "Conseil", dist0: "prête\u00a0: à une tuile de la victoire", distOne: "à {n} tuile d'une main prête", distOther: "à {n} tuiles d'une main prête", waits: "attend",
    hintShort: "prête par sa forme, mais aucune attente n'atteint le minimum de ces règles pour gagner ({min} {unit})", hintOut: "prête, mais toutes les tuiles gagnantes sont déjà sorties\u00a0: changez d'attente", hintShort_mcr: "prête par sa forme, mais aucune attente n'atteint le minimum de {min} points (MCR-5.1)",
    hintWin: "votre main est complète\u00a0: annoncez Mahjong", hintUnderMin: "votre main est complète, mais vaut moins que le minimum de ces règles pour gagner ({min} {unit})\u00a0: n'annoncez pas Mahjong", hintUnderMin_mcr: "votre main est complète, mais vaut moins que le minimum de {min} points (MCR-5.1), elle ne peut donc pas gagner\u00a0: n'annoncez pas Mahjong", hintThen: "après cette défausse, {how}",
    hintScoring: "{min} {unit} ou plus sur {tiles}", hintAllScore: "{min} {unit} ou plus", hintNoneScore: "aucune n'atteint {min} {unit}", hintDrawn: "seulement en piochant sur {tiles}", unitPoints: "points", unitFan: "fans",
    hintDead: "votre main est morte (MCR-5.4)\u00a0: vous ne pouvez plus gagner cette donne\u00a0; défaussez sans risque",
    own: "{points}, {doubles}\u00a0: marque {score}", ownLines: "{lines}\u00a0=\u00a0{points}", ownDoubled: "\u00a0; doublé par {doubles}\u00a0: {points}\u00a0×\u00a0{factor}\u00a0=\u00a0{score}",
    ownCapped: ", plafonné à la limite\u00a0: {score}", ptsOne: "{n} point", ptsOther: "{n} points", dblOne: "{n} double", dblOther: "{n} doubles",
    lastDiscard: "Dernière défausse", robOffer: "Ajoutée à un pung", robQ: "{who} ajoute {tile} à un pung\u00a0: volez-la pour Mahjong ou passez (HK-4.10)", robQ_mcr: "{who} ajoute {tile} à un pung\u00a0: volez-la pour Mahjong ou passez (MCR-4.4)", robQ_classical: "{who} ajoute {tile} à un pung\u00a0: volez-la pour Mahjong ou passez (CL-3.4)", noDiscard: "Aucune défausse à réclamer", earlierOne: "{n}\u00a0défausse précédente non montrée\u00a0: montrer toute la défausse", earlierOther: "{n}\u00a0défausses précédentes non montrées\u00a0: montrer toute la défausse", pondFewer: "Ne montrer que les dernières défausses", full: "Cette table est complète\u00a0: vous pouvez la regarder, ou revenir au salon pour créer la vôtre.", reconnecting: "Connexion au serveur perdue\u00a0: reconnexion…", notSent: "Votre coup n'a pas été envoyé\u00a0: la connexion au serveur est perdue. Rejouez-le une fois la table revenue.", retryInOne: "Nouvel essai dans {n}\u00a0seconde.", retryInOther: "Nouvel essai dans {n}\u00a0secondes.", toLobby: "Retour au salon", noPage: "Il n'y a pas de page à cette adresse\u00a0: vérifiez le lien, ou revenez au salon pour créer une table ou en rejoindre une.", error: "Erreur", notCreated: "Le serveur n'a pas répondu\u00a0: la table n'a pas été créée. Vérifiez qu'il est en marche, puis réessayez.", lobbyUnreachable: "Le serveur n'a pas répondu\u00a0: le salon sera de nouveau affiché dès qu'il répondra.", playedOne: "{n}\u00a0donne jouée", playedOther: "{n}\u00a0donnes jouées", mine: "Votre main",
    botDelay: "Temps de réflexion des robots (s)", revealTitle: "Fin de la donne", concealed: "Cachées", bonusTiles: "Tuiles bonus", refused: "Refusé",
    whichChow: "Plusieurs chows sont possibles\u00a0: le bouton du premier a le focus\u00a0; Tab passe au suivant, Entrée le réclame (ou cliquez celui que vous voulez).", whichKong: "Plusieurs kongs sont possibles\u00a0: le bouton du premier a le focus\u00a0; Tab passe au suivant, Entrée le déclare (ou cliquez celui que vous voulez).",
    help: "Comment jouer", newcomer: "Vous découvrez le Mahjong\u00a0? Lisez comment jouer", spectating: "Vous regardez", handsTitle: "Les mains", winningTile: "Tuile gagnante",
    verify: "vérifier", salt: "sel", recent: "Derniers coups",
    baseFrom: "Base de {points} pour {fan} (HK-6).", baseHouse: "Base de {points} pour {fan}, selon les règles de la maison de cette table ({rules}), non le barème de HK-6.", payDouble: "2 × {base}", paySingle: "1 × {base}",
    whySelf: "victoire en piochant\u00a0: tout le monde paie double", whyDiscarder: "a défaussé la tuile gagnante\u00a0: paie double", whyOther: "paie la base",
    whyRobbed: "son kong a été volé\u00a0: paie double", receives: "reçoit",
    payQuad: "4 × {base}", whyShooter: "a défaussé la tuile gagnante\u00a0: paie pour tous (règle de la maison)",
    whyShooterRobbed: "son kong a été volé\u00a0: paie pour tous (règle de la maison)", whyNothing: "ne paie rien\u00a0: le défausseur paie pour tous (règle de la maison)", falsePays: "{name} a annoncé une main non gagnante\u00a0: {name} paie {amount} à chaque joueur (HK-5.7).", falsePaysDiscard: "{name} a annoncé une main non gagnante\u00a0: {name} paie {double} à {whom}, le double comme défausseur, et {amount} à chacun des autres joueurs (HK-5.7).",
    rules: "Règles", points: "Points", deadHand: "faux Mahjong\u00a0: main morte, le jeu continue",
    pageTitle: "Mahjong de Hong Kong", pageTitle_mcr: "Mahjong officiel chinois (MCR)", pageTitle_classical: "Mahjong classique", lobbyTitle: "Tables de Mahjong",
    nobodyPays: "Personne ne paie (HK-7.1)\u00a0; le donneur garde la main (HK-7.2).",
    noElement: "Aucun élément ne compte\u00a0: une main à 0 fan gagne quand même (HK-6).",
    nobodyPays_mcr: "Personne ne paie (MCR-3.3)\u00a0; les vents tournent (MCR-2.2).",
    nobodyPaysEnd: "Personne ne paie (HK-7.1).", nobodyPaysEnd_mcr: "Personne ne paie (MCR-3.3).", nobodyPaysEnd_classical: "Personne ne compte ni ne paie (CL-7.5).",
    nobodyPays_classical: "Personne ne compte ni ne paie (CL-7.5)\u00a0; les vents tournent (CL-4.3).",
    deadSettled: "Le faux Mahjong annoncé par {name} plus tôt dans la donne est réglé\u00a0: {name} paie {amount} à chaque autre joueur (MCR-5.4).",
    falsePays_mcr: "{name} a annoncé une main non gagnante\u00a0: sa main est morte et {name} paie {amount} à chaque joueur (MCR-5.4).",
    falsePays_classical: "{name} a annoncé une main non gagnante\u00a0: {name}, l'Est, paie {amount} à chaque joueur, la limite doublée car l'Est paie double (CL-7.7).",
    falsePaysDiscard_classical: "{name} a annoncé une main non gagnante\u00a0: {name} paie {double} à {whom}, l'Est, la limite doublée pour l'Est, et {amount} à chacun des deux autres (CL-7.7).",
    claimers2: "Deux joueurs", claimers3: "Trois joueurs",
    claimsWon: "{players} ont réclamé Mahjong sur cette tuile\u00a0; {who} l'emporte, premier joueur après {from} dans l'ordre du jeu (HK-4.7).",
    claimsWon_mcr: "{players} ont réclamé Mahjong sur cette tuile\u00a0; {who} l'emporte, premier joueur après {from} dans l'ordre du jeu (MCR-4.2).",
    claimsWon_classical: "{players} ont réclamé Mahjong sur cette tuile\u00a0; {who} l'emporte, premier joueur après {from} dans l'ordre du jeu (CL-3.3).",
    claimsFalse: "{players} ont réclamé Mahjong sur cette tuile\u00a0; la réclamation de {who}, premier joueur après {from} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (R-6).",
    claimsFalse_classical: "{players} ont réclamé Mahjong sur cette tuile\u00a0; la réclamation de {who}, premier joueur après {from} dans l'ordre du jeu, est jugée d'abord et n'est pas gagnante\u00a0: la donne s'arrête là et les autres ne sont pas examinées (CL-7.7).",
    element_mcr: "Fan", game_mcr: "Partie complète (16 donnes)", game_classical: "Partie complète (16 donnes)",
    whySelfMcr: "victoire en piochant\u00a0: tout le monde paie le total plus 8", whyDiscarderMcr: "a défaussé la tuile gagnante\u00a0: paie le total plus 8",
    whyRobbedMcr: "son kong a été volé\u00a0: paie le total plus 8", whyOtherMcr: "chacun des deux autres paie 8", deadFineMcr: "avec les 10 à chaque joueur du faux Mahjong (MCR-5.4)",
    bots: { greedy: "glouton", random: "hasard", strong: "fort" },
    house: {
      "hk.minfan": "Fan minimum pour gagner", "hk.limit": "Limite à partir de (fan)", "hk.table": "Des fans aux points de base", "hk.payment": "Paiement sur une défausse",
      "hk.base": "Valeur de base (multiplie chaque paiement)", "classical.pay_highest": "Payer le score le plus haut (CL-7.4)", "classical.limit": "Limite (points)",
    },
    houseValues: {
      "hk.table.seed": "paliers 4\u20117\u201110 (la règle)", "hk.table.half": "demi-exponentielle", "hk.table.doubling": "doublement",
      "hk.payment.seed": "le défausseur paie double (la règle)", "hk.payment.half-shooter": "le défausseur paie pour tous",
      "classical.pay_highest.off": "non", "classical.pay_highest.on": "oui",
    },
    houseHelp: {
      "hk.table": "Comment les fans deviennent des points de base\u00a0: paliers 4\u20117\u201110, la règle (HK-6)\u00a0; demi-exponentielle\u00a0; ou doublement (chaque fan double la base)",
      "hk.payment": "Sur une défausse\u00a0: le défausseur paie double (2 × la base), les deux autres une fois chacun, la règle (HK-6)\u00a0; ou le défausseur paie pour tous (4 × la base), les autres rien",
    },
    houseShort: {
      "hk.minfan": "{v} {fan} minimum", "hk.limit": "limite à partir de {v} {fan}", "hk.base": "valeur de base {v}", "classical.limit": "limite {v} points",
      "classical.pay_highest": "payer le score le plus haut\u00a0: {v}",
    },
    rulesName: { hk: "Hong Kong", mcr: "Règles officielles chinoises (MCR)", classical: "Classique" },
    limWhoAddress: "votre adresse", limWhoNetwork: "votre réseau (le /48 IPv6 dont fait partie votre adresse)",
    lim_seatsOne: "{n} place à une table en cours a déjà été prise depuis {who}\u00a0: vous pourrez vous asseoir de nouveau quand cette partie sera terminée.",
    lim_seatsOther: "{n} places à des tables en cours ont déjà été prises depuis {who}\u00a0: vous pourrez vous asseoir de nouveau quand l'une de ces parties sera terminée.",
    lim_tablesOne: "{n} table en cours a déjà été créée depuis {who}\u00a0: vous pourrez en créer une autre quand elle sera terminée ou abandonnée.",
    lim_tablesOther: "{n} tables en cours ont déjà été créées depuis {who}\u00a0: vous pourrez en créer une autre quand l'une d'elles sera terminée ou abandonnée.",
    lim_unattendedOne: "{n} table créée depuis {who} n'est jouée que par des robots\u00a0: vous pourrez en créer une autre quand elle sera terminée.",
    lim_unattendedOther: "{n} tables créées depuis {who} ne sont jouées que par des robots\u00a0: vous pourrez en créer une autre quand l'une d'elles sera terminée.",
    lim_createOne: "Au plus {n} nouvelle table par minute peut être créée depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_createOther: "Au plus {n} nouvelles tables par minute peuvent être créées depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_actions: "Trop de coups depuis {who} (plus de {n} par seconde)\u00a0: ce coup n'a pas été joué\u00a0; rejouez-le.",
    lim_hintsOne: "Au plus {n} conseil par minute\u00a0: attendez un peu avant d'en redemander.",
    lim_hintsOther: "Au plus {n} conseils par minute\u00a0: attendez un peu avant d'en redemander.",
    lim_reviewsOne: "Au plus {n} analyse de partie par minute peut être faite depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_reviewsOther: "Au plus {n} analyses de partie par minute peuvent être faites depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_lookupsOne: "Au plus {n} table passée ou inconnue par minute peut être consultée depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_lookupsOther: "Au plus {n} tables passées ou inconnues par minute peuvent être consultées depuis {who}\u00a0: attendez une minute, puis réessayez.",
    lim_requests: "Trop de requêtes depuis {who} (plus de {n} par seconde)\u00a0: attendez un instant, puis réessayez.",
    lim_messages: "Trop de messages (plus de {n} par seconde)\u00a0: ralentissez.",
    lim_false_mahjongOne: "{n} faux Mahjong vous a déjà été refusé dans cette donne\u00a0: jusqu'à la donne suivante, n'annoncez Mahjong qu'avec une main gagnante.",
    lim_false_mahjongOther: "{n} faux Mahjongs vous ont déjà été refusés dans cette donne\u00a0: jusqu'à la donne suivante, n'annoncez Mahjong qu'avec une main gagnante.",
    err: {
      out_of_turn: "Vous n'avez pas de décision à prendre maintenant.", stale: "La table a avancé avant l'arrivée de votre coup\u00a0; regardez à nouveau.",
      illegal: "Ce coup n'est pas permis maintenant.", duplicate: "Ce coup a déjà été envoyé.", match_over: "La partie est terminée.",
      not_started: "La partie n'a pas encore commencé.", seat_taken: "Cette place est prise.", bad_token: "Votre place n'a pas pu être reprise\u00a0; asseyez-vous à nouveau.",
      no_table: "Cette table n'existe pas\u00a0: vérifiez le lien reçu, ou choisissez une table dans le salon.", table_full: "Trop de tables ou de connexions\u00a0; réessayez plus tard.", spectator: "Les spectateurs regardent\u00a0; ils ne jouent pas.",
      spectators_full: "Cette table a autant de spectateurs qu'elle en accepte, ou votre adresse (ou son réseau) la regarde déjà depuis de nombreuses connexions.",
      forbidden_origin: "Ce serveur refuse les requêtes venant de l'adresse où cette page a été ouverte\u00a0: son exploitant doit l'autoriser (hkmj serve --origin).",
      too_many_connections: "Le serveur ne prend plus de connexions depuis votre adresse pour l'instant (ou, quand il est plein, plus que celles de ses joueurs)\u00a0: fermez ses pages dont vous n'avez plus besoin, ou patientez.",
      rate_limited: "Trop de messages\u00a0: ralentissez.", server_error: "Le serveur n'a pas pu l'enregistrer\u00a0; rien n'a changé. Réessayez.", saving: "Le serveur ne peut pas enregistrer la partie pour l'instant\u00a0; le jeu reprendra dès que possible, sans perdre aucun coup.",
      nothing_to_do: "Rien à faire\u00a0: c'est déjà fait.",
      network_share: "Votre réseau (le /48 IPv6 dont fait partie votre adresse) a utilisé sa part de ce serveur pour l'instant\u00a0: réessayez plus tard, ou quand l'une de ses tables sera terminée.",
      away_until_next_hand: "Un robot joue pour vous jusqu'à la donne suivante\u00a0: vous avez été absent deux fois dans cette donne. Votre place vous revient quand la donne suivante est distribuée.",
      no_hints: "Les conseils sont désactivés à cette table.",
      name_taken: "Ce nom ressemble à celui d'une autre place, d'un robot ou d'une place libre\u00a0: choisissez-en un autre.",
      not_host: "Seule la personne assise la première peut commencer la partie, ou toute personne assise quand elle est absente depuis un moment\u00a0; la partie commence d'elle-même quand toutes les places sont prises.",
    },
  },
};
const SUITS = { en: ["Characters", "Circles", "Bamboo"], fr: ["Caractères", "Cercles", "Bambous"] };
const HONOURS = { en: ["East wind", "South wind", "West wind", "North wind", "White dragon", "Green dragon", "Red dragon"],
  fr: ["Vent Est", "Vent Sud", "Vent Ouest", "Vent Nord", "Dragon Blanc", "Dragon Vert", "Dragon Rouge"] };
/** The bonus tiles as hkmj.tiles names them (the terminal, the help page): "Bamboo" alone was read as a bamboo tile. */
const BONUS = { en: ["Flower 1 (Plum)", "Flower 2 (Orchid)", "Flower 3 (Chrysanthemum)", "Flower 4 (Bamboo)", "Season 1 (Spring)", "Season 2 (Summer)", "Season 3 (Autumn)", "Season 4 (Winter)"],
  fr: ["Fleur 1 (Prunier)", "Fleur 2 (Orchidée)", "Fleur 3 (Chrysanthème)", "Fleur 4 (Bambou)", "Saison 1 (Printemps)", "Saison 2 (Été)", "Saison 3 (Automne)", "Saison 4 (Hiver)"] };

// ------------------------------------------------------------------ the browser's storage
// Every key this page keeps is hkmj.*: the language and name, and by table hkmj.token.<id> (the seat), hkmj.at.<id> (when
// it was last opened), hkmj.cseq.<id> (the last action's number) and hkmj.commit.<id> (the wall commitments, HK-2). All go
// through store/stored: a full storage (QuotaExceededError, a browser's few MB) or a refused one (SecurityError) threw
// in the middle of a frame and the table was drawn no more. A write that fails drops other tables' keys, least recently
// opened first, and tries again; else the value is kept in this page only. Tables unopened for STORE_DAYS days, and all
// but the latest STORE_TABLES, are forgotten when a page opens, so the keys no longer pile up one table after another.
const STORE_TABLES = 40, STORE_DAYS = 90;
const TABLE_KEY = /^hkmj\.(token|at|cseq|commit)\.(.+)$/;
const inPage = new Map();  // what the browser's storage refused, for this page only
/** The keys in the browser's storage (none when it is refused). */
const storedKeys = () => { try { return Object.keys(localStorage); } catch { return []; } };
/** The value kept under `key`, or null. */
function stored(key) {
  if (inPage.has(key)) return inPage.get(key);
  try { return localStorage.getItem(key); } catch { return null; }
}
/** Forget `key`. */
function unstore(key) {
  inPage.delete(key);
  try { localStorage.removeItem(key); } catch { /* nothing kept there */ }
}
/** The tables with keys in the storage, least recently opened first (a table never opened here, by hkmj.at, first). */
function storedTables() {
  const ids = new Set(storedKeys().map((k) => TABLE_KEY.exec(k)).filter(Boolean).map((m) => m[2]));
  return [...ids].sort((a, b) => (Number(stored(`hkmj.at.${a}`)) || 0) - (Number(stored(`hkmj.at.${b}`)) || 0));
}
/** Forget every key of the table `id`. */
const forgetTable = (id) => { for (const what of ["token", "at", "cseq", "commit"]) unstore(`hkmj.${what}.${id}`); };
/** Keep `value` under `key`: in the browser's storage, making room there by forgetting other tables (least recently
 * opened first) when it is full, else in this page only. Never throws. */
function store(key, value) {
  const text = String(value), own = TABLE_KEY.exec(key);
  const tryIt = () => { try { localStorage.setItem(key, text); inPage.delete(key); return true; } catch { return false; } };
  if (tryIt()) return;
  for (const id of storedTables()) {
    if (own && id === own[2]) continue;
    forgetTable(id);
    if (tryIt()) return;
  }
  inPage.set(key, text);
}
/** Forget the tables unopened for STORE_DAYS days and all but the latest STORE_TABLES (never `keep`, the table this
 * page opens; a table with no hkmj.at counts as the oldest, but its age is unknown). */
function pruneStore(keep) {
  const all = storedTables(), ids = all.filter((id) => id !== keep), old = Date.now() - STORE_DAYS * 86400000;
  const room = STORE_TABLES - (all.length - ids.length);  // the table opened counts among the 40
  ids.forEach((id, i) => {
    const at = Number(stored(`hkmj.at.${id}`));
    if (i < ids.length - room || (at > 0 && at < old)) forgetTable(id);
  });
}
pruneStore((location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/) || [])[1]);

// `?lang=fr` (or `en`) in a page's address chooses its language, as the help page's does, and keeps it chosen, as the menu does
const asked = new URLSearchParams(location.search).get("lang");
if (asked === "en" || asked === "fr") store("hkmj.lang", asked);
let lang = stored("hkmj.lang") || ((navigator.language || "en").startsWith("fr") ? "fr" : "en");
/** The text `k` in the current language, with its {placeholders} filled from `p`. */
const t = (k, p = {}) => String((T[lang] && T[lang][k]) || T.en[k] || k).replace(/\{(\w+)\}/g, (m, x) => (x in p ? p[x] : m));
/** The table's ruleset ("hk", "mcr" or "classical"). */
const rulesOf = (st) => String((st && st.config && st.config.rules) || "hk");
/** What a false Mahjong `fm` paid the players paid least, as its payments say: HK-5.7's penalty, MCR-5.4's 10, CL-7.7's
 * limit (the table's `limit` option), or twice it to each when East declared (CL-7.3). */
const falseFine = (fm) => Math.min(...fm.payments.filter((p) => p > 0));
/** The one seat paid more than the others for a false Mahjong `fm`, or -1 when all were paid alike: HK-5.7's discarder
 * of a claimed tile, CL-7.7's East when another seat declared (a classical discarder is paid as the others). */
const paidDouble = (fm) => fm.payments.findIndex((p) => p > falseFine(fm));
/** The text `k` as the table `st`'s ruleset words it: `k_mcr` or `k_classical` where its facts or rule references differ
 * from Hong Kong's (MCR-3.3, CL-7.7), else `k`. */
const ruled = (st, k, p = {}) => t(T.en[`${k}_${rulesOf(st)}`] ? `${k}_${rulesOf(st)}` : k, p);
/** The dead wall's count beside the wall's, " (dead 14)"; nothing at an MCR table, which has no dead wall (MCR-3.1). */
const deadWall = (st) => (rulesOf(st) === "mcr" ? "" : ` <span class="muted light">(${t("dead")} ${st.hand.dead})</span>`);
/** The table `tid`'s join link for a friend: with `?lang=` only when this player chose the page's language (by `?lang` or
 * the language menu, both kept in the browser's storage), so the friend's page opens in it; else none, and it opens in the
 * friend's own browser language. */
const shareLink = (tid) => `${location.origin}/t/${tid}${stored("hkmj.lang") ? `?lang=${lang}` : ""}`;
/** The help page's address in the current language, for the table `st`'s ruleset when it is not Hong Kong. */
/** The help page of the table `st`: its ruleset and its house options (the page says the house minimum, payment and
 * penalty in place of the rules' own). */
const helpHref = (st) => `/help?lang=${lang}${rulesOf(st) === "hk" ? "" : `&rules=${rulesOf(st)}`}${
  Object.entries((st && st.config && st.config.options) || {}).filter(([k, v]) => houseDefault(rulesOf(st), k) !== String(v))
    .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("")}`;
/** The default of a ruleset's house option (from /api/info, fetched once a table is opened), or undefined until known:
 * the help link then names every option, defaults included, which gives the same page. */
const houseDefault = (rules, key) => {
  const r = G.info && G.info.rulesets && G.info.rulesets[rules], o = r && r.options.find((x) => x.key === key);
  return o ? String(o.default) : undefined;
};
/** `kOne` or `kOther` by the language's plural rule for `n` (English: 1 is singular; French: 0 and 1 are). */
const plural = (k, n, p = {}) => t(k + ((lang === "fr" ? n <= 1 : n === 1) ? "One" : "Other"), { n, ...p });
/** How far a hand is from ready, worded as the terminal's hint (Texts.distance): "4 tiles from ready", or ready. */
const distance = (shanten) => (shanten <= 0 ? t("dist0") : plural("dist", shanten));
/** French elides "de" before a name that begins with a vowel: "la défausse de Ann" -> "la défausse d'Ann", the name
 * being HTML (its <bdi>); other text, and English, as it is. */
const elided = (html) => (lang === "fr" ? html.replace(/\bde ((?:<[^>]+>)*)(?=[aeiouàâäéèêëîïôöùûüœæ])/gi, "d'$1") : html);
/** ": " in English, " : " (no-break space before the colon) in French typography. */
/** A unit ("unitFan", "unitPoints") after the number n, singular as the language wants it: French "1 fan", "3 fans",
 * "0 point"; English "3 fan", "1 point" (as the terminal's Texts.unit). */
const unitWord = (k, n) => { const w = t(k); return (lang === "fr" ? n <= 1 : n === 1) && w.endsWith("s") ? w.slice(0, -1) : w; };
const colon = () => (lang === "fr" ? "\u00a0: " : ": ");
/** A server text in the current language, with French typography (no-break space before : ; ? !). */
const said = (texts) => { const x = texts[lang] || texts.en; return lang === "fr" ? x.replace(/ ([:;?!])/g, "\u00a0$1") : x; };
const botName = (b) => (T[lang].bots[b] || b);
/** How the page names a bot, the same words everywhere (lobby, seats, end of hand, ranking; the terminal's too):
 * "Bot 3 (greedy)", "Robot 3 (glouton)" for the bot at player slot 2; "Bot (greedy)" where no seat is meant (the
 * lobby's choice of a seat's player, the badge beside a bot's given name). */
const botLabel = (b, slot = null) => `${t("bot")}${slot === null ? "" : ` ${slot + 1}`} (${botName(b)})`;
const $ = (sel, root = document) => root.querySelector(sel);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const kind = (id) => String(id).split(":")[0];
/** A rule's citation (HK-4.1, MCR-5.2.5, CL-6, HK-5.1-5.4): help.py's CITATION. */
const CITATION = /\b(?:HK|MCR|CL)-\d+(?:\.\d+)*(?:[-–]\d+(?:\.\d+)*)?/g;
/** Each rule citation in the text under `root` put in a span.cite, which the style sheet keeps on one line: on a phone
 * "MCR-" ended a line and "3.1)" began the next. The text is unchanged. */
function citeSpans(root) {
  const skip = "script, style, option, textarea, title, svg, .cite";
  const texts = [];
  if (root.nodeType === Node.TEXT_NODE) texts.push(root);
  else for (const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); walk.nextNode();) texts.push(walk.currentNode);
  const found = texts.filter((n) => n.parentElement && !n.parentElement.closest(skip) && n.data.search(CITATION) >= 0);
  for (const n of found) {
    const frag = document.createDocumentFragment(); let at = 0;
    for (const m of n.data.matchAll(CITATION)) {
      if (m.index > at) frag.append(n.data.slice(at, m.index));
      const span = document.createElement("span"); span.className = "cite"; span.textContent = m[0]; frag.append(span);
      at = m.index + m[0].length;
    }
    if (at < n.data.length) frag.append(n.data.slice(at));
    // in a flex or grid box (a lobby label) each span would be an item of its own, "(" / "CL-7.4" / ")" one under another
    const box = getComputedStyle(n.parentElement).display;
    if (/flex|grid/.test(box)) { const whole = document.createElement("span"); whole.append(frag); n.replaceWith(whole); } else n.replaceWith(frag);
  }
}
// whatever draws text (a table's messages, the end of a hand, a toast), its citations are kept whole as it is drawn
new MutationObserver((changes) => {
  for (const c of changes) {
    if (c.type === "characterData") citeSpans(c.target);
    else for (const n of c.addedNodes) if (n.isConnected) citeSpans(n);
  }
}).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
function tileName(k) {
  const n = parseInt(k[0], 10), s = k[1];
  if (s === "z") return HONOURS[lang][n - 1];
  if (s === "f") return BONUS[lang][n - 1];
  return `${n} ${SUITS[lang]["mps".indexOf(s)]}`;
}
/** Kinds of an mpsz text: "345m" -> ["3m", "4m", "5m"], "12m7z" -> ["1m", "2m", "7z"]. */
function parseTiles(text) {
  const out = []; let digits = [];
  for (const ch of text) { if (/\d/.test(ch)) digits.push(ch); else { out.push(...digits.map((d) => d + ch)); digits = []; } }
  return out;
}
/** Several tiles for a person: a run of one suit as "3-4-5 Characters", otherwise names joined. */
function tilesText(kinds) {
  const ks = [...kinds].sort();
  if (ks.length > 1 && ks.every((k) => "mps".includes(k[1]) && k[1] === ks[0][1])) return `${ks.map((k) => k[0]).join("-")} ${SUITS[lang]["mps".indexOf(ks[0][1])]}`;
  return ks.map(tileName).join(", ");
}
/** A tile's picture: French faces show O (Ouest) for West, on wind and bonus tiles. */
const tileSrc = (k) => `/tiles/${k}.svg${lang === "fr" && (k === "3z" || k[1] === "f") ? "?lang=fr" : ""}`;
const img = (id, cls = "") => `<img class="tile ${cls}" src="${tileSrc(kind(id))}" alt="${esc(tileName(kind(id)))}" title="${esc(tileName(kind(id)))}" data-tile="${esc(id)}">`;
/** A house option's name for a person, from the ruleset and its key ("hk", "minfan" -> "Minimum fan to win"). */
const houseLabel = (rules, key) => (T[lang].house[`${rules}.${key}`] || T.en.house[`${rules}.${key}`] || key);
/** A house option's value for a person ("hk", "table", "seed" -> "4-7-10 steps (the rules)"); a number as it is. */
const houseValue = (rules, key, v) => (T[lang].houseValues[`${rules}.${key}.${v}`] || T.en.houseValues[`${rules}.${key}.${v}`] || String(v));
/** The table's ruleset and every house option in words, e.g. "Hong Kong · minimum 3 fan · limit from 10 fan · …"
 * (shown in the lobby and on the table). */
const rulesLine = (cfg) => {
  const rules = String((cfg && cfg.rules) || "hk");
  const opts = Object.entries((cfg && cfg.options) || {}).map(([k, v]) => {
    const short = T[lang].houseShort[`${rules}.${k}`];
    return short ? short.replace("{v}", houseValue(rules, k, v)).replace("{fan}", unitWord("unitFan", Number(v))) : houseValue(rules, k, v);
  });
  return [T[lang].rulesName[rules] || rules.toUpperCase(), ...opts].join(" · ");
};
const back = (n) => Array.from({ length: n }, () => `<img class="tile" src="/tiles/back.svg" alt="">`).join("");
/** How long a toast stays (ms): long enough to read it, at about 15 characters a second, 3.5 s to 15 s. */
const toastMs = (text) => Math.min(15000, Math.max(3500, 1000 + 65 * text.length));
/** Show `text` in the toast; `kind` "play" marks the refusal of a move in the hand, taken away when the hand ends. */
function toast(text, kind = "") {
  const el = $("#toast"); el.textContent = text; el.classList.add("on"); toast.kind = kind;
  clearTimeout(toast.h); toast.h = setTimeout(() => el.classList.remove("on"), toastMs(text));
}
/** The end of the hand: a refused move's toast, about a hand now over, no longer lies over its result. */
function handOverToast() {
  if (toast.kind !== "play") return;
  clearTimeout(toast.h); $("#toast").classList.remove("on"); toast.kind = "";
}
/** The table answered again: "Connection to the server lost: reconnecting…" (kind "link") stayed up to 3.5 s over the
 * table back in play. */
function linkBackToast() {
  if (toast.kind !== "link") return;
  clearTimeout(toast.h); $("#toast").classList.remove("on"); toast.kind = "";
}
/** An action for a person: "chow 345m" -> "Chow 3-4-5 Characters", "discard 5p" -> "Discard 5 Circles". */
/** The hint's words after "Hint: ": the suggested action, how far the hand is from ready and its waits (as it is, or
 * after the suggested discard). Under a minimum to win (MCR-5.1: the answer's `min`) the waits that reach it (`scoring`)
 * are named, a complete hand worth less (`shanten` -1, a discard advised) is called complete but unable to win, and
 * a hand ready in shape whose waits all miss it (`short`) is called so, not "ready"; a ready hand every copy of whose
 * winning tiles is in sight (`out`, HK-1) is told so, and to change its wait; a dead hand
 * (MCR-5.4) is told it cannot win, its suggestion being the safest discard; a hand advised to declare Mahjong is
 * called complete. */
function hintText(h, st) {
  const sep = lang === "fr" ? "\u00a0; " : "; ";
  const act = `<b>${esc(actionLabel(h.action))}</b>`;
  if (h.dead) return `${act} (${esc(t("hintDead"))})`;
  if (h.action === "mahjong") return `${act} (${esc(t("hintWin"))})`;  // complete and winning: not "one tile from winning"
  const list = (ws) => esc(tilesText(ws).replace(/-/g, ", "));
  const ready = h.out ? t("hintOut") : distance(0);  // HK-1: every copy of every winning tile in sight
  let how = esc(h.shanten === 0 ? ready : distance(h.shanten));
  let tail = h.waits.length ? `${sep}${t("waits")} ${list(h.waits)}` : "";
  if (h.min && Array.isArray(h.scoring)) {
    const low = { min: h.min, unit: unitWord(rulesOf(st) === "hk" ? "unitFan" : "unitPoints", h.min) };
    if (h.shanten < 0) {  // complete, but under the minimum (MCR-5.1): it cannot win as it stands
      how = esc(ruled(st, "hintUnderMin", low));
      if (h.waits.length) how += `${sep}${esc(t("hintThen", { how: ready }))}`;
    } else if (h.short) how = esc(ruled(st, "hintShort", low));
    if (!h.waits.length) return `${act} (${how}${tail})`;
    if (!h.scoring.length) tail += `${sep}${esc(t("hintNoneScore", low))}`;
    else if (h.scoring.length === h.waits.length) tail += `, ${esc(t("hintAllScore", low))}`;
    else tail += `${sep}${t("hintScoring", { ...low, tiles: list(h.scoring) })}`;
    if (h.drawn && h.drawn.length) tail += `${sep}${t("hintDrawn", { tiles: list(h.drawn) })}`;
  }
  return `${act} (${how}${tail})`;
}

function actionLabel(a) {
  const w = a.split(" ");
  if (a === "pass") return t("pass");
  if (a === "mahjong") return t("mahjong");
  if (a === "pung") return t("pung");
  if (w[0] === "discard") return `${t("discard")} ${tileName(w[1])}`;
  if (w[0] === "chow") return `${t("chow")} ${tilesText(parseTiles(w[1]))}`;
  if (w[0] === "kong") return `${t("kong")} ${tileName(w[1])}`;
  if (w[0] === "concealed") return `${t("ckong")} ${tileName(w[2])}`;
  if (w[0] === "added") return `${t("akong")} ${tileName(w[2])}`;
  return a;
}
/** A claim button's words: the action's, a pung naming the tile it claims (`tile`, the one on offer) as a chow and a
 * kong name theirs ("Pung 5 Circles", not "Pung": tile names wherever a person reads, HK-4.3). */
const claimLabel = (a, tile) => (a === "pung" && tile ? `${t("pung")} ${tileName(kind(tile))}` : actionLabel(a));
/** A claim button (claimLabel's words), its whole name shown everywhere, the tile's suit too ("Chow 5-6-7 Bamboo":
 * tile names wherever a person reads, HK-4.3); its aria-label says the same. Where a phone's row is full the label
 * breaks in one place only, on two lines: a suited tile's action and numbers over its suit ("Chow 5-6-7" over
 * "Bamboo"), an honour's action over its name ("Concealed kong" over "South wind"; it stood on three lines, a chow's
 * "7-" over "8-9"): no-break spaces within each, and on a phone (`--fixed-bar` in the CSS) the action and its
 * numbers in one unbroken piece (`.ln`: a span of its own would move a desktop's letters by a fraction of a pixel). A
 * phone's bar left the suit out ("Pung 7"): the button alone did not say which tile it claimed. */
const fixedBar = () => getComputedStyle(document.documentElement).getPropertyValue("--fixed-bar").trim() === "1";
function claimButton(a, tile) {
  const label = claimLabel(a, tile), head = { pung: t("pung"), chow: t("chow"), kong: t("kong"), concealed: t("ckong"), added: t("akong") }[a.split(" ")[0]];
  const tail = head && label.startsWith(`${head} `) ? label.slice(head.length + 1) : null;
  if (!tail) return `<button class="claim" data-action="${esc(a)}" aria-label="${esc(label)}">${esc(label).replace(/ /g, "\u00a0")}</button>`;
  const suit = SUITS[lang].find((w) => tail.endsWith(` ${w}`)), nb = (x) => esc(x).replace(/ /g, "\u00a0");
  if (!suit) return `<button class="claim" data-action="${esc(a)}" aria-label="${esc(label)}">${nb(head)} ${nb(tail)}</button>`;
  const numbers = tail.slice(0, -suit.length - 1);
  const action = fixedBar() ? `<span class="ln">${nb(`${head} ${numbers}`)}</span>` : `${nb(head)} ${nb(numbers)}`;
  return `<button class="claim" data-action="${esc(a)}" aria-label="${esc(label)}">${action}<span class="suit"> ${esc(suit)}</span></button>`;
}
/** A player's name: as given, else "Bot 2 (greedy)" for a bot, else "Player 2"; its own direction isolate, so that a
 * name written right to left never reorders the text beside it. */
/** A person's name as the page shows it: the server's "Player 2" of a seat taken without a name in the page's language. */
const personName = (name, slot) => (name === `Player ${slot + 1}` ? `${t("player")} ${slot + 1}` : name);
const playerName = (st, slot) => bdi(nameText(st, slot));
/** A player's name as plain text (not escaped): the one they gave, a bot's label, or "Player N". */
const nameText = (st, slot) => { const p = st.players[slot]; return p.name ? personName(p.name, slot) : p.bot ? botLabel(p.bot, slot) : `${t("player")} ${slot + 1}`; };
/** A name chosen by someone, escaped, in its own direction isolate (`<bdi>`). */
const bdi = (name) => `<bdi>${esc(name)}</bdi>`;
/** Whether this player may start the match: the host (the first player seated), or anyone while the host is away. */
const mayStart = (st) => { const host = st.players.find((p) => p.host); return !host || host.slot === st.mine.slot || !host.connected; };
/** A number as the current language writes it (0.25, 0,25). */
const num = (n) => n.toLocaleString(lang === "fr" ? "fr-FR" : "en-US");
/** A server error for a person, in the current language (the message is for logs): a refused limit (`rate_limited`) by
 * its `limit`, with its cap or rate `n` and whose budget it was (the address's, or its IPv6 /48's: `scope`); any other
 * error, or a limit this page does not know, by its code. */
function errText(m) {
  const k = `lim_${m.limit}`;
  const has = (key) => Object.prototype.hasOwnProperty.call(T.en, key);
  if (m.code === "rate_limited" && typeof m.limit === "string" && typeof m.n === "number" && (has(k) || has(`${k}Other`))) {
    const p = { n: num(m.n), who: t(m.scope === "network" ? "limWhoNetwork" : "limWhoAddress") };
    return has(k) ? t(k, p) : plural(k, m.n, p);
  }
  return m.scope === "network" ? T[lang].err.network_share : T[lang].err[m.code] || T.en.err[m.code] || m.message;
}

function setLang(l) {
  lang = l; document.documentElement.lang = lang;
  const help = $("#help-link"); help.textContent = t("help"); help.href = `/help?lang=${lang}`;
  $(".lang .sr").textContent = t("language");  // the language menu's name for a screen reader
}
$("#lang").value = lang;
$("#lang").addEventListener("change", (e) => { setLang(e.target.value); store("hkmj.lang", lang); route(); });
setLang(lang);

// ------------------------------------------------------------------ lobby

/** Which drawing of the page is current: route() counts them, and a lobby or join panel whose fetches come back after
 * the page has moved on (the language changed, another link followed) draws nothing over the newer one. */
let drawing = 0;

/** The tables where this browser holds a seat (its token) that the lobby's list leaves out: a table kept for a friend
 * is unlisted (docs/server.md), so a player who closed its tab found no way back to their seat but the link; the latest
 * opened first (`hkmj.at.<id>`, written each time the table is opened), six at most. */
function yourOthers(tables) {
  const listed = new Set(tables.map((tb) => tb.id));
  const ids = storedTables().filter((id) => stored(`hkmj.token.${id}`) && !listed.has(id)).reverse()
    .slice(0, 6);
  return ids.length ? `<p id="your-others">${t("yourOthers")}${colon()}${ids.map((id) => `<a class="button" href="/t/${esc(id)}">${esc(id)}</a>`).join(" ")}</p>` : "";
}
async function lobby() {
  const mine = drawing;
  $("#title").textContent = "";
  document.title = `${t("lobbyTitle")} — hkmj`;  // the lobby offers every ruleset
  $("#app").setAttribute("aria-busy", "true");  // until this drawing is on screen: a reader (or a test) waits for it
  let info, list;
  try {
    info = await (await fetch("/api/info")).json();
    list = await (await fetch("/api/tables")).json();
  } catch {  // the server stopped or unreachable: said, and asked again until it answers
    if (mine !== drawing) return;
    toast(t("lobbyUnreachable"));
    setTimeout(() => { if (mine === drawing) lobby(); }, 2000);
    return;
  }
  G.info = info;  // the house options' defaults, for a table's help link (helpHref)
  if (mine !== drawing) return;  // a newer drawing is under way
  $("#app").removeAttribute("aria-busy");
  // what the player had chosen in the lobby drawn before (in another language): kept, with which boxes they set
  const before = $("#create-form") ? [...$("#create-form").elements].filter((el) => el.name)
    .map((el) => [el.name, el.type === "checkbox" ? el.checked : el.value, el.dataset.touched]) : [];
  const bots = info.bots;
  const served = { rules: "hk", options: {}, ...(info.defaults || {}) };  // hkmj serve --rules and --option: chosen to begin with
  const slotSel = (i) => `<label>${t("seat")} ${i + 1}<select name="slot${i}">
      ${i === 0 ? `<option value="you">${t("you")}</option>` : ""}<option value="open">${t("open")}</option>
      ${bots.map((b) => `<option value="${esc(b)}" ${i > 0 && b === "greedy" ? "selected" : ""}>${esc(botLabel(b))}</option>`).join("")}
    </select></label>`;
  $("#app").innerHTML = `
  <p class="newcomer"><a class="button" href="/help?lang=${lang}">${t("newcomer")}</a></p>
  <section class="card"><h2>${t("newTable")}</h2>
    <form id="create-form" class="grid">
      <label>${t("name")}<input name="name" maxlength="24" value="${esc(stored("hkmj.name") || "")}"></label>
      ${[0, 1, 2, 3].map(slotSel).join("")}
      <label>${t("length")}<select name="length">
        <option value="1">${t("oneHand")}</option><option value="4" selected>${t("fourHands")}</option>
        <option value="round">${t("round")}</option><option value="game">${t("game")}</option></select></label>
      <label>${t("timer")}<input name="timer" type="number" min="1" max="600" step="1" value="" placeholder="${t("noTimer")}"></label>
      <label>${t("claim")}<input name="claim" type="number" min="0" max="30" step="0.1" value="1"></label>
      <label>${t("botDelay")}<input name="botdelay" type="number" min="0" max="10" step="0.1" value="0.6"></label>
      <label>${t("rules")}<select name="rules" id="rules">${Object.entries(info.rulesets || {}).map(([k, r]) =>
        `<option value="${esc(k)}" ${k === served.rules ? "selected" : ""}>${esc(lang === "fr" ? r.title_fr : r.title)}</option>`).join("")}</select></label>
      <div id="house" class="grid"></div>
      <label class="check"><input name="teaching" type="checkbox" checked> ${t("teaching")}</label>
      <label class="check"><input name="hints" type="checkbox" checked> ${t("hints")}</label>
      <label class="check"><input name="listed" type="checkbox" checked> ${t("listed")}</label>
      <div class="row"><button class="primary" id="create" type="submit">${t("create")}</button></div>
    </form></section>
  <section class="card"><h2>${t("tables")}</h2>${list.tables.length ? `<table class="list">${list.tables.map((tb) => `<tr>
      <td><a class="tid" href="/t/${esc(tb.id)}">${esc(tb.id)}</a></td>
      <td>${tb.slots.map((s) => s.bot ? esc(botLabel(s.bot, s.slot)) : s.joined ? bdi(personName(s.name, s.slot)) : t("freeSeat")).join(" · ")}</td>
      <td class="muted">${esc(rulesLine(tb.config))} · ${plural("played", tb.hands_played)}</td>
      <td class="row">${stored(`hkmj.token.${tb.id}`) || tb.slots.some((s) => !s.bot && !s.joined)  // "Join" only where a seat is free
        ? `<a class="button" href="/t/${esc(tb.id)}">${stored(`hkmj.token.${tb.id}`) ? t("yourSeat") : t("join")}</a>` : ""}<a class="button" href="/t/${esc(tb.id)}?watch=1">${t("watch")}</a></td></tr>`).join("")}</table>` : `<p class="muted">${t("none")}</p>`}${
    list.total > list.tables.length ? `<p class="muted" id="more-tables">${t("moreTables", { n: list.tables.length, total: list.total })}</p>` : ""}${yourOthers(list.tables)}</section>`;
  // A table with bots is a teaching table without timer by default, until the player says otherwise.
  const form = $("#create-form"), teach = form.elements.teaching, timer = form.elements.timer;
  // a box the player set stays as they set it (data-touched); until then it follows the seats
  const touched = (el) => el.dataset.touched === "1";
  const touch = (el) => { el.dataset.touched = "1"; };
  teach.addEventListener("change", () => { touch(teach); if (!touched(timer)) timer.value = teach.checked ? "" : "20"; });
  timer.addEventListener("input", () => touch(timer));
  // A seat kept for a friend ("open") makes the table unlisted by default: nobody watching the lobby takes it.
  const listed = form.elements.listed;
  listed.addEventListener("change", () => touch(listed));
  // Hints at a teaching table or for one person with bots; off at a match between people, unless asked for.
  const hints = form.elements.hints;
  hints.addEventListener("change", () => touch(hints));
  form.addEventListener("change", (e) => {
    if (/^slot/.test(e.target.name) && !touched(listed)) listed.checked = ![0, 1, 2, 3].some((i) => form.elements[`slot${i}`].value === "open");
    if (!/^slot/.test(e.target.name) || touched(teach)) return;
    teach.checked = [0, 1, 2, 3].some((i) => !["you", "open"].includes(form.elements[`slot${i}`].value));
    if (!touched(timer)) timer.value = teach.checked ? "" : "20";
  });
  form.addEventListener("change", (e) => {  // after the teaching box has followed the seats
    if (touched(hints) || !(/^slot/.test(e.target.name) || e.target.name === "teaching")) return;
    hints.checked = teach.checked || [0, 1, 2, 3].filter((i) => ["you", "open"].includes(form.elements[`slot${i}`].value)).length < 2;
  });
  const house = () => {  // the chosen ruleset's house options, each with its values
    const r = (info.rulesets || {})[$("#rules").value];
    const rules = $("#rules").value;
    // an option's first value: the server's (hkmj serve --option) at its own ruleset, else the ruleset's default
    const first = (o) => String(rules === served.rules && served.options[o.key] != null ? served.options[o.key] : o.default);  // each option named in words, its explanation as its tooltip (houseHelp, else the server's help)
    form.querySelector("select[name=length] option[value=game]").textContent = ruled({ config: { rules } }, "game");  // 16 hands exactly: no dealer's repeat (MCR-2.1, CL-4.4)
    $("#house").innerHTML = r ? r.options.map((o) => `<label title="${esc(T[lang].houseHelp[`${rules}.${o.key}`] || (lang === "fr" && o.help_fr ? o.help_fr : o.help))}">${esc(houseLabel(rules, o.key))}${o.choices.length
      ? `<select name="opt.${esc(o.key)}">${o.choices.map((c) => `<option value="${esc(c)}" ${c === first(o) ? "selected" : ""}>${esc(houseValue(rules, o.key, c))}</option>`).join("")}</select>`
      : `<input name="opt.${esc(o.key)}" type="number" required min="${o.low}" max="${o.high}" step="1" value="${esc(first(o))}">`}</label>`).join("") : "";
  };
  const restore = (keys) => before.filter(([k]) => keys(k)).forEach(([k, v, was]) => {
    const el = form.elements.namedItem(k);  // not elements[k]: elements.length is the count, not the "length" select
    if (!el || el.type === undefined) return;
    if (el.type === "checkbox") el.checked = v; else if (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === v)) el.value = v;
    if (was) el.dataset.touched = was;
  });
  restore((k) => !k.startsWith("opt."));  // the seats, boxes and ruleset first, then that ruleset's house options
  if ($("#rules")) { $("#rules").addEventListener("change", house); house(); }
  restore((k) => k.startsWith("opt."));
  $("#create-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const slots = [0, 1, 2, 3].map((i) => { const v = f.get(`slot${i}`); return v === "you" || v === "open" ? null : v; });
    const len = f.get("length");
    const body = { slots, teaching: f.get("teaching") === "on", hints: f.get("hints") === "on", listed: f.get("listed") === "on", timer: f.get("timer") ? Number(f.get("timer")) : null, claim_window: Number(f.get("claim")), bot_delay: Number(f.get("botdelay")),
      length: /^\d+$/.test(len) ? "hands" : len, hands: /^\d+$/.test(len) ? Number(len) : null, names: [String(f.get("name") || ""), "", "", ""],
      rules: String(f.get("rules") || "hk"), options: Object.fromEntries([...f.entries()].filter(([k]) => k.startsWith("opt.")).map(([k, v]) => [k.slice(4), houseSent(e.target.elements.namedItem(k), v)])) };
    store("hkmj.name", String(f.get("name") || ""));
    const meFirst = f.get("slot0") === "you";
    if (meFirst) body.sit = 0;  // the server seats the creator at once: nobody can take the seat first
    // pressed once until the answer comes: on a slow network each further press made a table of its own
    const button = $("#create");
    if (button.disabled) return;
    button.disabled = true;
    let r, data;
    try {
      r = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      data = await r.json();
    } catch { button.disabled = false; toast(t("notCreated")); return; }  // no answer (the server stopped): the click had done nothing visible
    if (!r.ok) { button.disabled = false; toast(`${t("error")}${colon()}${errText({ ...data, code: data.error })}`); return; }
    if (data.token) { store(`hkmj.at.${data.id}`, Date.now()); store(`hkmj.token.${data.id}`, data.token); }
    history.pushState({}, "", createdPath(data.id, slots));
    route();
  });
}
/** A house option's value as the server reads it: a number field's as a whole number, "1000" for the "1e3" or "01000" the
 * field accepts (the server took only digits, and the lobby showed its English refusal, "option limit='1e3': expected a
 * whole number 100-100000", on a French page too); the field is required, so an emptied one is asked for before sending. */
const houseSent = (el, v) => (el && el.type === "number" && Number.isFinite(el.valueAsNumber) ? String(el.valueAsNumber) : String(v));

/** Where the lobby goes once the table `id` is created: to it, watching it when every seat (`slots`) is a bot: a match of
 * four bots has no seat to take, and its creator was told "This table is full: you can watch it, or go back to the
 * lobby to create a table of your own", of the table they had just created. */
const createdPath = (id, slots) => `/t/${encodeURIComponent(id)}${slots.every((s) => s) ? "?watch=1" : ""}`;

// ------------------------------------------------------------------ table

const G = { newcomers: new Set(), starting: null, pressed: {}, acting: false, opener: null, log: [], claimed: null, welcomed: false, ws: null, tid: null, state: null, slot: null, token: null, cseq: 0, sel: -1, deadline: 0, total: 1, verify: {}, open: [], hint: null, refusal: null, dead: null, retry: 0, want: null, ping: 0, again: 0, sitLink: false, playedAt: [] };

function tableView(tid) {
  G.tid = tid; G.state = null; G.newcomers = new Set(); G.dead = null; G.open = []; clearTimeout(G.again);
  if (!G.info) fetch("/api/info").then((r) => r.json()).then((info) => {  // the house options' defaults, for the help link
    G.info = info;
    if (G.state && $("#help-link")) $("#help-link").href = helpHref(G.state);
  }).catch(() => {});
  $("#title").textContent = tid;  // "· Hand N" once a hand is dealt (render)
  document.title = `${tid} — hkmj`;
  G.token = stored(`hkmj.token.${tid}`);
  const q = new URLSearchParams(location.search);
  G.want = G.token ? { type: "resume", table: tid, token: G.token } : q.get("watch") ? { type: "watch", table: tid } : null;
  // a join link (?sit=N) shows the join panel with that seat's button focused: it never sits by
  // itself (any page elsewhere could send a visitor there and seat them, under their saved name)
  if (!G.want) { joinPanel(tid, "", q.get("sit") === null ? null : Number(q.get("sit"))); return; }
  connect();
}

/** Who sits where at a table not yet playing (its `players`, or the lobby API's `slots`): a person, a bot, or a free seat. */
const seatList = (seats) => `<ul class="seats">${seats.map((p) => `<li>${t("seat")} ${p.slot + 1}${colon()}${p.bot ? esc(botLabel(p.bot, p.slot)) : p.joined ? bdi(personName(p.name, p.slot)) : t("freeSeat")}</li>`).join("")}</ul>`;

/** The join panel of table `tid`: its rules and who sits where (a stranger's link said neither), its free seats,
 * watching, its link; `note`, a refusal that brought the page here (a seat token no longer recognised), said above it. */
async function joinPanel(tid, note = "", sit = null) {
  const mine = drawing;
  const r = await fetch(`/api/tables/${encodeURIComponent(tid)}`);
  const data = await r.json();
  if (mine !== drawing) return;  // the page has moved on
  if (!r.ok) {  // a wrong link (or too many lookups): said, with the way back to the lobby, as a refused resume or watch is
    $("#app").innerHTML = `<section class="card" id="refused" role="alert"><p id="refused-what">${esc(errText({ ...data, code: data.error }))}</p>
      <p><a class="button" href="/">${t("toLobby")}</a></p></section>`;
    return;
  }
  const tb = data.table;
  document.title = `${ruled({ config: tb.config }, "pageTitle")} · ${tid} — hkmj`;
  if (tb.status === "over") { G.want = { type: "watch", table: tid }; G.sitLink = sit !== null; connect(); return; }  // its result, not a seat
  // the linked seat first: Enter in the name box presses the first seat button shown
  const free = tb.slots.filter((s) => !s.bot && !s.joined).sort((a, b) => (b.slot === sit) - (a.slot === sit));
  const said = note ? `<section class="card" id="refused" role="alert"><p id="refused-what">${esc(note)}</p></section>` : "";
  const taken = sit !== null && free.length && !free.some((s) => s.slot === sit) && tb.slots.some((s) => s.slot === sit)
    ? `<p id="link-taken" role="alert">${t("linkTaken", { n: sit + 1 })}</p>` : "";
  $("#app").innerHTML = `${said}${abandonedNote(tb.status)}<section class="card"><h2>${t(free.length ? "join" : "watch")} ${esc(tid)}</h2>
    <p class="muted" id="join-rules">${esc(rulesLine(tb.config))}</p>${seatList(tb.slots)}${taken}
    ${free.length ? `<label>${t("name")} <input id="name" maxlength="24" value="${esc(stored("hkmj.name") || "")}"></label>` : ""}
    ${free.length ? `<p class="muted" id="join-how">${t("joinHow")}</p>` : ""}
    <div class="row spaced">${free.map((s) => `<button class="primary sit" data-slot="${s.slot}">${t("sit", { n: s.slot + 1 })}</button>`).join("") || `<p id="full">${t("full")}</p>`}
    <a class="button" href="/t/${esc(tid)}?watch=1">${t("watch")}</a>${free.length ? "" : `<a class="button" href="/">${t("toLobby")}</a>`}</div>
    <p><label>${t("shareLink")} <input class="share" readonly value="${esc(shareLink(tid))}"></label></p></section>`;
  document.querySelectorAll("button.sit").forEach((b) => b.addEventListener("click", () => {
    // one seat asked for, once: on a slow network a second press closed the connection the server had just seated
    // the player on, and asked again (the seat taken, by them, with its token lost); a refusal draws the panel anew
    if (b.disabled) return;
    document.querySelectorAll("button.sit").forEach((x) => { x.disabled = true; });
    const name = $("#name").value; store("hkmj.name", name);
    G.want = { type: "join", table: tid, slot: Number(b.dataset.slot), name };
    connect();
  }));
  // a full table has no name box: a spectator gives no name (it asked "Your name" under "Join", for nothing)
  if ($("#name")) $("#name").addEventListener("keydown", (e) => {  // Enter in the name box sits, as a form would
    const first = $("button.sit");
    if (e.key === "Enter" && first) { e.preventDefault(); first.click(); }
  });
  const chosen = [...document.querySelectorAll("button.sit")].find((b) => Number(b.dataset.slot) === sit);
  if (chosen) chosen.focus();
}

function connect() {
  if (G.ws) { G.ws.onclose = null; G.ws.close(); }
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  G.ws = ws;
  ws.onopen = () => { G.retry = 0; send(G.want); };
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
  ws.onclose = () => {
    if (G.ws !== ws || !G.want) return;
    toast(t("reconnecting"), "link");
    if (G.token) G.want = { type: "resume", table: G.tid, token: G.token };
    setTimeout(() => { if (G.ws === ws) connect(); }, Math.min(5000, 500 * ++G.retry));
  };
}
// The server closes a socket that sends nothing for its idle timeout (told in "welcome"): a
// player or spectator who only watches pings three times per timeout (at most once a minute).
function keepAlive(idleSeconds) {
  clearInterval(G.ping);
  G.ping = idleSeconds > 0 ? setInterval(() => send({ type: "ping" }), Math.min(60000, Math.max(500, (idleSeconds * 1000) / 3))) : 0;
}
function send(msg) {
  if (G.ws && G.ws.readyState === 1) G.ws.send(JSON.stringify({ v: V, ...msg }));
  else if (msg.type !== "ping") toast(t("notSent"));  // a move made while the connection is down is not kept: said
}
function act(action) {
  if (!G.state) return;
  // one move a decision: on a slow network a second click or key, before the table answered the first, was sent too
  // and told "Error: You have no decision to make now." (or "The table moved on…"); free again once the player's
  // choices change, the move is refused, or the answer comes
  if (G.acting) return;
  if (G.ws && G.ws.readyState === 1) G.acting = true;
  G.cseq = Math.max(G.cseq, (G.state.mine && G.state.mine.last_cseq) || 0) + 1;
  store(`hkmj.cseq.${G.tid}`, G.cseq);
  send({ type: "action", cseq: G.cseq, at: G.state.seq, action });
  G.hint = null;
  // a claim on the tile on offer (HK-4.7): kept until the window is settled, to say it is waiting, and why it lost if it does
  const h = G.state.hand, legal = (G.state.mine && G.state.mine.legal) || [], tile = h && (h.offered || (h.last_discard && h.last_discard.tile));
  G.claimed = legal.includes("pass") && action !== "pass" && tile ? { action, tile: kind(tile) } : null;
}
/** Why the claim `mine` on `tile` was not played: the claim `e` another seat made on it comes first (HK-4.7, MCR-4.1, CL-3.3). */
function claimLostText(st, e, mine) {
  const who = Object.assign(document.createElement("b"), { innerHTML: playerName(st, st.hand.seat_slots[e.seat]) }).textContent;
  return t("claimLost", { mine: actionLabel(mine.action), who: /\)$/.test(who) ? `${who}, ${WINDS[lang][e.seat]},` : `${who} (${WINDS[lang][e.seat]})`, tile: tileName(mine.tile),
    theirs: t(e.claim), order: ruled(st, "claimOrder") });
}

function onMessage(m) {
  if (m.type === "welcome") {
    G.slot = m.slot;
    G.welcomed = true;
    G.starting = null; G.pressed = {}; G.acting = false;
    linkBackToast();
    store(`hkmj.at.${m.table}`, Date.now());  // when this table was last opened: the lobby lists your seats latest first
    if (m.token) { G.token = m.token; store(`hkmj.token.${m.table}`, m.token); }
    if (m.role === "player") history.replaceState({}, "", `/t/${m.table}`);
    if (m.over && G.want && (G.want.type === "join" || G.sitLink)) toast(t("overNoSeat"));  // a join link to a finished table: said
    G.sitLink = false;
    if (m.over) G.want = null;  // a finished table: its result is all there is; no reconnecting
    G.cseq = Number(stored(`hkmj.cseq.${m.table}`) || 0);
    keepAlive(m.over ? 0 : m.idle_timeout);
  } else if (m.type === "state") {
    // a full view sent again carries the hand's latest moves (docs/protocol.md): the first frame after a welcome (a
    // reconnection too), and the frame that tells a spectator the table is abandoned, or back in play: the move list
    // starts again from them, each move once (they were added to it again)
    const again = G.welcomed || (G.state && G.state.table === m.table && (G.state.status === "abandoned") !== (m.status === "abandoned"));
    G.welcomed = false;
    const fresh = !G.state || !G.state.mine || !m.mine || JSON.stringify(G.state.mine.legal) !== JSON.stringify(m.mine.legal);
    const before = G.state && G.state.table === m.table ? G.state.players : null;  // who was connected: a change of it said
    G.state = m;
    noteCommitment(m);
    if (m.mine && m.mine.remaining != null) { if (fresh || !G.deadline) { G.deadline = performance.now() + m.mine.remaining * 1000; G.total = m.config.timer; } }
    else G.deadline = 0;
    G.playedAt = (m.players || []).map((p) => (p.played_in == null ? 0 : performance.now() + p.played_in * 1000));
    // a hint answers one decision: the table moving on without the player (the decision timer played for them, or the
    // hand ended) showed it under the next one, "Your turn … — Hint: Pass", a claim's advice at their own turn
    if (fresh) { G.sel = -1; G.acting = false; G.hint = null; }
    if ((m.events || []).some((e) => e.type === "mahjong_refused")) G.acting = false;  // the decision goes on
    if (fresh) G.refusal = null;
    if (again) G.log = [];
    for (const e of m.events || []) {
      if (e.type === "mahjong_refused") { G.refusal = e.reasons || null; toast(e.reasons ? said(e.reasons) : t("refused"), "play"); }
      // a dead hand (MCR-5.4): its declarer alone gets the reason, shown until the hand ends
      if (e.type === "false_mahjong" && e.reasons) { G.dead = e.reasons; toast(said(e.reasons), "play"); }
      // the claim window settled: a claim of this player's that another seat's beat is said to them, nobody else (a
      // Mahjong ends the hand: its result says who won on the discard)
      if (e.type === "claim" && G.claimed && m.you != null && m.hand) {
        if (e.seat !== m.you && e.claim !== "mahjong" && !m.reveal) toast(claimLostText(m, e, G.claimed), "play");
        G.claimed = null;
      } else if (["discard", "hand_start"].includes(e.type)) G.claimed = null;
      if (e.type === "hand_start") { G.log = []; G.dead = null; G.open = []; }
      else if (["discard", "claim", "kong", "bonus"].includes(e.type)) { G.log.push(e); if (G.log.length > 6) G.log.shift(); }
    }
    if (m.reveal) handOverToast();
    render();
    if (!again) sayMoves(m, fresh, before);
  } else if (m.type === "hint") {
    // said too: the line that shows it is no live region, and the focus stays on Hint (a screen reader said nothing)
    G.hint = m; render(); if (G.state) say([new DOMParser().parseFromString(`${t("hintSays")}${colon()}${hintText(m, G.state)}`, "text/html").body.textContent]);
  } else if (m.type === "ack") {
    G.acting = false;
  } else if (m.type === "error") {
    if (m.ref === "action") G.acting = false;
    if (m.ref === "start" && G.starting) { G.starting = null; render(); }
    if ((m.ref === "back" || m.ref === "next") && G.pressed[m.ref]) { G.pressed[m.ref] = null; render(); }
    if (!G.state && (m.ref === "resume" || m.ref === "watch") && ["no_table", "rate_limited", "spectators_full"].includes(m.code)) { refusedInPlace(m); return; }
    // a connection refused as it opens (too many from this address, or the server full but for players): said in place
    // of the table and tried again later; it showed "Connection to the server lost: reconnecting…" and asked again
    // every few seconds for ever, the server's English reason flashing by in a toast
    if (!G.state && m.code === "too_many_connections") { refusedInPlace(m); return; }
    if (m.code === "bad_token") { unstore(`hkmj.token.${G.tid}`); G.token = null; G.want = null; if (G.ws) { G.ws.onclose = null; G.ws.close(); G.ws = null; } joinPanel(G.tid, G.state ? "" : errText(m)); }
    else if ((m.code === "seat_taken" || m.code === "name_taken" || (m.code === "rate_limited" && m.ref === "join")) && !G.state) { G.want = null; joinPanel(G.tid); }
    toast(`${t("error")}${colon()}${errText(m)}`);
    // a join refused (any other way than those above, which draw the panel anew): its seat buttons pressable again
    if (!G.state && m.code !== "saving") document.querySelectorAll("button.sit").forEach((b) => { b.disabled = false; });
  }
}

/** What a screen reader says of a state frame `m` (the page's polite live region #said, which stays while the table is
 * drawn anew): the other seats' moves in it, as the recent moves list words them ("West: discards 5 Circles"), then,
 * when a decision of the player's own begins (`fresh`: their choices changed), what is asked, with the tile drawn or
 * the choices of a claim. The table is redrawn at every frame, and nothing of it was said: a player who does not
 * see the screen heard neither the others' discards nor that it was their turn. */
function sayMoves(m, fresh, before) {
  const heard = [...sayPeople(m, before), ...(m.events || []).filter((e) => e.seat !== m.you && ["discard", "claim", "kong", "bonus", "false_mahjong"].includes(e.type))
    .map(eventText).filter(Boolean)];
  const legal = (m.mine && m.mine.legal) || [];
  if (fresh && legal.length && m.hand) {
    const h = m.hand, tile = h.offered || (h.last_discard && h.last_discard.tile);
    if (legal.some((a) => a.startsWith("discard "))) heard.push(`${t(touchOnly() ? "yourTurnTouch" : "yourTurn")}${m.mine.drawn ? ` — ${t("drew", { tile: tileName(kind(m.mine.drawn)) })}` : ""}`);
    else heard.push(`${claimQuestion(m)} ${legal.map((a) => claimLabel(a, tile)).join(", ")}`);
  }
  say(heard);
}
/** What a screen reader says of the people at the table in a state frame `m`: who sat down, who is away (a bot plays for
 * them) or back, who lost or got back their connection (`before`: the players of the frame before). These were shown
 * (the seat list, the badges "away", "offline") but never said: only moves were. The player's own seat going away or
 * coming back is said to them in the second person. */
function sayPeople(m, before) {
  const out = [], mine = (slot) => G.slot != null && slot === G.slot;
  const who = (slot) => `${nameText(m, slot)}${m.hand && m.players[slot].seat != null ? ` (${WINDS[lang][m.players[slot].seat]})` : ""}`;
  for (const e of m.events || []) {
    if (e.type === "join" && !mine(e.slot)) { out.push(t("saidJoin", { who: nameText(m, e.slot), n: e.slot + 1 })); G.newcomers.add(e.slot); }
    else if (e.type === "away") out.push(mine(e.slot) ? t(e.held ? "held" : "saidYouAway") : t(e.held ? "saidAwayHeld" : "saidAway", { who: who(e.slot) }));
    else if (e.type === "back") out.push(mine(e.slot) ? t("saidYouBack") : t("saidBack", { who: who(e.slot) }));
  }
  for (const p of before ? m.players : []) {
    const was = before[p.slot];
    if (!was || p.bot || !p.joined || !was.joined || mine(p.slot) || was.connected === p.connected) continue;
    if (G.newcomers.has(p.slot)) { if (p.connected) G.newcomers.delete(p.slot); continue; }  // seated, then connected: no news
    out.push(t(p.connected ? "saidOnline" : "saidOffline", { who: who(p.slot) }));
  }
  return out;
}
/** Give a screen reader the lines `texts` to say (#said, a polite live region; its last eight lines kept). */
function say(texts) {
  const box = $("#said");
  if (!box || !texts.length) return;
  for (const text of texts) box.append(Object.assign(document.createElement("p"), { textContent: text }));
  while (box.childElementCount > 8) box.firstElementChild.remove();
}

/** A `resume` or `watch` refused before any state: said in place of the table, in the page's language, with no
 * more tries on its own socket. A table that does not exist stays so: nothing is tried again (a refused seat token,
 * `bad_token`, goes to the join panel instead); a limit (`rate_limited`, such as `lookups`) passes: tried again once
 * its budget has a token back (`retryDelay`), and the page says when; so does a full gallery (`spectators_full`),
 * tried again after 30 s, when a spectator may have left, and a connection refused (`too_many_connections`), after 30 s. */
function refusedInPlace(m) {
  clearTimeout(G.again);
  const wait = ["rate_limited", "spectators_full", "too_many_connections"].includes(m.code) ? retryDelay(m) : 0;
  const want = wait ? G.want : null, tid = G.tid;
  G.want = null;  // no reconnecting meanwhile: the socket closed here would otherwise ask again at once
  if (G.ws) { G.ws.onclose = null; G.ws.close(); G.ws = null; }
  $("#app").innerHTML = `<section class="card" id="refused" role="alert"><p id="refused-what">${esc(errText(m))}</p>${wait
    ? `<p id="refused-retry">${esc(plural("retryIn", wait, { n: num(wait) }))}</p>` : ""}<p><a class="button" href="/">${t("toLobby")}</a></p></section>`;
  if (wait) G.again = setTimeout(() => { if (G.tid === tid && !G.state && !G.want) { G.want = want; connect(); } }, wait * 1000);
}
/** The seconds to wait before asking again after the limit `m` refused: the server's `retry_after` when it says (the
 * seconds until its budget has a token back, docs/protocol.md), else estimated: one token back of `n` a minute, 5 to 60 s
 * (30 s without `n`). */
const retryDelay = (m) => typeof m.retry_after === "number" && m.retry_after >= 1 ? Math.ceil(m.retry_after)
  : Math.min(60, Math.max(5, Math.ceil(typeof m.n === "number" && m.n > 0 ? 60 / m.n : 30)));

/** One line of the recent moves: "South: discards 5 Circles", "West: Chow 3-4-5 Characters", "East: exposes the bonus tile Plum". */
function eventText(e) {
  const who = WINDS[lang][e.seat] + colon();
  if (e.type === "discard") return `${who}${t("discards")} ${tileName(kind(e.tile))}`;
  if (e.type === "claim") return `${who}${e.claim === "mahjong" ? t("mahjong") : t(e.claim)} ${e.claim === "chow" ? tilesText(e.tiles.map(kind)) : tileName(kind(e.tiles[0]))}`;
  if (e.type === "kong") return `${who}${e.how === "concealed" ? t("ckong") : t("akong")} ${tileName(kind(e.tiles[0]))}`;
  if (e.type === "bonus") return `${who}${t("exposesBonus")} ${tileName(kind(e.tile))}`;  // HK-3.2, as the terminal says it
  if (e.type === "false_mahjong" && e.dead_hand) return `${who}${t("deadHand")}`;
  return "";
}

/** The seconds left before the table plays an absent player's turn for them ("3 s"): the badge's and the ticker's. */
const playedInText = (slot) => `${Math.ceil(Math.max(0, (G.playedAt[slot] || 0) - performance.now()) / 1000)}\u00a0s`;

/** An absent player's badge: on their turn, when the server will play it for them (``players[i].played_in``). */
function offlineBadge(slot, p) {
  if (p.played_in == null) return `<span class="badge">${t("offline")}</span>`;
  const secs = `<span class="played-in" data-slot="${slot}">${playedInText(slot)}</span>`;
  return `<span class="badge offline-turn">${t("playedIn", { s: secs })}</span>`;
}

/** Whether the tile on offer is one a player adds to a pung, which the others may rob for Mahjong (HK-4.10), not a discard. */
const robbing = (h) => h.phase === "rob" && !!h.offered;
/** What a claim asks: "Claim the discard?", or, for a tile added to a pung, who adds which and the rule (it said
 * "Claim the discard?" under "Last discard", of a tile nobody had discarded). */
const claimQuestion = (st) => {
  const h = st.hand;
  if (!robbing(h)) return t("claimQ");
  return ruled(st, "robQ", { who: WINDS[lang][h.offer_from != null ? h.offer_from : h.turn], tile: tileName(kind(h.offered)) });
};
/** A meld in words, as a claim button names it: "Pung 9 Bamboo", "Chow 5-6-7 Circles", "Concealed kong Red dragon". */
const meldLabel = (m) => {
  const kinds = m.tiles.map(kind);
  if (m.kind === "chow") return `${t("chow")} ${tilesText(kinds)}`;
  return `${t({ pung: "pung", kong: "kong", ckong: "ckong" }[m.kind] || "pung")} ${tileName(kinds[kinds.length - 1])}`;
};
/** A seat's bonus tiles (HK-3.2), a group named "Bonus tiles" (none: nothing). */
const bonusGroup = (tiles) => (tiles.length ? `<span class="bonus" role="group" aria-label="${esc(t("bonusTiles"))}">${tiles.map((x) => img(x)).join("")}</span>` : "");
function seatBox(st, seat, pos) {
  const h = st.hand, slot = h.seat_slots[seat], p = st.players[slot];
  const me = st.you === seat;
  const pond = h.discards[seat].map((id) => img(id, h.last_discard && h.last_discard.tile === id ? "last" : "")).join("");
  // each meld, the tiles a hand hides and the pond named as groups (the terminal's words): a screen reader read a
  // seat's melds and its discards as one run of tile names, and nothing of the tiles it holds
  const melds = h.melds[seat].map((m) => `<span class="meld" role="group" aria-label="${esc(meldLabel(m))}">${m.tiles.map((x) => img(x)).join("")}</span>`).join("");
  const bonus = h.bonus[seat].map((x) => img(x)).join("");
  const flags = [seat === 0 ? `<span class="dealer">${t("dealer")}</span>` : "", p.away ? `<span class="badge">${t(p.held ? "awayHeld" : "away")}</span>` : "",
    p.bot && p.name ? `<span class="badge">${esc(botLabel(p.bot))}</span>` : "", !p.bot && !p.connected && p.joined ? offlineBadge(slot, p) : ""].join("");
  const turn = h.phase !== "over" && h.turn === seat;
  return `<div class="seat ${pos} ${turn ? "turn" : ""}" data-seat="${seat}">
    <div class="who"><span class="wind">${WINDS[lang][seat]}</span><b>${playerName(st, slot)}</b>${flags}
      <span class="muted light">${t("total")} ${p.total}</span></div>
    <div class="tiles small">${melds}${bonus}${me ? "" : `<span class="tiny tiles" role="img" aria-label="${esc(plural("inHand", h.concealed_counts[seat]))}">${back(h.concealed_counts[seat])}</span>`}</div>
    <div class="tiles small pond" data-seat="${seat}" role="group" aria-label="${esc(t("pond"))}">${G.open.includes(seat) ? `<button class="earlier" aria-expanded="true" title="${esc(t("pondFewer"))}" aria-label="${esc(t("pondFewer"))}">\u2212</button>` : ""}${pond}</div></div>`;
}

/** A pond longer than its rows (`--pond-rows` in the CSS: two, four in a side seat at desktop width, one on a phone) shows its newest
 * discards after a count of the earlier ones ("+7"), as the terminal does, so the latest discard, the only one that may be
 * claimed (HK-4.1), stays in view and the hand and its buttons below stay where they were, however long the hand; the
 * count is a button that shows the whole pond (and a "−" in front of it shows the newest again). Measured once drawn:
 * how many tiles fit depends on the width. */
function fitPonds() {
  document.querySelectorAll(".pond").forEach((pond) => {
    const seat = Number(pond.dataset.seat);
    if (G.open.includes(seat)) return;
    const rows = Number(getComputedStyle(pond).getPropertyValue("--pond-rows")) || 2;
    const lines = () => {  // a line starts with the first box below the bottom of the line before (the count is taller)
      let n = 0, bottom = -Infinity;
      for (const el of pond.children) {
        if (el.offsetTop >= bottom - 1) { n += 1; bottom = el.offsetTop + el.offsetHeight; } else bottom = Math.max(bottom, el.offsetTop + el.offsetHeight);
      }
      return n;
    };
    if (lines() <= rows) return;
    const tiles = () => Array.from(pond.querySelectorAll("img.tile"));
    const all = tiles(), perLine = all.filter((el) => el.offsetTop === all[0].offsetTop).length;
    const count = document.createElement("button");
    count.className = "earlier"; count.setAttribute("aria-expanded", "false");
    count.textContent = `+${all.length}`;  // as wide as the count can be while it is found
    pond.prepend(count);
    let hidden = 0;
    const drop = (n) => { for (const el of tiles().slice(0, n)) { el.remove(); hidden += 1; } };
    drop(all.length - Math.max(1, rows * perLine - 2));  // the count takes about two tiles' room; then one at a time
    while (lines() > rows && tiles().length > 1) drop(1);
    count.textContent = `+${hidden}`;
    count.title = plural("earlier", hidden); count.setAttribute("aria-label", count.title);
  });
  document.querySelectorAll(".pond button.earlier").forEach((b) => b.addEventListener("click", () => {
    const seat = Number(b.closest(".pond").dataset.seat);
    G.open = G.open.includes(seat) ? G.open.filter((s) => s !== seat) : [...G.open, seat];
    render();
  }));
}

/** A table saved as abandoned (docs/server.md): what it means, above the table, where a phone still shows it whole
 * (the page's title line is cut at its width); nothing for a table in play. */
const abandonedNote = (status) => (status === "abandoned" ? `<div class="abandoned" id="abandoned" role="status">${t("abandonedWhy")}</div>` : "");

/** A screen one touches, with no mouse and (as a rule) no keyboard: a phone or tablet, told to tap a tile. */
const touchOnly = () => window.matchMedia("(pointer: coarse)").matches && !window.matchMedia("(any-pointer: fine)").matches;

function render() {
  const st = G.state;
  if (!st) return;
  $("#help-link").href = helpHref(st);
  document.title = `${ruled(st, "pageTitle")} · ${st.table} — hkmj`;  // the table's own ruleset
  // the hand's number never a line's first word (a phone's header wraps the line: "Donne" over "7")
  $("#title").textContent = `${st.table}${st.hand ? ` · ${t("hand")}\u00a0${st.hand.number}` : ""}${st.status === "over" ? ` · ${t("matchOver")}` : st.status === "abandoned" ? ` · ${t("abandoned")}` : ""}`;
  const abandoned = abandonedNote(st.status);
  if (!st.hand) {
    if (st.status === "over") { $("#app").innerHTML = `<div id="reveal" class="static">${finalCard(st)}</div>`; return; }
    const share = shareLink(st.table);
    $("#app").innerHTML = `${abandoned}<section class="card"><h2>${t(st.status === "abandoned" ? "abandonedBefore" : "waiting")}</h2>
      ${seatList(st.players)}
      <p><label>${t("shareLink")} <input class="share" readonly value="${esc(share)}"></label> <button id="copy">${t("copy")}</button></p>
      ${st.mine && mayStart(st) ? `<button class="primary" id="start">${t("startBots")}</button>` : ""}</section>`;
    // "copied" only once it is: a page served over plain http has no clipboard, and a browser may refuse the copy;
    // then the link is selected for the player to copy
    const byHand = () => { const box = $("input.share"); if (box) { box.focus(); box.select(); } toast(t("copyByHand")); };
    $("#copy").onclick = () => {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(share).then(() => toast(t("copied")), byHand);
      else byHand();
    };
    // pressed once: on a slow network a second press, before the table was dealt, was told "Error: Nothing to do: that is
    // done already"; pressable again if the start is refused, or after a reconnection (the state then says if it started)
    const start = $("#start");
    if (start) {
      start.disabled = G.starting === st.table;
      start.onclick = () => {
        if (start.disabled) return;
        if (G.ws && G.ws.readyState === 1) { start.disabled = true; G.starting = st.table; }
        send({ type: "start" });  // not connected: said ("not sent"), and the button stays pressable
      };
    }
    return;
  }
  const h = st.hand, me = st.you, view = me == null ? 0 : me, mine = st.mine;
  const wasOpen = !!$("#reveal:not(.static)"), focused = focusKey(document.activeElement);  // the end-of-hand dialog before this drawing
  const onBoard = !!(document.activeElement && document.activeElement.closest && document.activeElement.closest("#board"));
  const firstBoard = !$("#board");  // the table drawn for the first time on this page (after Create, Sit, a reload)
  const kept = revealKept();
  if (st.reveal && !wasOpen) G.opener = focused;  // where the focus goes back to when the dialog closes
  const legal = (mine && mine.legal) || [];
  const discards = legal.filter((a) => a.startsWith("discard "));
  const others = legal.filter((a) => !a.startsWith("discard "));
  let handHtml = "";
  if (mine) {
    const tiles = mine.concealed.filter((x) => x !== mine.drawn);
    const order = mine.drawn ? [...tiles, mine.drawn] : tiles;
    handHtml = `<div class="hand" id="hand" role="group" tabindex="-1" aria-label="${t("mine")}">${order.map((id, i) => {
      const can = discards.includes(`discard ${kind(id)}`);
      return `${mine.drawn && i === order.length - 1 ? '<span class="gap"></span>' : ""}<button class="t ${i === G.sel ? "sel" : ""}" data-i="${i}" data-tile="${esc(id)}" ${can ? "" : "disabled"} aria-label="${esc(can ? actionLabel(`discard ${kind(id)}`) : tileName(kind(id)))}">${img(id)}</button>`;
    }).join("")}</div>`;
    G.order = order;
  }
  const asked = mine && !legal.length && G.claimed && ["claim", "rob"].includes(h.phase) ? t("claimSent", { what: actionLabel(G.claimed.action) }) : "";
  const prompt = mine && legal.length ? (discards.length ? t(touchOnly() ? "yourTurnTouch" : "yourTurn") : claimQuestion(st)) : asked;
  const refusal = [G.refusal, G.dead].filter(Boolean).map((r) => `<div class="refusal">${esc(said(r))}</div>`).join("");
  const hint = G.hint ? ` — ${t("hintSays")}${colon()}${hintText(G.hint, st)}` : "";
  const offered = h.offered ? `<div class="bigtile">${img(h.offered)}</div>` : h.last_discard ? `<div class="bigtile">${img(h.last_discard.tile)}</div>` : "";
  // the buttons and the line that says what is asked, together: on a phone (up to 700 px wide, or held sideways), while
  // the player has a decision to make (a claim, their own turn), while their seat is away ("I'm back") and while a claim
  // they asked for waits for the window to close, fixed at the foot of the screen (style.css, padForBar): at the end of
  // the page, after the player's own seat, a player coming back to a phone held sideways saw "I'm back" only by scrolling;
  // while a bot holds the seat until the next hand, the line that says so is there too (it was under the page's end)
  const comeBack = mine && mine.away && !mine.held, backSent = comeBack && G.pressed.back;
  const held = mine && mine.held ? `<div class="refusal" id="held">${esc(t("held"))}</div>` : "";
  // at a claim, the tile on offer beside its buttons: a phone held sideways shows it there (style.css), where the hand's
  // tray lies over the centre of the table (at 568×320 it hid the tile the player was asked to claim)
  const onOffer = legal.includes("pass") && (h.offered || (h.last_discard && h.last_discard.tile));
  const actions = mine ? `<div class="foot${legal.length || comeBack || asked || held ? " asked" : ""}"><div class="actions">
      ${onOffer ? `<span class="offer">${img(onOffer, "last")}</span>` : ""}
      ${others.map((a) => claimButton(a, h.offered || (h.last_discard && h.last_discard.tile))).join("")}
      ${mine.can_declare && st.config.teaching && !legal.includes("mahjong") ? `<button data-action="mahjong">${t("declare")}</button>` : ""}
      ${legal.length && st.config.hints !== false ? `<button id="hint">${t("hint")}</button>` : ""}
      ${comeBack ? `<button class="primary" id="back"${backSent ? " disabled" : ""}>${t("back")}</button>` : ""}
      ${G.deadline ? `<span class="bar" aria-hidden="true"><i id="timebar"></i></span><span id="secs"></span>` : ""}
      ${mine.bank != null && !mine.held ? `<span class="bank" id="bank" title="${esc(t("bankWhy"))}">${t("bank")}${colon()}${Math.floor(mine.bank)}\u00a0s</span>` : ""}
    </div><div class="msg">${esc(prompt)}${hint}</div>${held}</div>${refusal}` : "";
  const watching = me == null ? `<div class="spectating" id="spectating">${t("spectating")}</div>` : "";
  const behind = st.reveal ? " inert" : "";  // behind the end-of-hand dialog: neither focused nor read
  $("#app").innerHTML = `${watching}${abandoned}<div id="board" tabindex="-1"${behind}>
    ${seatBox(st, (view + 2) % 4, "top")}${seatBox(st, (view + 3) % 4, "left")}
    <div class="center"><div class="state"><div>${t("prevailing")}${colon()}<b>${WINDS[lang]["ESWN".indexOf(h.prevailing)]}</b> · ${t("hand")}\u00a0${h.number}</div>
      <div>${t("wall")}${colon()}<b id="live">${h.live}</b>${deadWall(st)}</div></div>
      <div class="muted rulesline">${esc(rulesLine(st.config))}</div>
      <div class="lastd"><div class="muted light">${t(robbing(h) ? "robOffer" : offered ? "lastDiscard" : "noDiscard")}</div>${offered}</div>
      <div class="log muted light" id="recent" role="group" aria-label="${esc(t("recent"))}">${G.log.map((e) => `<div>${esc(eventText(e))}</div>`).join("")}</div>
      <div class="commit" title="${t("commitment")}">${t("commitment")}${colon()}${h.commitment.slice(0, 16)}…</div></div>
    ${seatBox(st, (view + 1) % 4, "right")}
    <div class="seat me ${h.phase !== "over" && h.turn === view ? "turn" : ""}">${seatBox(st, view, "inner").replace('class="seat inner', 'class="inner')}${handHtml}${actions}</div>
  </div><p class="muted rules-below"${behind}>${esc(rulesLine(st.config))}</p>
  <p class="commit commit-below"${behind}>${t("commitment")}${colon()}${h.commitment}</p>${st.reveal
    ? `<div id="reveal" role="dialog" aria-modal="true" aria-labelledby="reveal-title" tabindex="-1">${revealCard(st)}</div>` : ""}`;
  document.querySelectorAll("#hand button.t").forEach((b) => b.addEventListener("click", () => act(`discard ${kind(b.dataset.tile)}`)));
  document.querySelectorAll("[data-action]").forEach((b) => b.addEventListener("click", () => act(b.dataset.action)));
  if ($("#hint")) $("#hint").onclick = () => send({ type: "hint" });
  // "I'm back" and "Next hand" pressed once: on a slow network a second press, before the answer to the first, was
  // told "Error: Nothing to do: that is done already." (back) or "Error: … the hand is not over" over the next hand
  if (!comeBack) G.pressed.back = false;
  once("#back", "back", () => { G.pressed.back = true; });
  once("#next", "next", () => { G.pressed.next = st.reveal.commitment; $("#next").textContent = t("ready"); });
  fitPonds();
  if (st.reveal) verifyWall(st);  // a wall already checked says so at once, before the panel is scrolled back
  revealRestore(kept);
  dialogFocus(st, wasOpen, focused);
  if (!wasOpen && !st.reveal) boardFocus(focused, onBoard);
  // a table newly drawn over the control that had the focus (Create table, Sit at seat N, pressed with Enter) left it on
  // the page itself: a keyboard player's Tab went through the header to reach their hand, and a screen reader said
  // nothing of the table; it goes to the hand (the table for a spectator)
  if (firstBoard && !st.reveal && (!document.activeElement || document.activeElement === document.body)) {
    const to = $("#hand") || $("#board");
    if (to) to.focus({ preventScroll: true });
  }
  tick();
}

/** The button `sel` sends `type` when pressed, once: `mark` notes it sent (the drawing keeps it disabled until the
 * server's answer); not connected, the press is said not sent, and the button stays pressable. */
function once(sel, type, mark) {
  const b = $(sel);
  if (!b) return;
  b.onclick = () => {
    if (b.disabled) return;
    if (G.ws && G.ws.readyState === 1) { mark(); b.disabled = true; }
    send({ type });
  };
}

/** A selector that finds the focused control again once the page is drawn anew (null: none, or the page itself). */
/** What the reader of the end-of-hand dialog has done to it: the parts they opened (the wall's check, a player's
 * score) and how far they scrolled. Another player's "next", or the match's end, draws the dialog again; drawn
 * from scratch, it closed them and went back to the top under the reader's eyes. */
function revealKept() {
  const box = $("#reveal:not(.static)"), card = box && box.querySelector("#scoring");
  if (!card) return null;
  return { hand: card.dataset.hand, open: Array.from(card.querySelectorAll("details[open]")).map(detailsKey), top: box.scrollTop };
}
const detailsKey = (d) => d.id || `own-${d.closest("tr") ? d.closest("tr").rowIndex : ""}`;
function revealRestore(kept) {
  const box = $("#reveal:not(.static)"), card = box && box.querySelector("#scoring");
  if (!kept || !card || card.dataset.hand !== kept.hand) return;  // another hand's dialog starts closed, at the top
  for (const d of card.querySelectorAll("details")) if (kept.open.includes(detailsKey(d))) d.open = true;
  box.scrollTop = kept.top;
}
function focusKey(el) {
  if (!el || el === document.body || el === document.documentElement) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  if (el.tagName === "SUMMARY" && el.parentElement && el.parentElement.id) return `#${CSS.escape(el.parentElement.id)} > summary`;
  if (el.dataset && el.dataset.action) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.dataset && el.dataset.i != null && el.closest("#hand")) return `#hand button[data-i="${CSS.escape(el.dataset.i)}"]`;
  if (el.classList.contains("earlier") && el.closest(".pond")) return `.pond[data-seat="${CSS.escape(el.closest(".pond").dataset.seat)}"] button.earlier`;
  return null;
}

/** The end-of-hand result is a modal dialog: as it opens the focus moves into it (onto the dialog itself, so it is read from
 * its title and Enter still deals the next hand); while it is open every drawing keeps the focus on the same control, or
 * back on the dialog; when it closes (the next hand dealt) the focus goes back where it was, else to the hand. */
function dialogFocus(st, wasOpen, focused) {
  const box = $("#reveal:not(.static)");
  if (box) {
    const again = wasOpen && focused ? box.querySelector(focused) : null;
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else if (!box.contains(document.activeElement)) box.focus({ preventScroll: true });
  } else if (wasOpen) {
    const back = [G.opener && document.querySelector(G.opener), $("#hand"), $("#board")].find((el) => el && !el.disabled);
    G.opener = null;
    if (back) back.focus({ preventScroll: true });
  }
}

/** Each drawing of the table replaces its controls: the focus stays on the same control drawn again (Hint, a claim
 * button, a tile, a pond's count), else, when the control it was on is gone or disabled (a claim settled, a tile
 * discarded), on the player's hand, so that Tab goes on from there. It fell to the page itself: after Hint, or any move
 * of another player, a keyboard player had no focus ring and started again from the header. */
function boardFocus(focused, onBoard) {
  if (!onBoard) return;
  const again = focused && document.querySelector(focused);
  const to = again && !again.disabled ? again : $("#hand") || $("#board");
  if (to && to !== document.activeElement) to.focus({ preventScroll: true });
}

/** Tab and Shift+Tab stay inside the end-of-hand dialog, going round its controls. */
document.addEventListener("keydown", (e) => {
  const box = $("#reveal:not(.static)");
  if (e.key !== "Tab" || !box) return;
  const stops = Array.from(box.querySelectorAll('a[href], button:not([disabled]), summary, input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'))
    .filter((el) => el.getClientRects().length > 0);
  const at = document.activeElement, first = stops[0], last = stops[stops.length - 1];
  if (!stops.length) box.focus();
  else if (!box.contains(at) || at === box) (e.shiftKey ? last : first).focus();
  else if (e.shiftKey && at === first) last.focus();
  else if (!e.shiftKey && at === last) first.focus();
  else return;  // the browser moves to the next control inside
  e.preventDefault();
});


/** The final ranking of a finished match (HK-7.3: equal totals share a rank). */
function rankingHtml(st) {
  const m = st.match;
  return `<h3>${t("ranking")}</h3><table id="ranking"><tr><th>${t("rank")}</th><th>${t("player")}</th><th class="num">${t("totalH")}</th></tr>
    ${st.players.map((p, i) => ({ p, r: m.ranking[i] })).sort((a, b) => a.r - b.r).map(({ p, r: rk }) => `<tr><td>${rk}</td><td>${playerName(st, p.slot)}</td><td class="num">${p.total}</td></tr>`).join("")}</table>`;
}

/** "Review this match" for a player of a finished match: a form that posts the player's own seat token, so the
 * server shows that seat's review only, and the client's language (the page in English or French);
 * opened in a new tab. */
function reviewForm(st) {
  if (!G.token || G.slot == null) return "";
  return `<form id="review-form" method="post" action="/t/${encodeURIComponent(G.tid)}/review" target="_blank">
    <input type="hidden" name="token" value="${esc(G.token)}"><input type="hidden" name="lang" value="${lang}"><button type="submit" class="button" id="review">${t("review")}</button></form>`;
}

/** The finished table's log (GET /api/tables/<id>/log, seat tokens left out) for anyone who saw the match end, players
 * and spectators: the record `hkmj review` and `hkmj replay` read, which the page offered no way to save. */
function logLink() {
  const id = encodeURIComponent(G.tid);
  return `<a class="button" id="game-log" href="/api/tables/${id}/log" download="hkmj-table-${esc(G.tid)}.jsonl" title="${esc(t("gameLogWhy"))}">${t("gameLog")}</a>`;
}

/** A finished match whose last hand is not available: just the ranking. */
function finalCard(st) {
  return `<section class="card" id="scoring"><h2>${t("matchOver")}</h2>${rankingHtml(st)}${reviewForm(st)}${logLink()}<a class="button" href="/">${t("newTable")}</a></section>`;
}

/** Why each payment is what it is (HK-6, base points and payments): self-drawn win, everyone pays double the base;
 * on a discard the discarder (or the player whose kong was robbed) pays double, the others the base; under the
 * house option payment=half-shooter the discarder pays 4 × the base for everyone and the others nothing. */
function payReason(win, seat, paid) {
  if (seat === win.seat) return t("receives");
  if (win.fan_points != null) {  // MCR-8: the total plus 8 from the discarder (everyone on a self-draw), 8 from the others
    const own = -win.payments[seat], full = win.win === "self_draw" || seat === win.from;
    const why = full ? `${win.points} + 8 — ${t(win.win === "self_draw" ? "whySelfMcr" : win.win === "robbed_kong" ? "whyRobbedMcr" : "whyDiscarderMcr")}` : `8 — ${t("whyOtherMcr")}`;
    return paid === own ? why : `${why}; ${t("deadFineMcr")}`;  // a dead hand's fine settled in the same hand (MCR-5.4)
  }
  if (win.win !== "self_draw" && win.base != null && (seat === win.from ? paid === 4 * win.base : paid === 0)) {  // half-shooter
    return seat === win.from ? `${t("payQuad", { base: win.base })} — ${t(win.win === "robbed_kong" ? "whyShooterRobbed" : "whyShooter")}` : t("whyNothing");
  }
  const double = win.win === "self_draw" || seat === win.from;
  if (win.base == null || paid !== (double ? 2 : 1) * win.base) return "";  // a settlement these rules do not describe: the amount says it
  const why = win.win === "self_draw" ? t("whySelf") : seat === win.from ? t(win.win === "robbed_kong" ? "whyRobbed" : "whyDiscarder") : t("whyOther");
  return `${t(double ? "payDouble" : "paySingle", { base: win.base })} — ${why}`;
}

/** The house options of a Hong Kong table `st` that made the base of the win `win` other than HK-6's table gives, in
 * words, or "": a fan table of its own ("doubling"), a limit from other than 10 fan when the hand reached it, a base value
 * other than 1. "Base 6 points from 1 fan (HK-6)" was said at a table with base value 3, where HK-6 gives 2 for 1 fan. */
function houseBase(st, win) {
  const o = (st && st.config && rulesOf(st) === "hk" && st.config.options) || {}, out = [];
  const short = (k, v, unit) => T[lang].houseShort[`hk.${k}`].replace("{v}", String(v)).replace("{fan}", unitWord(unit, Number(v)));
  if (o.table != null && String(o.table) !== "seed") out.push(houseValue("hk", "table", o.table));
  const limit = Number(o.limit);
  if (o.limit != null && limit !== 10 && !win.limit && win.fan >= Math.min(limit, 10)) out.push(short("limit", limit, "unitFan"));
  if (o.base != null && Number(o.base) !== 1) out.push(short("base", o.base, "unitFan"));
  return out.join(", ");
}

/** The sentence above the payments that says how they are made: the base from the fan (HK-6); the server's
 * sentence, the terminal's, for the total plus 8 (MCR-8) and every player settling with every other (CL-7; the
 * option "pay the highest score", CL-7.4), its {winner} and {whom} the players' names. */
function payRule(st, win, name) {
  if (win.base != null) {
    const house = houseBase(st, win), words = { points: plural("pts", win.base), fan: `${win.fan} ${unitWord("unitFan", win.fan)}` };
    return `<p>${house ? esc(t("baseHouse", { ...words, rules: house })) : t("baseFrom", words)}</p>`;
  }
  if (!win.pay_rule) return "";
  const names = { winner: name(win.seat), whom: win.from == null ? "" : name(win.from) };
  // a name said in passing, " (Ann)"; a bot's, which has its own brackets, between commas: ", Bot 3 (greedy),", not "(Bot 3 (greedy))"
  const aside = (who) => (/\)(<\/bdi>)?$/.test(who) ? `, ${who},` : ` (${who})`);
  return `<p>${esc(said(win.pay_rule)).replace(/ \(\{(winner|whom)\}\)|\{(winner|whom)\}/g, (all, k, bare) => (bare ? names[bare] : aside(names[k])))}</p>`;
}

/** A scoring item with how many times it counts, escaped: the server's words (`counted`, the terminal's: "2 flowers
 * or seasons" at a classical table, a count that does not read as the doubling "Own flower (×2)"), else its name
 * and ` ×n`. */
function counted(it) {
  if (it.counted) return esc(said(it.counted));
  return `${esc(it.names ? said(it.names) : it.name)}${it.count > 1 ? ` ×${it.count}` : ""}`;
}

/** Where every player scores (classical, CL-5.4): seat `seat`'s own points, doubles and score, from the win event;
 * for a player other than the winner (whose items are in the table above), what they are made of behind it, one
 * click away: its point lines added up, the doubles that multiply them, the limit when it caps (CL-5.1, CL-5.2, CL-6.2). */
function ownScore(win, seat) {
  const total = t("own", { points: plural("pts", win.seat_points[seat]), doubles: plural("dbl", win.seat_doubles[seat]), score: win.hand_scores[seat] });
  const sc = win.seat_scoring && win.seat_scoring[seat];
  if (!sc || seat === win.seat || !sc.lines.length) return total;
  let line = t("ownLines", { lines: sc.lines.map((l) => `${counted(l)}\u00a0${l.points * l.count}`).join(" + "), points: sc.points });
  if (sc.doubles_by.length) {
    const by = sc.doubles_by.map((d) => counted(d)).join(", ");
    line += t("ownDoubled", { doubles: by, points: sc.points, factor: 2 ** sc.doubles, score: sc.points * 2 ** sc.doubles });
  }
  if (sc.capped) line += t("ownCapped", { score: sc.score });
  return `<details class="own"><summary>${total}</summary><span class="items">${line}</span></details>`;
}

/** A fan table's win (HK-6): each element and its fan, the total (its row "Total fan", as the terminal's: it was "Fan",
 * the column's own heading, read as one more element), a limit hand, the base; a hand with no element (0 fan, which
 * still wins where no minimum is set) says so. */
function fanTable(win) {
  return `<table><tr><th>${t("element")}</th><th class="num">${t("fan")}</th></tr>
      ${win.items.map((it) => `<tr><td>${esc(it.names ? said(it.names) : it.name)}</td><td class="num">${it.fan}</td></tr>`).join("")}
      ${win.items.length || win.limit ? "" : `<tr><td colspan="2">${t("noElement")}</td></tr>`}
      <tr><th>${t("totalFan")}</th><th class="num">${win.fan}</th></tr>
      ${win.limit ? `<tr><td colspan="2"><b>${t("limit")}${colon()}${esc(win.limit_names ? said(win.limit_names) : win.limit)}</b></td></tr>` : ""}
      <tr><td>${t("base")}</td><td class="num">${win.base}</td></tr></table>`;
}

function revealCard(st) {
  const r = st.reveal, h = st.hand, name = (seat) => playerName(st, h.seat_slots[seat]);
  const dead = r.dead_hands || [];  // a dead hand's fine is paid even when the hand is drawn (MCR-5.4)
  let title = t(dead.length ? "drawFined" : "draw"), win = null;
  let detail = `<p>${dead.length ? dead.map((d) => t("deadSettled", { name: name(d.seat), amount: d.amount })).join(" ") : ruled(st, st.status === "over" ? "nobodyPaysEnd" : "nobodyPays")}</p>`;
  const fm = r.end.find((e) => e.type === "false_mahjong");
  win = r.end.find((e) => e.type === "win") || null;
  if (win) {
    const how = win.win === "self_draw" ? t("selfDrawn") : elided(`${win.win === "robbed_kong" ? t("robbed") : t("onDiscard")} ${name(win.from)}`);
    title = `${WINDS[lang][win.seat]} · ${name(win.seat)} ${t("win")} — ${how}`;
    detail = `<p class="wintile">${t("winningTile")}${colon()}${img(win.tile, "win")} <b>${esc(tileName(win.tile))}</b></p>
      ${win.points != null  // a points table (MCR): each fan once with its count, the total and (MCR-5.1) the points without flowers, as the terminal heads them
      ? `<table><tr><th>${ruled(st, "element")}</th><th class="num">${t("points")}</th></tr>
      ${win.items.map((it) => `<tr><td>${counted(it)}</td><td class="num">${it.points * it.count}</td></tr>`).join("")}
      <tr><th>${esc(said(win.total_names))}</th><th class="num">${win.points}</th></tr>
      ${win.minimum ? `<tr><td>${esc(said(win.minimum.names))}</td><td class="num">${win.minimum.value}</td></tr>` : ""}</table>`
      : fanTable(win)}`;
  } else if (fm) {
    title = `${t("falseMj")}${colon()}${name(fm.seat)}`;
    const why = st.you === fm.seat && fm.reasons ? `<p>${esc(said(fm.reasons))}</p>` : "";
    const fine = falseFine(fm), d = paidDouble(fm);  // what this declarer paid, seat by seat (HK-5.7, CL-7.7)
    const pays = d >= 0 ? ruled(st, "falsePaysDiscard", { name: name(fm.seat), whom: name(d), amount: fine, double: fm.payments[d] })
      : ruled(st, "falsePays", { name: name(fm.seat), amount: fine });
    detail = `${why}<p>${pays}</p>`;
  }
  // several Mahjong claims on the tile that ended the hand: who took it and by which rule, for every player (HK-4.7,
  // MCR-4.2, CL-3.3; a false first claim decides alone, R-6, CL-7.7)
  const claims = r.mahjong_claims || [], ended = win || fm;
  if (claims.length > 1 && ended && ended.from != null) {
    const by = { players: t(`claimers${claims.length}`), who: name(claims[0]), from: name(ended.from) };
    detail = `<p id="claims">${elided(ruled(st, win ? "claimsWon" : "claimsFalse", by))}</p>${detail}`;
  }
  const hands = [0, 1, 2, 3].map((s) => {
    let marked = false;
    const concealed = r.concealed[s].slice().reverse().map((x) => {  // mark one copy of the winning tile
      const w = win && s === win.seat && !marked && kind(x) === win.tile; if (w) marked = true; return img(x, w ? "win" : "");
    }).reverse().join("");
    // the concealed tiles, each meld and the bonus tiles named as groups, as the play view's seats name them: a screen
    // reader read a hand's concealed tiles, its melds and its flowers as one run of tile names
    return `<tr><td>${WINDS[lang][s]} · ${name(s)}</td><td><span class="tiles small"><span class="concealed" role="group" aria-label="${esc(t("concealed"))}">${concealed}</span>
      ${h.melds[s].map((m) => `<span class="meld" role="group" aria-label="${esc(meldLabel(m))}">${m.tiles.map((x) => img(x)).join("")}</span>`).join("")}${bonusGroup(h.bonus[s])}</span></td></tr>`;
  }).join("");
  const pays = [0, 1, 2, 3].map((s) => `<tr><td>${WINDS[lang][s]} · ${name(s)}</td><td class="why">${win ? (win.seat_points ? ownScore(win, s) : payReason(win, s, -r.payments[s])) : ""}</td>
      <td class="num ${r.payments[s] > 0 ? "pos" : r.payments[s] < 0 ? "neg" : ""}">${r.payments[s] > 0 ? "+" : ""}${r.payments[s]}</td></tr>`).join("");
  const over = st.match && st.match.over;
  const ready = st.mine && (st.mine.ready || G.pressed.next === r.commitment);  // asked for, its answer on its way
  return `<section class="card" id="scoring" data-hand="${esc(r.commitment)}"><h2 id="reveal-title">${over ? t("matchOver") : t("revealTitle")}</h2>${over ? rankingHtml(st) : ""}<h3>${title}</h3>${detail}
    <h3>${t("handsTitle")}</h3><table id="hands">${hands}</table>
    <h3>${t("payments")}</h3>${win ? payRule(st, win, name) : ""}<table id="payments">${pays}</table>
    <details class="commit" id="verify"><summary>${t("verify")}</summary><span id="verdict"></span>${t("verifyHow")}<br>${t("salt")} ${esc(r.salt)}<br>${t("commitment")} ${esc(r.commitment)}${r.wall ? `<label class="hashed">${t("hashed")}<textarea readonly rows="3" id="hashed">${esc(`${r.salt}:${r.wall.join(" ")}`)}</textarea></label>` : ""}</details>
    ${st.mine && !over ? `<button class="primary" id="next" ${ready ? "disabled" : ""}>${ready ? t("ready") : t("next")}</button>` : ""}
    ${over ? `${reviewForm(st)}${logLink()}<a class="button" href="/">${t("newTable")}</a>` : ""}</section>`;
}

/** The commitments this browser saw published at each hand's start (by table, hand number): the first one seen
 * for a hand is kept, across reloads, so the end of the hand is checked against what was said before play. */
const seenCommitments = (tid) => {
  try { return JSON.parse(stored(`hkmj.commit.${tid}`) || "{}") || {}; } catch { return {}; }
};
function noteCommitment(m) {
  if (!m.hand || m.reveal || !m.hand.commitment) return;
  const seen = seenCommitments(m.table);
  if (seen[m.hand.number] != null) return;  // the first published is the one that counts
  seen[m.hand.number] = m.hand.commitment;
  const kept = Object.keys(seen).map(Number).sort((a, b) => b - a).slice(0, 8);  // the latest hands only
  // a full storage threw here, in the middle of the frame: the table was drawn no more (store makes room, or keeps
  // the commitments in this page)
  store(`hkmj.commit.${m.table}`, JSON.stringify(Object.fromEntries(kept.map((n) => [n, seen[n]]))));
}

/** The wall check of a finished hand (HK-2, docs/protocol.md "Wall commitment"): SHA-256(salt:wall) must be the
 * commitment published when the hand began, as this page saw it then (not merely the copy the result carries). */
async function verifyWall(st) {
  const r = st.reveal, seen = seenCommitments(st.table)[st.hand.number];
  const key = `${r.commitment}/${seen || ""}`;
  const show = () => {
    const el = $("#verdict"), v = G.verify[key];
    if (!el || v == null) return;
    const ok = v === "ok" || v === "late";
    el.innerHTML = `<b class="${ok ? "pos" : "neg"}">${esc(ok ? t(v === "ok" ? "verified" : "verifiedLate")
      : `${t("notVerified")}${colon()}${v === "hash" ? t("badHash") : t("otherCommitment", { seen: seen.slice(0, 16) })}`)}</b><br>`;
  };
  if (G.verify[key] != null) { show(); return; }
  if (!(window.crypto && crypto.subtle) || !r.wall) return;
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${r.salt}:${r.wall.join(" ")}`));
  const hex = Array.from(new Uint8Array(buf)).map((b) => b.toString(16).padStart(2, "0")).join("");
  G.verify[key] = hex !== r.commitment ? "hash" : seen == null ? "late" : seen === r.commitment ? "ok" : "other";
  show();
}

/** On a phone the buttons of a decision (a claim, the player's own turn) and the line that says what is asked are
 * fixed at the foot of the screen (style.css), and so are "I'm back" while the seat is away and the line that says a
 * claim asked for waits: the page gets as much room below its end, so that what ends it (the
 * player's hand) can still be scrolled above the bar, and the bar's height is `--bar`, where the hand stops (sticky)
 * when the bar would cover it. On a phone held sideways the hand itself is fixed there, at `--bar` (above the bar):
 * the room below the page's end is both heights, so that the player's own seat and pond scroll above the hand. */
function padForBar() {
  const height = (el) => (el && getComputedStyle(el).position === "fixed" ? Math.ceil(el.getBoundingClientRect().height) : 0);
  const bar = height(document.querySelector(".foot")), hand = height(document.querySelector("#hand"));
  const pad = bar + hand ? `${bar + hand}px` : "", above = bar ? `${bar}px` : "";
  if (document.body.style.paddingBottom !== pad) document.body.style.paddingBottom = pad;
  if (document.documentElement.style.getPropertyValue("--bar") !== above) document.documentElement.style.setProperty("--bar", above);
}

function tick() {
  for (const el of document.querySelectorAll(".played-in")) el.textContent = playedInText(+el.dataset.slot);
  const bar = $("#timebar"), secs = $("#secs");
  if (bar && G.deadline) {
    const left = Math.max(0, G.deadline - performance.now());
    bar.style.width = `${Math.min(100, (100 * left) / (G.total * 1000))}%`;
    secs.textContent = ` ${Math.ceil(left / 1000)} s`;
  }
  padForBar();  // last: the seconds, written into a bar just drawn, may take a line of their own
}
setInterval(tick, 200);

/** The keys `c` and `k`, as in the terminal: the one chow (or kong) on offer is taken; with several (a key cannot tell
 * which), the first one's button gets the focus and the player is told to choose with Tab and Enter, or a click. */
function claimKey(key, legal) {
  const ours = legal.filter((a) => (key === "c" ? /^chow /.test(a) : /^(kong|concealed kong|added kong) /.test(a)));
  if (ours.length === 1) act(ours[0]);
  else if (ours.length > 1) {
    // the first of their buttons focused: a keyboard player was told to click one, and the focus stayed on the hand;
    // a message about this decision, taken away when the hand ends (it stayed over the hand's result)
    const first = [...document.querySelectorAll("button.claim[data-action]")].find((b) => b.dataset.action === ours[0]);
    if (first) first.focus();
    toast(t(key === "c" ? "whichChow" : "whichKong"), "play");
  }
}

document.addEventListener("keydown", (e) => {
  if (!G.state || !G.state.mine || e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  const legal = G.state.mine.legal || [];
  const buttons = Array.from(document.querySelectorAll("#hand button.t"));
  const next = $("#next");  // the end of a hand: Enter deals the next one, as in the terminal (unless a control has the focus)
  if (e.key === "Enter" && next && !next.disabled && !["BUTTON", "A", "SUMMARY"].includes(e.target.tagName)) { next.click(); e.preventDefault(); return; }
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    if (!buttons.length) return;
    // from the tile that has the focus (reached with Tab, or tapped), else from the one selected last: the arrows began at the first tile
    const at = buttons.indexOf(document.activeElement), from = at >= 0 ? at : G.sel;
    G.sel = from < 0 ? (e.key === "ArrowRight" ? 0 : buttons.length - 1) : (from + (e.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length;
    buttons.forEach((b, i) => b.classList.toggle("sel", i === G.sel));
    buttons[G.sel].focus(); e.preventDefault();
  } else if ((e.key === "Enter" || e.key === " ") && G.sel >= 0 && buttons[G.sel] && !buttons[G.sel].disabled
             // Enter on another control (Hint, a claim, a pond's count) presses it: it discarded the tile chosen with the arrows
             && (e.target === buttons[G.sel] || !["BUTTON", "A", "SUMMARY"].includes(e.target.tagName))
             && legal.includes(`discard ${kind(buttons[G.sel].dataset.tile)}`)) {
    act(`discard ${kind(buttons[G.sel].dataset.tile)}`); e.preventDefault();
  } else if (e.key === " " && legal.includes("pass") && e.target.tagName !== "BUTTON") { act("pass"); e.preventDefault(); }  // Space on a focused button presses that button
  else if (e.key === "p" && legal.includes("pung")) act("pung");
  else if (e.key === "c" || e.key === "k") claimKey(e.key, legal);
  else if (e.key === "m" && legal.includes("mahjong")) act("mahjong");
  else if (e.key === "h" && legal.length && G.state.config.hints !== false) send({ type: "hint" });
  else if (e.key === "d" && G.state.mine.drawn && legal.includes(`discard ${kind(G.state.mine.drawn)}`)) act(`discard ${kind(G.state.mine.drawn)}`);
});

function route() {
  drawing += 1;
  $("#app").removeAttribute("aria-busy");
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  // at a table "How to play" opens in a tab of its own: it took the player away from the hand in play (a decision's
  // timer running), and the help's way back led to the lobby, not to the table
  const help = $("#help-link");
  if (m) { help.target = "_blank"; help.rel = "noopener"; } else { help.removeAttribute("target"); help.removeAttribute("rel"); }
  if (m) { if (G.tid === m[1] && G.state) render(); else tableView(m[1]); return; }
  if (G.ws) { G.want = null; G.ws.close(); G.ws = null; }
  G.tid = null;
  if (location.pathname === "/") { lobby(); return; }
  // a mistyped address (the server answers 404 with this page): said, with the way to the lobby
  $("#title").textContent = "";
  $("#app").innerHTML = `<section class="card" id="refused" role="alert"><p id="refused-what">${esc(t("noPage"))}</p>
    <p><a class="button" href="/">${t("toLobby")}</a></p></section>`;
}
window.addEventListener("popstate", route);
// the ponds are fitted to the table's width (fitPonds): drawn again when it changes (a phone turned, a window resized)
// (only its width: a phone's address bar coming and going while the page is scrolled changes the height alone)
let drawnWidth = window.innerWidth;
window.addEventListener("resize", () => {
  if (window.innerWidth === drawnWidth) return;
  drawnWidth = window.innerWidth;
  if (G.state && G.state.hand && $("#board")) render();
});
route();
