import { z } from 'zod';
import {
  DATASETS,
  LIST_FILTERS,
  SORT_ORDERS,
  TABLE_COLUMNS,
  type Dataset,
  type SocialPlatform,
  type SortOrder,
} from './social/constants.js';
import { listQuerySchema } from './social/query.js';

/** The tables a view can be saved for: each platform's posts table. */
export const SAVED_VIEW_TABLES = ['social.twitter', 'social.instagram', 'social.facebook', 'social.linkedin'] as const;
export type SavedViewTable = (typeof SAVED_VIEW_TABLES)[number];

/** The platform of a posts table's views. */
export const platformOfTable = (table: SavedViewTable): SocialPlatform => table.slice('social.'.length) as SocialPlatform;
export const tableOfPlatform = (platform: SocialPlatform): SavedViewTable => `social.${platform}`;

/** The most views one owner keeps for one table. */
export const MAX_SAVED_VIEWS = 50;
export const SAVED_VIEW_NAME_MAX = 60;

export const SAVED_VIEW_MESSAGES = {
  notFound: 'No saved view with that id',
  duplicate: (name: string) => `You already have a view named "${name}" for this table`,
  full: `A table keeps at most ${MAX_SAVED_VIEWS} saved views: delete one first`,
} as const;

/** What a view holds: the table's filters (as the address writes them), its sort, its dataset and the columns it hides. */
export interface SavedViewState {
  filters: Record<string, string>;
  sortBy?: string;
  sortOrder?: SortOrder;
  dataset?: Dataset;
  hiddenColumns: string[];
}

export interface SavedView {
  id: number;
  table: SavedViewTable;
  name: string;
  state: SavedViewState;
  createdAt: string;
  updatedAt: string;
}

const tableParam = z.enum(SAVED_VIEW_TABLES, { error: `table must be one of ${SAVED_VIEW_TABLES.join(', ')}` });
const viewId = z.coerce
  .number({ error: 'id must be a whole number' })
  .int('id must be a whole number')
  .positive('id must be a whole number');
const nameParam = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name must not be blank')
  .max(SAVED_VIEW_NAME_MAX, `name must be at most ${SAVED_VIEW_NAME_MAX} characters`);

const stateShape = z.strictObject(
  {
    filters: z.record(z.string(), z.string({ error: 'state.filters values must be text' }).max(200), {
      error: 'state.filters must be an object of filter values',
    }),
    sortBy: z.string({ error: 'state.sortBy must be text' }).max(40).optional(),
    sortOrder: z.enum(SORT_ORDERS, { error: 'state.sortOrder must be asc or desc' }).optional(),
    dataset: z.enum(DATASETS, { error: `state.dataset must be one of ${DATASETS.join(', ')}` }).optional(),
    hiddenColumns: z
      .array(z.string({ error: 'state.hiddenColumns must be column names' }).max(40))
      .max(20)
      .default([]),
  },
  { error: 'state must be an object with filters, sortBy, sortOrder, dataset and hiddenColumns' },
);

/** A view's state must apply to its table: the filters and sort its list accepts, columns it has. */
function checkState(table: SavedViewTable, state: z.output<typeof stateShape>, ctx: z.RefinementCtx) {
  const platform = platformOfTable(table);
  const filters = LIST_FILTERS[platform] as readonly string[];
  const unknown = Object.keys(state.filters).filter((name) => !filters.includes(name));
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['state', 'filters'], message: `state.filters has no filter named ${unknown.join(', ')}` });
    return;
  }
  const { sortBy, sortOrder, dataset } = state;
  const parsed = listQuerySchema(platform).safeParse({ ...state.filters, sortBy, sortOrder, dataset });
  if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['state'], message: `state: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  const columns = TABLE_COLUMNS[platform] as readonly string[];
  const strange = state.hiddenColumns.filter((column) => !columns.includes(column));
  if (strange.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['state', 'hiddenColumns'],
      message: `state.hiddenColumns has no column named ${strange.join(', ')}`,
    });
}

/** savedViews.list / GET /api/saved-views?table=…: the caller's views of a table, by name. */
export const listSavedViewsSchema = z.strictObject({ table: tableParam });
/** savedViews.create / POST /api/saved-views. */
export const createSavedViewSchema = z
  .strictObject({ table: tableParam, name: nameParam, state: stateShape })
  .superRefine((value, ctx) => checkState(value.table, value.state, ctx));
/** savedViews.rename / PATCH /api/saved-views/:id. */
export const renameSavedViewSchema = z.strictObject({ id: viewId, name: nameParam });
/** savedViews.delete / DELETE /api/saved-views/:id. */
export const savedViewIdSchema = z.strictObject({ id: viewId });

export type ListSavedViewsInput = z.output<typeof listSavedViewsSchema>;
export type CreateSavedViewInput = z.output<typeof createSavedViewSchema>;
export type RenameSavedViewInput = z.output<typeof renameSavedViewSchema>;
