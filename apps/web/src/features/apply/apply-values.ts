import type { ResolvedLink, SizeField, SocialPlatform } from '@casting/domain';
import type { Country } from '../../ui/phone-field';
import type { RepresentationChoice } from './representation-section';

/** The address as typed; the country is an ISO 3166-1 code, the United States to start with. */
export interface AddressValue {
  addressLineOne: string;
  addressLineTwo: string;
  city: string;
  province: string;
  zip: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressValue = {
  addressLineOne: '',
  addressLineTwo: '',
  city: '',
  province: '',
  zip: '',
  country: 'US',
};

/** A message per field, keyed by the field's path in the payload ("address.zip"). */
export type Errors = Record<string, string | undefined>;

/** What the person has typed, as typed; `buildPayload` turns it into what the API takes. */
export interface Values {
  roleId: string;
  firstName: string;
  lastName: string;
  email: string;
  country: Country;
  phone: string;
  ageMode: 'dob' | 'age';
  dateOfBirth: string;
  age: string;
  genderId: string;
  ethnicAppearanceIds: string[];
  sizes: Partial<Record<SizeField, string>>;
  socials: Partial<Record<SocialPlatform, string>>;
  address: AddressValue;
  bio: string;
  /** The terms and privacy texts accepted; and while the talent is a minor, their guardian's consent. */
  acceptTerms: boolean;
  guardian: { fullName: string; email: string; consent: boolean };
  /** The honeypot: hidden from people, so only a form-filling robot writes here. */
  website: string;
}

/** An empty form, on the link's default opportunity (or its only one). */
export function initialValues(link: ResolvedLink): Values {
  return {
    roleId: link.defaultRoleId ?? link.opportunities[0]?.id ?? '',
    firstName: '',
    lastName: '',
    email: '',
    country: 'US',
    phone: '',
    ageMode: 'dob',
    dateOfBirth: '',
    age: '',
    genderId: '',
    ethnicAppearanceIds: [],
    sizes: {},
    socials: {},
    address: EMPTY_ADDRESS,
    bio: '',
    acceptTerms: false,
    guardian: { fullName: '', email: '', consent: false },
    website: '',
  };
}

/** A link made for one representative starts with that representative chosen. */
export function initialChoice(link: ResolvedLink): RepresentationChoice | null {
  if (link.representative) return { kind: 'existing', repId: link.representative.agent.id };
  return null;
}
