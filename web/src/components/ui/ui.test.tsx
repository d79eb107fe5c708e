import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Select, Table, TextField } from '.';

describe('TextField', () => {
  it('labels its input and announces the error with it', () => {
    render(<TextField label="Email" name="email" error="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email' });

    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Email" name="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('Select', () => {
  it('offers its options under its label', () => {
    render(
      <Select
        label="Platform"
        options={[
          { value: 'all', label: 'All' },
          { value: 'twitter', label: 'Twitter' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Platform' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Twitter']);
    fireEvent.change(select, { target: { value: 'twitter' } });
    expect((select as HTMLSelectElement).value).toBe('twitter');
  });
});

describe('Table', () => {
  const columns = [
    { key: 'symbol', header: 'Symbol', cell: (row: { symbol: string; price: number }) => row.symbol },
    { key: 'price', header: 'Price', cell: (row: { symbol: string; price: number }) => row.price, align: 'end' as const },
  ];

  it('says No data found when there are no rows', () => {
    render(<Table columns={columns} rows={[]} rowKey={(row) => row.symbol} />);
    expect(screen.getByRole('cell', { name: 'No data found' })).toBeTruthy();
  });

  it('renders one row per item under column headers', () => {
    render(<Table columns={columns} rows={[{ symbol: 'BTC', price: 1 }]} rowKey={(row) => row.symbol} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Symbol', 'Price']);
    expect(screen.getByRole('cell', { name: 'BTC' })).toBeTruthy();
  });
});

describe('Button', () => {
  it('does not submit forms unless asked to', () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Preview</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
