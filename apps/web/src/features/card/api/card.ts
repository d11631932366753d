import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardApi, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/session/hooks';

/** Keys carry the location, so switching location never shows another location's settings. */
const useKeys = () => {
  const locationId = useCurrentSession()?.location.location_id;
  return {
    settings: ['card', 'settings', locationId ?? null] as const,
    templates: ['card', 'templates', locationId ?? null] as const,
    rewards: ['card', 'rewards', locationId ?? null] as const,
  };
};

export function useCardSettings() {
  const keys = useKeys();
  return useQuery({ queryKey: keys.settings, queryFn: () => call(cardApi.loadSettings) });
}

export type CardSettingsInput = EndpointInput<typeof cardApi.saveSettings>['body'];

export function useSaveCardSettings() {
  const keys = useKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CardSettingsInput) => callWithMessage(cardApi.saveSettings, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(keys.settings, data),
  });
}

export function useCardTemplates() {
  const keys = useKeys();
  return useQuery({ queryKey: keys.templates, queryFn: () => call(cardApi.loadTemplates) });
}

export type CardTemplatesInput = EndpointInput<typeof cardApi.saveTemplates>['body'];

export function useSaveCardTemplates() {
  const keys = useKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CardTemplatesInput) => callWithMessage(cardApi.saveTemplates, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(keys.templates, data),
  });
}

export type DemoInput = EndpointInput<typeof cardApi.demoTemplate>['body'];

export function useSendDemo() {
  return useMutation({ mutationFn: (input: DemoInput) => callWithMessage(cardApi.demoTemplate, { body: input }) });
}

export function useRewards() {
  const keys = useKeys();
  return useQuery({ queryKey: keys.rewards, queryFn: () => call(cardApi.loadRewards) });
}

export type RewardsInput = EndpointInput<typeof cardApi.saveRewards>['body']['employeeRewardsSettings'];

export function useSaveRewards() {
  const keys = useKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RewardsInput) => callWithMessage(cardApi.saveRewards, { body: { employeeRewardsSettings: input } }),
    onSuccess: ({ data }) => queryClient.setQueryData(keys.rewards, data),
  });
}

/** The file name a download answer suggests, else the fallback. */
function suggestedName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Fetches a file with the session's cookies and saves it (the QR code downloads). */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error('The file could not be downloaded. Please try again.');
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = suggestedName(response, fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
