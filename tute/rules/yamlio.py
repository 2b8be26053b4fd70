"""Strict YAML reading that remembers where every value came from.

Ruleset files and game records are written by people, so the reader refuses duplicate keys,
keeps ``yes``/``no``/``on``/``off`` as strings (YAML 1.1 would turn them into booleans),
and records the line of every value so that errors can point at it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader whose only booleans are true/false."""


_StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)


class YamlError(ValueError):
    """A problem in a YAML document, located by file and line."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.message = message
        where = f"{source}, line {line}" if line else source
        super().__init__(f"{where}: {message}")


@dataclass
class Located:
    """A parsed document plus the line of each value, keyed by its path of keys/indices."""

    source: str
    data: Any
    lines: dict[tuple[Any, ...], int] = field(default_factory=dict)

    def line(self, path: tuple[Any, ...]) -> int | None:
        """Line of ``path``, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def error(self, path: tuple[Any, ...], message: str) -> YamlError:
        return YamlError(self.source, self.line(path), message)


def read(path: Path, error: type[YamlError] = YamlError) -> Located:
    """Read and parse a YAML file; ``error`` (a YamlError kind) says what went wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(str(path), None, f"cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise error(str(path), None, "not UTF-8 text") from None
    return parse(text, str(path), error)


MAX_DEPTH = 40
"""Nesting deeper than any ruleset or record needs is refused, not recursed into."""


def parse(text: str, source: str, error: type[YamlError] = YamlError) -> Located:
    """Parse one YAML document strictly; raises ``error`` with the line on any problem."""
    loader: _StrictLoader | None = None
    try:
        loader = _StrictLoader(text)
        node = loader.get_single_node()
        doc = Located(source, None)
        if node is not None:
            doc.data = _build(loader, node, (), doc, set())
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise error(source, line, f"YAML syntax error: {exc.problem or exc}") from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise error(source, line, f"character U+{code:04X} is not allowed in YAML") from None
    except YamlError as exc:
        raise error(exc.source, exc.line, exc.message) from None
    except yaml.YAMLError as exc:
        raise error(source, None, f"YAML error: {exc}") from None
    except RecursionError:
        raise error(source, _too_deep(text), "nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()


def _too_deep(text: str) -> int | None:
    """The line where brackets first nest deeper than MAX_DEPTH, if they do."""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch in "[{") - (ch in "]}")
        if depth > MAX_DEPTH:
            return text.count("\n", 0, i) + 1
    return None


def _build(loader: _StrictLoader, node: yaml.Node, path: tuple[Any, ...], doc: Located,
           seen: set[int]) -> Any:
    line = node.start_mark.line + 1
    doc.lines[path] = line
    if len(path) > MAX_DEPTH:
        raise YamlError(doc.source, line, "nested too deeply")
    if isinstance(node, yaml.CollectionNode):
        # An alias (*name) is the same node met again: refused, since expanding aliases
        # of aliases grows without bound and no ruleset or record needs one.
        if id(node) in seen:
            raise YamlError(doc.source, line, "aliases (*name) are not allowed")
        seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)):
                raise YamlError(doc.source, key_node.start_mark.line + 1, "keys must be text")
            if key in out:
                raise YamlError(
                    doc.source, key_node.start_mark.line + 1, f"duplicate key '{key}'"
                )
            out[key] = _build(loader, value_node, (*path, key), doc, seen)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*path, i), doc, seen) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)
