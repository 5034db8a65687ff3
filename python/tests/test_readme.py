"""The README's Python examples run as written."""

import re

import pytest

from conftest import ROOT

README = (ROOT / "README.md").read_text()
SECTION = README[README.index("## Python\n") : README.index("## Architecture\n")]
BLOCKS = re.findall(r"```python\n(.*?)```", SECTION, re.S)


def test_the_section_has_examples():
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index):
    exec(compile(BLOCKS[index], f"README.md python example {index}", "exec"), {})
