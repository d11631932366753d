import { MSG, widgetApi } from '@kudo/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { SelectField } from '../../../components/SelectField';
import { Switch } from '../../../components/Switch';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { errorMessage, useFormErrors } from '../../../lib/forms';
import { useChatWidget, type LoadedWebWidget } from '../api/widget';
import styles from './Widget.module.css';

const CONTACT_TEXT =
  'To enable the chat widget, contact your customer success manager or our support team. Once it is part of your plan, you can switch it on and set it up here.';

/** The chat widget: text only without the web-chat subscription; with it, on/off and its settings. */
export function ChatWidgetCard({ locationId, loaded }: { locationId: number; loaded: LoadedWebWidget }) {
  const { chat, chatAvailable } = loaded.widgetSetting;
  const mutations = useChatWidget(locationId);
  const toast = useToast();
  const [greeting, setGreeting] = useState(chat.greeting);
  const [color, setColor] = useState(chat.color);
  const [orientation, setOrientation] = useState<'left' | 'right'>(chat.orientation);
  const { errors, check } = useFormErrors(mutations.save);
  const onError = (err: unknown) => toast.show({ tone: 'error', title: MSG.widgetError, description: errorMessage(err) });

  if (!chatAvailable) {
    return (
      <Card title="Chat Widget">
        <p className={styles.text}>{CONTACT_TEXT}</p>
      </Card>
    );
  }

  const toggle = (on: boolean) =>
    (on ? mutations.enable : mutations.disable).mutate(undefined, {
      onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? (on ? MSG.chatWidgetEnabled : MSG.chatWidgetDisabled) }),
      onError,
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { greeting, color, orientation };
    if (!check(widgetApi.saveChatWidget.body, input)) return;
    mutations.save.mutate(input, {
      onSuccess: ({ message }) => toast.show({ tone: 'success', title: message ?? MSG.widgetSettingsSaved }),
      onError,
    });
  };

  const busy = mutations.enable.isPending || mutations.disable.isPending;
  return (
    <Card title="Chat Widget" description="Let website visitors send you a text message from your site.">
      <div className={styles.stack}>
        <Switch checked={chat.enabled === 1} onCheckedChange={toggle} label="Chat widget enabled" disabled={busy} />
        <form className={styles.chatForm} onSubmit={onSubmit} noValidate>
          <TextField
            label="Greeting"
            value={greeting}
            maxLength={200}
            onChange={(e) => setGreeting(e.target.value)}
            error={errors.greeting}
            hint="The first line visitors see when they open the chat."
          />
          <div className={styles.row}>
            <TextField label="Button color" value={color} maxLength={7} onChange={(e) => setColor(e.target.value.trim())} error={errors.color} />
            <SelectField
              label="Position"
              value={orientation}
              onChange={setOrientation}
              options={[
                { value: 'left', label: 'Left' },
                { value: 'right', label: 'Right' },
              ]}
            />
          </div>
          <div className={styles.row}>
            <Button type="submit" loading={mutations.save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
