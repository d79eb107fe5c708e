import {
  BUDGET_MESSAGES,
  budgetCalls,
  MICROS_PER_CENT,
  PLANS,
  setBudgetSchema,
  type BillingSummary,
  type UsageSummary,
} from '@coinsight/contracts';
import { useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../app/session';
import { FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Button, TextField } from '../../components/ui';
import { useBillingMutations, useSetBillingSummary } from './scope';
import styles from './BudgetSection.module.css';
import figureStyles from './Figures.module.css';
import { cx } from '../../lib/cx';
import { formatCount } from '../../lib/formatNumber';

export const BUDGET_SAVE_FAILED_MESSAGE = 'Your budget could not be saved. Please try again.';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The month's projected cost (its cost so far is in the figures above it), and (Pro) the monthly budget:
 * mail at 80% and 100%, and optionally a hard cap. Figures come from
 * billing.summary, the same function as GET /v1/usage.
 */
export function BudgetSection({ usage }: { usage: UsageSummary }) {
  const lastDay = dayFormat.format(new Date(new Date(usage.periodEnd).getTime() - 86_400_000));
  return (
    <section aria-labelledby="billing-spend" className={styles.section}>
      <h3 id="billing-spend" className={styles.heading}>
        Spend and budget
      </h3>
      <dl className={cx(figureStyles.figures, styles.figures)}>
        <div className={figureStyles.figure}>
          <dt>Projected by {lastDay}</dt>
          <dd>{usage.projectedCostUsd}</dd>
        </div>
        {usage.budget ? (
          <div className={figureStyles.figure}>
            <dt>Budget used</dt>
            <dd>
              {usage.budget.usedPercent}% of {usage.budget.amountUsd}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className={styles.muted}>
        The projection assumes the month goes on as it went so far: {formatCount(usage.projectedCalls)} calls by the month’s end (UTC),
        linear on the time elapsed.
      </p>
      {PLANS[usage.plan].billed ? (
        <BudgetForm budget={usage.budget} />
      ) : (
        <p className={styles.muted}>A monthly budget is for Pro accounts: calls on the Free plan are never billed.</p>
      )}
    </section>
  );
}

function BudgetForm({ budget }: { budget: UsageSummary['budget'] }) {
  const save = useBillingMutations().setBudget;
  const setSummary = useSetBillingSummary();
  const capId = useId();
  const [amount, setAmount] = useState(budget ? String(budget.amountMicros / MICROS_PER_CENT / 100) : '');
  const [hardCap, setHardCap] = useState(budget?.hardCap ?? false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  async function submit(amountUsd: string | null) {
    setOutcome(null);
    const parsed = setBudgetSchema.safeParse({ amountUsd, hardCap });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BUDGET_MESSAGES.format);
      return;
    }
    setError(null);
    try {
      const summary: BillingSummary = await save.run({ amountUsd, hardCap });
      setSummary(summary);
      const saved = summary.usage.budget;
      if (amountUsd === null) setAmount('');
      setOutcome({
        tone: 'success',
        message: saved
          ? `Budget saved: ${saved.amountUsd} a month (${formatCount(saved.calls)} calls). ${saved.hardCap ? 'Calls past it will be refused.' : 'Calls past it are still billed.'}`
          : 'Budget removed.',
      });
    } catch (failure) {
      setOutcome({ tone: 'error', message: serverMessage(failure) ?? BUDGET_SAVE_FAILED_MESSAGE });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(amount);
  }

  const preview = setBudgetSchema.safeParse({ amountUsd: amount, hardCap });
  const calls = preview.success && preview.data.amountUsd !== null ? budgetCalls(preview.data.amountUsd).capCalls : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Monthly budget">
      <TextField
        label="Monthly budget (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={error}
        hint={
          calls === null
            ? 'We email you at 80% and at 100% of it, once each a month.'
            : `Pays for ${formatCount(calls)} calls a month. We email you at 80% and at 100% of it, once each a month.`
        }
      />
      <div className={styles.check}>
        <input id={capId} type="checkbox" checked={hardCap} onChange={(event) => setHardCap(event.target.checked)} />
        <label htmlFor={capId}>Hard cap: refuse calls past the budget (HTTP 402) instead of billing them</label>
      </div>
      <FormOutcomeAlert outcome={outcome} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save budget'}
        </Button>
        {budget ? (
          <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => void submit(null)}>
            Remove budget
          </Button>
        ) : null}
      </div>
    </form>
  );
}
