export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_RE = /https?:\/\/[^\s<>"'`]+/g;
// Punctuation that ends a sentence is rarely part of the link it follows.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** Splits plain text into text and http(s) links, so links in a message body can be clicked. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index;
    let href = match[0];
    const trailing = TRAILING.exec(href)?.[0] ?? '';
    // Keep a closing parenthesis that balances one inside the link (wiki-style URLs).
    const keep = trailing.startsWith(')') && (href.match(/\(/g)?.length ?? 0) > 0 ? 1 : 0;
    href = href.slice(0, href.length - trailing.length + keep);
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
