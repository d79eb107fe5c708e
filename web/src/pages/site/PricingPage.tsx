import {
  formatUsd,
  FREE_CALLS_PER_MONTH,
  MAIL_BUDGET,
  MAX_ACTIVE_TASKS,
  monthlyChargeMicros,
  PAID_PLANS_UNAVAILABLE_MESSAGE,
  PAST_DUE_GRACE_DAYS,
  PLAN_LIMIT_LABELS,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
  type Plan,
  type PlanLimitId,
} from '@coinsight/contracts';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { ButtonLink, Card, Table } from '../../components/ui';
import { usePublicRead } from '../../app/dataLayer/usePublicRead';
import styles from './PricingPage.module.css';
import { TitledSection } from '../../components/TitledSection';
import { formatCount } from '../../lib/formatNumber';

const price = formatUsd(PRICE_MICROS_PER_1000_CALLS);
const included = formatCount(FREE_CALLS_PER_MONTH);

interface PlanCard {
  plan: Plan;
  price: string;
  priceNote: string;
  points: string[];
  action: { to: string; label: string };
}

const cards: PlanCard[] = [
  {
    plan: PLANS.free,
    price: '$0',
    priceNote: 'no card needed',
    points: [
      `${formatCount(PLANS.free.requestsPerMinute)} requests per minute`,
      `${included} API calls per month`,
      'Requests past the monthly calls are refused until the next month, never billed',
      'Every endpoint, the dashboard and the documentation',
    ],
    action: { to: '/signup', label: 'Start for free' },
  },
  {
    plan: PLANS.pro,
    price,
    priceNote: 'per 1,000 calls, every call billed',
    points: [
      `${formatCount(PLANS.pro.requestsPerMinute)} requests per minute`,
      'Every call billed pay-as-you-go: metered per call, no monthly cap',
      'A monthly budget of your choice: email at 80% and 100%, and an optional hard cap',
      'Every endpoint, the dashboard and the documentation',
    ],
    action: { to: '/settings?tab=billing', label: 'Upgrade in settings' },
  },
];

// The per-plan caps (docs/security.md §26), in the order a user meets them.
const caps = (Object.keys(PLAN_LIMIT_LABELS) as PlanLimitId[]).map((id) => ({
  id,
  name: PLAN_LIMIT_LABELS[id].name.charAt(0).toUpperCase() + PLAN_LIMIT_LABELS[id].name.slice(1),
  free: PLANS.free.limits[id],
  pro: PLANS.pro.limits[id],
}));

const examples = [1_000, 10_000, 100_000, 1_000_000].map((calls) => ({ calls, charge: monthlyChargeMicros(PLANS.pro, calls) }));

export default function PricingPage() {
  // Without Stripe on this server, Pro cannot be bought: the card says so instead of offering it.
  const availability = usePublicRead('billing.availability');
  const paidPlansUnavailable = availability.data?.paymentsAvailable === false;
  return (
    <Page
      title="Pricing"
      description="Coinsight is pay-as-you-go: start on the free tier and pay only for the API calls you make beyond it."
    >
      <ul className={styles.plans}>
        {cards.map((card) => (
          <li key={card.plan.id}>
            <Card title={card.plan.name} className={styles.plan}>
              <p className={styles.price}>
                <span className={styles.amount}>{card.price}</span> <span className={styles.priceNote}>{card.priceNote}</span>
              </p>
              <ul className={styles.points}>
                {card.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              {card.plan.id === 'pro' && paidPlansUnavailable ? (
                <p className={styles.priceNote}>{PAID_PLANS_UNAVAILABLE_MESSAGE}</p>
              ) : (
                <ButtonLink to={card.action.to} variant={card.plan.id === 'pro' ? 'primary' : 'secondary'} className={styles.action}>
                  {card.action.label}
                </ButtonLink>
              )}
            </Card>
          </li>
        ))}
      </ul>

      <TitledSection id="payg-heading" title="How pay-as-you-go works" className={styles.section} titleClassName={styles.heading}>
        <p className={styles.text}>
          On Pro, every call costs {price} per 1,000, which is exactly 150 millionths of a dollar per call; the Free plan’s {included} calls
          a month are never billed. Amounts are kept as whole numbers of micro-dollars, so a month’s charge never depends on how its calls
          were grouped, and are shown in US dollars rounded to the cent. On Pro you may set a monthly budget in the billing tab: we email
          you when the month’s cost reaches 80% and 100% of it, and with its hard cap on, calls past it are refused with HTTP 402 instead of
          billed. The billing tab shows the month’s cost so far and its projection to the month’s end.
        </p>
        <div className={styles.examples}>
          <Table
            caption="What a month on Pro costs"
            columns={[
              { key: 'calls', header: 'Calls in the month', cell: (row) => formatCount(row.calls), align: 'end' },
              { key: 'charge', header: 'Charge', cell: (row) => formatUsd(row.charge), align: 'end' },
            ]}
            rows={examples}
            rowKey={(row) => row.calls}
          />
        </div>
      </TitledSection>

      <TitledSection id="caps-heading" title="What each plan keeps" className={styles.section} titleClassName={styles.heading}>
        <div className={styles.examples}>
          <Table
            caption="What an account may keep at once, per plan"
            columns={[
              { key: 'name', header: 'Limit', cell: (row) => row.name },
              { key: 'free', header: PLANS.free.name, cell: (row) => formatCount(row.free), align: 'end' },
              { key: 'pro', header: PLANS.pro.name, cell: (row) => formatCount(row.pro), align: 'end' },
            ]}
            rows={caps}
            rowKey={(row) => row.id}
          />
        </div>
        <p className={styles.text}>
          On every plan, {MAX_ACTIVE_TASKS} tasks may wait or run at once, and an account sends at most {MAIL_BUDGET.perHour} emails an hour
          and {MAIL_BUDGET.perDay} a day (alert emails and Send Email together), only to an address it has verified. Past the hour’s emails,
          alerts still notify you in the app.
        </p>
      </TitledSection>

      <TitledSection id="limits-heading" title="How limits are enforced" className={styles.section} titleClassName={styles.heading}>
        <p className={styles.text}>
          A request past the per-minute rate or the monthly calls gets an HTTP 429 answer with a Retry-After header giving the seconds to
          wait. Creating something past one of the limits above gets an HTTP 403 answer naming the limit and your plan. Refused requests are
          never billed. Pro is bought from the billing tab of your <Link to="/settings?tab=billing">settings</Link>: Stripe takes the card,
          Pro starts once Stripe confirms the subscription, usage is invoiced monthly, and cancelling keeps Pro until the end of the period
          paid for. If a payment fails, Pro stays {PAST_DUE_GRACE_DAYS} days while the card is retried, then the account is back on
          Free&rsquo;s limits.
        </p>
      </TitledSection>
    </Page>
  );
}
