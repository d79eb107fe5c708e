import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The public address of the API, used when neither --base-url, COINSIGHT_BASE_URL nor the config names one. */
export const DEFAULT_BASE_URL = 'https://api.coinsight.dev';

/** What `coinsight login` keeps. */
export interface StoredConfig {
  apiKey?: string;
  baseUrl?: string;
}

type Env = Record<string, string | undefined>;

/** $XDG_CONFIG_HOME/coinsight, else ~/.config/coinsight (the XDG Base Directory default). */
export function configDir(env: Env = process.env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec: a relative path is invalid and ignored.
  const base = xdg && xdg.startsWith('/') ? xdg : join(env.HOME?.trim() || homedir(), '.config');
  return join(base, 'coinsight');
}

export const configPath = (env: Env = process.env) => join(configDir(env), 'config.json');

export async function readConfig(env: Env = process.env): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(configPath(env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { apiKey, baseUrl } = parsed as Record<string, unknown>;
  return {
    ...(typeof apiKey === 'string' && apiKey ? { apiKey } : {}),
    ...(typeof baseUrl === 'string' && baseUrl ? { baseUrl } : {}),
  };
}

/**
 * Writes the config readable by its owner only: the file 0600 in a 0700 folder. The mode is set
 * again after writing because `writeFile`'s mode applies only to a file it creates (and the umask
 * could narrow it further, never widen it).
 */
export async function writeConfig(config: StoredConfig, env: Env = process.env): Promise<string> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = configPath(env);
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

export async function removeConfig(env: Env = process.env): Promise<void> {
  await rm(configPath(env), { force: true });
}

/** Where to call and with which key: COINSIGHT_API_KEY wins over the stored key. */
export async function resolveSettings(baseUrlOption: string | undefined, env: Env = process.env) {
  const stored = await readConfig(env);
  return {
    apiKey: env.COINSIGHT_API_KEY?.trim() || stored.apiKey,
    baseUrl: baseUrlOption?.trim() || env.COINSIGHT_BASE_URL?.trim() || stored.baseUrl || DEFAULT_BASE_URL,
  };
}
