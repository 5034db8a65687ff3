"""Leduc's row against the exact best response: OpenSpiel's best response to alea's `random`
player (the uniform policy) on `python_alea_leduc`, computed exactly over the game tree.

Prints the best response's value in each seat and, as the strength tables' difference a game
(best response minus random, both seats averaged), their sum: the uniform policy's NashConv.

    target/python-venv/bin/python benches/strength/leduc_best_response.py
(the venv `./test.sh` makes: alea and OpenSpiel installed)
"""

import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import best_response

import alea.openspiel


def main():
    alea.openspiel.register()
    game = pyspiel.load_game("python_alea_leduc")
    uniform = policy_lib.UniformRandomPolicy(game)
    values = [
        best_response.BestResponsePolicy(game, seat, uniform).value(game.new_initial_state())
        for seat in range(game.num_players())
    ]
    difference = sum(values)
    print(f"best response to random, seat 0: {values[0]:+.4f}, seat 1: {values[1]:+.4f} chips")
    print(
        f"| leduc | best response (exact, OpenSpiel) | `random` | the whole tree "
        f"| **{difference:+.3f}** exact | `python benches/strength/leduc_best_response.py` |"
    )


if __name__ == "__main__":
    main()
