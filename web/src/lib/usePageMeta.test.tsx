import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMetaDescription } from './usePageMeta';

function Described({ text }: { text?: string }) {
  useMetaDescription(text);
  return null;
}

const content = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = 'The whole site.';
  document.head.append(meta);
});

afterEach(() => {
  document.head.querySelector('meta[name="description"]')?.remove();
});

describe('useMetaDescription', () => {
  it("describes the page while it is shown and puts the site's description back after", () => {
    const view = render(<Described text="Plans and prices." />);
    expect(content()).toBe('Plans and prices.');
    view.rerender(<Described text="Another page." />);
    expect(content()).toBe('Another page.');
    view.unmount();
    expect(content()).toBe('The whole site.');
  });

  it("uses the site's description for a page without its own", () => {
    render(<Described />);
    expect(content()).toBe('The whole site.');
  });
});
