"""`pnpm typecheck` and `pnpm lint` here, without installing a checker (standard library only).

Compiles every module with warnings as errors (invalid escapes, `is` with a literal, ...), then
imports the package and resolves every annotation of its public API: a misspelt or missing name
in a type fails here rather than in a user's type checker.
"""

import inspect
import sys
import typing
import warnings
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PACKAGE / "src"))
sys.dont_write_bytecode = True

warnings.simplefilter("error")
for folder in ("src", "tests", "scripts", "build_backend"):
    for module in sorted((PACKAGE / folder).rglob("*.py")):
        # compile(), not compileall: nothing is written next to the sources.
        compile(module.read_text(encoding="utf-8"), str(module), "exec")

import coinsight  # noqa: E402
from coinsight import client  # noqa: E402

checked = 0
for name in coinsight.__all__:
    value = getattr(coinsight, name)
    if typing.is_typeddict(value):
        typing.get_type_hints(value)
        checked += 1
for group in (client.Coinsight, client.Crypto, client.Social, client.Market, client.Alerts, client.Data):
    for name, method in inspect.getmembers(group, inspect.isfunction):
        hints = typing.get_type_hints(method)
        missing = [p for p in inspect.signature(method).parameters if p not in ("self",) and p not in hints]
        if "return" not in hints or missing:
            sys.exit(f"{group.__name__}.{name} is not fully annotated: {missing or 'return'}")
        checked += 1
print(f"coinsight: {checked} types and methods resolve")
