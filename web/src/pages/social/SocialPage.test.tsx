import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { testUser } from '../../test/trpcStub';

describe('Social welcome page', () => {
  it('links to each platform table and shows real quick stats', async () => {
    renderApp('/social', {
      signedInAs: testUser,
      api: { 'social.quickStats': () => ({ posts: 3000, likes: 123456, comments: 789, shares: 42 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Social Media Data' })).toBeTruthy();
    for (const [name, href] of [
      ['Twitter', '/social/twitter'],
      ['Instagram', '/social/instagram'],
      ['Facebook', '/social/facebook'],
      ['LinkedIn', '/social/linkedin'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const stats = within(screen.getByRole('heading', { name: 'Quick Stats' }).closest('section')!);
    expect(await stats.findByText('3,000')).toBeTruthy();
    expect(stats.getByText('123,456')).toBeTruthy();
    expect(stats.getByText('789')).toBeTruthy();
    expect(stats.getByText('42')).toBeTruthy();
    expect(stats.getAllByRole('term').map((term) => term.textContent)).toEqual(['Posts', 'Likes', 'Comments', 'Shares']);
  });
});
