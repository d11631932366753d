import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignsApi, operateApi, type DispatchPayload } from '@kudo/shared';
import { call } from '../../../lib/api';

export const dispatchKeys = { campaigns: ['operate', 'dispatch'] as const, boost: ['operate', 'boost'] as const };

/** E105: the campaigns to send from. */
export const useDispatchCampaigns = () => useQuery({ queryKey: dispatchKeys.campaigns, queryFn: () => call(campaignsApi.loadDispatch) });

export function useSend() {
  return useMutation({
    mutationFn: ({ kind, payload }: { kind: 'bio' | 'pcheck'; payload: DispatchPayload }) =>
      call(kind === 'bio' ? operateApi.sendBio : operateApi.sendPulseCheck, { body: payload }),
  });
}

/** E110 + E116 at ten digits: the known customer and whether bios and pulseChecks may be texted. */
export async function lookupCustomer(phone: string) {
  const [known, consent] = await Promise.all([
    call(operateApi.lookupPhone, { body: { phone } }),
    call(operateApi.lookupPhoneConsent, { body: { phone, app_code: 'HS' } }),
  ]);
  return { contact: known.contact, optedOutReason: consent.check ? null : (consent.reason ?? 'This number cannot receive texts.') };
}

export const useBoost = () => useQuery({ queryKey: dispatchKeys.boost, queryFn: () => call(operateApi.loadBoost) });

/** Flips at once and goes back when the server refuses (3§4). */
export function useSaveBoost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call(operateApi.saveBoost, { body: { enabled } }),
    onMutate: async (enabled) => {
      await client.cancelQueries({ queryKey: dispatchKeys.boost });
      const before = client.getQueryData(dispatchKeys.boost);
      client.setQueryData(dispatchKeys.boost, (old: { enabled: boolean } | undefined) => (old ? { ...old, enabled } : old));
      return { before };
    },
    onError: (_e, _v, context) => client.setQueryData(dispatchKeys.boost, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: dispatchKeys.boost }),
  });
}
