import type { ProjectScope, UserRoleCode } from '@casting/domain';

export interface DemoRole {
  name: string;
  description: string;
  roleType: string;
  genders: string[];
  ageMin: number;
  ageMax: number;
  rate?: string;
  requirements?: string;
  customFolders?: string[];
}

export interface DemoProject {
  name: string;
  ownerEmail: string;
  projectType: string;
  union: string;
  status: string;
  description: string;
  productionCompany: string;
  submissionDeadline: string;
  auditionDate?: string;
  shootStartDate?: string;
  shootEndDate?: string;
  location: string;
  regions: string[];
  rateNotes: string;
  lookingFor: string;
  collectRepresentativeInfo: boolean;
  applicantOnlyInOneFolder: boolean;
  roles: DemoRole[];
  team: ReadonlyArray<readonly [string, ProjectScope]>;
}

const DANA = 'dana.whitfield@northlight-casting.example';
const MARCUS = 'marcus.oyelaran@northlight-casting.example';
const PRIYA = 'priya.raman@harborlight-pictures.example';

export const DEMO_USERS: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  roleCode: UserRoleCode;
}> = [
  { email: DANA, firstName: 'Dana', lastName: 'Whitfield', roleCode: 'CASTING_DIRECTOR' },
  { email: MARCUS, firstName: 'Marcus', lastName: 'Oyelaran', roleCode: 'CASTING_ASSISTANT' },
  { email: PRIYA, firstName: 'Priya', lastName: 'Raman', roleCode: 'CLIENT' },
  { email: 'leo.castellanos@example.com', firstName: 'Leo', lastName: 'Castellanos', roleCode: 'TALENT' },
];

export const DEMO_PROJECTS: DemoProject[] = [
  {
    name: 'Harbor Lights — Season 1',
    ownerEmail: DANA,
    projectType: 'Television Series',
    union: 'SAG-AFTRA',
    status: 'Casting',
    description:
      'A coastal crime drama following a harbor-town detective and the family bar at the centre of every secret. Eight one-hour episodes.',
    productionCompany: 'Harborlight Pictures',
    submissionDeadline: '2027-01-15',
    auditionDate: '2027-01-22',
    shootStartDate: '2027-03-01',
    shootEndDate: '2027-05-28',
    location: 'Wilmington, NC',
    regions: ['Atlanta', 'New York'],
    rateNotes: 'SAG-AFTRA scale plus 10% for series regulars; co-stars at scale.',
    lookingFor: 'Grounded, naturalistic performers with strong dramatic range.',
    collectRepresentativeInfo: true,
    applicantOnlyInOneFolder: false,
    roles: [
      {
        name: 'Maya Torres',
        description: 'Lead. A sharp, guarded harbor-patrol detective who came home after a decade away.',
        roleType: 'Lead',
        genders: ['Female'],
        ageMin: 28,
        ageMax: 38,
        rate: 'Series regular, 8/8 episodes',
        requirements: 'Must be comfortable on boats; swimming a plus.',
        customFolders: ['Callback Day 1', 'Network Test'],
      },
      {
        name: 'Sam Reyes',
        description: "Series regular. Maya's former partner, now running the family bar and its debts.",
        roleType: 'Series Regular',
        genders: ['Male'],
        ageMin: 40,
        ageMax: 55,
      },
      {
        name: 'Bartender',
        description: 'Co-star. Quick-witted night-shift bartender who sees everything.',
        roleType: 'Co-Star',
        genders: ['Any Gender'],
        ageMin: 21,
        ageMax: 40,
        rate: 'Scale, 1 day',
      },
    ],
    team: [
      [DANA, 'PROJECT_OWNER'],
      [MARCUS, 'TALENT_EDITOR'],
    ],
  },
  {
    name: 'Summer Sprint — National Commercial',
    ownerEmail: DANA,
    projectType: 'Commercial',
    union: 'SAG-AFTRA',
    status: 'Callbacks',
    description: 'National spot for a running-shoe launch: real runners, early-morning city streets.',
    productionCompany: 'Brightline Agency',
    submissionDeadline: '2026-12-10',
    shootStartDate: '2027-01-08',
    shootEndDate: '2027-01-09',
    location: 'Los Angeles, CA',
    regions: ['Los Angeles'],
    rateNotes: 'Session fee at scale; usage: 13 weeks national broadcast and digital.',
    lookingFor: 'Real runners and athletes; must run at pace on camera.',
    collectRepresentativeInfo: true,
    applicantOnlyInOneFolder: true,
    roles: [
      {
        name: 'Young Runner',
        description: 'Principal. Energetic runner training for their first marathon.',
        roleType: 'Principal (Commercial)',
        genders: ['Any Gender'],
        ageMin: 18,
        ageMax: 26,
        requirements: 'Self-tape of a 20-second run toward camera.',
      },
      {
        name: 'Coach',
        description: 'Principal. Warm, demanding running coach with a stopwatch and a whistle.',
        roleType: 'Principal (Commercial)',
        genders: ['Female', 'Male'],
        ageMin: 45,
        ageMax: 60,
      },
    ],
    team: [
      [DANA, 'PROJECT_OWNER'],
      [MARCUS, 'PROJECT_EDITOR'],
      [PRIYA, 'TALENT_EDITOR'],
    ],
  },
  {
    name: 'The Last Lighthouse',
    ownerEmail: DANA,
    projectType: 'Feature Film',
    union: 'SAG-AFTRA and Non-Union',
    status: 'In Development',
    description:
      'Independent family feature: a girl and a retired keeper restore the last working lighthouse on the coast.',
    productionCompany: 'Tidewater Films',
    submissionDeadline: '2027-02-28',
    location: 'Portland, ME',
    regions: ['New York', 'Nationwide (US)'],
    rateNotes: 'SAG-AFTRA Low Budget Agreement.',
    lookingFor: 'A natural child performer and a seasoned character actor.',
    collectRepresentativeInfo: false,
    applicantOnlyInOneFolder: false,
    roles: [
      {
        name: 'Elsie',
        description: 'Lead. A curious, stubborn ten-year-old who refuses to let the light go out.',
        roleType: 'Lead',
        genders: ['Female'],
        ageMin: 9,
        ageMax: 12,
        requirements: 'Minor: guardian and work permit required.',
      },
      {
        name: 'Captain Morrow',
        description: 'Supporting. The retired keeper, gruff and grieving, with a dry sense of humour.',
        roleType: 'Supporting',
        genders: ['Male'],
        ageMin: 65,
        ageMax: 80,
      },
    ],
    team: [[DANA, 'PROJECT_OWNER']],
  },
];
