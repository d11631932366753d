import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignsApi, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  plan: ['campaigns', 'plan'] as const,
  social: (uid: string) => ['campaigns', 'social', uid] as const,
};

export type AddCampaignInput = EndpointInput<typeof campaignsApi.addCampaign>['body'];
export type EditCampaignInput = EndpointInput<typeof campaignsApi.editCampaign>['body'];
export type ShareAppInput = EndpointInput<typeof campaignsApi.shareApp>['body'];
export type SocialLinkInput = EndpointInput<typeof campaignsApi.addCampaignSocialMedia>['body']['social_media_url'];
export type DefaultTemplatesInput = EndpointInput<typeof campaignsApi.editDefaultTemplates>['body'];

export function useCampaigns() {
  return useQuery({ queryKey: campaignKeys.list, queryFn: () => call(campaignsApi.fetchCampaigns) });
}

export function useCampaignPlan() {
  return useQuery({ queryKey: campaignKeys.plan, queryFn: () => call(campaignsApi.loadCampaignPlan) });
}

/** After a change to the campaigns, the list and the plan's count are loaded again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useAddCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AddCampaignInput) => callWithMessage(campaignsApi.addCampaign, { body: input }),
    onSuccess: refresh,
  });
}

export function useEditCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EditCampaignInput) => callWithMessage(campaignsApi.editCampaign, { body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteCampaign() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (uid: string) => callWithMessage(campaignsApi.deleteCampaign, { body: { uid } }),
    onSuccess: refresh,
  });
}

export function useShareApp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ShareAppInput) => callWithMessage(campaignsApi.shareApp, { body: input }),
    // The first invite creates the FieldOps username the list shows.
    onSuccess: refresh,
  });
}

export function useCampaignSocialMedia(uid: string | null) {
  return useQuery({
    queryKey: campaignKeys.social(uid ?? ''),
    queryFn: () => call(campaignsApi.loadCampaignSocialMedia, { body: { campaign_uid: uid ?? '' } }),
    enabled: Boolean(uid),
  });
}

type SocialAction = 'add' | 'save' | 'remove';

export function useCampaignSocialMutation(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { action: 'add' | 'save'; link: SocialLinkInput } | { action: Extract<SocialAction, 'remove'>; socialMediaId: number },
    ) => {
      if (input.action === 'remove') {
        return callWithMessage(campaignsApi.removeCampaignSocialMedia, {
          body: { campaign_uid: uid, social_media_url: { social_media_id: input.socialMediaId } },
        });
      }
      const endpoint = input.action === 'add' ? campaignsApi.addCampaignSocialMedia : campaignsApi.saveCampaignSocialMedia;
      return callWithMessage(endpoint, { body: { campaign_uid: uid, social_media_url: input.link } });
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(campaignKeys.social(uid), data);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    },
  });
}

export function useSaveDefaultTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DefaultTemplatesInput) => callWithMessage(campaignsApi.editDefaultTemplates, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.list }),
  });
}
