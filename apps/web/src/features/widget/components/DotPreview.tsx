import { useEffect, useRef } from 'react';
import { dotContentHtml, widgetCss, type WidgetData } from '../../../embed/render';

/**
 * The dot exactly as the embedded script draws it (same markup and styles, in a Shadow DOM), without its
 * behaviour: a picture for the settings' live preview.
 */
export function DotPreview({ data, className }: { data: WidgetData; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = data.settings.theme >= 1 && data.settings.theme <= 5 ? data.settings.theme : 1;
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${widgetCss(data.settings)}</style><div class="kw ${data.settings.orientation}"><span class="dot t${theme}">${dotContentHtml(data)}</span></div>`;
  }, [data, theme]);
  return <div ref={ref} className={className} role="img" aria-label={`Dot style ${theme}`} data-dot-style={theme} />;
}

/** Preview data: the widget's real rating when loaded, with the settings being edited. */
export function previewData(base: WidgetData | undefined, settings: WidgetData['settings'], businessName: string): WidgetData {
  return {
    business: base?.business ?? {
      name: businessName,
      phone: '',
      website: '',
      address: { street: '', city: '', region: '', postalCode: '', country: '' },
    },
    aggregateRating: base?.aggregateRating ?? { ratingValue: 0, reviewCount: 0 },
    recentReviewCount: base?.recentReviewCount ?? 0,
    reviews: base?.reviews ?? [],
    allReviewsUrl: base?.allReviewsUrl ?? null,
    settings,
    chat: base?.chat ?? { enabled: false, greeting: '', color: '', orientation: 'right' },
    generatedAt: base?.generatedAt ?? new Date(0).toISOString(),
  };
}
