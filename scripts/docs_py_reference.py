#!/usr/bin/env python3
"""Writes docs/src/reference/python.md from the installed module: every public name of
`stratego` and its modules, with its signature (from the .pyi stubs where the class is
compiled, from the code otherwise) and its docstring. Fails when a public name has no
docstring, since that is what `help()` shows in a notebook.
Usage: docs_py_reference.py OUT
"""
import ast
import importlib
import inspect
import sys
from pathlib import Path

import stratego

out = Path(sys.argv[1])
stub_path = Path(stratego.__file__).with_name("_stratego.pyi")
if not stub_path.exists():
    stub_path = Path(__file__).resolve().parents[1] / "stratego-py" / "python" / "stratego" / "_stratego.pyi"
stub = ast.parse(stub_path.read_text(encoding="utf-8"))


def stub_signatures():
    """name -> 'def ...' line, and class name -> {member: 'def ...'} from the stub."""
    top, members, bases = {}, {}, {}

    def sig(node):
        import copy
        bare = copy.copy(node)
        bare.decorator_list = []
        text = ast.unparse(bare).split("\n")[0]
        return text.rstrip(":").rstrip()

    for node in stub.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            top[node.name] = sig(node)
        elif isinstance(node, ast.ClassDef):
            m = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    deco = [ast.unparse(d) for d in item.decorator_list]
                    line = sig(item)
                    if "property" in deco:
                        line = f"@property {line}"
                    elif "staticmethod" in deco:
                        line = f"@staticmethod {line}"
                    elif "classmethod" in deco:
                        line = f"@classmethod {line}"
                    m.setdefault(item.name, line)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    m.setdefault(item.target.id, f"{item.target.id}: {ast.unparse(item.annotation)}")
            members[node.name] = m
            bases[node.name] = [ast.unparse(b) for b in node.bases]
    # Members a stub class inherits from a stub base (a shared protocol) are its own too.
    for name, own in members.items():
        for base in bases[name]:
            for member, line in members.get(base, {}).items():
                own.setdefault(member, line)
    return top, members


STUB_TOP, STUB_MEMBERS = stub_signatures()
MODULES = ["stratego", "stratego.agents", "stratego.arena", "stratego.selfplay", "stratego.gravon", "stratego.svg",
           "stratego.errors", "stratego.envs", "stratego.distributed"]


def hash_colon_docs(source):
    """name -> text of the `#:` comment lines just above `name = ...` or `name: type`."""
    docs, pending = {}, []
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith("#:"):
            pending.append(stripped[2:].strip())
            continue
        m = __import__("re").match(r"([A-Za-z_]\w*)\s*[:=]", stripped)
        if m and pending:
            docs[m.group(1)] = " ".join(pending)
        pending = []
    return docs


def first_paragraphs(doc):
    """The docstring as markdown: `<` and `>` outside code spans escaped, so XML in the text
    stays text."""
    if not doc:
        return ""
    parts = inspect.cleandoc(doc).strip().split("`")
    return "`".join(p if i % 2 else p.replace("<", "&lt;").replace(">", "&gt;") for i, p in enumerate(parts))


def signature(obj, name):
    if name in STUB_TOP:
        return STUB_TOP[name]
    try:
        return f"{'class ' if inspect.isclass(obj) else 'def '}{name}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        return ("class " if inspect.isclass(obj) else "") + name


def members_of(cls):
    stubbed = STUB_MEMBERS.get(cls.__name__, {})
    try:
        field_docs = hash_colon_docs(inspect.getsource(cls))
    except (OSError, TypeError):
        field_docs = {}
    names = [n for n in dir(cls) if not n.startswith("_") or n in ("__init__", "__new__")]
    seen = []
    for n in sorted(set(names) | set(k for k in stubbed if not k.startswith("_"))):
        if n.startswith("_"):
            continue
        own = any(n in vars(k) for k in cls.__mro__ if k is not object and k.__module__.startswith("stratego"))
        if not own:
            continue
        attr = inspect.getattr_static(cls, n, None)
        doc = getattr(attr, "__doc__", None) if attr is not None else None
        if isinstance(attr, (staticmethod, classmethod)) or not doc:
            doc = getattr(getattr(cls, n, None), "__doc__", None) or doc
        if isinstance(attr, (int, str, float, tuple)) or (doc and doc == type(attr).__doc__):
            doc = None
        if isinstance(getattr(cls, n, None), cls):
            doc = f"A constant: `{getattr(cls, n)!r}`."  # a class-level instance, such as Move.DECLINE_RESCUE
        doc = doc or field_docs.get(n)
        if inspect.isclass(cls) and issubclass(cls, __import__("enum").Enum) and isinstance(getattr(cls, n, None), cls):
            continue  # enum members are listed in the class line
        seen.append((n, stubbed.get(n), first_paragraphs(doc)))
    return seen


page = ["# Python reference", "",
        "<!-- Generated by scripts/docs_py_reference.py from the module's docstrings and the .pyi stubs. Do not edit. -->",
        "",
        "Every public name of `import stratego` and its modules, with its signature and its "
        "docstring, as `help()` shows it in a notebook. The [Python guide](../python.md) shows "
        "them at work; errors are under [Bad input](../bad-input.md).", ""]
undocumented, count, skipped = [], 0, []
for modname in MODULES:
    try:
        module = importlib.import_module(modname)
    except ImportError as err:
        skipped.append(f"{modname} ({err})")
        continue
    names = list(getattr(module, "__all__", []))
    try:
        module_notes = hash_colon_docs(inspect.getsource(module))
    except (OSError, TypeError):
        module_notes = {}
    if not names:
        continue
    page += [f"## `{modname}`", "", first_paragraphs(module.__doc__), ""]
    for name in names:
        try:
            obj = getattr(module, name)
        except ImportError as err:  # a lazily imported optional dependency
            skipped.append(f"{modname}.{name} ({err})")
            continue
        if modname != "stratego" and getattr(stratego, name, None) is obj and name in stratego.__all__:
            page += [f"### `{modname}.{name}`", "", f"The same object as `stratego.{name}`.", ""]
            continue
        count += 1
        is_alias = getattr(obj, "__module__", None) == "typing" or type(obj).__module__ in ("typing", "types")
        is_value = is_alias or not (inspect.isclass(obj) or callable(obj))
        doc = first_paragraphs(getattr(obj, "__doc__", None)) if not is_value else module_notes.get(name, "")
        if is_alias and not doc:
            undocumented.append(f"{modname}.{name}")
        if not doc and not is_value:
            undocumented.append(f"{modname}.{name}")
        page += [f"### `{modname}.{name}`", ""]
        if is_value:
            text = repr(obj)
            kind = "A type alias" if is_alias else "A value"
            page += [f"{kind}: `{text[:200]}{'…' if len(text) > 200 else ''}`", "", doc, ""]
            continue
        page += ["```python,norun", signature(obj, name), "```", "", doc, ""]
        if inspect.isclass(obj):
            if issubclass(obj, __import__("enum").Enum):
                page += ["Members: " + ", ".join(f"`{m.name}`" for m in obj), ""]
            rows = members_of(obj)
            if rows:
                page += ["| member | signature | what |", "|---|---|---|"]
                for n, sig, mdoc in rows:
                    if not mdoc:
                        undocumented.append(f"{modname}.{name}.{n}")
                    cell = " ".join(mdoc.split("\n\n")[0].split()).replace("|", "\\|")
                    sig_cell = f"`{sig}`".replace("|", "\\|") if sig else ""
                    page += [f"| `{n}` | {sig_cell} | {cell} |"]
                page += [""]
out.parent.mkdir(parents=True, exist_ok=True)
out.write_text("\n".join(page).rstrip() + "\n", encoding="utf-8")
print(f"== docs: Python reference: {count} public names -> {out}")
for s in skipped:
    print(f"== docs: Python reference: {s} not imported: skipped")
if undocumented:
    print(f"== docs: Python reference: {len(undocumented)} public names without a docstring: {undocumented}", file=sys.stderr)
    sys.exit(1)
