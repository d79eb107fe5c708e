import type { Page, Request } from 'playwright-core';

/**
 * Runs `action` and waits until every request it set off has been answered and none has started
 * for half a second. The market pages keep an event stream open (live prices), so the network is
 * never idle there: that stream is left out.
 */
export async function settled(page: Page, what: string, action: () => Promise<unknown>): Promise<void> {
  const inFlight = new Set<Request>();
  const start = (request: Request) => {
    if (!request.url().includes('/trpc/market.live')) inFlight.add(request);
  };
  const end = (request: Request) => inFlight.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await action();
    const deadline = Date.now() + 30_000;
    for (let quietSince = Date.now(); Date.now() - quietSince < 500; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (inFlight.size > 0) quietSince = Date.now();
      if (Date.now() > deadline) throw new Error(`${what}: requests still in flight after 30 s`);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/**
 * A page reached inside the app, as a link or the Back button reaches it (the router follows the
 * history's `popstate`): the app is not loaded again, only the route's code and data.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  await settled(page, path, () =>
    page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path),
  );
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
