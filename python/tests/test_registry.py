"""One registry: the games Python knows are the CLI's, built from typed options."""

import json
import pickle

import pytest

import alea
from conftest import GAMES, game_determined


def test_registered_names_are_alea_games(cli):
    listed = cli(["games", "--json"])["games"]
    names = [game["name"] for game in listed]
    assert names == GAMES == ["pig", "leduc", "riichi", "sichuan", "duel", "sgs"]
    assert alea.registered_names()[: len(GAMES)] == names
    for game in listed:
        assert alea.game_info(game["name"]) == game
        assert alea.game_options(game["name"]) == [o["name"] for o in game["options"]]


def test_options_are_typed_and_filled_with_defaults():
    assert alea.load_game("pig", players=3).options() == {"players": 3, "target": 100}
    assert alea.load_game("pig", players="3").options()["players"] == 3
    riichi = alea.load_game("riichi", length="east", abilities=["takami@0", "hatsumi@3"])
    assert riichi.options() == {
        "rules": "riichi",
        "length": "east",
        "abilities": ["takami@0", "hatsumi@3"],
    }
    assert alea.load_game("sgs").options() == {"max_rounds": 100}
    assert alea.load_game("leduc").options() == {}


@pytest.mark.parametrize(
    "name,options,message",
    [
        ("pig", {"players": 11}, "option players = 11: expected an integer from 2 to 10"),
        ("pig", {"target": True}, 'option target = "True": expected an integer from 1 to 100000'),
        ("pig", {"target": 2.5}, 'option target = "2.5": expected an integer'),
        ("pig", {"rules": "riichi"}, 'pig has no option "rules": it takes players, target'),
        ("leduc", {"players": 3}, 'leduc has no option "players": it takes no options'),
        ("riichi", {"length": "forever"}, 'option length = "forever": expected one of kyoku, east, hanchan'),
        ("sichuan", {"rules": "riichi"}, 'option rules = "riichi": expected one of sichuan, sichuan-4fan'),
        ("riichi", {"abilities": ["kuro@7"]}, 'option abilities = "kuro@7": expected NAME@SEAT'),
        ("sgs", {"mode": "2v2"}, 'option mode = "2v2": expected one of 1v1, identity4'),
        ("sgs", {"max_rounds": 0}, "option max_rounds = 0: expected an integer from 1 to 1000000"),
        ("duel", {"decks": ["only-one.ron"]}, "option decks = "),
        ("chess", {}, 'unknown game "chess": expected one of pig, leduc, riichi, sichuan, duel, sgs'),
    ],
)
def test_a_bad_option_names_itself_and_the_allowed_values(name, options, message):
    with pytest.raises(ValueError) as error:
        alea.load_game(name, **options)
    assert str(error.value).startswith(message)


def test_leduc_simulates_as_the_cli_does(cli):
    ours = alea.simulate("leduc", games=500, seed=8, threads=1)
    theirs = cli(["simulate", "leduc", "--games", "500", "--seed", "8", "--json"])
    assert game_determined(ours) == game_determined(theirs)
    # The bindings' own random simulation (what a game of another module uses) agrees too.
    native = json.loads(alea._alea.simulate_random("leduc", 500, 8, 2))
    assert game_determined(native) == game_determined(theirs)


def test_a_state_of_the_old_format_still_loads():
    state = alea.load_game("pig", players=3).new_initial_state(seed=2)
    state.apply_action(0)
    saved = json.loads(state.serialize())
    assert saved["options"] == {"players": 3, "target": 100}
    # Before the registry, options were [name, text] pairs (the CLI's flags).
    saved["options"] = [["players", "3"]]
    old = alea.deserialize_state(json.dumps(saved))
    assert old.serialize() == state.serialize()
    assert pickle.loads(pickle.dumps(old)).history() == state.history()
