import { formatUsd, FREE_CALLS_PER_MONTH, PLANS, PRICE_MICROS_PER_1000_CALLS } from '@coinsight/contracts';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { formatCount } from '../../lib/formatNumber';

const sections: readonly LegalSection[] = [
  {
    title: 'Acceptance of these terms',
    body: (
      <p>
        These terms govern your use of the Coinsight website, dashboard and API (together, “the service”). By creating an account or calling
        the API you accept them. If you use the service for an organisation, you accept them on its behalf and confirm that you may do so.
      </p>
    ),
  },
  {
    title: 'Your account and API keys',
    body: (
      <>
        <p>
          You need an account to use the dashboard and the API. Give a real email address: password resets and notices about your account
          are sent there.
        </p>
        <ul>
          <li>Keep your password and API keys secret. API keys are shown once, when created; store them in a secret manager.</li>
          <li>You are responsible for the calls made with your keys. Delete a key you suspect is exposed: it stops working at once.</li>
          <li>One person or organisation per account; do not share an account to get around its limits.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>You may use the data in your own products, research and analyses. You may not:</p>
        <ul>
          <li>resell or redistribute the raw data as a competing data feed;</li>
          <li>get around rate limits or quotas, for example by rotating keys or accounts;</li>
          <li>probe, scan or load-test the service without written permission, or interfere with other users;</li>
          <li>use the Send Email panel or the contact form for spam, harassment or anything unlawful;</li>
          <li>use the data to identify, profile or target individual social-media users.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Plans, limits and payment',
    body: (
      <>
        <p>
          The free tier allows {formatCount(PLANS.free.requestsPerMinute)} requests per minute and {formatCount(FREE_CALLS_PER_MONTH)} API
          calls per calendar month. Pro allows {formatCount(PLANS.pro.requestsPerMinute)} requests per minute and bills every call at{' '}
          {formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000 calls, in US dollars.
        </p>
        <p>
          Requests beyond a limit are refused with HTTP 429 and are not billed. The current figures are always those on the{' '}
          <Link to="/pricing">pricing page</Link>; we announce price increases by email at least 30 days before they apply.
        </p>
      </>
    ),
  },
  {
    title: 'Data and content',
    body: (
      <>
        <p>
          Social-media posts in Coinsight were published by third parties on Twitter, Instagram, Facebook and LinkedIn; their rights remain
          with their authors and the platforms’ terms continue to apply to them. Market data comes from the market feed the service is
          connected to.
        </p>
        <p>
          Prices, sentiment scores and alerts are information, not financial advice. Sentiment is computed automatically and can be wrong
          about any single post. Make your own decisions and check important figures at their source.
        </p>
      </>
    ),
  },
  {
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          The service is provided “as is”. We work to keep it available and its data correct, but we do not promise that it will be
          uninterrupted, error-free or fit for a particular purpose, and we publish no uptime guarantee.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, including trading losses, and our total
          liability for any claim is limited to the amount you paid us in the three months before it arose.
        </p>
      </>
    ),
  },
  {
    title: 'Changes, suspension and termination',
    body: (
      <>
        <p>
          We may change these terms; material changes are announced by email and take effect 30 days later. We may suspend an account that
          breaks them, and will tell you why. You may stop using the service at any time and ask us to delete your account.
        </p>
        <p>
          Questions about these terms: write to us through the <Link to="/contact">contact form</Link>.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      description="The terms that govern your use of the Coinsight website, dashboard and API."
      updated="2026-11-22"
      sections={sections}
    />
  );
}
