import { ContactsStep } from '../components/ContactsStep';

/** Trial wizard step 2. */
export default function WizardContactsPage() {
  return <ContactsStep mode="wizard" skipTo="dashboard" />;
}
