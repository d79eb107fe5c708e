import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../schema/posts.js';
import { analyzePost } from '../../analysis/analyze.js';
import { labelOf } from '../../analysis/evaluate.js';
import { createSymbolMatcher } from '../../analysis/symbol-matcher.js';
import { ASSET_LIST } from '../asset-list.js';
import { DEMO_PERIOD_DAYS, DEMO_SEED, generateDemoPosts, personName } from './generate.js';
import { mulberry32, Random } from './prng.js';

const now = new Date('2026-11-22T12:00:00Z');
const sample = (count: number, seed = 7) => [...generateDemoPosts({ seed, count, now })];

describe('mulberry32', () => {
  it('yields the same sequence for the same seed and another for another seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of first) expect(value).toBeLessThan(1);
  });

  it('is roughly uniform', () => {
    const next = mulberry32(1);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(next() * 10)]! += 1;
    for (const n of buckets) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});

describe('Random', () => {
  it('log-normal has the asked median and a long right tail', () => {
    const r = new Random(3);
    const values = Array.from({ length: 20_001 }, () => r.logNormal(100, 1.5)).sort((a, b) => a - b);
    const median = values[10_000]!;
    expect(median).toBeGreaterThan(90);
    expect(median).toBeLessThan(110);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(median * 2);
  });
});

describe('generateDemoPosts', () => {
  it('is deterministic: the same seed gives the same posts', () => {
    expect(sample(300)).toEqual(sample(300));
    expect(sample(50, 8)).not.toEqual(sample(50, 7));
  });

  it('post i is the same whatever the count, so seeding more only adds', () => {
    const small = sample(100);
    expect(sample(400).slice(0, 100)).toEqual(small);
    expect([...generateDemoPosts({ seed: 7, count: 50, now, start: 100 })]).toEqual(sample(150).slice(100));
  });

  it('gives unique ids per platform', () => {
    const posts = sample(3_000);
    const keys = new Set(posts.map((p) => `${p.platform}:${p.externalId}`));
    expect(keys.size).toBe(posts.length);
  });

  it('covers all four platforms with their extras', () => {
    const posts = sample(2_000);
    expect(new Set(posts.map((p) => p.platform))).toEqual(new Set(PLATFORMS));
    for (const post of posts) {
      expect(post.mediaType !== null).toBe(post.platform === 'instagram');
      expect(post.reactions !== null).toBe(post.platform === 'facebook');
      if (post.reactions) expect(Object.values(post.reactions).reduce((s, n) => s + n, 0)).toBe(post.likes);
      if (post.platform === 'twitter') expect(post.views).toBeGreaterThanOrEqual(post.likes);
    }
    expect(posts.some((p) => p.location !== null)).toBe(true);
  });

  it('spreads dates over the last 90 days, more of them recent', () => {
    const posts = sample(4_000);
    const ages = posts.map((p) => (now.getTime() - p.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(DEMO_PERIOD_DAYS);
    const recent = ages.filter((a) => a < 45).length;
    expect(recent).toBeGreaterThan(posts.length * 0.55);
  });

  it('has heavy-tailed engagement: the top 1% of posts hold a large share of likes', () => {
    const likes = sample(5_000)
      .map((p) => p.likes)
      .sort((a, b) => b - a);
    const total = likes.reduce((s, n) => s + n, 0);
    const top = likes.slice(0, 50).reduce((s, n) => s + n, 0);
    expect(top / total).toBeGreaterThan(0.2);
    expect(likes[2_500]).toBeLessThan(total / likes.length);
  });

  it('mentions real coins with cashtags, names or hashtags, and mixes tones', () => {
    const posts = sample(1_000);
    // Some authors write everything in lower case.
    const names = ASSET_LIST.flatMap((a) => [`$${a.symbol}`, a.name, `#${a.name.replace(/\s+/g, '')}`].map((n) => n.toLowerCase()));
    for (const post of posts) expect(names.some((n) => post.text.toLowerCase().includes(n))).toBe(true);
    expect(posts.filter((p) => p.text.includes('#')).length).toBeGreaterThan(500);
  });

  it('reuses authors with a consistent follower count', () => {
    const posts = sample(3_000);
    const followers = new Map<string, number | null>();
    for (const post of posts) {
      const key = `${post.platform}:${post.username}`;
      if (followers.has(key)) expect(followers.get(key)).toBe(post.followers);
      followers.set(key, post.followers);
    }
    expect(followers.size).toBeLessThan(posts.length * 0.8);
  });

  it("varies how posts open: no opening phrase starts more than 5% of a platform's posts", () => {
    const names = ASSET_LIST.map((a) => a.name.toLowerCase());
    // The first three words, with coins and numbers made alike, so "$BTC up 5%" and "$ETH up 9%" open the same way.
    const opening = (text: string) => {
      let t = text
        .toLowerCase()
        .replace(/[$#][\p{L}\p{N}_]+/gu, '{coin}')
        .replace(/\d[\d.,]*/g, '{n}');
      for (const name of names) t = t.replaceAll(name, '{coin}');
      return t.split(/\s+/).slice(0, 3).join(' ');
    };
    const posts = sample(8_000);
    for (const platform of PLATFORMS) {
      const texts = posts
        .filter((p) => p.platform === platform)
        .slice(0, 1_000)
        .map((p) => p.text);
      expect(texts.length).toBe(1_000);
      const counts = new Map<string, number>();
      for (const text of texts) counts.set(opening(text), (counts.get(opening(text)) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(50);
    }
  });

  it('names LinkedIn authors as people, without handles, each author once', () => {
    const linkedin = sample(3_000).filter((p) => p.platform === 'linkedin');
    for (const post of linkedin) {
      expect(post.username).toMatch(/^\p{Lu}[\p{L}']+ (\p{Lu}\. )?\p{Lu}[\p{L}']+$/u);
      expect(post.username).toBe(post.displayName);
    }
    const names = Array.from({ length: 5_000 }, (_, i) => personName(i).toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives coins moods: over the last 7 days some busy coins of the demo data read Positive and some Negative', () => {
    const matcher = createSymbolMatcher(ASSET_LIST);
    const week = sample(20_000, DEMO_SEED).filter((p) => now.getTime() - p.createdAt.getTime() < 7 * 86_400_000);
    const byCoin = new Map<string, { n: number; sum: number }>();
    for (const post of week) {
      const { symbols, sentiment } = analyzePost(post.text, matcher);
      for (const symbol of symbols) {
        const entry = byCoin.get(symbol) ?? { n: 0, sum: 0 };
        entry.n += 1;
        entry.sum += sentiment;
        byCoin.set(symbol, entry);
      }
    }
    const labels = [...byCoin.values()].filter((c) => c.n >= 40).map((c) => labelOf(c.sum / c.n));
    expect(labels.length).toBeGreaterThanOrEqual(8);
    expect(labels).toContain('Positive');
    expect(labels).toContain('Negative');
  });
});
