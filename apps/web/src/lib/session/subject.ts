import type { AccessSubject, EndpointData, LocationItem, sessionApi } from '@kudo/shared';

export type LocationsData = EndpointData<typeof sessionApi.loadLocations>;
export type LocationUserData = EndpointData<typeof sessionApi.loadLocationUser>;
export type IdentityData = EndpointData<typeof sessionApi.loadIdentity>;
export type CrossSellData = EndpointData<typeof sessionApi.crossSell>;

/** What access rules are checked against: the user's standing at the current location. */
export function toAccessSubject(
  location: LocationItem,
  locationUser: LocationUserData,
  subscriptions: readonly string[],
): AccessSubject {
  return {
    role: locationUser.location.role.name,
    permissions: locationUser.location.permissions,
    subscriptions,
    freeTrial: location.free_trial,
    freeTrialType: location.free_trial_type,
  };
}

export const isLiteTrial = (location: Pick<LocationItem, 'free_trial' | 'free_trial_type'>): boolean =>
  location.free_trial && location.free_trial_type === 'lite';
