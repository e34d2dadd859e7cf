import {
  extractErrorMessage,
  OFFICE_MESSAGES,
  OFFICE_ROLE_NAMES,
  OFFICE_TEXTS,
  PAGE_TITLES,
  UI_TEXTS,
} from '@casting/domain';
import type { OfficeInvitationPreview } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { rememberTarget } from '../deep-linking';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { FormAlert } from '../../ui/form-controls';
import { LinkButton } from '../../ui/link-button';
import { Spinner } from '../../ui/spinner';
import { useAcceptInvitation } from './office-switch';
import { invitationPreviewQuery } from './offices-api';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * /invitations/office/{token}: the link of an office invitation e-mail. It says which office invites which address
 * as what. Signed in with that address, the person accepts here and starts working in the office; signed in with
 * another, they are told which address to use; signed out, they sign in (and come back here) or create an account
 * that joins the office through the same token.
 */
export function OfficeInvitationPage() {
  const { token = '' } = useParams();
  const http = useHttpClient();
  const { status } = useAuth();
  const preview = useQuery(invitationPreviewQuery(http, token));

  if (preview.isPending || status === 'loading') {
    return (
      <Frame>
        <Spinner label={OFFICE_TEXTS.loadingInvitation} />
      </Frame>
    );
  }
  if (preview.isError) {
    // The server says whether the link is unknown, withdrawn or expired, and to ask for a new one.
    return (
      <Frame>
        <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.officeInvitation}</h1>
        <p role="alert" className="text-ink">
          {extractErrorMessage(preview.error)}
        </p>
        <LinkButton to={status === 'signedIn' ? paths.projects : paths.auth.signIn} className="self-start">
          {status === 'signedIn' ? UI_TEXTS.backToProjects : PAGE_TITLES.signIn}
        </LinkButton>
      </Frame>
    );
  }
  return (
    <Frame>
      <InvitationDetails invitation={preview.data} />
      {status === 'signedIn' ? (
        <SignedInChoice invitation={preview.data} token={token} />
      ) : (
        <SignedOutChoice invitation={preview.data} token={token} />
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <section className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        {children}
      </section>
    </div>
  );
}

function InvitationDetails({ invitation }: { invitation: OfficeInvitationPreview }) {
  return (
    <>
      <h1 className="text-2xl font-semibold break-words text-ink">
        {OFFICE_TEXTS.invitationHeading(invitation.officeName)}
      </h1>
      <p className="text-ink">
        {OFFICE_TEXTS.invitationIntro(invitation.officeName, OFFICE_ROLE_NAMES[invitation.role])}
      </p>
      <dl className="flex flex-col gap-1 text-sm">
        <dt className="text-ink-muted">{OFFICE_TEXTS.invitationSentTo}</dt>
        <dd className="font-medium break-all text-ink">{invitation.email}</dd>
      </dl>
      <p className="text-sm text-ink-muted">
        {OFFICE_TEXTS.invitationExpiresOn(dayFormat.format(new Date(invitation.expiresAt)))}
      </p>
    </>
  );
}

function SignedInChoice({ invitation, token }: { invitation: OfficeInvitationPreview; token: string }) {
  const { user, signOut } = useAuth();
  const { pathname } = useLocation();
  const accept = useAcceptInvitation();
  // Addresses are stored lower-cased; the invitation is for one address only, as the server checks.
  const invited = user?.email.toLowerCase() === invitation.email.toLowerCase();

  if (!invited) {
    return (
      <>
        <p role="alert" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-warning">
          {OFFICE_MESSAGES.invitationForAnotherAddress(invitation.email)}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            // Back here once signed in with the invited address.
            rememberTarget(pathname);
            void signOut();
          }}
        >
          {OFFICE_TEXTS.signOutToAccept}
        </Button>
      </>
    );
  }
  return (
    <>
      {accept.isError ? <FormAlert message={extractErrorMessage(accept.error)} /> : null}
      <Button disabled={accept.isPending} onClick={() => accept.mutate(token)}>
        {accept.isPending ? OFFICE_TEXTS.acceptingInvitation : OFFICE_TEXTS.acceptInvitation}
      </Button>
    </>
  );
}

function SignedOutChoice({ invitation, token }: { invitation: OfficeInvitationPreview; token: string }) {
  return (
    <>
      <LinkButton variant="primary" to={paths.deepLinkTo(paths.office.invitation(token))}>
        {OFFICE_TEXTS.signInToAccept}
      </LinkButton>
      <p className="text-sm text-ink-muted">{OFFICE_TEXTS.newToTheProduct}</p>
      <LinkButton to={paths.auth.signUpByInvitation(token, invitation.email)}>
        {OFFICE_TEXTS.createAccountToAccept}
      </LinkButton>
    </>
  );
}
