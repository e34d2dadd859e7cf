import { extractErrorMessage, MESSAGES, OFFICE_TEXTS, PAGE_TITLES } from '@casting/domain';
import type { UpdateOffice } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { PageHeader } from '../../ui/page-header';
import { ApiTokensSection } from '../api-tokens';
import { SkeletonList } from '../../ui/skeleton';
import { LogoSection } from './logo-section';
import { MemberSignUpSection } from './member-sign-up-section';
import { runsOffice } from './office-rules';
import { currentOfficeQuery } from './offices-api';
import { officeLegalQuery, useUpdateOffice } from './settings-api';
import { SettingsForm } from './settings-form';
import { settingsFormValues } from './settings-form-values';
import { RetentionSection } from './retention-section';
import { SupportAccessSection } from './support-access-section';
import { WebhooksSection } from '../webhooks';

/**
 * /office/settings: the current office's settings, for its owners. Other members read why they cannot change them;
 * the API refuses them anyway.
 */
export function OfficeSettingsPage() {
  const http = useHttpClient();
  const office = useQuery(currentOfficeQuery(http));
  const owner = runsOffice(office.data?.myRole);
  const legal = useQuery({ ...officeLegalQuery(http), enabled: owner });
  const update = useUpdateOffice();
  // A save fills the form again from what the server kept (a trimmed name, a raised legal version).
  const [saves, setSaves] = useState(0);

  const save = async (change: UpdateOffice) => {
    await update.mutateAsync(change);
    toast.success(OFFICE_TEXTS.settingsSaved);
    setSaves((count) => count + 1);
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title={PAGE_TITLES.officeSettings} description={OFFICE_TEXTS.settingsIntro} />
      {office.isPending || (owner && legal.isPending) ? (
        <SkeletonList label={OFFICE_TEXTS.loadingSettings} rows={4} />
      ) : office.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(office.error))}
        </p>
      ) : !owner ? (
        <p className="rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink">
          {OFFICE_TEXTS.onlyOwnersChangeSettings}
        </p>
      ) : legal.isError ? (
        <p role="alert" className="text-sm text-danger">
          {OFFICE_TEXTS.legalLoadFailed}
        </p>
      ) : (
        <>
          <LogoSection office={office.data} />
          <SettingsForm
            key={saves}
            initial={settingsFormValues(office.data, legal.data)}
            legalVersions={
              legal.data ? { terms: legal.data.termsVersion, privacy: legal.data.privacyVersion } : null
            }
            onSave={save}
          />
          <MemberSignUpSection />
          <RetentionSection />
          <WebhooksSection />
          <SupportAccessSection />
          <ApiTokensSection />
        </>
      )}
    </section>
  );
}
