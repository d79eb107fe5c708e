import { Link } from 'react-router';
import { TOKEN_STORAGE_KEY } from '../../app/session';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: readonly LegalSection[] = [
  {
    title: 'Who we are and what this covers',
    body: (
      <p>
        This policy explains what the Coinsight website, dashboard and API store about you, why, for how long, and what you can do about it.
        It covers only the data described here: Coinsight has no other source of information about its users.
      </p>
    ),
  },
  {
    title: 'What you give us',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your username, email address and, if you add them, your Twitter, Facebook and Instagram handles. Your
          password is never stored: only an argon2id hash of it, from which it cannot be read back.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, email address, subject and message you send through the contact form. A copy is
          mailed to the team.
        </li>
        <li>
          <strong>Newsletter:</strong> the email address you subscribe with, when you subscribed, confirmed it (we mail a link first) and
          unsubscribed.
        </li>
        <li>
          <strong>Send Email panel:</strong> the recipient, subject and message of each email you send from it. They are handed to our mail
          server for delivery; the recipient sees your username and email address as the sender.
        </li>
      </ul>
    ),
  },
  {
    title: 'What is recorded when you use the service',
    body: (
      <ul>
        <li>
          <strong>Sessions:</strong> for each sign-in, the time, your IP address and your browser’s user-agent string, so that a session can
          be ended and misuse traced.
        </li>
        <li>
          <strong>API keys and usage:</strong> a hash and a short display prefix of each key (never the key itself), when it was last used,
          and how many calls it made in each period, which is what plans are metered on.
        </li>
        <li>
          <strong>Rate limiting:</strong> counters keyed by IP address, account or sender address, kept for at most an hour.
        </li>
        <li>
          <strong>Server logs:</strong> each request’s time, address, path and result. Passwords, tokens and authorization headers are
          removed before anything is logged.
        </li>
        <li>
          <strong>Mail:</strong> when the service runs without a mail server, the mail it would send (such as a password-reset link) is kept
          in its database instead, for the operator to deliver.
        </li>
      </ul>
    ),
  },
  {
    title: 'What stays in your browser',
    body: (
      <p>
        When you sign in, your session token is kept in your browser’s local storage under the key <code>{TOKEN_STORAGE_KEY}</code> and sent
        with each request to prove it is you. Signing out removes it. Coinsight sets no cookies and loads no analytics, advertising or
        tracking scripts: every script and style comes from Coinsight itself.
      </p>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <ul>
        <li>to run your account and the API, and to enforce the limits of your plan;</li>
        <li>to send the mail you ask for or need: password resets, notices that your password changed, and your newsletter;</li>
        <li>to answer your contact messages;</li>
        <li>to keep the service secure, for example by throttling repeated failed sign-ins.</li>
      </ul>
    ),
  },
  {
    title: 'Who we share it with',
    body: (
      <p>
        We do not sell personal data or share it with advertisers. It is processed only by the providers that run the service for us: the
        hosting and database provider, and the mail provider that delivers outgoing mail. Email you send with the Send Email panel goes to
        the recipient you chose. We disclose data to authorities only when the law requires it.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account data: until you ask us to delete your account.</li>
        <li>Sessions: they expire after seven days; signing out or changing your password ends them at once.</li>
        <li>Password-reset links: they expire after one hour and work only once.</li>
        <li>Contact messages and newsletter subscriptions: until you ask us to remove them.</li>
        <li>Rate-limit counters: an hour at most.</li>
      </ul>
    ),
  },
  {
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          You can see and correct your account data in your profile settings. Every newsletter mail has a link that unsubscribes you. To get
          a copy of your data, or to have your account, messages or subscription deleted, write to us through the{' '}
          <Link to="/contact">contact form</Link>; we act on requests within 30 days.
        </p>
        <p>
          Depending on where you live, you may also have the right to object to processing and to complain to your data-protection
          authority.
        </p>
      </>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="How Coinsight collects, uses, stores and protects your personal data, and the choices you have about it."
      updated="2026-11-22"
      sections={sections}
    />
  );
}
