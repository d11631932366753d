import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPhone, inboxApi, type EndpointData } from '@kudo/shared';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { CollectingDataState } from '../../../components/States';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/forms';
import styles from './Reports.module.css';

type Cursor = { before?: number; after?: number };
type Lead = EndpointData<typeof inboxApi.webChatLoad>['capturedLeads']['data'][number];

const COLUMNS: Column<Lead>[] = [
  { id: 'date', header: 'Date', cell: (l) => new Date(l.timestamp).toLocaleString() },
  { id: 'phone', header: 'Phone Number', cell: (l) => formatPhone(l.phone) },
  { id: 'name', header: 'Name', cell: (l) => l.name },
  { id: 'message', header: 'Message', cell: (l) => l.message },
];

/** Chat Widget Reporting: the leads the website chat brought in, newest first, page by page. */
export default function ChatWidgetReportPage() {
  const [cursor, setCursor] = useState<Cursor>({});
  const leads = useQuery({
    queryKey: ['web-chat-leads', cursor],
    queryFn: () => call(inboxApi.webChatLoad, { body: { before: cursor.before ?? null, after: cursor.after ?? null } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title="Two-Way Messaging">
      {/* No leads is still a report: the total and an empty table. An error means the chat is not collecting yet. */}
      <QueryBoundary query={leads} isEmpty={() => false} renderError={(error) => <CollectingDataState description={errorMessage(error)} />}>
        {(d) => (
          <>
            <Card className={styles.stat}>
              <span>Total Leads</span>
              <strong>{d.totalLeads}</strong>
            </Card>
            <DataTable
              label="Chat widget leads"
              columns={COLUMNS}
              rows={d.capturedLeads.data}
              rowKey={(l) => `${l.timestamp}-${l.phone}`}
              empty={{ title: 'No leads yet.' }}
            />
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
      </QueryBoundary>
    </Page>
  );
}
