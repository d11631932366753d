import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { widgetApi, type EndpointData, type EndpointInput } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';

export const widgetKeys = {
  load: (locationId: number) => ['widget', 'load', locationId] as const,
  data: (key: string) => ['widget', 'data', key] as const,
};

export type LoadedWebWidget = EndpointData<typeof widgetApi.loadWebWidget>;
export type SettingsInput = EndpointInput<typeof widgetApi.saveWidgetSettings>['body']['settings'];
export type ChatInput = EndpointInput<typeof widgetApi.saveChatWidget>['body'];

export function useWebWidget(locationId: number) {
  return useQuery({ queryKey: widgetKeys.load(locationId), queryFn: () => call(widgetApi.loadWebWidget) });
}

/** What the embedded widget shows (rating and count), for the live preview of the dot. */
export function useWidgetData(key: string | undefined) {
  return useQuery({
    queryKey: widgetKeys.data(key ?? ''),
    queryFn: () => call(widgetApi.publicWidgetData, { params: { key: key! } }),
    enabled: Boolean(key),
    retry: false,
  });
}

function useUpdateLoaded(locationId: number) {
  const queryClient = useQueryClient();
  return (update: (old: LoadedWebWidget) => LoadedWebWidget) =>
    queryClient.setQueryData(widgetKeys.load(locationId), (old: LoadedWebWidget | undefined) => (old ? update(old) : old));
}

export function useSaveWidgetSettings(locationId: number) {
  const update = useUpdateLoaded(locationId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsInput) => callWithMessage(widgetApi.saveWidgetSettings, { body: { settings } }),
    onSuccess: ({ data }) => {
      update((old) => ({ ...old, widgetSetting: { ...old.widgetSetting, settings: data.settings } }));
      void queryClient.invalidateQueries({ queryKey: ['widget', 'data'] });
    },
  });
}

export function useRefreshWidgets(locationId: number) {
  const update = useUpdateLoaded(locationId);
  return useMutation({
    mutationFn: () => callWithMessage(widgetApi.refreshWidgetData),
    onSuccess: ({ data }) => update((old) => ({ ...old, widgetSetting: { ...old.widgetSetting, refreshedAt: data.refreshedAt } })),
  });
}

export function useGetCodeSnippets() {
  return useMutation({ mutationFn: () => call(widgetApi.getCodeSnippets) });
}

export function useEmailWebmaster() {
  return useMutation({
    mutationFn: (email: string) => callWithMessage(widgetApi.emailWebmaster, { body: { email } }),
  });
}

export function useShareReviewWidget() {
  return useMutation({ mutationFn: () => call(widgetApi.shareReviewWidget) });
}

export function useAddFacebookTab(locationId: number) {
  const update = useUpdateLoaded(locationId);
  return useMutation({
    mutationFn: () => callWithMessage(widgetApi.addFacebookTab),
    onSuccess: ({ data }) =>
      update((old) => ({ ...old, widgetSetting: { ...old.widgetSetting, facebookTab: { pageId: data.pageId, addedAt: data.addedAt } } })),
  });
}

export function useChatWidget(locationId: number) {
  const update = useUpdateLoaded(locationId);
  const onSuccess = ({ data }: { data: { chat: LoadedWebWidget['widgetSetting']['chat'] } }) =>
    update((old) => ({ ...old, widgetSetting: { ...old.widgetSetting, chat: data.chat } }));
  return {
    enable: useMutation({ mutationFn: () => callWithMessage(widgetApi.enableChatWidget), onSuccess }),
    disable: useMutation({ mutationFn: () => callWithMessage(widgetApi.disableChatWidget), onSuccess }),
    save: useMutation({ mutationFn: (body: ChatInput) => callWithMessage(widgetApi.saveChatWidget, { body }), onSuccess }),
  };
}
