import { AuthPage } from '../components/AuthPage';

const links = [
  { to: '/login', label: 'Back to sign in' },
];

export default function ResetPasswordPage() {
  return (
    <AuthPage
      title="Reset Password"
      description="Choose a new password for your account, using the link from your password reset email."
      links={links}
    />
  );
}
