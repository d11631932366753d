/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { PRODUCT } from '@kudo/shared';
import { readableTextOn } from '../lib/contrast';

interface LayoutProps {
  color: string;
  /** The campaign's or the company's image for the header. */
  image?: string | null;
  imageAlt?: string;
  companyLogo?: string | null;
  companyName?: string;
  whitelabel?: boolean;
  test?: boolean;
  privacyUrl?: string;
  children: ComponentChildren;
}

/** The business's colour behind the header, with black or white text, whichever reads on it. */
export const brandStyle = (color: string) => ({ background: color, color: readableTextOn(color) });

/** The customer pages' frame: brand header, TEST TRANSACTION banner for tests, footer with Powered by. */
export function Layout({ color, image, imageAlt, companyLogo, companyName, whitelabel, test, privacyUrl, children }: LayoutProps) {
  return (
    <div class="page">
      {test && (
        <div class="test-banner" role="status">
          TEST TRANSACTION
        </div>
      )}
      <header class="brand" style={brandStyle(color)}>
        {image ? <img class="brand-image" src={image} alt={imageAlt ?? ''} /> : <span class="brand-name">{companyName}</span>}
      </header>
      <main class="content">{children}</main>
      <footer class="footer">
        {!whitelabel && companyLogo && <img class="footer-logo" src={companyLogo} alt={companyName ?? ''} />}
        {!whitelabel && (
          <a class="powered" href="/" target="_blank" rel="noopener noreferrer">
            Powered by <strong>{PRODUCT.name}</strong>
          </a>
        )}
        <a class="privacy" href={privacyUrl ?? '/privacy'} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
      </footer>
    </div>
  );
}

export function Loading() {
  return (
    <div class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
