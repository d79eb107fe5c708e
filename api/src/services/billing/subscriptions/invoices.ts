import type { Invoice } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { requireStripe } from '../stripe.js';
import { billingCustomer } from './checkout.js';

type Deps = Pick<ServiceDeps, 'db' | 'stripe'>;

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

/** The account's latest invoices from Stripe, newest first (empty before its first checkout). */
export async function listInvoices(deps: Deps, _input: NoInput, caller: SignedIn): Promise<Invoice[]> {
  const stripe = requireStripe(deps);
  const account = await billingCustomer(deps, {}, caller);
  if (!account) return [];
  const list = await stripe.client.invoices.list({ customer: account.stripe_customer_id, limit: 12 });
  return list.data.map((invoice) => ({
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    created: new Date(invoice.created * 1000).toISOString(),
    periodStart: new Date(invoice.period_start * 1000).toISOString(),
    periodEnd: new Date(invoice.period_end * 1000).toISOString(),
    calls: invoice.lines.data.reduce((sum, line) => sum + (line.quantity ?? 0), 0),
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    status: INVOICE_STATUSES.find((s) => s === invoice.status) ?? 'draft',
    hostedUrl: invoice.hosted_invoice_url ?? null,
  }));
}
