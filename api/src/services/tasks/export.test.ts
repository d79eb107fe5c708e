import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, csvRecords, type ExportRow } from './export.js';

const row = (text: string, sentiment = 0): ExportRow => ({
  platform: 'twitter',
  id: '1',
  username: 'alice',
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
  likes: 1,
  comments: 0,
  shares: 0,
  views: 0,
  replies: 0,
  retweets: 0,
  hashtags: ['crypto', 'btc'],
  symbols: ['BTC'],
  sentiment,
});

describe('export CSV', () => {
  it('docs/security.md §28: every cell a spreadsheet would run as a formula starts with a quote, leading tab and CR included', () => {
    const formulas = ['=1+1', '+SUM(1,2)', "-2+3+cmd|' /C calc'!A0", '@SUM(1+1)', '\t=1+1', '\r=1+1'];
    const file = csvRecords([], true) + csvRecords(formulas.map((text) => row(text, -0.5)));
    expect(file.split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    const cells = parse(file, { columns: true }) as Record<string, string>[];
    expect(cells.map((cell) => cell.text)).toEqual(formulas.map((formula) => `'${formula}`));
    // A number is not a formula: a negative sentiment stays a number; lists are one cell.
    expect(cells[0]).toMatchObject({ sentiment: '-0.5', hashtags: 'crypto btc', symbols: 'BTC' });
    // A CR inside a cell is quoted, so the record does not break where a reader splits lines.
    expect(file).toContain(`"'\r=1+1"`);
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    const file = csvRecords([row('a, "b"\nc')]);
    expect(file).toContain('"a, ""b""\nc"');
    expect((parse(file) as string[][])[0]?.[3]).toBe('a, "b"\nc');
  });
});
