import { formatOfficeDate, OFFICE_DATE_FORMATS, OFFICE_TEXTS } from '@casting/domain';
import type { OfficeDateFormat, UpdateOffice } from '@casting/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { useServerErrorSubmit } from '../../lib/forms/use-server-error-submit';
import { timeZoneNames, timeZoneOffset } from '../../lib/format/time-zones';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Combobox } from '../../ui/combobox';
import { Field } from '../../ui/field';
import { FormAlert, FormSection, TextArea } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { changedSettings, SETTINGS_FIELDS, settingsRequestSchema } from './settings-form-values';
import type { SettingsFormValues } from './settings-form-values';

export interface SettingsFormProps {
  initial: SettingsFormValues;
  /** The legal texts' version, shown with them; null while they are not loaded. */
  /** The current version of each legal text, once loaded. */
  legalVersions: { terms: number; privacy: number } | null;
  /** Sends the changed settings; rejects with the API's refusal, which the form puts under its fields. */
  onSave(change: UpdateOffice): Promise<void>;
}

/** Today in each date format, so the choice shows what it looks like. */
function dateFormatOptions() {
  const today = new Date();
  return OFFICE_DATE_FORMATS.map((format) => ({
    value: format,
    label: OFFICE_TEXTS.dateFormatExample(format, formatOfficeDate(today, format)),
  }));
}

function timeZoneOptions(current: string) {
  return timeZoneNames(current).map((zone) => ({ value: zone, label: zone, detail: timeZoneOffset(zone) }));
}

/**
 * The office's settings saved together: name, time and dates, mail sender, legal texts, talent data. Only what
 * changed is sent; each refusal shows under its field, by the form's own check first and the API's after.
 */
export function SettingsForm({ initial, legalVersions, onSave }: SettingsFormProps) {
  // The form is filled once (the page mounts a new one after a save), so its first values are what changes are
  // measured from.
  const [resolver] = useState(() =>
    payloadResolver<SettingsFormValues, UpdateOffice>(settingsRequestSchema, (values) =>
      changedSettings(values, initial),
    ),
  );
  const form = useForm<SettingsFormValues, unknown, UpdateOffice>({ resolver, defaultValues: initial });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const formats = useMemo(() => dateFormatOptions(), []);
  const { alert, submit } = useServerErrorSubmit(form, SETTINGS_FIELDS, async (change) => {
    if (Object.keys(change).length === 0) {
      toast.info(OFFICE_TEXTS.nothingToSave);
      return;
    }
    await onSave(change);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <FormAlert message={alert} />
      <FormSection title={OFFICE_TEXTS.officeSection}>
        <Field required label={OFFICE_TEXTS.officeName} error={errors.name?.message}>
          {(props) => <Input autoComplete="organization" {...props} {...register('name')} />}
        </Field>
      </FormSection>

      <FormSection title={OFFICE_TEXTS.timeSection}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={OFFICE_TEXTS.timeZone}
            hint={OFFICE_TEXTS.timeZoneHint}
            error={errors.timeZone?.message}
          >
            {(props) => (
              <Controller
                control={control}
                name="timeZone"
                render={({ field }) => (
                  <Combobox
                    {...props}
                    name={field.name}
                    options={zones}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    noMatches={OFFICE_TEXTS.noTimeZoneMatches}
                  />
                )}
              />
            )}
          </Field>
          <Field label={OFFICE_TEXTS.dateFormat} error={errors.dateFormat?.message}>
            {(props) => (
              <Controller
                control={control}
                name="dateFormat"
                render={({ field }) => (
                  <Select
                    {...props}
                    value={field.value}
                    onValueChange={(format) => field.onChange(format as OfficeDateFormat)}
                    options={formats}
                  />
                )}
              />
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection title={OFFICE_TEXTS.mailSection}>
        <Field
          label={OFFICE_TEXTS.mailSenderName}
          hint={OFFICE_TEXTS.mailSenderNameHint}
          error={errors.mailSenderName?.message}
        >
          {(props) => <Input autoComplete="off" {...props} {...register('mailSenderName')} />}
        </Field>
      </FormSection>

      <FormSection title={OFFICE_TEXTS.legalSection}>
        <p className="text-sm text-ink-muted">{OFFICE_TEXTS.legalIntro}</p>
        {legalVersions !== null ? (
          <p className="rounded-md bg-info-soft px-3 py-2 text-sm text-info">
            {OFFICE_TEXTS.legalVersionNote(legalVersions.terms, legalVersions.privacy)}
          </p>
        ) : null}
        <Field label={OFFICE_TEXTS.termsText} error={errors.termsText?.message}>
          {(props) => <TextArea rows={10} {...props} {...register('termsText')} />}
        </Field>
        <Field label={OFFICE_TEXTS.privacyText} error={errors.privacyText?.message}>
          {(props) => <TextArea rows={10} {...props} {...register('privacyText')} />}
        </Field>
      </FormSection>

      <FormSection title={OFFICE_TEXTS.dataSection}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={OFFICE_TEXTS.ageOfMajority}
            hint={OFFICE_TEXTS.ageOfMajorityHint}
            error={errors.ageOfMajority?.message}
          >
            {(props) => <Input inputMode="numeric" {...props} {...register('ageOfMajority')} />}
          </Field>
          <Field
            label={OFFICE_TEXTS.retentionDays}
            hint={OFFICE_TEXTS.retentionDaysHint}
            error={errors.retentionDays?.message}
          >
            {(props) => <Input inputMode="numeric" {...props} {...register('retentionDays')} />}
          </Field>
        </div>
      </FormSection>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? OFFICE_TEXTS.savingSettings : OFFICE_TEXTS.saveSettings}
        </Button>
      </div>
    </form>
  );
}
