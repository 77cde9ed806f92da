import type { MemberAttestationView } from '@vault/contracts';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { useAttestations } from '../api/attestations';
import { CardSection, QuietText } from './card-section';
import { RecordAttestationForm } from './record-attestation-form';

function AttestationRow({ attestation }: { attestation: MemberAttestationView }) {
  const revoked = attestation.revokedAt !== null;
  return (
    <li className="rounded-2xl border border-vault-700 bg-vault-950 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={`font-semibold text-sm ${revoked ? 'text-steel-400 line-through' : 'text-white'}`}>
          {attestation.label}
        </p>
        {revoked ? <Badge variant="destructive">Revoked</Badge> : <Badge variant="secondary">Active</Badge>}
      </div>
      <p className="mt-1 text-steel-400 text-xs">Recorded {formatDate(attestation.attestedAt)}</p>
      {attestation.revokedAt ? (
        <p className="mt-1 break-words text-red-200 text-xs">
          {[`Revoked ${formatDate(attestation.revokedAt)}`, attestation.revokeReason].filter(Boolean).join(': ')}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The member's attestations ("armed forces on duty", "dealer", …): which they have recorded, which
 * an admin revoked and why, and a way to record another. The rules that need them are the operator's.
 */
export function EligibilityCard({ className = '' }: { className?: string }) {
  const attestations = useAttestations();
  const held = new Set(attestations.data?.filter((a) => a.revokedAt === null).map((a) => a.kind));

  return (
    <CardSection title="Eligibility" className={className}>
      <p className="text-sm text-steel-400 leading-relaxed">
        Some knives can only be sold to members who certify that a category applies to them. Which knives need which
        certification is decided by the operator's rules, not by us. A false statement may be unlawful.
      </p>
      <div className="mt-4">
        {attestations.isPending ? (
          <QuietText>Loading attestations...</QuietText>
        ) : attestations.isError ? (
          <QuietText>Could not load your attestations. Please refresh the page.</QuietText>
        ) : attestations.data.length === 0 ? (
          <QuietText>You have not recorded any attestations.</QuietText>
        ) : (
          <ul aria-label="Your attestations" className="space-y-2">
            {attestations.data.map((attestation) => (
              <AttestationRow key={attestation.id} attestation={attestation} />
            ))}
          </ul>
        )}
      </div>
      {attestations.isSuccess ? <RecordAttestationForm held={held} /> : null}
    </CardSection>
  );
}
