import { SELF_TAPE_TEXTS, type ProjectActor, type SelfTapeTracking } from '@casting/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildProjectDetail } from '../../../test/factories';
import { jsonResponse } from '../../../test/fetch-double';
import { renderWithApi } from '../../../test/render-with-api';
import { SelfTapeTrackingPage } from './tracking-page';

// The tracking page: reviewers follow a request; only those who may request self-tapes answer for more time and close
// it (a talent editor's click would be refused by the API).
const PROJECT = '11111111-1111-4111-8111-111111111111';
const REQUEST = '22222222-2222-4222-8222-222222222222';
const AT = '2031-06-10T17:00:00.000Z';

const TRACKING: SelfTapeTracking = {
  request: {
    id: REQUEST,
    projectId: PROJECT,
    roleId: '33333333-3333-4333-8333-333333333333',
    title: 'Ferry scene',
    instructions: '',
    sides: [],
    takes: 1,
    acceptedKinds: ['video'],
    maxLengthSeconds: null,
    slateInstructions: '',
    deadline: AT,
    timeZone: 'Europe/London',
    preset: 'NONE',
    latePolicy: 'ACCEPT_LATE',
    reminderHours: [24],
    sendToTalent: false,
    agencyReview: false,
    agencyDeadline: null,
    closedAt: null,
    releaseSentAt: null,
    createdAt: AT,
    progress: { total: 1, handled: 1, done: true },
    warnings: [],
  },
  totals: { recipients: 1, sent: 0, opened: 1, submitted: 0, late: 0, declined: 0, extensionsAsked: 1 },
  items: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      submissionId: '55555555-5555-4555-8555-555555555555',
      applicantId: '66666666-6666-4666-8666-666666666666',
      candidateName: 'Ines Marlow',
      kind: 'TALENT',
      email: 'ines@talent.test',
      status: 'OPENED',
      deadline: AT,
      openedAt: AT,
      submittedAt: null,
      late: false,
      declineReason: null,
      extension: 'ASKED',
      extensionNote: 'Two more days, please.',
    },
  ],
  nextCursor: null,
};

function renderAs(projectActor: ProjectActor) {
  renderWithApi(
    {
      [`GET /api/v2/projects/${PROJECT}`]: () =>
        jsonResponse(200, buildProjectDetail({ id: PROJECT, projectActor })),
      [`GET /api/projects/${PROJECT}/self-tapes/${REQUEST}`]: () => jsonResponse(200, TRACKING),
    },
    <Routes>
      <Route path="/projects/:id/self-tapes/:requestId" element={<SelfTapeTrackingPage />} />
    </Routes>,
    `/projects/${PROJECT}/self-tapes/${REQUEST}`,
  );
}

describe('the self-tape tracking page', () => {
  it('lets the project’s staff answer for more time and close the request', async () => {
    renderAs('PO');
    expect(await screen.findByText('Two more days, please.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SELF_TAPE_TEXTS.grant })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SELF_TAPE_TEXTS.closeRequest })).toBeInTheDocument();
  });

  it('shows a talent editor who asked for time, without the answers they may not give', async () => {
    renderAs('TE');
    expect(await screen.findByText('Two more days, please.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SELF_TAPE_TEXTS.grant })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SELF_TAPE_TEXTS.closeRequest })).not.toBeInTheDocument();
  });
});
