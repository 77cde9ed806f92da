import { CARRIERS, type Carrier, ClassShippingBody, type ClassShippingView } from '@vault/contracts';
import { z } from 'zod';

// A legal class's carriers form: ticked carriers and the adult-signature threshold as typed (empty:
// never), mapped to the contract's ClassShippingBody.

export interface ShippingFormValues {
  carriers: Carrier[];
  adultSignatureOver: string;
}

export const shippingFormValues = (view: ClassShippingView): ShippingFormValues => ({
  carriers: [...view.carriers],
  adultSignatureOver: view.adultSignatureOver ?? '',
});

/** Carriers in one order (USPS, UPS, FedEx, DHL) whatever order they were ticked in; an empty threshold is "never". */
export const ShippingFormSchema = z
  .object({ carriers: z.array(z.enum(CARRIERS)), adultSignatureOver: z.string() })
  .transform(({ carriers, adultSignatureOver }) => ({
    carriers: CARRIERS.filter((carrier) => carriers.includes(carrier)),
    adultSignatureOver: adultSignatureOver.trim() === '' ? null : adultSignatureOver.trim(),
  }))
  .pipe(ClassShippingBody);
