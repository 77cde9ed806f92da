import type { AttestationKindView } from '@vault/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAttestationKinds, useSaveKind } from './api';
import { KindDialog } from './kind-dialog';

function KindCard({
  kind,
  onEdit,
  onToggle,
  pending,
}: {
  kind: AttestationKindView;
  onEdit: () => void;
  onToggle: () => void;
  pending: boolean;
}) {
  return (
    <li
      className={`flex flex-col gap-2 rounded-2xl border p-4 ${kind.active ? 'border-vault-700 bg-vault-900' : 'border-vault-800 bg-vault-950'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold text-white">{kind.label}</p>
          <p className="break-all font-mono text-steel-400 text-xs">{kind.code}</p>
        </div>
        <Badge variant={kind.active ? 'secondary' : 'outline'}>{kind.active ? 'Active' : 'Inactive'}</Badge>
      </div>
      {kind.description ? <p className="whitespace-pre-line text-sm text-steel-300">{kind.description}</p> : null}
      <div className="mt-1 grid grid-cols-2 gap-2 sm:flex">
        <Button variant="secondary" className="min-h-10" onClick={onEdit} aria-label={`Edit ${kind.label}`}>
          Edit
        </Button>
        <Button
          variant="secondary"
          className="min-h-10"
          onClick={onToggle}
          disabled={pending}
          aria-label={`${kind.active ? 'Deactivate' : 'Activate'} ${kind.label}`}
        >
          {kind.active ? 'Deactivate' : 'Activate'}
        </Button>
      </div>
    </li>
  );
}

/** The attestations the operator offers members (a member records one; a rule may ask for any of several). */
export function KindsSection() {
  const kinds = useAttestationKinds();
  const save = useSaveKind();
  const [dialog, setDialog] = useState<{ kind: AttestationKindView | null } | null>(null);

  const toggle = (kind: AttestationKindView) =>
    save.mutate(
      { code: kind.code, body: { active: !kind.active } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.active ? 'Attestation kind activated' : 'Attestation kind deactivated',
            description: saved.label,
          }),
        onError: (error) =>
          toast({
            title: 'Failed to change the attestation kind',
            description: serverMessage(error) ?? 'Please try again',
            variant: 'destructive',
          }),
      },
    );

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-steel-400">What members may certify about themselves.</p>
        <Button className="shrink-0" onClick={() => setDialog({ kind: null })}>
          Add Kind
        </Button>
      </div>
      {kinds.isPending ? (
        <p className="mt-4 text-sm text-steel-400">Loading attestation kinds...</p>
      ) : kinds.isError ? (
        <p className="mt-4 text-sm text-steel-400">Could not load the attestation kinds. Please refresh the page.</p>
      ) : kinds.data.length === 0 ? (
        <p className="mt-4 text-sm text-steel-400">No attestation kinds yet.</p>
      ) : (
        <ul aria-label="Attestation kinds" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {kinds.data.map((kind) => (
            <KindCard
              key={kind.code}
              kind={kind}
              onEdit={() => setDialog({ kind })}
              onToggle={() => toggle(kind)}
              pending={save.isPending}
            />
          ))}
        </ul>
      )}
      <KindDialog open={dialog !== null} kind={dialog?.kind ?? null} onClose={() => setDialog(null)} />
    </div>
  );
}
