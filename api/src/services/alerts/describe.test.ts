import { describe, expect, it } from 'vitest';
import { describeFired } from './check.js';

const change = (fired_value: number) =>
  describeFired({
    id: 1,
    user_id: '1',
    kind: 'change',
    symbol: 'BTC',
    condition: 'above',
    threshold: 0.001,
    email: false,
    fired_value,
    webhook_url: null,
    change_window: '1h',
    cooldown_minutes: null,
    slack_webhook_url: null,
    discord_webhook_url: null,
    telegram_chat_id: null,
  }).title;

describe('a change alert names its move', () => {
  it.each([
    [2.345, 'BTC moved +2.35% in the last hour'],
    [-1.5, 'BTC moved -1.5% in the last hour'],
    [12, 'BTC moved +12% in the last hour'],
    // A move under a hundredth of a percent that fired (its threshold was smaller) keeps its size and sign.
    [-0.0042, 'BTC moved -0.0042% in the last hour'],
    [0.000123, 'BTC moved +0.00012% in the last hour'],
    [0, 'BTC moved +0% in the last hour'],
  ])('%s → %s', (value, title) => {
    expect(change(value)).toBe(title);
  });
});
