"""The README's Python examples, and the guide's, run as written."""

import re

import pytest

from conftest import ROOT

README = (ROOT / "README.md").read_text()
SECTION = README[README.index("## Python\n") : README.index("## Architecture\n")]
GUIDE = (ROOT / "docs" / "writing-your-own-game.md").read_text()
BLOCKS = [
    (f"README.md python example {i}", block)
    for i, block in enumerate(re.findall(r"```python\n(.*?)```", SECTION, re.S))
] + [
    (f"docs/writing-your-own-game.md python example {i}", block)
    for i, block in enumerate(re.findall(r"```python\n(.*?)```", GUIDE, re.S))
]


def test_the_sections_have_examples():
    assert sum(name.startswith("README") for name, _ in BLOCKS) >= 2
    assert any(name.startswith("docs/") for name, _ in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index):
    name, block = BLOCKS[index]
    exec(compile(block, name, "exec"), {})
