import { AUDITION_TEXTS, type AuditionHistory, type AuditionSchedulePdf } from '@casting/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fetch-double';
import { renderWithApi } from '../../../test/render-with-api';
import { CandidateAuditionSessions } from './candidate-sessions';
import { PrintScheduleButton } from './print-schedule';

const PROJECT = '0190a5f6-0000-7000-8000-000000000001';
const SESSION = '0190a5f6-0000-7000-8000-000000000002';
const APPLICANT = '0190a5f6-0000-7000-8000-000000000003';
const PDF = `/api/projects/${PROJECT}/auditions/sessions/${SESSION}/schedule-pdf`;

describe('the printed schedule', () => {
  it('asks for the PDF, shows the job’s progress, then a download link', async () => {
    let status: AuditionSchedulePdf = { status: null, progress: 0, url: null };
    renderWithApi(
      {
        [`GET ${PDF}`]: () => jsonResponse(200, status),
        [`POST ${PDF}`]: () => {
          // The job has finished by the first poll.
          status = { status: 'READY', progress: 100, url: '/files/s.pdf' };
          return jsonResponse(202, { status: 'QUEUED', progress: 0, url: null });
        },
      },
      <PrintScheduleButton projectId={PROJECT} sessionId={SESSION} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: AUDITION_TEXTS.printSchedule }));
    expect(await screen.findByRole('progressbar', { name: AUDITION_TEXTS.pdfProgress })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: AUDITION_TEXTS.printSchedule })).toBeDisabled();
    const link = await screen.findByRole('link', { name: AUDITION_TEXTS.pdfReady }, { timeout: 4000 });
    expect(link).toHaveAttribute('href', '/files/s.pdf');
    expect(screen.getByRole('button', { name: AUDITION_TEXTS.printSchedule })).toBeEnabled();
  });
});

describe('a candidate’s sessions on the preview', () => {
  const history: AuditionHistory = {
    items: [
      {
        sessionId: SESSION,
        sessionName: 'First round',
        kind: 'CALLBACK',
        day: '2031-11-03',
        time: '14:10',
        timeZone: 'Europe/London',
        status: 'CONFIRMED',
        attendance: 'SEEN',
        rating: 4,
      },
    ],
  };
  const routes = {
    [`GET /api/projects/${PROJECT}/auditions/candidates/${APPLICANT}/sessions`]: () =>
      jsonResponse(200, history),
  };

  it('lists each session with its time in the session zone, answer, attendance and rating', async () => {
    renderWithApi(
      routes,
      <CandidateAuditionSessions projectId={PROJECT} applicantId={APPLICANT} actor="TE" />,
    );
    const section = await screen.findByRole('region', { name: AUDITION_TEXTS.historyTitle });
    expect(await screen.findByRole('link', { name: 'Callback: First round' })).toBeInTheDocument();
    expect(section).toHaveTextContent(AUDITION_TEXTS.historyWhen('2031-11-03', '14:10', 'Europe/London'));
    expect(section).toHaveTextContent(`Confirmed · Seen · ${AUDITION_TEXTS.historyRating(4)}`);
  });

  it('shows nothing to those who may not read the roster', () => {
    renderWithApi(
      routes,
      <CandidateAuditionSessions projectId={PROJECT} applicantId={APPLICANT} actor="TS" />,
    );
    expect(screen.queryByRole('region', { name: AUDITION_TEXTS.historyTitle })).toBeNull();
  });
});
