import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPhone, INBOX_LIMITS, INBOX_MSG, type ConversationView, type FetchConversationsData } from '@kudo/shared';
import { pathFor } from '../../../config/routes';
import { Button } from '../../../components/Button';
import { Dropdown, DropdownItem, DropdownLabel } from '../../../components/DropdownMenu';
import { Modal } from '../../../components/Modal';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { SearchField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { useCurrentSession, useIdentity } from '../../../lib/session/hooks';
import { useConversations, useInboxActions, useInboxLive, useRefreshInbox, useThread, type ListFilter } from '../api/inbox';
import { MessageBox } from '../components/Composer';
import { ExportModal } from '../components/ExportModal';
import { NewConversationModal } from '../components/NewConversationModal';
import { TemplatesModal } from '../components/TemplatesModal';
import styles from '../components/Inbox.module.css';
import { messageTime, timeAgo } from '../utils/time';

const CHANNELS = ['Facebook', 'Google', 'Web Chat', 'SMS'] as const;

export default function InboxPage() {
  const session = useCurrentSession();
  // Who calls, as every inbox call says it (the server reads it from the session).
  const identity = useIdentity();
  if (!session || identity.isPending) return <LoadingState fullPage />;
  return <Inbox locationId={session.location.location_id} me={identity.data?.id ?? null} />;
}

function Inbox({ locationId, me }: { locationId: number; me: number | null }) {
  const [filter, setFilter] = useState<ListFilter>({ urgent: false, viewing: null });
  const list = useConversations(locationId, me, filter);
  const refresh = useRefreshInbox(locationId);
  const live = useInboxLive(locationId, me, list.data, refresh);
  return (
    <div className={styles.page}>
      <QueryBoundary query={list} isEmpty={() => false}>
        {(data) => <InboxPanes data={data} locationId={locationId} filter={filter} setFilter={setFilter} />}
      </QueryBoundary>
      {live.paused && (
        <div className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby="inbox-paused">
          <div className={styles.overlayCard}>
            <p id="inbox-paused">{INBOX_MSG.inactivity}</p>
            <Button onClick={() => (live.resume(), refresh())} autoFocus>
              Resume Session
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function InboxPanes({
  data,
  locationId,
  filter,
  setFilter,
}: {
  data: FetchConversationsData;
  locationId: number;
  filter: ListFilter;
  setFilter: (f: ListFilter) => void;
}) {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(() => Number(params.get('conversation')) || null);
  const [dialog, setDialog] = useState<'new' | 'export' | 'assign' | 'templates' | null>(null);
  const actions = useInboxActions(locationId, data.me);
  const refresh = useRefreshInbox(locationId);
  const listRef = useRef<HTMLUListElement>(null);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const digits = q.replace(/\D/g, '');
    return data.data.filter((c) => !q || c.name.toLowerCase().includes(q) || (digits && c.phone_number.includes(digits)) || c.latest_message.message.toLowerCase().includes(q));
  }, [data.data, search]);
  const selected = data.data.find((c) => c.conversation_id === selectedId) ?? null;
  const existing = useMemo(() => new Set(data.data.map((c) => c.phone_number)), [data.data]);

  const select = (c: ConversationView) => {
    setSelectedId(c.conversation_id);
    if (params.get('conversation')) setParams({}, { replace: true });
    if (!c.read_all_messages) actions.read.mutate(c);
  };
  // An unread conversation opened from a link is read too.
  useEffect(() => {
    if (selected && !selected.read_all_messages && params.get('conversation')) actions.read.mutate(selected);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once for the linked conversation
  }, []);

  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const index = shown.findIndex((c) => c.conversation_id === selectedId);
    const next = shown[e.key === 'ArrowDown' ? Math.min(shown.length - 1, index + 1) : Math.max(0, index - 1)];
    if (next) {
      select(next);
      listRef.current?.querySelector<HTMLElement>(`[data-id="${next.conversation_id}"]`)?.focus();
    }
  };

  const act = async (action: 'move' | 'optin' | 'optout' | 'close', target?: number) => {
    if (!selected) return;
    try {
      const res = await actions.act.mutateAsync({ c: selected, action, ...(target !== undefined ? { target } : {}) });
      if (res.message) toast.show({ tone: 'success', title: res.message });
      if (action === 'close') setSelectedId(null);
    } catch (e) {
      toast.show({ tone: 'error', title: errorMessage(e) });
    }
  };

  return (
    <>
      <header className={styles.topBar}>
        <h1 className={styles.title}>Inbox</h1>
        <div className={styles.topActions}>
          <Button onClick={() => setDialog('new')}>New Conversation</Button>
          <Dropdown label="Inbox actions" trigger={<Button variant="secondary">Actions</Button>} align="end">
            <DropdownItem onSelect={() => setDialog('export')}>Export Conversations</DropdownItem>
            <DropdownLabel>Supported on Chrome and Firefox</DropdownLabel>
          </Dropdown>
          <Link to={pathFor('settings-messaging-notifications')} className={styles.gear} aria-label="Messaging settings" title="Messaging settings">
            ⚙
          </Link>
        </div>
      </header>
      <div className={styles.panes}>
        <section className={styles.listPane} aria-label="Conversations">
          <div className={styles.filters}>
            <div role="group" aria-label="Quick filters" className={styles.quick}>
              <Button size="sm" variant={filter.urgent ? 'secondary' : 'primary'} aria-pressed={!filter.urgent} onClick={() => setFilter({ ...filter, urgent: false })}>
                All
              </Button>
              <Button size="sm" variant={filter.urgent ? 'primary' : 'secondary'} aria-pressed={filter.urgent} onClick={() => setFilter({ ...filter, urgent: true })}>
                Urgent
              </Button>
              <Button size="sm" variant="ghost" loading={actions.closeAllRead.isPending} onClick={() => actions.closeAllRead.mutate()}>
                Close All Read
              </Button>
            </div>
            <SelectField
              label="Viewing"
              value={filter.viewing === null ? '' : String(filter.viewing)}
              onChange={(v) => setFilter({ ...filter, viewing: v ? Number(v) : null })}
              options={[{ value: '', label: 'All Conversations' }, ...data.assignees.map((a) => ({ value: String(a.id), label: a.user_email }))]}
            />
            <div className={styles.searchRow}>
              <SearchField label="Search conversations" value={search} onChange={(e) => setSearch(e.target.value)} />
              <Dropdown label="Channels" trigger={<Button variant="secondary" size="sm">Channels</Button>}>
                {CHANNELS.map((c) => (
                  <DropdownItem key={c} onSelect={() => undefined}>
                    {c}
                  </DropdownItem>
                ))}
              </Dropdown>
            </div>
            <p className={styles.unread} aria-live="polite">
              {data.unread_messages} unread message(s)
            </p>
          </div>
          <ul className={styles.list} ref={listRef} onKeyDown={onListKey} aria-label="Conversation list">
            {shown.length === 0 && <li className={styles.emptyList}>No conversations</li>}
            {shown.map((c) => (
              <li key={c.conversation_id}>
                <button
                  type="button"
                  data-id={c.conversation_id}
                  className={cx(styles.row, c.conversation_id === selectedId && styles.rowSelected, !c.read_all_messages && styles.rowUnread)}
                  aria-current={c.conversation_id === selectedId ? 'true' : undefined}
                  tabIndex={c.conversation_id === selectedId || (selectedId === null && c === shown[0]) ? 0 : -1}
                  onClick={() => select(c)}
                >
                  <span className={styles.rowTop}>
                    <span className={styles.rowName}>{c.name || formatPhone(c.phone_number)}</span>
                    <span className={styles.rowAgo}>{timeAgo(c.latest_message.datetime)}</span>
                  </span>
                  <span className={styles.rowMessage}>{c.latest_message.message}</span>
                  <span className={styles.rowBottom}>
                    <span className={styles.assignee}>{c.user_data.label}</span>
                    {c.urgent && <span className={styles.urgent}>Urgent</span>}
                    {!c.read_all_messages && <span className={styles.unreadDot}>{c.unread_count} unread</span>}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <section className={styles.threadPane} aria-label="Messages">
          {selected ? (
            <ThreadPane
              key={selected.conversation_id}
              conversation={selected}
              locationId={locationId}
              me={data.me}
              timeZone={data.header.timezone}
              onTemplates={() => setDialog('templates')}
            />
          ) : (
            <p className={styles.placeholder}>Select a conversation to read it.</p>
          )}
        </section>
        <aside className={styles.actionsPane} aria-label="Conversation actions">
          {selected ? (
            <>
              <div className={styles.customer}>
                <strong>{selected.name || 'Customer'}</strong>
                <span>{formatPhone(selected.phone_number)}</span>
                {selected.address && <span>{selected.address}</span>}
                <span>Assigned to {selected.user_data.label}</span>
                {selected.opted_out && <span className={styles.optedOut}>Opted out of texts</span>}
              </div>
              <Button variant="secondary" onClick={() => setDialog('assign')}>
                Assign to...
              </Button>
              <Button variant="secondary" onClick={() => actions.unread.mutate(selected)}>
                Mark Unread
              </Button>
              <Button variant="secondary" onClick={() => void act('optin')}>
                Opt-In
              </Button>
              <Button variant="secondary" onClick={() => void act('optout')}>
                Opt-Out
              </Button>
              <Button variant="secondary" onClick={() => void act('close')}>
                Close
              </Button>
              <Button
                variant="secondary"
                loading={actions.review.isPending}
                onClick={() =>
                  actions.review.mutate(selected, {
                    onSuccess: () => toast.show({ tone: 'success', title: 'Review request sent' }),
                    onError: (e) => toast.show({ tone: 'error', title: errorMessage(e) }),
                  })
                }
              >
                Send Review Request
              </Button>
            </>
          ) : (
            <p className={styles.placeholder}>No conversation selected.</p>
          )}
        </aside>
      </div>
      <NewConversationModal
        open={dialog === 'new'}
        onOpenChange={(o) => setDialog(o ? 'new' : null)}
        assignees={data.assignees}
        templates={data.templates.templates}
        existingNumbers={existing}
        me={data.me}
        onCreated={(id) => {
          refresh();
          if (id) setSelectedId(id);
        }}
      />
      <ExportModal open={dialog === 'export'} onOpenChange={(o) => setDialog(o ? 'export' : null)} />
      <Modal open={dialog === 'assign'} onOpenChange={(o) => setDialog(o ? 'assign' : null)} title="Select a User" size="sm">
        <ul className={styles.assignList}>
          {data.assignees.map((a) => (
            <li key={a.id}>
              <Button variant={selected?.conversation_user_id === a.id ? 'primary' : 'ghost'} block onClick={() => (setDialog(null), void act('move', a.id))}>
                {a.user_email}
              </Button>
            </li>
          ))}
        </ul>
      </Modal>
      {selected && (
        <TemplatesModal
          open={dialog === 'templates'}
          onOpenChange={(o) => setDialog(o ? 'templates' : null)}
          categories={data.templates.templates}
          onCopy={(text) => window.dispatchEvent(new CustomEvent('kudo-inbox-template', { detail: text }))}
          onSendNow={(text) =>
            actions.send.mutate({ c: selected, body: text }, { onError: (e) => toast.show({ tone: 'error', title: errorMessage(e) }) })
          }
        />
      )}
    </>
  );
}

function ThreadPane({
  conversation,
  locationId,
  me,
  timeZone,
  onTemplates,
}: {
  conversation: ConversationView;
  locationId: number;
  me: number;
  timeZone: string;
  onTemplates: () => void;
}) {
  const thread = useThread(locationId, conversation.conversation_id);
  const actions = useInboxActions(locationId, me);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  useEffect(() => {
    const copy = (e: Event) => setDraft((e as CustomEvent<string>).detail);
    window.addEventListener('kudo-inbox-template', copy);
    return () => window.removeEventListener('kudo-inbox-template', copy);
  }, []);

  const send = () => {
    if (!draft.trim() || actions.send.isPending) return;
    if (draft.length > INBOX_LIMITS.hardChars) return setError(INBOX_MSG.overHard);
    setError(null);
    actions.send.mutate({ c: conversation, body: draft }, { onSuccess: () => setDraft(''), onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <div className={styles.thread}>
      <header className={styles.threadHeader}>
        <h2>{conversation.name || formatPhone(conversation.phone_number)}</h2>
        <span>{formatPhone(conversation.phone_number)}</span>
      </header>
      <div className={styles.messages} aria-live="polite">
        <QueryBoundary query={thread} compact isEmpty={() => false}>
          {(c) => (
            <ol className={styles.messageList}>
              {c.messages.map((m) => (
                <li key={m.id} className={cx(styles.message, m.direction_flag ? styles.outbound : styles.inbound)}>
                  <p className={styles.bubble}>{m.message}</p>
                  {m.media_url && <img className={styles.media} src={m.media_url} alt="Picture sent with the message" />}
                  <span className={styles.meta}>
                    {messageTime(m.datetime, timeZone)}
                    {m.author ? ` · ${m.author}` : m.kind === 'auto_reply' ? ' · Auto-reply' : ''}
                    {m.direction_flag && m.status ? ` · ${m.status}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </QueryBoundary>
        <div ref={end} />
      </div>
      <div className={styles.composer}>
        <MessageBox label="Message" value={draft} onChange={setDraft} onSubmit={send} onTemplates={onTemplates} error={error} />
        <Button onClick={send} loading={actions.send.isPending} disabled={!draft.trim()} title="Send (Ctrl+Enter)">
          Send
        </Button>
      </div>
    </div>
  );
}
