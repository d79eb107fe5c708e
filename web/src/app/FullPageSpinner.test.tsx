import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp';

// Its own file, run isolated (vitest-isolate, vitest.config.ts): the page chunks load once per module
// graph, and this test needs a cold one.
describe('full-page spinner', () => {
  it('shows while a page loads, then gives way to the page', async () => {
    renderApp('/about');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Coinsight' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());
  });
});
