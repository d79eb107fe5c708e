import type { Alert, AppNotification, MarketAsset, MarketOverview, NotificationPreference } from '@coinsight/contracts';
import { NOTIFICATION_PREFERENCES } from '@coinsight/contracts';
import { StubError, type Handlers } from './trpcStub';

const asset = (symbol: string, name: string, rank: number, price: number): MarketAsset => ({
  id: name.toLowerCase(),
  symbol,
  name,
  rank,
  price,
  change24h: 1.2,
  volume24h: 1e9,
  marketCap: price * 1e7,
  circulatingSupply: 1e7,
  totalSupply: 1e7,
  maxSupply: null,
  mentions24h: 12,
  sentiment: 0.6,
  sentimentPosts: 12,
  asOf: '2026-11-23T07:00:00.000Z',
});

export const marketOverview: MarketOverview = {
  assets: [asset('BTC', 'Bitcoin', 1, 64_000), asset('ETH', 'Ethereum', 2, 3_000)],
  totalMarketCap: 670e9,
  btcDominance: { value: 95.52, basis: 'tracked-assets', label: 'BTC dominance (tracked assets)' },
  trackedAssets: 2,
  asOf: '2026-11-23T07:00:00.000Z',
  socialAsOf: '2026-11-23T08:00:00.000Z',
};

export function alertOf(overrides: Partial<Alert> & Pick<Alert, 'id'>): Alert {
  return {
    kind: 'price',
    symbol: 'BTC',
    condition: 'above',
    threshold: 70_000,
    email: true,
    active: true,
    createdAt: '2026-11-22T10:00:00.000Z',
    firedAt: null,
    firedValue: null,
    webhookUrl: null,
    window: null,
    repeat: null,
    slackWebhookUrl: null,
    discordWebhookUrl: null,
    telegramChatId: null,
    failingChannels: [],
    nextEligibleAt: null,
    conditionCleared: false,
    ...overrides,
  };
}

export function notificationOf(overrides: Partial<AppNotification> & Pick<AppNotification, 'id'>): AppNotification {
  return {
    kind: 'price-alert',
    title: 'BTC is below $64,000.00',
    body: 'BTC reached $63,912.40; your alert was set for below $64,000.00.',
    alertId: 1,
    createdAt: '2026-11-23T07:05:00.000Z',
    read: false,
    ...overrides,
  };
}

/**
 * The alerts, notifications and preferences of one user, kept as the server keeps them: calls
 * change the state and later reads see the change. `state` is there for assertions.
 */
export function alertsServer(initial: { alerts?: Alert[]; notifications?: AppNotification[] } = {}) {
  const state = {
    alerts: [...(initial.alerts ?? [])],
    notifications: [...(initial.notifications ?? [])],
    prefs: NOTIFICATION_PREFERENCES.map((pref): NotificationPreference => ({ ...pref })),
  };
  let nextId = 100;
  const find = (id: number) => {
    const alert = state.alerts.find((candidate) => candidate.id === id);
    if (!alert) throw new StubError(404, 'Alert not found');
    return alert;
  };
  const handlers: Handlers = {
    'market.overview': () => marketOverview,
    'alerts.list': () => state.alerts,
    'alerts.create': (input) => {
      const alert = alertOf({
        id: nextId++,
        kind: input.kind ?? 'price',
        symbol: input.symbol,
        condition: input.kind === 'price' || input.kind === 'sentiment' ? (input.condition ?? 'above') : 'above',
        threshold:
          { price: input.price, mentions: input.mentions, change: input.percent, sentiment: input.score, spike: input.factor }[
            input.kind ?? 'price'
          ] ?? 0,
        window: input.kind === 'change' ? (input.window ?? null) : null,
        repeat: input.repeat ?? null,
        webhookUrl: input.webhookUrl ?? null,
        slackWebhookUrl: input.slackWebhookUrl ?? null,
        discordWebhookUrl: input.discordWebhookUrl ?? null,
        telegramChatId: input.telegramChatId === undefined ? null : String(input.telegramChatId),
        email: input.email ?? true,
      });
      state.alerts = [alert, ...state.alerts];
      return alert;
    },
    'alerts.update': (input) => {
      const alert = find(input.id);
      const updated: Alert = {
        ...alert,
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.rearm ? { firedAt: null, firedValue: null } : {}),
      };
      state.alerts = state.alerts.map((candidate) => (candidate.id === input.id ? updated : candidate));
      return updated;
    },
    'alerts.delete': (input) => {
      find(input.id);
      state.alerts = state.alerts.filter((candidate) => candidate.id !== input.id);
      return { deleted: true as const };
    },
    'alerts.notifications.unreadCount': () => ({ unread: state.notifications.filter((n) => !n.read).length }),
    'alerts.notifications.list': (input) => {
      const limit = input?.limit ?? 25;
      const total = state.notifications.length;
      return {
        notifications: state.notifications.slice(0, limit),
        pagination: { total, page: 1, limit, pages: Math.ceil(total / limit) },
      };
    },
    'alerts.notifications.markRead': (input) => {
      state.notifications = state.notifications.map((n) => (n.id === input.id ? { ...n, read: true } : n));
      return { read: true as const };
    },
    'alerts.notifications.markAllRead': () => {
      const updated = state.notifications.filter((n) => !n.read).length;
      state.notifications = state.notifications.map((n) => ({ ...n, read: true }));
      return { updated };
    },
    'alerts.preferences.get': () => state.prefs,
    'alerts.preferences.update': (input) => {
      state.prefs = state.prefs.map((pref) => (pref.id === input.id ? { ...pref, enabled: input.enabled } : pref));
      return state.prefs;
    },
  };
  return { state, handlers };
}
