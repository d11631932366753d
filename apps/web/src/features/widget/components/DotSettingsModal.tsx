import { MSG, widgetApi } from '@kudo/shared';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { Switch } from '../../../components/Switch';
import { useToast } from '../../../components/Toast';
import { cx } from '../../../lib/cx';
import { apiFieldErrors, errorMessage } from '../../../lib/forms';
import type { WidgetData } from '../../../embed/render';
import { useSaveWidgetSettings, useWidgetData } from '../api/widget';
import { CodeSnippet } from './CodeSnippet';
import { DotPreview, previewData } from './DotPreview';
import styles from './Widget.module.css';

type Settings = widgetApi.ReviewWidgetSettings;

const STYLE_NAMES: Record<number, string> = { 1: 'Circle', 2: 'Pill', 3: 'Badge', 4: 'Side tab', 5: 'Mini' };

function ColorField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  const valid = widgetApi.HEX_COLOR_RE.test(value);
  // The native picker needs #rrggbb.
  const six = valid && value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
  return (
    <div className={styles.colorField}>
      <label className={styles.label} htmlFor={`${id}-hex`}>
        {label}
      </label>
      <div className={styles.colorInputs}>
        <input
          type="color"
          className={styles.swatch}
          aria-label={`${label} picker`}
          value={valid ? six.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <input
          id={`${id}-hex`}
          className={styles.hex}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!valid || undefined}
          aria-describedby={!valid ? `${id}-err` : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
      {(!valid || error) && (
        <p className={styles.error} id={`${id}-err`}>
          {error ?? MSG.widgetInvalidColor}
        </p>
      )}
    </div>
  );
}

function Segments<V extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className={styles.radioGroup}>
      <legend>{legend}</legend>
      <div className={styles.segments}>
        {options.map((o) => (
          <label key={String(o.value)} className={styles.segment}>
            <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** My Dot Settings: colours, position, style with a live preview, scroll behaviour; Disable or Save. */
export function DotSettingsModal({
  open,
  onOpenChange,
  locationId,
  widgetKey,
  businessName,
  saved,
  containerSnippet,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationId: number;
  widgetKey: string;
  businessName: string;
  saved: Settings;
  containerSnippet: string;
}) {
  const save = useSaveWidgetSettings(locationId);
  const widgetData = useWidgetData(open ? widgetKey : undefined);
  const toast = useToast();
  const [draft, setDraft] = useState(() => ({
    color: saved.color,
    fontColor: saved.fontColor,
    orientation: saved.orientation,
    theme: saved.theme,
    positionFixed: saved.positionFixed,
  }));
  const [showInstructions, setShowInstructions] = useState(saved.positionFixed === 1);
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const valid = widgetApi.HEX_COLOR_RE.test(draft.color) && widgetApi.HEX_COLOR_RE.test(draft.fontColor);
  const errors = apiFieldErrors(save.error);
  const data: WidgetData = previewData(widgetData.data, { ...saved, ...draft }, businessName);

  const onSave = () => {
    save.mutate(draft, {
      onSuccess: ({ message }) => {
        toast.show({ tone: 'success', title: message ?? MSG.widgetSettingsSaved });
        onOpenChange(false);
      },
      onError: (err) => toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) }),
    });
  };
  const onDisable = () => {
    save.mutate(
      { showpullout: 0 },
      {
        onSuccess: ({ message }) => {
          toast.show({ tone: 'success', title: message ?? MSG.dotDisabled, description: MSG.dotDisabledReminder });
          onOpenChange(false);
        },
        onError: (err) => toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) }),
      },
    );
  };

  const fixed = draft.positionFixed === 1;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="My Dot Settings"
      size="lg"
      footer={
        <div className={styles.modalFooter}>
          <Button variant="danger" onClick={onDisable} disabled={save.isPending}>
            Disable My Dot
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!valid}>
            Save Settings
          </Button>
        </div>
      }
    >
      <div className={styles.modalGrid}>
        <div className={styles.fields}>
          <div className={styles.colorRow}>
            <ColorField label="Dot Color" value={draft.color} onChange={(v) => set('color', v)} error={errors['settings.color']} />
            <ColorField label="Font Color" value={draft.fontColor} onChange={(v) => set('fontColor', v)} error={errors['settings.fontColor']} />
          </div>
          <Segments
            legend="Position"
            name="dot-position"
            value={draft.orientation}
            options={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ]}
            onChange={(v) => set('orientation', v)}
          />
          <Segments
            legend="Dot Style"
            name="dot-style"
            value={draft.theme}
            options={widgetApi.DOT_THEMES.map((t) => ({ value: t as number, label: `${t}` }))}
            onChange={(v) => set('theme', v)}
          />
          <p className={styles.hintText}>Style {draft.theme}: {STYLE_NAMES[draft.theme] ?? ''}</p>
          <div>
            <Segments
              legend="Scroll Behavior"
              name="dot-scroll"
              value={draft.positionFixed}
              options={[
                { value: 0 as const, label: 'Floating' },
                { value: 1 as const, label: 'Fixed' },
              ]}
              onChange={(v) => {
                set('positionFixed', v);
                if (v === 1) setShowInstructions(true);
              }}
            />
            <p className={styles.hintText}>
              {fixed
                ? 'Fixed: the dot sits inside one element of your page and scrolls with it.'
                : 'Floating: the dot stays in the corner while visitors scroll, and they can drag it aside.'}
            </p>
          </div>
          <Switch checked={showInstructions} onCheckedChange={setShowInstructions} label="Show embed instructions" />
          {showInstructions && (
            <div className={styles.instructions}>
              <p className={styles.text}>
                For a fixed position, give one element of your page the id <code>{widgetApi.WIDGET_STATIC_CONTAINER_ID}</code>,
                at least 100 by 100 px. The dot appears inside it:
              </p>
              <CodeSnippet code={containerSnippet} label="Container element" />
            </div>
          )}
        </div>
        <div className={styles.previewPane}>
          <p className={styles.label} id="dot-preview-label">
            Live preview
          </p>
          <div className={styles.previewFrame} aria-labelledby="dot-preview-label">
            {fixed ? (
              <div className={styles.previewContainer}>
                <span>#{widgetApi.WIDGET_STATIC_CONTAINER_ID}</span>
                <DotPreview data={data} />
              </div>
            ) : (
              <DotPreview
                data={data}
                className={cx(styles.previewDot, styles[draft.orientation], draft.theme === 4 && styles.edge)}
              />
            )}
          </div>
          {widgetData.isError && <p className={styles.muted}>The live rating could not be loaded; the preview shows the style only.</p>}
        </div>
      </div>
    </Modal>
  );
}
