"""The client against a real Coinsight server, over HTTP.

Runs only when COINSIGHT_BASE_URL and COINSIGHT_API_KEY are set: in CI,
api/src/v1/sdk-python.int.test.ts starts the whole app on a loopback port (seeded assets, the
social fixtures, a day of hourly BTC candles, a fresh free account's key) and runs this module
against it. Its expectations are that server's data.
"""

from __future__ import annotations

import json
import os
import time
import typing
import unittest
import urllib.request
from typing import Any, Union

import _support  # noqa: F401 - puts this tree's src/ first on sys.path

import coinsight
from coinsight import Coinsight, CoinsightError

LIVE = bool(os.environ.get("COINSIGHT_BASE_URL") and os.environ.get("COINSIGHT_API_KEY"))

# Each /v1 operation's answer type; every operation of the document must be here (and none else).
ANSWERS: dict[tuple[str, str], tuple[str, Any]] = {
    ("get", "/v1/crypto/prices"): ("200", coinsight.Prices),
    ("get", "/v1/crypto/history"): ("200", coinsight.History),
    ("get", "/v1/social/mentions"): ("200", coinsight.Mentions),
    ("get", "/v1/social/timeseries"): ("200", coinsight.SocialSeries),
    ("get", "/v1/social/trending"): ("200", coinsight.TrendingTopics),
    ("get", "/v1/assets"): ("200", coinsight.AssetPage),
    ("get", "/v1/watchlist"): ("200", coinsight.Watchlist),
    ("put", "/v1/watchlist"): ("200", coinsight.Watchlist),
    ("get", "/v1/market/sentiment"): ("200", coinsight.Sentiment),
    ("post", "/v1/alerts/create"): ("201", coinsight.AlertAnswer),
    ("get", "/v1/alerts"): ("200", coinsight.AlertList),
    ("delete", "/v1/alerts/{id}"): ("200", coinsight.AlertDeleted),
    ("get", "/v1/data"): ("200", coinsight.DataPage),
    ("get", "/v1/usage"): ("200", coinsight.Usage),
    ("get", "/v1/usage/requests"): ("200", coinsight.RequestLogPage),
}
# Served to anyone, for tools, not a data call: no SDK method.
NOT_IN_THE_SDK = {("get", "/v1/openapi.json")}


@unittest.skipUnless(LIVE, "set COINSIGHT_BASE_URL and COINSIGHT_API_KEY to run against a server")
class LiveTest(unittest.TestCase):
    client: Coinsight

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = Coinsight()

    def test_reads_history_mentions_and_sentiment(self) -> None:
        history = self.client.crypto.history(symbol="bitcoin", interval="1h", from_=time.time() - 30 * 3600)
        self.assertEqual(history["symbol"], "BTC")
        self.assertEqual(len(history["candles"]), 24)
        self.assertEqual((history["candles"][0]["open"], history["candles"][0]["close"]), (60_000, 60_050))
        mentions = self.client.social.mentions(symbol="ETH", timeframe="30d")
        self.assertGreater(mentions["total"]["mentions"], 0)
        sentiment = self.client.market.sentiment(symbols=["BTC", "eth"], sources=["twitter", "linkedin"])
        self.assertEqual([s["symbol"] for s in sentiment["symbols"]], ["BTC", "ETH"])
        self.assertEqual(sentiment["sources"], ["twitter", "linkedin"])

    def test_reads_the_social_series_trending_topics_and_assets(self) -> None:
        series = self.client.social.timeseries(symbol="BTC", interval="1h")
        self.assertEqual((series["symbol"], series["interval"], series["platform"]), ("BTC", "1h", "all"))
        self.assertGreaterEqual(len(series["buckets"]), 168)
        self.assertTrue(all(b["sentiment"] is None or 0 <= b["sentiment"] <= 1 for b in series["buckets"]))
        self.assertEqual(self.client.social.trending(period="7d")["period"], "7d")
        symbols = [asset["symbol"] for asset in self.client.assets.iterate(limit=5)]
        self.assertEqual(symbols[0], "BTC")
        self.assertEqual(len(symbols), len(set(symbols)))

    def test_replaces_and_reads_the_watchlist(self) -> None:
        stored = self.client.watchlist.set(["bitcoin", "ETH"])
        self.assertEqual([asset["symbol"] for asset in stored["data"]], ["BTC", "ETH"])
        self.assertEqual(self.client.watchlist.get()["data"], stored["data"])
        self.assertEqual(self.client.watchlist.set([])["data"], [])

    def test_reads_prices_and_this_months_usage(self) -> None:
        prices = self.client.crypto.prices(symbols=["eth", "BTC"])
        self.assertEqual([p["symbol"] for p in prices["prices"]], ["ETH", "BTC"])
        before = self.client.usage()
        self.assertEqual((before["plan"], before["quota"]), ("free", 1000))
        self.client.crypto.prices(symbols=["BTC"])
        after = self.client.usage()
        # Usage itself is never counted; the prices call is.
        self.assertEqual(after["calls"], before["calls"] + 1)
        self.assertEqual(after["remaining"], 1000 - after["calls"])

    def test_iterates_every_post_across_cursor_pages_once_each(self) -> None:
        every = [post["_id"] for post in self.client.data.iterate(limit=3)]
        self.assertGreater(len(every), 3, "more than one page")
        self.assertEqual(len(set(every)), len(every))
        first = self.client.data.list(limit=3)
        self.assertEqual([p["_id"] for p in first["data"]], every[:3])
        self.assertEqual(every, [p["_id"] for p in self.client.data.iterate(limit=100)], "the same posts whatever the page size")
        self.assertEqual(self.client.data.list(dataset="mine")["data"], [])
        liked = list(self.client.data.iterate(symbol="BTC", min_likes=10, limit=2))
        self.assertTrue(liked and all(p["likes"] >= 10 and "BTC" in p["symbols"] for p in liked))

    def test_creates_an_alert_once_per_idempotency_key_lists_and_deletes_it(self) -> None:
        first = self.client.alerts.create(symbol="BTC", price=123_456, condition="above", email=False, idempotency_key="py-test-1")
        again = self.client.alerts.create(symbol="BTC", price=123_456, condition="above", email=False, idempotency_key="py-test-1")
        alert = first["alert"]
        self.assertEqual(again["alert"]["id"], alert["id"])
        self.assertEqual(
            (alert["symbol"], alert["threshold"], alert["condition"], alert["active"], alert["email"]), ("BTC", 123_456, "above", True, False)
        )
        # Without a key of the caller's, each call is its own alert (the SDK's key is per call).
        other = self.client.alerts.create(kind="mentions", symbol="ETH", mentions=50, email=False)
        self.assertNotEqual(other["alert"]["id"], alert["id"])
        self.assertEqual((other["alert"]["kind"], other["alert"]["threshold"]), ("mentions", 50))
        ids = [a["id"] for a in self.client.alerts.list()["data"]]
        self.assertIn(alert["id"], ids)
        self.assertIn(other["alert"]["id"], ids)
        for created in (alert["id"], other["alert"]["id"]):
            deleted = self.client.alerts.delete(created)
            self.assertEqual((deleted["id"], deleted["deleted"]), (created, True))
        with self.assertRaises(CoinsightError) as gone:
            self.client.alerts.delete(alert["id"])
        self.assertEqual((gone.exception.status, gone.exception.code), (404, "not_found"))
        self.assertTrue(gone.exception.request_id)

    def test_creates_change_sentiment_and_spike_alerts_with_repeat(self) -> None:
        change = self.client.alerts.create(symbol="BTC", kind="change", percent=5, window="1h", repeat_minutes=60, email=False)["alert"]
        self.assertEqual((change["kind"], change["threshold"], change["window"], change["repeat"]), ("change", 5, "1h", {"cooldownMinutes": 60}))
        sentiment = self.client.alerts.create(symbol="ETH", kind="sentiment", condition="above", score=0.7, email=False)["alert"]
        self.assertEqual((sentiment["kind"], sentiment["condition"], sentiment["threshold"]), ("sentiment", "above", 0.7))
        spike = self.client.alerts.create(symbol="SOL", kind="spike", factor=3, email=False)["alert"]
        self.assertEqual((spike["kind"], spike["threshold"], spike["failingChannels"]), ("spike", 3, []))
        for created in (change, sentiment, spike):
            self.client.alerts.delete(created["id"])

    def test_raises_coinsight_error_with_the_answers_status_code_message_and_request_id(self) -> None:
        with self.assertRaises(CoinsightError) as ambiguous:
            self.client.crypto.history(symbol="bit")
        self.assertEqual((ambiguous.exception.status, ambiguous.exception.code), (409, "conflict"))
        self.assertIn({"symbol": "BTC", "name": "Bitcoin"}, ambiguous.exception.details["candidates"])
        with self.assertRaises(CoinsightError) as bad:
            self.client.data.list(limit=500)
        e = bad.exception
        self.assertEqual((e.status, e.code, e.message), (400, "bad_request", "limit must be between 1 and 100"))
        self.assertTrue(e.request_id)
        stranger = Coinsight(api_key="cs_live_" + "A" * 43)
        with self.assertRaises(CoinsightError) as refused:
            stranger.alerts.list()
        self.assertEqual((refused.exception.status, refused.exception.code), (401, "unauthorized"))
        self.assertTrue(refused.exception.request_id)

    def test_the_answer_types_are_the_documents_answer_schemas(self) -> None:
        url = os.environ["COINSIGHT_BASE_URL"].rstrip("/") + "/v1/openapi.json"
        with urllib.request.urlopen(url, timeout=30) as answer:
            document = json.loads(answer.read())
        operations = {
            (method, path): operation
            for path, item in document["paths"].items()
            for method, operation in item.items()
            if method in ("get", "post", "put", "patch", "delete")
        }
        self.assertEqual(set(operations) - NOT_IN_THE_SDK, set(ANSWERS), "an SDK method per operation, and the other way round")
        compared = 0
        for (method, path), (status, answer_type) in ANSWERS.items():
            schema = operations[(method, path)]["responses"][status]["content"]["application/json"]["schema"]
            with self.subTest(operation=f"{method.upper()} {path}"):
                compared += same_shape(self, document, schema, answer_type, f"{method.upper()} {path}")
        self.assertGreater(compared, 100, "fields compared, all the way down")


def resolve(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        node: Any = document
        for part in schema["$ref"].lstrip("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def without_null(document: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    schema = resolve(document, schema)
    for union in ("anyOf", "oneOf"):
        members = [resolve(document, m) for m in schema.get(union, [])]
        others = [m for m in members if m.get("type") != "null"]
        if members and len(others) == 1:
            return others[0]
    return schema


def same_shape(test: unittest.TestCase, document: dict[str, Any], schema: dict[str, Any], hint: Any, where: str) -> int:
    """The TypedDicts have the schema's properties (and which are required), all the way down; how many fields it compared."""
    schema = without_null(document, schema)
    if typing.get_origin(hint) is Union:
        [hint] = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.is_typeddict(hint):
        properties = schema.get("properties", {})
        test.assertEqual(set(hint.__annotations__), set(properties), f"{where}: the fields of {hint.__name__}")
        test.assertEqual(set(hint.__required_keys__), set(schema.get("required", [])), f"{where}: the required fields of {hint.__name__}")
        hints = typing.get_type_hints(hint)
        return sum(same_shape(test, document, prop, hints[name], f"{where}.{name}") for name, prop in properties.items())
    if typing.get_origin(hint) is list:
        test.assertEqual(schema.get("type"), "array", where)
        return same_shape(test, document, schema["items"], typing.get_args(hint)[0], f"{where}[]")
    if typing.get_origin(hint) is typing.Literal and "enum" in schema:
        test.assertEqual(set(typing.get_args(hint)), set(schema["enum"]), where)
    elif hint in (str, int, float, bool) and isinstance(schema.get("type"), str):
        expected = {str: {"string"}, int: {"integer"}, float: {"number", "integer"}, bool: {"boolean"}}[hint]
        test.assertIn(schema["type"], expected, where)
    return 1


if __name__ == "__main__":
    unittest.main()
