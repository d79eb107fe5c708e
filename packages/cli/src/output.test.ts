import { describe, expect, it } from 'vitest';
import { csv, flatten, pickFormat, render, tableCell } from './output.js';

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas, and leaves numbers numbers', () => {
    const rows = [
      { text: '=HYPERLINK("http://evil")', user: '+1 555', note: '-2+3', at: '@SUM(A1)', change: -1.5 },
      { text: 'plain, with a comma', user: 'a "quoted" name', note: 'two\nlines', at: null, change: 2 },
    ];
    expect(csv(rows, ['text', 'user', 'note', 'at', 'change'])).toBe(
      'text,user,note,at,change\n' +
        `"'=HYPERLINK(""http://evil"")",'+1 555,'-2+3,'@SUM(A1),-1.5\n` +
        `"plain, with a comma","a ""quoted"" name","two\nlines",,2\n`,
    );
  });

  it('writes booleans as true/false and a header even without rows', () => {
    expect(csv([{ id: 1, active: false }], ['id', 'active'])).toBe('id,active\n1,false\n');
    expect(csv([], ['id', 'active'])).toBe('id,active\n');
  });
});

describe('the format', () => {
  it('is a table on a terminal and json otherwise, unless named', () => {
    expect(pickFormat(undefined, true)).toBe('table');
    expect(pickFormat(undefined, false)).toBe('json');
    expect(pickFormat('csv', true)).toBe('csv');
    expect(() => pickFormat('xml', true)).toThrow('--format must be one of table, json, jsonl, csv');
  });

  const listing = {
    answer: { prices: [{ symbol: 'BTC', price: 60_000 }], asOf: 'now' },
    items: [{ symbol: 'BTC', price: 60_000 }],
    columns: ['symbol', 'price'],
    row: (p: { symbol: string; price: number }) => ({ ...p }),
  };

  it('prints the whole answer as json, each item as a jsonl line, and rows as a table', () => {
    expect(JSON.parse(render(listing, 'json'))).toEqual(listing.answer);
    expect(render(listing, 'jsonl')).toBe('{"symbol":"BTC","price":60000}\n');
    const table = render(listing, 'table');
    expect(table).toMatch(/symbol.*price/);
    expect(table).toMatch(/BTC.*60000/);
  });

  it('keeps control characters and long texts out of a terminal', () => {
    expect(tableCell('red\u001b[31m\r\nalert\u0007')).toBe('red [31m alert ');
    expect(tableCell('x'.repeat(100))).toHaveLength(60);
    expect(tableCell(null)).toBe('');
  });

  it('flattens nested records to dotted columns', () => {
    expect(flatten({ plan: 'free', key: { name: 'ci', calls: 3 }, budget: null, reached: [80, 100] })).toEqual({
      plan: 'free',
      'key.name': 'ci',
      'key.calls': 3,
      budget: null,
      reached: '80 100',
    });
  });
});
