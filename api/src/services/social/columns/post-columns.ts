import type { SocialPlatform } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type { ColumnQuery } from './match.js';
import { PlatformCopy, type ColumnPage } from './platform-copy.js';
import { countersOf, MEDIA_CODES, type ColumnRow } from './rows.js';
import {
  changesSince,
  CHANGES_KEPT_MINUTES,
  LOAD_CHUNK,
  loadChunk,
  postsNamed,
  pruneChanges,
  snapshotOf,
  type PostFields,
} from './statements.js';

/** What decides whether the copy answers a list (list/facts.ts, ListFacts, has them all). */
export interface ColumnFacts {
  scope: { dataset: string };
  coin?: string;
  username?: string;
  authorIds?: readonly number[];
  location?: string;
  places?: readonly string[];
}

export interface PostColumnsDeps {
  /** Where the copy is read from (the shared reads' pool). */
  readDb: Kysely<Database>;
  /** Where the journal is pruned. */
  db: Kysely<Database>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A copy that has not polled for this long reloads: the journal may have been pruned past it. */
const STALE_MS = (CHANGES_KEPT_MINUTES * 60_000) / 2;
/** After a failed load, the next read tries again no sooner than this. */
const RETRY_MS = 30_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The shared dataset's filtered columns in this server's memory (docs/performance.md, "The filter
 * columns"): a list page with filters is counted and ordered here, and its rows read back from
 * the database by key. Loaded in the background when the app is ready, and again on a filtered
 * read after a reload or a failed load (pages are planned on the database meanwhile); kept in
 * step by the journal of writes (post_changes), polled before every page, so a page reflects
 * every write committed before it was asked.
 */
export class PostColumns {
  private copies = new Map<string, PlatformCopy>();
  private places = new Map<string, number>();
  private state: 'idle' | 'loading' | 'ready' = 'idle';
  private failedAt = 0;
  private xmin = '0';
  /** The newest reload mark the loaded copy already reflects. */
  private mark = '0';
  private polledAt = 0;
  private prunedAt = 0;
  private polling: { started: number; done: Promise<void> } | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly deps: PostColumnsDeps) {}

  /** Starts loading the copy, so that the first filtered pages find it: the app calls it once it is ready. */
  warm(): void {
    if (this.state === 'idle') void this.load();
  }

  /** Whether the copy can answer this list's page now; starts loading it when it has not. */
  answers(f: ColumnFacts): boolean {
    if (f.scope.dataset !== 'shared' || f.coin || (f.username && !f.authorIds) || (f.location && !f.places)) return false;
    if (this.state === 'idle' && Date.now() - this.failedAt > RETRY_MS) void this.load();
    return this.state === 'ready';
  }

  /**
   * The page of a list the copy answers, after the journal's latest changes; undefined when the
   * copy had to reload. `query` is asked once those changes are in (a new place has its code then).
   */
  async page(platform: SocialPlatform, query: () => ColumnQuery): Promise<ColumnPage | undefined> {
    await this.fresh(performance.now());
    const copy = this.copies.get(platform);
    if (this.state !== 'ready') return undefined;
    if (!copy) return { total: 0, rows: [] };
    return copy.match(query());
  }

  /** The codes of these lower-cased places in the copy (a place no post names has none). */
  placeCodes(places: readonly string[]): Set<number> {
    return new Set(places.flatMap((place) => this.places.get(place) ?? []));
  }

  /** Waits for a poll of the journal that started after `arrival`: polls run one at a time, and the reads that wait share them. */
  private fresh(arrival: number): Promise<void> {
    if (this.polling && this.polling.started >= arrival) return this.polling.done;
    if (this.queued) return this.queued;
    if (!this.polling) return this.startPoll();
    const queued = this.polling.done
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.startPoll();
      });
    this.queued = queued;
    return queued;
  }

  private startPoll(): Promise<void> {
    const done = this.poll().finally(() => {
      if (this.polling?.done === done) this.polling = undefined;
    });
    this.polling = { started: performance.now(), done };
    return done;
  }

  private async poll(): Promise<void> {
    if (this.state !== 'ready') return;
    if (Date.now() - this.polledAt > STALE_MS) return this.reset();
    const started = Date.now();
    const { xmin, reload, changed } = await changesSince(this.deps.readDb, this.xmin, this.mark);
    const posts = changed.length > 0 && !reload ? await postsNamed(this.deps.readDb, changed) : [];
    if (this.state !== 'ready') return;
    if (reload) return this.reset();
    const now = new Map(posts.map((post) => [Number(post.id), post]));
    for (const id of changed) this.write(id, now.get(id) ?? null);
    this.xmin = xmin;
    this.polledAt = started;
    if (started - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = started;
      void pruneChanges(this.deps.db).catch((err: unknown) => this.deps.log.warn({ err }, 'could not prune the posts journal'));
    }
  }

  private write(id: number, fields: PostFields | null): void {
    if (!fields) {
      for (const copy of this.copies.values()) copy.write(id, null);
      return;
    }
    const platform = fields.platform as SocialPlatform;
    let copy = this.copies.get(platform);
    // A platform the load found no post of starts empty.
    if (!copy) this.copies.set(platform, (copy = PlatformCopy.empty(countersOf(platform).length)));
    copy.write(id, this.rowOf(platform, fields));
  }

  private rowOf(platform: SocialPlatform, fields: PostFields): ColumnRow {
    const place = fields.place === null ? -1 : this.placeCode(fields.place);
    const values = countersOf(platform).map((counter) => Number(fields[counter as keyof PostFields]));
    return {
      id: Number(fields.id),
      us: fields.us,
      author: Number(fields.author_id),
      values,
      media: MEDIA_CODES[fields.media_type ?? ''] ?? 0,
      place,
    };
  }

  private placeCode(place: string): number {
    let code = this.places.get(place);
    if (code === undefined) this.places.set(place, (code = this.places.size));
    return code;
  }

  /** Drops the copy: the next filtered read loads it again, and reads are planned on the database meanwhile. */
  private reset(): void {
    this.state = 'idle';
    this.copies = new Map();
    this.places = new Map();
  }

  private async load(): Promise<void> {
    this.state = 'loading';
    try {
      const started = Date.now();
      const { snapshot, rows } = await this.deps.readDb
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => ({ snapshot: await snapshotOf(trx), rows: await this.readAll(trx) }));
      if (this.state !== 'loading') return;
      const copies = new Map<string, PlatformCopy>();
      for (const [platform, list] of rows) copies.set(platform, await PlatformCopy.build(list, countersOf(platform).length));
      if (this.state !== 'loading') return;
      this.copies = copies;
      [this.xmin, this.mark, this.polledAt, this.state] = [snapshot.xmin, snapshot.mark, started, 'ready'];
      const posts = [...this.copies.values()].reduce((sum, copy) => sum + copy.size, 0);
      this.deps.log.info({ posts, ms: Date.now() - started }, 'filter columns loaded');
    } catch (err) {
      this.failedAt = Date.now();
      this.state = 'idle';
      this.deps.log.warn({ err }, 'could not load the filter columns; lists are read from the database');
    }
  }

  /** Every post in (platform, created_at, id) order, chunk by chunk: each platform's rows come sorted as its segment keeps them. */
  private async readAll(trx: Parameters<typeof loadChunk>[0]): Promise<Map<SocialPlatform, ColumnRow[]>> {
    const rows = new Map<SocialPlatform, ColumnRow[]>();
    this.places = new Map();
    for (let after: PostFields | undefined; ;) {
      const chunk = await loadChunk(trx, after);
      for (const fields of chunk) {
        const platform = fields.platform as SocialPlatform;
        let list = rows.get(platform);
        if (!list) rows.set(platform, (list = []));
        list.push(this.rowOf(platform, fields));
      }
      if (chunk.length < LOAD_CHUNK) return rows;
      after = chunk[chunk.length - 1];
    }
  }
}
