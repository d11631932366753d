import { useQuery, type QueryClient } from '@tanstack/react-query';

/**
 * Whether this browser believes it is logged in. The session cookie (httpOnly) is the truth; the flag
 * only spares a logged-out visitor a round trip before the login screen, and survives a reload through
 * localStorage. Any 401 turns it off.
 */
const STORAGE_KEY = 'kudo.auth';
export const AUTH_FLAG_KEY = ['auth-flag'] as const;

function readStoredFlag(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function useAuthFlag(): boolean {
  const { data } = useQuery({
    queryKey: AUTH_FLAG_KEY,
    queryFn: readStoredFlag,
    initialData: readStoredFlag,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}

export function setAuthFlag(queryClient: QueryClient, value: boolean): void {
  try {
    if (value) window.localStorage.setItem(STORAGE_KEY, '1');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be blocked (private mode); the in-memory flag still works for this tab.
  }
  queryClient.setQueryData(AUTH_FLAG_KEY, value);
}

/** Another tab logging in or out changes this tab's flag too. */
export function watchAuthFlag(queryClient: QueryClient): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) queryClient.setQueryData(AUTH_FLAG_KEY, event.newValue === '1');
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
