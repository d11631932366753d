import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPhone, inboxApi } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { CollectingDataState, LoadingState } from '../../../components/States';
import table from '../../../components/Table.module.css';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import { TwmTabs } from './MessagingUsagePage';
import styles from './Reports.module.css';

type Cursor = { before?: number; after?: number };

/** Chat Widget Reporting: the leads the website chat brought in, newest first, page by page. */
export default function ChatWidgetReportPage() {
  const [cursor, setCursor] = useState<Cursor>({});
  const leads = useQuery({
    queryKey: ['web-chat-leads', cursor],
    queryFn: () => call(inboxApi.webChatLoad, { body: { before: cursor.before ?? null, after: cursor.after ?? null } }),
    placeholderData: keepPreviousData,
  });
  const d = leads.data;
  return (
    <Page title="Two-Way Messaging">
      <TwmTabs />
      {leads.isPending ? (
        <LoadingState />
      ) : leads.isError || !d ? (
        <CollectingDataState description={errorMessage(leads.error)} />
      ) : (
        <>
          <Card className={styles.stat}>
            <span>Total Leads</span>
            <strong>{d.totalLeads}</strong>
          </Card>
          <div className={table.scroll}>
            <table className={table.table} aria-label="Chat widget leads" aria-busy={leads.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Phone Number</th>
                  <th scope="col">Name</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {d.capturedLeads.data.length === 0 && (
                  <tr>
                    <td colSpan={4}>No leads yet.</td>
                  </tr>
                )}
                {d.capturedLeads.data.map((l) => (
                  <tr key={`${l.timestamp}-${l.phone}`}>
                    <td>{new Date(l.timestamp).toLocaleString()}</td>
                    <td>{formatPhone(l.phone)}</td>
                    <td>{l.name}</td>
                    <td>{l.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.pager}>
            <Button variant="secondary" disabled={!d.capturedLeads.cursor.hasAfter} onClick={() => setCursor({ after: d.capturedLeads.cursor.after ?? undefined })}>
              Previous
            </Button>
            <Button variant="secondary" disabled={!d.capturedLeads.cursor.hasBefore} onClick={() => setCursor({ before: d.capturedLeads.cursor.before ?? undefined })}>
              Next
            </Button>
          </div>
        </>
      )}
    </Page>
  );
}
