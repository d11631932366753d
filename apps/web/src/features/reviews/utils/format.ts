/** A moment as a date people read ("Nov 3, 2026"), in the location's time zone. */
export function formatDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** A moment with its time ("Nov 3, 2026, 4:05 PM"), in the location's time zone. */
export function formatMoment(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
}

/** The customer's address with its city, state and zip, each added only when the address does not already say it. */
export function customerAddress(row: { customer_address: string; customer_city: string; customer_state: string; customer_zipcode: string }): string {
  const street = row.customer_address.trim();
  const has = (part: string) => street.toLowerCase().includes(part.toLowerCase());
  const city = row.customer_city && !has(row.customer_city) ? row.customer_city : '';
  const region = [row.customer_state && !has(`${row.customer_state}`) ? row.customer_state : '', row.customer_zipcode && !has(row.customer_zipcode) ? row.customer_zipcode : '']
    .filter(Boolean)
    .join(' ');
  return [street, city, region].filter(Boolean).join(', ');
}
