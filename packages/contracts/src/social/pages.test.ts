import { describe, expect, it } from 'vitest';
import { creatorInputSchema, topicInputSchema } from './pages.js';

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('topic and creator page inputs', () => {
  it('normalises a topic as the rollups key it: coins upper case, hashtags lower case', () => {
    expect(topicInputSchema.parse({ topic: '$btc' })).toEqual({ topic: '$BTC', period: '7d' });
    expect(topicInputSchema.parse({ topic: ' #DeFi ', period: '90d' })).toEqual({ topic: '#defi', period: '90d' });
    expect(topicInputSchema.parse({ topic: '#web3' }).topic).toBe('#web3');
  });

  it('refuses what is neither a coin nor a hashtag, naming the parameter', () => {
    for (const topic of ['BTC', '$', '$1INCH', '#', '#123', '$TOOLONGTICKER', 'bitcoin rally'])
      expect(problem(topicInputSchema.safeParse({ topic })), topic).toBe('topic must be a coin such as $BTC or a hashtag such as #defi');
    expect(problem(topicInputSchema.safeParse({ topic: '$BTC', period: '1y' }))).toBe('period must be one of 24h, 7d, 30d, 90d');
  });

  it("takes a creator's handle with or without '@', on a platform Coinsight collects, over days", () => {
    expect(creatorInputSchema.parse({ platform: 'twitter', handle: '@satoshi' })).toEqual({
      platform: 'twitter',
      handle: 'satoshi',
      period: '30d',
    });
    expect(creatorInputSchema.parse({ platform: 'linkedin', handle: 'Priya Patel', period: '7d' }).handle).toBe('Priya Patel');
    expect(problem(creatorInputSchema.safeParse({ platform: 'twitter', handle: '@' }))).toBe('handle must be 1 to 200 characters');
    expect(problem(creatorInputSchema.safeParse({ platform: 'myspace', handle: 'a' }))).toBe(
      'platform must be one of twitter, instagram, facebook, linkedin',
    );
    expect(problem(creatorInputSchema.safeParse({ platform: 'twitter', handle: 'a', period: '24h' }))).toBe(
      'period must be one of 7d, 30d, 90d',
    );
  });
});
