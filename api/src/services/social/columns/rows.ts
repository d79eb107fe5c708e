import { SORT_COLUMNS, type SocialPlatform } from '@coinsight/contracts';

/** A post as the filter columns hold it: what the list's filters test and its sorts order by. */
export interface ColumnRow {
  id: number;
  /** created_at in microseconds since the epoch: the database's own precision, so a date bound compares as it does there. */
  us: number;
  author: number;
  /** The platform's sort counters (`countersOf`), in that order. */
  values: number[];
  /** MEDIA_CODES, 0 for none. */
  media: number;
  /** The lower-cased place's code in the copy's dictionary, -1 for none. */
  place: number;
}

/** Instagram's media types as the copy stores them; 0 is none. */
export const MEDIA_CODES: Readonly<Record<string, number>> = { image: 1, video: 2, carousel: 3 };

/** The counters a platform's lists sort by, which include every counter they filter on (RANGE_FILTERS). */
export const countersOf = (platform: SocialPlatform): readonly string[] => COUNTERS[platform];

// Made once: a copy's load and every poll ask for them for each post they turn into a row.
const COUNTERS: Record<SocialPlatform, readonly string[]> = {
  twitter: SORT_COLUMNS.twitter.slice(1),
  instagram: SORT_COLUMNS.instagram.slice(1),
  facebook: SORT_COLUMNS.facebook.slice(1),
  linkedin: SORT_COLUMNS.linkedin.slice(1),
};
