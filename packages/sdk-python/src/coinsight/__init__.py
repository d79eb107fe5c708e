"""Coinsight: crypto prices, history, social mentions, sentiment, alerts and posts over /v1.

    from coinsight import Coinsight, CoinsightError

    coinsight = Coinsight()  # COINSIGHT_API_KEY, and COINSIGHT_BASE_URL or https://api.coinsight.dev
    for coin in coinsight.crypto.prices(symbols=["BTC", "ETH"])["prices"]:
        print(coin["symbol"], coin["price"])
"""

from ._version import __version__
from .client import DEFAULT_BASE_URL, Coinsight
from .errors import CoinsightError
from .types import (
    Asset,
    AssetPage,
    SeriesBucket,
    SocialSeries,
    TrendingTopic,
    TrendingTopics,
    Watchlist,
    Alert,
    AlertAnswer,
    AlertDeleted,
    AlertList,
    AlertRepeat,
    Budget,
    Candle,
    DataPage,
    History,
    MentionFigures,
    Mentions,
    PlatformMentions,
    Post,
    Price,
    Prices,
    RequestLogEntry,
    RequestLogKey,
    RequestLogPage,
    Sentiment,
    SourceSentiment,
    SymbolSentiment,
    Usage,
    UsageKey,
    UserRef,
)

__all__ = [
    "DEFAULT_BASE_URL",
    "Asset",
    "AssetPage",
    "SeriesBucket",
    "SocialSeries",
    "TrendingTopic",
    "TrendingTopics",
    "Watchlist",
    "Alert",
    "AlertAnswer",
    "AlertDeleted",
    "AlertList",
    "AlertRepeat",
    "Budget",
    "Candle",
    "Coinsight",
    "CoinsightError",
    "DataPage",
    "History",
    "MentionFigures",
    "Mentions",
    "PlatformMentions",
    "Post",
    "Price",
    "Prices",
    "RequestLogEntry",
    "RequestLogKey",
    "RequestLogPage",
    "Sentiment",
    "SourceSentiment",
    "SymbolSentiment",
    "Usage",
    "UsageKey",
    "UserRef",
    "__version__",
]
