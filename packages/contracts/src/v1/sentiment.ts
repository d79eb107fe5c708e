import { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../social/constants.js';
import { rejectUnknownParameters } from '../social/params.js';
import { asOfSchema, assetListParam, timestampSchema } from './common.js';

/** docs/product.md §4/§9 thresholds: 0.7 and above reads positive (green), 0.4 and above neutral (yellow), lower negative (red). */
export const SENTIMENT_POSITIVE_AT = 0.7;
export const SENTIMENT_NEUTRAL_AT = 0.4;
export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

export function sentimentLabel(score: number): SentimentLabel {
  if (score >= SENTIMENT_POSITIVE_AT) return 'positive';
  if (score >= SENTIMENT_NEUTRAL_AT) return 'neutral';
  return 'negative';
}

/** The window GET /v1/market/sentiment covers, ending at the time of the call. */
export const V1_SENTIMENT_WINDOW_HOURS = 24;
/** Most symbols one sentiment call names. */
export const V1_MAX_SENTIMENT_SYMBOLS = 25;

const sourceList = SOCIAL_PLATFORMS.join(', ');
const sourceAlternatives = SOCIAL_PLATFORMS.map(
  (p) => `[${p[0]!.toUpperCase()}${p[0]}]${[...p.slice(1)].map((c) => `[${c.toUpperCase()}${c}]`).join('')}`,
).join('|');
/** The documented `sources`: platforms in any case, comma-separated (spaces after a comma allowed). */
const SOURCES_PATTERN = new RegExp(`^(${sourceAlternatives})(, *(${sourceAlternatives}))*$`);
const firstUnknownSource = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .find((s) => !(SOCIAL_PLATFORMS as readonly string[]).includes(s.toLowerCase())) ?? value;

/** The message for a source that is not a platform (docs/product.md §3 lists `news`, which Coinsight has no data for). */
export const unknownSourceMessage = (source: string) => `sources: ${source} is not a source; available sources are ${sourceList}`;

/** GET /v1/market/sentiment?symbols=BTC,ETH&sources=twitter,instagram (sources default to all four platforms). */
export const v1SentimentQuerySchema = z.strictObject(
  {
    symbols: assetListParam('symbols', V1_MAX_SENTIMENT_SYMBOLS),
    sources: z
      .string({ error: `sources must be a comma-separated list of ${sourceList}` })
      .regex(SOURCES_PATTERN, { error: (issue) => unknownSourceMessage(firstUnknownSource(String(issue.input))) })
      .transform((value) => [...new Set(value.split(',').map((s) => s.trim().toLowerCase()))] as SocialPlatform[])
      .optional()
      .transform((sources) => sources ?? [...SOCIAL_PLATFORMS])
      .meta({
        description: `Sources to average over, comma-separated, in any case: ${sourceList}; all of them when absent`,
        example: 'twitter,instagram',
      }),
  },
  rejectUnknownParameters,
);
export type V1SentimentQuery = z.output<typeof v1SentimentQuerySchema>;

export const v1SourceSentimentSchema = z
  .object({
    source: z.enum(SOCIAL_PLATFORMS),
    posts: z.number().int().describe('Posts naming the coin on this source in the window'),
    score: z.number().nullable().describe('Their mean sentiment, 0 to 1; null without posts'),
  })
  .meta({ id: 'SourceSentiment' });

export const v1SymbolSentimentSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    score: z.number().nullable().describe('Mean sentiment (0 to 1) over the posts of every source asked for; null without posts'),
    label: z.enum(SENTIMENT_LABELS).nullable().describe('positive at 0.7 and above, neutral at 0.4 and above, else negative'),
    posts: z.number().int().describe('Posts `score` averages'),
    sources: z.array(v1SourceSentimentSchema),
  })
  .meta({ id: 'SymbolSentiment' });

export const v1SentimentResponseSchema = z
  .object({
    sources: z.array(z.enum(SOCIAL_PLATFORMS)),
    /** The 24-hour window [from, to]: `to` is the time of the call. */
    from: timestampSchema('Start of the 24-hour window'),
    to: timestampSchema('End of the window: the time of the call'),
    symbols: z.array(v1SymbolSentimentSchema),
    asOf: asOfSchema,
  })
  .meta({ id: 'SentimentResponse' });
export type V1SentimentResponse = z.infer<typeof v1SentimentResponseSchema>;
