import type { AssetsTable } from './assets.js';
import type { UsersTable } from './users.js';

export type { AssetRow, AssetsTable } from './assets.js';
export type { SocialAccounts, Tier, UserRow, UsersTable } from './users.js';

/** Every table Kysely may query; one file per table beside this one. */
export interface Database {
  users: UsersTable;
  assets: AssetsTable;
}
