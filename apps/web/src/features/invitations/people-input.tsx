import { INVITATION_INPUT_MAX_CHARS, UI_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { TextArea } from '../../ui/form-controls';

/** How the people to invite are given: addresses pasted, or a CSV file. */
export type Source = 'LIST' | 'CSV';

/** The people to invite, pasted or read from a CSV file, and the button that checks their addresses. */
export function PeopleInput({
  source,
  onSource,
  text,
  onText,
  onFile,
  fileName,
  error,
  checking,
  onCheck,
}: {
  source: Source;
  onSource(source: Source): void;
  text: string;
  onText(text: string): void;
  onFile(file: File | undefined): void;
  fileName: string | null;
  error: string | undefined;
  checking: boolean;
  onCheck(): void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{UI_TEXTS.peopleToInvite}</legend>
      <div role="radiogroup" aria-label="How to give the people" className="flex flex-wrap gap-4 text-sm">
        {(
          [
            ['LIST', 'Paste addresses'],
            ['CSV', 'Upload a CSV file'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="invite-source"
              checked={source === value}
              onChange={() => onSource(value)}
            />
            {label}
          </label>
        ))}
      </div>
      {source === 'LIST' ? (
        <Field
          label="E-mail addresses"
          hint="One per line, or separated by commas. 'Ana Diaz <ana@example.com>' keeps the name."
          error={error}
        >
          {(props) => (
            <TextArea
              {...props}
              rows={6}
              value={text}
              maxLength={INVITATION_INPUT_MAX_CHARS}
              onChange={(event) => onText(event.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field
          label="CSV file"
          hint="A header row with an email column; first name and last name (or name) columns are used when present."
          error={error}
        >
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,text/csv"
              className="text-sm text-ink"
              onChange={(event) => onFile(event.target.files?.[0])}
            />
          )}
        </Field>
      )}
      {fileName ? <p className="text-sm text-ink-muted">Read {fileName}.</p> : null}
      <div>
        <Button variant="secondary" onClick={onCheck} disabled={checking}>
          {checking ? 'Checking…' : 'Check addresses'}
        </Button>
      </div>
    </fieldset>
  );
}
