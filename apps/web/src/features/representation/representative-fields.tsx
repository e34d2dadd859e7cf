import { PUBLIC_TEXTS } from '@casting/domain';
import { TextInput } from '../../ui/text-input';
import type { NewRepresentative } from './representative-form';

/** The representative form: agent names, e-mail and phone; the agency's name and site. */
export function RepresentativeFields({
  rep,
  onRep,
  errors,
}: {
  rep: NewRepresentative;
  onRep(rep: NewRepresentative): void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextInput
        required
        label="Agent first name"
        value={rep.firstName}
        onChange={(firstName) => onRep({ ...rep, firstName })}
        error={errors['agent.firstName']}
      />
      <TextInput
        required
        label="Agent last name"
        value={rep.lastName}
        onChange={(lastName) => onRep({ ...rep, lastName })}
        error={errors['agent.lastName']}
      />
      <TextInput
        required
        type="email"
        label="Agent email"
        value={rep.email}
        onChange={(email) => onRep({ ...rep, email })}
        error={errors['agent.email']}
      />
      <TextInput
        type="tel"
        label="Agent phone"
        value={rep.phoneNumber}
        onChange={(phoneNumber) => onRep({ ...rep, phoneNumber })}
        error={errors['agent.phoneNumber']}
      />
      <TextInput
        required
        label={PUBLIC_TEXTS.agencyName}
        value={rep.agencyName}
        onChange={(agencyName) => onRep({ ...rep, agencyName })}
        error={errors['agency.name']}
      />
      <TextInput
        label="Agency website"
        value={rep.websiteUrl}
        onChange={(websiteUrl) => onRep({ ...rep, websiteUrl })}
        error={errors['agency.websiteUrl']}
      />
    </div>
  );
}
