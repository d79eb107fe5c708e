import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir, configPath, DEFAULT_BASE_URL, readConfig, resolveSettings, writeConfig } from './config.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'coinsight-cli-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('the config file', () => {
  it('lives under $XDG_CONFIG_HOME/coinsight, else ~/.config/coinsight', () => {
    expect(configDir({ HOME: home, XDG_CONFIG_HOME: '/xdg' })).toBe('/xdg/coinsight');
    expect(configDir({ HOME: home })).toBe(join(home, '.config', 'coinsight'));
    // A relative XDG_CONFIG_HOME is invalid by the spec.
    expect(configDir({ HOME: home, XDG_CONFIG_HOME: 'rel' })).toBe(join(home, '.config', 'coinsight'));
  });

  it('is written readable by its owner only, in a folder only the owner enters', async () => {
    const env = { HOME: home };
    const file = await writeConfig({ apiKey: 'cs_live_secret' }, env);
    expect(file).toBe(configPath(env));
    expect(await mode(file)).toBe(0o600);
    expect(await mode(configDir(env))).toBe(0o700);
    expect(await readConfig(env)).toEqual({ apiKey: 'cs_live_secret' });
  });

  it('narrows a file that was readable by others when it rewrites it', async () => {
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'xdg') };
    await mkdir(configDir(env), { recursive: true });
    await writeFile(configPath(env), '{}', { mode: 0o644 });
    await writeConfig({ apiKey: 'cs_live_other' }, env);
    expect(await mode(configPath(env))).toBe(0o600);
    expect(JSON.parse(await readFile(configPath(env), 'utf8'))).toEqual({ apiKey: 'cs_live_other' });
  });

  it('is absent until login, and COINSIGHT_API_KEY wins over the stored key', async () => {
    expect(await readConfig({ HOME: home })).toEqual({});
    await writeConfig({ apiKey: 'cs_live_stored', baseUrl: 'http://stored' }, { HOME: home });
    expect(await resolveSettings(undefined, { HOME: home })).toEqual({ apiKey: 'cs_live_stored', baseUrl: 'http://stored' });
    expect(await resolveSettings(undefined, { HOME: home, COINSIGHT_API_KEY: 'cs_live_env', COINSIGHT_BASE_URL: 'http://env' })).toEqual({
      apiKey: 'cs_live_env',
      baseUrl: 'http://env',
    });
    expect(await resolveSettings('http://flag', { HOME: home, COINSIGHT_BASE_URL: 'http://env' })).toMatchObject({
      baseUrl: 'http://flag',
    });
    expect(await resolveSettings(undefined, { HOME: join(home, 'nobody') })).toEqual({ apiKey: undefined, baseUrl: DEFAULT_BASE_URL });
  });
});
