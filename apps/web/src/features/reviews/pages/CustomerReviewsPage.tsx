import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@kudo/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, type Column, type RowKey } from '../../../components/DataTable';
import { isoDate, type DatePreset } from '../../../components/DateRangeField';
import { Modal } from '../../../components/Modal';
import { Page } from '../../../components/Page';
import { SelectField } from '../../../components/SelectField';
import { LoadingState } from '../../../components/States';
import { defaultTableState, tableStateToParams, useUrlTableState } from '../../../components/tableState';
import { useToast } from '../../../components/Toast';
import { useCurrentSession } from '../../../lib/session/hooks';
import { approveReview, fetchReviewsCsv, reviewKeys, useApproveReview, useArchiveReview, useCreditCampaigns, useReviews, type ReviewRow } from '../api/reviews';
import { ActionsCell, canReply, reviewLabel, ReviewCell, SlidersCell, SourceCell } from '../components/ReviewCells';
import { ReviewReplyPanel } from '../components/ReviewReplyPanel';
import { ReviewFiltersBar } from '../components/ReviewFiltersBar';
import { AddReviewModal, EditReviewModal } from '../components/ReviewModals';
import styles from '../components/Reviews.module.css';
import { approvalChange, approveInTurn } from '../utils/approval';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, toReviewExtra, type ReviewFilterState } from '../utils/filters';

const SORTS = [
  { value: '-captured_on', label: 'Newest first' },
  { value: 'captured_on', label: 'Oldest first' },
  { value: '-kudo_index', label: 'Kudo Index, highest first' },
  { value: 'kudo_index', label: 'Kudo Index, lowest first' },
  { value: 'customer_name', label: 'Customer, A to Z' },
  { value: '-customer_name', label: 'Customer, Z to A' },
];

/** The ranges to pick from; the table opens on the last month (the server keeps 36 months). */
function reviewPresets(today: Date): DatePreset[] {
  const back = (months: number, days = 0) => isoDate(new Date(today.getFullYear(), today.getMonth() - months, today.getDate() - days));
  const to = isoDate(today);
  return [
    { label: 'Last month', from: back(1), to },
    { label: 'Last 7 days', from: back(0, 6), to },
    { label: 'Last 3 months', from: back(3), to },
    { label: 'Last 12 months', from: back(12), to },
    { label: 'Last 36 months', from: isoDate(new Date(today.getFullYear(), today.getMonth() - 36, 1)), to },
  ];
}

function useReviewFilters(): [ReviewFilterState, (next: ReviewFilterState) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const set = useCallback(
    (next: ReviewFilterState) =>
      setParams((current) => {
        const updated = filtersToParams(next, current);
        // A new filter shows its first page.
        updated.delete('page');
        return updated;
      }, { replace: true }),
    [setParams],
  );
  return [filters, set];
}

function CustomerReviews({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const presets = useMemo(() => reviewPresets(new Date()), []);
  const defaults = useMemo(() => defaultTableState({ sort: { key: 'captured_on', dir: 'desc' }, from: presets[0]!.from, to: presets[0]!.to }), [presets]);
  const [state, setState] = useUrlTableState(defaults);
  const [filters, setFilters] = useReviewFilters();
  const [, setParams] = useSearchParams();
  const extra = useMemo(() => toReviewExtra(filters), [filters]);
  const reviews = useReviews(locationId, state, extra);
  const campaignsQuery = useCreditCampaigns(locationId);
  const campaigns = useMemo(() => (campaignsQuery.data ?? []).map((c) => ({ uid: c.uid, name: c.name })), [campaignsQuery.data]);
  const approve = useApproveReview(locationId);
  const archive = useArchiveReview(locationId);
  const queryClient = useQueryClient();
  const toast = useToast();

  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  const [ticked, setTicked] = useState<Map<RowKey, ReviewRow>>(new Map());
  const [denied, setDenied] = useState(false);
  const [archiving, setArchiving] = useState<ReviewRow | null>(null);
  const [editing, setEditing] = useState<ReviewRow | null>(null);
  const [replying, setReplying] = useState<ReviewRow | null>(null);
  const [adding, setAdding] = useState(false);
  const [batching, setBatching] = useState(false);

  const onSelect = (next: Set<RowKey>) => {
    const rows = new Map([...ticked].filter(([key]) => next.has(key)));
    for (const row of reviews.data?.rows ?? []) if (next.has(row.transaction_id)) rows.set(row.transaction_id, row);
    setSelected(next);
    setTicked(rows);
  };

  const toggleApproval = (row: ReviewRow) => {
    const change = approvalChange(row);
    if (change === 'denied') return setDenied(true);
    approve.mutate({ row, approved: change.approved });
  };

  const approveSelected = async () => {
    setBatching(true);
    const result = await approveInTurn([...ticked.values()], (id) => approveReview(ticked.get(id)!, true));
    setBatching(false);
    toast.show({ tone: 'success', title: MSG.reviewsApprovedCount(result.approved, result.of) });
    setSelected(new Set());
    setTicked(new Map());
    await queryClient.invalidateQueries({ queryKey: reviewKeys.all(locationId) });
  };

  const reset = () =>
    setParams(
      () => {
        const cleared = filtersToParams(DEFAULT_FILTERS, new URLSearchParams());
        return tableStateToParams(defaults, defaults, cleared);
      },
      { replace: true },
    );

  const busy = (row: ReviewRow) =>
    (approve.isPending && approve.variables?.row.transaction_id === row.transaction_id) || (archive.isPending && archive.variables?.row.transaction_id === row.transaction_id);

  const columns: Column<ReviewRow>[] = [
    { id: 'source', header: 'Source', cell: (row) => <SourceCell row={row} /> },
    { id: 'review', header: 'Review', cell: (row) => <ReviewCell row={row} timeZone={timeZone} /> },
    { id: 'ratings', header: 'Ratings', cell: (row) => <SlidersCell row={row} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <ActionsCell
          row={row}
          label={reviewLabel(row, timeZone)}
          busy={busy(row)}
          onApprove={() => toggleApproval(row)}
          onArchive={() => (row.archived ? archive.mutate({ row, archived: false }) : setArchiving(row))}
          onEdit={() => setEditing(row)}
          onReply={canReply(row) ? () => setReplying(row) : undefined}
        />
      ),
    },
  ];

  const sortValue = state.sort ? `${state.sort.dir === 'desc' ? '-' : ''}${state.sort.key}` : '-captured_on';
  const filename = `reviews_${state.from ?? 'start'}_to_${state.to ?? isoDate(new Date())}.csv`;

  return (
    <Page
      title="Reviews"
      actions={
        <Button onClick={() => setAdding(true)} disabled={!campaignsQuery.data}>
          Add Review
        </Button>
      }
    >
      <Card>
        <ReviewFiltersBar filters={filters} campaigns={campaigns} onChange={setFilters} onReset={reset} />
        <DataTable
          label="Reviews"
          columns={columns}
          query={reviews}
          rowKey={(row) => row.transaction_id}
          state={state}
          onStateChange={setState}
          search={{ label: 'Search reviews', placeholder: 'Search reviews and customers' }}
          dateRange={{ label: 'Date range', presets }}
          selection={{ selected, onChange: onSelect, rowLabel: (row) => reviewLabel(row, timeZone) }}
          exportCsv={{ filename, fetchTable: (s) => fetchReviewsCsv(s, extra) }}
          empty={{ title: 'No reviews found...', description: 'Try another date range or fewer filters.' }}
          actions={
            <>
              <SelectField
                className={styles.sort}
                label="Sort by"
                hideLabel
                value={sortValue}
                onChange={(v) => setState({ ...state, page: 1, sort: { key: v.replace(/^-/, ''), dir: v.startsWith('-') ? 'desc' : 'asc' } })}
                options={SORTS}
              />
              {selected.size >= 2 && (
                <Button size="sm" onClick={() => void approveSelected()} loading={batching}>
                  Approve Selected ({selected.size})
                </Button>
              )}
            </>
          }
        />
      </Card>

      <Modal open={denied} onOpenChange={setDenied} title={MSG.reviewApprovalDenied} size="sm" footer={<Button onClick={() => setDenied(false)}>OK</Button>}>
        <p>{MSG.reviewNotPositive}</p>
      </Modal>
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title="Archive this review?"
        message={MSG.reviewArchiveWarning}
        confirmLabel="Yes, archive"
        cancelLabel="Oops, don't archive"
        busy={archive.isPending}
        onConfirm={() => archiving && archive.mutate({ row: archiving, archived: true }, { onSettled: () => setArchiving(null) })}
      />
      <Modal open={replying !== null} onOpenChange={(open) => !open && setReplying(null)} title={replying ? `Reply to ${replying.customer_name || replying.author_name || 'the customer'}` : 'Reply'} size="lg">
        {replying && <ReviewReplyPanel locationId={locationId} reviewId={replying.transaction_id} timeZone={timeZone} />}
      </Modal>
      {editing && <EditReviewModal key={editing.transaction_id} locationId={locationId} row={editing} campaigns={campaigns} onClose={() => setEditing(null)} />}
      <AddReviewModal locationId={locationId} campaigns={campaigns} open={adding} onOpenChange={setAdding} />
    </Page>
  );
}

export default function CustomerReviewsPage() {
  const session = useCurrentSession();
  if (!session) return <LoadingState />;
  return <CustomerReviews key={session.location.location_id} locationId={session.location.location_id} timeZone={session.location.time_zone} />;
}
