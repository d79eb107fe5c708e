import { Page } from '../components/Page';

export default function ContactPage() {
  return (
    <Page
      title="Contact"
      heading="Contact Us"
      description="Questions about the API, your account or billing, or a partnership in mind? Send the team a message and we will reply by email."
    />
  );
}
