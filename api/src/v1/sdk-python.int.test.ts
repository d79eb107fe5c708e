import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';

// The Python SDK (packages/sdk-python) against a listening server. Its whole unittest
// suite runs with the machine's python3: the unit tests (a local stub server) and the live ones,
// which run only when COINSIGHT_BASE_URL and COINSIGHT_API_KEY are set, as here. An asynchronous
// child process: the server answering it lives in this process.

const SDK_DIR = fileURLToPath(new URL('../../../packages/sdk-python/', import.meta.url));

let server: Awaited<ReturnType<typeof startLiveServer>>;

// What this file checks is the client's side (its requests, answers and errors over HTTP): the
// server under it is the same on either database, so it runs in the PGlite project only.
const clientSideOnly = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  server = await startLiveServer();
});

afterAll(async () => {
  await server?.close();
});

interface Outcome {
  code: number;
  output: string;
}

function unittest(env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      'python3',
      ['-m', 'unittest', 'discover', '-v', '-s', 'tests'],
      { cwd: SDK_DIR, env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

describe.skipIf(clientSideOnly)(`the Python SDK against the API (${process.env.TEST_DB})`, () => {
  it('passes its unit and live tests', async () => {
    const { code, output } = await unittest({
      ...process.env,
      COINSIGHT_BASE_URL: server.baseUrl,
      COINSIGHT_API_KEY: server.apiKey,
      // The server is on loopback: a proxy of the environment must not stand between.
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
      PYTHONDONTWRITEBYTECODE: '1',
    });
    if (code !== 0) console.error(output);
    expect(code, output).toBe(0);
    // The live tests ran: none was skipped for want of a server.
    expect(output).not.toMatch(/skipped/);
    expect(output).toMatch(/^OK$/m);
    expect(output).toMatch(/test_creates_an_alert_once_per_idempotency_key_lists_and_deletes_it \(test_live\.LiveTest\.[^)]*\) \.\.\. ok/);
  }, 150_000);
});
