import {
  ALERT_CONDITIONS,
  ALERT_MESSAGES,
  createAlertSchema,
  formatPrice,
  type AlertCondition,
  type AlertKind,
  type MarketAsset,
} from '@coinsight/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { serverFieldError, serverMessage, useSignedInUser } from '../../app/session';
import { FormOutcomeAlert, firstErrors, formStyles, useForm, type FieldErrors, type FormOutcome } from '../../components/forms';
import { Button, Select, TextField, useField } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { describeAlert } from './alertText';
import styles from './Alerts.module.css';

export const ALERT_CREATE_FAILED_MESSAGE = 'Could not create the alert. Please try again.';

const KINDS: ReadonlyArray<{ id: AlertKind; label: string }> = [
  { id: 'price', label: 'Price' },
  { id: 'mentions', label: 'Mentions' },
];
const CONDITION_OPTIONS = ALERT_CONDITIONS.map((condition) => ({ value: condition, label: condition === 'above' ? 'Above' : 'Below' }));
/** The fields a server refusal may name (its `param`): its message then shows beside that field. */
const NAMED_FIELDS = ['symbol', 'condition', 'price', 'mentions'] as const;
type NamedField = (typeof NAMED_FIELDS)[number];

// `condition` '' means "not chosen": it then follows the asset's current price (see conditionFor).
type AlertValues = { kind: string; symbol: string; condition: string; price: string; mentions: string };

/** `/alerts?symbol=BTC&price=64000` (the asset page's "create alert"), `?kind=mentions&mentions=50`, `?condition=below`. */
export function prefill(params: URLSearchParams): AlertValues {
  const condition = params.get('condition');
  return {
    kind: params.get('kind') === 'mentions' ? 'mentions' : 'price',
    symbol: (params.get('symbol') ?? '').trim().toUpperCase(),
    condition: condition === 'above' || condition === 'below' ? condition : '',
    price: params.get('price') ?? '',
    mentions: params.get('mentions') ?? '',
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

/** Creates a price or mention alert (docs/product.md §3's payload); the rules are the contracts' schema, as on the server. */
export function AlertForm() {
  const [params] = useSearchParams();
  const overview = trpc.market.overview.useQuery();
  const assets: MarketAsset[] = overview.data?.assets ?? [];
  const utils = trpc.useUtils();
  const create = trpc.alerts.create.useMutation();
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
    return values.kind === 'mentions'
      ? { kind: 'mentions' as const, symbol, mentions: toNumber(values.mentions), email }
      : { kind: 'price' as const, symbol, condition: conditionFor(values, priceOf(symbol)), price: toNumber(values.price), email };
  };
  const form = useForm(prefill(params), (values): FieldErrors => firstErrors(createAlertSchema, toInput(values)));

  const symbol = symbolOf(form.values);
  const current = priceOf(symbol);
  const condition = conditionFor(form.values, current);
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
      const alert = await create.mutateAsync(toInput(values));
      await utils.alerts.list.invalidate();
      form.reset({ ...values, price: '', mentions: '' });
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
      {form.values.kind === 'price' ? (
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
      ) : (
        <TextField
          label="Mentions in an hour"
          inputMode="numeric"
          autoComplete="off"
          hint={`Fires when more posts than this mention ${symbol || 'the symbol'} within an hour.`}
          {...bind('mentions')}
        />
      )}
      <div className={styles.checkbox}>
        <input
          {...emailField.control}
          type="checkbox"
          checked={email && verified}
          disabled={!verified}
          onChange={(event) => setEmail(event.target.checked)}
        />
        <label htmlFor={emailField.labelFor}>Also email me</label>
        {verified ? (
          <p id={emailField.hintId} className={styles.hint}>
            Sent while the {form.values.kind === 'mentions' ? 'Social Mentions' : 'Price Alerts'} preference is on in{' '}
            <Link to="/settings?tab=notifications">notification settings</Link>.
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
