import type { PostInput } from '../../ingest/post-record.js';
import { MEDIA_TYPES, PLATFORMS, REACTION_KINDS, type Platform, type Reactions } from '../../schema/posts.js';
import { ASSET_LIST } from '../asset-list.js';
import { mixSeed, Random } from './prng.js';
import {
  FAMILY_NAMES,
  FOLLOW_UPS,
  FRAMES,
  GENERAL_HASHTAGS,
  GIVEN_NAMES,
  HANDLE_PARTS,
  LOCATIONS,
  SENTENCES,
  TONE_HASHTAGS,
  type Tone,
} from './vocabulary.js';

export const DEMO_SEED = 20_261_122;
export const DEMO_PERIOD_DAYS = 90;

const DAY_MS = 86_400_000;
const PERIOD_MS = DEMO_PERIOD_DAYS * DAY_MS;
const AUTHORS_PER_PLATFORM = 5_000;
const MAX_INT4 = 2_147_483_647;

const PLATFORM_WEIGHTS = [45, 20, 20, 15];
const HASHTAGS_PER_POST: Record<Platform, [number, number]> = { twitter: [0, 3], instagram: [3, 8], facebook: [0, 2], linkedin: [1, 3] };
// Bigger coins get talked about more, though less than their market caps would say.
const COIN_WEIGHTS = ASSET_LIST.map((_, rank) => 1 / (rank + 1) ** 0.9);
const TONES: readonly Tone[] = ['bullish', 'bearish', 'neutral'];
/** Share of each platform's posts that open with a framing phrase (the rest start with the sentence). */
const OPENER_RATE: Record<Platform, number> = { twitter: 0.25, instagram: 0.3, facebook: 0.3, linkedin: 0.3 };
const CLOSER_RATE: Record<Platform, number> = { twitter: 0.4, instagram: 0.6, facebook: 0.45, linkedin: 0.6 };
const LEVELS = [
  'key support',
  'the range high',
  'the range low',
  'the weekly open',
  'the 200-day average',
  "last month's high",
  'the yearly open',
];

interface Burst {
  coin: number;
  /** Age of the busiest moment, in ms before `now`. */
  center: number;
  width: number;
  /** The coin's mood while it trends: a pump (+) or a sell-off (-). */
  mood: number;
}

interface Author {
  username: string;
  displayName: string;
  followers: number;
  /** Writes in lower case, as some people on Twitter and Instagram do. */
  lowerCase: boolean;
  /** How often the author adds a closing line or emoji. */
  closerRate: number;
}

export interface GenerateOptions {
  seed?: number;
  count: number;
  /** Posts are spread over the 90 days before this instant. */
  now: Date;
  /** Index of the first post, to continue a sequence. */
  start?: number;
}

/**
 * Demo posts: deterministic for a seed, post i the same whatever the count, so seeding more
 * later adds new posts and repeats none. Realistic in shape: a few prolific authors and many
 * occasional ones, log-normal follower counts, engagement that follows reach with a Pareto tail
 * of viral posts, more activity in recent weeks and in the daytime, and a few coins that
 * trend for some days (one of them right now).
 */
export function* generateDemoPosts({ seed = DEMO_SEED, count, now, start = 0 }: GenerateOptions): Generator<PostInput> {
  const world = new DemoWorld(seed, now.getTime());
  for (let i = start; i < start + count; i++) yield world.post(i);
}

class DemoWorld {
  readonly #authors = new Map<string, Author>();
  readonly #bursts: Burst[];
  /** Mood of each coin on each day, -1 (gloom) .. 1 (euphoria), indexed coin * days + age in days. */
  readonly #moods: Float64Array;

  constructor(
    readonly seed: number,
    readonly now: number,
  ) {
    const r = new Random(mixSeed(seed, 0x5eed));
    const coin = () => r.int(0, 24);
    const sign = () => (r.chance(0.7) ? 0.9 : -0.9);
    this.#bursts = [
      { coin: coin(), center: r.next() * DAY_MS * 0.5, width: 1.5 * DAY_MS, mood: sign() },
      { coin: coin(), center: (2 + r.next() * 5) * DAY_MS, width: 2 * DAY_MS, mood: sign() },
      { coin: coin(), center: (10 + r.next() * 30) * DAY_MS, width: 4 * DAY_MS, mood: sign() },
      { coin: coin(), center: (45 + r.next() * 40) * DAY_MS, width: 5 * DAY_MS, mood: sign() },
    ];
    this.#moods = moods(new Random(mixSeed(seed, 0x600d)));
  }

  /** A coin's mood on a day: its own streaks mixed with the whole market's, so weeks lean one way. */
  mood(coin: number, age: number): number {
    const day = Math.min(DEMO_PERIOD_DAYS, Math.floor(age / DAY_MS));
    return this.#moods[coin * (DEMO_PERIOD_DAYS + 1) + day] ?? 0;
  }

  post(i: number): PostInput {
    const r = new Random(mixSeed(this.seed, i));
    const platform = PLATFORMS[r.weightedIndex(PLATFORM_WEIGHTS)] ?? 'twitter';
    const age = this.#age(r);
    const authorIndex = Math.floor(AUTHORS_PER_PLATFORM * r.next() ** 2.6);
    const author = this.#author(platform, authorIndex);

    const bursting = this.#bursts.filter((b) => Math.abs(age - b.center) < b.width);
    const weights = COIN_WEIGHTS.map((w, coin) => (bursting.some((b) => b.coin === coin) ? w * 8 + 0.3 : w));
    const coin = r.weightedIndex(weights);
    let other = r.weightedIndex(weights);
    if (other === coin) other = (coin + 1 + r.int(0, ASSET_LIST.length - 2)) % ASSET_LIST.length;
    const mood = bursting.find((b) => b.coin === coin)?.mood ?? this.mood(coin, age);
    const tone = TONES[r.weightedIndex(toneWeights(mood))] ?? 'neutral';

    const text = this.#text(r, platform, author, tone, coin, other);
    const engagement = engagementFor(r, platform, tone, author.followers);
    return {
      platform,
      externalId: externalId(platform, this.seed, i, authorIndex),
      username: author.username,
      displayName: author.displayName,
      followers: author.followers,
      text,
      createdAt: new Date(Math.floor((this.now - age) / 1000) * 1000),
      ...engagement,
      mediaType: platform === 'instagram' ? (MEDIA_TYPES[r.weightedIndex([55, 25, 20])] ?? 'image') : null,
      location: platform === 'instagram' && r.chance(0.55) ? r.pick(LOCATIONS) : null,
      reactions: platform === 'facebook' ? reactionsFor(r, tone, engagement.likes) : null,
    };
  }

  /** Recent days busier than old ones (a growing audience), daytime (UTC) busier than night. */
  #age(r: Random): number {
    for (;;) {
      const age = r.next() * PERIOD_MS;
      const hour = new Date(this.now - age).getUTCHours();
      const growth = 1 - 0.45 * (age / PERIOD_MS);
      const daytime = 0.55 + 0.45 * Math.sin(((hour - 8) / 24) * 2 * Math.PI);
      if (r.next() < growth * daytime) return age;
    }
  }

  #author(platform: Platform, index: number): Author {
    const key = `${platform}:${index}`;
    let author = this.#authors.get(key);
    if (!author) {
      const r = new Random(mixSeed(this.seed, PLATFORMS.indexOf(platform) + 1, index, 0xa7));
      // The most prolific handful are the big accounts.
      const influence = index < 25 ? 40 / (1 + index / 5) : 1;
      const name = personName(index);
      const casual = platform === 'twitter' || platform === 'instagram';
      author = {
        // LinkedIn has no handles: people appear under their names.
        username: platform === 'linkedin' ? name : `${r.pick(HANDLE_PARTS.first)}${r.pick(HANDLE_PARTS.second)}${index}`,
        displayName: name,
        followers: Math.min(80_000_000, Math.round(r.logNormal(1_200, 1.9) * influence)),
        lowerCase: casual && r.chance(0.2),
        closerRate: CLOSER_RATE[platform] * (0.4 + r.next() * 1.2),
      };
      this.#authors.set(key, author);
    }
    return author;
  }

  #text(r: Random, platform: Platform, author: Author, tone: Tone, coin: number, other: number): string {
    const mention = (index: number) => {
      const asset = ASSET_LIST[index] ?? ASSET_LIST[0];
      if (!asset) return '';
      const form = r.weightedIndex([50, 35, 15]);
      if (form === 0) return `$${asset.symbol}`;
      if (form === 1) return asset.name;
      return `#${asset.name.toLowerCase().replace(/\s+/g, '')}`;
    };
    let body = r
      .pick(SENTENCES[tone])
      .replace('{c}', mention(coin))
      .replace('{c2}', mention(other))
      .replace('{p}', String(r.int(2, 45)))
      .replace('{d}', String(r.int(2, 30)))
      .replace('{k}', r.pick(LEVELS));
    if (r.chance(0.35)) body += ` ${r.pick(FOLLOW_UPS[tone])}`;
    const frame = FRAMES[platform];
    const opener = r.chance(OPENER_RATE[platform]) ? r.pick(frame.openers) : '';
    const closer = r.chance(author.closerRate) ? r.pick(frame.closers) : '';
    let text = `${opener}${body}${closer}`;
    if (author.lowerCase) text = text.toLowerCase();

    const [minTags, maxTags] = HASHTAGS_PER_POST[platform];
    const asset = ASSET_LIST[coin];
    const own = asset ? [asset.symbol.toLowerCase(), asset.name.toLowerCase().replace(/\s+/g, '')] : [];
    const pool = [...GENERAL_HASHTAGS, ...TONE_HASHTAGS[tone], ...own, ...own];
    const tags = new Set<string>();
    for (let n = r.int(minTags, maxTags); tags.size < n;) tags.add(r.pick(pool));
    const hashtags = [...tags].map((t) => `#${t}`).join(' ');
    return `${text}${hashtags ? ` ${hashtags}` : ''}`.trim();
  }
}

/** Tone odds for a mood: euphoric days are mostly bullish posts, gloomy ones mostly bearish. */
function toneWeights(mood: number): [number, number, number] {
  return [Math.max(3, 40 + 45 * mood), Math.max(3, 27 - 40 * mood), 33 - 12 * Math.abs(mood)];
}

/**
 * Mood per coin and day over the demo period: an AR(1) walk per coin (streaks of good and bad
 * days) blended with one for the whole market, so some coins lean clearly bullish or bearish
 * over a week while the market as a whole drifts.
 */
function moods(r: Random): Float64Array {
  const days = DEMO_PERIOD_DAYS + 1;
  const walk = () => {
    const values = new Float64Array(days);
    let v = r.normal() * 0.8;
    for (let day = days - 1; day >= 0; day--) {
      v = 0.92 * v + 0.32 * r.normal();
      values[day] = v;
    }
    return values;
  };
  const market = walk();
  const table = new Float64Array(ASSET_LIST.length * days);
  for (let coin = 0; coin < ASSET_LIST.length; coin++) {
    const own = walk();
    for (let day = 0; day < days; day++) {
      table[coin * days + day] = Math.tanh(1.6 * (0.8 * (own[day] ?? 0) + 0.5 * (market[day] ?? 0)));
    }
  }
  return table;
}

/** A person's name, distinct for every author index below 3,600 × 19 (a middle initial past 3,600). */
export function personName(index: number): string {
  const pairs = GIVEN_NAMES.length * FAMILY_NAMES.length;
  // 37 is prime to 3,600, so the first 3,600 indices get 3,600 different pairs, well mixed.
  const pair = (index * 37 + 11) % pairs;
  const given = GIVEN_NAMES[pair % GIVEN_NAMES.length] ?? 'Alex';
  const family = FAMILY_NAMES[Math.floor(pair / GIVEN_NAMES.length)] ?? 'Smith';
  const round = Math.floor(index / pairs);
  return round === 0 ? `${given} ${family}` : `${given} ${'ABCDEFGHJKLMNPRSTW'[(round - 1) % 18] ?? 'A'}. ${family}`;
}

function engagementFor(r: Random, platform: Platform, tone: Tone, followers: number) {
  // Who sees a post scales with followers; a rare post goes viral far beyond them.
  const viral = r.chance(0.02) ? Math.min(r.pareto(1.3), 500) : 1;
  const seen = (followers + 50) * r.logNormal(0.2, 0.9) * viral;
  const likes = Math.min(
    MAX_INT4,
    Math.round(seen * r.logNormal(0.03, 0.7) * (tone === 'bullish' ? 1.25 : tone === 'bearish' ? 0.9 : 0.8)),
  );
  const part = (median: number, sigma: number) => Math.min(MAX_INT4, Math.round(likes * r.logNormal(median, sigma)));
  const zero = { likes, comments: 0, shares: 0, views: 0, replies: 0, retweets: 0 };
  switch (platform) {
    case 'twitter':
      return { ...zero, views: Math.round(seen * r.logNormal(1.5, 0.4)) + likes, replies: part(0.08, 0.7), retweets: part(0.18, 0.6) };
    case 'instagram':
      return { ...zero, comments: part(0.04, 0.8) };
    case 'facebook':
      return { ...zero, comments: part(0.07, 0.7), shares: part(0.06, 0.9) };
    case 'linkedin':
      return { ...zero, views: Math.round(seen * r.logNormal(2, 0.4)) + likes, comments: part(0.05, 0.7), shares: part(0.03, 0.8) };
  }
}

/** Facebook's reaction mix follows the tone; `likes` is the total of all reactions. */
function reactionsFor(r: Random, tone: Tone, total: number): Reactions {
  const shares: Record<(typeof REACTION_KINDS)[number], number> = {
    like: 0,
    love: tone === 'bullish' ? 0.2 : 0.06,
    haha: 0.03 * r.next() * 2,
    wow: 0.05,
    sad: tone === 'bearish' ? 0.12 : 0.02,
    angry: tone === 'bearish' ? 0.08 : 0.01,
  };
  const reactions = Object.fromEntries(
    REACTION_KINDS.map((kind) => [kind, Math.floor(total * (shares[kind] ?? 0) * r.logNormal(1, 0.3))]),
  ) as Reactions;
  const others = REACTION_KINDS.reduce((sum, kind) => (kind === 'like' ? sum : sum + reactions[kind]), 0);
  if (others > total) {
    for (const kind of REACTION_KINDS) reactions[kind] = 0;
    reactions.like = total;
  } else {
    reactions.like = total - others;
  }
  return reactions;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Ids in each platform's own style, unique per seed and index. */
function externalId(platform: Platform, seed: number, i: number, authorIndex: number): string {
  const s = pad(seed % 10_000, 4);
  switch (platform) {
    case 'twitter':
      return `18${s}${pad(i, 11)}`;
    case 'instagram':
      return `C${(seed % 1_000_000).toString(36)}${i.toString(36).padStart(8, '0')}`;
    case 'facebook':
      return `${100_000 + authorIndex}_${s}${pad(i, 11)}`;
    case 'linkedin':
      return `urn:li:activity:7${s}${pad(i, 11)}`;
  }
}
