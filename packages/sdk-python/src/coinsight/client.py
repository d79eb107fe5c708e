"""The Coinsight /v1 client: the same methods as the TypeScript SDK (@coinsight/sdk)."""

from __future__ import annotations

import functools
import inspect
import os
import urllib.parse
import uuid
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, Mapping, Optional, Sequence, Union

from ._http import Instant, QueryValue, Transport
from .types import (
    Asset,
    AssetPage,
    SeriesInterval,
    SocialSeries,
    TrendingPeriod,
    TrendingTopics,
    Watchlist,
    AlertAnswer,
    AlertCondition,
    AlertDeleted,
    AlertKind,
    AlertList,
    ChangeWindow,
    DataPage,
    Dataset,
    History,
    Interval,
    Mentions,
    Platform,
    Post,
    Prices,
    RequestLogEntry,
    RequestLogPage,
    Sentiment,
    Timeframe,
    Usage,
)

if TYPE_CHECKING:
    # Only for type checkers (they all ship typing_extensions): ParamSpec is typing's from Python 3.10.
    from typing_extensions import Concatenate, ParamSpec

    _Filters = ParamSpec("_Filters")

DEFAULT_BASE_URL = "https://api.coinsight.dev"
DEFAULT_MAX_RETRIES = 2
DEFAULT_MAX_RETRY_DELAY = 60.0
DEFAULT_TIMEOUT = 30.0

Symbols = Union[str, Sequence[str]]
"""Parameters the API reads as comma-separated lists take a list or the text itself."""

# The parameters whose Python name is not the API's (a keyword, or snake_case); the rest are the same.
_API_NAMES = {
    "from_": "from",
    "min_likes": "minLikes",
    "webhook_url": "webhookUrl",
    "slack_webhook_url": "slackWebhookUrl",
    "discord_webhook_url": "discordWebhookUrl",
    "telegram_chat_id": "telegramChatId",
}


def _arguments(local_names: Mapping[str, Any], *leave_out: str) -> Dict[str, Any]:
    """A method's arguments, from ``locals()`` at its start: each parameter is written once, in its signature."""
    return {name: value for name, value in local_names.items() if name not in ("self", *leave_out)}


def _api(arguments: Mapping[str, Any]) -> Dict[str, Any]:
    """Arguments under the names the API gives them (query parameters, body fields)."""
    return {_API_NAMES.get(name, name): value for name, value in arguments.items()}


def _walking(
    list_page: Callable[Concatenate[Data, _Filters], DataPage],
) -> Callable[[Callable[[Data, Dict[str, Any]], Iterator[Post]]], Callable[Concatenate[Data, _Filters], Iterator[Post]]]:
    """Makes ``iterate`` from ``list``: a walk over every page that takes ``list``'s keyword parameters.

    The parameters (names, types, defaults) are written once, in ``list``; ``help()``, editors and type
    checkers see them on ``iterate`` too, and a misspelt one raises ``TypeError`` at the call.
    """
    parameters = inspect.signature(list_page)

    def give(walk: Callable[[Data, Dict[str, Any]], Iterator[Post]]) -> Any:
        @functools.wraps(walk)
        def method(self: Data, **filters: Any) -> Iterator[Post]:
            parameters.bind(self, **filters)  # a wrong keyword fails here, not when the first page is fetched
            return walk(self, filters)

        returns = walk.__annotations__["return"]
        method.__signature__ = parameters.replace(return_annotation=returns)  # type: ignore[attr-defined]
        method.__annotations__ = {**list_page.__annotations__, "return": returns}
        return method

    return give


class _Group:
    """A group of the client's methods (``crypto``, ``social``, ...), calling through the client's transport."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport


class Coinsight:
    """A client for the Coinsight /v1 API.

    ``api_key`` defaults to ``COINSIGHT_API_KEY``, ``base_url`` to ``COINSIGHT_BASE_URL`` or
    https://api.coinsight.dev. Failed calls raise :class:`coinsight.CoinsightError`. Rate-limited
    (429 ``rate_limited``), 5xx and unanswered calls are retried up to ``max_retries`` times,
    waiting what ``Retry-After`` says (never more than ``max_retry_delay`` seconds: a longer wait is
    raised at once), else an exponential backoff with jitter. ``timeout`` is per attempt, in seconds.
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_retry_delay: float = DEFAULT_MAX_RETRY_DELAY,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        key = api_key or os.environ.get("COINSIGHT_API_KEY")
        if not key:
            raise ValueError("api_key is required (or set COINSIGHT_API_KEY): create one in Settings → API")
        url = base_url or os.environ.get("COINSIGHT_BASE_URL") or DEFAULT_BASE_URL
        self._transport = Transport(url, key, max_retries, max_retry_delay, timeout)
        self.crypto = Crypto(self._transport)
        self.social = Social(self._transport)
        self.market = Market(self._transport)
        self.alerts = Alerts(self._transport)
        self.data = Data(self._transport)
        self.requests = Requests(self._transport)
        self.assets = Assets(self._transport)
        self.watchlist = WatchlistGroup(self._transport)

    @property
    def base_url(self) -> str:
        return self._transport.base_url

    def usage(self) -> Usage:
        """This account's calls this month, its quota and cost, and this key's calls. Never billed."""
        answer: Usage = self._transport.request("GET", "/v1/usage")
        return answer

    def __repr__(self) -> str:
        return f"Coinsight(base_url={self.base_url!r})"


class Crypto(_Group):
    def prices(self, symbols: Symbols) -> Prices:
        """Price, 24 h change, volume and market cap of up to 50 assets, in the order named."""
        answer: Prices = self._transport.request("GET", "/v1/crypto/prices", query={"symbols": symbols})
        return answer

    def history(
        self,
        symbol: str,
        interval: Optional[Interval] = None,
        from_: Optional[Instant] = None,
        to: Optional[Instant] = None,
    ) -> History:
        """Candles of one asset over [from_, to), oldest first. ``to`` defaults to now."""
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: History = self._transport.request("GET", "/v1/crypto/history", query=query)
        return answer


class Social(_Group):
    def mentions(
        self, symbol: str, platform: Optional[Union[Platform, str]] = None, timeframe: Optional[Timeframe] = None
    ) -> Mentions:
        """Posts naming an asset per platform over a timeframe (default 24h), with their mean sentiment."""
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: Mentions = self._transport.request("GET", "/v1/social/mentions", query=query)
        return answer

    def timeseries(
        self,
        symbol: str,
        interval: Optional[SeriesInterval] = None,
        from_: Optional[Instant] = None,
        to: Optional[Instant] = None,
        platform: Optional[Union[Platform, str]] = None,
    ) -> SocialSeries:
        """Mentions, mean sentiment and engagement per hour (default) or UTC day over [from_, to), oldest first."""
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: SocialSeries = self._transport.request("GET", "/v1/social/timeseries", query=query)
        return answer

    def trending(
        self, period: Optional[TrendingPeriod] = None, platform: Optional[Union[Platform, str]] = None, limit: Optional[int] = None
    ) -> TrendingTopics:
        """The most mentioned topics of the last 24 hours (default) or 7 days, with their sentiment and 24 h change."""
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: TrendingTopics = self._transport.request("GET", "/v1/social/trending", query=query)
        return answer


class Market(_Group):
    def sentiment(self, symbols: Symbols, sources: Optional[Symbols] = None) -> Sentiment:
        """Mean sentiment of the last 24 hours per asset and source (default: every platform)."""
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: Sentiment = self._transport.request("GET", "/v1/market/sentiment", query=query)
        return answer


class Alerts(_Group):
    def create(
        self,
        symbol: str,
        *,
        price: Optional[float] = None,
        condition: Optional[AlertCondition] = None,
        kind: Optional[AlertKind] = None,
        mentions: Optional[int] = None,
        percent: Optional[float] = None,
        window: Optional[ChangeWindow] = None,
        score: Optional[float] = None,
        factor: Optional[float] = None,
        repeat_minutes: Optional[int] = None,
        email: Optional[bool] = None,
        webhook_url: Optional[str] = None,
        slack_webhook_url: Optional[str] = None,
        discord_webhook_url: Optional[str] = None,
        telegram_chat_id: Optional[Union[str, int]] = None,
        idempotency_key: Optional[str] = None,
    ) -> AlertAnswer:
        """Creates an alert: price (``price``, ``condition``), ``kind="mentions"`` (``mentions``),
        ``kind="change"`` (``percent``, ``window``), ``kind="sentiment"`` (``condition``, ``score``) or
        ``kind="spike"`` (``factor``). ``repeat_minutes`` makes it fire again after that cooldown, once its
        condition stopped holding; the channels besides email are optional.

        Every call carries an ``Idempotency-Key``: ``idempotency_key`` when given (the same key
        again answers the first alert instead of creating another), else one made for this call,
        so that the SDK's own retries never create an alert twice.
        """
        fields = _api(_arguments(locals(), "idempotency_key", "repeat_minutes"))
        body = {name: value for name, value in fields.items() if value is not None}
        if repeat_minutes is not None:
            body["repeat"] = {"cooldownMinutes": repeat_minutes}
        key = idempotency_key if idempotency_key is not None else str(uuid.uuid4())
        answer: AlertAnswer = self._transport.request("POST", "/v1/alerts/create", body=body, idempotency_key=key)
        return answer

    def list(self) -> AlertList:
        """Every alert of the key owner's account."""
        answer: AlertList = self._transport.request("GET", "/v1/alerts")
        return answer

    def delete(self, id: int) -> AlertDeleted:
        """Deletes one alert; a 404 ``not_found`` when it is not (or no longer) there."""
        path = "/v1/alerts/" + urllib.parse.quote(str(id), safe="")
        answer: AlertDeleted = self._transport.request("DELETE", path)
        return answer


class Data(_Group):
    def list(
        self,
        *,
        symbol: Optional[str] = None,
        platform: Optional[Union[Platform, str]] = None,
        q: Optional[str] = None,
        min_likes: Optional[int] = None,
        from_: Optional[Instant] = None,
        to: Optional[Instant] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
        dataset: Optional[Dataset] = None,
    ) -> DataPage:
        """One page of posts, newest first; pass ``next_cursor`` back as ``cursor`` for the next.

        ``dataset="mine"`` reads the key owner's own uploaded and scraped posts instead of the shared data.
        """
        query: Dict[str, QueryValue] = _api(_arguments(locals()))
        answer: DataPage = self._transport.request("GET", "/v1/data", query=query)
        return answer

    @_walking(list)
    def iterate(self, filters: Dict[str, Any]) -> Iterator[Post]:
        """Every post matching the filters, page after page (``limit`` per page), until the last one.

        Pages are fetched as the loop reaches them; each post comes once, in the API's order.
        """
        while True:
            page = self.list(**filters)
            yield from page["data"]
            filters["cursor"] = page["nextCursor"]
            if not filters["cursor"]:
                return


class Requests(_Group):
    """The account's request log: every /v1 call of its keys over the last 30 days."""

    def list(
        self,
        *,
        key: Optional[Union[int, str]] = None,
        status: Optional[Union[int, str]] = None,
        operation: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> RequestLogPage:
        """One page of calls, newest first; pass ``next_cursor`` back as ``cursor`` for the next.

        ``key`` is a key id or its prefix (``cs_live_AbCd``), ``status`` a status (404) or a class
        (``"4xx"``), ``operation`` an operation id (``"getCryptoPrices"``). Never billed.
        """
        query: Dict[str, QueryValue] = _arguments(locals())
        answer: RequestLogPage = self._transport.request("GET", "/v1/usage/requests", query=query)
        return answer

    def iterate(
        self,
        *,
        key: Optional[Union[int, str]] = None,
        status: Optional[Union[int, str]] = None,
        operation: Optional[str] = None,
        limit: Optional[int] = None,
        cursor: Optional[str] = None,
    ) -> Iterator[RequestLogEntry]:
        """Every call matching the filters, page after page (``limit`` per page), until the last one."""
        while True:
            page = self.list(key=key, status=status, operation=operation, limit=limit, cursor=cursor)
            yield from page["data"]
            cursor = page["nextCursor"]
            if not cursor:
                return


class Assets(_Group):
    """The tracked assets: what every ``symbol`` parameter accepts."""

    def list(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> AssetPage:
        """One page of assets by market-cap rank; pass ``nextCursor`` back as ``cursor`` for the next."""
        query: Dict[str, QueryValue] = _arguments(locals())
        answer: AssetPage = self._transport.request("GET", "/v1/assets", query=query)
        return answer

    def iterate(self, *, limit: Optional[int] = None, cursor: Optional[str] = None) -> Iterator[Asset]:
        """Every tracked asset, page after page (``limit`` per page), until the last one."""
        while True:
            page = self.list(limit=limit, cursor=cursor)
            yield from page["data"]
            cursor = page["nextCursor"]
            if not cursor:
                return


class WatchlistGroup(_Group):
    """The account's watchlist: the coins starred in the web app. Never billed."""

    def get(self) -> Watchlist:
        """The watchlist, in order."""
        answer: Watchlist = self._transport.request("GET", "/v1/watchlist")
        return answer

    def set(self, symbols: Symbols) -> Watchlist:
        """Replaces the whole watchlist with ``symbols`` (tickers, names or ids), in order; ``[]`` empties it.

        Like every list parameter, ``symbols`` is a list or the comma-separated text (``"BTC,ETH"``).
        """
        listed = [s.strip() for s in symbols.split(",") if s.strip()] if isinstance(symbols, str) else list(symbols)
        answer: Watchlist = self._transport.request("PUT", "/v1/watchlist", body={"symbols": listed})
        return answer
