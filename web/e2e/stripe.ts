// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- this harness runs in Node, not in the web app: it starts the api's test double of Stripe
import { startFakeStripe, type FakeStripe } from '../../api/src/test/fake-stripe';

/**
 * A local Stripe (api/src/test/fake-stripe.ts) for a browser-test file, and the server environment
 * that points the app at it: `setupE2E({ env: stripe.env })`, then `stripe.fake.webhookUrl = …`
 * once the server's address is known, and `stripe.fake.close()` after the file. Its checkout page's
 * Pay button starts the subscription, sends Stripe's signed events to the app's webhook and
 * redirects to the success URL, as Stripe's hosted checkout does.
 */
export async function startE2EStripe(name: string): Promise<{ fake: FakeStripe; env: Record<string, string> }> {
  const settings = {
    secretKey: `sk_test_e2e_${name}`,
    webhookSecret: `whsec_e2e_${name}`,
    priceId: 'price_e2e_pro',
    meterEventName: 'coinsight_api_calls',
  };
  const fake = await startFakeStripe(settings);
  return {
    fake,
    env: {
      STRIPE_SECRET_KEY: settings.secretKey,
      STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
      STRIPE_PRICE_ID: settings.priceId,
      STRIPE_METER_EVENT_NAME: settings.meterEventName,
      STRIPE_API_URL: fake.url,
    },
  };
}
