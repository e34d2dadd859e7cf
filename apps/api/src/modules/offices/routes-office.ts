import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OFFICE_LIMITS,
  OFFICE_MESSAGES,
  grantSupportAccessSchema,
  memberSignUpSchema,
  officeLegalSchema,
  officeSchema,
  supportAccessSchema,
  updateOfficeSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { officeCaller } from './caller';
import { removeLogo, setLogo, type LogoDeps } from './logo';
import { memberSignUp, setMemberSignUp } from './member-sign-up';
import { officeLegal, officeView, updateOffice } from './settings';
import { endSupportAccess, grantSupportAccess, supportAccess } from './support';

const TAGS = ['offices'];

/**
 * Reads a logo sent as the raw body, up to the logo limit: a larger one is refused with the logo's own message as
 * soon as it is seen to be larger (by its declared length, else while it arrives), before it is all read.
 */
function readLogoBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (e: Error | null, b?: Buffer) => void,
) {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', OFFICE_MESSAGES.logoTooLarge);
  if (Number(request.headers['content-length']) > OFFICE_LIMITS.logoMaxBytes) return done(tooLarge());
  const chunks: Buffer[] = [];
  let length = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    length += chunk.length;
    if (length > OFFICE_LIMITS.logoMaxBytes) return finish(tooLarge());
    chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (error: Error) => finish(error));
}

/** The office the caller works in: its settings, legal texts, logo, and the support access it grants the operator. */
export async function officeRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const logoDeps: LogoDeps = { db, storage: context.storage, log: context.log };

  app.get(
    '/offices/current',
    {
      config: { access: access.officeMember({ guests: true }) },
      schema: {
        tags: TAGS,
        summary: 'The office the session works in, with the caller’s role in it (null for a project guest)',
        response: { 200: officeSchema },
      },
    },
    async (request) => {
      const caller = officeCaller(request);
      return officeView(db, context.storage, caller, caller.officeId);
    },
  );

  app.patch(
    '/offices/current',
    {
      config: {
        access: access.officeOwner(),
        audit: {
          action: 'office.update',
          fields: ['name', 'timeZone', 'dateFormat', 'mailSenderName', 'ageOfMajority', 'retentionDays'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Change the office’s settings; a change of either legal text raises its legal version',
        body: updateOfficeSchema,
        response: { 200: officeSchema },
      },
    },
    async (request) => {
      const caller = officeCaller(request);
      await updateOffice(db, caller.officeId, request.body);
      return officeView(db, context.storage, caller, caller.officeId);
    },
  );

  app.get(
    '/offices/current/legal',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: TAGS,
        summary: 'The office’s terms and privacy texts for its apply pages, with their version',
        response: { 200: officeLegalSchema },
      },
    },
    async (request) => officeLegal(db, officeCaller(request).officeId),
  );

  // The logo arrives as the raw body (any content type: what it is is judged from its bytes).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', readLogoBody);
    scope.put(
      '/offices/current/logo',
      {
        config: { access: access.officeOwner(), audit: { action: 'office.logo-change' } },
        schema: {
          tags: TAGS,
          summary:
            'Send the office’s logo as the raw body: JPEG, PNG, WebP or HEIC up to 5 MB, stored as PNG',
          response: { 200: officeSchema },
        },
      },
      async (request) => {
        const caller = officeCaller(request);
        await setLogo(logoDeps, caller.officeId, request.body as Buffer | undefined);
        return officeView(db, context.storage, caller, caller.officeId);
      },
    );
  });

  app.delete(
    '/offices/current/logo',
    {
      config: { access: access.officeOwner(), audit: { action: 'office.logo-remove' } },
      schema: { tags: TAGS, summary: 'Remove the office’s logo', response: { 200: officeSchema } },
    },
    async (request) => {
      const caller = officeCaller(request);
      await removeLogo(logoDeps, caller.officeId);
      return officeView(db, context.storage, caller, caller.officeId);
    },
  );

  app.get(
    '/offices/current/member-sign-up',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: TAGS,
        summary: 'Who may join the office by signing up: its member domains and the role they get',
        response: { 200: memberSignUpSchema },
      },
    },
    async (request) => memberSignUp(db, officeCaller(request).officeId),
  );

  app.put(
    '/offices/current/member-sign-up',
    {
      config: {
        access: access.officeOwner(),
        audit: { action: 'office.member-sign-up', fields: ['domains', 'role'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Let people who confirm an address at these domains join with this role (none: invitation only)',
        body: memberSignUpSchema,
        response: { 200: memberSignUpSchema },
      },
    },
    async (request) => setMemberSignUp(db, officeCaller(request), request.body),
  );

  app.get(
    '/offices/current/support-access',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: TAGS,
        summary: 'Whether the office grants the operator support access now, and until when',
        response: { 200: supportAccessSchema },
      },
    },
    async (request) => supportAccess(db, officeCaller(request).officeId),
  );

  app.post(
    '/offices/current/support-access',
    {
      config: {
        access: access.officeOwner(),
        audit: { action: 'office.support-access-grant', fields: ['hours'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Grant the operator support access for 1 to 72 hours (replaces a live grant)',
        body: grantSupportAccessSchema,
        response: { 200: supportAccessSchema },
      },
    },
    async (request) => {
      const caller = officeCaller(request);
      return grantSupportAccess(db, caller.officeId, caller.userId, request.body.hours);
    },
  );

  app.delete(
    '/offices/current/support-access',
    {
      config: { access: access.officeOwner(), audit: { action: 'office.support-access-end' } },
      schema: { tags: TAGS, summary: 'End the operator’s support access now' },
    },
    async (request, reply) => {
      await endSupportAccess(db, officeCaller(request).officeId);
      return reply.status(204).send();
    },
  );
}
