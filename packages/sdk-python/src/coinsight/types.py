"""The answers of /v1, typed: TypedDicts mirroring the API's answer schemas.

They mirror packages/contracts/src/v1/*.ts (the zod schemas the API serialises with and the
OpenAPI document is built from); the live test checks them against /v1/openapi.json. At run time
an answer is the plain dict the JSON decodes to, so fields are read as ``answer["prices"]``.
Answers keep the API's camelCase names. Fields named ``from`` (a Python keyword) are why some of
these use the functional syntax.

``typing.Optional`` and ``typing.List`` rather than ``X | None`` and ``list[X]``: the functional
syntax evaluates its types at run time, and Python 3.9 has neither.
"""

from typing import Any, Dict, List, Literal, Optional, TypedDict

Platform = Literal["twitter", "instagram", "facebook", "linkedin"]
Interval = Literal["1m", "1h", "1d"]
Timeframe = Literal["1h", "24h", "7d", "30d"]
SentimentLabel = Literal["positive", "neutral", "negative"]
AlertKind = Literal["price", "mentions", "change", "sentiment", "spike"]
AlertCondition = Literal["above", "below"]
ChangeWindow = Literal["1h", "24h"]
AlertChannel = Literal["webhook", "slack", "discord", "telegram"]
Plan = Literal["free", "pro"]
Dataset = Literal["shared", "mine"]


class Price(TypedDict):
    symbol: str
    name: str
    price: Optional[float]
    """USD; None until a price is stored."""
    change24h: Optional[float]
    """Percent change over 24 hours."""
    volume24h: Optional[float]
    marketCap: Optional[float]
    asOf: Optional[str]


class Prices(TypedDict):
    """GET /v1/crypto/prices."""

    prices: List[Price]
    asOf: str


class Candle(TypedDict):
    time: str
    """ISO 8601 time the candle opens."""
    open: float
    high: float
    low: float
    close: float
    volume: float


History = TypedDict(
    "History",
    {
        "symbol": str,
        "name": str,
        "interval": Interval,
        "from": str,
        "to": str,
        "candles": List[Candle],
        "asOf": str,
    },
)
"""GET /v1/crypto/history: candles of [from, to), oldest first."""


class MentionFigures(TypedDict):
    mentions: int
    sentiment: Optional[float]
    """Mean sentiment (0 to 1, 0.5 neutral); None without posts."""
    sentimentPosts: int


class PlatformMentions(MentionFigures):
    platform: Platform


Mentions = TypedDict(
    "Mentions",
    {
        "symbol": str,
        "name": str,
        "timeframe": Timeframe,
        "from": str,
        "to": str,
        "platforms": List[PlatformMentions],
        "total": MentionFigures,
        "asOf": str,
    },
)
"""GET /v1/social/mentions."""


class SourceSentiment(TypedDict):
    source: Platform
    posts: int
    score: Optional[float]


class SymbolSentiment(TypedDict):
    symbol: str
    name: str
    score: Optional[float]
    label: Optional[SentimentLabel]
    posts: int
    sources: List[SourceSentiment]


Sentiment = TypedDict(
    "Sentiment",
    {
        "sources": List[Platform],
        "from": str,
        "to": str,
        "symbols": List[SymbolSentiment],
        "asOf": str,
    },
)
"""GET /v1/market/sentiment: the last 24 hours."""


class AlertRepeat(TypedDict):
    cooldownMinutes: int


class Alert(TypedDict):
    id: int
    kind: AlertKind
    symbol: str
    condition: AlertCondition
    """``above`` for change and spike alerts."""
    threshold: float
    """USD (price), posts in the last hour (mentions), percent (change), 0-1 score (sentiment), factor (spike)."""
    window: Optional[ChangeWindow]
    repeat: Optional[AlertRepeat]
    email: bool
    active: bool
    createdAt: str
    firedAt: Optional[str]
    firedValue: Optional[float]
    webhookUrl: Optional[str]
    slackWebhookUrl: Optional[str]
    """Masked: its path is the credential that posts to the channel."""
    discordWebhookUrl: Optional[str]
    telegramChatId: Optional[str]
    failingChannels: List[AlertChannel]
    nextEligibleAt: Optional[str]
    conditionCleared: bool


class AlertAnswer(TypedDict):
    """POST /v1/alerts/create."""

    alert: Alert
    asOf: str


class AlertList(TypedDict):
    """GET /v1/alerts."""

    data: List[Alert]
    asOf: str


class AlertDeleted(TypedDict):
    """DELETE /v1/alerts/{id}."""

    id: int
    deleted: Literal[True]
    asOf: str


class UserRef(TypedDict):
    username: str


class Post(TypedDict):
    platform: Platform
    _id: str
    userRef: UserRef
    text: str
    createdAt: str
    hashtags: List[str]
    symbols: List[str]
    likes: int
    comments: int
    shares: int
    views: int
    retweets: int
    sentiment: float


class DataPage(TypedDict):
    """GET /v1/data: one page of posts, newest first."""

    data: List[Post]
    nextCursor: Optional[str]
    """Pass as ``cursor`` for the next page; None on the last page."""
    asOf: str


class Budget(TypedDict):
    amountMicros: int
    amountUsd: str
    hardCap: bool
    calls: int
    usedPercent: int
    reached: List[int]


class UsageKey(TypedDict):
    id: int
    name: str
    calls: int


class Usage(TypedDict):
    """GET /v1/usage: this account's month and this key's calls. Never billed."""

    plan: Plan
    periodStart: str
    periodEnd: str
    calls: int
    quota: Optional[int]
    remaining: Optional[int]
    billedCalls: int
    costMicros: int
    costUsd: str
    projectedCalls: int
    projectedCostMicros: int
    projectedCostUsd: str
    budget: Optional[Budget]
    key: UsageKey
    asOf: str


class RequestLogKey(TypedDict):
    id: int
    name: str
    prefix: str


class RequestLogEntry(TypedDict):
    """One call of the request log."""

    id: int
    at: str
    method: str
    path: str
    operation: Optional[str]
    status: int
    latencyMs: float
    billed: bool
    costMicros: int
    requestId: str
    key: RequestLogKey


class RequestLogPage(TypedDict):
    """GET /v1/usage/requests: one page of the account's calls (30 days), newest first. Never billed."""

    data: List[RequestLogEntry]
    nextCursor: Optional[str]
    """Pass as ``cursor`` for the next page; None on the last page."""
    asOf: str


ErrorObject = Dict[str, Any]
"""The ``error`` object of an error answer: code, message, requestId and any extra fields."""


SeriesInterval = Literal["1h", "1d"]
TrendingPeriod = Literal["24h", "7d"]
PlatformOrAll = Literal["all", "twitter", "instagram", "facebook", "linkedin"]


class SeriesBucket(TypedDict):
    time: str
    """ISO 8601 time the bucket starts (UTC)."""
    mentions: int
    sentiment: Optional[float]
    """Mean sentiment, 0 to 1 (0.5 neutral); None when the bucket has no posts."""
    engagement: int
    """Likes, comments, shares, replies and retweets of those posts (not views)."""


SocialSeries = TypedDict(
    "SocialSeries",
    {
        "symbol": str,
        "name": str,
        "interval": SeriesInterval,
        "platform": PlatformOrAll,
        "from": str,
        "to": str,
        "buckets": List[SeriesBucket],
        "asOf": str,
    },
)
"""GET /v1/social/timeseries: every bucket of [from, to), oldest first."""


class TrendingTopic(TypedDict):
    topic: str
    """A coin as ``$BTC`` or a hashtag as ``#defi``."""
    mentions: int
    sentiment: float
    change24h: float
    """Percent change of its mentions in the last 24 hours against the 24 before."""
    relatedTokens: List[str]


class TrendingTopics(TypedDict):
    """GET /v1/social/trending: most mentioned first."""

    period: TrendingPeriod
    platform: PlatformOrAll
    topics: List[TrendingTopic]
    asOf: str


class Asset(TypedDict):
    symbol: str
    name: str
    slug: str
    rank: int


class AssetPage(TypedDict):
    """GET /v1/assets: one page of the tracked assets, by market-cap rank."""

    data: List[Asset]
    nextCursor: Optional[str]
    asOf: str


class Watchlist(TypedDict):
    """GET and PUT /v1/watchlist: the account's watchlist, in order."""

    data: List[Asset]
    asOf: str
