import { generalApi, MSG } from '@kudo/shared';
import { useId, useState, type FormEvent } from 'react';
import { Banner } from '../../../components/Banner';
import { Card } from '../../../components/Card';
import { ImageUpload } from '../../../components/ImageUpload';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { useFormErrors } from '../../../lib/forms';
import { useSaveBranding } from '../api/branding';
import { parseHex } from '../utils/color';
import styles from './Branding.module.css';
import { FormActions } from './FormActions';
import { MenuBarPreview } from './MenuBarPreview';

/** Logo and menu-bar colour, with a live preview of the bar; Cancel goes back to what is saved. */
export function BrandingCard({ locationId, saved }: { locationId: number; saved: { navBkgColor: string; navLogoUrl: string | null } }) {
  const save = useSaveBranding(locationId);
  const toast = useToast();
  const pickerId = useId();
  const [color, setColor] = useState(saved.navBkgColor);
  const [hexText, setHexText] = useState(saved.navBkgColor);
  const [logo, setLogo] = useState<string | null>(saved.navLogoUrl);
  const { errors, generalError, check, clear } = useFormErrors(save);
  const dirty = color !== saved.navBkgColor || logo !== saved.navLogoUrl || hexText !== color;

  const typeHex = (value: string) => {
    setHexText(value);
    const parsed = parseHex(value);
    if (parsed) setColor(parsed);
  };

  const cancel = () => {
    setColor(saved.navBkgColor);
    setHexText(saved.navBkgColor);
    setLogo(saved.navLogoUrl);
    clear();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { color: parseHex(hexText) ?? hexText, logo };
    if (!check(generalApi.saveBranding.body, input)) return;
    save.mutate(input, {
      onSuccess: ({ data, message }) => {
        setColor(data.navBkgColor);
        setHexText(data.navBkgColor);
        setLogo(data.navLogoUrl);
        toast.show({ tone: 'success', title: message ?? MSG.brandingSaved });
      },
    });
  };

  return (
    <Card title="Logo & Color" description="Your logo and the colour of the menu bar for everyone at this location.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {generalError && <Banner tone="danger">{generalError}</Banner>}
        <ImageUpload label="Logo" value={logo} onChange={setLogo} error={errors.logo} hint="PNG, JPEG, GIF or WebP, up to 5 MB. A wide logo about 40 px high looks best." />
        <div className={styles.colorRow}>
          <div className={styles.swatchField}>
            <label htmlFor={pickerId} className={styles.label}>
              Background Color
            </label>
            <input
              id={pickerId}
              type="color"
              className={styles.swatch}
              value={color}
              onChange={(e) => {
                setColor(e.target.value);
                setHexText(e.target.value);
              }}
            />
          </div>
          <TextField
            label="Hex value"
            className={styles.hexField}
            value={hexText}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => typeHex(e.target.value)}
            onBlur={() => setHexText((v) => parseHex(v) ?? v)}
            error={errors.color}
            hint="#rrggbb, for example #1f4e79"
          />
        </div>
        <div>
          <p className={styles.label} id={`${pickerId}-preview`}>
            Preview
          </p>
          <MenuBarPreview color={color} logo={logo} labelledBy={`${pickerId}-preview`} />
        </div>
        <FormActions saveLabel="Save" saving={save.isPending} dirty={dirty} onCancel={cancel} />
      </form>
    </Card>
  );
}
