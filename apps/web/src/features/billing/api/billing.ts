import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi, type EndpointInput, type UpgradeRequestType } from '@kudo/shared';
import { call, callWithMessage } from '../../../lib/api';
import { useCurrentSession } from '../../../lib/session/hooks';
import { sessionKeys } from '../../../lib/session/queries';

/** Keys carry the location, so switching location never shows another location's billing. */
const useKeys = () => {
  const locationId = useCurrentSession()?.location.location_id ?? null;
  return {
    all: ['billing', locationId] as const,
    plans: ['billing', locationId, 'plans'] as const,
    subscription: ['billing', locationId, 'subscription'] as const,
    checkout: (id: string) => ['billing', locationId, 'checkout', id] as const,
  };
};

export function usePlans() {
  return useQuery({ queryKey: useKeys().plans, queryFn: () => call(billingApi.loadPlans), retry: false });
}

export function useBillingSubscription() {
  return useQuery({ queryKey: useKeys().subscription, queryFn: () => call(billingApi.loadSubscription), retry: false });
}

export function usePaymentLink() {
  return useMutation({ mutationFn: (body: EndpointInput<typeof billingApi.paymentLink>['body']) => call(billingApi.paymentLink, { body }) });
}

export function useRequestUpgrade() {
  return useMutation({ mutationFn: (type: UpgradeRequestType) => callWithMessage(billingApi.requestUpgrade, { body: { type } }) });
}

export function useManageSubscription() {
  return useMutation({ mutationFn: () => call(billingApi.manageSubscription) });
}

export function useCheckout(id: string) {
  return useQuery({ queryKey: useKeys().checkout(id), queryFn: () => call(billingApi.loadCheckout, { params: { id } }), retry: false });
}

/** After a purchase or a cancellation the menus, guards and billing all read the new entitlements. */
export function useRefreshEntitlements() {
  const queryClient = useQueryClient();
  const keys = useKeys();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: sessionKeys.all }), queryClient.invalidateQueries({ queryKey: keys.all })]);
}

export function useConfirmCheckout(id: string) {
  return useMutation({ mutationFn: () => callWithMessage(billingApi.confirmCheckout, { params: { id } }) });
}

export function useCancelSubscription() {
  const refresh = useRefreshEntitlements();
  return useMutation({ mutationFn: () => callWithMessage(billingApi.cancelSubscription), onSuccess: () => refresh() });
}
