import { Page } from '../components/Page';

export default function SettingsPage() {
  return (
    <Page
      title="Settings"
      description="Manage your profile, notification preferences, security, billing and API keys."
    />
  );
}
