import { LIMITS } from '@kudo/shared';

export interface PasswordChangeFields {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The requirements the Update Password dialog lists, in its order, each with whether it holds. */
export function passwordChangeChecks({ currentPassword, newPassword, confirmPassword }: PasswordChangeFields) {
  return [
    { id: 'length', label: `At least ${LIMITS.passwordMin} characters`, met: newPassword.length >= LIMITS.passwordMin },
    { id: 'spaces', label: 'No spaces', met: newPassword.length > 0 && !/\s/.test(newPassword) },
    { id: 'match', label: 'New and confirm password match', met: newPassword.length > 0 && newPassword === confirmPassword },
    { id: 'current', label: 'Current password entered', met: currentPassword.length > 0 },
  ] as const;
}

/** The Update Password button is active only when every requirement holds. */
export const canChangePassword = (fields: PasswordChangeFields): boolean =>
  passwordChangeChecks(fields).every((check) => check.met);
