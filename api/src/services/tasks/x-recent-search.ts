import type { SourceRecord } from '@coinsight/db';
import type { ScrapeSummary } from '@coinsight/contracts';
import { TaskError } from './run-context.js';

/** X API v2 recent search's documented page size bounds (docs: 10..100). */
const PAGE_MIN = 10;
const PAGE_MAX = 100;
const REQUEST_TIMEOUT_MS = 30_000;

interface XUser {
  id: string;
  username?: string;
  name?: string;
  public_metrics?: { followers_count?: number };
}
interface XPost {
  id: string;
  text?: string;
  author_id?: string;
  created_at?: string;
  public_metrics?: { retweet_count?: number; reply_count?: number; like_count?: number; quote_count?: number; impression_count?: number };
}
interface XPage {
  data?: XPost[];
  includes?: { users?: XUser[] };
  meta?: { next_token?: string; result_count?: number };
}

export interface XSearchState {
  pages: number;
  collected: number;
  rateLimited?: ScrapeSummary['rateLimited'];
}

/** A post of the response in the importer's record shape (post-record.ts reads these names). */
export function xPostRecord(post: XPost, users: Map<string, XUser>): Record<string, unknown> {
  const author = post.author_id ? users.get(post.author_id) : undefined;
  const metrics = post.public_metrics ?? {};
  return {
    platform: 'twitter',
    id: post.id,
    text: post.text,
    createdAt: post.created_at,
    username: author?.username,
    displayName: author?.name,
    followers: author?.public_metrics?.followers_count,
    likes: metrics.like_count,
    retweets: metrics.retweet_count,
    replies: metrics.reply_count,
    shares: metrics.quote_count,
    views: metrics.impression_count,
  };
}

const problem = (body: unknown): string => {
  const p = body as { title?: unknown; detail?: unknown; errors?: { message?: unknown }[] } | null;
  const parts = [p?.title, p?.detail ?? p?.errors?.[0]?.message].filter((part): part is string => typeof part === 'string');
  return parts.join(': ') || 'no details';
};

/**
 * Pages through GET /2/tweets/search/recent (X API v2) until `maxPosts` are read or there is no
 * `meta.next_token`, yielding each post as a record for the importer. It honours the rate-limit
 * headers: when `x-rate-limit-remaining` reaches 0 with pages left (or a 429 comes), it stops and
 * records when the limit resets rather than waiting minutes inside a task.
 */
export async function* xRecentSearch(
  config: { bearerToken: string; baseUrl: string },
  input: { query: string; maxPosts: number },
  state: XSearchState,
  signal: AbortSignal,
): AsyncGenerator<SourceRecord> {
  let nextToken: string | undefined;
  do {
    const wanted = input.maxPosts - state.collected;
    const params = new URLSearchParams({
      query: input.query,
      max_results: String(Math.min(PAGE_MAX, Math.max(PAGE_MIN, wanted))),
      'tweet.fields': 'author_id,created_at,entities,public_metrics,lang',
      expansions: 'author_id',
      'user.fields': 'username,name,public_metrics',
    });
    if (nextToken) params.set('next_token', nextToken);
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/2/tweets/search/recent?${params}`, {
        headers: { authorization: `Bearer ${config.bearerToken}` },
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      // Transient: the run is retried.
      throw new Error(`X API request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    state.pages++;
    const reset = Number(response.headers.get('x-rate-limit-reset'));
    const resetAt =
      Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000).toISOString() : new Date(Date.now() + 15 * 60_000).toISOString();
    if (response.status === 429) {
      await response.body?.cancel();
      state.rateLimited = { resetAt, message: `X API rate limit reached after ${state.collected} posts; it resets at ${resetAt}.` };
      return;
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401 || response.status === 403)
      throw new TaskError(
        `X API refused the request (HTTP ${response.status}: ${problem(body)}); check X_BEARER_TOKEN and the app's access.`,
      );
    if (response.status === 400) throw new TaskError(`X API refused the query: ${problem(body)}`);
    if (!response.ok) throw new Error(`X API answered HTTP ${response.status}: ${problem(body)}`);

    const page = (body ?? {}) as XPage;
    const users = new Map((page.includes?.users ?? []).map((user) => [user.id, user]));
    for (const post of page.data ?? []) {
      if (state.collected >= input.maxPosts) return;
      state.collected++;
      yield { line: state.collected, record: xPostRecord(post, users) };
    }
    nextToken = page.meta?.next_token;
    const remaining = response.headers.get('x-rate-limit-remaining');
    if (nextToken && state.collected < input.maxPosts && remaining !== null && Number(remaining) <= 0) {
      state.rateLimited = { resetAt, message: `X API rate limit reached after ${state.collected} posts; it resets at ${resetAt}.` };
      return;
    }
  } while (nextToken && state.collected < input.maxPosts);
}
