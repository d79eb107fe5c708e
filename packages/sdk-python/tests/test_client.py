"""The client against a scripted local server: requests as sent, retries, errors, paging. No network."""

from __future__ import annotations

import os
import re
import unittest
import urllib.parse
from datetime import datetime, timezone
from unittest import mock

import _support
from _support import StubServer, error

import coinsight
from coinsight import Coinsight, CoinsightError
from coinsight import _http

ASOF = "2026-11-26T10:00:00.000Z"


def client(base_url: str, **options: object) -> Coinsight:
    return Coinsight(api_key="cs_live_test", base_url=base_url, **options)  # type: ignore[arg-type]


class Waits:
    """Records the retry waits instead of sleeping through them."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    def __enter__(self) -> Waits:
        self._patch = mock.patch.object(_http, "_sleep", self.seconds.append)
        self._patch.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._patch.stop()


def query_of(path: str) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(path).query))


class RequestsTest(unittest.TestCase):
    def test_sends_the_key_the_user_agent_and_json(self) -> None:
        with StubServer([(200, {}, {"prices": [], "asOf": ASOF})]) as stub:
            answer = client(stub.base_url + "/").crypto.prices(symbols=["BTC", "eth"])
        self.assertEqual(answer, {"prices": [], "asOf": ASOF})
        [sent] = stub.requests
        self.assertEqual(sent.method, "GET")
        self.assertEqual(sent.path, "/v1/crypto/prices?symbols=BTC,eth")
        self.assertEqual(sent.headers["authorization"], "Bearer cs_live_test")
        self.assertEqual(sent.headers["accept"], "application/json")
        self.assertRegex(sent.headers["user-agent"], rf"^coinsight-sdk-python/{re.escape(coinsight.__version__)} python/3\.")

    def test_encodes_times_lists_and_the_python_names_of_parameters(self) -> None:
        page = {"data": [], "nextCursor": None, "asOf": ASOF}
        with StubServer(lambda _: (200, {}, page)) as stub:
            c = client(stub.base_url)
            c.crypto.history(symbol="BTC", interval="1h", from_=datetime(2026, 11, 1, 12, tzinfo=timezone.utc), to=1795000000)
            c.market.sentiment(symbols="BTC,ETH", sources=["twitter", "linkedin"])
            c.data.list(q='"to the moon" -scam', min_likes=10, limit=5, dataset="mine")
            c.social.mentions(symbol="ETH")
        history, sentiment, data, mentions = stub.requests
        self.assertEqual(query_of(history.path), {"symbol": "BTC", "interval": "1h", "from": "2026-11-01T12:00:00Z", "to": "1795000000"})
        self.assertEqual(query_of(sentiment.path), {"symbols": "BTC,ETH", "sources": "twitter,linkedin"})
        self.assertEqual(query_of(data.path), {"q": '"to the moon" -scam', "minLikes": "10", "limit": "5", "dataset": "mine"})
        self.assertNotIn("+", data.path, "spaces are sent as %20")
        self.assertEqual(mentions.path, "/v1/social/mentions?symbol=ETH")

    def test_a_time_in_float_seconds_keeps_its_fraction(self) -> None:
        with StubServer([(200, {}, {}), (200, {}, {})]) as stub:
            c = client(stub.base_url)
            c.crypto.history(symbol="BTC", from_=1795000000.25)
            c.crypto.history(symbol="BTC", from_=1795000000.0)
        self.assertEqual(query_of(stub.requests[0].path)["from"], "2026-11-18T11:06:40.250000Z")
        self.assertEqual(query_of(stub.requests[1].path)["from"], "1795000000")

    def test_a_naive_datetime_is_read_as_utc(self) -> None:
        with StubServer([(200, {}, {})]) as stub:
            client(stub.base_url).data.list(from_=datetime(2026, 1, 2, 3, 4, 5))
        self.assertEqual(query_of(stub.requests[0].path), {"from": "2026-01-02T03:04:05Z"})

    def test_alerts_create_list_and_delete(self) -> None:
        alert = {"id": 7, "symbol": "ETH"}
        with StubServer(
            [(201, {}, {"alert": alert, "asOf": ASOF}), (200, {}, {"data": [alert], "asOf": ASOF}), (200, {}, {"id": 7, "deleted": True, "asOf": ASOF})]
        ) as stub:
            c = client(stub.base_url)
            created = c.alerts.create(symbol="ETH", price=2500, condition="below", email=False, webhook_url="https://example.com/hook")
            listed = c.alerts.list()
            deleted = c.alerts.delete(created["alert"]["id"])
        self.assertEqual(listed["data"], [alert])
        self.assertTrue(deleted["deleted"])
        create, list_, delete = stub.requests
        self.assertEqual((create.method, create.path), ("POST", "/v1/alerts/create"))
        self.assertEqual(create.headers["content-type"], "application/json")
        self.assertEqual(
            create.json(), {"symbol": "ETH", "price": 2500, "condition": "below", "email": False, "webhookUrl": "https://example.com/hook"}
        )
        self.assertEqual((list_.method, list_.path), ("GET", "/v1/alerts"))
        self.assertEqual((delete.method, delete.path), ("DELETE", "/v1/alerts/7"))

    def test_usage(self) -> None:
        with StubServer([(200, {}, {"plan": "free", "calls": 3})]) as stub:
            self.assertEqual(client(stub.base_url).usage(), {"plan": "free", "calls": 3})
        self.assertEqual(stub.requests[0].path, "/v1/usage")


class ConfigurationTest(unittest.TestCase):
    def test_key_and_address_come_from_the_environment(self) -> None:
        with mock.patch.dict(os.environ, {"COINSIGHT_API_KEY": "cs_live_env", "COINSIGHT_BASE_URL": "http://127.0.0.1:1/"}):
            self.assertEqual(Coinsight().base_url, "http://127.0.0.1:1")
            self.assertEqual(Coinsight(base_url="https://other.example").base_url, "https://other.example")

    def test_the_public_address_by_default(self) -> None:
        with mock.patch.dict(os.environ, {"COINSIGHT_API_KEY": "cs_live_env", "COINSIGHT_BASE_URL": ""}):
            self.assertEqual(Coinsight().base_url, "https://api.coinsight.dev")
            self.assertEqual(coinsight.DEFAULT_BASE_URL, "https://api.coinsight.dev")

    def test_a_key_is_required(self) -> None:
        with mock.patch.dict(os.environ, {"COINSIGHT_API_KEY": ""}):
            with self.assertRaisesRegex(ValueError, "COINSIGHT_API_KEY"):
                Coinsight()


class RetriesTest(unittest.TestCase):
    def test_waits_what_retry_after_says_then_succeeds(self) -> None:
        limited = (429, {"Retry-After": "3"}, error(429, "rate_limited", "Rate limit exceeded"))
        with StubServer([limited, (200, {}, {"data": [], "asOf": ASOF})]) as stub, Waits() as waits:
            self.assertEqual(client(stub.base_url).alerts.list()["data"], [])
        self.assertEqual(len(stub.requests), 2)
        [wait] = waits.seconds
        # Never sooner than asked; a little jitter so clients told the same time spread out.
        self.assertGreaterEqual(wait, 3)
        self.assertLessEqual(wait, 3.1)

    def test_reads_retry_after_as_an_http_date(self) -> None:
        now = datetime(2026, 11, 26, 10, 0, 0, tzinfo=timezone.utc).timestamp()
        self.assertEqual(_http.retry_after_seconds("Thu, 26 Nov 2026 10:00:05 GMT", now), 5)
        self.assertEqual(_http.retry_after_seconds("Thu, 26 Nov 2026 09:00:00 GMT", now), 0)
        self.assertIsNone(_http.retry_after_seconds("soon", now))
        self.assertIsNone(_http.retry_after_seconds(None, now))

    def test_backs_off_with_jitter_when_no_retry_after_then_gives_up(self) -> None:
        unavailable = (503, {}, error(503, "unavailable", "Service temporarily unavailable", "req_503"))
        with StubServer([unavailable] * 4) as stub, Waits() as waits:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url, max_retries=3).crypto.prices(symbols=["BTC"])
        self.assertEqual(len(stub.requests), 4, "the first attempt and three retries")
        self.assertEqual((raised.exception.status, raised.exception.code, raised.exception.request_id), (503, "unavailable", "req_503"))
        self.assertEqual(len(waits.seconds), 3)
        for attempt, wait in enumerate(waits.seconds):
            self.assertGreaterEqual(wait, 0)
            self.assertLessEqual(wait, min(8.0, 0.5 * 2**attempt))

    def test_the_backoff_doubles_up_to_its_cap(self) -> None:
        self.assertEqual([_http.backoff(n, lambda: 1.0) for n in range(6)], [0.5, 1, 2, 4, 8, 8])
        self.assertEqual(_http.backoff(3, lambda: 0.0), 0)

    def test_a_retry_after_beyond_the_limit_is_raised_at_once(self) -> None:
        limited = (429, {"Retry-After": "3600"}, error(429, "rate_limited", "Rate limit exceeded"))
        with StubServer([limited]) as stub, Waits() as waits:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url, max_retry_delay=10).usage()
        self.assertEqual(len(stub.requests), 1)
        self.assertEqual(waits.seconds, [])
        self.assertEqual(raised.exception.retry_after, 3600)

    def test_quota_and_client_errors_are_not_retried(self) -> None:
        for status, code in [(429, "quota_exceeded"), (402, "budget_exceeded"), (400, "bad_request"), (404, "not_found")]:
            with self.subTest(code=code), StubServer([(status, {"Retry-After": "1"}, error(status, code, "no"))]) as stub, Waits() as waits:
                with self.assertRaises(CoinsightError) as raised:
                    client(stub.base_url).usage()
                self.assertEqual((raised.exception.status, raised.exception.code), (status, code))
                self.assertEqual(len(stub.requests), 1)
                self.assertEqual(waits.seconds, [])

    def test_a_post_is_retried_with_the_idempotency_key_it_was_first_sent_with(self) -> None:
        unavailable = (503, {"Retry-After": "1"}, error(503, "unavailable", "busy"))
        created = (201, {}, {"alert": {"id": 1}, "asOf": ASOF})
        with StubServer([unavailable, created, unavailable, created]) as stub, Waits():
            c = client(stub.base_url)
            c.alerts.create(symbol="BTC", price=100000, condition="above")
            c.alerts.create(kind="mentions", symbol="BTC", mentions=50, idempotency_key="my-key")
        first, retry, second, second_retry = [r.headers.get("idempotency-key") for r in stub.requests]
        # One key per logical call, made by the SDK when none is given, the same on its retry.
        self.assertRegex(first or "", r"^[\x21-\x7e]{1,255}$")
        self.assertEqual(retry, first)
        self.assertEqual((second, second_retry), ("my-key", "my-key"))
        self.assertEqual(stub.requests[2].json(), {"kind": "mentions", "symbol": "BTC", "mentions": 50})

    def test_each_call_gets_its_own_idempotency_key(self) -> None:
        created = (201, {}, {"alert": {"id": 1}, "asOf": ASOF})
        with StubServer([created, created]) as stub:
            c = client(stub.base_url)
            c.alerts.create(symbol="BTC", price=1, condition="above")
            c.alerts.create(symbol="BTC", price=1, condition="above")
        keys = {r.headers["idempotency-key"] for r in stub.requests}
        self.assertEqual(len(keys), 2)

    def test_an_unreachable_server_is_a_network_error_after_the_retries(self) -> None:
        with StubServer([]) as stub:
            gone = stub.base_url
        with Waits() as waits:
            with self.assertRaises(CoinsightError) as raised:
                client(gone, max_retries=1).alerts.list()
        self.assertEqual((raised.exception.status, raised.exception.code, raised.exception.request_id), (0, "network_error", None))
        self.assertIn(gone, raised.exception.message)
        self.assertEqual(len(waits.seconds), 1)


class ErrorsTest(unittest.TestCase):
    def test_carries_what_the_error_answer_says(self) -> None:
        body = error(
            400, "bad_request", "limit must be between 1 and 100", "req_abc", param="limit", docUrl="https://api.coinsight.dev/docs#limit"
        )
        with StubServer([(400, {"X-Request-Id": "req_abc"}, body)]) as stub:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url).data.list(limit=500)
        e = raised.exception
        self.assertEqual((e.status, e.code, e.message, e.request_id), (400, "bad_request", "limit must be between 1 and 100", "req_abc"))
        self.assertEqual((e.param, e.doc_url), ("limit", "https://api.coinsight.dev/docs#limit"))
        self.assertEqual(e.details["code"], "bad_request")
        self.assertEqual(str(e), "400 bad_request: limit must be between 1 and 100 (request id req_abc)")

    def test_keeps_the_extra_fields_of_the_error_object(self) -> None:
        candidates = [{"symbol": "BTC", "name": "Bitcoin"}, {"symbol": "WBTC", "name": "Wrapped Bitcoin"}]
        with StubServer([(409, {}, error(409, "conflict", "bit is ambiguous", candidates=candidates))]) as stub:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url).crypto.history(symbol="bit")
        self.assertEqual(raised.exception.details["candidates"], candidates)
        self.assertIsNone(raised.exception.param)

    def test_an_answer_outside_the_error_shape_is_an_http_error(self) -> None:
        with StubServer([(502, {"Content-Type": "text/html", "X-Request-Id": "req_gw"}, b"<h1>Bad gateway</h1>")]) as stub:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url, max_retries=0).usage()
        self.assertEqual((raised.exception.status, raised.exception.code, raised.exception.request_id), (502, "http_error", "req_gw"))

    def test_a_success_that_is_not_json_is_an_http_error_not_retried(self) -> None:
        with StubServer([(200, {"Content-Type": "text/html"}, b"<html>a login page</html>")]) as stub:
            with self.assertRaises(CoinsightError) as raised:
                client(stub.base_url).usage()
        self.assertEqual((raised.exception.status, raised.exception.code), (200, "http_error"))
        self.assertEqual(len(stub.requests), 1)


class IterateTest(unittest.TestCase):
    def test_follows_next_cursor_until_the_last_page_once_each_in_order(self) -> None:
        posts = [{"_id": str(n)} for n in range(7)]

        def pages(request: _support.Recorded) -> _support.Answer:
            query = query_of(request.path)
            start = int(query.get("cursor", "0"))
            size = int(query["limit"])
            end = start + size
            return 200, {}, {"data": posts[start:end], "nextCursor": str(end) if end < len(posts) else None, "asOf": ASOF}

        with StubServer(pages) as stub:
            seen = [post["_id"] for post in client(stub.base_url).data.iterate(symbol="BTC", limit=3)]
        self.assertEqual(seen, [p["_id"] for p in posts])
        self.assertEqual([query_of(r.path).get("cursor") for r in stub.requests], [None, "3", "6"])
        self.assertTrue(all(query_of(r.path)["symbol"] == "BTC" for r in stub.requests))

    def test_walks_the_request_log_with_its_filters(self) -> None:
        calls = [{"id": n, "status": 404} for n in range(5, 0, -1)]

        def pages(request: _support.Recorded) -> _support.Answer:
            query = query_of(request.path)
            start = int(query.get("cursor", "0"))
            end = start + int(query["limit"])
            return 200, {}, {"data": calls[start:end], "nextCursor": str(end) if end < len(calls) else None, "asOf": ASOF}

        with StubServer(pages) as stub:
            seen = [c["id"] for c in client(stub.base_url).requests.iterate(status="4xx", key=12, limit=2)]
        self.assertEqual(seen, [5, 4, 3, 2, 1])
        self.assertTrue(all(r.path.startswith("/v1/usage/requests?") for r in stub.requests))
        self.assertEqual([query_of(r.path).get("cursor") for r in stub.requests], [None, "2", "4"])
        self.assertTrue(all(query_of(r.path)["status"] == "4xx" and query_of(r.path)["key"] == "12" for r in stub.requests))

    def test_fetches_a_page_only_when_the_loop_reaches_it(self) -> None:
        page = {"data": [{"_id": "1"}, {"_id": "2"}], "nextCursor": "next", "asOf": ASOF}
        with StubServer(lambda _: (200, {}, page)) as stub:
            posts = client(stub.base_url).data.iterate(limit=2)
            self.assertEqual(stub.requests, [])
            self.assertEqual(next(posts)["_id"], "1")
            self.assertEqual(next(posts)["_id"], "2")
            self.assertEqual(len(stub.requests), 1)
            next(posts)
            self.assertEqual(len(stub.requests), 2)

    def test_an_error_on_a_later_page_is_raised_from_the_loop(self) -> None:
        first = (200, {}, {"data": [{"_id": "1"}], "nextCursor": "c2", "asOf": ASOF})
        with StubServer([first, (400, {}, error(400, "bad_request", "cursor must be the nextCursor of a previous page"))]) as stub:
            posts = client(stub.base_url).data.iterate()
            self.assertEqual(next(posts)["_id"], "1")
            with self.assertRaises(CoinsightError) as raised:
                next(posts)
        self.assertEqual(raised.exception.code, "bad_request")


if __name__ == "__main__":
    unittest.main()
