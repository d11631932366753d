import { ConfirmStep } from '../components/ConfirmStep';

/** Trial wizard step 3, then the dashboard. */
export default function WizardConfirmPage() {
  return <ConfirmStep mode="wizard" />;
}
