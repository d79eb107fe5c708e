import type { CodeExample } from '@coinsight/sdk/examples';
import { fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { byWay, onlyWays, wayOf } from './ways';
import { WaysIn } from './WaysIn';

// The docs show each task four ways (curl, TypeScript, Python, CLI). The Python and CLI
// examples come from their own packages' authors; these stand-ins have their shapes.

const example = (language: CodeExample['language'], code: string, kind: CodeExample['kind'] = 'run'): CodeExample => ({
  title: `${language}: ${code.slice(0, 20)}`,
  language,
  code,
  kind,
});
const curl = example('bash', 'curl -s "{{BASE_URL}}/v1/crypto/prices?symbols=BTC" -H "Authorization: Bearer $COINSIGHT_API_KEY"');
const npm = example('bash', 'npm install @coinsight/sdk', 'install');
const typescript = example('typescript', "import { Coinsight } from '@coinsight/sdk';");
const pip = example('bash', 'pip install coinsight', 'install');
const python = example('python', 'from coinsight import Coinsight\nprint(Coinsight().crypto.prices(symbols=["BTC"]))');
const cliInstall = example('bash', 'npm install -g @coinsight/cli', 'install');
const cli = example('bash', 'coinsight prices BTC,ETH --format table');
const setKey = example('bash', 'export COINSIGHT_API_KEY="cs_live_x"', 'setup');

describe('ways in', () => {
  it('tells each example its way: curl, TypeScript, Python, CLI, or none', () => {
    expect([curl, npm, typescript, pip, python, cliInstall, cli, setKey].map(wayOf)).toEqual([
      'curl',
      'typescript',
      'typescript',
      'python',
      'python',
      'cli',
      'cli',
      null,
    ]);
    expect(wayOf(example('bash', 'npx -y @coinsight/cli prices BTC'))).toBe('cli');
    // The clients as the server serves them (/downloads/).
    expect(wayOf(example('bash', 'npm install {{BASE_URL}}/downloads/coinsight-sdk.tgz', 'install'))).toBe('typescript');
    expect(wayOf(example('bash', 'npx -y {{BASE_URL}}/downloads/coinsight-cli.tgz prices BTC'))).toBe('cli');
    expect(wayOf(example('bash', 'pip install --index-url {{BASE_URL}}/downloads/simple/ coinsight', 'install'))).toBe('python');
  });

  it('groups them by way, install lines first', () => {
    expect(byWay([python, pip, cli, cliInstall, curl])).toEqual({ python: [pip, python], cli: [cliInstall, cli], curl: [curl] });
    expect(onlyWays([python, curl, typescript], ['python', 'cli'])).toEqual({ python: [python] });
  });

  it('shows a tab per way present, in the order curl, TypeScript, Python, CLI, each panel its examples; axe-clean', async () => {
    const view = render(
      <WaysIn label="Ways in" ways={{ cli: [cliInstall, cli], python: [pip, python], typescript: [typescript], curl: [curl] }} />,
    );
    const list = screen.getByRole('tablist', { name: 'Ways in' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['curl', 'TypeScript', 'Python', 'CLI']);
    expect(screen.getByRole('tabpanel', { name: 'curl' }).textContent).toContain('/v1/crypto/prices');
    fireEvent.click(screen.getByRole('tab', { name: 'Python' }));
    const panel = screen.getByRole('tabpanel', { name: 'Python' });
    expect(
      within(panel)
        .getAllByRole('figure')
        .map((f) => f.querySelector('pre')?.textContent),
    ).toEqual([pip.code, python.code]);
    fireEvent.click(screen.getByRole('tab', { name: 'CLI' }));
    expect(screen.getByRole('tabpanel', { name: 'CLI' }).textContent).toContain('coinsight prices BTC,ETH');
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('leaves out the ways without examples, and renders nothing without any', () => {
    render(<WaysIn label="Client" ways={{ typescript: [typescript], python: [] }} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['TypeScript']);
    const empty = render(<WaysIn label="None" ways={{}} />);
    expect(empty.container.innerHTML).toBe('');
  });
});
