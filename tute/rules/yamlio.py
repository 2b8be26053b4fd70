"""Strict YAML reading that remembers where every value came from.

Ruleset files and game records are written by people, so the reader refuses duplicate keys,
reads scalars as YAML 1.2 does (``yes``/``no``/``on``/``off`` and ``1:30`` stay strings,
``010`` is ten: YAML 1.1 would give booleans, 90 and eight), refuses merge keys (``<<``),
and records the line of every value so that errors can point at it.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tute.echo import cut, printable, shown


class _Strict(yaml.composer.Composer, yaml.constructor.SafeConstructor,
              yaml.resolver.Resolver):
    """The safe loader's composing and constructing, with YAML 1.2's scalars (below), and
    which stops composing a document of more than MAX_NODES values."""

    nodes = 0
    name = "<yaml>"

    def __init__(self) -> None:
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            mark = self.peek_event().start_mark  # type: ignore[attr-defined]  # the parser's
            raise YamlError(self.name, mark.line + 1,
                            f"too large: more than {MAX_NODES} values")
        return super().compose_node(parent, index)


_YAML11 = {"tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
           "tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value"}
"""YAML 1.1's readings that surprise: ``yes`` a boolean, ``1:30`` the number 90 (base 60),
``010`` eight, ``2024-05-01`` a date. They give way to YAML 1.2's (core schema) below."""
_INT = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_FLOAT = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                    r"|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$")
MERGE = "tag:yaml.org,2002:merge"

_Strict.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _YAML11]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Strict.add_implicit_resolver(
    "tag:yaml.org,2002:bool",
    re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
    list("tTfF"),
)
_Strict.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-+0123456789"))
_Strict.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+.0123456789"))


def _construct_int(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    """A YAML 1.2 integer: decimal (``010`` is ten), ``0o`` octal or ``0x`` hexadecimal."""
    text = str(loader.construct_scalar(node))
    base = {"0o": 8, "0x": 16}.get(text[:2], 10)
    return int(text[2:] if base != 10 else text, base)


_Strict.add_constructor("tag:yaml.org,2002:int", _construct_int)


class _StrictLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Strict):
    """Scanned and parsed in Python: where PyYAML was built without libyaml."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Strict.__init__(self)


_Loader: Callable[[str], _Strict] = _StrictLoader
if getattr(yaml, "__with_libyaml__", False):
    from yaml._yaml import CParser

    class _FastLoader(_Strict, CParser):
        """Scanned and parsed by libyaml (a record of a megabyte in a fraction of a second
        rather than many seconds), composed here, so the limits above still hold."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            _Strict.__init__(self)

    _Loader = _FastLoader


MESSAGE = 1000
"""Characters of a message about a file at most: a value it quotes is cut well before."""


class YamlError(ValueError):
    """A problem in a YAML document, located by file and line."""

    def __init__(self, source: str, line: int | None, message: str) -> None:
        self.source = source
        self.line = line
        self.message = cut(message, MESSAGE)
        where = f"{source}, line {line}" if line else source
        # what the file holds, quoted in the message, never drives the terminal
        super().__init__(printable(f"{where}: {self.message}"))


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


MAX_NODES = 50_000
"""Values in one document: about 16 times the longest match measured (3,014 values, a
33.5 KB record; see RECORD_LIMIT). A file of millions of empty hands is refused after this
many, in a second or two, instead of being built and replayed."""

MAX_NUMBER = 10**40
"""Whole numbers beyond this are refused: nothing a ruleset or record holds comes near it
(seeds are below 2**64), and Python refuses to even convert numbers of thousands of
digits."""


def is_file(path: Path) -> bool:
    """Whether ``path`` is a regular file; False for a name too long or otherwise
    unusable rather than an error (the reading that follows says what is wrong)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes. Devices, FIFOs and
    folders are refused before anything is read from them (``/dev/zero`` never ends, a FIFO
    blocks); OSError or UnicodeDecodeError say what is wrong."""
    try:
        info = os.stat(path)
    except ValueError:  # a NUL in the name
        raise OSError(0, "not a usable file name") from None
    if not stat.S_ISREG(info.st_mode):
        raise OSError(0, "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the stat above
            raise OSError(0, "not a regular file")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OSError(0, f"larger than {_size_text(limit)}")
    return data.decode("utf-8")


def _size_text(size: int) -> str:
    return f"{size // 2**20} MB" if size >= 2**20 else f"{size // 2**10} KB"


def read(path: Path, error: type[YamlError] = YamlError, limit: int = 2**20) -> Located:
    """Read and parse a YAML file of at most ``limit`` bytes; ``error`` (a YamlError kind)
    says what went wrong."""
    try:
        text = read_text(path, limit)
    except OSError as exc:
        raise error(str(path), None, f"cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise error(str(path), None, "not UTF-8 text") from None
    return parse(text, str(path), error)


MAX_DEPTH = 40
"""Nesting deeper than any ruleset or record needs is refused, not recursed into."""


def parse(text: str, source: str, error: type[YamlError] = YamlError) -> Located:
    """Parse one YAML document strictly; raises ``error`` with the line on any problem."""
    loader: _Strict | None = None
    try:
        loader = _Loader(text)
        loader.name = source
        node = loader.get_single_node()
        doc = Located(source, None)
        if node is not None:
            doc.data = _build(loader, node, (), doc, set())
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        # Only PyYAML's sentence, never its excerpt of the file: a file that is not a
        # ruleset (any file a record names) must not have its content echoed.
        raise error(source, line, f"YAML syntax error: {_plain(exc.problem)}") from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise error(source, line, f"character U+{code:04X} is not allowed in YAML") from None
    except YamlError as exc:
        raise error(exc.source, exc.line, exc.message) from None
    except yaml.YAMLError:
        raise error(source, None, "YAML error") from None
    except RecursionError:
        raise error(source, _too_deep(text), "nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()  # type: ignore[attr-defined]  # the parser's


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
"""A piece of the file that PyYAML quotes in its sentence (an alias's name, a tag)."""


def _plain(problem: str | None) -> str:
    """PyYAML's sentence, said without the file's text: an alias is refused as any alias
    is, and what else it quotes is cut to a few characters."""
    if not problem:
        return "not YAML"
    if "alias" in problem:
        return "aliases (*name) are not allowed"
    return _QUOTED.sub(lambda m: shown(m.group(), 20), problem)


def kind_of(path: Path) -> str | None:
    """What ``path`` is when it is no regular file (a folder, a FIFO, a device), without
    opening it (a FIFO would block), or None: a regular file, or nothing there."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(mode):
        return None
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "not a regular file")


def _too_deep(text: str) -> int | None:
    """The line where brackets first nest deeper than MAX_DEPTH, if they do."""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch in "[{") - (ch in "]}")
        if depth > MAX_DEPTH:
            return text.count("\n", 0, i) + 1
    return None


def _build(loader: _Strict, node: yaml.Node, path: tuple[Any, ...], doc: Located,
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
            if key_node.tag == MERGE:
                raise YamlError(doc.source, key_node.start_mark.line + 1,
                                "merge keys (<<) are not supported: write the keys out")
            key = _scalar(loader, key_node, doc) if isinstance(
                key_node, yaml.ScalarNode) else None
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
    return _scalar(loader, node, doc)


def _scalar(loader: _Strict, node: yaml.Node, doc: Located) -> Any:
    """A scalar's value; a huge number is refused before PyYAML converts it (decimal text
    of thousands of digits raises ValueError, and so does printing a huge hex number)."""
    line = node.start_mark.line + 1
    if node.tag == "tag:yaml.org,2002:int" and len(node.value) > 40:
        raise YamlError(doc.source, line, "number too large")
    value = loader.construct_object(node, deep=True)
    if type(value) is int and abs(value) > MAX_NUMBER:
        raise YamlError(doc.source, line, "number too large")
    return value
