"""Every failure of a call, as one exception."""

from __future__ import annotations

from typing import Any, Mapping, Optional


class CoinsightError(Exception):
    """An error answer of the API, or no answer at all.

    ``status``, ``code``, ``message`` and ``request_id`` come from the answer's error object
    (quote ``request_id`` to support); ``param`` and ``doc_url`` when the API names the parameter
    at fault and links its docs. No answer at all (refused connection, timeout) is ``status`` 0 and
    ``code`` ``"network_error"``; an answer that is not the API's error shape is ``"http_error"``.
    Branch on ``code``, never on ``message``.
    """

    status: int
    code: str
    message: str
    request_id: Optional[str]
    param: Optional[str]
    doc_url: Optional[str]
    retry_after: Optional[float]
    """Seconds the API asked to wait (429, 503), if it said."""
    details: dict[str, Any]
    """The whole error object of the answer (e.g. ``candidates`` of an ambiguous symbol)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        request_id: Optional[str] = None,
        *,
        retry_after: Optional[float] = None,
        details: Optional[Mapping[str, Any]] = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.retry_after = retry_after
        self.details = dict(details or {})
        param = self.details.get("param")
        doc_url = self.details.get("docUrl")
        self.param = param if isinstance(param, str) else None
        self.doc_url = doc_url if isinstance(doc_url, str) else None

    def __str__(self) -> str:
        where = f" (request id {self.request_id})" if self.request_id else ""
        return f"{self.status} {self.code}: {self.message}{where}"

    def __repr__(self) -> str:
        return (
            f"CoinsightError(status={self.status!r}, code={self.code!r}, "
            f"message={self.message!r}, request_id={self.request_id!r})"
        )
