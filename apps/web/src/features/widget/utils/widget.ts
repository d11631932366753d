/** The id of the preview page: the last path segment of the widget url. */
export const widgetIdFromUrl = (url: string): string => url.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() ?? '';
