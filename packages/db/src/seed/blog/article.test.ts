import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTimeMinutes } from './article.js';
import { BLOG_ARTICLES } from './index.js';

const webPublic = new URL('../../../../../web/public/', import.meta.url);

describe('readTimeMinutes', () => {
  it('rounds 200 words a minute up, and is never 0', () => {
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes('word '.repeat(200))).toBe(1);
    expect(readTimeMinutes('word '.repeat(201))).toBe(2);
  });
});

describe('seeded blog articles', () => {
  it('have unique slugs in the URL-safe form the database accepts, and exactly one is featured', () => {
    const slugs = BLOG_ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(BLOG_ARTICLES.filter((a) => a.featured)).toHaveLength(1);
  });

  it('are substantial, with a short excerpt and alt text', () => {
    for (const article of BLOG_ARTICLES) {
      expect(readTimeMinutes(article.body), article.slug).toBeGreaterThanOrEqual(2);
      expect(article.excerpt.length, article.slug).toBeLessThanOrEqual(260);
      expect(article.imageAlt.length, article.slug).toBeGreaterThan(10);
    }
  });

  it('each name an illustration the web app ships, sized 640×360 so the page never shifts', () => {
    for (const article of BLOG_ARTICLES) {
      const file = new URL(article.imagePath.slice(1), webPublic);
      expect(existsSync(file), article.imagePath).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/<svg[^>]*\bwidth="640"[^>]*\bheight="360"/);
      expect(svg).toContain('viewBox="0 0 640 360"');
    }
  });
});
