import type { ColumnType, Generated } from 'kysely';

export type TaskTypeColumn = 'scrape' | 'analyze' | 'export';
export type TaskStatusColumn = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** JSON columns: written as JSON text, read back as the value. */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null, string | null>;

/** A user's task and its current (or last) run; see the migration for the claim columns. */
export interface TasksTable {
  id: string;
  user_id: string;
  type: TaskTypeColumn;
  title: string;
  description: string | null;
  params: Json;
  status: Generated<TaskStatusColumn>;
  progress: Generated<number>;
  attempts: Generated<number>;
  max_attempts: number;
  run_id: string | null;
  heartbeat_at: Date | null;
  error: string | null;
  result: NullableJson;
  report: NullableJson;
  file_name: string | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
  /** The schedule that started this run; null for a task created by hand (or whose schedule was deleted). */
  schedule_id: Generated<string | null>;
  /** Where this run's end is POSTed (signed), copied from its schedule; null for none. */
  webhook_url: Generated<string | null>;
  /** When this run's end was settled (its schedule told, its webhook delivery written). */
  settled_at: Generated<Date | null>;
}

export type TaskScheduleRepeatColumn = 'hourly' | 'daily' | 'weekly' | 'cron';

/** A scrape task that repeats; see the migration for how a firing happens once. */
export interface TaskSchedulesTable {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  params: Json;
  repeat: TaskScheduleRepeatColumn;
  cron: string;
  webhook_url: string | null;
  active: Generated<boolean>;
  next_run_at: Date | null;
  last_run_at: Generated<Date | null>;
  failures: Generated<number>;
  last_error: Generated<string | null>;
  created_at: Generated<Date>;
}

/** An uploaded file of posts waiting for (or used by) a scrape task. */
export interface TaskUploadsTable {
  id: string;
  user_id: string;
  filename: string;
  format: 'jsonl' | 'csv';
  bytes: ColumnType<number, number, number>;
  file_name: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

/** A task file's chunk (uploads and exports, any instance reads them): `data` of up to 1 MiB, `chunk` from 0. */
export interface TaskFilesTable {
  name: string;
  chunk: number;
  data: Buffer;
}
