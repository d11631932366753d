import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operateApi, type BulkJobView } from '@kudo/shared';
import { call, callUpload } from '../../../lib/api';

export const bulkKeys = { latest: ['operate', 'bulk', 'latest'] as const, job: (id: number) => ['operate', 'bulk', id] as const };

/** The user's running (or just finished) bulk send, so a reload shows it again. */
export const useLatestBulk = () => useQuery({ queryKey: bulkKeys.latest, queryFn: () => call(operateApi.bulkLatest) });

/** One bulk send, polled every second while it runs. */
export function useBulkJob(id: number | null) {
  return useQuery({
    queryKey: bulkKeys.job(id ?? 0),
    queryFn: () => call(operateApi.bulkStatus, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status === 'done' ? false : 1000),
  });
}

export function useStartBulk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; campaignUid: string; kind: 'bio' | 'pcheck' }) => {
      const form = new FormData();
      form.append('campaign_uid', input.campaignUid);
      form.append('kind', input.kind);
      form.append('file', input.file);
      return callUpload(operateApi.bulkUpload, form);
    },
    onSuccess: (job: BulkJobView) => client.setQueryData(bulkKeys.job(job.id), job),
  });
}
