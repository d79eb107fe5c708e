import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';
import { logNormalScore, readVitals, type Vitals } from './vitals';

/**
 * The landing page measured the way Lighthouse would (it is not installed here): Lighthouse's
 * desktop profile, and its mobile profile's 4× slower CPU and "slow 4G" network, applied through
 * the devtools protocol. Timings go to the test output, not into assertions: a loaded machine
 * stretches them at will (docs/web-performance.md keeps a run on a quiet one). What the page
 * itself decides is asserted: layout stability, the JavaScript it ships, axe, a clean console.
 */
const PROFILES = {
  desktop: {
    viewport: { width: 1280, height: 800 },
    cpuSlowdown: 1,
    network: null,
    // Lighthouse 12's scoring curves (p10, median) per profile.
    curves: { fcp: [934, 1600], lcp: [1200, 2400], tbt: [150, 350], cls: [0.1, 0.25], si: [1311, 2300] },
  },
  mobile: {
    viewport: { width: 360, height: 740 },
    cpuSlowdown: 4,
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    curves: { fcp: [1800, 3000], lcp: [2500, 4000], tbt: [200, 600], cls: [0.1, 0.25], si: [3387, 5800] },
  },
} as const;

type ProfileName = keyof typeof PROFILES;

const WEB_ASSETS = new URL('../dist/assets/', import.meta.url);

const e2e = setupE2E();

/** Lighthouse 10+ weights; Speed Index is taken as LCP, which it cannot exceed on this page. */
function performanceScore(profile: ProfileName, v: Vitals): number {
  const c = PROFILES[profile].curves;
  const curve = ([p10, median]: readonly [number, number]) => ({ p10, median });
  const lcp = v.lcp ?? Infinity;
  const score =
    0.1 * logNormalScore(curve(c.fcp), v.fcp ?? Infinity) +
    0.1 * logNormalScore(curve(c.si), lcp) +
    0.25 * logNormalScore(curve(c.lcp), lcp) +
    0.3 * logNormalScore(curve(c.tbt), v.tbt) +
    0.25 * logNormalScore(curve(c.cls), v.cls);
  return Math.round(score * 100);
}

async function measure(profile: ProfileName) {
  const settings = PROFILES[profile];
  const page = await e2e.open({ width: settings.viewport.width, height: settings.viewport.height });
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (/\.m?js(\?|$)/.test(response.url())) scripts.push(response.body());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: settings.cpuSlowdown });
  if (settings.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...settings.network });
  await page.goto(e2e.url('/'), { waitUntil: 'networkidle' });
  // The observer's callback is queued behind the page's own work: on a loaded machine under the
  // 4× CPU slowdown it can run seconds after the network goes quiet, so wait for the entry itself
  // (a page that never paints its largest content still fails, on the assertion below).
  await page.waitForFunction(() => window.__vitals?.lcp != null, undefined, { timeout: 30_000 }).catch(() => undefined);
  // Long tasks and a later, larger LCP candidate can land just after.
  await page.waitForTimeout(1_500);
  const vitals = await readVitals(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const axe = await runAxe(page);
  // The app serves files uncompressed; this is what a compressing proxy in front would send.
  const initialJsGzipBytes = (await Promise.all(scripts)).reduce((sum, body) => sum + gzipSync(body).length, 0);
  return { vitals, axe, initialJsGzipBytes, score: performanceScore(profile, vitals) };
}

function bundleSizes() {
  const files = readdirSync(WEB_ASSETS).filter((name) => name.endsWith('.js'));
  const raw = files.map((name) => readFileSync(new URL(name, WEB_ASSETS)));
  return { files: files.length, bytes: raw.reduce((s, b) => s + b.length, 0), gzipBytes: raw.reduce((s, b) => s + gzipSync(b).length, 0) };
}

describe('landing page performance in Chromium', () => {
  it.each(['desktop', 'mobile'] as const)(
    'keeps its layout, JavaScript and accessibility budgets on the %s profile, and reports its timings',
    async (profile) => {
      const { vitals, axe, initialJsGzipBytes, score } = await measure(profile);
      const bundle = bundleSizes();
      console.warn(
        `landing ${profile}: performance ≈ ${score}, FCP ${Math.round(vitals.fcp ?? -1)} ms, LCP ${Math.round(vitals.lcp ?? -1)} ms, ` +
          `CLS ${vitals.cls.toFixed(3)}, TBT ${Math.round(vitals.tbt)} ms (${vitals.longTasks} long tasks), ` +
          `initial JS ${(vitals.jsBytes / 1024).toFixed(1)} KiB transferred (${(initialJsGzipBytes / 1024).toFixed(1)} KiB gzipped) in ${vitals.jsFiles} files, ` +
          `all JS ${(bundle.bytes / 1024).toFixed(1)} KiB (${(bundle.gzipBytes / 1024).toFixed(1)} KiB gzipped) in ${bundle.files} files, ` +
          `axe ${axe.violations.length} violations, ${axe.passes} rules passed`,
      );

      expect(describeViolations(axe.violations)).toEqual([]);
      expect(vitals.cls).toBeLessThan(0.1);
      // The largest content was painted at all (no blank page waiting on a script that never runs).
      expect(vitals.lcp).not.toBeNull();
      // 114.2 KiB measured once the query layer left the first load (docs/web-performance.md); the
      // issue's goal is 120 KB, and 118 KiB keeps that with a little margin.
      expect(initialJsGzipBytes).toBeLessThan(118 * 1024);
    },
  );
});
