/** The billing tab, where checkout and the portal come back to and a person's billing mails point. */
export const billingTab = (publicUrl: string, query = '') => `${publicUrl}/settings?tab=billing${query}`;

/** A team's screen (Settings → Team, that team chosen): a team's checkout and portal come back there and its mails point there. */
export const teamTab = (publicUrl: string, teamId: string, query = '') =>
  `${publicUrl}/settings?tab=team&team=${encodeURIComponent(teamId)}${query}`;

/** Where an account's billing lives: its team's screen for a team's account, else the billing tab. */
export const accountBillingScreen = (publicUrl: string, team: { id: string } | null, query = '') =>
  team ? teamTab(publicUrl, team.id, query) : billingTab(publicUrl, query);
