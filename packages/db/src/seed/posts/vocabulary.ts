// Words the demo generator builds posts from. In the sentences, {c} is a coin as the post
// names it ($BTC, Bitcoin or #bitcoin), {c2} a second coin, {p} a percentage and {d} a number of
// days. The tone decides the sentence, so VADER has something real to score.
import type { Platform } from '../../schema/posts.js';

export type Tone = 'bullish' | 'bearish' | 'neutral';

export const SENTENCES: Record<Tone, readonly string[]> = {
  bullish: [
    '{c} just broke out, up {p}% this week. Love this momentum!',
    'Loading up on more {c} here. Best risk/reward I have seen in months.',
    'Huge news for {c}: a major exchange listing and strong inflows. Very excited!',
    '{c} looks incredibly strong on the daily chart. Great setup for the next leg up.',
    'Still holding my {c} and feeling great about it. Patience pays.',
    'Wow, {c} volume is exploding today. Amazing to watch!',
    '{c} outperforming {c2} again. Brilliant fundamentals, happy holder.',
    'Developers keep shipping on {c}. The ecosystem has never looked healthier.',
    'Finally took profit on {c} after a {p}% run. Thank you, market!',
    'The {c} community is the best in crypto. Proud to be part of it.',
    'Institutional demand for {c} keeps growing. This is a win for everyone.',
    '{c} staking rewards are excellent right now. Easy decision.',
    'Up {p}% in {d} days and {c} still looks cheap. Good times.',
    'Beautiful recovery on {c}. Buyers stepped in right at support.',
    'New all-time high for {c} incoming? The trend is clearly positive.',
    'Just wrote a thread on why {c} is my favourite long-term bet. Optimistic!',
    'Great partnership announced for {c}. Adoption is accelerating.',
    '{c} and {c2} both green today. What a fantastic week for crypto.',
  ],
  bearish: [
    '{c} dumping hard, down {p}% today. This is painful.',
    'Sold all my {c}. Terrible price action and no support in sight.',
    'Worried about {c}: another exploit reported and funds are at risk.',
    '{c} looks weak and I hate how this chart is breaking down.',
    'Lost {p}% on {c} in {d} days. Awful trade, lesson learned.',
    'The {c} hype is fading fast. Volume is dead and sentiment is bad.',
    'Regulators are coming after {c}. Expect more pain and panic selling.',
    '{c} failed at resistance again. Bearish until proven otherwise, sadly.',
    'Liquidations everywhere. {c} longs got wrecked overnight.',
    'Disappointed with the {c} team. Delays, excuses and broken promises.',
    '{c} underperforming {c2} for {d} days straight. Ugly.',
    'Scam tokens are pretending to be {c} again. Stay careful, people lost money.',
    'Fees on {c} are ridiculous today. Terrible user experience.',
    'Capitulation on {c}? Fear is extreme and nobody wants to buy.',
    'Another outage for {c}. Hard to trust a network that keeps failing.',
  ],
  neutral: [
    '{c} trading sideways around the same range for {d} days. Waiting for a breakout.',
    'What is everyone watching this week: {c} or {c2}?',
    'Thread: how {c} consensus works, explained in five points.',
    '{c} funding rates are flat and open interest unchanged.',
    'Comparing transaction costs on {c} and {c2} over the last {d} days.',
    'Reminder: {c} network upgrade is scheduled for next week.',
    'Weekly recap: {c} moved {p}% while the total market cap held steady.',
    'New to crypto? Here is how to store {c} in a hardware wallet.',
    'Data check: {c} active addresses over the past {d} days.',
    '{c} dominance unchanged. Market is in wait-and-see mode.',
    'Listening to the {c} developer call today. Notes to follow.',
    'How do you track your {c} cost basis for taxes?',
    '{c} options expiry on Friday. Volatility may pick up.',
    'Moving some {c} between wallets, fees were about average.',
    'Reading the latest {c} governance proposal before the vote.',
  ],
};

/** How each platform frames a sentence: before it, after it. */
export const FRAMES: Record<Platform, { before: readonly string[]; after: readonly string[] }> = {
  twitter: {
    before: ['', '', '', 'gm. ', 'Quick take: ', 'PSA: ', 'Not financial advice: '],
    after: ['', '', '', ' 🚀', ' 👀', ' 🧵', ' Thoughts?'],
  },
  instagram: {
    before: ['', '📈 ', '💡 ', 'Chart of the day: ', 'Swipe for details ➡️ '],
    after: ['', ' 📊', ' Follow for daily crypto updates!', ' Link in bio.', ' Double tap if you agree.'],
  },
  facebook: {
    before: ['', 'Hi everyone! ', 'Group update: ', 'Question for the group: ', 'Sharing this with the community: '],
    after: ['', ' What do you all think?', ' Let me know in the comments.', ' Stay safe out there.', ''],
  },
  linkedin: {
    before: ['Market note: ', 'Insight: ', 'From our research desk: ', 'Sharing a perspective: ', ''],
    after: [' What is your view?', ' Happy to discuss.', ' #fintech', ' Full report in the comments.', ''],
  },
};

export const GENERAL_HASHTAGS: readonly string[] = [
  'crypto', 'cryptocurrency', 'blockchain', 'defi', 'web3', 'nft', 'altcoins', 'trading', 'hodl', 'cryptonews',
  'bullrun', 'bearmarket', 'altseason', 'memecoin', 'staking', 'layer2', 'airdrop', 'dyor', 'fintech', 'investing',
];

export const LOCATIONS: readonly string[] = [
  'New York, NY', 'London, UK', 'Singapore', 'Dubai, UAE', 'Miami, FL', 'Lisbon, Portugal', 'Berlin, Germany',
  'Zug, Switzerland', 'Tokyo, Japan', 'Seoul, South Korea', 'Hong Kong', 'Toronto, Canada', 'Sydney, Australia',
  'Paris, France', 'Austin, TX', 'San Francisco, CA', 'Buenos Aires, Argentina', 'Lagos, Nigeria',
];

export const HANDLE_PARTS: { first: readonly string[]; second: readonly string[] } = {
  first: [
    'crypto', 'chain', 'defi', 'moon', 'satoshi', 'block', 'hodl', 'alpha', 'degen', 'whale', 'ledger', 'token',
    'coin', 'bit', 'stack', 'yield', 'onchain', 'macro', 'quant', 'node',
  ],
  second: [
    'trader', 'watcher', 'daily', 'insights', 'guru', 'labs', 'analyst', 'maxi', 'news', 'hunter', 'signals',
    'capital', 'research', 'club', 'dev', 'fan', 'pro', 'desk', 'talk', 'notes',
  ],
};

export const GIVEN_NAMES: readonly string[] = [
  'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Chris', 'Priya', 'Wei', 'Lena', 'Marco', 'Aisha', 'Kenji',
  'Sofia', 'Omar', 'Nina', 'Diego', 'Hana', 'Lucas', 'Zara', 'Ivan',
];

export const FAMILY_NAMES: readonly string[] = [
  'Nakamoto', 'Chen', 'Garcia', 'Smith', 'Patel', 'Kim', 'Müller', 'Rossi', 'Okafor', 'Silva', 'Novak',
  'Haddad', 'Tanaka', 'Larsen', 'Dubois', 'Costa', 'Ahmed', 'Walsh', 'Kowalski', 'Reyes',
];
