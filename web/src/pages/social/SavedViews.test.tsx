import type { SavedView, TeamSummary } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { tweet, twitterPage } from '../../test/socialFixtures';
import { testUser } from '../../test/trpcStub';

// The saved views panel beside a table: the user's own views and their teams', a team's marked
// with its name, Rename and Delete only where the server says the user may change the view, and
// "Share with team" on one's own views for the teams whose role may share.

const acme: TeamSummary = { id: 'team_AAAAAAAAAAAAAAAA', name: 'Acme research', role: 'member', plan: 'free' };
const billed: TeamSummary = { id: 'team_BBBBBBBBBBBBBBBB', name: 'Billing only', role: 'billing', plan: 'free' };

function view(id: number, name: string, team: TeamSummary | null, canChange: boolean): SavedView {
  return {
    id,
    table: 'social.twitter',
    name,
    state: { filters: { coin: 'BTC' }, hiddenColumns: [] },
    team: team ? { id: team.id, name: team.name } : null,
    canChange,
    createdAt: '2026-11-29T10:00:00.000Z',
    updatedAt: '2026-11-29T10:00:00.000Z',
  };
}

const views = [view(1, 'Mine', null, true), view(2, 'Team pick', acme, false), view(3, 'Shared by me', acme, true)];

function renderPanel(teams: TeamSummary[]) {
  let listed = views;
  const result = renderApp('/social/twitter', {
    signedInAs: testUser,
    api: {
      'social.list.twitter': () => twitterPage([tweet(1)]),
      'savedViews.list': () => listed,
      'teams.list': () => teams,
      'savedViews.share': ({ id, teamId }) => {
        listed = listed.map((v) => (v.id === id ? { ...v, team: { id: teamId, name: 'Acme research' } } : v));
        return listed.find((v) => v.id === id)!;
      },
    },
  });
  return result;
}

describe('saved views panel', () => {
  it("marks a team's views with the team and shows Rename and Delete only where the user may change the view", async () => {
    renderPanel([acme]);
    const panel = await screen.findByRole('region', { name: 'Saved views' });
    await within(panel).findByRole('button', { name: 'Apply view Team pick of team Acme research' });
    expect(within(panel).getAllByText('Team: Acme research')).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Rename view Mine' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Rename view Team pick of team Acme research' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Delete view Team pick of team Acme research' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Delete view Shared by me of team Acme research' })).toBeTruthy();
    // Only one's own views are shared; a team's view is not shared again.
    expect(
      within(panel)
        .getAllByRole('button', { name: /with a team$/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Share view Mine with a team']);
  });

  it('shares an own view with a team whose role may share, then lists it as the team’s', async () => {
    const { api } = renderPanel([acme, billed]);
    const panel = await screen.findByRole('region', { name: 'Saved views' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Share view Mine with a team' }));
    const select = within(panel).getByLabelText<HTMLSelectElement>('Share Mine with');
    // A billing contact's team is not offered: that role may not share views.
    expect([...select.options].map((o) => o.textContent)).toEqual(['Acme research']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(api.callsTo('savedViews.share').map((c) => c.input)).toEqual([{ id: 1, teamId: acme.id }]));
    await within(panel).findByRole('button', { name: 'Apply view Mine of team Acme research' });
    expect(within(panel).queryByRole('button', { name: /with a team$/ })).toBeNull();
  });

  it('offers no sharing to a user in no team', async () => {
    renderPanel([]);
    const panel = await screen.findByRole('region', { name: 'Saved views' });
    await within(panel).findByRole('button', { name: 'Rename view Mine' });
    expect(within(panel).queryByRole('button', { name: /with a team$/ })).toBeNull();
  });
});
