import { Card } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './ContactChannels.module.css';

/** The company's own channels; following them is optional, the form and email reach the team. */
export const SOCIAL_CHANNELS = [
  { name: 'X (Twitter)', handle: '@coinsight', href: 'https://x.com/coinsight' },
  { name: 'LinkedIn', handle: 'Coinsight', href: 'https://www.linkedin.com/company/coinsight' },
  { name: 'GitHub', handle: 'coinsight', href: 'https://github.com/coinsight' },
] as const;

export function ContactChannels() {
  const contact = trpc.site.contact.useQuery(undefined, { staleTime: Infinity });
  // No address is configured (CONTACT_EMAIL): the form is the way in, and no placeholder is shown.
  const noAddress = contact.data?.email === null;
  return (
    <div className={styles.channels}>
      {noAddress ? null : (
        <Card title="Email" titleLevel={2}>
          <p className={styles.text}>Messages from the form arrive in this inbox too. We answer by email.</p>
          <p className={styles.email}>
            {contact.data?.email ? (
              <a href={`mailto:${contact.data.email}`}>{contact.data.email}</a>
            ) : (
              <span className={styles.pending}>{contact.isError ? 'Use the form' : 'Loading…'}</span>
            )}
          </p>
        </Card>
      )}
      <Card title="Follow Coinsight" titleLevel={2}>
        <ul className={styles.social}>
          {SOCIAL_CHANNELS.map((channel) => (
            <li key={channel.name}>
              <a href={channel.href} rel="noopener noreferrer">
                {channel.name}
              </a>{' '}
              <span className={styles.handle}>{channel.handle}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
