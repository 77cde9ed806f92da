import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { stateInput } from '../lib/card-inputs';
import { FormField } from './ui/form-field';

/** The address part of the onboarding and profile forms (their address rules; bounded by the address columns). */
export interface AddressValues {
  address: string;
  city: string;
  state: string;
  zip: string;
  phoneNumber?: string;
}

/** Works with any form whose values include the address fields (onboarding, profile edit). */
export function AddressFields<T extends FieldValues & AddressValues>({
  register: registerAny,
  errors: anyErrors,
  addressLabel,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  addressLabel: string;
}) {
  // T has these fields by its constraint; react-hook-form's Path<T> can't see that for a generic T.
  const register = (name: keyof AddressValues) => registerAny(name as Path<T>);
  const errors = anyErrors as FieldErrors<AddressValues>;
  const state = register('state');
  return (
    <>
      <FormField
        label={addressLabel}
        autoComplete="street-address"
        maxLength={60}
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="City"
        autoComplete="address-level2"
        maxLength={40}
        error={errors.city?.message}
        {...register('city')}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="State"
          autoComplete="address-level1"
          autoCapitalize="characters"
          placeholder="CA"
          maxLength={2}
          error={errors.state?.message}
          {...state}
          onChange={(event) => {
            event.target.value = stateInput(event.target.value);
            return state.onChange(event);
          }}
        />
        <FormField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={20}
          error={errors.zip?.message}
          {...register('zip')}
        />
      </div>
      <FormField
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={25}
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </>
  );
}
