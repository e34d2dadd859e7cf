import {
  deadlineWarningText,
  extractErrorMessage,
  SELF_TAPE_PRESETS,
  SELF_TAPE_TEXTS,
  type DeadlineWarning,
  type SelfTapeLatePolicy,
  type SelfTapePreset,
  type SelfTapeSideInput,
} from '@casting/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { viewerTimeZone } from './countdown';
import { useCreateSelfTapeRequest } from './self-tapes-api';
import { SidesUpload } from './sides-upload';

export interface SelfTapeRequestDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  roleId: string;
  /** The chosen rows of the candidates list. */
  submissionIds: readonly string[];
}

const presetOptions = SELF_TAPE_PRESETS.map((value) => ({ value, label: SELF_TAPE_TEXTS.presets[value] }));
const lateOptions = (['ACCEPT_LATE', 'REFUSE'] as const).map((value) => ({
  value,
  label: SELF_TAPE_TEXTS.latePolicies[value],
}));

/** A `datetime-local` value read on the viewer's own clock, as the instant it names. */
const localToIso = (value: string) => new Date(value).toISOString();

function warningsOf(error: unknown): DeadlineWarning[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const details = error.details as { warnings?: DeadlineWarning[] } | undefined;
  return details?.warnings ?? null;
}

/**
 * Request self-tapes from the chosen candidates of one opportunity: title, instructions, slate, takes, the deadline
 * on the director's clock (its zone named and stored with it), the notice rule and the late policy. A deadline that
 * breaks the rule comes back with its warnings; the director confirms to send anyway. One retry key per opening, so
 * sending twice sends once.
 */
export function SelfTapeRequestDialog(props: SelfTapeRequestDialogProps) {
  const ids = { title: useId(), instructions: useId(), slate: useId(), deadline: useId(), preset: useId() };
  const ids2 = { late: useId(), takes: useId(), talent: useId(), review: useId(), agencyDeadline: useId() };
  const navigate = useNavigate();
  const create = useCreateSelfTapeRequest(props.projectId);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [slate, setSlate] = useState('');
  const [deadline, setDeadline] = useState('');
  const [preset, setPreset] = useState<SelfTapePreset>('UK_EQUITY');
  const [latePolicy, setLatePolicy] = useState<SelfTapeLatePolicy>('ACCEPT_LATE');
  const [takes, setTakes] = useState(1);
  const [sendToTalent, setSendToTalent] = useState(false);
  const [sides, setSides] = useState<SelfTapeSideInput[]>([]);
  const [agencyReview, setAgencyReview] = useState(false);
  const [agencyDeadline, setAgencyDeadline] = useState('');
  const zone = viewerTimeZone();
  const warnings = warningsOf(create.error);

  const send = (confirmWarnings: boolean) =>
    create.mutate(
      {
        roleId: props.roleId,
        submissionIds: [...props.submissionIds],
        title,
        instructions,
        slateInstructions: slate,
        deadline: localToIso(deadline),
        timeZone: zone,
        preset,
        latePolicy,
        takes,
        sendToTalent,
        sides,
        agencyReview,
        agencyDeadline: agencyReview && agencyDeadline ? localToIso(agencyDeadline) : undefined,
        confirmWarnings,
        idempotencyKey,
      },
      {
        onSuccess: (request) => {
          props.onOpenChange(false);
          void navigate(
            `/projects/${encodeURIComponent(props.projectId)}/self-tapes/${encodeURIComponent(request.id)}`,
          );
        },
      },
    );

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={SELF_TAPE_TEXTS.dialogTitle}
      width={560}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <label htmlFor={ids.title} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.title}
        </label>
        <Input id={ids.title} required value={title} onChange={(event) => setTitle(event.target.value)} />
        <label htmlFor={ids.instructions} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.instructions}
        </label>
        <TextArea
          id={ids.instructions}
          rows={4}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
        <label htmlFor={ids.slate} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.slate}
        </label>
        <Input id={ids.slate} value={slate} onChange={(event) => setSlate(event.target.value)} />
        <label htmlFor={ids.deadline} className="text-sm font-medium">
          {`${SELF_TAPE_TEXTS.deadline} (${zone})`}
        </label>
        <Input
          id={ids.deadline}
          type="datetime-local"
          required
          value={deadline}
          onChange={(event) => setDeadline(event.target.value)}
        />
        <label htmlFor={ids.preset} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.preset}
        </label>
        <Select
          id={ids.preset}
          value={preset}
          onValueChange={(value) => setPreset(value as SelfTapePreset)}
          options={presetOptions}
        />
        <label htmlFor={ids2.late} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.latePolicy}
        </label>
        <Select
          id={ids2.late}
          value={latePolicy}
          onValueChange={(value) => setLatePolicy(value as SelfTapeLatePolicy)}
          options={lateOptions}
        />
        <label htmlFor={ids2.takes} className="text-sm font-medium">
          {SELF_TAPE_TEXTS.takes}
        </label>
        <Input
          id={ids2.takes}
          type="number"
          min={1}
          max={20}
          value={takes}
          onChange={(event) => setTakes(Number(event.target.value) || 1)}
        />
        <label htmlFor={ids2.talent} className="flex items-center gap-2 text-sm">
          <input
            id={ids2.talent}
            type="checkbox"
            checked={sendToTalent}
            onChange={(event) => setSendToTalent(event.target.checked)}
          />
          {SELF_TAPE_TEXTS.sendToTalent}
        </label>
        <label htmlFor={ids2.review} className="flex items-center gap-2 text-sm">
          <input
            id={ids2.review}
            type="checkbox"
            checked={agencyReview}
            onChange={(event) => setAgencyReview(event.target.checked)}
          />
          {SELF_TAPE_TEXTS.agencyReview}
        </label>
        {agencyReview ? (
          <>
            <label htmlFor={ids2.agencyDeadline} className="text-sm font-medium">
              {`${SELF_TAPE_TEXTS.agencyDeadline} (${zone})`}
            </label>
            <Input
              id={ids2.agencyDeadline}
              type="datetime-local"
              required
              value={agencyDeadline}
              onChange={(event) => setAgencyDeadline(event.target.value)}
            />
          </>
        ) : null}
        <SidesUpload
          projectId={props.projectId}
          sides={sides}
          onAdd={(side) => setSides((current) => [...current, side])}
        />
        {warnings ? (
          <ul role="alert" className="flex flex-col gap-1 text-sm text-danger">
            {warnings.map((warning) => (
              <li key={warning.kind}>{deadlineWarningText(warning)}</li>
            ))}
          </ul>
        ) : create.isError ? (
          <p role="alert" className="text-sm text-danger">
            {extractErrorMessage(create.error)}
          </p>
        ) : null}
        <DialogFooter>
          {warnings ? (
            <Button variant="danger" disabled={create.isPending} onClick={() => send(true)}>
              {SELF_TAPE_TEXTS.confirm}
            </Button>
          ) : null}
          <Button type="submit" disabled={create.isPending || !title || !deadline}>
            {SELF_TAPE_TEXTS.send}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
