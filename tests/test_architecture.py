"""The docs' architecture page matches the import graph of src/coinche.

The layer table of ``docs/architecture.rst`` is the one source of the layers: this test
reads it, parses every module of the package with :mod:`ast` (imports at module level,
inside functions, and under ``if TYPE_CHECKING:``) and checks that data flows down:

- every module of the package is in the table (a table entry covers the modules of its
  package; the entry ``coinche`` covers only the package's ``__init__``);
- every import goes to the importer's own layer or a lower one, except a display hook
  (an import inside ``_repr_svg_``, ``_repr_html_`` or ``__str__`` into the formats
  layer) and an annotation (an import under ``if TYPE_CHECKING:``), as the page says;
- the import graph has no circle: no module imports, even inside a function, a module
  that imports it back through any chain, the same two exceptions aside.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.rst"
PACKAGE = ROOT / "src" / "coinche"

DISPLAY_HOOKS = frozenset({"_repr_svg_", "_repr_html_", "__str__"})
DISPLAY_LAYER = "formats"
# the package's own lazy names (PEP 562): coinche.review, loaded on first use
LAZY_HOOK = ("coinche", "__getattr__")


def _lazy(edge: Import) -> bool:
    return (edge.importer, edge.function) == LAZY_HOOK


class Import(NamedTuple):
    importer: str  # the importing module
    imported: str  # the module imported (the package coinche itself for its names)
    line: int
    kind: str  # "module", "function" or "annotation"
    function: str  # the enclosing function's name, "" at module level


def read_layer_table(text: str) -> tuple[list[str], dict[str, str]]:
    """The layers in order, lowest first, and the layer of each table entry, from the
    ``list-table`` named ``layer-table``: rows of ``* - layer``, ``- ``module````,
    ``- what it owns``."""
    start = text.index(":name: layer-table")
    block = text[start:]
    end = re.search(r"\n\S", block)
    block = block[: end.start()] if end else block
    rows = re.findall(r"^\s*\* - (.+)\n\s+- ``([\w.]+)``\n", block, re.M)
    layers: list[str] = []
    owner: dict[str, str] = {}
    for layer, module in rows:
        if layer not in layers:
            layers.append(layer)
        assert module not in owner, f"{module} is listed twice in the layer table"
        owner[module] = layer
    return layers, owner


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _resolved(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The absolute module an ``from ... import`` names (relative imports included)."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    drop = node.level - 1 if is_package else node.level
    base = base[: len(base) - drop]
    return ".".join([*base, node.module] if node.module else base)


def imports_of(source: str, importer: str, modules: set[str], is_package: bool) -> list[Import]:
    """Every import of a coinche module in *source*, with where it stands."""
    found: list[Import] = []

    def add(target: str, node: ast.stmt, kind: str, function: str) -> None:
        if target == "coinche" or target.startswith("coinche."):
            found.append(Import(importer, target, node.lineno, kind, function))

    def visit(body: list[ast.stmt], kind: str, function: str) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    add(alias.name, node, kind, function)
            elif isinstance(node, ast.ImportFrom):
                module = _resolved(node, importer, is_package)
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    # from coinche import svg: the module coinche.svg; else a name of module
                    add(sub if sub in modules else module, node, kind, function)
            elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.body, "annotation", function)
                visit(node.orelse, kind, function)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = "annotation" if kind == "annotation" else "function"
                visit(node.body, inner, node.name)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    block = getattr(node, field, None)
                    if isinstance(block, list):
                        visit([b for b in block if isinstance(b, ast.stmt)], kind, function)
                    for handler in block or ():
                        if isinstance(handler, ast.ExceptHandler):
                            visit(handler.body, kind, function)

    visit(ast.parse(source).body, "module", "")
    return found


def owner_of(module: str, owner: dict[str, str]) -> str | None:
    """The table entry that covers *module*: itself, or the longest package above it
    (never the root package ``coinche``, which covers only its ``__init__``)."""
    parts = module.split(".")
    for size in range(len(parts), 1, -1):
        name = ".".join(parts[:size])
        if name in owner:
            return name
    return module if module in owner else None


def violations(found: list[Import], layers: list[str], owner: dict[str, str]) -> list[str]:
    """What in *found* goes up, as readable lines (none when data flows down)."""
    rank = {layer: number for number, layer in enumerate(layers)}
    bad: list[str] = []
    for edge in found:
        source, target = owner_of(edge.importer, owner), owner_of(edge.imported, owner)
        if source is None or target is None:
            bad.append(f"{edge.importer}:{edge.line} imports {edge.imported}: not in the table")
            continue
        low, high = owner[source], owner[target]
        if rank[high] <= rank[low] or edge.kind == "annotation":
            continue
        if edge.function in DISPLAY_HOOKS and high == DISPLAY_LAYER:
            continue
        if _lazy(edge):
            continue
        bad.append(
            f"{edge.importer}:{edge.line} ({low}) imports {edge.imported} ({high}) "
            f"{'in ' + edge.function if edge.function else 'at module level'}"
        )
    return bad


def running_edges(found: list[Import], owner: dict[str, str]) -> dict[str, dict[str, Import]]:
    """The graph of the imports that run (at module level or in a function), each
    edge with its first import; display hooks are left out (an import in ``_repr_svg_``,
    ``_repr_html_`` or ``__str__`` into the formats layer runs only when a value is
    shown). Importing ``a.b`` runs the package ``a`` first: that is not an edge here, or
    every package whose ``__init__`` re-exports its modules would be a circle."""
    edges: dict[str, dict[str, Import]] = {}
    for edge in found:
        target = owner_of(edge.imported, owner)
        if edge.kind == "annotation" or edge.importer == edge.imported:
            continue
        if edge.function in DISPLAY_HOOKS and target and owner[target] == DISPLAY_LAYER:
            continue
        if _lazy(edge):  # runs when a user asks for the name, after import coinche
            continue
        edges.setdefault(edge.importer, {}).setdefault(edge.imported, edge)
    return edges


def _shortest_circle(edges: dict[str, dict[str, Import]], part: set[str], start: str) -> list[str]:
    """The modules of the shortest circle through *start* inside *part* (breadth first)."""
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(edges.get(node, {})):
            if nxt == start:
                return paths[node]
            if nxt in part and nxt not in paths:
                paths[nxt] = [*paths[node], nxt]
                queue.append(nxt)
    raise AssertionError(f"{start} is on no circle of {sorted(part)}")


def cycles(edges: dict[str, dict[str, Import]]) -> list[str]:
    """The circles of *edges*, as readable lines: in each strongly connected part
    (Tarjan), the shortest circle through each module no circle named so far passes
    through; ``a:12 -> b:30 (in f) -> a`` says a imports b at its line 12, b imports a
    at its line 30 inside the function f."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    parts: list[set[str]] = []

    def connect(node: str) -> None:  # recursion depth: the package's few dozen modules
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges.get(node, {}):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = set()
            while True:
                top = stack.pop()
                part.add(top)
                if top == node:
                    break
            if len(part) > 1:
                parts.append(part)

    for node in sorted(edges):
        if node not in index:
            connect(node)
    found: list[str] = []
    for part in parts:
        covered: set[str] = set()
        for start in sorted(part):
            if start in covered:
                continue
            circle = _shortest_circle(edges, part, start)
            covered.update(circle)
            steps = []
            for here, there in zip(circle, [*circle[1:], start], strict=True):
                edge = edges[here][there]
                where = f" (in {edge.function})" if edge.function else ""
                steps.append(f"{here}:{edge.line}{where}")
            found.append(" -> ".join([*steps, start]))
    return sorted(found)


@pytest.fixture(scope="module")
def table() -> tuple[list[str], dict[str, str]]:
    return read_layer_table(PAGE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def graph() -> list[Import]:
    modules = package_modules()
    names = set(modules)
    found: list[Import] = []
    for name, path in modules.items():
        source = path.read_text(encoding="utf-8")
        found += imports_of(source, name, names, path.name == "__init__.py")
    return found


def test_the_page_lists_the_layers_in_order(table: tuple[list[str], dict[str, str]]) -> None:
    layers, _ = table
    assert layers == [
        "kernel",
        "values",
        "rules",
        "state machines",
        "formats",
        "public API",
        "testing",
        "bots",
        "array engine",
        "scale",
        "reinforcement learning",
        "command line",
    ]


def test_every_module_is_in_the_table(table: tuple[list[str], dict[str, str]]) -> None:
    _, owner = table
    missing = [name for name in package_modules() if owner_of(name, owner) is None]
    assert missing == []


def test_every_table_entry_is_a_module(table: tuple[list[str], dict[str, str]]) -> None:
    _, owner = table
    modules = set(package_modules())
    unknown = [name for name in owner if name not in modules]  # a typo, or a module removed
    assert unknown == []


def test_data_flows_down(table: tuple[list[str], dict[str, str]], graph: list[Import]) -> None:
    layers, owner = table
    # not vacuous: the parser saw the imports of every kind the page speaks of
    assert {edge.kind for edge in graph} == {"module", "function", "annotation"}
    assert ("coinche.report", "coinche.deal", "module") in {
        (e.importer, e.imported, e.kind) for e in graph
    }
    assert violations(graph, layers, owner) == []


def test_display_hooks_are_the_only_upward_imports_that_run(
    table: tuple[list[str], dict[str, str]], graph: list[Import]
) -> None:
    """What goes up at run time is a value drawing or printing itself (the page's list)."""
    layers, owner = table
    rank = {layer: number for number, layer in enumerate(layers)}
    up = {
        (edge.importer, edge.imported, edge.function)
        for edge in graph
        if edge.kind == "function"
        and not _lazy(edge)
        and rank[owner[owner_of(edge.imported, owner) or ""]]
        > rank[owner[owner_of(edge.importer, owner) or ""]]
    }
    assert {function for _, _, function in up} <= DISPLAY_HOOKS
    assert ("coinche.cards", "coinche.svg", "_repr_svg_") in up


def test_the_import_graph_has_no_circle(
    table: tuple[list[str], dict[str, str]], graph: list[Import]
) -> None:
    _, owner = table
    edges = running_edges(graph, owner)
    # not vacuous: the graph holds imports in functions as well as at module level
    assert {edge.kind for targets in edges.values() for edge in targets.values()} == {
        "module",
        "function",
    }
    circles = cycles(edges)
    assert circles == [], "import circles:\n" + "\n".join(circles)


# coinche.deal is being cut down in issue 23 by its own change; the set empties then
LONG_MODULES_BEING_SPLIT: frozenset[str] = frozenset()


def test_no_module_passes_700_lines() -> None:
    """The project's rule: a module over 700 lines is cut into a package or two."""
    lines = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in package_modules().items()
    }
    long = {name: size for name, size in lines.items() if size > 700}
    assert set(long) <= LONG_MODULES_BEING_SPLIT, long


# ------------------------------------------------------------------ the checker itself
LAYERS = ["kernel", "values", "formats"]
OWNER = {"coinche._kernel": "kernel", "coinche.cards": "values", "coinche.svg": "formats"}
MODULES = {"coinche", "coinche._kernel", "coinche.cards", "coinche.svg", "coinche.svg._draw"}


def test_the_checker_finds_an_upward_import_at_module_level() -> None:
    source = "from coinche.svg._draw import card\n"
    found = imports_of(source, "coinche.cards", MODULES, False)
    assert found == [Import("coinche.cards", "coinche.svg._draw", 1, "module", "")]
    assert violations(found, LAYERS, OWNER) == [
        "coinche.cards:1 (values) imports coinche.svg._draw (formats) at module level"
    ]


def test_the_checker_finds_an_upward_import_in_a_function() -> None:
    source = "def f():\n    if True:\n        from coinche import svg\n"
    found = imports_of(source, "coinche._kernel", MODULES, False)
    assert found == [Import("coinche._kernel", "coinche.svg", 3, "function", "f")]
    assert violations(found, LAYERS, OWNER) == [
        "coinche._kernel:3 (kernel) imports coinche.svg (formats) in f"
    ]


def test_the_checker_allows_display_hooks_and_annotations_only() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from coinche.svg import Svg\n"
        "class Hand:\n"
        "    def _repr_svg_(self):\n"
        "        from coinche import svg\n"
        "    def draw(self):\n"
        "        import coinche.svg\n"
        "try:\n"
        "    import numpy\n"
        "except ImportError:\n"
        "    from coinche import _kernel\n"
    )
    found = imports_of(source, "coinche.cards", MODULES, False)
    assert [(edge.imported, edge.kind, edge.function) for edge in found] == [
        ("coinche.svg", "annotation", ""),
        ("coinche.svg", "function", "_repr_svg_"),
        ("coinche.svg", "function", "draw"),
        ("coinche._kernel", "module", ""),
    ]
    assert violations(found, LAYERS, OWNER) == [
        "coinche.cards:8 (values) imports coinche.svg (formats) in draw"
    ]
    # a display hook reaching above the formats layer is refused too
    assert violations(
        found[1:2], [*LAYERS, "players and bots"], {**OWNER, "coinche.svg": "players and bots"}
    ) == ["coinche.cards:6 (values) imports coinche.svg (players and bots) in _repr_svg_"]


def test_the_checker_resolves_relative_imports_and_package_names() -> None:
    source = "from . import _draw\nfrom .._kernel import score\nfrom coinche import Hand\n"
    found = imports_of(source, "coinche.svg", MODULES, True)
    assert [edge.imported for edge in found] == ["coinche.svg._draw", "coinche._kernel", "coinche"]
    assert owner_of("coinche.svg._draw", OWNER) == "coinche.svg"
    assert owner_of("coinche", OWNER) is None  # the root package covers only itself
    assert owner_of("coinche.unknown", {"coinche": "public API"}) is None


def test_the_circle_finder_names_each_circle() -> None:
    sources = {
        # cards and _kernel import each other, one of them inside a function
        "coinche.cards": (
            "from coinche import _kernel\n"
            "class Hand:\n"
            "    def _repr_svg_(self):\n"
            "        from coinche import svg\n"
        ),
        "coinche._kernel": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from coinche.svg import Svg\n"
            "def g():\n"
            "    import coinche.cards\n"
        ),
        # svg and its module _draw import each other; svg imports cards and _draw imports
        # _kernel, which import svg back only in a display hook and an annotation
        "coinche.svg": "from coinche.cards import Hand\nfrom coinche.svg._draw import x\n",
        "coinche.svg._draw": "from coinche import _kernel\nfrom coinche import svg\n",
    }
    found = [
        edge
        for name, text in sources.items()
        for edge in imports_of(text, name, MODULES, name == "coinche.svg")
    ]
    assert cycles(running_edges(found, OWNER)) == [
        "coinche._kernel:5 (in g) -> coinche.cards:1 -> coinche._kernel",
        "coinche.svg:2 -> coinche.svg._draw:2 -> coinche.svg",
    ]


def test_the_package_namespace_is_its_all_and_its_submodules() -> None:
    """``from importlib... import version`` once left ``coinche.version`` (and
    ``EXTENSION_SUFFIXES``, ``PackageNotFoundError``) in the public namespace: every
    public name of the package is now in ``__all__`` or is one of its submodules."""
    import types

    import coinche

    public = {name for name in dir(coinche) if not name.startswith("_")}
    submodules = {
        name
        for name in public
        if isinstance(getattr(coinche, name), types.ModuleType)
        and getattr(coinche, name).__name__ == f"coinche.{name}"
    }
    assert public - submodules == set(coinche.__all__) - {"__version__"}
    assert isinstance(coinche.COMPILED, bool)
    assert isinstance(coinche.__version__, str)
