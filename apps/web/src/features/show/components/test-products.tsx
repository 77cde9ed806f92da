import type { TestProduct } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import { refusalOf } from '../../../lib/live-show/eligibility-map';
import { useEligibility } from '../../../lib/live-show/use-eligibility';
import { useTestProducts } from '../api/test-products';
import { legalFactsText } from '../legal-facts';
import { NotAvailableBadge } from './eligibility-notes';
import { ProductImage, TestBadge } from './product-media';
import { TestProductDialog } from './test-product-dialog';

function ProductCard({
  product,
  refusal,
  onView,
}: {
  product: TestProduct;
  refusal: string | undefined;
  onView: () => void;
}) {
  const legalFacts = legalFactsText(product);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-vault-700 bg-vault-900">
      <div className="relative">
        <ProductImage product={product} className="aspect-[4/3]" />
        <span className="absolute top-2 left-2">
          <TestBadge />
        </span>
        <NotAvailableBadge reason={refusal} overImage />
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <h3 className="font-semibold text-sm text-white leading-snug sm:text-base">{product.title}</h3>
        {legalFacts ? <p className="mt-0.5 text-steel-400 text-xs">{legalFacts}</p> : null}
        {product.description ? (
          <p className="mt-1 line-clamp-2 text-steel-400 text-xs sm:text-sm">{product.description}</p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="font-semibold text-white tabular-nums">{formatMoney(product.price)}</span>
          <Button
            variant="secondary"
            className="min-h-9 px-3 text-xs"
            onClick={onView}
            aria-label={`View ${product.title}`}
          >
            View
          </Button>
        </div>
      </div>
    </li>
  );
}

function Quiet({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-2xl border border-vault-700 border-dashed px-4 py-8 text-center text-sm text-steel-400">
      {children}
    </p>
  );
}

/** The test product grid: $1 products to try a real checkout between shows. */
export function TestProductGrid() {
  const products = useTestProducts();
  // The product is held, not looked up by id: after it sells it leaves the list, and the dialog
  // must stay open on "Purchase Confirmed!".
  const [open, setOpen] = useState<TestProduct | null>(null);
  // The GET /api/show/eligibility answer covers the test products too.
  const eligibility = useEligibility(products.data?.map((p) => p.id) ?? []);

  let content: React.ReactNode;
  if (products.isPending) content = <Quiet>Loading test products...</Quiet>;
  else if (products.isError) content = <Quiet>Error loading test products. Please refresh the page.</Quiet>;
  else if (products.data.length === 0) content = <Quiet>No test products available at this time.</Quiet>;
  else {
    content = (
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {products.data.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            refusal={refusalOf(eligibility, product.id)}
            onView={() => setOpen(product)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="mt-8" aria-labelledby="test-products-heading">
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 id="test-products-heading" className="font-display text-2xl text-white">
          $1 Test Products
        </h2>
        <span className="text-steel-400 text-xs">Try a real checkout</span>
      </div>
      {content}
      {open ? (
        <TestProductDialog product={open} refusal={refusalOf(eligibility, open.id)} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
