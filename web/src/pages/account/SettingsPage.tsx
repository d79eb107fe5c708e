import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../app/session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { Page } from '../../components/Page';
import { Card, Tabs, type TabItem } from '../../components/ui';
import styles from './SettingsPage.module.css';

export const SETTINGS_TABS = ['profile', 'notifications', 'security', 'billing', 'api'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function isSettingsTab(value: string | null): value is SettingsTab {
  return SETTINGS_TABS.some((tab) => tab === value);
}

export default function SettingsPage() {
  const user = useSignedInUser();
  // The tab lives in the address, so a link (or a reload) opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  const tabs: ReadonlyArray<TabItem<SettingsTab>> = [
    {
      id: 'profile',
      label: 'Profile',
      content: (
        <Section title="Profile" description="Your username, email address and social media handles.">
          <ProfileForm user={user} />
        </Section>
      ),
    },
    {
      id: 'notifications',
      label: 'Notifications',
      content: (
        <Section
          title="Notifications"
          description="Preferences for price alerts, social mentions and market analysis are set here once alerts are part of your account."
        />
      ),
    },
    {
      id: 'security',
      label: 'Security',
      content: (
        <Section
          title="Change Password"
          description="Changing your password signs out every other device and browser signed in to your account."
        >
          <ChangePasswordForm />
        </Section>
      ),
    },
    {
      id: 'billing',
      label: 'Billing',
      content: (
        <Section title="Billing" description="Your plan, usage and invoices are shown here once billing is enabled for your account." />
      ),
    },
    {
      id: 'api',
      label: 'API',
      content: (
        <Section
          title="API Keys"
          description="The API keys you create and delete are listed here once API access is enabled for your account."
        />
      ),
    },
  ];

  return (
    <Page title="Settings" description="Manage your profile, notification preferences, security, billing and API keys.">
      <div className={styles.layout}>
        <Tabs label="Settings" tabs={tabs} selected={selected} onSelect={(tab) => setParams({ tab }, { replace: true })} />
        <Card title="Account Information" className={styles.account}>
          <dl className={styles.facts}>
            <dt>Username</dt>
            <dd>{user.username}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Account created</dt>
            <dd>
              <time dateTime={user.created_at}>{dateFormat.format(new Date(user.created_at))}</time>
            </dd>
          </dl>
        </Card>
      </div>
    </Page>
  );
}

function Section({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        <p className={styles.sectionDescription}>{description}</p>
      </div>
      {children}
    </section>
  );
}
