import { API_KEY_LIMITS, API_SCOPE_INFO, API_SCOPES, publicApi, V1_OPENAPI_PATH } from '@kudo/shared';
import { SettingsFrame } from '../../../components/SettingsFrame';
import { Card } from '../../../components/Card';
import { DataTable, type Column } from '../../../components/DataTable';
import styles from '../components/Integrations.module.css';

const SCOPE_COLUMNS: Column<(typeof API_SCOPES)[number]>[] = [
  { id: 'scope', header: 'Scope', cell: (s) => <code className={styles.code}>{s}</code> },
  { id: 'allows', header: 'Allows', cell: (s) => API_SCOPE_INFO[s].description },
];

/** What an id of each collection looks like, for the examples. */
const ID_EXAMPLES: Record<string, string> = { 'review-requests': 'rr_…', webhooks: 'wh_…' };

/** A curl command for a call, with the example body when it has one. */
function curlOf(base: string, e: publicApi.V1Endpoint): string {
  const path = e.path.replace(':id', ID_EXAMPLES[e.path.split('/')[1] ?? ''] ?? 'ID');
  const lines = [`curl ${e.method === 'GET' ? '' : `-X ${e.method} `}${base}${path} \\`, '  -H "Authorization: Bearer $KUDO_API_KEY"'];
  if (e.example !== undefined) {
    lines[1] += ' \\';
    lines.push('  -H "Content-Type: application/json" \\');
    if (e.idempotent) lines.push('  -H "Idempotency-Key: 6f1c2b9e-job-1042" \\');
    lines.push(`  -d '${JSON.stringify(e.example)}'`);
  }
  return lines.join('\n');
}

/** Settings › Integrations › API docs: a readable summary of version 1, and its OpenAPI document. */
export default function ApiDocsPage() {
  const base = `${window.location.origin}${publicApi.API_V1_BASE}`;
  return (
    <SettingsFrame
      section="settings-integrations"
      title="API docs"
      lead={
        <>
          Version 1 of the Kudo API at <code className={styles.code}>{base}</code>. The full contract is its{' '}
          <a href={V1_OPENAPI_PATH} target="_blank" rel="noreferrer">
            OpenAPI document
          </a>{' '}
          (for Postman, Insomnia or a code generator).
        </>
      }
    >
      <div className={styles.stack}>
        <Card title="Authentication and limits" headingLevel="h2">
          <p>
            Send a key from API keys in every request: <code className={styles.code}>Authorization: Bearer kudo_…</code>. A key acts for this location
            only. No key, or an unknown one, answers 401; a revoked key, or a call outside its scopes, answers 403.
          </p>
          <p>
            Each key may make {API_KEY_LIMITS.perMinute} requests a minute; every answer carries <code className={styles.code}>RateLimit-Limit</code>,{' '}
            <code className={styles.code}>RateLimit-Remaining</code> and <code className={styles.code}>RateLimit-Reset</code>, and a 429 says how long to wait in{' '}
            <code className={styles.code}>Retry-After</code>.
          </p>
          <p>
            Errors are <code className={styles.code}>{'{"error": {"code", "message", "fields"}}'}</code>; bad input answers 400 (or 422 for a campaign that is
            not there) with each field in error named in <code className={styles.code}>fields</code>. Version 1 is never changed incompatibly: calls, inputs
            and fields are only ever added.
          </p>
        </Card>
        <Card title="Scopes" flush>
          <DataTable label="Scopes" columns={SCOPE_COLUMNS} rows={API_SCOPES} rowKey={(s) => s} />
        </Card>
        <Card title="Calls">
          <ul className={styles.calls}>
            {publicApi.V1_ENDPOINTS.map((e) => (
              <li key={e.id} className={styles.call}>
                <h3>
                  {e.method} {e.path.replace(':id', '{id}')}
                </h3>
                <p>{e.summary}</p>
                <p className={styles.muted}>{e.description}</p>
                <p>
                  Scope: <code className={styles.code}>{e.scopes.join(' or ')}</code>
                  {e.idempotent ? ' · takes an Idempotency-Key header' : ''}
                  {e.waits ? ' · takes Prefer: respond-async to answer before sending' : ''}
                </p>
                <pre className={styles.pre} aria-label={`Example: ${e.method} ${e.path}`} tabIndex={0}>
                  {curlOf(base, e)}
                </pre>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </SettingsFrame>
  );
}
