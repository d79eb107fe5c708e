import type { ColumnType } from 'kysely';

/** Sub-minute job slots already claimed by a runner (api/src/jobs/runner.ts); kept a day. */
export interface JobSlotsTable {
  name: string;
  slot: Date;
  claimed_at: ColumnType<Date, Date | undefined, never>;
}
