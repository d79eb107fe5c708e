"""One /v1 call over urllib: headers, query encoding, retries, and errors as CoinsightError."""

from __future__ import annotations

import email.utils
import http.client
import json
import platform
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from typing import Any, Callable, Mapping, Optional, Sequence, Union

from ._version import __version__
from .errors import CoinsightError

USER_AGENT = f"coinsight-sdk-python/{__version__} python/{platform.python_version()}"

BACKOFF_BASE = 0.5
BACKOFF_CAP = 8.0

Instant = Union[int, float, str, datetime]
"""A time parameter: unix seconds, an ISO 8601 string, or a datetime (naive ones are read as UTC)."""
QueryValue = Union[str, int, float, bool, datetime, Sequence[str], None]


def backoff(attempt: int, rand: Callable[[], float] = random.random) -> float:
    """Exponential backoff with full jitter, in seconds: spreads out clients that failed together."""
    return rand() * min(BACKOFF_CAP, BACKOFF_BASE * 2**attempt)


def retry_after_seconds(header: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` as seconds: delta seconds or an HTTP date; None when absent or unreadable."""
    if header is None or not header.strip():
        return None
    text = header.strip()
    if text.isdigit():
        return float(text)
    try:
        at = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    current = time.time() if now is None else now
    return max(0.0, at.timestamp() - current)


def _text(value: QueryValue) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return moment.astimezone(timezone.utc).isoformat().replace("+00:00", "Z")
    if isinstance(value, float) and not value.is_integer():
        # Only time parameters take fractions (a time.time() value): the API reads whole unix
        # seconds, or an ISO 8601 date-time with the fraction.
        return _text(datetime.fromtimestamp(value, tz=timezone.utc))
    if isinstance(value, (int, float)):
        return str(int(value))
    if isinstance(value, str):
        return value
    return ",".join(value)


def query_string(query: Optional[Mapping[str, QueryValue]]) -> str:
    """``?a=1&b=x,y`` without the None values; lists comma-separated, spaces as %20."""
    pairs = [(name, text) for name, value in (query or {}).items() if (text := _text(value)) is not None]
    if not pairs:
        return ""
    return "?" + urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote, safe=",")


def _sleep(seconds: float) -> None:
    # A module function so that tests can record the waits instead of waiting.
    time.sleep(seconds)


class Transport:
    def __init__(self, base_url: str, api_key: str, max_retries: int, max_retry_delay: float, timeout: float) -> None:
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.timeout = timeout

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, QueryValue]] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        url = f"{self.base_url}{path}{query_string(query)}"
        headers = {
            "Authorization": f"Bearer {self._api_key}",
            "Accept": "application/json",
            "User-Agent": USER_AGENT,
        }
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        # A POST without a key might act twice if repeated after an answer that got lost.
        retryable = method != "POST" or idempotency_key is not None
        attempt = 0
        while True:
            failure = self._attempt(method, url, headers, data)
            if not isinstance(failure, CoinsightError):
                return failure
            transient = (
                failure.status == 0
                or failure.status >= 500
                or (failure.status == 429 and failure.code != "quota_exceeded")
            )
            if not retryable or not transient or attempt >= self.max_retries:
                raise failure
            asked = failure.retry_after
            if asked is not None and asked > self.max_retry_delay:
                raise failure
            # Never sooner than the API asked; a little jitter so clients told the same time spread out.
            _sleep(backoff(attempt) if asked is None else asked + backoff(0) / 5)
            attempt += 1

    def _attempt(self, method: str, url: str, headers: Mapping[str, str], data: Optional[bytes]) -> Any:
        """The decoded answer, or the CoinsightError of this attempt (returned, to decide on a retry)."""
        request = urllib.request.Request(url, data=data, headers=dict(headers), method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                status, headers, raw = response.status, response.headers, response.read()
        except urllib.error.HTTPError as answer:
            with answer:
                return _error_of(answer.code, answer.reason, answer.headers, answer.read())
        except (OSError, http.client.HTTPException) as error:
            # URLError (refused, unknown host), timeouts, dropped connections, a cut-off answer.
            reason = getattr(error, "reason", error)
            return CoinsightError(0, "network_error", f"Could not reach {self.base_url}: {reason}")
        try:
            return json.loads(raw.decode("utf-8"))
        except ValueError:
            # A 2xx answer that is not JSON is not the API's (a proxy's page, a wrong base URL).
            return CoinsightError(
                status, "http_error", f"{self.base_url} answered {status} without JSON", headers.get("X-Request-Id")
            )


def _error_of(status: int, reason: Any, headers: Any, raw: bytes) -> CoinsightError:
    retry_after = retry_after_seconds(headers.get("Retry-After"))
    header_id = headers.get("X-Request-Id")
    try:
        body = json.loads(raw.decode("utf-8"))
    except ValueError:
        body = None
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and isinstance(error.get("code"), str) and isinstance(error.get("message"), str):
        request_id = error.get("requestId") if isinstance(error.get("requestId"), str) else header_id
        return CoinsightError(
            status, error["code"], error["message"], request_id, retry_after=retry_after, details=error
        )
    return CoinsightError(status, "http_error", f"HTTP {status} {reason or ''}".strip(), header_id, retry_after=retry_after)
