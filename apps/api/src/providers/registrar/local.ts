import type { AdvanceResult, RegistrarProvider } from './types.js';

/** The EIN that the local registrar's carriers refuse, so the demo and the tests can show a failure. */
export const LOCAL_REFUSED_EIN = '000000000';

/**
 * Without Twilio: walks a registration through the states a real one goes through, on a timer counted from the
 * business's last submission: pending for one step, in review for another, then approved — or failed, with the
 * carrier's reason against the EIN, when the EIN is 00-0000000. Nothing leaves the machine.
 */
export function localRegistrar(stepSeconds: number, now: () => number = Date.now): RegistrarProvider {
  return {
    kind: 'local',
    async advance(input, resources, record) {
      const elapsed = (now() - input.submittedAt.getTime()) / 1000;
      const id = (what: string) => `local-${what}-${input.locationId}`;
      const made: Record<string, string> = {};
      const make = (key: string) => {
        if (!resources[key]) made[key] = id(key);
      };
      make('profile');
      if (elapsed < stepSeconds) {
        if (Object.keys(made).length) await record(made);
        return { status: 'pending', steps: { profile: 'pending', brand: 'draft', service: 'draft', campaign: 'draft' }, checkAgainInSeconds: stepSeconds - elapsed };
      }
      make('brand');
      if (elapsed < 2 * stepSeconds) {
        if (Object.keys(made).length) await record(made);
        return { status: 'in_review', steps: { profile: 'approved', brand: 'in_review', service: 'draft', campaign: 'draft' }, checkAgainInSeconds: 2 * stepSeconds - elapsed };
      }
      let result: AdvanceResult;
      if (input.business.ein === LOCAL_REFUSED_EIN) {
        result = {
          status: 'failed',
          steps: { profile: 'approved', brand: 'failed', service: 'draft', campaign: 'draft' },
          failure: { reason: 'The EIN does not match the legal business name in the IRS records.', field: 'ein' },
        };
      } else {
        make('service');
        make('campaign');
        result = { status: 'approved', steps: { profile: 'approved', brand: 'approved', service: 'approved', campaign: 'approved' }, trustScore: 75 };
      }
      if (Object.keys(made).length) await record(made);
      return result;
    },
  };
}
