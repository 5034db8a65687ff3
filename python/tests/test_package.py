"""The package as a Python user meets it: adapters that load when first named, and help that
lists the games."""

import subprocess
import sys

import pytest

import alea


def test_the_adapters_load_when_first_named():
    code = (
        "import sys, alea\n"
        "assert 'alea.openspiel' not in sys.modules\n"
        "alea.openspiel.register()\n"
        "assert callable(alea.pettingzoo.env) and callable(alea.ray.simulate)\n"
        "assert {'openspiel', 'pettingzoo', 'ray'} <= set(dir(alea))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_an_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        alea.nope


def test_help_of_load_game_lists_every_game_and_its_options():
    # alea's own games; a game module imported later serves its own help.
    doc = alea.load_game.__doc__
    for name in alea._alea.registered_names():
        assert f"``{name}``" in doc, name
        for option in alea.game_options(name):
            assert option in doc, (name, option)


def test_help_of_load_game_says_what_every_observation_index_and_action_id_holds():
    doc = alea.load_game.__doc__
    for name in alea._alea.registered_names():
        encoding = alea.game_info(name)["encoding"]
        for part in encoding["observation"] + encoding["actions"]:
            assert part["meaning"] in doc, (name, part)
    # Leduc's, as OpenSpiel numbers them.
    assert "    0: fold\n    1: call\n    2: raise" in doc
