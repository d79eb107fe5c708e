import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 20 point 3: every exported service function is (deps, input, caller) — docs/architecture.md,
// "The service shape". Read with TypeScript's parser alone (no type-checking), so it costs little.

const ROOT = dirname(fileURLToPath(import.meta.url));

/** Exported functions that take deps first but are not an edge's entry point, and why (the doc lists them too). */
const EXCEPTIONS: Record<string, string> = {
  'auth/verification.ts sendVerificationMail': 'a building block of sign-up and the resend, for a given user row',
  'user/email.ts requestEmailChange': 'a building block of updateProfile, for a given user row',
  'site/newsletter.ts newsletterMail': 'builds a message',
  'mail/budget.ts spendMailBudget': "keyed by the account whose budget is spent, not always the caller's",
  'mail/budget.ts refundMailBudget': "keyed by the account whose budget is spent, not always the caller's",
  'mail/budget.ts trySpendMailBudget': "keyed by the account whose budget is spent, not always the caller's",
  'webhooks/secrets.ts ensureWebhookSecrets': 'many accounts at once, for the alert check',
  'market/store.ts upsertCandles': 'a building block of the market jobs: takes the executor and rows',
  'tasks/analyze.ts runAnalysis': 'a step of a task run',
  'tasks/export.ts runExport': 'a step of a task run',
  'tasks/scrape.ts runScrape': 'a step of a task run',
  'tasks/scrape.ts openConnector': 'a step of a task run',
  'auth/authenticate.ts authenticate': 'runs before there is a caller, and makes one',
  'auth/authenticate.ts authenticateRequest': 'runs before there is a caller, and makes one',
  'market/live.ts createMarketLive': 'a factory run once at start',
  'clock.ts atTime': 'makes deps (the clock stopped at a time), takes no input',
  'idempotency.ts runIdempotent': "its input includes the work to run in the key's transaction",
  'billing/budget-notices.ts noteBudgetUsage': 'a building block of the /v1 metering hook: takes the reservation the hook made',
  'billing/meter-report.ts reportUsage': 'a job over every account (and `pnpm admin meter-report`): takes its run options',
  'billing/meter-report.ts reconcileMeter': 'a job over every account (and `pnpm admin meter-reconcile`): takes its range',
  'billing/subscriptions.ts requireStripe': 'a guard on deps: takes nothing else',
  'billing/subscriptions.ts downgrade': 'a building block of changePlan, for a given account',
  'billing/subscriptions.ts resume': 'a building block of changePlan, for a given account',
  'billing/subscriptions.ts syncSubscription': "Stripe's webhook: for the account Stripe's event names, there is no caller",
  'billing/subscriptions.ts handleStripeEvent': "Stripe's webhook: for the account Stripe's event names, there is no caller",
  'billing/subscriptions.ts expirePastDueGrace': 'a job over every account',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isExported = (node: ts.FunctionDeclaration) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** A first parameter that is the services' dependencies: named deps, or typed ServiceDeps / …Deps / Pick<ServiceDeps, …>. */
function takesDeps(parameter: ts.ParameterDeclaration | undefined, source: ts.SourceFile): boolean {
  if (!parameter) return false;
  const type = parameter.type?.getText(source) ?? '';
  return parameter.name.getText(source) === 'deps' || /\bServiceDeps\b|Deps\b/.test(type);
}

interface Found {
  name: string;
  problem: string | null;
}

function checkShape(node: ts.FunctionDeclaration, source: ts.SourceFile): string | null {
  const [, input, caller, ...rest] = node.parameters;
  if (!input) return 'takes no input (take `_input: NoInput`, called with {})';
  const inputName = input.name.getText(source);
  if (!['input', '_input', 'query'].includes(inputName) && !ts.isObjectBindingPattern(input.name))
    return `second parameter is \`${inputName}\`, not the input`;
  if (caller) {
    const callerType = caller.type?.getText(source) ?? '';
    if (!/^_?caller$/.test(caller.name.getText(source)) || !/^(Caller(<.*>)?|SignedIn)$/.test(callerType))
      return `third parameter is \`${caller.name.getText(source)}: ${callerType}\`, not \`caller: Caller<…>\``;
  }
  if (rest.length > 0) return 'takes more than (deps, input, caller)';
  return null;
}

function serviceFunctions(): Found[] {
  const found: Found[] = [];
  for (const file of sourceFiles(ROOT)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const node of source.statements) {
      if (!ts.isFunctionDeclaration(node) || !node.name || !isExported(node) || !takesDeps(node.parameters[0], source)) continue;
      found.push({ name: `${relative(ROOT, file)} ${node.name.text}`, problem: checkShape(node, source) });
    }
  }
  return found;
}

describe('the service shape (issue 20 point 3)', () => {
  const found = serviceFunctions();

  it('every exported service function is (deps, input, caller), but the listed exceptions', () => {
    const wrong = found.filter((f) => f.problem && !(f.name in EXCEPTIONS)).map((f) => `${f.name}: ${f.problem}`);
    expect(wrong).toEqual([]);
    expect(found.length).toBeGreaterThan(50);
  });

  it('lists no exception that keeps the shape or no longer exists', () => {
    const names = new Map(found.map((f) => [f.name, f.problem]));
    const stale = Object.keys(EXCEPTIONS).filter((name) => !names.has(name) || names.get(name) === null);
    expect(stale).toEqual([]);
  });
});
