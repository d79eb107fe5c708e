import { changePlanSchema, setBudgetSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { setBudget } from '../../services/billing/budgets/budget.js';
import { billingSummary } from '../../services/billing/metering/usage.js';
import { billingAccount } from '../../services/billing/subscriptions/account.js';
import { openPortal, startCheckout } from '../../services/billing/subscriptions/checkout.js';
import { invoicePreview } from '../../services/billing/subscriptions/invoice-preview.js';
import { listInvoices } from '../../services/billing/subscriptions/invoices.js';
import { changePlan } from '../../services/billing/subscriptions/plan-changes.js';
import { protectedProcedure, publicProcedure } from '../trpc.js';

/** The signed-in user's plan, this month's API usage, and Pro bought through Stripe (settings, billing tab). */
export const billingRouter = {
  summary: protectedProcedure.query(({ ctx }) => billingSummary(ctx.deps, {}, ctx.caller)),
  /** Whether paid plans are sold on this server (the pricing page asks before anyone signs in). */
  availability: publicProcedure.query(({ ctx }) => ({ paymentsAvailable: ctx.deps.stripe !== undefined })),
  /** The account's Stripe subscription as the signed webhooks last told it. */
  account: protectedProcedure.query(({ ctx }) => billingAccount(ctx.deps, {}, ctx.caller)),
  invoices: protectedProcedure.query(({ ctx }) => listInvoices(ctx.deps, {}, ctx.caller)),
  /** Stripe's invoice preview beside the local meter for its period; null without Stripe or a subscription. */
  invoicePreview: protectedProcedure.query(({ ctx }) => invoicePreview(ctx.deps, {}, ctx.caller)),
  /** A Stripe Checkout page for Pro; Pro itself starts with Stripe's signed webhook, never here. */
  checkout: protectedProcedure.mutation(({ ctx }) => startCheckout(ctx.deps, {}, ctx.caller)),
  /** A Stripe Customer Portal page: cards, invoices, cancellation. */
  portal: protectedProcedure.mutation(({ ctx }) => openPortal(ctx.deps, {}, ctx.caller)),
  /** Free: cancel at period end (or at once without a subscription). Pro: only undoes that cancellation. */
  changePlan: protectedProcedure.input(changePlanSchema).mutation(({ ctx, input }) => changePlan(ctx.deps, input, ctx.caller)),
  /** A Pro account's monthly budget (80%/100% mail, optional hard cap); answers the billing tab's figures after it. */
  setBudget: protectedProcedure.input(setBudgetSchema).mutation(async ({ ctx, input }) => {
    await setBudget(ctx.deps, input, ctx.caller);
    return billingSummary(ctx.deps, {}, ctx.caller);
  }),
} satisfies TRPCRouterRecord;
