"""The Python examples of the README and of every chapter of the book (``docs/src``), run as
written."""

import re
import textwrap

import pytest

from conftest import ROOT

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs" / "src").rglob("*.md"))]
BLOCKS = [
    (f"{path.relative_to(ROOT)} python example {i}", textwrap.dedent(block))
    for path in DOCUMENTS
    for i, block in enumerate(re.findall(r"```python\n(.*?)```", path.read_text(), re.S))
]


def test_the_documents_have_examples():
    names = [name for name, _ in BLOCKS]
    assert any(name.startswith("README.md") for name in names)
    assert sum(name.startswith("docs/src/python.md") for name in names) >= 2
    assert any(name.startswith("docs/src/tutorial.md") for name in names)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index):
    name, block = BLOCKS[index]
    exec(compile(block, name, "exec"), {})
