"""The architecture of docs/architecture.rst holds on the import graph of src/coinche.

The layers are import-linter contracts in ``pyproject.toml`` (``[tool.importlinter]``):
data flows down the layers, no package's modules import each other round a circle, and
only the extras' packages import an optional dependency. import-linter builds the graph
with grimp, which sees every import: at module level, inside functions and under
``if TYPE_CHECKING:``. These tests run it on the package, show that it fails when an
upward import is added to a copy of the package, check that the page's layer table is
the contract's, and that each import the contracts let through is of the kind its
comment says.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
import types
from functools import cache
from pathlib import Path
from typing import Any

import docutils.core
import docutils.nodes
import grimp
import pytest

import coinche

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.rst"
PACKAGE = ROOT / "src" / "coinche"
DISPLAY_HOOKS = frozenset({"_repr_svg_", "_repr_html_", "__str__"})
# the optional dependencies: what the contract "optional" forbids the core
OPTIONAL = "optional"


@cache
def contracts() -> dict[str, dict[str, Any]]:
    """The import-linter contracts of pyproject.toml, by id."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {contract["id"]: contract for contract in config["tool"]["importlinter"]["contracts"]}


def lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run import-linter (``lint-imports``) on the configuration in *cwd*, on the package
    found first on *pythonpath* (the installed one when ``None``)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    env.pop("PYTHONPATH", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlinter.cli import lint_imports_command; lint_imports_command()",
            "--no-cache",
            "--no-logo",
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_contracts_hold() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    # not vacuous: all three contracts ran, over the whole package
    for contract in contracts().values():
        assert f"{contract['name']} KEPT" in run.stdout


def _copy_with(tmp_path: Path, module: str, extra: str) -> Path:
    """A copy of the package and its configuration in *tmp_path*, *extra* appended to
    the file of *module* (``coinche.cards``, say); the directory to put on the path."""
    shutil.copytree(PACKAGE, tmp_path / "coinche", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    path = tmp_path.joinpath(*module.split(".")).with_suffix(".py")
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("module", "extra", "broken"),
    [
        # the kernel reaching up into the state machines, at module level
        ("coinche._short", "\nfrom coinche.deal import Deal\n", "coinche._short -> coinche.deal"),
        # a value importing a player inside a function, where it would hide from a reader
        (
            "coinche.cards",
            "\n\ndef _player() -> object:\n    from coinche.bots import players\n\n"
            "    return players\n",
            "coinche.cards -> coinche.bots.players",
        ),
        # an annotation that reaches up: it does not run, but it is an import all the same
        (
            "coinche.contract",
            "\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
            "    from coinche.game import Game\n",
            "coinche.contract -> coinche.game",
        ),
    ],
)
def test_an_upward_import_breaks_the_layers(
    tmp_path: Path, module: str, extra: str, broken: str
) -> None:
    run = lint_imports(_copy_with(tmp_path, module, extra), tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    layers = contracts()["layers"]["name"]
    assert f"{layers} BROKEN" in run.stdout
    # the report names the importer, the layer it reaches, the import and its line
    importer, imported = broken.split(" -> ")
    layer = ".".join(imported.split(".")[:2])
    assert f"{importer} is not allowed to import {layer}" in run.stdout
    assert re.search(rf"- +{re.escape(broken)} \(l\.\d+\)", run.stdout)


def test_a_circle_breaks_the_circles_contract(tmp_path: Path) -> None:
    """Two modules of one layer importing each other: the layers allow it, the contract
    on circles does not."""
    extra = "\n\ndef _back() -> object:\n    from coinche import game\n\n    return game\n"
    run = lint_imports(_copy_with(tmp_path, "coinche.view", extra), tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"{contracts()['layers']['name']} KEPT" in run.stdout
    assert f"{contracts()['circles']['name']} BROKEN" in run.stdout


def test_an_optional_dependency_in_the_core_breaks_its_contract(tmp_path: Path) -> None:
    extra = "\n\ndef _array() -> object:\n    import numpy\n\n    return numpy\n"
    run = lint_imports(_copy_with(tmp_path, "coinche.scoring", extra), tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"{contracts()[OPTIONAL]['name']} BROKEN" in run.stdout
    assert re.search(r"- +coinche\.scoring -> numpy \(l\.\d+\)", run.stdout)


# ------------------------------------------------------------------ the page's table
def layer_table() -> list[tuple[str, set[str]]]:
    """The layers of the page's table named ``layer-table``, lowest first, each with its
    modules (``coinche.svg``), read by docutils."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.rindex(".. list-table::", 0, text.index(":name: layer-table"))
    # the directive and its rows: up to the first line that is not indented
    lines = text[start:].splitlines()
    body = [lines[0]]
    for line in lines[1:]:
        if line and not line.startswith(" "):
            break
        body.append(line)
    doctree = docutils.core.publish_doctree(
        "\n".join(body), settings_overrides={"report_level": 5, "halt_level": 5}
    )
    layers: list[tuple[str, set[str]]] = []
    for row in doctree.findall(docutils.nodes.row):
        cells = [entry.astext() for entry in row.findall(docutils.nodes.entry)]
        layer, module = cells[0], cells[1]
        if layer == "Layer":  # the header
            continue
        if not layers or layers[-1][0] != layer:
            assert layer not in [name for name, _ in layers], f"{layer} is split in the table"
            layers.append((layer, set()))
        layers[-1][1].add(module)
    return layers


def contract_layers() -> list[set[str]]:
    """The layers contract's layers, lowest first, each as its full module names."""
    found: list[set[str]] = []
    for layer in reversed(contracts()["layers"]["layers"]):
        found.append({f"coinche.{tail.strip()}" for tail in layer.split(":")})
    return found


def test_the_page_table_is_the_contract() -> None:
    """The page's layers, lowest first, with the same modules as the contract's; the
    package itself (its public API) is the contract's container, above the formats."""
    table = layer_table()
    names = [name for name, _ in table]
    assert names == [
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
    assert table[5] == ("public API", {"coinche"})
    assert contracts()["layers"]["containers"] == ["coinche"]
    assert [modules for name, modules in table if name != "public API"] == contract_layers()


# ------------------------------------------------------------------ the exceptions
@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("coinche", include_external_packages=True, cache_dir=None)


def _source(module: str) -> tuple[Path, ast.Module]:
    """The file of *module* and its syntax tree, found without importing it (a module of
    an extra may need a package this environment lacks)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None, module
    assert spec.origin is not None, module
    path = Path(spec.origin)
    return path, ast.parse(path.read_text(encoding="utf-8"))


def import_kinds(module: str) -> dict[int, tuple[str, str]]:
    """For each line of *module* that holds an import: where it stands, ``module``,
    ``annotation`` (under ``if TYPE_CHECKING:``) or ``function``, with the name of the
    function around it ("" at module level)."""
    _, tree = _source(module)
    found: dict[int, tuple[str, str]] = {}

    def visit(node: ast.AST, kind: str, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, "annotation" if kind == "annotation" else "function", child.name)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for inner in child.body:
                    visit(ast.Module(body=[inner], type_ignores=[]), "annotation", function)
                for inner in child.orelse:
                    visit(ast.Module(body=[inner], type_ignores=[]), kind, function)
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                for line in range(child.lineno, (child.end_lineno or child.lineno) + 1):
                    found[line] = (kind, function)
            else:
                visit(child, kind, function)

    visit(tree, "module", "")
    return found


def _ignored(contract_id: str) -> list[tuple[str, str]]:
    return [
        (importer.strip(), imported.strip())
        for importer, _, imported in (
            entry.partition("->") for entry in contracts()[contract_id].get("ignore_imports", [])
        )
    ]


def _expand(importer: str, imported: str) -> list[tuple[str, str]]:
    """The edges of the graph an ignore entry stands for (``coinche.rl.**`` is every
    module below coinche.rl)."""
    if not importer.endswith(".**"):
        return [(importer, imported)]
    package = importer.removesuffix(".**")
    return [
        (module, imported)
        for module in sorted(graph().find_descendants(package))
        if graph().direct_import_exists(importer=module, imported=imported)
    ]


def exception_kinds() -> dict[tuple[str, str], set[tuple[str, str]]]:
    """Each import the contracts let through, with the kinds of its import lines."""
    kinds: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for contract_id in contracts():
        for importer, imported in _ignored(contract_id):
            for edge in _expand(importer, imported):
                details = graph().get_import_details(importer=edge[0], imported=edge[1])
                assert details, f"{edge} is listed in {contract_id} but no longer imported"
                where = import_kinds(edge[0])
                kinds.setdefault(edge, set()).update(
                    where[detail["line_number"]] for detail in details
                )
    return kinds


def test_each_exception_is_of_its_kind() -> None:
    """A display hook imports the formats inside ``_repr_svg_``, ``_repr_html_`` or
    ``__str__``; the lazy names inside the package's ``__getattr__``; an annotation only
    under TYPE_CHECKING; an optional dependency is imported by an extra's own package,
    or inside a function. Nothing else may be listed."""
    formats = contract_layers()[4]
    bad: list[str] = []
    for (importer, imported), kinds in sorted(exception_kinds().items()):
        for kind, function in sorted(kinds):
            if kind == "annotation":
                continue
            if importer == "coinche" and function == "__getattr__":
                continue
            if (
                kind == "function"
                and function in DISPLAY_HOOKS
                and any(imported == m or imported.startswith(m + ".") for m in formats)
            ):
                continue
            optional = [m.strip() for m in contracts()[OPTIONAL]["forbidden_modules"]]
            if imported in optional or imported.startswith("coinche.rl"):
                extra = importer.startswith(
                    ("coinche.rl", "coinche.testing", "coinche.web", "coinche.arrays")
                )
                if extra or kind == "function":
                    continue
            bad.append(f"{importer} -> {imported}: {kind} {function}".rstrip())
    assert bad == []


def test_the_exceptions_are_few_and_known() -> None:
    """Not vacuous: the kinds the page names are all there (a display hook, the lazy
    names, an annotation, an optional dependency in a function)."""
    kinds = exception_kinds()
    assert ("function", "_repr_svg_") in kinds[("coinche.cards", "coinche.svg")]
    assert ("function", "__getattr__") in kinds[("coinche", "coinche.bots.review")]
    assert kinds[("coinche.errors", "coinche.seats")] == {("annotation", "")}
    assert ("function", "_draw") in kinds[("coinche.cli._progress", "tqdm")]


def test_the_package_namespace_is_its_all_and_its_submodules() -> None:
    """``from importlib... import version`` once left ``coinche.version`` (and
    ``EXTENSION_SUFFIXES``, ``PackageNotFoundError``) in the public namespace: every
    public name of the package is now in ``__all__`` or is one of its submodules."""
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
