import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { healthyApi, renderApp } from '../test/renderApp';

describe('footer', () => {
  it('links the legal pages and contact, with the current year', async () => {
    renderApp('/about');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Contact', '/contact'],
    ]) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Coinsight`)).toBeTruthy();
  });

  it('reports a healthy API as operational, after a neutral checking state', async () => {
    renderApp('/about');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Checking API status')).toBeTruthy();
    expect(await within(footer).findByText('All systems operational')).toBeTruthy();
  });

  it('reports a degraded API', async () => {
    renderApp('/about', { health: { ...healthyApi, status: 'degraded', db: 'down' } });
    expect(await within(screen.getByRole('contentinfo')).findByText('Degraded service')).toBeTruthy();
  });

  it('says the status is unavailable when the API cannot be reached', async () => {
    renderApp('/about', { health: 'unreachable' });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('Status unavailable')).toBeTruthy();
    expect(within(footer).queryByText('All systems operational')).toBeNull();
  });
});
