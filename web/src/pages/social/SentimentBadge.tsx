import { formatSentiment, SENTIMENT_SCALE } from '../../lib/formatNumber';
import { sentimentColor, type SignalColor } from '../../lib/signalColor';
import { Badge } from '../../components/ui';

const WORDS: Record<SignalColor, string> = { green: 'Positive', yellow: 'Neutral', red: 'Negative' };

/** Sentiment 0..1 in the spec's colours (green ≥ 0.7, yellow ≥ 0.4, red below), with a word so colour is not the only cue. */
export function SentimentBadge({ score }: { score: number }) {
  const color = sentimentColor(score);
  return (
    <Badge tone={color} title={`Sentiment ${formatSentiment(score)} (${SENTIMENT_SCALE})`}>
      {WORDS[color]} {formatSentiment(score)}
    </Badge>
  );
}
