/** What /api/oauth/<provider>/callback posts back to the window that opened the sign-in popup. */
export interface OAuthMessage {
  source: 'kudo-oauth';
  provider: 'google' | 'facebook';
  code: string | null;
  state: string | null;
  error: string | null;
}

/** How long a message may trail the popup's closing. */
const CLOSE_GRACE_MS = 1500;

export class OAuthCancelled extends Error {
  constructor() {
    super('Sign-in was cancelled.');
    this.name = 'OAuthCancelled';
  }
}

export const isOAuthMessage = (data: unknown): data is OAuthMessage =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'kudo-oauth';

/**
 * Opens the sign-in popup at once (inside the click, so pop-up blockers allow it), sends it to the address
 * `getUrl` answers, and resolves with the code the callback page posts back for the same state.
 * Rejects with OAuthCancelled when the user closes the popup or declines.
 */
export async function signInWithPopup(
  provider: 'google' | 'facebook',
  getUrl: () => Promise<{ url: string; state: string }>,
): Promise<string> {
  const width = 520;
  const height = 680;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open('', `kudo-${provider}-sign-in`, `popup,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) throw new Error('Please allow pop-ups for this site to sign in.');
  let target: { url: string; state: string };
  try {
    target = await getUrl();
  } catch (error) {
    popup.close();
    throw error;
  }
  rememberState(provider, target.state);
  popup.location.href = target.url;
  return new Promise<string>((resolve, reject) => {
    let settled = false;
    const done = () => {
      settled = true;
      forgetState(provider);
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthMessage(event.data)) return;
      const m = event.data;
      if (m.provider !== provider || m.state !== target.state) return;
      done();
      if (m.code) resolve(m.code);
      else reject(new OAuthCancelled());
    };
    // A popup closed without an answer is a cancelled sign-in. The callback page posts its message and closes
    // itself at once, so the message may still be on its way when the close is seen: allow it a moment.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      window.setTimeout(() => {
        if (settled) return;
        done();
        reject(new OAuthCancelled());
      }, CLOSE_GRACE_MS);
    }, 500);
    window.addEventListener('message', onMessage);
  });
}

const stateKey = (provider: string) => `kudo-oauth-state:${provider}`;

/** The state of a sign-in under way, kept where a popup cut off from its opener can find it. */
function rememberState(provider: string, state: string) {
  try {
    window.localStorage.setItem(stateKey(provider), state);
  } catch {
    // Storage off: only the popup's message can finish the sign-in.
  }
}

function forgetState(provider: string) {
  try {
    window.localStorage.removeItem(stateKey(provider));
  } catch {
    // Nothing kept.
  }
}

/**
 * A sign-in that came back to the screen itself (`?oauth=<provider>&code=…&state=…`, when the browser cut the
 * popup off from the window that opened it): the provider and code, when the state is the one this browser sent.
 */
export function takeRedirectedSignIn(params: URLSearchParams): { provider: 'google' | 'facebook'; code: string } | null {
  const provider = params.get('oauth');
  const code = params.get('code');
  const state = params.get('state');
  if ((provider !== 'google' && provider !== 'facebook') || !code || !state) return null;
  let expected: string | null = null;
  try {
    expected = window.localStorage.getItem(stateKey(provider));
  } catch {
    return null;
  }
  if (expected !== state) return null;
  forgetState(provider);
  return { provider, code };
}
