import type { TestProduct } from '@vault/contracts';
import { SwipeToConfirm } from '../../../components/swipe-to-confirm';
import { DialogPanel, DialogRoot } from '../../../components/ui/dialog';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { formatMoney } from '../../../lib/format';
import { legalFactsText } from '../legal-facts';
import { useBuy } from '../use-buy';
import { IneligibleNotice } from './eligibility-notes';
import { ProductImage, TestBadge } from './product-media';
import { CompleteOnboarding } from './purchase-area';

/**
 * The test product dialog: the product, then swipe-to-buy (or the onboarding prompt). A product the
 * operator's rules refuse this member shows the reason instead of the swipe.
 */
export function TestProductDialog({
  product,
  refusal,
  onClose,
}: {
  product: TestProduct;
  refusal: string | undefined;
  onClose: () => void;
}) {
  const onboarded = useCurrentUser().data?.onboardingCompleted ?? false;
  const { buy } = useBuy();
  const price = formatMoney(product.price);
  const details = [product.category, product.bladeType].filter(Boolean).join(' · ');
  const legalFacts = legalFactsText(product);

  return (
    <DialogRoot
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPanel title={product.title} description={details || undefined}>
        <ProductImage product={product} className="aspect-[4/3] max-h-[40dvh] rounded-2xl" />
        {legalFacts ? <p className="mt-3 text-sm text-steel-200">{legalFacts}</p> : null}
        {product.description ? (
          <p className="mt-4 text-sm text-steel-200 leading-relaxed">{product.description}</p>
        ) : null}
        <div className="mt-4 flex items-center gap-3">
          <p className="font-semibold text-3xl text-white tabular-nums">{price}</p>
          <TestBadge />
        </div>
        <div className="mt-5">
          {!onboarded ? (
            <CompleteOnboarding />
          ) : refusal ? (
            <IneligibleNotice reason={refusal} />
          ) : (
            <SwipeToConfirm label={`Swipe to Buy ${price}`} onConfirm={() => buy(product.id)} />
          )}
        </div>
        <p className="mt-4 text-center text-steel-400 text-xs">
          This is a $1 test product. Your saved payment method will be charged upon confirmation.
        </p>
      </DialogPanel>
    </DialogRoot>
  );
}
