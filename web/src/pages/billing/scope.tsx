import type { BillingSummary, ChangePlanInput, PlanId, SetBudgetInput } from '@coinsight/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { trpc } from '../../lib/trpc';

// One billing screen for two kinds of account: a person's own (billing.*) and a team's (teams.*,
// which checks the member's role on every call). The screen's parts ask these hooks instead of a
// router, so the team's screen is the personal one's code; the scope is the team's id or null.

const BillingScope = createContext<string | null>(null);

export function BillingScopeProvider({ teamId, children }: { teamId: string | null; children: ReactNode }) {
  return <BillingScope.Provider value={teamId}>{children}</BillingScope.Provider>;
}

/** The team whose bill this is, or null for the signed-in person's own. */
export const useBillingTeam = () => useContext(BillingScope);

export function useBillingSummary() {
  const teamId = useBillingTeam();
  const personal = trpc.billing.summary.useQuery(undefined, { enabled: teamId === null });
  const team = trpc.teams.usage.useQuery({ teamId: teamId ?? '' }, { enabled: teamId !== null });
  return teamId === null ? personal : team;
}

/** Puts a fresh summary (answered by a budget or plan change) in the cache the screen reads. */
export function useSetBillingSummary() {
  const teamId = useBillingTeam();
  const utils = trpc.useUtils();
  return (summary: BillingSummary) =>
    teamId === null ? utils.billing.summary.setData(undefined, summary) : utils.teams.usage.setData({ teamId }, summary);
}

export function useInvalidateBillingSummary() {
  const teamId = useBillingTeam();
  const utils = trpc.useUtils();
  return () => (teamId === null ? utils.billing.summary.invalidate() : utils.teams.usage.invalidate({ teamId }));
}

export function useBillingAccount(options: { refetchInterval: (plan: PlanId | undefined) => number | false }) {
  const teamId = useBillingTeam();
  const personal = trpc.billing.account.useQuery(undefined, {
    enabled: teamId === null,
    refetchInterval: (query) => options.refetchInterval(query.state.data?.plan),
  });
  const team = trpc.teams.billingAccount.useQuery(
    { teamId: teamId ?? '' },
    { enabled: teamId !== null, refetchInterval: (query) => options.refetchInterval(query.state.data?.plan) },
  );
  return teamId === null ? personal : team;
}

export function useInvalidateBillingAccount() {
  const teamId = useBillingTeam();
  const utils = trpc.useUtils();
  return () => (teamId === null ? utils.billing.account.invalidate() : utils.teams.billingAccount.invalidate({ teamId }));
}

export function useBillingInvoices() {
  const teamId = useBillingTeam();
  const personal = trpc.billing.invoices.useQuery(undefined, { enabled: teamId === null });
  const team = trpc.teams.invoices.useQuery({ teamId: teamId ?? '' }, { enabled: teamId !== null });
  return teamId === null ? personal : team;
}

/** Stripe's invoice preview: the personal screen's only (a team's cost this month is in its figures). */
export function useInvoicePreview() {
  const teamId = useBillingTeam();
  return trpc.billing.invoicePreview.useQuery(undefined, { retry: false, enabled: teamId === null });
}

/** Checkout, the portal, a plan change and the budget, each for the scope's account; `isPending` over both routers. */
export function useBillingMutations() {
  const teamId = useBillingTeam();
  const personal = {
    checkout: trpc.billing.checkout.useMutation(),
    portal: trpc.billing.portal.useMutation(),
    changePlan: trpc.billing.changePlan.useMutation(),
    setBudget: trpc.billing.setBudget.useMutation(),
  };
  const team = {
    checkout: trpc.teams.checkout.useMutation(),
    portal: trpc.teams.portal.useMutation(),
    changePlan: trpc.teams.changePlan.useMutation(),
    setBudget: trpc.teams.setBudget.useMutation(),
  };
  const pending = (name: keyof typeof personal) => (teamId === null ? personal[name].isPending : team[name].isPending);
  return {
    checkout: {
      isPending: pending('checkout'),
      run: () => (teamId === null ? personal.checkout.mutateAsync() : team.checkout.mutateAsync({ teamId })),
    },
    portal: {
      isPending: pending('portal'),
      run: () => (teamId === null ? personal.portal.mutateAsync() : team.portal.mutateAsync({ teamId })),
    },
    changePlan: {
      isPending: pending('changePlan'),
      run: (input: ChangePlanInput) =>
        teamId === null ? personal.changePlan.mutateAsync(input) : team.changePlan.mutateAsync({ ...input, teamId }),
    },
    setBudget: {
      isPending: pending('setBudget'),
      run: (input: SetBudgetInput) =>
        teamId === null ? personal.setBudget.mutateAsync(input) : team.setBudget.mutateAsync({ ...input, teamId }),
    },
  };
}
