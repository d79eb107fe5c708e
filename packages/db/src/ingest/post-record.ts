import { MEDIA_TYPES, REACTION_KINDS, type Engagement, type MediaType, type Platform, type Reactions } from '../schema/posts.js';

/** A post as read from a file, checked and normalised, before analysis. */
export interface PostInput extends Engagement {
  platform: Platform;
  externalId: string;
  username: string;
  displayName: string | null;
  /** null when the source does not say: an existing author keeps the count it has. */
  followers: number | null;
  text: string;
  createdAt: Date;
  mediaType: MediaType | null;
  location: string | null;
  reactions: Reactions | null;
}

export type ParsedRecord = { ok: true; post: PostInput } | { ok: false; reason: string };

/** A record from JSON (nested objects allowed) or CSV (flat, dotted column names allowed). */
export type RawRecord = Record<string, unknown>;

const MAX_INT4 = 2_147_483_647;
const MAX_TEXT_LENGTH = 25_000;
// Before any of the four platforms existed: a date this old is a unit mistake, not a post.
const EARLIEST = Date.UTC(2003, 0, 1);
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

// Each field under the names exporters commonly give it; the first present wins.
const FIELDS = {
  externalId: ['external_id', 'externalId', 'id', '_id', 'post_id', 'postId'],
  username: ['username', 'userRef.username', 'user.username', 'author.username', 'author', 'user', 'screen_name'],
  displayName: ['display_name', 'displayName', 'userRef.displayName', 'user.displayName', 'author.displayName', 'user.name', 'author.name'],
  followers: ['followers', 'userRef.followers', 'user.followers', 'author.followers', 'author_followers', 'followers_count'],
  text: ['text', 'content', 'description'],
  createdAt: ['createdAt', 'created_at', 'date', 'timestamp'],
  mediaType: ['mediaType', 'media_type'],
  location: ['location'],
  reactions: ['reactions'],
} as const;

const COUNTERS = ['likes', 'comments', 'shares', 'views', 'replies', 'retweets'] as const;

class InvalidField extends Error {}

function lookup(record: RawRecord, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The first of `names` with a value; empty strings (blank CSV cells) count as absent. */
function field(record: RawRecord, names: readonly string[]): unknown {
  for (const name of names) {
    const value = lookup(record, name);
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

function text(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new InvalidField(`${name} must be text`);
  const result = String(value).trim();
  if (result.length > max) throw new InvalidField(`${name} is longer than ${max} characters`);
  if (result.includes('\u0000')) throw new InvalidField(`${name} contains a NUL character`);
  return result || undefined;
}

function count(value: unknown, name: string, max = MAX_INT4): number {
  if (value === undefined) return 0;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new InvalidField(`${name} must be a whole number of 0 or more`);
  if (n > max) throw new InvalidField(`${name} is larger than ${max}`);
  return n;
}

function timestamp(value: unknown, now: number): Date {
  if (value === undefined) throw new InvalidField('createdAt is missing');
  let ms: number;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const n = Number(value);
    // Epoch seconds and epoch milliseconds are both common; 1e11 s is the year 5138.
    ms = n < 1e11 ? n * 1000 : n;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    ms = Date.parse(value);
  } else {
    throw new InvalidField('createdAt must be an ISO 8601 date-time or epoch seconds or milliseconds');
  }
  if (!Number.isFinite(ms)) throw new InvalidField('createdAt is not a valid date');
  if (ms < EARLIEST) throw new InvalidField('createdAt is before 2003');
  if (ms > now + FUTURE_SLACK_MS) throw new InvalidField('createdAt is in the future');
  return new Date(ms);
}

function reactions(value: unknown): Reactions | null {
  if (value === undefined) return null;
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InvalidField('reactions must be a JSON object');
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidField('reactions must be an object');
  const source = parsed as Record<string, unknown>;
  return Object.fromEntries(REACTION_KINDS.map((kind) => [kind, count(source[kind], `reactions.${kind}`)])) as Reactions;
}

/** Flat CSV columns such as reactions.like or reactions_love, gathered into one object. */
function flatReactions(record: RawRecord): Record<string, unknown> | undefined {
  const found: Record<string, unknown> = {};
  for (const kind of REACTION_KINDS) {
    const value = field(record, [`reactions.${kind}`, `reactions_${kind}`]);
    if (value !== undefined) found[kind] = value;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** Checks one record against `platform`; the reason names the field that is wrong. */
export function parsePostRecord(record: RawRecord, platform: Platform, now = Date.now()): ParsedRecord {
  try {
    const declared = text(record.platform, 'platform', 20)?.toLowerCase();
    if (declared !== undefined && declared !== platform)
      throw new InvalidField(`platform is ${declared} but this import is for ${platform}`);

    const externalId = text(field(record, FIELDS.externalId), 'id', 200);
    if (!externalId) throw new InvalidField('id is missing');
    const username = text(field(record, FIELDS.username), 'username', 100)?.replace(/^@/, '');
    if (!username) throw new InvalidField('username is missing');
    if (/\s/.test(username)) throw new InvalidField('username must not contain spaces');
    const body = text(field(record, FIELDS.text), 'text', MAX_TEXT_LENGTH);
    if (!body) throw new InvalidField('text is missing');
    const followersValue = field(record, FIELDS.followers);

    const counters = Object.fromEntries(
      COUNTERS.map((name) => [name, count(field(record, [name]), name, name === 'views' ? Number.MAX_SAFE_INTEGER : MAX_INT4)]),
    ) as Record<(typeof COUNTERS)[number], number>;

    let mediaType: MediaType | null = null;
    let location: string | null = null;
    if (platform === 'instagram') {
      const media = text(field(record, FIELDS.mediaType), 'mediaType', 20)?.toLowerCase();
      if (media !== undefined && !MEDIA_TYPES.includes(media as MediaType))
        throw new InvalidField('mediaType must be image, video or carousel');
      mediaType = (media as MediaType | undefined) ?? null;
      location = text(field(record, FIELDS.location), 'location', 200) ?? null;
    }

    return {
      ok: true,
      post: {
        platform,
        externalId,
        username,
        displayName: text(field(record, FIELDS.displayName), 'displayName', 200) ?? null,
        followers: followersValue === undefined ? null : count(followersValue, 'followers', Number.MAX_SAFE_INTEGER),
        text: body,
        createdAt: timestamp(field(record, FIELDS.createdAt), now),
        ...counters,
        mediaType,
        location,
        reactions: platform === 'facebook' ? reactions(field(record, FIELDS.reactions) ?? flatReactions(record)) : null,
      },
    };
  } catch (error) {
    if (error instanceof InvalidField) return { ok: false, reason: error.message };
    throw error;
  }
}
