import type { Command } from 'commander';
import type { DataQuery, Post } from '@coinsight/sdk';
import { Context, type Io } from '../context.js';
import { csv, table, type Format, type Row } from '../output.js';
import { wholeNumber } from '../parse.js';

export const POST_COLUMNS = [
  'platform',
  'id',
  'username',
  'createdAt',
  'likes',
  'comments',
  'shares',
  'views',
  'retweets',
  'sentiment',
  'symbols',
  'hashtags',
  'text',
] as const;

export const postRow = (post: Post): Row => ({
  platform: post.platform,
  id: post._id,
  username: post.userRef.username,
  createdAt: post.createdAt,
  likes: post.likes,
  comments: post.comments,
  shares: post.shares,
  views: post.views,
  retweets: post.retweets,
  sentiment: post.sentiment,
  symbols: post.symbols.join(' '),
  hashtags: post.hashtags.join(' '),
  text: post.text,
});

interface DataOptions {
  symbol?: string;
  platform?: string;
  query?: string;
  minLikes?: number;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
  dataset?: string;
  all?: boolean;
  progress: boolean;
}

/**
 * Prints pages as they come, so that `--all` holds one page in memory whatever the total (a table
 * needs every row for its widths, so it waits for the end). With --all, json is one array of
 * every post.
 */
export function pageWriter(format: Format, out: (text: string) => void) {
  let first = true;
  const rows: Row[] = [];
  return {
    write(posts: readonly Post[]) {
      if (format === 'json') {
        for (const post of posts) {
          out(`${first ? '[\n' : ',\n'}${JSON.stringify(post)}`);
          first = false;
        }
      } else if (format === 'jsonl') {
        out(posts.map((post) => `${JSON.stringify(post)}\n`).join(''));
      } else if (format === 'csv') {
        if (posts.length > 0 || first) out(csv(posts.map(postRow), POST_COLUMNS, first));
        first = false;
      } else {
        rows.push(...posts.map(postRow));
      }
    },
    end() {
      if (format === 'json') out(first ? '[]\n' : '\n]\n');
      else if (format === 'csv' && first) out(csv([], POST_COLUMNS, true));
      else if (format === 'table') out(table(rows, POST_COLUMNS));
    },
  };
}

export function addDataCommand(program: Command, io: Io): void {
  program
    .command('data')
    .description('Posts, newest first, with the Data Explorer filters; one page, or every page with --all')
    .option('--symbol <symbol>', 'posts naming this asset')
    .option('--platform <platform>', 'twitter, instagram, linkedin, tiktok or all')
    .option('--query <text>', 'search: words, "phrases", -word, OR, $cashtags, #hashtags (the API\'s q)')
    .option('--min-likes <n>', 'at least this many likes', wholeNumber(0))
    .option('--from <time>', 'created at or after: unix seconds or ISO 8601')
    .option('--to <time>', 'created before: unix seconds or ISO 8601')
    .option('--limit <n>', 'posts per page, 1 to 100 (default 25)', wholeNumber(1))
    .option('--cursor <cursor>', "a previous page's nextCursor")
    .option('--dataset <dataset>', 'shared (default) or mine: the posts your own scrapes brought in')
    .option('--all', 'follow nextCursor to the last page (each page is a billed call)')
    .option('--no-progress', 'with --all, print no progress on stderr')
    .action(async (options: DataOptions, command: Command) => {
      const context = new Context(io, command);
      const format = context.format;
      const query = {
        symbol: options.symbol,
        platform: options.platform,
        q: options.query,
        minLikes: options.minLikes,
        from: options.from,
        to: options.to,
        limit: options.limit,
        dataset: options.dataset,
      } as DataQuery;
      const client = await context.client();
      if (!options.all) {
        const answer = await client.data.list({ ...query, cursor: options.cursor });
        context.print({ answer, items: answer.data, columns: POST_COLUMNS, row: postRow });
        return;
      }
      const writer = pageWriter(format, io.out);
      const progress = (text: string, done = false) => {
        if (!options.progress) return;
        // On a terminal one line rewritten in place; in a log, a line per page.
        if (io.stderrIsTTY) io.err(`\r${text}${done ? '\n' : ''}`);
        else io.err(`${text}\n`);
      };
      let cursor = options.cursor;
      let pages = 0;
      let posts = 0;
      do {
        const page = await client.data.list({ ...query, cursor });
        pages += 1;
        posts += page.data.length;
        writer.write(page.data);
        cursor = page.nextCursor ?? undefined;
        progress(`coinsight data: page ${pages}, ${posts} posts${cursor ? '…' : ', done'}`, !cursor);
      } while (cursor);
      writer.end();
    });
}
