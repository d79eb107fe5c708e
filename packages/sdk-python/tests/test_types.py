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
        for group in (client.Coinsight, client.Crypto, client.Social, client.Market, client.Alerts, client.Data, client.Requests, client.Assets, client.WatchlistGroup):
            for name, method in inspect.getmembers(group, inspect.isfunction):
                if name.startswith("_") and name != "__init__":
                    continue
                with self.subTest(method=f"{group.__name__}.{name}"):
                    hints = typing.get_type_hints(method)
                    self.assertIn("return", hints)
                    parameters = [p for p in inspect.signature(method).parameters if p != "self"]
                    self.assertEqual(sorted(set(parameters) - set(hints)), [], "every parameter annotated")

    def test_iterate_takes_exactly_the_filters_of_list(self) -> None:
        # iterate takes list's parameters (written once, in list): help() and editors read them here.
        self.assertEqual(inspect.signature(client.Data.iterate).parameters, inspect.signature(client.Data.list).parameters)
        hints = typing.get_type_hints(client.Data.iterate)
        self.assertEqual({**hints, "return": None}, {**typing.get_type_hints(client.Data.list), "return": None})
        self.assertEqual(hints["return"], typing.Iterator[coinsight.Post])

    def test_iterate_refuses_a_wrong_keyword_at_the_call(self) -> None:
        data = client.Data(transport=None)  # type: ignore[arg-type]
        with self.assertRaises(TypeError):
            data.iterate(symbl="BTC")  # type: ignore[call-arg]
        with self.assertRaises(TypeError):
            data.iterate("BTC")  # type: ignore[misc]

    def test_ships_py_typed(self) -> None:
        from importlib.resources import files

        self.assertTrue(files("coinsight").joinpath("py.typed").is_file())


if __name__ == "__main__":
    unittest.main()
