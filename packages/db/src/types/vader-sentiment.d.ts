// vader-sentiment ships no types; this is the one call we make.
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    /** Normalised sum of the lexicon valences, -1 (most negative) to +1 (most positive). */
    compound: number;
  }
  const vader: {
    SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores };
  };
  export default vader;
}
