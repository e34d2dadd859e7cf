import type { EmailDoc } from '@casting/domain';
import { useId, useRef } from 'react';
import type { Ref } from 'react';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { MergeFieldMenu, RichTextEditor } from './rich-text-editor';

export const EMPTY_DOC: EmailDoc = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The subject (with its own merge-field menu, inserting at the cursor) and the body editor. */
export function MessageFields({
  subject,
  body,
  onSubject,
  onBody,
  subjectRef: outerSubjectRef,
  errors = {},
}: {
  subject: string;
  body: EmailDoc;
  onSubject(value: string): void;
  onBody(value: EmailDoc): void;
  /** The subject's input for the form, e.g. to focus it when it is invalid. */
  subjectRef?: Ref<HTMLInputElement>;
  errors?: { subject?: string | undefined; body?: string | undefined };
}) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyErrorId = useId();
  const insertInSubject = (field: string) => {
    const input = subjectRef.current;
    const token = `{{${field}}}`;
    const at = input?.selectionStart ?? subject.length;
    const end = input?.selectionEnd ?? at;
    onSubject(subject.slice(0, at) + token + subject.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Subject" required error={errors.subject}>
            {(props) => (
              <Input
                {...props}
                ref={(element) => {
                  subjectRef.current = element;
                  if (typeof outerSubjectRef === 'function') outerSubjectRef(element);
                  else if (outerSubjectRef) outerSubjectRef.current = element;
                }}
                value={subject}
                maxLength={200}
                onChange={(event) => onSubject(event.target.value)}
              />
            )}
          </Field>
        </div>
        <MergeFieldMenu label="Insert in subject" onPick={insertInSubject} />
      </div>
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-ink">Message</span>
        <RichTextEditor
          label="Message"
          value={body}
          onChange={onBody}
          invalid={Boolean(errors.body)}
          describedBy={errors.body ? bodyErrorId : undefined}
        />
        {errors.body ? (
          <p id={bodyErrorId} className="text-sm text-danger">
            {errors.body}
          </p>
        ) : null}
      </div>
    </div>
  );
}
