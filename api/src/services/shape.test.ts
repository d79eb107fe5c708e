import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every exported service function is (deps, input, caller) — docs/architecture.md,
// "The service shape". Read with TypeScript's parser alone (no type-checking), so it costs little.

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * Exported functions that take deps (or a database handle) first but are not an edge's entry point,
 * and why (the doc lists them too). A key `file *` covers every such function of the file.
 */
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
  'billing/stripe.ts requireStripe': 'a guard on deps: takes nothing else',
  // Database-first building blocks: each works on the handle its caller holds (a transaction, the
  // read pool a search chose, the handle a factory is given), never as an edge's entry point.
  'transactions.ts inTransaction': "the shared transaction helper: runs work in the caller's transaction or a new one",
  'transactions.ts lockAccount': "locks the account's row inside the caller's transaction (capped creates)",
  'auth/sessions.ts openSession': "opens a session inside the caller's transaction (sign-up, login, password change, link sign-in)",
  'auth/sessions.ts revokeSessions': "ends a user's sessions inside the caller's transaction (reset, password change, email revert)",
  'auth/one-time-link.ts findOpenLink': "reads a mailed link inside the caller's transaction, before it is claimed",
  'auth/one-time-link.ts claimLink': "spends a mailed link inside the caller's transaction (single use)",
  'auth/one-time-link.ts useLink': "claims a mailed link and spends the user's other open links inside the caller's transaction",
  'auth/one-time-link.ts spendOpenLinks': "spends a user's other open links inside the caller's transaction",
  'auth/two-factor/challenge.ts issueChallenge':
    "records a sign-in's second-step challenge inside the caller's transaction (login, link sign-in)",
  'auth/two-factor/enrolment.ts hasTwoFactor': "a lookup on the caller's handle (a sign-in's transaction; teams' checks)",
  'auth/two-factor/recovery-codes.ts replaceRecoveryCodes': "writes a user's recovery codes inside the caller's transaction (enrolment)",
  'auth/two-factor/recovery-codes.ts useRecoveryCode': 'spends one recovery code in one statement, for the second-factor check',
  'auth/one-time-link.ts refuseLink': 'logs and throws the refusal of a link: takes the refusal, not an input',
  'billing/subscriptions/set-plan.ts setPlan':
    "the one write of a plan change, inside the caller's transaction (sync, grace, downgrade, grant)",
  'mail/mailer.ts outboxStore': "a factory run once at start: the mailer's outbox on the app's database",
  'social/dataset.ts postsSource': "builds a query source (no I/O) over the handle the caller's statement runs on",
  'social/dataset.ts readPoolFor': "picks the pool a dataset scope's reads run on: takes the scope, there is no caller",
  'social/dataset.ts fixedPlanPoolFor':
    "picks the pool a dataset scope's fixed-plan statements run on: takes the scope, there is no caller",
  'social/dataset.ts postingsPoolFor':
    "picks the pool a walk of the search postings runs on, from the scope, the walk's terms and its window: there is no caller",
  'social/dataset.ts postsSourceFor': 'builds a query source (no I/O) on the pool readPoolFor picks: takes the scope, there is no caller',
  'social/list/resolve.ts resolveContains':
    "a step of a list read or a download: reads the filters' authors and places on the source the list chose, before its statements",
  'social/list/statements.ts *':
    "the list strategies' statements: each builds one query on the source the list chose (list/read-page.ts runs them)",
  'social/columns/statements.ts *':
    "the filter columns' statements: the journal's polls, the copy's load and the journal's pruning, on the pool the copy or the job holds",
  'social/term-frequency.ts termFrequencyOf':
    'a step of a search (its deps, the text or nothing): no caller, on the read pool and facts the search has',
  'social/tsquery.ts websearchQueryText':
    'a step of a search (its deps, the text or nothing): no caller, on the read pool and facts the search has',
  'social/trending.ts changeOverDay': "a step of trending and of a topic's page, on the read pool the caller chose",
  'social/trending.ts relatedTokensOf': "a step of trending and of a topic's page, on the read pool the caller chose",
  'saved-views/read.ts *':
    "the saved views' shared reads (what the caller sees, a name taken, an owner full), on the handle or transaction of the service that runs them",
  'tasks/query.ts postsMatching': "builds a query (no I/O) for a task's posts, which the steps of its run execute",
  'tasks/files.ts taskFileWriter': 'the task file store: a building block of uploads and exports, for a given stored file',
  'tasks/files.ts readTaskFile': 'the task file store: a building block of scrapes and downloads, for a given stored file',
  'tasks/files.ts renameTaskFile': 'the task file store: a building block of exports, for a given stored file',
  'tasks/files.ts removeTaskFile': 'the task file store: a building block of task runs, uploads and deletes, for a given stored file',
};

/** The exception that covers a function (`file name`), or the one that covers its whole file (`file *`). */
function exceptionFor(name: string): string | undefined {
  const fileWide = `${name.slice(0, name.lastIndexOf(' '))} *`;
  return name in EXCEPTIONS ? name : fileWide in EXCEPTIONS ? fileWide : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const isExported = (node: ts.FunctionDeclaration | ts.VariableStatement) =>
  node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The module's exported functions: `export function f(…)` and `export const f = (…) => …` alike. */
function exportedFunctions(source: ts.SourceFile): Array<{ name: string; node: FunctionNode }> {
  return source.statements.flatMap((node): Array<{ name: string; node: FunctionNode }> => {
    if (ts.isFunctionDeclaration(node) && node.name && isExported(node)) return [{ name: node.name.text, node }];
    if (!ts.isVariableStatement(node) || !isExported(node)) return [];
    return node.declarationList.declarations.flatMap((declaration) =>
      ts.isIdentifier(declaration.name) &&
      declaration.initializer &&
      (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))
        ? [{ name: declaration.name.text, node: declaration.initializer }]
        : [],
    );
  });
}

/** A first parameter that is the services' dependencies: named deps, or typed ServiceDeps / …Deps / Pick<ServiceDeps, …>. */
function takesDeps(parameter: ts.ParameterDeclaration | undefined, source: ts.SourceFile): boolean {
  if (!parameter) return false;
  const type = parameter.type?.getText(source) ?? '';
  return parameter.name.getText(source) === 'deps' || /\bServiceDeps\b|Deps\b/.test(type);
}

/**
 * A first parameter that is a database handle rather than deps: named db, trx or executor, or typed
 * Db, Kysely<…>, Transaction<…> or ServiceDeps['db']. Such a function reaches past the service
 * shape, so it must be listed with its reason.
 */
function takesDb(parameter: ts.ParameterDeclaration | undefined, source: ts.SourceFile): boolean {
  if (!parameter) return false;
  const type = parameter.type?.getText(source) ?? '';
  return (
    ['db', 'trx', 'executor'].includes(parameter.name.getText(source)) || /^(Db|Kysely<.*>|Transaction<.*>|ServiceDeps\['db'\])$/.test(type)
  );
}

interface Found {
  name: string;
  problem: string | null;
}

function checkShape(node: FunctionNode, source: ts.SourceFile): string | null {
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
    for (const { name: fn, node } of exportedFunctions(source)) {
      const name = `${relative(ROOT, file)} ${fn}`;
      if (takesDb(node.parameters[0], source)) found.push({ name, problem: 'takes a database handle first, not deps' });
      else if (takesDeps(node.parameters[0], source)) found.push({ name, problem: checkShape(node, source) });
    }
  }
  return found;
}

describe('the service shape', () => {
  const found = serviceFunctions();

  it('every exported service function is (deps, input, caller), but the listed exceptions', () => {
    const wrong = found.filter((f) => f.problem && exceptionFor(f.name) === undefined).map((f) => `${f.name}: ${f.problem}`);
    expect(wrong).toEqual([]);
    expect(found.length).toBeGreaterThan(50);
  });

  it('lists no exception that keeps the shape or no longer exists', () => {
    const excepted = new Set(found.filter((f) => f.problem).map((f) => exceptionFor(f.name)));
    const stale = Object.keys(EXCEPTIONS).filter((key) => !excepted.has(key));
    expect(stale).toEqual([]);
  });
});
