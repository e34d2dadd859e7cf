import type { ClientLinkSettings, CreatedClientLink } from '@casting/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLIENT_REVIEW_MESSAGES, UI_TEXTS } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CheckboxField, FormAlert, TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { FolderPicker } from './folder-picker';
import { LinkAddress } from './link-address';
import { clientLinkKeys, createLink } from './team-api';

const DEFAULT_SETTINGS: ClientLinkSettings = {
  showPhotos: true,
  showVideos: true,
  showDocuments: false,
  showContactDetails: false,
  showRepresentation: false,
  showTeamFeedback: false,
  allowDownload: false,
  requireIdentification: true,
};

const TOGGLES: [keyof ClientLinkSettings, string, string][] = [
  ['showPhotos', 'Photos', 'Shared photos of each candidate.'],
  ['showVideos', 'Videos and self-tapes', 'Shared videos of each candidate.'],
  ['showDocuments', 'Documents', 'Resumes and other shared documents.'],
  ['showContactDetails', 'Contact details', 'E-mail and phone. Off by default: clients book through you.'],
  ['showRepresentation', 'Representation', 'The agent and agency who submitted the candidate.'],
  ['showTeamFeedback', 'Team feedback', 'How the casting team voted.'],
  ['allowDownload', 'Allow downloads', 'Viewers may download the shared media.'],
  [
    'requireIdentification',
    'Viewers must identify',
    'Name and e-mail, confirmed with a code, before viewing.',
  ],
];

export interface CreateClientLinkDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  /** What to share: the selected rows (submission ids), and the folders ticked when the dialog opens. */
  submissionIds: readonly string[];
  folderIds: readonly string[];
  /** Opportunities shared whole ("Everyone in this opportunity" with nothing selected); hidden candidates stay out. */
  roleIds?: readonly string[];
}

/** What the link will hold, as the dialog's description says it. */
export function shareSubject(selected: number, folders: number, opportunities = 0): string {
  const parts = [
    selected > 0 ? `${selected} selected candidate${selected === 1 ? '' : 's'}` : null,
    folders > 0 ? `everyone in ${folders} folder${folders === 1 ? '' : 's'}` : null,
    opportunities === 1
      ? 'everyone in this opportunity (hidden candidates left out)'
      : opportunities > 1
        ? `everyone in ${opportunities} opportunities (hidden candidates left out)`
        : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'Choose candidates or folders to share';
}

/**
 * Share with a client: the selection and/or folders of any of the project's opportunities, title, message, what
 * viewers see, downloads, expiry; then the link, shown once.
 */
export function CreateClientLinkDialog(props: CreateClientLinkDialogProps) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [settings, setSettings] = useState(DEFAULT_SETTINGS);
  const [expiry, setExpiry] = useState('');
  // The earliest expiry offered: tomorrow (a link that expires today would be dead on arrival).
  const [tomorrow] = useState(() => new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedClientLink | null>(null);
  // Until the picker is touched, the folders are those the page passes (the open folder when nothing is selected);
  // closing forgets the choice, so each opening starts from the page again.
  const [pickedFolders, setPickedFolders] = useState<string[] | null>(null);
  const folderIds = pickedFolders ?? [...props.folderIds];
  const roleIds = [...(props.roleIds ?? [])];
  const nothingChosen = props.submissionIds.length === 0 && folderIds.length === 0 && roleIds.length === 0;

  const close = (open: boolean) => {
    props.onOpenChange(open);
    if (!open) {
      setCreated(null);
      setError(null);
      setPickedFolders(null);
      setTitle('');
      setMessage('');
      setSettings(DEFAULT_SETTINGS);
      setExpiry('');
    }
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const link = await createLink(http, props.projectId, {
        title: title.trim(),
        message: message.trim(),
        submissionIds: [...props.submissionIds],
        folderIds,
        roleIds,
        settings,
        expiresAt: expiry ? new Date(`${expiry}T23:59:59Z`).toISOString() : null,
      });
      setCreated(link);
      void queryClient.invalidateQueries({ queryKey: clientLinkKeys.all(props.projectId) });
    } catch (caught) {
      setError(
        caught instanceof HttpError
          ? ((caught.data?.details as { issues?: { message: string }[] } | undefined)?.issues?.[0]?.message ??
              caught.data?.message ??
              'The link could not be created. Try again.')
          : 'The link could not be created. Check your connection and try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={close}
      title={CLIENT_REVIEW_MESSAGES.shareTitle}
      description={shareSubject(props.submissionIds.length, folderIds.length, roleIds.length)}
      width={560}
    >
      {created ? (
        <div className="pt-4">
          <LinkAddress address={created.link} onDone={() => close(false)} />
        </div>
      ) : (
        <form
          className="flex flex-col gap-4 pt-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Title
            <Input
              required
              maxLength={100}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Message to the client
            <TextArea maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
          </label>
          <FolderPicker projectId={props.projectId} chosen={folderIds} onChange={setPickedFolders} />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold text-ink">What viewers may see and do</legend>
            {TOGGLES.map(([key, label, hint]) => (
              <CheckboxField
                key={key}
                id={`client-link-${key}`}
                label={label}
                hint={hint}
                checked={settings[key]}
                onChange={(event) => setSettings({ ...settings, [key]: event.target.checked })}
              />
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Expires on (optional)
            <Input
              type="date"
              min={tomorrow}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
            />
          </label>
          <FormAlert message={error} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || !title.trim() || nothingChosen}>
              {busy ? 'Creating…' : UI_TEXTS.createLink}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
