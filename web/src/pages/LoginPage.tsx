import { AuthPage } from '../components/AuthPage';

const links = [
  { to: '/register', label: 'Create an account' },
  { to: '/forgot-password', label: 'Forgot your password?' },
];

export default function LoginPage() {
  return (
    <AuthPage
      title="Sign In"
      description="Sign in with the email address and password of your Coinsight account."
      links={links}
    />
  );
}
