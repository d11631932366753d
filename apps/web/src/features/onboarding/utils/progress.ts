import type { ContactRow } from '@kudo/shared';

/**
 * Onboarding's place, kept in the browser: the step shown, the furthest step reached and the source the
 * sign-up came from. Steps: 0 account-details, 1 connect-social-media, 2 preview-pulsecheck, 3 add-to-contacts,
 * 4 confirm-and-send, 5 finish.
 */
export interface OnboardingProgress {
  step: number;
  furthest: number;
  source: string | null;
}

export const LAST_STEP = 5;
const KEY = 'kudo.onboarding';
const ACCOUNT_KEY = 'kudo.onboarding.account';
const CONTACTS_KEY = 'kudo.onboarding.contacts';

const fresh = (): OnboardingProgress => ({ step: 0, furthest: 0, source: null });

function read<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: unknown) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the steps still work within the page.
  }
}

const local = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const session = () => (typeof window === 'undefined' ? undefined : window.sessionStorage);

export function readProgress(): OnboardingProgress {
  const p = read<OnboardingProgress>(local(), KEY);
  if (!p || !Number.isInteger(p.step) || !Number.isInteger(p.furthest)) return fresh();
  const clamp = (n: number) => Math.min(LAST_STEP, Math.max(0, n));
  return { step: clamp(p.step), furthest: clamp(Math.max(p.furthest, p.step)), source: typeof p.source === 'string' ? p.source : null };
}

/** Records a step reached (the furthest only grows). */
export function reachStep(step: number, progress = readProgress()): OnboardingProgress {
  const next = { ...progress, step, furthest: Math.max(progress.furthest, step) };
  write(local(), KEY, next);
  return next;
}

export function storeSource(source: string | null) {
  write(local(), KEY, { ...readProgress(), source });
}

export function resetProgress() {
  write(local(), KEY, null);
  write(session(), ACCOUNT_KEY, null);
  write(session(), CONTACTS_KEY, null);
}

/**
 * The step a user asking for `requested` is shown: never beyond the furthest reached; back is allowed,
 * except that from the finish (step 5) a move to step 4 or below goes to add-to-contacts (step 3).
 */
export function allowedStep(requested: number, progress: OnboardingProgress): number {
  if (requested > progress.furthest) return progress.furthest;
  if (progress.step === LAST_STEP && requested <= 4) return 3;
  return requested;
}

/** The free trial type a source starts: lite from the lite source, mvo otherwise. */
export const trialTypeOf = (source: string | null): 'mvo' | 'lite' => (source === 'lite' ? 'lite' : 'mvo');

/** The account typed at step 0, kept for step 1 without its password (which stays in the page's memory). */
export interface StoredAccount {
  firstName: string;
  lastName: string;
  businessEmail: string;
  businessPhone: string;
  marketingOptIn: boolean;
}

let passwordInMemory: string | null = null;

export function storeAccount(account: StoredAccount, password: string) {
  write(session(), ACCOUNT_KEY, account);
  passwordInMemory = password;
}

export function readAccount(): { account: StoredAccount | null; password: string | null } {
  return { account: read<StoredAccount>(session(), ACCOUNT_KEY), password: passwordInMemory };
}

export function clearAccount() {
  write(session(), ACCOUNT_KEY, null);
  passwordInMemory = null;
}

/** The contacts of add-to-contacts, for confirm-and-send. */
export const storeContacts = (rows: ContactRow[] | null) => write(session(), CONTACTS_KEY, rows);
export const readContacts = (): ContactRow[] => read<ContactRow[]>(session(), CONTACTS_KEY) ?? [];
