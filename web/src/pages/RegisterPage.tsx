import { AuthPage } from '../components/AuthPage';

const links = [
  { to: '/login', label: 'Already have an account? Sign in' },
];

export default function RegisterPage() {
  return (
    <AuthPage
      title="Create an Account"
      description="Choose a username, enter your email address and pick a password to create your Coinsight account."
      links={links}
    />
  );
}
