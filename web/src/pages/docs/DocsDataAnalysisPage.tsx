import { Page } from '../../components/Page';

export default function DocsDataAnalysisPage() {
  return (
    <Page
      title="Data Analysis"
      description="Combine price history, social mentions and sentiment from the API to study how conversation and markets move together."
    />
  );
}
