import { Page } from '../components/Page';

export default function ProfilePage() {
  return (
    <Page
      title="Profile"
      description="Your username, email address and the Twitter, Facebook and Instagram handles linked to your account."
    />
  );
}
