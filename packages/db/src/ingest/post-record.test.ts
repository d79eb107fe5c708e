import { describe, expect, it } from 'vitest';
import { parsePostRecord } from './post-record.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const base = { id: '1', username: 'alice', text: 'hello', createdAt: '2026-11-20T10:00:00Z' };
const parse = (record: Record<string, unknown>, platform: 'twitter' | 'instagram' | 'facebook' | 'linkedin' = 'twitter') =>
  parsePostRecord(record, platform, NOW);

describe('parsePostRecord', () => {
  it('reads the spec shape: _id, userRef.username, text, createdAt and counters', () => {
    const parsed = parse({
      _id: 'abc',
      userRef: { username: '@Alice', followers: 10 },
      text: ' hi ',
      createdAt: '2026-11-20T10:00:00Z',
      likes: 3,
      views: '40',
    });
    expect(parsed).toEqual({
      ok: true,
      post: expect.objectContaining({ externalId: 'abc', username: 'Alice', followers: 10, text: 'hi', likes: 3, views: 40, comments: 0 }),
    });
  });

  it('takes content or description when there is no text, and CSV-style dotted columns', () => {
    expect(parse({ ...base, text: undefined, content: 'from content' })).toMatchObject({ ok: true, post: { text: 'from content' } });
    expect(parse({ ...base, text: '', description: 'from description' })).toMatchObject({ ok: true, post: { text: 'from description' } });
    expect(parse({ id: 7, 'userRef.username': 'bob', text: 'x', created_at: '2026-11-20' })).toMatchObject({
      ok: true,
      post: { externalId: '7', username: 'bob' },
    });
  });

  it('accepts epoch seconds and milliseconds', () => {
    const seconds = parse({ ...base, createdAt: 1_763_600_000 });
    const millis = parse({ ...base, createdAt: '1763600000000' });
    expect(seconds.ok && seconds.post.createdAt.toISOString()).toBe('2025-11-20T00:53:20.000Z');
    expect(millis.ok && millis.post.createdAt.toISOString()).toBe('2025-11-20T00:53:20.000Z');
  });

  it.each([
    [{ ...base, id: undefined }, 'id is missing'],
    [{ ...base, username: '  ' }, 'username is missing'],
    [{ ...base, username: 'two words' }, 'username must not contain spaces'],
    [{ ...base, text: 'a\u0000b' }, 'text contains a NUL character'],
    [{ ...base, createdAt: undefined }, 'createdAt is missing'],
    [{ ...base, createdAt: '1999-01-01T00:00:00Z' }, 'createdAt is before 2003'],
    [{ ...base, likes: 1.5 }, 'likes must be a whole number of 0 or more'],
    [{ ...base, replies: '3 replies' }, 'replies must be a whole number of 0 or more'],
    [{ ...base, retweets: 3_000_000_000 }, 'retweets is larger than 2147483647'],
    [{ ...base, platform: 'Instagram' }, 'platform is instagram but this import is for twitter'],
  ])('refuses %j: %s', (record, reason) => {
    expect(parse(record)).toEqual({ ok: false, reason });
  });

  it('keeps Instagram extras only for Instagram and checks the media type', () => {
    expect(parse({ ...base, mediaType: 'VIDEO', location: 'Lisbon' }, 'instagram')).toMatchObject({
      ok: true,
      post: { mediaType: 'video', location: 'Lisbon' },
    });
    expect(parse({ ...base, media_type: 'reel' }, 'instagram')).toEqual({
      ok: false,
      reason: 'mediaType must be image, video or carousel',
    });
    expect(parse({ ...base, mediaType: 'video', location: 'Lisbon' }, 'twitter')).toMatchObject({
      ok: true,
      post: { mediaType: null, location: null },
    });
  });

  it('reads Facebook reactions from an object, JSON text or flat columns', () => {
    const all = { like: 0, love: 0, haha: 0, wow: 0, sad: 0, angry: 0 };
    expect(parse({ ...base, reactions: { like: 2, love: '1' } }, 'facebook')).toMatchObject({
      ok: true,
      post: { reactions: { ...all, like: 2, love: 1 } },
    });
    expect(parse({ ...base, reactions: '{"sad":3}' }, 'facebook')).toMatchObject({ ok: true, post: { reactions: { ...all, sad: 3 } } });
    expect(parse({ ...base, 'reactions.wow': '4', reactions_angry: '1' }, 'facebook')).toMatchObject({
      ok: true,
      post: { reactions: { ...all, wow: 4, angry: 1 } },
    });
    expect(parse({ ...base, reactions: '[1' }, 'facebook')).toEqual({ ok: false, reason: 'reactions must be a JSON object' });
    expect(parse({ ...base, reactions: { like: -1 } }, 'facebook')).toEqual({
      ok: false,
      reason: 'reactions.like must be a whole number of 0 or more',
    });
  });
});
