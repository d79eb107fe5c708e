import { REACTION_KINDS, type PostsByPlatform, type PostTableColumn, type SocialPlatform } from '@coinsight/contracts';

type AnyPost = PostsByPlatform[SocialPlatform];

/** The CSV headers of a table column: most are the field's own name, a post's reactions one per kind. */
const CSV_HEADERS: Partial<Record<PostTableColumn, readonly string[]>> = {
  user: ['username'],
  created_at: ['createdAt'],
  reactions: REACTION_KINDS.map((kind) => `reactions.${kind}`),
};

/** The list row's field a table column shows. */
const FIELDS: Partial<Record<PostTableColumn, string>> = { user: 'userRef', created_at: 'createdAt' };

/** A CSV download's headers: the post's id, then the columns in the table's order. */
export const csvHeadersOf = (columns: readonly PostTableColumn[]): string[] => [
  'id',
  ...columns.flatMap((column) => CSV_HEADERS[column] ?? [column]),
];

/** A post as one CSV record's values by header (the writer picks the headers asked for). */
export function csvValuesOf(post: AnyPost): Record<string, unknown> {
  const values: Record<string, unknown> = { ...post, id: post._id, username: post.userRef.username };
  if ('reactions' in post) for (const kind of REACTION_KINDS) values[`reactions.${kind}`] = post.reactions[kind];
  return values;
}

/**
 * A post as a JSON download holds it: the list's row itself, or, when the download names its
 * columns, the row's id and those columns' fields.
 */
export function jsonRowOf(post: AnyPost, columns: readonly PostTableColumn[] | undefined): object {
  if (!columns) return post;
  const fields: Record<string, unknown> = { ...post };
  const row: Record<string, unknown> = { _id: post._id };
  for (const column of columns) {
    const field = FIELDS[column] ?? column;
    row[field] = fields[field];
  }
  return row;
}
