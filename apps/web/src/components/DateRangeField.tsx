import { SelectField } from './SelectField';
import { TextField } from './TextField';
import styles from './DataTable.module.css';

export interface DateRange {
  /** ISO dates (YYYY-MM-DD); null leaves that end open. */
  from: string | null;
  to: string | null;
}

export interface DatePreset extends DateRange {
  label: string;
}

/** The local calendar date of a moment, as YYYY-MM-DD. */
export function isoDate(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The usual ranges, each ending today. */
export function datePresets(today: Date): DatePreset[] {
  const daysAgo = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() - n));
  const end = isoDate(today);
  return [
    { label: 'Last 7 days', from: daysAgo(6), to: end },
    { label: 'Last 30 days', from: daysAgo(29), to: end },
    { label: 'Last 12 months', from: isoDate(new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1)), to: end },
    { label: 'All time', from: null, to: null },
  ];
}

const CUSTOM = 'Custom';

/** A date range: a preset to pick quickly, and two labelled date inputs for any other range. */
export function DateRangeField({
  label = 'Date range',
  value,
  onChange,
  presets = datePresets(new Date()),
}: {
  label?: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
  presets?: readonly DatePreset[];
}) {
  const chosen = presets.find((p) => p.from === value.from && p.to === value.to)?.label ?? CUSTOM;
  return (
    <fieldset className={styles.range}>
      <legend className="visually-hidden">{label}</legend>
      <SelectField
        label={label}
        value={chosen}
        onChange={(name) => {
          const preset = presets.find((p) => p.label === name);
          if (preset) onChange({ from: preset.from, to: preset.to });
        }}
        options={[...presets.map((p) => ({ value: p.label, label: p.label })), ...(chosen === CUSTOM ? [{ value: CUSTOM, label: CUSTOM }] : [])]}
      />
      <TextField
        label="From"
        type="date"
        value={value.from ?? ''}
        max={value.to ?? undefined}
        onChange={(e) => onChange({ ...value, from: e.target.value || null })}
      />
      <TextField label="To" type="date" value={value.to ?? ''} min={value.from ?? undefined} onChange={(e) => onChange({ ...value, to: e.target.value || null })} />
    </fieldset>
  );
}
