import { PUBLIC_TEXTS, SIZE_FIELDS, SOCIAL_PLATFORMS } from '@casting/domain';
import type { SizeField, SocialPlatform } from '@casting/domain';
import { TextInput } from '../../ui/text-input';
import type { Errors, Values } from './apply-values';

/** Size fields by what a person is likely to know, so the common ones come first. */
const SIZE_LABELS: Record<SizeField, string> = {
  height: 'Height',
  weight: 'Weight',
  waist: 'Waist',
  inseam: 'Inseam',
  shoe: 'Shoe',
  dress: 'Dress',
  pants: 'Pants',
  bust: 'Bust',
  cup: 'Cup',
  hips: 'Hips',
  neck: 'Neck',
  sleeve: 'Sleeve',
  coat: 'Coat',
  coatLength: 'Coat length',
  hat: 'Hat',
  glove: 'Glove',
  infant: 'Infant',
  toddler: 'Toddler',
  boys: 'Boys',
  girls: 'Girls',
  infantToddlerAndChildrenShoe: 'Children’s shoe',
};
const SOCIAL_LABELS: Record<SocialPlatform, string> = {
  INSTAGRAM: 'Instagram',
  FACEBOOK: 'Facebook',
  TIKTOK: 'TikTok',
  YOUTUBE: 'YouTube',
  TWITTER: 'X (Twitter)',
  LINKEDIN: 'LinkedIn',
};

/** One box per size the product knows; any may be left empty. */
export function SizeFields({
  sizes,
  onChange,
  error,
}: {
  sizes: Values['sizes'];
  onChange(sizes: Values['sizes']): void;
  error: Errors[string];
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {(Object.keys(SIZE_LABELS) as SizeField[])
        .filter((field) => SIZE_FIELDS.includes(field))
        .map((field) => (
          <TextInput
            key={field}
            label={SIZE_LABELS[field]}
            value={sizes[field] ?? ''}
            onChange={(text) => onChange({ ...sizes, [field]: text })}
            error={error}
          />
        ))}
    </div>
  );
}

/** One address per social platform; any may be left empty. */
export function SocialFields({
  socials,
  onChange,
}: {
  socials: Values['socials'];
  onChange(socials: Values['socials']): void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {SOCIAL_PLATFORMS.map((platform) => (
        <TextInput
          key={platform}
          label={SOCIAL_LABELS[platform]}
          inputMode="url"
          value={socials[platform] ?? ''}
          onChange={(text) => onChange({ ...socials, [platform]: text })}
        />
      ))}
    </div>
  );
}

/** The date of birth, or the age in years for those who prefer not to give it. */
export function AgeFields({
  values,
  onChange,
  errors,
}: {
  values: Pick<Values, 'ageMode' | 'dateOfBirth' | 'age'>;
  onChange<K extends 'ageMode' | 'dateOfBirth' | 'age'>(key: K, value: Values[K]): void;
  errors: Errors;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">Date of birth or age</legend>
      <div className="flex gap-4">
        {(['dob', 'age'] as const).map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2 text-base text-ink">
            <input
              type="radio"
              name="age-mode"
              className="size-5 accent-brand-700"
              checked={values.ageMode === mode}
              onChange={() => onChange('ageMode', mode)}
            />
            {mode === 'dob' ? PUBLIC_TEXTS.dateOfBirth : 'Age'}
          </label>
        ))}
      </div>
      {values.ageMode === 'dob' ? (
        <TextInput
          type="date"
          label={PUBLIC_TEXTS.dateOfBirth}
          autoComplete="bday"
          value={values.dateOfBirth}
          onChange={(text) => onChange('dateOfBirth', text)}
          error={errors.dateOfBirth}
        />
      ) : (
        <TextInput
          inputMode="numeric"
          label="Age"
          value={values.age}
          onChange={(text) => onChange('age', text)}
          error={errors.age}
        />
      )}
    </fieldset>
  );
}
