import { Button } from '../../../components/ui/button';
import { usePaymentMethods } from '../api/payment-methods';
import { CardSection, QuietText } from './card-section';
import { PaymentMethodRow } from './payment-method-row';

export const NO_METHODS = 'No saved payment methods. Add one for faster checkout!';

export function PaymentMethodsCard({ onAdd }: { onAdd: () => void }) {
  const methods = usePaymentMethods();
  return (
    <CardSection
      title="Payment Methods"
      action={
        <Button variant="secondary" className="min-h-9 px-3 text-xs" onClick={onAdd}>
          Add Method
        </Button>
      }
    >
      {methods.isPending ? (
        <QuietText>Loading payment methods...</QuietText>
      ) : methods.isError ? (
        <QuietText>Could not load your payment methods. Please refresh the page.</QuietText>
      ) : methods.data.length === 0 ? (
        <QuietText>{NO_METHODS}</QuietText>
      ) : (
        <ul className="space-y-2">
          {methods.data.map((method) => (
            <PaymentMethodRow key={method.id} method={method} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}
