"""The package's annotations resolve: what a type checker and an editor read is well-formed."""

from __future__ import annotations

import inspect
import typing
import unittest

import _support  # noqa: F401 - puts this tree's src/ first on sys.path

import coinsight
from coinsight import client


class TypesTest(unittest.TestCase):
    def test_every_answer_type_resolves(self) -> None:
        for name in coinsight.__all__:
            value = getattr(coinsight, name)
            if typing.is_typeddict(value):
                with self.subTest(name=name):
                    self.assertTrue(typing.get_type_hints(value))

    def test_every_method_is_annotated_and_resolves(self) -> None:
        for group in (client.Coinsight, client.Crypto, client.Social, client.Market, client.Alerts, client.Data):
            for name, method in inspect.getmembers(group, inspect.isfunction):
                if name.startswith("_") and name != "__init__":
                    continue
                with self.subTest(method=f"{group.__name__}.{name}"):
                    hints = typing.get_type_hints(method)
                    self.assertIn("return", hints)
                    parameters = [p for p in inspect.signature(method).parameters if p != "self"]
                    self.assertEqual(sorted(set(parameters) - set(hints)), [], "every parameter annotated")

    def test_iterate_takes_exactly_the_filters_of_list(self) -> None:
        # Each needs its own typed signature (keyword unpacking of a TypedDict is Python 3.11's), so
        # the one list of parameters is written twice; this holds the two together.
        self.assertEqual(inspect.signature(client.Data.iterate).parameters, inspect.signature(client.Data.list).parameters)

    def test_ships_py_typed(self) -> None:
        from importlib.resources import files

        self.assertTrue(files("coinsight").joinpath("py.typed").is_file())


if __name__ == "__main__":
    unittest.main()
