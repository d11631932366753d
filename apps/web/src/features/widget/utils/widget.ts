/** The id of the preview page: the last path segment of the widget url. */
export const widgetIdFromUrl = (url: string): string => url.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';

/** Display form of a stored '+1XXXXXXXXXX'; anything else is shown as it is. */
export function displayPhone(e164: string): string {
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
}
