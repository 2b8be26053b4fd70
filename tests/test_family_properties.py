"""Property tests for the family's games beyond Cabrero (docs/rules.md §3, §4, §5 and the final
duel) over thousands of seeded random hands: every card in exactly one place at every step,
points that add up, only legal actions accepted, the results the rules name (stated here
independently of the engine), and records that replay to the same JSON."""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine_helpers import bundled_tables
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tute.cards import DECKS, card_text, cards_of
from tute.engine import DEAL, Action, Game, IllegalAction
from tute.engine.events import Sung
from tute.engine.kit import Kit
from tute.engine.record import dump_record, record_from_text, replay, summary_json
from tute.rules import OptionValue, load_ruleset

GAMES: dict[str, list[int]] = {}
"""Every bundled game and the player counts its file allows."""
for _game, _players in bundled_tables():
    GAMES.setdefault(_game, []).append(_players)


def with_duel(options: dict[str, OptionValue], lives: int) -> None:
    """Matches with a final duel (docs/rules.md §1, §3) reach it soon: few lives, no
    revokes."""
    if "final_duel" in options:
        options.update(final_duel=True, lives=lives, renuncio="prevent")


@st.composite
def setups(draw: st.DrawFn) -> tuple[str, dict[str, OptionValue]]:
    """A game and any combination of its options a table can play."""
    game = draw(st.sampled_from(sorted(GAMES)))
    rules = load_ruleset(game)
    options: dict[str, OptionValue] = {"players": draw(st.sampled_from(GAMES[game]))}
    for name, opt in rules.options.items():
        if name != "players":
            options[name] = draw(st.sampled_from(opt.allowed()))
    try:
        Kit(rules, options)
    except ValueError:  # a combination no table plays (Arrastrado's lost games with 4)
        assume(False)
    with_duel(options, draw(st.integers(1, 2)))
    return game, options


def check_conservation(g: Game) -> None:
    """Hands, stock, cards played and cards out of play share no card and make the deck."""
    h = g.hand
    total = 0
    parts = [*h.hands, sum(1 << c for c in h.stock), h.played, h.out_of_play, *h.discarded]
    for part in parts:
        assert not total & part
        total |= part
    assert total == h.kit.deck


def try_illegal(g: Game, rng: random.Random) -> None:
    """A card the seat may not play is refused and changes nothing."""
    seat = g.current_player
    assert seat is not None
    bad = rng.choice(cards_of(DECKS["spanish40"]))
    if g.play_mask(seat) >> bad & 1:
        return
    before = summary_json(g)
    try:
        g.apply(Action(seat, "play", bad))
    except IllegalAction:
        assert summary_json(g) == before
    else:
        raise AssertionError("an illegal card was accepted")


def deck_points(g: Game) -> int:
    """What the cards of the ruleset file's deck are worth by its own ``points`` (120 in
    the Tute games' 40 cards, 60 in Butifarra's 48): read from the file, not the engine."""
    points = g.rules.order.points
    return sum(points[c] for c in cards_of(DECKS[g.rules.deck]))


def side_of(g: Game, seat: int) -> int:
    return seat % 2 if g.kit.teams else seat


def referee(g: Game, totals_before: list[int], hand: Mapping[str, object]) -> None:
    """The hand's result and the match's standing, as docs/rules.md words them."""
    h = g.hand
    if h.kit.settlement_name in OWN_REFEREES:
        OWN_REFEREES[h.kit.settlement_name](g, totals_before, hand)
        return
    pts = [int(p) for p in h.points()]
    sides = [0] * g.kit.sides
    for s, p in enumerate(pts):
        sides[side_of(g, s)] += p
    cantes = sum(40 if c == "40" else 20 for cs in h.cantes for c in cs if c != "tute")
    if h.tute is None:  # every card's points, the diez de últimas where the game has it
        assert sum(pts) == deck_points(g) + g.rules.last_trick_bonus + cantes
        assert h.last_trick is not None
    else:
        assert h.last_trick is None  # a sung tute ends the hand: no diez de últimas
    in_hand = sorted({side_of(g, s) for s in h.playing})
    settlement = h.kit.settlement_name if h.kit is g.kit else "duel"
    if settlement in ("single_hand", "duel"):
        a, b = in_hand
        if h.tute is not None:
            losers = [s for s in h.playing if side_of(g, s) != side_of(g, h.tute)]
        elif sides[a] == sides[b]:
            losers = []  # a tie replays the hand
        else:
            low = a if sides[a] < sides[b] else b
            losers = [s for s in h.playing if side_of(g, s) == low]
        assert hand["losers"] == losers
        if settlement == "duel":
            assert hand["duel"] is True
        assert g.is_over == bool(losers)
        if losers:
            assert list(g.winners) == [s for s in h.playing if s not in losers]
    elif settlement == "race":  # to 101, or to the file's option `target` where it has one
        totals = [t + sides[i] for i, t in enumerate(totals_before)]
        assert hand["totals"] == totals
        target = int(g.options.get("target", 101))
        reached = [side_of(g, s) for s in h.playing if totals[side_of(g, s)] >= target]
        if h.tute is not None:
            winner: int | None = side_of(g, h.tute)
        elif reached:
            last = side_of(g, h.last_trick) if h.last_trick is not None else None
            best = max(totals[x] for x in reached)
            winner = last if last in reached else next(x for x in reached if totals[x] == best)
        else:
            winner = None
        assert g.is_over == (winner is not None)
        if winner is not None:
            assert list(g.winners) == [s for s in range(g.n) if side_of(g, s) == winner]
    elif settlement == "juegos":  # parejas per team (§4), Tute a dos's juegos per player (§3)
        a, b = in_hand
        if h.tute is not None:
            won, count = side_of(g, h.tute), 2
        else:
            if sides[a] != sides[b]:
                won = a if sides[a] > sides[b] else b
            else:
                tie_to = h.last_trick if g.options.get("tie", "last_trick") == "last_trick" \
                    else h.mano
                assert tie_to is not None
                won = side_of(g, tie_to)
            count = 2 if sides[won] >= int(g.options["two_games_at"]) else 1
        juegos = [count if t == won else 0 for t in range(2)]
        assert hand["juegos"] == juegos
        if g.kit.teams:
            assert hand["team_points"] == sides
        totals = [t + j for t, j in zip(totals_before, juegos, strict=True)]
        assert hand["totals"] == totals
        ends = max(totals) >= int(g.options["games_to"]) or (
            h.tute is not None and g.options.get("tute_wins") == "match")
        assert g.is_over == ends
        if ends:
            assert list(g.winners) == [s for s in range(g.n) if side_of(g, s) == won]
    elif settlement == "hands_won":  # Brisca (§10): more than 60 wins; 60-60 nobody
        # Said for any number of sides: the one side with more points than each other.
        winner = next((x for x in in_hand
                       if all(sides[x] > sides[y] for y in in_hand if y != x)), None)
        assert hand["winner"] == winner
        if g.kit.teams:
            assert hand["team_points"] == sides
        totals = [t + (i == winner) for i, t in enumerate(totals_before)]
        assert hand["totals"] == totals
        assert g.is_over == (winner is not None and totals[winner] >= int(g.options["games_to"]))
        if g.is_over:
            assert list(g.winners) == [s for s in range(g.n) if side_of(g, s) == winner]
    elif settlement == "lost_games":
        lost = [0] * g.n
        makers = [s for s in h.playing if pts[s] >= 101 or s == h.tute]
        for m in makers:
            for o in h.playing:
                lost[o] += o != m
        if not makers:
            low = min(pts)
            lost = [int(p == low) for p in pts]
        assert hand["lost"] == lost
        totals = [t + k for t, k in zip(totals_before, lost, strict=True)]
        assert hand["totals"] == totals
        assert g.is_over == (max(totals) >= int(g.options["lost_games_to"]))
        if g.is_over:
            assert list(g.winners) == [s for s in range(g.n) if totals[s] == min(totals)]
    else:  # a new settlement gets its own referee here, never a free pass
        raise AssertionError(f"no referee for settlement {settlement!r}")


def referee_balances(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """Subastado (§6): the stake from or to each other player at the table: three with
    four at the table (the dealer, or the displaced bidder, included), two with three at
    the table, where nobody sits out, the dealer bids last and nobody takes over."""
    h = g.hand
    n = g.n
    if n == 3:
        dealer = hand["dealer"]
        assert isinstance(dealer, int) and h.sitting_out is None and not hand["takeover"]
        auction = hand["auction"]
        assert isinstance(auction, list)
        first_round = [int(a.split()[0]) for a in auction[:3]]
        assert first_round == [(dealer + 1) % 3, (dealer + 2) % 3, dealer][:len(first_round)]
        assert not any(a.endswith("takeover") for a in auction)
    if hand.get("void"):
        assert hand["payments"] == [0] * n and hand["balances"] == before
        assert hand["declarer"] is None and hand["made"] is None
        return
    d = h.declarer
    pts = [int(p) for p in h.points()]
    made = h.tute == d or pts[d] >= h.contract
    assert hand["made"] is made and hand["declarer_points"] == pts[d]
    assert hand["contract"] == (h.bid + 10 if h.took_over else h.bid)
    stake = h.contract * (2 if h.took_over else 1) * (2 if h.contract >= 120 else 1)
    pay = [(n - 1 if s == d else -1) * stake * (1 if made else -1) for s in range(n)]
    assert hand["payments"] == pay
    assert hand["balances"] == [b + p for b, p in zip(before, pay, strict=True)]
    if h.took_over:
        displaced = h.bidder
        assert hand["taken"][displaced] == 0 and hand["points"][displaced] == 0


def referee_side_marks(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """Codillo (§7): the declarer's side must exceed the rest; the losers take a mark."""
    h = g.hand
    if hand.get("void"):
        assert hand["losers"] == [] and hand["declarer"] is None
        return
    side = {h.declarer, h.partner}
    pts = [int(p) for p in h.points()]
    mine = sum(pts[s] for s in side)
    rest = sum(pts) - mine
    assert hand["side_points"] == [mine, rest]
    won = h.tute in side if h.tute is not None else mine > rest
    losers = sorted(s for s in h.playing if (s in side) != won)
    assert sorted(hand["losers"]) == losers  # type: ignore[arg-type]
    assert h.partner != h.declarer and h.hands[h.declarer] >> h.called & 1 == 0


def referee_chips(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """Bato (§8): a quarter of the pot per trick; a failed commitment pays the pot."""
    h = g.hand
    chips = hand["chips"]
    assert isinstance(chips, list)
    assert sum(chips) + int(hand["next_pot"]) == int(g.options["chips"]) * g.n  # type: ignore[call-overload]
    if hand.get("void"):
        assert hand["next_pot"] == hand["pot"] and hand["won"] == [0] * g.n
        return
    pot = int(hand["pot"])  # type: ignore[call-overload]
    tricks = sum(h.taken)  # the hand's size: a share of the pot per trick
    won = [h.taken[s] * (pot // tricks) for s in range(g.n)]
    assert hand["won"] == won
    failed = [s for s in h.playing if h.taken[s] < (2 if s == h.declarer else 1)]
    assert hand["bateados"] == failed
    assert sum(h.taken) == int(g.options.get("hand_size", g.rules.hand_size))
    assert hand["taken"][h.declarer] >= 0  # type: ignore[index]


def referee_team_target(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """Butifarra (§9) and Manilla (§14), said over from the rules, the numbers read from
    the file: a hand holds the deck's card points and one per trick (72: 60 + 12); only a
    team over half of it scores, the excess, a capot half the hand (all of it with
    ``capot_bonus``), times the multiplier, which only named trumps make (×2 without
    trumps, ×2 a double). Turned trumps (§14): the dealer's last dealt card sets trumps
    every hand, and where the file's ``shown_card_scores`` is on its points go to the
    dealer's side at once, or, if they would reach the target, after the hand's score and
    only if nobody has reached it then."""
    h, rules = g.hand, g.rules
    options = {**rules.fixed, **g.options}
    tricks_in_hand = len(cards_of(DECKS[rules.deck])) // g.n
    whole = deck_points(g) + rules.trick_points * tricks_in_hand
    team = hand["team_points"]
    assert isinstance(team, list) and sum(team) == whole
    card_points = hand["points"]
    assert isinstance(card_points, list) and sum(card_points) == deck_points(g)
    dealer = hand["dealer"]
    assert isinstance(dealer, int)
    named = rules.trump.pick(options) == "named"
    if named:
        mult = (2 if h.trump < 0 else 1) * 2 ** h.doubles
        referee_doubling(g, hand, options)
    else:
        turned = g.logs[-1].deal[dealer][-1]  # the last card dealt is the dealer's own
        assert hand["trump"] == "OCEB"[turned // 12] and hand["muestra"] is None
        assert hand["declarer"] is None and hand["doubles"] == 0 and not hand["butifarra"]
        mult = 1
    assert hand["multiplier"] == mult
    tricks = [h.taken[0] + h.taken[2], h.taken[1] + h.taken[3]]
    score = [0, 0]
    if tricks_in_hand in tricks:
        score[tricks.index(tricks_in_hand)] = whole // (1 if options["capot_bonus"] else 2) * mult
    else:
        for t in (0, 1):
            if team[t] > whole // 2:
                score[t] = (team[t] - whole // 2) * mult
    assert hand["score"] == score
    target = int(options["target"])
    totals = list(before)
    shown_points, held = [0, 0], False
    scores = rules.shown_scores_for(options)
    if named or scores is None:
        assert not named or "shown" not in hand or hand["shown"] is None
        totals = [t + x for t, x in zip(totals, score, strict=True)]
    else:
        v = rules.order.points[turned]
        side = dealer % 2
        assert hand["shown"] == card_text(turned)
        held = bool(v) and scores.hold_at_target and totals[side] + v >= target
        if v and not held:
            totals[side] += v
            shown_points[side] = v
        totals = [t + x for t, x in zip(totals, score, strict=True)]
        if held and max(totals) < target:
            totals[side] += v
            shown_points[side] = v
    if "shown" in hand:
        assert hand["shown_points"] == shown_points and hand["shown_held"] is held
    assert hand["totals"] == totals
    assert g.is_over == (max(totals) >= target)
    if g.is_over:
        assert [t >= target for t in totals].count(True) == 1  # never a tie
        won = 0 if totals[0] >= target else 1
        assert list(g.winners) == [s for s in range(4) if s % 2 == won]


def referee_doubling(g: Game, hand: Mapping[str, object],
                     options: Mapping[str, OptionValue]) -> None:
    """Butifarra's doubling (§9), said over independently: each step goes to the side
    entitled (contro and Sant Vicenç: the defenders, the mano first; recontro: the namer,
    then his partner), a pass hands it to the partner (with ``contro_by: mano`` the mano
    alone speaks for the defenders), two passes end it, as does the last double allowed."""
    h = g.hand
    mano, namer = hand["mano"], hand["declarer"]
    assert isinstance(mano, int) and isinstance(namer, int)
    most = 3 if options["sant_vicenc"] else 2
    said = [(int(t.split()[0]), t.split()[1]) for t in h.auction]
    doubles, i = 0, 0
    while doubles < most:
        first = namer if doubles % 2 else mano
        alone = doubles % 2 == 0 and options["contro_by"] == "mano"
        turn = [first] if alone else [first, (first + 2) % 4]
        for seat in turn:
            assert said[i][0] == seat, (said, i, turn)
            i += 1
            if said[i - 1][1] == "double":
                doubles += 1
                break
        else:
            break
    assert i == len(said) and doubles == h.doubles == hand["doubles"]


def referee_partidas(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """Guiñote (§12), said over independently: in the idas treinta malas, then 101 (both
    over it: the diez de últimas decides), else the partida goes de vueltas with the totals
    carried; de vueltas the hand stops the moment a side reaches 101; a tute wins at once.
    Partidas make a coto, cotos the match. The card points are the file's (§12's: as 11,
    tres 10, rey 4, sota 3, caballo 2; tests/test_guinote.py checks the file says so)."""
    h, vueltas = g.hand, hand["vueltas"]
    card = [0, 0]
    for winner, plays in h.tricks:
        card[side_of(g, winner)] += sum(g.rules.order.points[c] for _s, c in plays)
    if h.last_trick is not None:
        card[side_of(g, h.last_trick)] += g.rules.last_trick_bonus
    sung = [0, 0]
    for seat, said in enumerate(h.cantes):
        sung[side_of(g, seat)] += sum(40 if c == "40" else 20 for c in said if c != "tute")
    assert hand["card_points"] == card
    carried = before if vueltas else [0, 0]
    totals = [b + c + k for b, c, k in zip(carried, card, sung, strict=True)]
    assert hand["totals"] == totals
    reached = [x for x in (0, 1) if totals[x] >= 101]
    winner: int | None
    if h.tute is not None:
        winner, reason = side_of(g, h.tute), "tute"
    elif vueltas:
        assert len(reached) == 1  # it stopped the moment one side got there
        winner, reason = reached[0], "101"
    elif g.options["treinta_malas"] and min(card) < 30:
        winner, reason = card.index(max(card)), "treinta_malas"
    elif len(reached) == 2:
        assert h.last_trick is not None
        winner, reason = side_of(g, h.last_trick), "ultimas"
    elif reached:
        winner, reason = reached[0], "101"
    else:
        winner, reason = None, "vueltas"
        assert sum(card) == deck_points(g) + g.rules.last_trick_bonus  # every trick played
    assert hand["partida_winner"] == winner and hand["reason"] == reason
    earlier = g.summaries[-2].to_json() if len(g.summaries) > 1 else {}
    partidas = list(earlier.get("partidas", [0, 0]))  # type: ignore[call-overload]
    cotos = list(earlier.get("cotos", [0, 0]))  # type: ignore[call-overload]
    if partidas and max(partidas) >= int(g.options["partidas_to"]):
        partidas = [0, 0]  # the last hand won a coto: a new one began
    if winner is not None:
        partidas[winner] += 1
        if partidas[winner] >= int(g.options["partidas_to"]):
            cotos[winner] += 1
    assert hand["partidas"] == partidas and hand["cotos"] == cotos
    assert g.is_over == (max(cotos) >= int(g.options["cotos_to"]))


def referee_plate(g: Game, before: list[int], hand: Mapping[str, object]) -> None:
    """§13, read from its text and the hand's record only: each player speaks once from the
    mano (the dealer, under `forced: dealer`, must join a lone player and is not asked when
    nobody is in); the first player in from the mano leads; each trick pays ⌊P / 5⌋; a
    player in with fewer than 2 tricks (3 for the pinta's taker under `three_tricks`) pays P
    (2P for the taker under `double`), capped at his chips; chips and plate keep
    players × chips."""
    o = g.options
    n = g.n
    start = int(o["chips"])  # type: ignore[call-overload]
    earlier = [s.to_json() for s in g.summaries[:-1]]
    was = earlier[-1]["chips"] if earlier else [start] * n
    assert isinstance(was, list)
    chips, antes, won, paid = (hand[k] for k in ("chips", "antes", "won", "paid"))
    assert isinstance(chips, list) and isinstance(antes, list)
    assert isinstance(won, list) and isinstance(paid, list)
    assert sum(chips) + int(hand["next_pot"]) == start * n  # type: ignore[call-overload]
    assert min(chips) >= 0 and int(hand["next_pot"]) >= 0  # type: ignore[call-overload]
    dealer, mano = int(hand["dealer"]), int(hand["mano"])  # type: ignore[call-overload]
    ante = int(o["ante"])  # type: ignore[call-overload]
    seated = [s for s in range(n) if g.logs[-1].deal[s]]
    order = sorted(seated, key=lambda s: (s - mano) % n)  # from the mano round to the dealer
    assert order[-1] == dealer
    said = [str(a).split() for a in hand["auction"]]  # type: ignore[attr-defined]
    assert [int(s) for s, _v in said] == order[:len(said)]
    ins = [int(s) for s, v in said if v == "juego"]
    if o["ante_by"] == "dealer":
        assert antes == [min(ante, was[dealer]) if s == dealer else 0 for s in range(n)]
    else:
        assert antes == [min(ante, was[s]) if s in ins else 0 for s in range(n)]
    before_dealer = [v for s, v in said if int(s) != dealer]
    if o["forced"] == "dealer" and "juego" not in before_dealer:
        assert len(said) == len(order) - 1 and hand.get("void")  # the dealer not asked
    if o["forced"] == "dealer" and before_dealer.count("juego") == 1:
        assert said[-1] == [str(dealer), "juego"] and hand["forced"] == dealer
    else:
        assert hand["forced"] is None
    if hand.get("void"):
        assert not ins and hand["playing"] == [] and won == [0] * n and paid == [0] * n
        assert hand["next_pot"] == hand["pot"]
        return
    assert hand["playing"] == ins and len(ins) >= 2 - (o["forced"] == "none")
    taken = hand["taken"]
    assert isinstance(taken, list) and sum(taken) == 5
    assert all(taken[s] == 0 for s in range(n) if s not in ins)
    taker = None
    for text in hand["exchanges"]:  # type: ignore[attr-defined]
        assert o["take_pinta"] != "never" and int(text.split()[0]) == dealer
        taker = dealer
    if len(ins) == 1:
        assert taken[ins[0]] == 5
    else:
        plays = [a for a in g.logs[-1].actions if a.verb == "play"]
        assert plays[0].seat == ins[0]  # the first player in from the mano leads
    pot = int(hand["pot"])  # type: ignore[call-overload]
    assert pot == (earlier[-1]["next_pot"] if earlier else 0) + sum(antes)
    assert won == [taken[s] * (pot // 5) for s in range(n)]
    need = {s: 3 if s == taker and o["take_pinta"] == "three_tricks" else 2 for s in ins}
    failed = sorted(s for s in ins if taken[s] < need[s])
    assert sorted(hand[g.rules.commitment.record_as]) == failed  # type: ignore[call-overload]
    for s in range(n):
        times = 2 if s == taker and o["take_pinta"] == "double" else 1
        owed = min(pot * times, was[s] - antes[s] + won[s]) if s in failed else 0
        assert paid[s] == owed
        assert chips[s] == was[s] - antes[s] + won[s] - paid[s]
    assert hand["next_pot"] == pot - sum(won) + sum(paid)


OWN_REFEREES = {"balances": referee_balances, "side_marks": referee_side_marks,
                "chips": referee_chips, "team_target": referee_team_target,
                "partidas": referee_partidas, "plate": referee_plate}
"""Settlements whose hands the common check above does not fit: an auction's, or a hand
that may stop before its last trick."""


def play_match(game: str, options: dict[str, OptionValue], seed: int, hands: int) -> Game:
    g = Game(load_ruleset(game), options, seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if g.is_over:
            break
        totals_before = list(g.ledger.totals)
        g.deal()
        if g.kit.settlement_name == "side_marks":
            totals_before = list(g.ledger.marks)
        check_conservation(g)
        while g.phase not in (DEAL, "over"):
            if rng.random() < 0.05:
                try_illegal(g, rng)
            obs = g.observation(g.hand.to_act)
            assert set(obs.legal) == set(g.legal_actions())
            assert obs.stock_size == len(g.hand.stock)
            if g.hand.partner >= 0 and not g.hand.revealed:  # Codillo's hidden partner
                for s in range(g.n):
                    if s != g.hand.partner:
                        view = g.observation(s)
                        assert view.partner is None and view.view.partner < 0
            for event in g.apply(rng.choice(g.legal_actions())):
                if isinstance(event, Sung) and event.holder is not None:
                    assert g.kit.teams and event.holder == (event.seat + 2) % 4  # his partner
                if isinstance(event, Sung) and g.options.get("sing_in_arrastre") is False:
                    assert g.hand.stock  # §3: no cante once the stock and muestra are drawn
            check_conservation(g)
        if g.kit.settlement_name == "marks" and not g.summaries[-1].extra.get("duel"):
            continue  # Cabrero's own hands: tests/test_properties.py
        referee(g, totals_before, g.summaries[-1].to_json())
    return g


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_random_matches_keep_every_invariant(setup: tuple[str, dict[str, OptionValue]],
                                             seed: int) -> None:
    game, options = setup
    g = play_match(game, options, seed, hands=30)
    assert g.summaries


@settings(max_examples=40, deadline=None)
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_records_round_trip(setup: tuple[str, dict[str, OptionValue]], seed: int) -> None:
    game, options = setup
    g = play_match(game, options, seed, hands=8)
    rep = replay(record_from_text(dump_record(g)))
    assert rep.error is None
    assert summary_json(rep.game) == summary_json(g)
    assert dump_record(rep.game) == dump_record(g)


def test_thousands_of_hands_of_every_game() -> None:
    """At least 300 hands of each game (and 100 duel hands), whole matches each time."""
    duels = 0
    for game, players in GAMES.items():
        rules = load_ruleset(game)
        hands = seed = 0
        while hands < 300:
            options = dict(rules.resolve({"players": players[seed % len(players)]}))
            with_duel(options, 1)
            g = play_match(game, options, seed, hands=12)
            hands += len(g.summaries)
            duels += sum(1 for s in g.summaries if s.extra.get("duel"))
            seed += 1
    assert duels >= 100


def test_the_engines_shuffle_draws_as_the_standard_librarys() -> None:
    """Seeds and records stay valid whichever shuffle dealt them."""
    from tute.engine.deal import shuffle
    for seed in range(200):
        mine, theirs = list(range(40)), list(range(40))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, mine)
        b.shuffle(theirs)
        assert mine == theirs and a.getstate() == b.getstate()
