import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MSG, SOCIAL_SITE_TYPES, type SocialAccount, type SocialSiteType } from '@kudo/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { cx } from '../../../lib/cx';
import { errorMessage } from '../../../lib/forms';
import { useClearAccount, useSaveAccount, useSaveHomepage, useUpdateOrder, type SocialData } from '../api/social';
import { AddLinkModal, EditLinkModal, type EditTarget } from './LinkModals';
import { SiteBadge, siteLabel } from './SiteBadge';
import styles from './Social.module.css';

const isSet = (a: SocialAccount) => Boolean(a.homepage || a.reviewPage);

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

function LinkRow({
  account,
  onAdd,
  onEdit,
  onClear,
}: {
  account: SocialAccount;
  onAdd: () => void;
  onEdit: () => void;
  onClear: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: account.key });
  const label = siteLabel(account.type, account.title);
  const set = isSet(account);
  return (
    <li
      ref={setNodeRef}
      className={cx(styles.link, isDragging && styles.dragging)}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`link-${account.key}`}
      data-key={account.key}
    >
      <button type="button" ref={setActivatorNodeRef} className={styles.handle} aria-label={`Reorder ${label}`} {...attributes} {...listeners}>
        <GripIcon />
      </button>
      <SiteBadge type={account.type} url={account.homepage || account.reviewPage} />
      <div className={styles.linkText}>
        <span className={styles.linkName}>{label}</span>
        {set ? (
          <>
            {account.reviewPage && (
              <a className={styles.url} href={account.reviewPage} target="_blank" rel="noreferrer">
                <span className={styles.urlLabel}>Review: </span>
                {account.reviewPage}
              </a>
            )}
            {account.homepage && (
              <a className={styles.url} href={account.homepage} target="_blank" rel="noreferrer">
                <span className={styles.urlLabel}>Homepage: </span>
                {account.homepage}
              </a>
            )}
          </>
        ) : (
          <span className={styles.muted}>Not added</span>
        )}
      </div>
      <div className={styles.linkActions}>
        {set ? (
          <>
            {/* The site's name follows the visible words, so the button is still called what it shows. */}
            <Button variant="secondary" size="sm" onClick={onEdit}>
              Edit Links<span className="visually-hidden"> for {label}</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={onClear}>
              Clear Links<span className="visually-hidden"> for {label}</span>
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={onAdd} aria-label={`Add ${label}`}>
            Add
          </Button>
        )}
      </div>
    </li>
  );
}

/** Social Media Review & Homepages: one row per site and custom link, reordered by dragging. */
export function LinksCard({ locationId, data }: { locationId: number; data: SocialData }) {
  const toast = useToast();
  const saveHomepage = useSaveHomepage(locationId);
  const saveAccount = useSaveAccount(locationId);
  const clear = useClearAccount(locationId);
  const reorder = useUpdateOrder(locationId);
  const [adding, setAdding] = useState<SocialSiteType | null>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [clearing, setClearing] = useState<SocialAccount | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const accounts = data.order.map((key) => data.social_media[key]).filter((a): a is SocialAccount => Boolean(a));
  const labelOf = (id: string | number) => {
    const a = data.social_media[String(id)];
    return a ? siteLabel(a.type, a.title) : String(id);
  };
  const positionOf = (id: string | number) => data.order.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, position ${positionOf(active.id)} of ${data.order.length}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOf(active.id)} is over position ${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${labelOf(active.id)} was dropped at position ${positionOf(over.id)}.` : `${labelOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };

  const failed = (error: unknown) => toast.show({ tone: 'error', title: 'Error', description: errorMessage(error) });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(data.order, data.order.indexOf(String(active.id)), data.order.indexOf(String(over.id)));
    reorder.mutate(next, { onError: failed });
  };

  const toEdit = (a: SocialAccount, note?: string): EditTarget => ({
    key: a.key,
    type: a.type,
    title: a.title ?? '',
    reviewPage: a.reviewPage,
    homepage: a.homepage,
    note,
  });

  return (
    <Card
      flush
      title="Social Media Review & Homepages"
      description="Drag the rows to set the order customers see the sites in."
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setEditing({ key: 'custom', type: 'custom', title: '', reviewPage: '', homepage: '' })}
        >
          Add Custom Link
        </Button>
      }
    >
      {accounts.length === 0 ? (
        <EmptyState compact title="No sites yet" />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: 'To reorder, press Space or Enter to pick the row up, the arrow keys to move it, and Space or Enter again to drop it. Escape cancels.' },
          }}
        >
          <SortableContext items={data.order} strategy={verticalListSortingStrategy}>
            <ul className={styles.links} aria-label="Review and homepage links">
              {accounts.map((a) => (
                <LinkRow
                  key={a.key}
                  account={a}
                  onAdd={() => ((SOCIAL_SITE_TYPES as readonly string[]).includes(a.key) ? setAdding(a.key as SocialSiteType) : setEditing(toEdit(a)))}
                  onEdit={() => setEditing(toEdit(a))}
                  onClear={() => setClearing(a)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}

      <AddLinkModal
        type={adding}
        onOpenChange={(open) => !open && setAdding(null)}
        saving={saveHomepage.isPending}
        onSave={(url, onError) => {
          const type = adding;
          if (!type) return;
          saveHomepage.mutate(
            { social_media: type, social_media_url: url },
            {
              onSuccess: ({ data: answer, message }) => {
                setAdding(null);
                if (answer.status === 'warning') {
                  // The link looks off: say why and let the user confirm or fix it in the edit dialog.
                  toast.show({ tone: 'info', title: answer.status_message ?? '' });
                  const row = data.social_media[type];
                  if (row) setEditing(toEdit({ ...row, homepage: url }, answer.status_message ?? undefined));
                  return;
                }
                toast.show({ tone: 'success', title: message ?? MSG.socialAdded });
              },
              onError,
            },
          );
        }}
      />
      <EditLinkModal
        target={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        saving={saveAccount.isPending}
        onSave={(input, onError) =>
          saveAccount.mutate(input, {
            onSuccess: ({ data: answer, message }) => {
              setEditing(null);
              toast.show({ tone: 'success', title: message ?? MSG.socialEdited });
              if (answer.status === 'warning' && answer.status_message) toast.show({ tone: 'info', title: answer.status_message });
            },
            onError,
          })
        }
      />
      <ConfirmDialog
        open={clearing !== null}
        onOpenChange={(open) => !open && setClearing(null)}
        title={clearing ? `Clear ${siteLabel(clearing.type, clearing.title)} links?` : ''}
        message={
          clearing?.type === 'custom'
            ? 'The custom link will be removed.'
            : 'Its review page and homepage will be removed. You can add them again at any time.'
        }
        confirmLabel="Clear Links"
        busy={clear.isPending}
        onConfirm={() =>
          clearing &&
          clear.mutate(clearing.key, {
            onSuccess: ({ message }) => {
              toast.show({ tone: 'success', title: message ?? MSG.socialCleared });
              setClearing(null);
            },
            onError: (error) => {
              failed(error);
              setClearing(null);
            },
          })
        }
      />
    </Card>
  );
}
