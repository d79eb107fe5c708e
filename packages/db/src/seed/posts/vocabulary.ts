// Words the demo generator builds posts from. In the sentences, {c} is a coin as the post
// names it ($BTC, Bitcoin or #bitcoin), {c2} a second coin, {p} a percentage, {d} a number of
// days and {k} a round price level. The tone decides the sentences, so the sentiment model has
// something real to score; the platform and the author's voice decide how they are framed.
// Openers are many and each is rare, so no opening phrase stands out across a page of posts.
import type { Platform } from '../../schema/posts.js';

export type Tone = 'bullish' | 'bearish' | 'neutral';

export const SENTENCES: Record<Tone, readonly string[]> = {
  bullish: [
    '{c} just broke out, up {p}% this week. Love this momentum!',
    'Loading up on more {c} here. Best risk/reward I have seen in months.',
    'Huge news for {c}: a major exchange listing and strong inflows.',
    '{c} looks incredibly strong on the daily chart. Great setup for the next leg up.',
    'Still holding my {c} and feeling great about it. Patience pays.',
    'Wow, {c} volume is exploding today. Amazing to watch!',
    '{c} outperforming {c2} again. Brilliant fundamentals, happy holder.',
    'Developers keep shipping on {c}. The ecosystem has never looked healthier.',
    'Finally took profit on {c} after a {p}% run. Thank you, market!',
    'The {c} community is the best in crypto. Proud to be part of it.',
    'Institutional demand for {c} keeps growing. A win for everyone.',
    '{c} staking rewards are excellent right now. Easy decision.',
    'Up {p}% in {d} days and {c} still looks cheap.',
    'Beautiful recovery on {c}. Buyers stepped in right at the lows.',
    'New all-time high for {c} incoming? The trend is clearly positive.',
    'Just wrote a thread on why {c} is my favourite long-term bet.',
    'Great partnership announced for {c}. Adoption is accelerating.',
    '{c} and {c2} both green today. What a fantastic week for crypto.',
    'Bullish on {c}. Higher lows for {d} days straight.',
    '{c} reclaimed {k} and held it. Bulls in control.',
    'Told you {c} would rally. Up {p}% since the call.',
    'Quietly accumulating {c} while everyone panics about {c2}.',
    'The {c} chart is a thing of beauty right now.',
    '{c} mooning and my portfolio finally looks healthy again.',
    'HODL paid off: my {c} stack is worth more than ever.',
    'Clean breakout on {c}, strong volume behind it. Targets higher.',
    '{c} upgrade went live without a hitch. Impressive work from the devs.',
    'Fees on {c} down to almost nothing. This is how crypto should feel.',
    'Never been more confident in {c}. The fundamentals keep improving.',
    '{c} ETF inflows hit a record today. Wall Street is buying.',
    'Bought more {c} this morning. Happy with this entry.',
    '{c} flipped {c2} by market cap. Well deserved.',
    'Honestly impressed by how {c} handled that sell-off. Strong hands everywhere.',
    'Wagmi. {c} holders, this is our week.',
    '{c} soaring after the mainnet launch. Excellent execution.',
    'Rotation into {c} has started. Love to see it.',
  ],
  bearish: [
    '{c} dumping hard, down {p}% today. This is painful.',
    'Sold all my {c}. Terrible price action and no support in sight.',
    'Worried about {c}: another exploit reported and funds are at risk.',
    '{c} looks weak and I hate how this chart is breaking down.',
    'Lost {p}% on {c} in {d} days. Awful trade, lesson learned.',
    'The {c} hype is fading fast. Volume is dead and sentiment is bad.',
    'Regulators are coming after {c}. Expect more pain and panic selling.',
    '{c} failed at resistance again. Bearish until proven otherwise.',
    'Liquidations everywhere. {c} longs got wrecked overnight.',
    'Disappointed with the {c} team. Delays, excuses and broken promises.',
    '{c} underperforming {c2} for {d} days straight. Ugly.',
    'Scam tokens are pretending to be {c} again. Stay careful, people lost money.',
    'Fees on {c} are ridiculous today. Terrible user experience.',
    'Capitulation on {c}? Fear is extreme and nobody wants to buy.',
    'Another outage for {c}. Hard to trust a network that keeps failing.',
    'Got rekt on {c}. Never trading with leverage again.',
    '{c} lost {k}. Next stop is much lower, I fear.',
    'Bagholding {c} since the top. Down {p}% and counting.',
    'Not bullish on {c} at all. The chart is a mess.',
    '{c} bleeding for {d} days while {c2} rallies. Frustrating.',
    'Rug pull rumours around a {c} pool. Pulling my funds out now.',
    'The {c} unlock is going to crush the price. Stay away.',
    'Why does {c} always dump right after good news? Exhausting.',
    '{c} plunged {p}% in an hour. Brutal day.',
    'Lawsuit news hit {c} hard. Ugly red candle.',
    'Every bounce on {c} gets sold. Bears in control.',
    'Panic on {c}: the team went silent and the treasury is moving.',
    'Terrible week for {c}. I am cutting my losses.',
    '{c} down again. I regret not selling at the highs.',
    'FUD or not, {c} keeps making lower lows. Worrying.',
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
    '{c} sitting right at {k}. Could go either way from here.',
    'Anyone know when the {c} snapshot is?',
    'Is {c} or {c2} cheaper to use for small transfers right now?',
    'Mapping {c} liquidity across exchanges for a research note.',
    'Three things to check before bridging {c}: fees, finality and the contract address.',
    '{c} hash rate and difficulty charts updated for the month.',
    'No position in {c} yet. Watching how it reacts around {k}.',
    'The {c} foundation published its quarterly report today.',
    'Explainer: what the {c} halving changes and what it does not.',
    '{c} has been range-bound for {d} days; volume about average.',
    'Poll: do you hold {c} on an exchange or in self-custody?',
    'Updated my {c} vs {c2} comparison sheet with this week\'s numbers.',
    'Spot volumes on {c} roughly in line with last month.',
    'Heading to a {c} meetup tonight. Any questions I should ask?',
    'Still deciding whether {c} belongs in a long-term portfolio.',
  ],
};

/** A second sentence that keeps the tone: added to a share of posts, so posts are not one line each. */
export const FOLLOW_UPS: Record<Tone, readonly string[]> = {
  bullish: [
    'Not selling a single coin.', 'Feels like early days again.', 'Charts look great across the board.', 'Happy to be early.',
    'Good times ahead.', 'Momentum is real.', 'Stacking more on every dip.', 'Conviction has never been higher.',
    'The trend is your friend.', 'Loving this market.', 'Buyers are clearly in charge.', 'So glad I held.',
  ],
  bearish: [
    'Not touching it until it recovers.', 'Protect your capital.', 'This could get worse.', 'What a mess.',
    'Sentiment is awful.', 'Stay safe out there.', 'Painful to watch.', 'I am out for now.', 'Risk is everywhere.',
    'Sellers are in full control.', 'Hard to see a bottom yet.', 'Cutting exposure.',
  ],
  neutral: [
    'Notes below.', 'Data from public dashboards.', 'More next week.', 'Sources in the replies.', 'No position either way.',
    'Curious what others see.', 'Numbers updated daily.', 'Just sharing the data.', 'Details in the link.',
    'Comparing notes with a friend.', 'Context matters here.', 'Will follow up.',
  ],
};

/**
 * How each platform frames a sentence: openers before it and closers after it. Most posts get
 * no opener; the rest pick from many, so each opener is a small share of a platform's posts.
 */
export const FRAMES: Record<Platform, { openers: readonly string[]; closers: readonly string[] }> = {
  twitter: {
    openers: [
      'gm. ', 'Quick take: ', 'PSA: ', 'Not financial advice: ', 'Hot take: ', 'Unpopular opinion: ', 'Reminder: ', 'ok so ',
      'Friendly reminder: ', 'Morning thoughts: ', 'Late night chart: ', 'Real talk: ', 'Noticed this today: ', 'Update: ',
      'Honest question. ', 'Daily note: ', 'For the record: ', 'Calling it now: ', 'One chart: ', 'Observation: ',
    ],
    closers: [' 🚀', ' 👀', ' 🧵', ' Thoughts?', ' NFA.', ' DYOR.', ' 📈', ' 📉', ' 🤔', ' Bookmark this.', ' Agree?', ' Let me know.'],
  },
  instagram: {
    openers: [
      '📈 ', '💡 ', '📊 ', '⚡ ', '🔎 ', 'Chart of the day: ', 'Swipe for details ➡️ ', 'Daily update: ', 'Market moment: ',
      'Story time: ', 'Weekend recap: ', 'Coffee and charts ☕ ', 'Fresh post: ', 'In today\'s carousel: ', 'Save this: ',
      'Morning market check: ', 'Tonight\'s notes: ', 'Quick lesson: ', 'On our radar: ', 'Caption of the day: ',
    ],
    closers: [
      ' 📊', ' Follow for daily crypto updates!', ' Link in bio.', ' Double tap if you agree.', ' Save for later.', ' Tag a friend.',
      ' Comment below 👇', ' More in our stories.', ' ✨', ' 🔥',
    ],
  },
  facebook: {
    openers: [
      'Hi everyone! ', 'Group update: ', 'Question for the group: ', 'Sharing this with the community: ', 'Evening all. ',
      'Morning everyone. ', 'Quick one for the group. ', 'Hello friends, ', 'Just wanted to share: ', 'Hope you are all well. ',
      'Something I noticed today: ', 'For the newcomers: ', 'Thought this might help someone: ', 'Happy Friday! ', 'Fellow members, ',
      'A small update from me: ', 'Curious what you think: ', 'Long-time lurker here. ', 'Weekly check-in: ', 'Heads up, everyone: ',
    ],
    closers: [' What do you all think?', ' Let me know in the comments.', ' Stay safe out there.', ' Have a good weekend!', ' Thanks for reading.', ' Any advice welcome.'],
  },
  linkedin: {
    openers: [
      'Market note: ', 'Insight: ', 'From our research desk: ', 'Sharing a perspective: ', 'A few thoughts on digital assets. ',
      'Observation from this week: ', 'Key takeaway: ', 'Something our clients keep asking about: ', 'Data point: ', 'Lesson learned: ',
      'On today\'s call with investors: ', 'Reflecting on the market: ', 'Worth noting: ', 'Quick analysis: ', 'An industry update. ',
      'From the trading floor: ', 'In our latest report: ', 'My view, briefly: ', 'Notes from the conference: ', 'For treasury teams: ',
    ],
    closers: [
      ' What is your view?', ' Happy to discuss.', ' Full report in the comments.', ' Views are my own.', ' Interested in your perspective.',
      ' Link to the analysis below.', ' Let us connect if this is your area.', ' #digitalassets',
    ],
  },
};

/** Hashtags every post may carry, and those that follow the tone. */
export const GENERAL_HASHTAGS: readonly string[] = [
  'crypto', 'cryptocurrency', 'blockchain', 'defi', 'web3', 'nft', 'altcoins', 'trading', 'cryptonews', 'memecoin', 'staking',
  'layer2', 'airdrop', 'dyor', 'fintech', 'investing', 'onchain', 'tokenomics', 'markets', 'digitalassets',
];
export const TONE_HASHTAGS: Record<Tone, readonly string[]> = {
  bullish: ['bullrun', 'hodl', 'altseason', 'tothemoon', 'wagmi', 'bullish'],
  bearish: ['bearmarket', 'rekt', 'cryptocrash', 'bearish', 'staysafe', 'scamalert'],
  neutral: ['marketupdate', 'education', 'research', 'data', 'cryptotips', 'analysis'],
};

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

/** 60 given and 60 family names: 3,600 distinct people before a middle initial is needed. */
export const GIVEN_NAMES: readonly string[] = [
  'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Chris', 'Priya', 'Wei', 'Lena', 'Marco', 'Aisha', 'Kenji', 'Sofia', 'Omar',
  'Nina', 'Diego', 'Hana', 'Lucas', 'Zara', 'Ivan', 'Emma', 'Noah', 'Olivia', 'Liam', 'Ava', 'Mateo', 'Chloe', 'Arjun', 'Mei',
  'Tomás', 'Fatima', 'Yusuf', 'Ingrid', 'Pierre', 'Chiara', 'Kwame', 'Amara', 'Daniel', 'Sara', 'Jonas', 'Elif', 'Rafael',
  'Leila', 'Mikhail', 'Anna', 'David', 'Grace', 'Hiroshi', 'Isabel', 'Jae', 'Katarina', 'Luis', 'Maya', 'Nikolai', 'Oliver',
  'Paula', 'Ravi', 'Sophie', 'Thomas', 'Yara',
];

export const FAMILY_NAMES: readonly string[] = [
  'Nakamoto', 'Chen', 'Garcia', 'Smith', 'Patel', 'Kim', 'Müller', 'Rossi', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Tanaka',
  'Larsen', 'Dubois', 'Costa', 'Ahmed', 'Walsh', 'Kowalski', 'Reyes', 'Johnson', 'Brown', 'Nguyen', 'Schmidt', 'Moreau',
  'Bianchi', 'Fernández', 'Ivanova', 'Sato', 'Park', 'Singh', 'Mensah', 'Eriksson', 'Jansen', 'Horvat', 'Popescu', 'Yilmaz',
  'Cohen', 'Murphy', "O'Brien", 'Martins', 'Lopez', 'Wagner', 'Fischer', 'Romano', 'Lindqvist', 'Adeyemi', 'Kaur', 'Das',
  'Wong', 'Lee', 'Clarke', 'Hughes', 'Bauer', 'Kovač', 'Petrov', 'Alvarez', 'Santos', 'Becker', 'Nielsen',
];
