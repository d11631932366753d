import { MSG, PRODUCT, widgetApi } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Modal } from '../../../components/Modal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { MailIcon, RefreshIcon } from '../../../components/icons';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import { useEmailWebmaster, useGetCodeSnippets, useRefreshWidgets, type LoadedWebWidget } from '../api/widget';
import { CodeSnippet } from './CodeSnippet';
import styles from './Widget.module.css';

function GetCodeModal({
  open,
  onOpenChange,
  snippets,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  snippets: ReturnType<typeof useGetCodeSnippets>;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Your widget code" size="lg">
      <QueryBoundary
        status={{ pending: snippets.isPending || snippets.isIdle, error: snippets.error, data: snippets.data, onRetry: () => snippets.mutate() }}
        isEmpty={() => false}
        errorTitle={MSG.widgetError}
        compact
      >
        {(data) => (
          <div className={styles.stack}>
            <div>
              <p className={styles.text}>Paste this code on every page of your website, just before the closing &lt;/body&gt; tag:</p>
              <CodeSnippet code={data.snippets.web_widget} label="Widget code" />
            </div>
            <div>
              <p className={styles.text}>
                Optional, for a fixed dot: add this element where the dot should sit (at least 100 by 100 px):
              </p>
              <CodeSnippet code={data.snippets.static_container} label="Container element" />
            </div>
          </div>
        )}
      </QueryBoundary>
    </Modal>
  );
}

function EmailWebmasterModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const send = useEmailWebmaster();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? apiFieldErrors(send.error).email ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = widgetApi.emailWebmaster.body.safeParse({ email });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? MSG.validEmail);
      return;
    }
    setClientError(null);
    send.mutate(parsed.data.email, {
      onSuccess: ({ message, data }) => {
        toast.show({ tone: 'success', title: message ?? MSG.widgetEmailSent, description: `The installation steps are on their way to ${data.email}.` });
        setEmail('');
        send.reset();
        onOpenChange(false);
      },
      onError: (err) => {
        if (!apiFieldErrors(err).email) toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) });
      },
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setClientError(null);
          send.reset();
        }
        onOpenChange(next);
      }}
      title="Email your webmaster"
      description="We send the widget code and step-by-step installation instructions."
      size="sm"
    >
      <form className={styles.stack} onSubmit={onSubmit} noValidate>
        <TextField
          label="Webmaster's email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          autoFocus
        />
        <div className={styles.row}>
          <Button type="submit" loading={send.isPending} icon={<MailIcon size={16} />}>
            Send Email
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The plugin zip, made by the API for the session's location. */
const WORDPRESS_PLUGIN_URL = `/api${widgetApi.wordpressPlugin.path}`;

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Installation: Get Code, WordPress steps, email the webmaster, Refresh Widgets. */
export function InstallationCard({ locationId, loaded }: { locationId: number; loaded: LoadedWebWidget }) {
  const refresh = useRefreshWidgets(locationId);
  const toast = useToast();
  const snippets = useGetCodeSnippets();
  const [codeOpen, setCodeOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const refreshedAt = loaded.widgetSetting.refreshedAt;

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: ({ message, data }) =>
        toast.show({
          tone: 'success',
          title: message ?? MSG.widgetsRefreshed,
          description: `${data.approvedCount} selected of ${data.reviewCount} reviews.`,
        }),
      onError: (err) => toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) }),
    });

  return (
    <Card
      title="Installation"
      description="Add the review widget to your website once; it keeps itself up to date as reviews come in."
    >
      <div className={styles.stack}>
        <div className={styles.row}>
          <Button
            onClick={() => {
              snippets.mutate();
              setCodeOpen(true);
            }}
          >
            Get Code
          </Button>
          <Button variant="secondary" icon={<MailIcon size={16} />} onClick={() => setEmailOpen(true)}>
            Email Webmaster
          </Button>
          <Button variant="secondary" icon={<RefreshIcon size={16} />} onClick={onRefresh} loading={refresh.isPending}>
            Refresh Widgets
          </Button>
          <p className={styles.muted} aria-live="polite">
            {refreshedAt ? `Widget data refreshed ${formatTime(refreshedAt)}.` : 'Widget data refreshes by itself every minute.'}
          </p>
        </div>
        <details className={styles.details}>
          <summary>WordPress instructions</summary>
          <ol>
            <li>
              <a href={WORDPRESS_PLUGIN_URL} download>
                Download the {PRODUCT.name} Reviews plugin
              </a>{' '}
              (a zip made for this location, with your widget code inside).
            </li>
            <li>
              In your WordPress dashboard, open <strong>Plugins › Add New › Upload Plugin</strong>, choose the zip and
              click <strong>Install Now</strong>, then <strong>Activate</strong>.
            </li>
            <li>
              Optional, for a fixed dot: add the shortcode <code>[{PRODUCT.slug}_reviews]</code> in a block or widget
              area where the dot should sit.
            </li>
            <li>Open your site in a new tab: the dot appears, and search engines can read your rating.</li>
            <li>
              Prefer no plugin? Paste the code from <strong>Get Code</strong> into your theme's footer, just before{' '}
              <code>&lt;/body&gt;</code>.
            </li>
          </ol>
        </details>
      </div>
      <GetCodeModal open={codeOpen} onOpenChange={setCodeOpen} snippets={snippets} />
      <EmailWebmasterModal open={emailOpen} onOpenChange={setEmailOpen} />
    </Card>
  );
}
