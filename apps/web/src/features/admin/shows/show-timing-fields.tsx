import type { CreateShowBody } from '@vault/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';

const fields = [
  { name: 'perKnifeSeconds', label: 'Seconds per item', min: 1, hint: undefined },
  { name: 'intermissionSeconds', label: 'Intermission seconds', min: 0, hint: undefined },
  { name: 'prerollSeconds', label: 'Preroll seconds', min: 0, hint: 'Countdown before the first item' },
  { name: 'soldHoldSeconds', label: 'Sold hold seconds', min: 0, hint: 'How long a sold item stays on screen' },
] as const;

/** The four timings of a show, shared by Create Show and the show's details on /admin/shows. */
export function ShowTimingFields({ form }: { form: UseFormReturn<CreateShowBody> }) {
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {fields.map((field) => (
        <FormField
          key={field.name}
          label={field.label}
          type="number"
          inputMode="numeric"
          min={field.min}
          hint={field.hint}
          error={errors[field.name]?.message}
          {...form.register(field.name)}
        />
      ))}
    </div>
  );
}
