import { useState, type FormEvent } from 'react';
import { MSG, REWARD_SOURCES, REWARDS_LIMITS, SITE_LABELS, type RewardSource, type RewardsSettings } from '@kudo/shared';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { SelectField } from '../../../components/SelectField';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../lib/forms';
import { useRewards, useSaveRewards } from '../api/card';
import { ListEditor } from '../components/ListEditor';
import { dollars, parseEmail } from '../utils/fields';
import styles from './EmployeeRewardsPage.module.css';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SOURCE_LABELS: Record<RewardSource, string> = SITE_LABELS;

export default function EmployeeRewardsPage() {
  const rewards = useRewards();
  return (
    <SettingsFrame
      section="settings-employee-rewards"
      lead="Reward your technicians for the reviews customers leave about them."
    >
      <QueryBoundary query={rewards}>{(data) => <RewardsForm key={rewards.dataUpdatedAt} data={data} />}</QueryBoundary>
    </SettingsFrame>
  );
}

function RewardsForm({ data }: { data: RewardsSettings }) {
  const toast = useToast();
  const save = useSaveRewards();
  const [startMonth, setStartMonth] = useState(String(data.startMonth));
  const [recipients, setRecipients] = useState(data.reportRecipients.map((r) => r.email));
  const [sources, setSources] = useState<RewardSource[]>(data.sources);
  const [errors, setErrors] = useState<FieldErrors>({});

  const toggle = (source: RewardSource, on: boolean) =>
    setSources((list) => REWARD_SOURCES.filter((s) => (s === source ? on : list.includes(s))));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.mutate(
      {
        startMonth: Number(startMonth),
        perReviewBudget: data.perReviewBudget,
        reportRecipients: recipients.map((email) => ({ email })),
        sources,
      },
      {
        onSuccess: ({ message }) => toast.show({ title: message ?? MSG.rewardsSaved, tone: 'success' }),
        onError: (error) => {
          setErrors(apiFieldErrors(error));
          toast.show({ title: 'Error', description: errorMessage(error), tone: 'error' });
        },
      },
    );
  };

  const fieldError = (field: string) =>
    Object.entries(errors).find(([k]) => k === `employeeRewardsSettings.${field}` || k.startsWith(`employeeRewardsSettings.${field}.`))?.[1] ?? null;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Card title="Program">
        <div className={styles.pair}>
          <SelectField
            label="Start month"
            value={startMonth}
            onChange={setStartMonth}
            options={MONTHS.map((label, i) => ({ value: String(i + 1), label }))}
            hint="The month your rewards year begins."
            error={fieldError('startMonth')}
          />
          <TextField
            label="Reward budget per review"
            value={dollars(data.perReviewBudget)}
            readOnly
            disabled
            hint="To change the reward budget, please contact support."
          />
        </div>
      </Card>

      <Card title="Reporting emails" description="Who receives the rewards report.">
        <ListEditor
          label="Add a reporting email"
          listLabel="Reporting emails"
          items={recipients}
          onChange={setRecipients}
          parse={parseEmail}
          max={REWARDS_LIMITS.reportRecipients}
          placeholder="payroll@example.com"
          inputMode="email"
          emptyText="No reporting emails yet."
          error={fieldError('reportRecipients')}
        />
      </Card>

      <Card title="Social sources" description="Reviews on these sites earn rewards.">
        <fieldset className={styles.sources}>
          <legend className="visually-hidden">Social sources</legend>
          {REWARD_SOURCES.map((source) => (
            <label key={source} className={styles.source}>
              <input type="checkbox" checked={sources.includes(source)} onChange={(e) => toggle(source, e.target.checked)} />
              {SOURCE_LABELS[source]}
            </label>
          ))}
        </fieldset>
        {fieldError('sources') && <p className={styles.error}>{fieldError('sources')}</p>}
      </Card>

      <div className={styles.footer}>
        <Button type="submit" loading={save.isPending}>
          Update Configuration
        </Button>
      </div>
    </form>
  );
}
