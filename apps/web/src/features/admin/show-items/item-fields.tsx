import type { ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { LegalFields, type RegisteredField } from '../shared/legal-fields';

export type CoreItemField =
  | 'title'
  | 'description'
  | 'price'
  | 'category'
  | 'bladeType'
  | 'legalClass'
  | 'bladeLength'
  | 'mainVideoUrl';

/**
 * The fields Add Show Item and Edit Show Item share, in the Add form's order; each form registers
 * them with its own schema. `extra` sits beside the category (Add's steel type), `details` before
 * the video URL (Add's folded specifications).
 */
export function ItemFields({
  fields,
  extra,
  details,
}: {
  fields: Record<CoreItemField, RegisteredField>;
  extra?: ReactNode;
  details?: ReactNode;
}) {
  return (
    <>
      <FormField label="Name" error={fields.title.error} {...fields.title.input} />
      <TextareaField label="Description" error={fields.description.error} {...fields.description.input} />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Price"
          inputMode="decimal"
          placeholder="0.00"
          error={fields.price.error}
          {...fields.price.input}
        />
        <FormField label="Category" error={fields.category.error} {...fields.category.input} />
        <FormField label="Blade type" error={fields.bladeType.error} {...fields.bladeType.input} />
        {extra}
      </div>
      <LegalFields legalClass={fields.legalClass} bladeLength={fields.bladeLength} />
      {details}
      <FormField
        label="Main video URL"
        type="url"
        inputMode="url"
        placeholder="https://…"
        error={fields.mainVideoUrl.error}
        {...fields.mainVideoUrl.input}
      />
    </>
  );
}
