import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../app/session';
import { ApiKeysSection } from '../api-keys/ApiKeysSection';
import { RequestLog } from '../api-keys/RequestLog';
import { BillingTab } from '../billing/BillingTab';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NotificationPreferences } from '../notifications/NotificationPreferences';
import { PreferencesForm } from './PreferencesForm';
import { ProfileForm } from './ProfileForm';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { TeamSection } from '../teams/TeamSection';
import { Page } from '../../components/Page';
import { Card, Tabs, type TabItem } from '../../components/ui';
import styles from './SettingsPage.module.css';
import { Time } from '../../components/Time';

export const SETTINGS_TABS = ['profile', 'notifications', 'security', 'billing', 'api', 'team'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

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
        <>
          <Section title="Profile" description="Your username, email address and social media handles.">
            <ProfileForm user={user} />
          </Section>
          <Section
            title="Preferences"
            description="The time zone, theme and number format the app shows you, on every device you sign in on."
          >
            <PreferencesForm />
          </Section>
        </>
      ),
    },
    {
      id: 'notifications',
      label: 'Notifications',
      content: (
        <Section
          title="Notifications"
          description="Choose the emails Coinsight sends you about price alerts, social mentions and market analysis. Fired alerts always show in the header's notifications."
        >
          <NotificationPreferences />
        </Section>
      ),
    },
    {
      id: 'security',
      label: 'Security',
      content: (
        <>
          <Section
            title="Change Password"
            description="Changing your password signs out every other device and browser signed in to your account."
          >
            <ChangePasswordForm />
          </Section>
          <Section
            title="Two-Factor Sign-In"
            description="Signing in also asks for a code from an authenticator app on your phone, so a stolen password alone does not open your account."
          >
            <TwoFactorSection />
          </Section>
          <Section
            title="Sessions"
            description="The browsers and devices signed in to your account. Sign out any you do not recognise; they are refused from their next request."
          >
            <SessionsSection />
          </Section>
        </>
      ),
    },
    {
      id: 'billing',
      label: 'Billing',
      content: (
        <Section title="Billing" description="Your plan, and this month's API calls and what they cost.">
          <BillingTab />
        </Section>
      ),
    },
    {
      id: 'api',
      label: 'API',
      content: (
        <>
          <Section
            title="API Keys"
            description="Keys authenticate your calls to the Coinsight API: send one as Authorization: Bearer <key>. Anyone with a key can spend your quota, so keep it secret."
          >
            <ApiKeysSection user={user} />
          </Section>
          <Section
            title="Requests"
            description="Every call made with your keys over the last 30 days, newest first: its status, latency and cost. A call shows here within seconds."
          >
            <RequestLog />
          </Section>
          <WebhooksSection />
        </>
      ),
    },
    {
      id: 'team',
      label: 'Team',
      content: (
        <Section
          title="Team"
          description="A team shares API keys, usage, a plan and one bill. Invite people by email and give each a role: owner, admin, member or billing."
        >
          <TeamSection />
        </Section>
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
              <Time value={user.created_at} format="longDay" />
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
