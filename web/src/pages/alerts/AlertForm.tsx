import {
  ALERT_CONDITIONS,
  ALERT_MESSAGES,
  ALERT_MAIL_PREFERENCE,
  CHANGE_WINDOWS,
  NOTIFICATION_PREFERENCES,
  SPIKE_MIN_FACTOR,
  createAlertSchema,
  type AlertCondition,
  type AlertKind,
  type MarketAsset,
} from '@coinsight/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverFieldError, serverMessage, useSignedInUser } from '../../app/session';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, Select, TextField, useField } from '../../components/ui';
import { formatPrice } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { AlertDelivery, DELIVERY_FIELDS, deliveryInput, type DeliveryValues } from './AlertDelivery';
import { describeAlert } from './alertText';
import styles from './Alerts.module.css';

export const ALERT_CREATE_FAILED_MESSAGE = 'Could not create the alert. Please try again.';

const KINDS: ReadonlyArray<{ id: AlertKind; label: string }> = [
  { id: 'price', label: 'Price' },
  { id: 'mentions', label: 'Mentions' },
  { id: 'change', label: 'Change' },
  { id: 'sentiment', label: 'Sentiment' },
  { id: 'spike', label: 'Spike' },
];
const WINDOW_OPTIONS = CHANGE_WINDOWS.map((window) => ({ value: window, label: window === '1h' ? 'Last hour' : 'Last 24 hours' }));
const CONDITION_OPTIONS = ALERT_CONDITIONS.map((condition) => ({ value: condition, label: condition === 'above' ? 'Above' : 'Below' }));
/** The fields a server refusal may name (its `param`): its message then shows beside that field. */
const NAMED_FIELDS = ['symbol', 'condition', 'price', 'mentions', 'percent', 'window', 'score', 'factor', ...DELIVERY_FIELDS] as const;
type NamedField = (typeof NAMED_FIELDS)[number];

// `condition` '' means "not chosen": it then follows the asset's current price (see conditionFor).
type AlertValues = {
  kind: string;
  symbol: string;
  condition: string;
  price: string;
  mentions: string;
  percent: string;
  window: string;
  score: string;
  factor: string;
} & DeliveryValues;

const EMPTY_DELIVERY: DeliveryValues = { repeat: '', webhookUrl: '', slackWebhookUrl: '', discordWebhookUrl: '', telegramChatId: '' };

/** `/alerts?symbol=BTC&price=64000` (the asset page's "create alert"), `?kind=mentions&mentions=50`, `?condition=below`. */
export function prefill(params: URLSearchParams): AlertValues {
  const condition = params.get('condition');
  const kind = KINDS.find((k) => k.id === params.get('kind'))?.id ?? 'price';
  return {
    kind,
    symbol: (params.get('symbol') ?? '').trim().toUpperCase(),
    condition: condition === 'above' || condition === 'below' ? condition : '',
    price: params.get('price') ?? '',
    mentions: params.get('mentions') ?? '',
    percent: params.get('percent') ?? '',
    window: params.get('window') === '1h' ? '1h' : '24h',
    score: params.get('score') ?? '',
    factor: params.get('factor') ?? '',
    ...EMPTY_DELIVERY,
  };
}

/** '' is no answer; anything else is read as a number (thousands separators allowed), NaN if it is not one. */
function toNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * A target above today's price waits for a rise, one below for a fall: the natural reading of a
 * prefilled "BTC at 64,000" until the user picks a condition.
 */
function conditionFor(values: AlertValues, current: number | null): AlertCondition {
  if (values.condition === 'above' || values.condition === 'below') return values.condition;
  const target = toNumber(values.price);
  if (current === null || target === undefined || Number.isNaN(target)) return 'above';
  return target >= current ? 'above' : 'below';
}

/**
 * Creates an alert of any kind (docs/product.md §3's payload for price); the rules are the
 * contracts' schema, as on the server. With a `teamId`, the alert is the team's (Settings → Team):
 * its mail goes to the members who read the team's alerts.
 */
export function AlertForm({ teamId }: { teamId?: string } = {}) {
  const [params] = useSearchParams();
  const overview = trpc.market.overview.useQuery();
  const assets: MarketAsset[] = overview.data?.assets ?? [];
  const utils = trpc.useUtils();
  const createMine = trpc.alerts.create.useMutation();
  const createTeams = trpc.teams.createAlert.useMutation();
  // Alert mail goes only to a verified address (the server answers 403 otherwise): until then, in-app only.
  const verified = useSignedInUser().emailVerified;
  const [email, setEmail] = useState(verified);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [serverError, setServerError] = useState<{ field: NamedField; message: string } | null>(null);
  const emailField = useField(undefined, true, false);

  // Until one is picked, the symbol is the prefilled one, else the first (largest) asset.
  const symbolOf = (values: AlertValues) => values.symbol || assets[0]?.symbol || '';
  const priceOf = (symbol: string) => assets.find((asset) => asset.symbol === symbol)?.price ?? null;
  const toInput = (values: AlertValues) => {
    const symbol = symbolOf(values);
    const extra = deliveryInput(values);
    switch (values.kind) {
      case 'mentions':
        return { kind: 'mentions' as const, symbol, mentions: toNumber(values.mentions), email, ...extra };
      case 'change':
        return {
          kind: 'change' as const,
          symbol,
          percent: toNumber(values.percent),
          window: values.window === '1h' ? ('1h' as const) : ('24h' as const),
          email,
          ...extra,
        };
      case 'sentiment': {
        const condition = values.condition === 'below' ? ('below' as const) : ('above' as const);
        return { kind: 'sentiment' as const, symbol, condition, score: toNumber(values.score), email, ...extra };
      }
      case 'spike':
        return { kind: 'spike' as const, symbol, factor: toNumber(values.factor), email, ...extra };
      default:
        return {
          kind: 'price' as const,
          symbol,
          condition: conditionFor(values, priceOf(symbol)),
          price: toNumber(values.price),
          email,
          ...extra,
        };
    }
  };
  const form = useForm(prefill(params), (values): FieldErrors => {
    const { 'repeat.cooldownMinutes': repeat, ...errors } = firstErrors(createAlertSchema, toInput(values));
    return repeat === undefined ? errors : { ...errors, repeat };
  });

  const symbol = symbolOf(form.values);
  const current = priceOf(symbol);
  const condition = form.values.kind === 'sentiment' ? form.values.condition || 'above' : conditionFor(form.values, current);
  const kind = KINDS.find((k) => k.id === form.values.kind)?.id ?? 'price';
  const mailPreference = NOTIFICATION_PREFERENCES.find((pref) => pref.id === ALERT_MAIL_PREFERENCE[kind])?.name;
  const symbolOptions = assets.map((asset) => ({ value: asset.symbol, label: `${asset.symbol} · ${asset.name}` }));
  // A prefilled symbol the list lacks stays visible, so the server's answer about it has a field to sit by.
  if (symbol && !assets.some((asset) => asset.symbol === symbol)) symbolOptions.unshift({ value: symbol, label: symbol });

  const errorOf = (field: NamedField) => form.errors[field] ?? (serverError?.field === field ? serverError.message : undefined);
  // A field the server objected to is the user's to fix: its message goes once they change it.
  const bind = (field: NamedField) => {
    const { onChange, ...rest } = form.field(field);
    return {
      ...rest,
      error: errorOf(field),
      onChange: (event: Parameters<typeof onChange>[0]) => {
        if (serverError?.field === field) setServerError(null);
        onChange(event);
      },
    };
  };
  const kindField = form.field('kind');

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    setServerError(null);
    try {
      const input = toInput(values);
      const alert = teamId ? await createTeams.mutateAsync({ teamId, alert: input }) : await createMine.mutateAsync(input);
      await (teamId ? utils.teams.alerts.invalidate({ teamId }) : utils.alerts.list.invalidate());
      form.reset({ ...values, price: '', mentions: '', percent: '', score: '', factor: '', ...EMPTY_DELIVERY });
      setOutcome({ tone: 'success', message: `Alert created: ${describeAlert(alert)}.` });
    } catch (error) {
      const refusal = serverFieldError(error, NAMED_FIELDS);
      if (refusal) setServerError(refusal);
      else setOutcome({ tone: 'error', message: ALERT_CREATE_FAILED_MESSAGE, detail: serverMessage(error) });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Create an alert">
      <FormOutcomeAlert outcome={outcome} />
      <fieldset className={styles.kinds}>
        <legend className={styles.kindsLegend}>Alert type</legend>
        {KINDS.map((kind) => (
          <label key={kind.id} className={styles.kind}>
            <input
              type="radio"
              name={kindField.name}
              value={kind.id}
              checked={form.values.kind === kind.id}
              onChange={(event) => {
                setServerError(null);
                kindField.onChange(event);
              }}
            />
            <span>{kind.label}</span>
          </label>
        ))}
      </fieldset>
      <Select
        label="Symbol"
        options={symbolOptions}
        hint={overview.isError ? 'The list of assets could not be loaded; reload the page to try again.' : undefined}
        {...bind('symbol')}
        value={symbol}
      />
      {kind === 'price' ? (
        <>
          <Select label="Condition" options={CONDITION_OPTIONS} {...bind('condition')} value={condition} />
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            autoComplete="off"
            hint={current === null ? undefined : `${symbol} is at ${formatPrice(current)} now.`}
            {...bind('price')}
          />
        </>
      ) : kind === 'mentions' ? (
        <TextField
          label="Mentions in an hour"
          inputMode="numeric"
          autoComplete="off"
          hint={`Fires when more posts than this mention ${symbol || 'the symbol'} within an hour.`}
          {...bind('mentions')}
        />
      ) : kind === 'change' ? (
        <>
          <TextField
            label="Move (%)"
            inputMode="decimal"
            autoComplete="off"
            hint={`Fires when ${symbol || 'the price'} has moved by at least this percent, up or down.`}
            {...bind('percent')}
          />
          <Select label="Over" options={WINDOW_OPTIONS} {...bind('window')} />
        </>
      ) : kind === 'sentiment' ? (
        <>
          <Select label="Condition" options={CONDITION_OPTIONS} {...bind('condition')} value={condition} />
          <TextField
            label="Sentiment score (0 to 1)"
            inputMode="decimal"
            autoComplete="off"
            hint="The mean sentiment of the last 24 hours' posts: 0 negative, 0.5 neutral, 1 positive."
            {...bind('score')}
          />
        </>
      ) : (
        <TextField
          label="Times the usual"
          inputMode="decimal"
          autoComplete="off"
          hint={`Fires when an hour brings more than this many times the mentions usual for that hour (at least ${SPIKE_MIN_FACTOR}).`}
          {...bind('factor')}
        />
      )}
      <AlertDelivery bind={bind} />
      <div className={styles.checkbox}>
        <input
          {...emailField.control}
          type="checkbox"
          checked={email && verified}
          disabled={!verified}
          onChange={(event) => setEmail(event.target.checked)}
        />
        <label htmlFor={emailField.labelFor}>{teamId ? "Also email the team's owners, admins and members" : 'Also email me'}</label>
        {teamId ? (
          <p id={emailField.hintId} className={styles.hint}>
            Each of them gets it at their own address, once it is confirmed.
          </p>
        ) : verified ? (
          <p id={emailField.hintId} className={styles.hint}>
            Sent while the {mailPreference} preference is on in <Link to="/settings?tab=notifications">notification settings</Link>.
          </p>
        ) : (
          <p id={emailField.hintId} className={styles.hint}>
            {ALERT_MESSAGES.verifyForEmail} <Link to="/settings?tab=api">Resend the confirmation link</Link>.
          </p>
        )}
      </div>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Creating…' : 'Create Alert'}
        </Button>
      </div>
    </form>
  );
}
