import { promises as dns } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { resolveChannelTarget } from './channels.js';
import { isPublicAddress, type ResolveAll } from './url-guard.js';

/** A webhook's target, as deliveries and alert creation resolve it. */
const resolveWebhookTarget = (url: string, options: { allowPrivate: boolean; resolve?: ResolveAll }) =>
  resolveChannelTarget({ channel: 'webhook', url }, options);

const answers =
  (...addresses: string[]): ResolveAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'fec0::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('resolveWebhookTarget', () => {
  const strict = { allowPrivate: false };

  it.each([
    'http://127.0.0.1/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://localhost:8080/hook',
    'http://api.localhost/hook',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/hook',
    'http://printer.local/hook',
  ])('refuses %s without asking DNS for a public answer', async (url) => {
    await expect(resolveWebhookTarget(url, { ...strict, resolve: answers('93.184.215.14') })).rejects.toMatchObject({
      reason: 'refused',
      message: 'webhookUrl must resolve to a public address',
    });
  });

  it("refuses localhost by name, and the system resolver's answers for it by address as well", async () => {
    await expect(resolveWebhookTarget('http://localhost./hook', strict)).rejects.toMatchObject({ reason: 'refused' });
    const system = await dns.lookup('localhost', { all: true, verbatim: true });
    expect(system.length).toBeGreaterThan(0);
    await expect(resolveWebhookTarget('https://hooks.example.com/x', { ...strict, resolve: async () => system })).rejects.toMatchObject({
      reason: 'refused',
    });
  });

  it.each([['127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['::1'], ['::ffff:127.0.0.1'], ['93.184.215.14', '192.168.0.10']])(
    'refuses a name whose DNS answers include %s',
    async (...addresses) => {
      await expect(
        resolveWebhookTarget('https://hooks.example.com/x', { ...strict, resolve: answers(...addresses) }),
      ).rejects.toMatchObject({
        reason: 'refused',
      });
    },
  );

  it('answers the checked address for the connection to use', async () => {
    const target = await resolveWebhookTarget('https://hooks.example.com/x', {
      ...strict,
      resolve: answers('93.184.215.14', '2606:4700::1'),
    });
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
    expect(await resolveWebhookTarget('http://[2606:4700::1]:8080/x', strict)).toMatchObject({ address: '2606:4700::1', family: 6 });
  });

  it('tells a name that does not resolve from a refused one (a delivery retries it)', async () => {
    const failing: ResolveAll = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveWebhookTarget('https://hooks.example.com/x', { ...strict, resolve: failing })).rejects.toMatchObject({
      reason: 'unresolved',
      message: 'webhookUrl host hooks.example.com could not be resolved',
    });
  });

  it('WEBHOOK_ALLOW_PRIVATE lets tests reach loopback', async () => {
    expect(await resolveWebhookTarget('http://127.0.0.1:9/hook', { allowPrivate: true })).toMatchObject({ address: '127.0.0.1' });
    expect(await resolveWebhookTarget('http://localhost:9/hook', { allowPrivate: true, resolve: answers('127.0.0.1') })).toMatchObject({
      address: '127.0.0.1',
    });
  });
});
