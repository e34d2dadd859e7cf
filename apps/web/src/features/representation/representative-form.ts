/**
 * The Add Representation form's values (agent names, e-mail, phone; agency name and website) and how the
 * domain's representative rule reads them. Shared by the public apply pages and the candidate
 * preview, so it carries no form library and no zod: the rule itself loads on demand (`representative-rules`).
 */
export interface NewRepresentative {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  agencyName: string;
  websiteUrl: string;
}

export const EMPTY_REPRESENTATIVE: NewRepresentative = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  agencyName: '',
  websiteUrl: '',
};

/** The representative form as the domain's rule reads it (agent names, e-mail, phone; agency name and site). */
export function representativeFormInput(rep: NewRepresentative) {
  return {
    agent: {
      firstName: rep.firstName,
      lastName: rep.lastName,
      email: rep.email,
      phoneNumber: rep.phoneNumber || undefined,
    },
    agency: { name: rep.agencyName || undefined, websiteUrl: rep.websiteUrl || undefined },
  };
}

export type RepresentativeFormInput = ReturnType<typeof representativeFormInput>;
