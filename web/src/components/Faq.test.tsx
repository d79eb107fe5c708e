import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Faq } from './Faq';

const items = [
  { question: 'First?', answer: <p>One</p> },
  { question: 'Second?', answer: <p>Two</p> },
  { question: 'Third?', answer: <p>Three</p> },
];

const button = (name: string) => screen.getByRole('button', { name });
const expanded = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'));

describe('Faq', () => {
  it('starts closed, with each question controlling its own answer', () => {
    render(<Faq items={items} />);
    expect(expanded()).toEqual(['false', 'false', 'false']);
    const controlled = document.getElementById(button('Second?').getAttribute('aria-controls') ?? '');
    expect(controlled?.textContent).toBe('Two');
    expect(controlled?.hidden).toBe(true);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('opens one answer at a time: opening another closes the first', () => {
    render(<Faq items={items} />);
    fireEvent.click(button('First?'));
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'First?' }).textContent).toBe('One');

    fireEvent.click(button('Third?'));
    expect(expanded()).toEqual(['false', 'false', 'true']);
    expect(screen.getAllByRole('region').map((r) => r.textContent)).toEqual(['Three']);
  });

  it('closes the open answer when its question is clicked again', () => {
    render(<Faq items={items} />);
    fireEvent.click(button('Second?'));
    fireEvent.click(button('Second?'));
    expect(expanded()).toEqual(['false', 'false', 'false']);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
