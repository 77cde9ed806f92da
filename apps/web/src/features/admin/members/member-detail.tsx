import { type AdminMemberView, type MemberAttestationView, todayIso } from '@vault/contracts';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { BuyingSuspension } from './buying-suspension';
import { DateOfBirthForm } from './date-of-birth-form';
import { dateOfBirthText, memberDestinationText } from './member-text';
import { RevokeDialog } from './revoke-dialog';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-steel-400 text-xs uppercase tracking-widest">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-white">{children}</dd>
    </div>
  );
}

function AttestationRow({ attestation, onRevoke }: { attestation: MemberAttestationView; onRevoke: () => void }) {
  const revoked = attestation.revokedAt !== null;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-vault-700 p-3 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className={`font-semibold text-sm ${revoked ? 'text-steel-400 line-through' : 'text-white'}`}>
            {attestation.label}
          </p>
          {revoked ? <Badge variant="destructive">Revoked</Badge> : <Badge variant="secondary">Active</Badge>}
        </div>
        <p className="mt-0.5 text-steel-400 text-xs">Recorded {formatDate(attestation.attestedAt)}</p>
        {attestation.revokedAt ? (
          <p className="mt-0.5 break-words text-steel-300 text-xs">
            {[`Revoked ${formatDate(attestation.revokedAt)}`, attestation.revokeReason].filter(Boolean).join(': ')}
          </p>
        ) : null}
      </div>
      {revoked ? null : (
        <Button variant="secondary" className="min-h-10" onClick={onRevoke} aria-label={`Revoke ${attestation.label}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * One member: who, where their knives ship, their date of birth (correctable), purchases, whether
 * their buying is suspended (and the admin's switch), attestations.
 */
export function MemberDetail({ member }: { member: AdminMemberView }) {
  const [revoking, setRevoking] = useState<MemberAttestationView | null>(null);
  return (
    <section aria-labelledby="member-title" className="rounded-3xl border border-vault-700 bg-vault-900 p-5 sm:p-6">
      <h2 id="member-title" className="break-words font-display text-2xl text-white">
        {member.fullName ?? 'No name on file'}
      </h2>
      <p className="break-all text-sm text-steel-400">{member.email}</p>
      <dl className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Fact label="Ships to">{memberDestinationText(member) ?? 'No address on file'}</Fact>
        <Fact label="Date of birth">{dateOfBirthText(member.dateOfBirth, todayIso()) ?? 'Not on file'}</Fact>
        <Fact label="Has purchased">{member.hasPurchased ? 'Yes' : 'No'}</Fact>
      </dl>
      <div className="mt-5 border-vault-700 border-t pt-5">
        <BuyingSuspension member={member} />
      </div>
      <div className="mt-5 border-vault-700 border-t pt-5">
        <DateOfBirthForm key={member.dateOfBirth ?? ''} member={member} />
      </div>
      <div className="mt-5 border-vault-700 border-t pt-5">
        <h3 className="font-semibold text-white">Attestations</h3>
        {member.attestations.length === 0 ? (
          <p className="mt-2 text-sm text-steel-400">None recorded.</p>
        ) : (
          <ul aria-label="Attestations" className="mt-3 space-y-2">
            {member.attestations.map((attestation) => (
              <AttestationRow
                key={attestation.id}
                attestation={attestation}
                onRevoke={() => setRevoking(attestation)}
              />
            ))}
          </ul>
        )}
      </div>
      <RevokeDialog memberId={member.id} attestation={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}
