import { DOWNLOAD_ROW_LIMIT, REQUEST_LOG_OPERATIONS, type RequestLogEntry } from '@coinsight/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/forms';
import { Button, Select, Table, type TableColumn } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './ApiKeysSection.module.css';
import { formatNumber } from '../../lib/formatNumber';
import { Time } from '../../components/Time';
import { DownloadBar } from '../social/DownloadBar';

export const REQUEST_LOG_LOAD_FAILED_MESSAGE = 'Your requests could not be loaded. Please try again.';
export const REQUEST_LOG_EMPTY_MESSAGE = 'No requests in the last 30 days match.';
const PAGE_SIZE = 25;

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  { value: '2xx', label: '2xx: succeeded' },
  { value: '4xx', label: '4xx: refused' },
  { value: '5xx', label: '5xx: failed' },
  { value: '400', label: '400: bad request' },
  { value: '401', label: '401: unauthorized' },
  { value: '402', label: '402: budget reached' },
  { value: '404', label: '404: not found' },
  { value: '429', label: '429: rate limit or quota' },
];
const OPERATION_OPTIONS = [
  { value: '', label: 'Any operation' },
  ...REQUEST_LOG_OPERATIONS.map((op) => ({ value: op.operationId, label: `${op.summary} (${op.operationId})` })),
];

// A call costs fractions of a cent ($0.00015 on Pro): shown to the micro-dollar the log keeps.
const COST = { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 } as const;

const COLUMNS: readonly TableColumn<RequestLogEntry>[] = [
  { key: 'at', header: 'Time', cell: (r) => <Time value={r.at} format="dateTimeSeconds" /> },
  { key: 'key', header: 'Key', cell: (r) => <code>{r.key.prefix}…</code> },
  { key: 'request', header: 'Request', cell: (r) => `${r.method} ${r.path}` },
  { key: 'operation', header: 'Operation', cell: (r) => r.operation ?? '—' },
  { key: 'status', header: 'Status', cell: (r) => r.status, align: 'end' },
  { key: 'latency', header: 'Latency', cell: (r) => `${formatNumber(r.latencyMs, { maximumFractionDigits: 1 })} ms`, align: 'end' },
  { key: 'billed', header: 'Billed', cell: (r) => (r.billed ? 'Yes' : 'No') },
  { key: 'cost', header: 'Cost', cell: (r) => formatNumber(r.costMicros / 1_000_000, COST), align: 'end' },
  { key: 'requestId', header: 'Request id', cell: (r) => <code>{r.requestId}</code> },
];

/**
 * The settings api tab's Requests table: every /v1 call of the account's keys over 30 days, newest
 * first, filtered by key, status and operation (apiKeys.requests, the page GET /v1/usage/requests
 * answers), a page of 25 at a time: Older follows the page's cursor, Newer goes back.
 */
export function RequestLog({ teamId }: { teamId?: string } = {}) {
  // A team's log (Settings → Team) lists its keys' calls; the key filter reads the usage's keys, which every role that reads usage sees.
  const personalKeys = trpc.apiKeys.list.useQuery(undefined, { enabled: teamId === undefined }).data ?? [];
  const teamKeys = trpc.teams.usage.useQuery({ teamId: teamId ?? '' }, { enabled: teamId !== undefined }).data?.keys ?? [];
  const keys = teamId === undefined ? personalKeys : teamKeys.filter((k) => !k.deleted);
  const [key, setKey] = useState('');
  const [status, setStatus] = useState('');
  const [operation, setOperation] = useState('');
  // The cursors of the pages before this one: the last is this page's (undefined: the first page).
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors.at(-1);
  const filters = {
    ...(key ? { key } : {}),
    ...(status ? { status } : {}),
    ...(operation ? { operation } : {}),
  };
  const input = { limit: String(PAGE_SIZE), ...filters, ...(cursor ? { cursor } : {}) };
  const personal = trpc.apiKeys.requests.useQuery(input, { placeholderData: keepPreviousData, enabled: teamId === undefined });
  const team = trpc.teams.requests.useQuery(
    { ...input, teamId: teamId ?? '' },
    { placeholderData: keepPreviousData, enabled: teamId !== undefined },
  );
  const page = teamId === undefined ? personal : team;
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setCursors([undefined]);
  };
  const keyOptions = [{ value: '', label: 'Every key' }, ...keys.map((k) => ({ value: String(k.id), label: `${k.name} (${k.prefix}…)` }))];

  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <Select label="Key" options={keyOptions} value={key} onChange={(e) => filter(setKey)(e.target.value)} />
        <Select label="Status" options={STATUS_OPTIONS} value={status} onChange={(e) => filter(setStatus)(e.target.value)} />
        <Select label="Operation" options={OPERATION_OPTIONS} value={operation} onChange={(e) => filter(setOperation)(e.target.value)} />
      </div>
      {page.isError ? <FormAlert tone="error">{REQUEST_LOG_LOAD_FAILED_MESSAGE}</FormAlert> : null}
      <DownloadBar
        pathFor={(format) =>
          `/api/usage/requests/download?${new URLSearchParams({ format, ...filters, ...(teamId ? { teamId } : {}) }).toString()}`
        }
        fallbackName="api-requests"
      >
        <p className={styles.muted}>
          A download holds the requests these filters match, newest first, up to {formatNumber(DOWNLOAD_ROW_LIMIT)}.
        </p>
      </DownloadBar>
      {page.data ? (
        <Table
          caption="Requests"
          scrollLabel="Requests, scrolls sideways"
          columns={COLUMNS}
          rows={page.data.data}
          rowKey={(r) => r.id}
          emptyMessage={REQUEST_LOG_EMPTY_MESSAGE}
        />
      ) : page.isError ? null : (
        <p className={styles.muted}>Loading requests…</p>
      )}
      <div className={styles.actions}>
        <Button size="sm" variant="secondary" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!page.data?.nextCursor || page.isPlaceholderData}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Older
        </Button>
        <Button size="sm" variant="ghost" disabled={page.isFetching} onClick={() => void page.refetch()}>
          Refresh
        </Button>
      </div>
    </div>
  );
}
