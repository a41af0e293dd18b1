"""Sphinx configuration for the coinche documentation.

The build needs no network and no extension beyond Sphinx itself (theme: alabaster).
Four things happen here besides the settings:

* ``_generated/presets_table.rst`` is written from :class:`coinche.RuleConfig` and
  :data:`coinche.PRESETS` at every build, so the table of presets cannot drift from
  the code (``presets.rst`` includes it);
* the pictures of ``pictures.rst`` are drawn by ``picture_examples.py`` with
  :mod:`coinche.svg` at every build, into ``_generated/pictures/``;
* the build warns (an error under ``-W``) when a name of ``coinche.__all__`` is not
  documented in ``api.rst``;
* autodoc output is tidied: the constants re-exported by ``coinche/__init__.py`` get
  the docstrings written beside them in their own modules, and signatures show
  ``RuleConfig()`` and the real field defaults instead of private names.

Importing this file has no side effect (pytest imports it when collecting doctests):
the work is done in :func:`setup`, when Sphinx runs.
"""

from __future__ import annotations

import enum
import functools
import importlib.metadata
import importlib.util
import re
from pathlib import Path
from typing import Any

import attrs
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import coinche

# -- project ----------------------------------------------------------------------------
project = "coinche"
author = "The coinche developers"
copyright = "2025, The coinche developers"  # the name Sphinx reads
release = importlib.metadata.version("coinche")
version = ".".join(release.split(".")[:2])

# -- general ----------------------------------------------------------------------------
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]
nitpicky = False
language = "en"
today_fmt = "%Y-%m-%d"

# -- autodoc ----------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True  # show `rules=RuleConfig()`, not its 30-field repr
autodoc_typehints = "signature"
autoclass_content = "class"

# -- html -------------------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"coinche {release}"
html_short_title = "coinche"
html_theme_options = {
    "description": "The rules of Coinche (belote coinchée) as a typed Python library.",
    "fixed_sidebar": True,
    "page_width": "1100px",
    "sidebar_width": "220px",
}
html_show_sourcelink = False

HERE = Path(__file__).resolve().parent
GENERATED = HERE / "_generated"
_log = logging.getLogger("coinche.docs")

# Modules of the package whose attribute docstrings (a string literal under an
# assignment) document the names that coinche/__init__.py re-exports.
_SOURCE_MODULES = (
    "coinche.cards",
    "coinche.seats",
    "coinche.config",
    "coinche.contract",
    "coinche.play",
    "coinche.announcements",
    "coinche.scoring",
    "coinche.errors",
)


# -- the generated table of presets ---------------------------------------------------
def _field_docs() -> dict[str, str]:
    """The first paragraph of each RuleConfig field's docstring, on one line."""
    docs = ModuleAnalyzer.for_module("coinche.config").find_attr_docs()
    summaries: dict[str, str] = {}
    for field in attrs.fields(coinche.RuleConfig):
        lines = docs.get(("RuleConfig", field.name))
        if lines:
            paragraph: list[str] = []
            for line in lines:
                if not line.strip():
                    break
                paragraph.append(line.strip())
            summaries[field.name] = " ".join(paragraph)
        else:
            summaries[field.name] = str(field.metadata.get("doc", ""))
    return summaries


def _show(value: object) -> str:
    """A field value as the table shows it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "-".join(str(item) for item in value)
    return str(value)


def presets_table() -> str:
    """The reST of the presets table: one row per RuleConfig option, one column per preset.

    Derived fields (``init=False``, such as ``play_flags``) are not options and are
    left out. A value that differs from the default (``RuleConfig()``, the common
    preset) is shown in bold.
    """
    presets = {name: make() for name, make in coinche.PRESETS.items()}
    default = coinche.RuleConfig()
    docs = _field_docs()
    header = ["Field", "Meaning", *(f"``{name}``" for name in presets)]
    rows: list[list[str]] = [header]
    for field in attrs.fields(coinche.RuleConfig):
        if not field.init:
            continue
        row = [f":attr:`~coinche.RuleConfig.{field.name}`", docs[field.name]]
        for rules in presets.values():
            value = getattr(rules, field.name)
            text = _show(value)
            row.append(f"**{text}**" if value != getattr(default, field.name) else text)
        rows.append(row)
    out = [
        ".. This file is generated by docs/conf.py at every build; do not edit it.",
        "",
        ".. list-table:: Every option of RuleConfig under each preset",
        "   :header-rows: 1",
        "   :stub-columns: 1",
        "   :class: presets",
        "   :widths: 16 30 8 9 9 9 8 11",
        "",
    ]
    for row in rows:
        out.append(f"   * - {row[0]}")
        out.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(out) + "\n"


def presets_list() -> str:
    """A definition list: each preset's name and the summary of its docstring."""
    out = [".. This file is generated by docs/conf.py at every build; do not edit it.", ""]
    for name, make in coinche.PRESETS.items():
        doc = (make.__doc__ or "").strip().split("\n\n")[0]
        summary = " ".join(line.strip() for line in doc.splitlines())
        method = make.__name__
        out.append(f"``{name}`` (:meth:`RuleConfig.{method}() <coinche.RuleConfig.{method}>`)")
        out.append(f"   {summary}")
        out.append("")
    return "\n".join(out)


def _write_if_changed(path: Path, text: str) -> None:
    """Write *text* to *path* unless it already holds it (keeps incremental builds quiet)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def pictures() -> dict[str, str]:
    """The SVG pictures of pictures.rst, by file name, drawn by picture_examples.py."""
    spec = importlib.util.spec_from_file_location("picture_examples", HERE / "picture_examples.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn: dict[str, str] = module.pictures()
    return drawn


def generate(app: Sphinx) -> None:
    """Write the generated include files before Sphinx reads the sources."""
    _write_if_changed(GENERATED / "presets_table.rst", presets_table())
    _write_if_changed(GENERATED / "presets_list.rst", presets_list())
    for name, picture in pictures().items():
        _write_if_changed(GENERATED / "pictures" / name, picture)


# -- every public name documented -----------------------------------------------------
_DOCUMENTED = re.compile(
    r"^\.\. (?:auto(?:class|function|data|exception|attribute)|data|function|class)"
    r"::\s+(?:coinche\.)?(\w+)",
    re.MULTILINE,
)


def check_api_page(app: Sphinx) -> None:
    """Warn about every name of ``coinche.__all__`` that api.rst does not document."""
    text = (HERE / "api.rst").read_text(encoding="utf-8")
    documented = set(_DOCUMENTED.findall(text))
    for name in coinche.__all__:
        if name not in documented:
            _log.warning(
                "coinche.%s is public (in __all__) but api.rst does not document it",
                name,
                location="api",
            )


# -- autodoc tidying ------------------------------------------------------------------
@functools.cache
def _module_constant_docs() -> dict[str, list[str]]:
    """Docstrings of the package's module-level constants, by name."""
    found: dict[str, list[str]] = {}
    for module in _SOURCE_MODULES:
        for (scope, name), lines in ModuleAnalyzer.for_module(module).find_attr_docs().items():
            if scope == "" and name in coinche.__all__:
                found[name] = list(lines)
    return found


def fix_constant_docstrings(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give ``coinche.CARDS`` & co. the docstring written in their own module.

    autodoc looks for the docstring of ``coinche.X`` in ``coinche/__init__.py``, which
    only re-exports it, and otherwise shows the docstring of the value's type (tuple,
    dict...). The real one sits under the assignment in the defining module.
    """
    if what != "data" or not name.startswith("coinche."):
        return
    docs = _module_constant_docs()
    short = name.removeprefix("coinche.")
    if short in docs:
        lines[:] = docs[short]


_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def _default_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def fix_signatures(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Readable defaults in signatures.

    With ``autodoc_preserve_defaults`` a default is shown as written in the source,
    which is right for ``rules: RuleConfig = _DEFAULT_RULES`` once the private name
    is replaced, but shows ``attr_dict['x'].default`` for attrs classes: those are
    replaced by the field's real default.
    """
    if signature is None:
        return None
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        return "", return_annotation  # members are listed; "(value)" says nothing
    new = signature.replace("_DEFAULT_RULES", "RuleConfig()")
    if isinstance(obj, type) and attrs.has(obj):
        defaults = {
            field.alias or field.name: field.default
            for field in attrs.fields(obj)
            if field.default is not attrs.NOTHING
        }

        def real(match: re.Match[str]) -> str:
            key = match.group(1)
            return _default_text(defaults[key]) if key in defaults else match.group(0)

        new = _ATTRS_DEFAULT.sub(real, new)
        # a private field (DealResult's record of its inputs) is no business of readers
        for field in attrs.fields(obj):
            if field.name.startswith("_") and field.init:
                new = re.sub(rf",\s*{field.alias}: [^,)]*", "", new)
        # an enum field's converter takes any value; show the field's own type instead
        for field in attrs.fields(obj):
            if field.converter is not None and isinstance(field.type, str):
                new = re.sub(
                    rf"\b{field.name}: (?:~?typing\.)?(?:object|Any)\b",
                    f"{field.name}: {field.type}",
                    new,
                )
    if new == signature:
        return None
    return new, return_annotation


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the generators and autodoc hooks."""
    app.connect("builder-inited", generate)
    app.connect("builder-inited", check_api_page)
    app.connect("autodoc-process-docstring", fix_constant_docstrings)
    app.connect("autodoc-process-signature", fix_signatures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
