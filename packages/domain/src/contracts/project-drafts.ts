import { z } from 'zod';

/**
 * The project wizard (`/projects/create`): a guided creation in four steps (project, opportunities, team,
 * first submission link). Step 1 creates the project as a draft owned by its creator; every later step saves through
 * the ordinary opportunity, team and link calls and records the step reached, so `/projects/create/{id}` continues
 * where the person stopped. A draft is listed on the projects page (not in the project lists or the switcher) until
 * it is finished or discarded. See docs/decisions/0041-project-wizard.md.
 */
export const WIZARD_STEPS = ['PROJECT', 'OPPORTUNITIES', 'TEAM', 'LINK'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  PROJECT: 'Project',
  OPPORTUNITIES: 'Opportunities',
  TEAM: 'Team',
  LINK: 'Submission link',
};

export const DRAFT_MESSAGES = {
  notADraft: 'This project is not a draft any more.',
  discarded: 'Draft discarded.',
  finished: 'Project created.',
  needsOpportunity: 'Add at least one opportunity before finishing.',
} as const;

export const projectDraftSchema = z.object({
  id: z.string(),
  name: z.string(),
  step: z.enum(WIZARD_STEPS),
  updatedAt: z.string(),
});
export type ProjectDraft = z.infer<typeof projectDraftSchema>;

export const projectDraftListSchema = z.object({ items: z.array(projectDraftSchema) });

export const updateProjectDraftSchema = z.object({ step: z.enum(WIZARD_STEPS) });
