import { allExamples, withBaseUrl } from '@coinsight/sdk/examples';
import { fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

// /docs and its guides show the examples of @coinsight/sdk/examples (which the api's
// docs-examples test runs against a live server), with this origin as the base URL.

const PAGES = ['/docs', '/docs/getting-started', '/docs/data-analysis', '/docs/alerts'] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

async function open(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

describe('docs pages', () => {
  it.each(PAGES)('%s shows its code with this origin, each block with a copy button, axe-clean', async (path) => {
    const view = await open(path);
    const blocks = view.container.querySelectorAll('pre');
    expect(blocks.length).toBeGreaterThan(0);
    for (const pre of blocks) {
      expect(pre.textContent).not.toContain('{{BASE_URL}}');
      // Each block is focusable, so a keyboard can scroll a long line, and has its own copy button.
      expect(pre.tabIndex).toBe(0);
      const figure = pre.closest('figure');
      expect(figure && within(figure).getByRole('button', { name: /^Copy / })).toBeTruthy();
    }
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('every runnable example appears on a docs page', async () => {
    const shown = new Set<string>();
    for (const path of PAGES) {
      const view = await open(path);
      for (const pre of view.container.querySelectorAll('pre')) shown.add(pre.textContent ?? '');
      // Tabs (ways in, package managers inside the TypeScript one) show one panel at a time: open
      // each, and at once each tab that opening it revealed, before a sibling tab hides them again.
      // A panel's tabs follow their parent's tab list in the document, so the last tabs come first.
      const opened = new Set<string>();
      const visit = () => {
        for (const tab of [...view.container.querySelectorAll<HTMLElement>('[role="tab"]')].reverse()) {
          const key = `${tab.closest('[role="tablist"]')?.getAttribute('aria-label')}/${tab.textContent}`;
          if (opened.has(key) || !tab.isConnected) continue;
          opened.add(key);
          fireEvent.click(tab);
          for (const pre of view.container.querySelectorAll('pre')) shown.add(pre.textContent ?? '');
          visit();
        }
      };
      visit();
      view.unmount();
    }
    for (const [id, example] of Object.entries(allExamples)) {
      expect(shown.has(withBaseUrl(example.code, window.location.origin)), id).toBe(true);
    }
  });

  it('/docs points agents at the MCP server and /llms.txt', async () => {
    await open('/docs');
    const agents = screen.getByRole('heading', { name: 'Agents' }).nextElementSibling;
    expect(agents?.textContent).toContain('coinsight mcp');
    expect(agents?.textContent).toContain('/mcp');
    expect(
      within(agents as HTMLElement)
        .getByRole('link', { name: '/llms.txt' })
        .getAttribute('href'),
    ).toBe('/llms.txt');
  });

  it('copies a block to the clipboard and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open('/docs/alerts');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Create a price alert' }));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(withBaseUrl(allExamples['alerts.createCurl']!.code, window.location.origin));
    expect(writeText.mock.calls[0]).toEqual([expect.stringContaining(`${window.location.origin}/v1/alerts/create`)]);
  });

  it('the quick start shows the ways in as tabs, curl first, and the TypeScript one offers npm, yarn and pnpm', async () => {
    await open('/docs');
    const ways = screen.getByRole('tablist', { name: 'Ways in' });
    const labels = within(ways)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(labels.slice(0, 2)).toEqual(['curl', 'TypeScript']);
    // Python and the CLI follow, in that order, as their examples exist.
    expect(labels.filter((label) => label === 'Python' || label === 'CLI')).toEqual(
      ['Python', 'CLI'].filter((label) => labels.includes(label)),
    );
    expect(screen.getByRole('tabpanel', { name: 'curl' }).textContent).toContain('/v1/crypto/prices?symbols=BTC,ETH');
    fireEvent.click(within(ways).getByRole('tab', { name: 'TypeScript' }));
    expect(screen.getByText('npm install @coinsight/sdk')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'yarn' }));
    expect(screen.getByText('yarn add @coinsight/sdk')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'pnpm' }));
    expect(screen.getByText('pnpm add @coinsight/sdk')).toBeTruthy();
  });
});
