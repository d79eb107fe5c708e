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
    // The MCP client configuration of docs/mcp.md, with this server's address and the public test key.
    const config = JSON.parse(screen.getByLabelText('MCP configuration, code').textContent ?? '{}') as unknown;
    const origin = window.location.origin;
    expect(config).toEqual({
      mcpServers: {
        coinsight: {
          command: 'npx',
          args: ['-y', `${origin}/downloads/coinsight-cli.tgz`, 'mcp'],
          env: { COINSIGHT_BASE_URL: origin, COINSIGHT_API_KEY: 'cs_test_public_sandbox' },
        },
      },
    });
  });

  it('/docs lists the client files this server serves, each linked, with its SHA-256', async () => {
    await open('/docs');
    const table = screen.getByRole('table', { name: 'Client downloads' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.map(([file, pkg]) => [file?.replace(/\d+\.\d+\.\d+/, 'V'), pkg])).toEqual([
      ['coinsight-sdk-V.tgz', '@coinsight/sdk (npm tarball)'],
      ['coinsight-cli-V.tgz', '@coinsight/cli (npm tarball)'],
      ['coinsight-V-py3-none-any.whl', 'coinsight (Python wheel)'],
      ['coinsight-V.tar.gz', 'coinsight (Python sdist)'],
    ]);
    for (const [, , , sha] of rows) expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(rows.map(([file]) => `/downloads/${file}`));
  });

  it('/docs opens with a call anyone can make, with the public test key, and says what that key can and cannot do', async () => {
    await open('/docs');
    const start = screen.getByRole('heading', { level: 2, name: 'Quick start' });
    const intro = start.nextElementSibling;
    expect(intro?.textContent).toContain('without an account');
    const first = intro?.nextElementSibling;
    expect(first?.querySelector('pre')?.getAttribute('aria-label')).toBe('Try it now: no account, the public test key, code');
    expect(first?.querySelector('pre')?.textContent).toBe(
      `curl -s "${window.location.origin}/v1/crypto/prices?symbols=BTC,ETH" \\\n  -H "Authorization: Bearer cs_test_public_sandbox"`,
    );
    const rules = first?.nextElementSibling?.textContent ?? '';
    expect(rules).toContain('fixed test dataset');
    expect(rules).toContain('never metered');
    expect(rules).toContain('403');
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

  it('the quick start shows the ways in as tabs, curl first, npm, yarn and pnpm in the TypeScript one, each installing from this server', async () => {
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
    // Installed from this server, which serves its clients at /downloads/.
    const origin = window.location.origin;
    expect(screen.getByText(`npm install ${origin}/downloads/coinsight-sdk.tgz`)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'yarn' }));
    expect(screen.getByText(`yarn add ${origin}/downloads/coinsight-sdk.tgz`)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'pnpm' }));
    expect(screen.getByText(`pnpm add ${origin}/downloads/coinsight-sdk.tgz`)).toBeTruthy();
    fireEvent.click(within(ways).getByRole('tab', { name: 'Python' }));
    expect(screen.getByText(`pip install --index-url ${origin}/downloads/simple/ coinsight`)).toBeTruthy();
    fireEvent.click(within(ways).getByRole('tab', { name: 'CLI' }));
    expect(screen.getByText(`npm install -g ${origin}/downloads/coinsight-cli.tgz`)).toBeTruthy();
  });
});
