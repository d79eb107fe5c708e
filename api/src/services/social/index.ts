// Social data services: plain functions of the database, shared by REST, tRPC and benchmarks.
export type { SocialDeps } from './deps.js';
export { listPosts } from './list-posts.js';
export { downloadPosts, type PostDownload } from './download/posts.js';
export { downloadSearch } from './download/search.js';
export { quickStats } from './quick-stats.js';
export { searchPosts } from './search-posts.js';
export { platformSummaries } from './summaries.js';
export { socialTimeline } from './timeline.js';
export { trendingTopics } from './trending.js';
export { mentionCounts, mentionSummaries, summarizeMentions, type AssetMentions, type MentionSummary } from './mentions.js';
export { postsFeed, type FeedPosition, type FeedQuery } from './feed/read.js';
export { postsSource, postsSourceFor, readPoolFor, scopeOf, type DatasetScope } from './dataset.js';
export { socialSeries, wholeBuckets, type SeriesBucket } from './series.js';
export { topicOverview } from './pages/topic.js';
export { creatorOverview } from './pages/creator.js';
