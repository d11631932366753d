import { MSG, type reportsApi } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { SelectField } from '../../../components/SelectField';
import { useToast } from '../../../components/Toast';
import { errorMessage } from '../../../lib/forms';
import { useSendSampleReport } from '../api/reporting';
import reportingStyles from './Reporting.module.css';

const OPTIONS: { value: reportsApi.ReportFrequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly report' },
  { value: 'monthly', label: 'Monthly report' },
];

/** 'Send me a sample': the weekly or monthly report that would go out now, emailed to the current user. */
export function SampleReportCard() {
  const [frequency, setFrequency] = useState<reportsApi.ReportFrequency>('weekly');
  const send = useSendSampleReport();
  const toast = useToast();
  return (
    <Card title="Send me a sample" description="Email yourself the report as your recipients would get it now.">
      <div className={reportingStyles.addOptions}>
        <SelectField label="Sample report" value={frequency} onChange={setFrequency} options={OPTIONS} />
        <Button
          loading={send.isPending}
          onClick={() =>
            send.mutate(frequency, {
              onSuccess: ({ message, data }) => toast.show({ tone: 'success', title: message ?? MSG.reportSampleSent(data.email) }),
              onError: (error) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) }),
            })
          }
        >
          Send me a sample
        </Button>
      </div>
    </Card>
  );
}
