import type { BlogArticle } from './article.js';

export const gettingStarted: BlogArticle = {
  slug: 'getting-started-with-the-coinsight-api',
  title: 'Getting started with the Coinsight API',
  excerpt:
    'From a new account to your first authenticated request: creating an API key, calling the price, mentions, sentiment and alert endpoints, and reading the errors the API answers with.',
  imagePath: '/blog/getting-started.svg',
  imageAlt: 'A terminal window sending a request with a Bearer key and receiving a JSON answer',
  author: 'Coinsight Engineering',
  category: 'Tutorials',
  featured: false,
  publishedOn: '2026-11-17',
  body: `Coinsight answers two kinds of questions through one HTTP API: what the market is doing (prices, 24-hour change, volume) and what people are saying about it (mentions and sentiment from Twitter, Instagram, Facebook and LinkedIn). This guide takes you from a new account to your first working request.

## 1. Create an account and an API key

Sign up with a username, an email address and a password. The free tier needs no card: it gives every account 1,000 API calls a month at up to 100 requests per minute.

Once you are signed in, open the API tab of your settings and create a key. Give it a name that says where it will live, such as "laptop" or "staging server". The full key is shown once, when you create it: copy it into your secret store straight away. Coinsight keeps only a hash of it, so nobody can show it to you again, and a key you delete stops working at once.

## 2. Authenticate every request

Every call carries the key as a Bearer token in the Authorization header. Keys are never accepted in the query string, where they would end up in proxy logs and browser history.

\`\`\`
curl "https://your-coinsight-host/v1/crypto/prices?symbols=BTC,ETH" \\
  -H "Authorization: Bearer $COINSIGHT_API_KEY"
\`\`\`

## 3. The four endpoints to know

- \`GET /v1/crypto/prices\` with \`symbols\`: current prices for a list of tickers, such as BTC,ETH,SOL.
- \`GET /v1/social/mentions\` with \`symbol\`, \`platform\` and an optional \`timeframe\` (for example 24h): how often a coin was mentioned and in what tone.
- \`GET /v1/market/sentiment\` with \`symbols\` and \`sources\`: a sentiment score between 0 and 1 per symbol, 0.5 being neutral.
- \`POST /v1/alerts/create\` with a JSON body of \`symbol\`, \`price\`, \`condition\` and an optional \`email\`: a price alert that fires when the condition is met.

Every endpoint reads the same key and answers JSON. The alerts guide in the documentation lists the conditions an alert accepts and shows how its notification reaches you.

## 4. Read the errors

Errors come back as JSON with an \`error\` field that says what was wrong, and an HTTP status that says whose problem it is:

- 400: the request itself is wrong, for example a missing \`symbols\` parameter. The message names the field.
- 401: the key is missing, malformed or deleted.
- 429: you went past your plan's per-minute rate or monthly quota. The \`Retry-After\` header says how many seconds to wait; retrying earlier only adds to the count.
- 5xx: something failed on our side. The body never carries internal details; retry with a growing delay.

## 5. Where to go next

The documentation pages cover the key concepts (authentication, rate limiting, error handling) and three guides: getting started, analysing social data, and setting up alerts. The pricing page lists exactly what each plan allows, and the contact form reaches the team if something in this guide does not behave as described.`,
};
