import type { Kysely } from 'kysely';
import type { PostAnalysis } from '../analysis/analyze.js';
import { addPostings, removePostings } from '../postings/apply.js';
import { ensurePostMonths } from '../partitions/months.js';
import { applyRollupDelta } from '../rollups/apply.js';
import { RollupDelta } from '../rollups/delta.js';
import type { Database } from '../schema/index.js';
import { engagementOf, type Platform } from '../schema/posts.js';
import { authorKey, upsertAuthors } from './authors.js';
import type { PostInput } from './post-record.js';
import {
  insertNewPosts,
  lockStoredPosts,
  postKey,
  samePost,
  sameTerms,
  updatePosts,
  type PostWrite,
  type StoredPost,
} from './post-rows.js';

export type AnalyzedPost = PostInput & PostAnalysis;

export interface BatchOutcome {
  inserted: number;
  updated: number;
  skipped: number;
}

/**
 * Writes a batch of posts (unique keys) and their rollup changes in one transaction. New posts
 * are inserted; stored ones are rewritten only if something changed, with their old values
 * taken out of the rollups and the new ones put in. Inserting first and then locking what
 * already existed keeps the counts right when two imports carry the same post at once. The
 * months of posts the batch needs exist first (partitions/months.ts).
 */
export async function writePostBatch(db: Kysely<Database>, posts: readonly AnalyzedPost[]): Promise<BatchOutcome> {
  await ensurePostMonths(
    db,
    posts.map((p) => p.createdAt),
  );
  return db.transaction().execute(async (trx) => {
    const authorIds = await upsertAuthors(
      trx,
      posts.map((p) => ({ platform: p.platform, username: p.username, displayName: p.displayName, followers: p.followers })),
    );
    const rows: PostWrite[] = posts.map((p) => {
      const authorId = authorIds.get(authorKey(p.platform, p.username));
      if (authorId === undefined) throw new Error(`author ${p.username} was not stored`);
      return {
        platform: p.platform,
        externalId: p.externalId,
        authorId,
        text: p.text,
        createdAt: p.createdAt,
        ...engagementOf(p),
        mediaType: p.mediaType,
        location: p.location,
        reactions: p.reactions,
        hashtags: p.hashtags,
        symbols: p.symbols,
        sentiment: p.sentiment,
        sentimentModel: p.sentimentModel,
      };
    });

    const inserted = await insertNewPosts(trx, rows);
    const delta = new RollupDelta();
    const existing = new Map<Platform, PostWrite[]>();
    for (const row of rows) {
      if (inserted.has(postKey(row))) delta.add(row);
      else existing.set(row.platform, [...(existing.get(row.platform) ?? []), row]);
    }

    const changed: StoredPost[] = [];
    // The postings follow text, time, coins and hashtags: a post whose counters alone changed keeps its own.
    const termsChanged: number[] = [];
    let skipped = 0;
    for (const [platform, candidates] of existing) {
      const stored = new Map(
        (
          await lockStoredPosts(
            trx,
            platform,
            candidates.map((c) => c.externalId),
          )
        ).map((s) => [s.externalId, s]),
      );
      for (const next of candidates) {
        const old = stored.get(next.externalId);
        if (!old) throw new Error(`post ${next.externalId} conflicted but was not found`);
        if (samePost(old, next)) {
          skipped++;
          continue;
        }
        delta.add(old, -1);
        delta.add(next);
        changed.push({ ...next, id: old.id });
        if (!sameTerms(old, next)) termsChanged.push(old.id);
      }
    }
    await removePostings(trx, termsChanged);
    await updatePosts(trx, changed);
    await addPostings(trx, [...inserted.values(), ...termsChanged]);
    await applyRollupDelta(trx, delta);
    return { inserted: inserted.size, updated: changed.length, skipped };
  });
}
