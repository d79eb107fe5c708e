import { useSignedInUser } from '../../app/session';
import { ProfileForm } from './ProfileForm';
import { Page } from '../../components/Page';
import { Card } from '../../components/ui';

export default function ProfilePage() {
  const user = useSignedInUser();
  return (
    <Page
      title="Profile"
      description="Your username, email address and the Twitter, Facebook and Instagram handles linked to your account."
      width="narrow"
    >
      <Card>
        <ProfileForm user={user} />
      </Card>
    </Page>
  );
}
