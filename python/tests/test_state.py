"""The State API on every game: OpenSpiel's conventions, determinism, clones, serialization,
determinization, errors."""

import random

import numpy as np
import pytest

import alea
from conftest import GAMES

# Small versions of the long games, so a test plays whole games quickly.
SMALL = {"riichi": {"length": "kyoku"}, "sichuan": {"length": "kyoku"}}


def load(name):
    return alea.load_game(name, **SMALL.get(name, {}))


def play(state, rng, check=None, limit=100_000):
    """Plays random legal moves (chance by its probabilities) to the end."""
    for _ in range(limit):
        if state.is_terminal():
            return state
        if check:
            check(state)
        if state.is_chance_node():
            ids, ps = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, weights=ps)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_keeps_openspiel_conventions(name):
    game = load(name)
    n, actions = game.num_players(), game.num_distinct_actions()
    shape = tuple(game.observation_tensor_shape())
    info_shape = game.information_state_tensor_shape()
    seen = {"chance": 0, "moves": 0}

    def check(state):
        player = state.current_player()
        legal = state.legal_actions()
        assert legal and legal == sorted(set(legal)) or state.is_chance_node()
        if state.is_chance_node():
            seen["chance"] += 1
            assert player == -1
            outcomes = state.chance_outcomes()
            assert sorted(a for a, _ in outcomes) == sorted(legal)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            assert all(p > 0 for _, p in outcomes)
            return
        seen["moves"] += 1
        assert 0 <= player < n and not state.is_terminal()
        assert all(0 <= a < actions for a in legal)
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and np.flatnonzero(mask).tolist() == legal
        assert state.legal_actions(player) == legal
        assert state.legal_actions((player + 1) % n) == [] or n == 1
        for seat in range(n):
            tensor = state.observation_tensor(seat)
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert state.observation_string(seat)
            if info_shape is not None:
                assert state.information_state_tensor(seat).shape == tuple(info_shape)
        assert all(state.action_to_string(a) for a in legal)
        assert state.move_number() == len(state.history())

    state = play(game.new_initial_state(seed=5, chance_root=True), random.Random(5), check)
    assert state.current_player() == -4 and state.is_terminal()
    assert state.legal_actions() == []
    assert len(state.returns()) == n
    assert seen["moves"] > 0
    with pytest.raises(ValueError):
        state.apply_action(0)
    if name in ("pig", "leduc"):
        assert seen["chance"] > 0, "pig's die and leduc's public card are chance nodes"


# Games per game for the any-outcome walk through Python, short where a game is long. The
# rare positions have their own tests in Rust (the duel's end phase with two Tide Mimics:
# `every_listed_outcome_of_an_end_phase_with_two_mimics_applies`), and the registry's walk
# (`any_listed_chance_outcome_applies_in_every_game`) runs every game in Rust.
ANY_OUTCOME_GAMES = {"pig": 500, "leduc": 2000, "duel": 150, "sgs": 100, "riichi": 40, "sichuan": 20}


@pytest.mark.parametrize("name", GAMES)
def test_any_listed_chance_outcome_applies(name):
    """Random play that picks any listed chance outcome, whatever its probability, never
    raises: every outcome a chance node lists applies. (The duel's end phase with a Tide Mimic
    on each side listed three outcomes and raised on two of them.)"""
    game = load(name)
    nodes = 0
    for seed in range(ANY_OUTCOME_GAMES[name]):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed, chance_root=seed % 2 == 0)
        while not state.is_terminal():
            if state.is_chance_node():
                nodes += 1
                outcome = rng.choice([a for a, _ in state.chance_outcomes()])
                state.apply_action(outcome)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert nodes > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_moves_give_the_same_game(name):
    game = load(name)
    first = play(game.new_initial_state(seed=11), random.Random(3))
    again = play(game.new_initial_state(seed=11), random.Random(3))
    assert first.serialize() == again.serialize()
    assert str(first) == str(again) and first.returns() == again.returns()
    other = play(game.new_initial_state(seed=12), random.Random(3))
    assert other.serialize() != first.serialize()


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_independent_and_equal(name):
    game = load(name)
    rng = random.Random(7)
    state = game.new_initial_state(seed=2)
    for _ in range(10):
        if state.is_terminal():
            break
        copy = state.clone()
        assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
        before = state.serialize()
        play(copy, random.Random(1))
        assert state.serialize() == before and str(state) != str(copy)
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_serialize_round_trips(name):
    game = load(name)
    state = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[-1])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    if not state.is_terminal() and not state.is_chance_node():
        state.determinize(state.current_player(), 99)
    text = state.serialize()
    back = game.deserialize_state(text)
    assert str(back) == str(state)
    assert back.legal_actions() == state.legal_actions()
    assert back.serialize() == text
    with pytest.raises(ValueError):
        alea.load_game("pig").deserialize_state(text if name != "pig" else "{}")


@pytest.mark.parametrize("name", ["leduc", "riichi", "sichuan", "duel", "sgs"])
def test_determinize_keeps_what_the_viewer_has_seen(name):
    game = load(name)
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    for _ in range(1 if name == "leduc" else 12):
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        elif not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    viewer = max(state.current_player(), 0)
    info = state.information_state_string(viewer)
    tensor = state.observation_tensor(viewer)
    worlds = set()
    for seed in range(6):
        world = state.clone()
        world.determinize(viewer, seed)
        assert world.information_state_string(viewer) == info
        assert np.array_equal(world.observation_tensor(viewer), tensor)
        worlds.add(str(world))
    assert len(worlds) > 1, "the hidden cards are re-dealt"


def test_information_state_strings_tell_apart_what_a_seat_sees():
    game = alea.load_game("leduc")
    by_card = {}
    for seed in range(30):
        state = game.new_initial_state(seed=seed)
        mine = state.observation_tensor(0)[2:8].argmax()
        by_card.setdefault(mine, set()).add(state.information_state_string(0))
    # P0 sees its own card only: one information state per card it can hold.
    assert all(len(strings) == 1 for strings in by_card.values())
    assert len(set().union(*by_card.values())) == len(by_card) > 1


def test_bad_input_raises_and_changes_nothing():
    with pytest.raises(ValueError, match="unknown game"):
        alea.load_game("chess")
    with pytest.raises(ValueError, match="takes"):
        alea.load_game("pig", rules="riichi")
    with pytest.raises(ValueError):
        alea.load_game("pig", players=11)
    with pytest.raises(ValueError, match='option rules = "sichuan": expected one of riichi, '):
        alea.load_game("riichi", rules="sichuan")
    with pytest.raises(ValueError):
        alea.load_game("riichi", length="forever")
    state = alea.load_game("pig").new_initial_state(seed=1)
    before = state.serialize()
    for bad in (5, -1, 2**40):
        with pytest.raises((ValueError, OverflowError)):
            state.apply_action(bad)
    with pytest.raises(ValueError):
        state.observation_tensor(7)
    assert state.serialize() == before and state.legal_actions() == [0, 1]


def test_options_reach_the_game():
    assert alea.load_game("pig", players=4).num_players() == 4
    assert alea.load_game("sgs", mode="identity4").num_players() == 4
    east = alea.load_game("riichi", length="east")
    assert "length='east'" in repr(east) or 'length="east"' in repr(east)
    state = alea.load_game("pig", target=5).new_initial_state(seed=3)
    play(state, random.Random(0))
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("name", ["riichi", "sichuan", "duel", "sgs"])
def test_any_seat_may_determinize_and_play_on(name):
    # Determinizing for a seat that is not the one to move, at random points (claim windows
    # included), never leaves a state the game cannot continue from.
    game = load(name)
    refused = kept = 0
    for seed in range(12 if name == "riichi" else 3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            if rng.random() < 0.1:
                viewer = (state.current_player() + rng.randrange(1, game.num_players()))
                viewer %= game.num_players()
                before = state.serialize()
                try:
                    state.determinize(viewer, rng.randrange(2**63))
                    kept += 1
                except ValueError:
                    refused += 1
                    assert state.serialize() == before
            state.apply_action(rng.choice(state.legal_actions()))
    assert kept > 10 * max(refused, 1)


def test_determinize_is_refused_at_a_chance_node():
    state = alea.load_game("leduc").new_initial_state(seed=1)
    while not state.is_chance_node():
        state.apply_action(1)  # call until the public card
    before = state.serialize()
    with pytest.raises(ValueError, match="chance node"):
        state.determinize(0, 3)
    assert state.serialize() == before and state.chance_outcomes()


def test_a_history_step_of_the_wrong_kind_is_refused():
    game = alea.load_game("pig")
    text = '{"game":"pig","options":[],"seed":0,"history":[{"outcome":1}]}'
    with pytest.raises(ValueError, match="chance node"):
        game.deserialize_state(text)
    state = game.new_initial_state(seed=0)
    state.apply_action(0)  # roll: a chance node
    mask = state.legal_actions_mask()
    assert len(mask) == game.max_chance_outcomes() == 6 and mask.sum() == 6


def test_history_names_every_step_and_a_clone_keeps_its_own():
    game = alea.load_game("pig")
    state = game.new_initial_state(seed=2)
    state.apply_action(0)  # roll: a chance node
    state.apply_action(3)  # the die shows 4
    copy = state.clone()
    state.apply_action(1)  # stop
    copy.apply_action(0)
    assert state.history_steps() == [("action", 0), ("outcome", 3), ("action", 1)]
    assert copy.history_steps() == [("action", 0), ("outcome", 3), ("action", 0)]
    # OpenSpiel's history(): the ids alone.
    assert state.history() == [0, 3, 1] and state.move_number() == 3
    riichi = alea.load_game("riichi", length="kyoku").new_initial_state(seed=1)
    first = riichi.legal_actions()[0]
    riichi.apply_action(first)
    assert riichi.is_chance_node()  # the next seat's draw
    drawn = riichi.chance_outcomes()[0][0]
    riichi.apply_action(drawn)
    riichi.determinize(1, 5)
    assert riichi.history_steps()[-1] == ("determinize", 1, 5)
    assert riichi.history() == [first, drawn] and riichi.move_number() == 2
    # deserialize_state loads the game the text names.
    back = alea.deserialize_state(riichi.serialize())
    assert str(back) == str(riichi) and back.history_steps() == riichi.history_steps()


def test_leduc_from_the_chance_root_deals_as_chance_nodes():
    game = alea.load_game("leduc")
    root = game.new_initial_state(seed=3, chance_root=True)
    assert root.is_chance_node() and root.move_number() == 0
    assert root.chance_outcomes() == [(card, 1 / 6) for card in range(6)]
    assert root.action_to_string(3) == "P0 is dealt Qh"
    # Nothing is dealt yet that a seat could observe.
    assert not root.observation_tensor(0).any() and not root.information_state_tensor(1).any()
    second = root.child(3)
    assert root.move_number() == 0 and second.move_number() == 1
    assert second.chance_outcomes() == [(card, 0.2) for card in (0, 1, 2, 4, 5)]
    assert second.action_to_string(4) == "P1 is dealt Ks"
    dealt = second.child(4)
    assert dealt.current_player() == 0 and dealt.history() == [3, 4]
    assert dealt.observation_string(0) == "P0 holds Qh; public -; round 1; pot 1+1; P0 to move"
    assert dealt.observation_string(1) == "P1 holds Ks; public -; round 1; pot 1+1; P0 to move"
    assert dealt.information_state_tensor(0)[[0, 2 + 3]].tolist() == [1.0, 1.0]
    # A state from the chance root serializes as one and comes back equal.
    back = alea.deserialize_state(dealt.serialize())
    assert back.history() == [3, 4] and str(back) == str(dealt)
    assert "chance_root" in dealt.serialize()
    assert "chance_root" not in game.new_initial_state(seed=3).serialize()
    # The chance root of a game whose deal is no chance node is its dealt state.
    pig = alea.load_game("pig")
    assert str(pig.new_initial_state(seed=1, chance_root=True)) == str(pig.new_initial_state(seed=1))


def test_an_illegal_deal_outcome_changes_nothing():
    root = alea.load_game("leduc").new_initial_state(seed=0, chance_root=True)
    second = root.child(2)
    before = second.serialize()
    with pytest.raises(ValueError, match="outcome 2 is not one of this chance node's outcomes"):
        second.apply_action(2)  # Qs is P0's
    assert second.serialize() == before and second.is_chance_node()


def test_new_initial_state_without_a_seed_deals_the_next_seed():
    game = alea.load_game("leduc")
    states = [str(game.new_initial_state()) for _ in range(3)]
    assert states == [str(game.new_initial_state(seed=k)) for k in range(3)]
    assert len(set(states)) > 1
    # A fresh game starts again at seed 0: the same sequence in every run.
    assert str(alea.load_game("leduc").new_initial_state()) == states[0]


def test_native_states_have_openspiels_methods():
    game = alea.load_game("pig", target=20)
    kind = game.get_type()
    assert kind.short_name == "pig" and kind.chance_mode == "EXPLICIT_STOCHASTIC"
    assert kind.information == "PERFECT_INFORMATION" and kind.utility == "ZERO_SUM"
    assert kind.provides_information_state_tensor is False
    assert game.get_parameters() == {"players": 2, "target": 20}
    assert game.information_state_tensor_shape() is None
    leduc = alea.load_game("leduc")
    assert leduc.get_type().provides_information_state_tensor is True
    assert leduc.information_state_tensor_shape() == [30]
    state = game.new_initial_state(seed=4)
    assert state.rewards() == [0.0, 0.0] and state.player_return(1) == 0.0
    child = state.child(0)
    assert child.is_chance_node() and not state.is_chance_node()
    with pytest.raises(ValueError):
        state.child(7)
    with pytest.raises(ValueError, match="player 2 is not a seat"):
        state.player_return(2)
    with pytest.raises(ValueError, match="no information-state tensor"):
        state.information_state_tensor(0)
    rng = random.Random(4)
    state = play(state, rng)
    assert state.rewards() == state.returns()
    assert [state.player_return(p) for p in range(2)] == state.returns()


# What a chance outcome reads as, per game.
DRAW_WORDS = r"the (draw|replacement draw|dora indicator|ura indicator) is [0-9][mpsz]( from the reserve)?"
OUTCOME_WORDS = {
    "pig": r"rolls a [1-6]",
    "riichi": DRAW_WORDS,
    "sichuan": DRAW_WORDS,
    "leduc": r"(P[01] is dealt|the public card is) [JQK][sh]",
    "duel": r"the (random card's|summon's end-phase) effect [1-8] of [1-8]|the card drawn is [A-Z][\w' ]+",
    "sgs": r"the (blind pick|copy played|card drawn) is \S+/[SHCD]\w+ #\d+",
}


@pytest.mark.parametrize("name", sorted(OUTCOME_WORDS))
def test_chance_outcomes_read_as_the_event(name):
    import re

    game = load(name)
    seen = 0
    for seed in range(300 if name in ("duel", "sgs") else 20):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed, chance_root=True)
        while not state.is_terminal() and seen < 200:
            if state.is_chance_node():
                for outcome, _ in state.chance_outcomes():
                    words = state.action_to_string(outcome)
                    assert re.fullmatch(OUTCOME_WORDS[name], words), words
                    seen += 1
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if seen >= 200:
            break
    assert seen > 0, f"{name} met no chance node"


def test_a_hand_can_be_set_by_card_id():
    """Determinization by hand: Leduc's card ids are rank * 2 + suit (Js 0 ... Kh 5); the card
    given trades places with the hand's, and what cannot be done is refused whole."""
    state = alea.load_game("leduc").new_initial_state(seed=3)
    before = state.serialize()
    with pytest.raises(ValueError, match="holds 1"):
        state.set_hand(1, [4, 5])
    with pytest.raises(ValueError, match="no card has id"):
        state.set_hand(1, [6])
    with pytest.raises(ValueError, match="not a seat|seats"):
        state.set_hand(2, [5])
    with pytest.raises(ValueError, match="no order"):
        state.set_pile([0])
    assert state.serialize() == before
    state.set_hand(1, [5])  # the Kh, from the stock or from P0's hand
    assert state.observation_string(1).startswith("P1 holds Kh")
    assert "holds Kh" not in state.observation_string(0)
    assert state.history_steps() == [("place", "Hand(Seat(1))", [5], False)]
    assert state.history() == [] and state.move_number() == 0  # an edit is not a move


def test_the_pile_top_can_be_set_and_serializes_with_the_state():
    game = alea.load_game("sgs")
    state = game.new_initial_state(seed=4)
    mover = state.current_player()
    state.set_pile([10, 11])
    state.set_hand(mover, [12])
    assert state.history_steps() == [
        ("place", "Stock", [10, 11], True),
        ("place", f"Hand(Seat({mover}))", [12], False),
    ]
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and back.serialize() == state.serialize()


def test_the_duel_s_hand_pile_and_dice_are_set_exactly():
    """The duel's cards are catalog slots: no card trades places (`set_hand` refuses), but
    `exact=True` writes a hand or pile of the ids given (catalog indices, named here by the
    deal's chance outcomes), and `set_dice` the seat's dice; refusals change nothing."""
    game = alea.load_game("duel")
    root = game.new_initial_state(seed=2, chance_root=True)
    prefix = "the card drawn is "
    names = {o: root.action_to_string(o)[len(prefix):] for o, _ in root.chance_outcomes()}
    ids = sorted(names)
    state = game.new_initial_state(seed=2)
    before = state.serialize()
    with pytest.raises(ValueError, match="not a concealed zone"):
        state.set_hand(1, [ids[0]])
    with pytest.raises(ValueError, match="11 cards asked for Hand"):
        state.set_hand(1, [ids[0]] * 11, exact=True)
    with pytest.raises(ValueError, match="faces 0..8, not 8"):
        state.set_dice(0, [0, 8])
    with pytest.raises(ValueError, match="not a seat|seats"):
        state.set_dice(2, [0])
    assert state.serialize() == before
    hand, pile = ids[:3], ids[3:5]
    state.set_hand(1, hand, exact=True)
    state.set_pile(pile, seat=1, exact=True)
    state.set_dice(0, [0] * 8)
    p1 = next(line for line in str(state).splitlines() if "P1 hand" in line)
    assert p1.split(" hand ")[1].startswith(", ".join(names[c] for c in hand))
    assert state.history_steps() == [
        ("set_zone", "Hand(Seat(1))", hand),
        ("set_zone", "Pile(Seat(1))", pile),
        ("set_dice", "Dice(Seat(0))", [0] * 8),
    ]
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and back.serialize() == state.serialize()


def test_a_die_can_be_set_to_a_face():
    state = alea.load_game("pig").new_initial_state(seed=1)
    with pytest.raises(ValueError, match="faces"):
        state.set_die(0, 6)
    with pytest.raises(ValueError, match="does not exist"):
        state.set_die(3, 0)
    state.set_die(0, 4)
    assert state.history_steps() == [("die_face", 0, 4)]
