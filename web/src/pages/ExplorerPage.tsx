import { Page } from '../components/Page';

export default function ExplorerPage() {
  return (
    <Page
      title="Data Explorer"
      description="Search collected posts by text, platform and period, and compare what each platform is saying."
    />
  );
}
