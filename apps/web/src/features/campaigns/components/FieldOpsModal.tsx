import { useState } from 'react';
import { formatPhoneTyping, MSG, parsePhone, type CampaignItem } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { ApiError } from '../../../lib/api';
import { useShareApp } from '../api/campaigns';
import { inviteProblems } from '../utils/forms';
import styles from './CampaignForms.module.css';


/** Invite a campaign's technician to the FieldOps mobile app, by email and/or text message. */
export function FieldOpsModal({ campaign, onClose }: { campaign: CampaignItem | null; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ email?: string; phone_number?: string }>({});
  const share = useShareApp();
  const toast = useToast();

  const close = () => {
    setEmail('');
    setPhone('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    if (!campaign) return;
    const problems = inviteProblems(email, phone);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const res = await share.mutateAsync({ email: email.trim(), phone_number: parsePhone(phone) ?? '', campaign: campaign.uid });
      toast.show({ title: 'Invitation sent!', description: res.message ?? MSG.fieldopsInviteSent, tone: 'success' });
      close();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.errors);
      toast.show({ title: 'Error', description: e instanceof Error ? e.message : MSG.somethingWentWrong, tone: 'error' });
    }
  };

  return (
    <Modal
      open={campaign !== null}
      onOpenChange={(o) => !o && !share.isPending && close()}
      title="FieldOps Invitation"
      description={
        campaign
          ? `Invite ${campaign.name} to the FieldOps mobile app. We send their sign-in details (username and password) by email, text message or both.`
          : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={share.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={share.isPending}>
            Send Invitation
          </Button>
        </>
      }
    >
      <form
        className={styles.stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Email" type="email" autoComplete="off" value={email} onChange={(e) => {
            setEmail(e.target.value);
            setErrors({});
          }} error={errors.email} />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          placeholder="5125550100"
          value={phone}
          maxLength={14}
          onChange={(e) => {
            setPhone(formatPhoneTyping(e.target.value));
            setErrors({});
          }}
          error={errors.phone_number}
          hint="10 digits, US numbers."
        />
        <input type="submit" hidden />
      </form>
    </Modal>
  );
}
