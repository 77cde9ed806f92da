import { type AdminShow, type ShowStatus, showStatuses } from '@vault/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { useScheduleShow } from './api';
import { fromDatetimeLocal, toDatetimeLocal } from './schedule';

const statusOptions = showStatuses.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));
const isStatus = (value: string): value is ShowStatus => showStatuses.some((s) => s === value);

/** Schedule Show: a local launch time sent as an ISO instant, and a status (default scheduled). */
export function ScheduleForm({ show }: { show: AdminShow }) {
  const schedule = useScheduleShow();
  const [launch, setLaunch] = useState(() => toDatetimeLocal(show.launchTime));
  const [status, setStatus] = useState<ShowStatus>('scheduled');
  const launchTime = fromDatetimeLocal(launch);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!launchTime) return;
    schedule.mutate({ showId: show.id, body: { launchTime, status } });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Schedule ${show.title}`}
      className="space-y-4 rounded-2xl border border-vault-700 bg-vault-950 p-4"
    >
      <h3 className="font-semibold text-steel-200 text-xs uppercase tracking-widest">Schedule</h3>
      <FormField
        label="Launch time"
        type="datetime-local"
        value={launch}
        onChange={(e) => setLaunch(e.target.value)}
        className="[&_input]:[color-scheme:dark]"
      />
      <SelectField
        label="Status"
        options={statusOptions}
        value={status}
        onChange={(e) => isStatus(e.target.value) && setStatus(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={!launchTime || schedule.isPending}>
        {schedule.isPending ? 'Scheduling...' : 'Schedule Show'}
      </Button>
    </form>
  );
}
