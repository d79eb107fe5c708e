import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn } from '.';

interface Row {
  name: string;
  likes: number;
}

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => <strong>{r.name}</strong>, value: (r) => r.name },
  { key: 'likes', header: 'Likes', cell: (r) => `${r.likes} likes`, value: (r) => r.likes },
  { key: 'action', header: 'Action', cell: () => <button type="button">Open</button> },
];

/** The files the table hands to the browser, read back as text, by name. */
function capture() {
  const files = new Map<string, Promise<string>>();
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const reader = new FileReader();
    files.set(this.download, new Promise((resolve) => reader.addEventListener('load', () => resolve(String(reader.result)))));
    reader.readAsText(blobs.get(this.href)!);
  });
  return files;
}

afterEach(() => vi.restoreAllMocks());

describe('a table with downloads', () => {
  it('downloads the rows as shown, each column with a value, as CSV (formula-escaped) and JSON', async () => {
    const files = capture();
    const rows: Row[] = [
      { name: 'whale', likes: 10 },
      { name: '=HYPERLINK("http://evil")', likes: -3 },
    ];
    render(<Table caption="Posts" columns={columns} rows={rows} rowKey={(r) => r.name} download="posts" />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(await files.get('posts.csv')).toBe('name,likes\r\nwhale,10\r\n"\'=HYPERLINK(""http://evil"")",-3\r\n');
    expect(JSON.parse((await files.get('posts.json')) ?? '')).toEqual(rows);
  });

  it('offers nothing without `download`', () => {
    render(<Table columns={columns} rows={[]} rowKey={(r) => r.name} />);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });
});
