import {
  createTaskScheduleSchema,
  createTaskSchema,
  DATASET_LABELS,
  DATASETS,
  EXPORT_FORMATS,
  IMPORT_FORMATS,
  MAX_X_POSTS,
  SOCIAL_PLATFORMS,
  type CreateTaskInput,
  type CreateTaskScheduleInput,
  type Dataset,
  type SocialPlatform,
  type TaskType,
} from '@coinsight/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverFieldError, serverMessage, useSession } from '../../app/session';
import { FormOutcomeAlert, firstErrors, formStyles, listField, useForm, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, FieldError, Select, TextField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { FileDrop } from './FileDrop';
import { FileRequestError, uploadTaskFile } from './taskFiles';
import { useRefreshTasks, useTaskMutations } from './scope';
import { FORMAT_LABEL, PLATFORM_LABEL, TYPE_LABEL } from './taskText';
import { utcMinute } from './ScheduleList';
import styles from './Tasks.module.css';
import { formatCount } from '../../lib/formatNumber';

export const TASK_CREATE_FAILED_MESSAGE = 'Could not create the task. Please try again.';
export const CHOOSE_FILE_MESSAGE = 'Choose a JSON Lines or CSV file to upload';
export const X_TOKEN_HINT = 'Needs the server to be set up with an X API bearer token (X_BEARER_TOKEN); without one the task is refused.';

const TYPES: ReadonlyArray<{ id: TaskType; label: string; hint: string }> = [
  {
    id: 'scrape',
    label: TYPE_LABEL.scrape,
    hint: 'Collect posts into your own dataset (My data, seen by you alone) from a file, a URL or X recent search.',
  },
  {
    id: 'analyze',
    label: TYPE_LABEL.analyze,
    hint: 'Chart the posts of a query: mentions over time, sentiment, authors, hashtags, coins.',
  },
  { id: 'export', label: TYPE_LABEL.export, hint: 'Write the posts of a query to a CSV, JSON or JSON Lines file to download.' },
];
const SOURCES = [
  { id: 'upload', label: 'Upload a file' },
  { id: 'url', label: 'From a URL' },
  { id: 'x-recent-search', label: 'X recent search' },
] as const;
const PLATFORM_OPTIONS = SOCIAL_PLATFORMS.map((platform) => ({ value: platform, label: PLATFORM_LABEL[platform] }));
const URL_FORMAT_OPTIONS = [
  { value: '', label: 'Tell from the file' },
  ...IMPORT_FORMATS.map((format) => ({ value: format, label: format === 'csv' ? 'CSV' : 'JSON Lines' })),
];
export const REPEAT_OPTIONS = [
  { value: 'once', label: 'Once, now' },
  { value: 'hourly', label: 'Every hour (on the hour)' },
  { value: 'daily', label: 'Every day (00:00 UTC)' },
  { value: 'weekly', label: 'Every Monday (00:00 UTC)' },
  { value: 'cron', label: 'On a cron expression (UTC)' },
];
export const CRON_HINT =
  'Five fields in UTC: minute hour day-of-month month day-of-week, at most once an hour. 15 6 * * 1 is 06:15 every Monday.';
const EXPORT_FORMAT_OPTIONS = EXPORT_FORMATS.map((format) => ({ value: format, label: FORMAT_LABEL[format] }));

type TaskValues = {
  type: string;
  title: string;
  description: string;
  'source.kind': string;
  'source.platform': string;
  'source.url': string;
  'source.format': string;
  'source.query': string;
  'source.maxPosts': string;
  'query.symbols': string;
  'query.keywords': string;
  'query.from': string;
  'query.to': string;
  'query.dataset': string;
  format: string;
  repeat: string;
  cron: string;
  webhookUrl: string;
};

const INITIAL: TaskValues = {
  type: 'scrape',
  title: '',
  description: '',
  'source.kind': 'upload',
  'source.platform': 'twitter',
  'source.url': '',
  'source.format': '',
  'source.query': '',
  'source.maxPosts': '100',
  'query.symbols': '',
  'query.keywords': '',
  'query.from': '',
  'query.to': '',
  // The API's default too: tasks stored before datasets existed read the shared data.
  'query.dataset': 'shared',
  format: 'csv',
  repeat: 'once',
  cron: '',
  webhookUrl: '',
};

/**
 * The form as a link opens it: a platform table's "Export them all" sends `type=export` and what
 * an export takes of its filter (`platforms`, `symbols`, `keywords`, `from`, `to`, `dataset`; the
 * explorer's sends its search as `keywords` or a `$coin` as `symbols`), so the task
 * starts filled in. Anything else in the address is ignored; the schema still checks every field.
 */
function initialFrom(params: URLSearchParams): { values: TaskValues; platforms: SocialPlatform[] } {
  if (params.get('type') !== 'export') return { values: INITIAL, platforms: [] };
  const listed = (params.get('platforms') ?? '').split(',');
  return {
    values: {
      ...INITIAL,
      type: 'export',
      'query.symbols': params.get('symbols') ?? '',
      'query.keywords': params.get('keywords') ?? '',
      'query.from': params.get('from') ?? '',
      'query.to': params.get('to') ?? '',
      'query.dataset': params.get('dataset') === 'mine' ? 'mine' : 'shared',
    },
    platforms: SOCIAL_PLATFORMS.filter((platform) => listed.includes(platform)),
  };
}

/** A scrape from a URL or an X search may repeat; a file is read once. */
const canRepeat = (values: TaskValues) => values.type === 'scrape' && values['source.kind'] !== 'upload';
const repeating = (values: TaskValues) => canRepeat(values) && values.repeat !== 'once';

function toScheduleInput(values: TaskValues, uploadId: string | null): CreateTaskScheduleInput {
  const task = toInput(values, [], uploadId) as Extract<CreateTaskInput, { type: 'scrape' }>;
  return {
    title: task.title,
    description: task.description,
    source: task.source,
    repeat: values.repeat as CreateTaskScheduleInput['repeat'],
    cron: values.repeat === 'cron' ? values.cron : undefined,
    webhookUrl: values.webhookUrl.trim() || undefined,
  };
}

/** Stands in for the upload's id while checking a form whose file is chosen but not yet sent. */
const PENDING_UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

const terms = (text: string, separator: RegExp) => {
  const list = text
    .split(separator)
    .map((term) => term.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
};
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
/** The form's "to" day is included: the query's `to` is the start of the next day (it is exclusive). */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function toInput(values: TaskValues, platforms: SocialPlatform[], uploadId: string | null): CreateTaskInput {
  const common = { title: values.title, description: values.description };
  const query = {
    symbols: terms(values['query.symbols'], /[\s,]+/),
    keywords: terms(values['query.keywords'], /,/),
    platforms: platforms.length ? platforms : undefined,
    from: values['query.from'] || undefined,
    to: values['query.to'] ? dayAfter(values['query.to']) : undefined,
    dataset: values['query.dataset'] as Dataset,
  };
  // The select holds a platform; the schema says so if it somehow does not.
  const platform = values['source.platform'] as SocialPlatform;
  switch (values.type) {
    case 'analyze':
      return { type: 'analyze', ...common, query };
    case 'export':
      return { type: 'export', ...common, query, format: values.format as Extract<CreateTaskInput, { type: 'export' }>['format'] };
    default: {
      const kind = values['source.kind'];
      const source =
        kind === 'url'
          ? {
              kind: 'url' as const,
              url: values['source.url'],
              platform,
              format: (values['source.format'] || undefined) as 'csv' | 'jsonl' | undefined,
            }
          : kind === 'x-recent-search'
            ? { kind: 'x-recent-search' as const, query: values['source.query'], maxPosts: toNumber(values['source.maxPosts']) }
            : { kind: 'upload' as const, uploadId: uploadId ?? '', platform };
      return { type: 'scrape', ...common, source };
    }
  }
}

/** Each list's first problem by the field that holds the list (listField). */
function byField(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) out[listField(key)] ??= message;
  return out;
}

/** The fields the form shows for a type (and source): a server refusal naming one of them sits by it. */
function visibleFields(values: TaskValues): string[] {
  const common = ['title', 'description', ...(repeating(values) ? ['cron', 'webhookUrl', 'repeat'] : [])];
  const query = ['query.dataset', 'query.symbols', 'query.keywords', 'query.platforms', 'query.from', 'query.to'];
  if (values.type === 'analyze') return [...common, ...query];
  if (values.type === 'export') return [...common, ...query, 'format'];
  switch (values['source.kind']) {
    case 'url':
      return [...common, 'source.url', 'source.platform', 'source.format'];
    case 'x-recent-search':
      return [...common, 'source.query', 'source.maxPosts'];
    default:
      return [...common, 'source.uploadId', 'source.platform'];
  }
}

/** Creates a scrape, analyze or export task; the rules are the contracts' schemas, as on the server. */
export function TaskForm() {
  const { token } = useSession();
  const refresh = useRefreshTasks();
  const { create, team } = useTaskMutations();
  const utils = trpc.useUtils();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialFrom(params));
  const [platforms, setPlatforms] = useState<SocialPlatform[]>(initial.platforms);
  const createSchedule = trpc.taskSchedules.create.useMutation();
  const [file, setFile] = useState<File | null>(null);
  // 0..1 while a file goes up, else null.
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  // A file already sent is not sent again when only another field needed fixing.
  const [uploaded, setUploaded] = useState<{ file: File; uploadId: string } | null>(null);

  const validate = (values: TaskValues): FieldErrors => {
    const errors = repeating(values)
      ? byField(firstErrors(createTaskScheduleSchema, toScheduleInput(values, null)))
      : byField(firstErrors(createTaskSchema, toInput(values, platforms, file ? PENDING_UPLOAD_ID : null)));
    if (values.type === 'scrape' && values['source.kind'] === 'upload' && !file) errors['source.uploadId'] = CHOOSE_FILE_MESSAGE;
    return errors;
  };
  const form = useForm(initial.values, validate);
  const values = form.values;

  const errorOf = (field: string) => form.errors[field] ?? (serverError?.field === field ? serverError.message : undefined);
  const clearServerError = (field?: string) => {
    if (!field || serverError?.field === field) setServerError(null);
  };
  const bind = (field: keyof TaskValues) => {
    const { onChange, ...rest } = form.field(field);
    return {
      ...rest,
      error: errorOf(field),
      onChange: (event: Parameters<typeof onChange>[0]) => {
        clearServerError(field);
        onChange(event);
      },
    };
  };
  const radio = (field: 'type' | 'source.kind' | 'query.dataset') => {
    const { onChange, name } = form.field(field);
    return {
      name,
      onChange: (event: Parameters<typeof onChange>[0]) => {
        clearServerError();
        setOutcome(null);
        onChange(event);
      },
    };
  };
  const togglePlatform = (platform: SocialPlatform, on: boolean) => {
    clearServerError('query.platforms');
    setPlatforms((current) =>
      on ? SOCIAL_PLATFORMS.filter((p) => p === platform || current.includes(p)) : current.filter((p) => p !== platform),
    );
  };
  const chooseFile = (next: File | null) => {
    clearServerError('source.uploadId');
    setFile(next);
  };

  const uploadIdFor = async (chosen: File): Promise<string> => {
    if (uploaded?.file === chosen) return uploaded.uploadId;
    setUploadProgress(0);
    try {
      const upload = await uploadTaskFile(chosen, token, setUploadProgress, team);
      setUploaded({ file: chosen, uploadId: upload.uploadId });
      return upload.uploadId;
    } finally {
      setUploadProgress(null);
    }
  };

  const onSubmit = form.handleSubmit(async (submitted) => {
    setOutcome(null);
    setServerError(null);
    let uploadId: string | null = null;
    if (submitted.type === 'scrape' && submitted['source.kind'] === 'upload' && file) {
      try {
        uploadId = await uploadIdFor(file);
      } catch (error) {
        const message = error instanceof FileRequestError ? error.message : null;
        if (error instanceof FileRequestError && error.status !== null && error.status !== 401 && message)
          setServerError({ field: 'source.uploadId', message });
        else setOutcome({ tone: 'error', message: TASK_CREATE_FAILED_MESSAGE, detail: message });
        return;
      }
    }
    try {
      let message: string;
      if (repeating(submitted) && team === null) {
        const schedule = await createSchedule.mutateAsync(toScheduleInput(submitted, null));
        await utils.taskSchedules.list.invalidate();
        message = `Schedule created: ${schedule.title}. Its first run is at ${utcMinute(schedule.nextRunAt ?? schedule.createdAt)}.`;
      } else {
        const task = await create(toInput(submitted, platforms, uploadId));
        await refresh();
        message = `Task created: ${task.title}. Follow it in the list of ${team === null ? 'your' : "the team's"} tasks.`;
      }
      form.reset({
        ...INITIAL,
        type: submitted.type,
        'source.kind': submitted['source.kind'],
        'query.dataset': submitted['query.dataset'],
      });
      setFile(null);
      setUploaded(null);
      setOutcome({ tone: 'success', message });
    } catch (error) {
      const refusal = serverFieldError(error, visibleFields(submitted));
      if (refusal) setServerError(refusal);
      else setOutcome({ tone: 'error', message: TASK_CREATE_FAILED_MESSAGE, detail: serverMessage(error) });
    }
  });

  const typeRadio = radio('type');
  const sourceRadio = radio('source.kind');
  const datasetRadio = radio('query.dataset');
  const uploading = uploadProgress !== null;
  const busy = form.submitting || uploading;
  const platformsError = errorOf('query.platforms');

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Create a task">
      <FormOutcomeAlert outcome={outcome} />
      <fieldset className={styles.segmented}>
        <legend className={styles.legend}>Task type</legend>
        {TYPES.map((type) => (
          <label key={type.id} className={styles.segment}>
            <input type="radio" value={type.id} checked={values.type === type.id} {...typeRadio} />
            <span>{type.label}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>{TYPES.find((type) => type.id === values.type)?.hint}</p>
      <TextField label="Title" autoComplete="off" {...bind('title')} />
      <TextField label="Description (optional)" autoComplete="off" {...bind('description')} />

      {values.type === 'scrape' ? (
        <>
          <fieldset className={styles.segmented}>
            <legend className={styles.legend}>Source</legend>
            {SOURCES.map((source) => (
              <label key={source.id} className={styles.segment}>
                <input type="radio" value={source.id} checked={values['source.kind'] === source.id} {...sourceRadio} />
                <span>{source.label}</span>
              </label>
            ))}
          </fieldset>
          {values['source.kind'] === 'upload' ? (
            <FileDrop
              name="source.uploadId"
              file={file}
              onFile={chooseFile}
              error={errorOf('source.uploadId')}
              disabled={busy}
              progress={uploadProgress}
            />
          ) : null}
          {values['source.kind'] === 'url' ? (
            <>
              <TextField
                label="URL of the file"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com/posts.jsonl"
                hint="A public http(s) address serving JSON Lines or CSV."
                {...bind('source.url')}
              />
              <Select label="File format" options={URL_FORMAT_OPTIONS} {...bind('source.format')} />
            </>
          ) : null}
          {values['source.kind'] !== 'x-recent-search' ? (
            <Select label="Platform of the posts" options={PLATFORM_OPTIONS} {...bind('source.platform')} />
          ) : (
            <>
              <TextField label="Search query" autoComplete="off" placeholder="$BTC lang:en" hint={X_TOKEN_HINT} {...bind('source.query')} />
              <TextField
                label="Most posts to collect"
                inputMode="numeric"
                autoComplete="off"
                hint={`From 10 to ${formatCount(MAX_X_POSTS)}.`}
                {...bind('source.maxPosts')}
              />
            </>
          )}
          {canRepeat(values) && team === null ? (
            <>
              <Select label="Repeat" options={REPEAT_OPTIONS} {...bind('repeat')} />
              {values.repeat === 'cron' ? (
                <TextField label="Cron expression (UTC)" autoComplete="off" placeholder="15 6 * * 1" hint={CRON_HINT} {...bind('cron')} />
              ) : null}
              {values.repeat !== 'once' ? (
                <TextField
                  label="Webhook URL (optional)"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://example.com/hooks/coinsight"
                  hint="Each run's end is POSTed here, signed with your webhook secret (Settings → API → Webhooks)."
                  {...bind('webhookUrl')}
                />
              ) : null}
            </>
          ) : null}
        </>
      ) : (
        <>
          <fieldset className={styles.segmented} aria-describedby="task-dataset-hint">
            <legend className={styles.legend}>Dataset</legend>
            {DATASETS.map((dataset) => (
              <label key={dataset} className={styles.segment}>
                <input type="radio" value={dataset} checked={values['query.dataset'] === dataset} {...datasetRadio} />
                <span>{DATASET_LABELS[dataset]}</span>
              </label>
            ))}
          </fieldset>
          <p id="task-dataset-hint" className={styles.muted}>
            {values['query.dataset'] === 'mine'
              ? 'The posts your own scrape tasks brought in; nobody else sees them.'
              : 'The shared posts every customer reads.'}
          </p>
          <TextField
            label="Symbols"
            autoComplete="off"
            placeholder="BTC, ETH"
            hint="Tickers, separated by commas or spaces."
            {...bind('query.symbols')}
          />
          <TextField
            label="Keywords"
            autoComplete="off"
            placeholder="etf, halving"
            hint="Words or phrases, separated by commas. Posts naming any symbol or keyword count."
            {...bind('query.keywords')}
          />
          <fieldset className={styles.checks} aria-describedby={platformsError ? 'task-platforms-error' : 'task-platforms-hint'}>
            <legend className={styles.legend}>Platforms</legend>
            {SOCIAL_PLATFORMS.map((platform) => (
              <label key={platform} className={styles.check}>
                <input
                  type="checkbox"
                  name="query.platforms"
                  checked={platforms.includes(platform)}
                  onChange={(event) => togglePlatform(platform, event.target.checked)}
                />
                {PLATFORM_LABEL[platform]}
              </label>
            ))}
            <p id="task-platforms-hint" className={styles.muted}>
              None ticked means all platforms.
            </p>
            {platformsError ? <FieldError id="task-platforms-error">{platformsError}</FieldError> : null}
          </fieldset>
          <div className={styles.period}>
            <TextField label="From (UTC)" type="date" {...bind('query.from')} />
            <TextField label="To (UTC, included)" type="date" {...bind('query.to')} />
          </div>
          {values.type === 'export' ? <Select label="File format" options={EXPORT_FORMAT_OPTIONS} {...bind('format')} /> : null}
        </>
      )}
      <div className={formStyles.actions}>
        <Button type="submit" disabled={busy}>
          {uploading ? 'Uploading…' : form.submitting ? 'Creating…' : repeating(values) ? 'Create Schedule' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}
