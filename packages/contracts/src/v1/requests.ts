import { z } from 'zod';
import { DOWNLOAD_FORMATS } from '../social/constants.js';
import { rejectUnknownParameters, teamIdParam } from '../social/params.js';
import { asOfSchema, timestampSchema, v1CursorParam, v1IntegerParam } from './common.js';

/** How long a call stays in the request log. */
export const REQUEST_LOG_RETENTION_DAYS = 30;
export const REQUEST_LOG_DEFAULT_LIMIT = 25;
export const REQUEST_LOG_MAX_LIMIT = 100;
/** An opaque page position; clients pass back what `nextCursor` gave them. */
export const REQUEST_LOG_CURSOR_MAX_LENGTH = 100;

const KEY_MESSAGE = 'key must be a key id or the start of a key (cs_live_…, cs_test_…)';
const STATUS_MESSAGE = 'status must be a status code (e.g. 404) or a class (2xx, 4xx, 5xx)';
const OPERATION_MESSAGE = 'operation must be an operation id (e.g. getCryptoPrices)';

/** `key`: a key id (digits) or the start of its secret as listed (`cs_live_AbCd`). */
export type RequestLogKeyFilter = { id: number } | { prefix: string };
/** `status`: one status, or a class (`4xx`: 400 to 499). */
export type RequestLogStatusFilter = { exact: number } | { from: number; to: number };

const keyFilter = z
  .string({ error: KEY_MESSAGE })
  .regex(/^(\d{1,9}|cs_(live|test)_[A-Za-z0-9_-]{0,64})$/, KEY_MESSAGE)
  .transform((value): RequestLogKeyFilter => (/^\d+$/.test(value) ? { id: Number(value) } : { prefix: value }))
  .optional()
  .meta({ description: 'Only calls made with this key: its id, or its prefix as the key list shows it', example: 'cs_live_AbCd' });

const statusFilter = z
  .string({ error: STATUS_MESSAGE })
  .regex(/^([1-5]\d\d|[1-5]xx)$/i, STATUS_MESSAGE)
  .transform((value): RequestLogStatusFilter => {
    const lower = value.toLowerCase();
    if (!lower.endsWith('xx')) return { exact: Number(lower) };
    const from = Number(lower[0]) * 100;
    return { from, to: from + 99 };
  })
  .optional()
  .meta({ description: 'Only calls answered with this status (`404`) or class (`4xx`)', example: '4xx' });

const operationFilter = z
  .string({ error: OPERATION_MESSAGE })
  .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, OPERATION_MESSAGE)
  .optional()
  .meta({ description: 'Only calls of this operation (its `operationId` in this document)', example: 'getCryptoPrices' });

/**
 * The keyed operations a call can be filtered by, with their summaries, for the dashboard's
 * filter: a plain list, so the web page does not carry the whole registry (V1_OPERATIONS and
 * every schema it names). openapi.test.ts holds it equal to the registry.
 */
export const REQUEST_LOG_OPERATIONS = [
  { operationId: 'getCryptoPrices', summary: 'Current prices' },
  { operationId: 'getCryptoHistory', summary: 'Price history (candles)' },
  { operationId: 'getSocialMentions', summary: 'Social mentions of an asset' },
  { operationId: 'getSocialTimeseries', summary: 'Social time series of an asset' },
  { operationId: 'getSocialTrending', summary: 'Trending topics' },
  { operationId: 'getMarketSentiment', summary: 'Market sentiment' },
  { operationId: 'createAlert', summary: 'Create an alert' },
  { operationId: 'listAlerts', summary: 'List alerts' },
  { operationId: 'deleteAlert', summary: 'Delete an alert' },
  { operationId: 'listData', summary: 'Social posts' },
  { operationId: 'listAssets', summary: 'Tracked assets' },
  { operationId: 'getWatchlist', summary: 'Your watchlist' },
  { operationId: 'putWatchlist', summary: 'Replace your watchlist' },
  { operationId: 'getUsage', summary: 'Usage this month' },
  { operationId: 'listRequests', summary: 'Request log' },
] as const;

/** The filters and page of GET /v1/usage/requests and the dashboard's Requests table. */
export const requestLogQueryShape = {
  key: keyFilter,
  status: statusFilter,
  operation: operationFilter,
  limit: v1IntegerParam(
    'limit',
    1,
    REQUEST_LOG_MAX_LIMIT,
    `Calls per page, 1 to ${REQUEST_LOG_MAX_LIMIT}; ${REQUEST_LOG_DEFAULT_LIMIT} by default`,
    `limit must be between 1 and ${REQUEST_LOG_MAX_LIMIT}`,
    REQUEST_LOG_DEFAULT_LIMIT,
  ),
  cursor: v1CursorParam(REQUEST_LOG_CURSOR_MAX_LENGTH),
};

export const v1RequestLogQuerySchema = z.strictObject(requestLogQueryShape, rejectUnknownParameters);
export type RequestLogQuery = z.output<typeof v1RequestLogQuerySchema>;

/** The Requests table's download (GET /api/usage/requests/download): its filters and a file format. */
export const requestLogDownloadQuerySchema = z.strictObject(
  {
    key: keyFilter,
    status: statusFilter,
    operation: operationFilter,
    format: z.enum(DOWNLOAD_FORMATS, { error: `format must be one of: ${DOWNLOAD_FORMATS.join(', ')}` }).default('csv'),
    /** A team's log (the roles that read its usage) instead of the caller's own. */
    teamId: teamIdParam(),
  },
  rejectUnknownParameters,
);
export type RequestLogDownloadQuery = z.output<typeof requestLogDownloadQuerySchema>;

export const v1RequestLogEntrySchema = z
  .object({
    id: z.number().int(),
    at: timestampSchema('When the request arrived'),
    method: z.string().describe('GET, POST, DELETE, …'),
    path: z.string().describe('The path called, without its query string'),
    operation: z.string().nullable().describe('The operation called (its operationId); null for a path /v1 does not have'),
    status: z.number().int().describe('The status answered'),
    latencyMs: z.number().describe('Time from the request to the answer, in milliseconds'),
    billed: z.boolean().describe('Counted as a billable call: against the quota on Free, charged on Pro'),
    costMicros: z.number().int().describe("The call's cost in millionths of a US dollar (0 unless billed on Pro)"),
    requestId: z.string().describe('The X-Request-Id of the answer'),
    key: z
      .object({ id: z.number().int(), name: z.string(), prefix: z.string() })
      .meta({ id: 'RequestLogKey', description: 'The key the call was made with' }),
  })
  .meta({ id: 'RequestLogEntry' });
export type RequestLogEntry = z.output<typeof v1RequestLogEntrySchema>;

export const v1RequestLogResponseSchema = z
  .object({
    data: z.array(v1RequestLogEntrySchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
    asOf: asOfSchema,
  })
  .meta({ id: 'RequestLogPage' });
export type RequestLogPage = z.output<typeof v1RequestLogResponseSchema>;
