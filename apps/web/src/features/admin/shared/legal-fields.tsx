import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { legalClassOptions } from './legal-facts';

export interface RegisteredField {
  input: UseFormRegisterReturn;
  error?: string;
}

/**
 * What an item is by law: its legal class and blade length, required on every item and test
 * product (the operator's rules are written against them).
 */
export function LegalFields({
  legalClass,
  bladeLength,
}: {
  legalClass: RegisteredField;
  bladeLength: RegisteredField;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <SelectField label="Legal class" options={legalClassOptions} error={legalClass.error} {...legalClass.input} />
      <FormField
        label="Blade length (in)"
        inputMode="decimal"
        placeholder="3.25"
        hint="0 for gear without a blade"
        error={bladeLength.error}
        {...bladeLength.input}
      />
    </div>
  );
}
