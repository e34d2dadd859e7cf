import {
  createWebhookEndpointSchema,
  extractErrorMessage,
  WEBHOOK_EVENTS,
  WEBHOOK_SUBSCRIBABLE_EVENTS,
  WEBHOOK_TEXTS,
  type WebhookEventType,
} from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { CheckboxField, FormAlert } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { useCreateEndpoint } from './webhooks-api';

/**
 * Registers an endpoint: its URL, a description and the events it receives, each described from the catalogue. The
 * answer's secret goes to `onCreated`, which shows it once.
 */
export function CreateEndpointDialog(props: {
  open: boolean;
  onClose(): void;
  onCreated(secret: string): void;
}) {
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((event) => event !== type)));

  const submit = () => {
    const parsed = createWebhookEndpointSchema.safeParse({ url, events, description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setUrl('');
        setDescription('');
        setEvents([]);
        props.onCreated(answer.secret);
      },
      onError: (refusal) => setError(extractErrorMessage(refusal)),
    });
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title={WEBHOOK_TEXTS.createTitle}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormAlert message={error} />
        <Field label={WEBHOOK_TEXTS.url} required>
          {(control) => (
            <Input
              {...control}
              type="url"
              value={url}
              placeholder="https://"
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        <Field label={WEBHOOK_TEXTS.description}>
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-ink">{WEBHOOK_TEXTS.events}</legend>
          {WEBHOOK_SUBSCRIBABLE_EVENTS.map((type) => (
            <CheckboxField
              key={type}
              id={`webhook-event-${type}`}
              label={type}
              hint={WEBHOOK_EVENTS[type]}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
          ))}
        </fieldset>
        <DialogFooter>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? WEBHOOK_TEXTS.creating : WEBHOOK_TEXTS.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
