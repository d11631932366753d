import { PreviewStep } from '../components/PreviewStep';

/** Trial wizard step 1 (its guard is the route's). */
export default function WizardPreviewPage() {
  return <PreviewStep mode="wizard" />;
}
