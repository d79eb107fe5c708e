import type { Page, Response } from 'playwright-core';

/**
 * Does `action` (a click, a key press) and waits for the answer it causes: the response to the
 * first tRPC call of `procedure`, asked after the action began, whose input has every field of
 * `input`. A page that keeps its old rows on screen while the next ones load (the tables do) can
 * already satisfy a check on the new state, e.g. "sorted descending" after an ascending page of
 * equal values; the response is the one marker the old data cannot fake.
 */
export async function answerTo(
  page: Page,
  procedure: string,
  input: Record<string, string>,
  action: () => Promise<unknown>,
): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((response) => asks(response.url(), procedure, input)), action()]);
  return response;
}

/** Whether a tRPC address (`/trpc/a,b?batch=1&input={"0":…,"1":…}`) calls `procedure` with `input`. */
function asks(address: string, procedure: string, input: Record<string, string>): boolean {
  const url = new URL(address);
  if (!url.pathname.startsWith('/trpc/')) return false;
  const procedures = url.pathname.slice('/trpc/'.length).split(',');
  const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, Record<string, unknown> | undefined>;
  return procedures.some(
    (name, i) => name === procedure && Object.entries(input).every(([key, value]) => inputs[String(i)]?.[key] === value),
  );
}
