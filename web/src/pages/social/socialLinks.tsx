import type { SocialPlatform } from '@coinsight/contracts';
import { Link } from 'react-router';

// Every topic and every author shown in the social pages links to its own page: shareable
// addresses, the topic or handle encoded ('$BTC' → /topics/%24BTC, '#defi' → /topics/%23defi).

export const topicPath = (topic: string) => `/topics/${encodeURIComponent(topic)}`;
export const creatorPath = (platform: SocialPlatform, username: string) => `/creators/${platform}/${encodeURIComponent(username)}`;

/** How an author is written: '@handle', or a LinkedIn member's name as it is. */
export const authorName = (platform: SocialPlatform, username: string) => (platform === 'linkedin' ? username : `@${username}`);

export function TopicLink({ topic, className }: { topic: string; className?: string }) {
  return (
    <Link to={topicPath(topic)} className={className}>
      {topic}
    </Link>
  );
}

export function CreatorLink({ platform, username, className }: { platform: SocialPlatform; username: string; className?: string }) {
  return (
    <Link to={creatorPath(platform, username)} className={className}>
      {authorName(platform, username)}
    </Link>
  );
}
