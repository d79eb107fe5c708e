import { describe, expect, it } from 'vitest';
import { redactedAttributes, redactQuery, redactUrlValue } from './telemetry.js';

describe('span redaction', () => {
  it('replaces the values of credential query parameters, whatever their case or encoding, and keeps the rest', () => {
    expect(redactQuery('symbols=BTC&key=s3cret&Token=t0k&api%5Fkey=k&limit=2')).toBe(
      'symbols=BTC&key=REDACTED&Token=REDACTED&api%5Fkey=REDACTED&limit=2',
    );
    expect(redactQuery('q=%24BTC&flag&token=')).toBe('q=%24BTC&flag&token=REDACTED');
  });

  it('redacts a path with a query, a full URL and a bare query, and leaves a path without one alone', () => {
    expect(redactUrlValue('url.path', '/v1/crypto/prices?key=s3cret')).toBe('/v1/crypto/prices?key=REDACTED');
    expect(redactUrlValue('url.full', 'https://h/a?access_token=x#frag')).toBe('https://h/a?access_token=REDACTED#frag');
    expect(redactUrlValue('url.query', 'token=x&a=1')).toBe('token=REDACTED&a=1');
    expect(redactUrlValue('url.path', '/api/social/twitter')).toBe('/api/social/twitter');
  });

  it('changes only what must go: URL attributes with secrets and credential-named attributes', () => {
    expect(
      redactedAttributes({
        'url.path': '/v1/x?key=s3cret',
        'url.query': 'symbols=BTC',
        'http.request.header.authorization': ['Bearer cs_live_x'],
        'http.request.header.cookie': ['cs_session=x'],
        'http.request.header.x-api-key': ['x'],
        'coinsight.request_id': 'req_1',
        'db.query.text': 'select 1 where token = $1',
        'http.route': '/v1/x',
      }),
    ).toEqual({
      'url.path': '/v1/x?key=REDACTED',
      'http.request.header.authorization': 'REDACTED',
      'http.request.header.cookie': 'REDACTED',
      'http.request.header.x-api-key': 'REDACTED',
    });
  });
});
